#!/usr/bin/env bash
# #include <omp.h> and "omp.h" find mcc's omp.h (not gcc's), which declares the OpenMP
# calls OmpSs programs use with prototypes nanort.h agrees with; they link against nanort.
. "$(dirname "$0")/lib.sh"
cat > o.c <<'SRC'
#include <stdio.h>
#include <omp.h>
#include "omp.h"
#include <nanort.h>
int main(void)
{
    double t0 = omp_get_wtime();
    int ok = omp_get_num_threads() >= 1 && omp_get_max_threads() >= 1 &&
             omp_get_thread_num() == 0 && omp_get_num_procs() >= 1;
    double t1 = omp_get_wtime();
    printf("%d %d\n", ok, t1 >= t0 && t0 > 0);
    return 0;
}
SRC
ok "$MCC" -E o.c
has out.txt '^# [0-9]+ ".*/lib/mcc/include/omp\.h"'
lacks out.txt '/gcc/.*/omp\.h"'
ok "$MCC" -Wall -Wextra -Werror o.c -o prog
runs ./prog "1 1"
# the header stands alone and is valid C and C++
ok "$MCC" -fsyntax-only -Wall -Wextra -Werror -x c "$TOP/mcc/include/omp.h"
command -v g++ > /dev/null && { ok g++ -fsyntax-only -x c++ "$TOP/mcc/include/omp.h"; }
no_temps
