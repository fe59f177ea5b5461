#!/usr/bin/env bash
# A program compiled by mcc and linked with another OpenMP runtime named on the command line
# (Makefiles that add -lgomp to -fopenmp, CMake's target_link_libraries(app gomp), a path to
# libgomp.so) still calls nanort's omp_* routines: nanort comes before that library, so the
# answers are nanort's (omp_get_max_threads() the worker count, not libgomp's
# OMP_NUM_THREADS) and its locks are nanort's task-owned locks.
. "$(dirname "$0")/lib.sh"
gomp=$(gcc -print-file-name=libgomp.so)
[ "${gomp#/}" != "$gomp" ] || skip "skipped: gcc has no libgomp"
cat > app.c <<'SRC'
#include <stdio.h>
#include <omp.h>
int main(void)
{
    int n = 0;
    omp_lock_t l;
    omp_init_lock(&l);
    #pragma omp parallel
    #pragma omp single
    for (int i = 0; i < 50; i++) {
        #pragma omp task shared(n, l)
        {
            omp_set_lock(&l);
            n++;
            omp_unset_lock(&l);
        }
    }
    omp_destroy_lock(&l);
    printf("n=%d max=%d\n", n, omp_get_max_threads());
    return 0;
}
SRC
export OMP_NUM_THREADS=3 NX_ARGS=--smp-workers=1
ok "$MCC" -fopenmp app.c -o plain
runs ./plain "n=50 max=1"
ok "$MCC" -v -fopenmp app.c -o with_l -lgomp
has err.txt '^gcc .* -lnanort -lgomp '
runs ./with_l "n=50 max=1"
ok "$MCC" -fopenmp app.c -o with_path "$gomp"
runs ./with_path "n=50 max=1"
no_temps
