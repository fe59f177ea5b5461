#!/usr/bin/env bash
# A critical section in an inline function of a header (C99 inline: each unit that
# includes it has an inline definition, one unit the external one).  mcc keeps each
# critical's lock in a static slot; a static is not allowed in an inline function with
# external linkage (gcc warns in the units without the extern declaration), so there the
# slot is automatic.  Built with -Werror in two units, the sum is the sequential one.
. "$(dirname "$0")/lib.sh"
cat > acc.h <<'C'
extern long total;
inline void acc_add(long v)
{
#pragma omp critical (acc)
    total += v;
}
static inline void acc_add2(long v)
{
#pragma omp critical (acc)
    total += 2 * v;
}
void run(int n);
C
cat > acc.c <<'C'
#include "acc.h"
long total;
extern inline void acc_add(long v);
C
cat > main.c <<'C'
#include <stdio.h>
#include "acc.h"
int main(void)
{
    int n = 2000;
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        acc_add(i);
        acc_add2(i);
    }
    printf("%ld\n", total);
    return 0;
}
C
ok "$MCC" --ompss -O0 -Wall -Werror -c acc.c -o acc.o
ok "$MCC" --ompss -O0 -Wall -Werror -c main.c -o main.o
ok "$MCC" --ompss acc.o main.o -o prog
NX_ARGS=--smp-workers=2 runs ./prog "5997000"
no_temps
