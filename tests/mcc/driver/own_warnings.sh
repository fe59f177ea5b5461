#!/usr/bin/env bash
# -Werror and -w apply to mcc's own warnings as to gcc's: they are about the user's code
# (here a loop that runs as one task because it indexes a row by a region-private
# variable).  mcc printed them as warnings under -Werror and the build succeeded.
. "$(dirname "$0")/lib.sh"
cat > own.c <<'C'
#include <stdio.h>
int main(void)
{
    int me = 0, h[4][4] = {{0}};
#pragma omp parallel private(me)
    {
        me = 1;
#pragma omp for
        for (int i = 0; i < 8; i++)
            h[me][i % 4]++;
    }
    printf("%d\n", h[1][0]);
    return 0;
}
C
ok "$MCC" --ompss own.c -o prog
has err.txt "own\.c:8:13: warning: 'me' is private to each thread"
runs ./prog "2"
fails 1 "$MCC" --ompss -Werror own.c -o prog2
has err.txt "own\.c:8:13: error: 'me' is private to each thread.*\[-Werror\]"
ok "$MCC" --ompss -Werror -Wno-error own.c -o prog3
has err.txt "warning: 'me' is private"
ok "$MCC" --ompss -w own.c -o prog4
lacks err.txt "private to each thread"
runs ./prog4 "2"
no_temps
