#!/usr/bin/env bash
# --no-openmp is plain gcc: no translation, no -fopenmp, no _OMPSS, no nanort on the link
# (unless the user asks for -fopenmp, which then works as in gcc).
. "$(dirname "$0")/lib.sh"
cat > plain.c <<'SRC'
#include <stdio.h>
int main(void)
{
    int x = 1;
#pragma omp task shared(x)
    x = 2;
#ifdef _OMPSS
    puts("ompss");
#endif
#ifdef _OPENMP
    puts("openmp");
#endif
    printf("%d\n", x);
    return 0;
}
SRC
ok "$MCC" -v --no-openmp plain.c -o prog
runs ./prog 2
lacks err.txt 'mcc-translate'
lacks err.txt '-fopenmp|_OMPSS|-lnanort'
readelf -d prog | grep -q nanort && fail "--no-openmp linked nanort"
ok "$MCC" --no-openmp -fopenmp plain.c -o prog2
runs ./prog2 "openmp
2"
ok "$MCC" --no-openmp -c plain.c
exists plain.o
absent plain.mcc.c
no_temps
