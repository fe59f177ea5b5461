/* The ICVs the OMP_ variables of job scripts set, read as libgomp reads them (run.sh runs
 * it under each setting, the gcc -fopenmp build under the same): OMP_SCHEDULE's monotonic
 * modifier kept and static monotonic ("monotonic:dynamic" lost its modifier), blanks
 * around its words ("MONOTONIC : guided , 2" was refused), "auto,3" and "dynamic,0" (both
 * refused); an OMP_NUM_THREADS list makes levels nested, a malformed one ("4,", ",2") is
 * ignored whole (",2" still made them nested); OMP_DEFAULT_DEVICE (was not read); a list
 * in OMP_PROC_BIND makes levels nested.  Prints what the omp_get_ routines answer, and a
 * sum a parallel loop computed (the runtime starts, reading every variable). */
#include <omp.h>
#include <stdio.h>

int main(void)
{
    omp_sched_t kind;
    int chunk;
    omp_get_schedule(&kind, &chunk);
    printf("schedule kind %#x chunk %d\n", (unsigned)kind, chunk);
    printf("max_active_levels %d nested %d\n", omp_get_max_active_levels(), omp_get_nested());
    printf("default_device %d\n", omp_get_default_device());
    int sum = 0;
#pragma omp parallel for reduction(+: sum)
    for (int i = 0; i < 100; i++)
        sum += i;
    printf("sum %d\n", sum);
    return 0;
}
