/* omp_set_num_threads() before any parallel work sets the number of threads that run the
 * program's tasks (nanort: the worker count, as libgomp's team size), and tasks see thread
 * numbers below it.  Prints the counts; gcc -fopenmp prints the same.  Run without
 * NX_ARGS/NX_SMP_WORKERS/OMP_NUM_THREADS: those win over the call in nanort. */
#include <omp.h>
#include <stdio.h>

#define NT 64

int main(void)
{
    omp_set_num_threads(3);
    int max = omp_get_max_threads(), bad = 0;
#pragma omp parallel
#pragma omp single
    {
        for (int i = 0; i < NT; i++) {
#pragma omp task shared(bad)
            {
                int id = omp_get_thread_num();
                if (id < 0 || id >= 3) {
#pragma omp atomic
                    bad++;
                }
            }
        }
#pragma omp taskwait
        printf("threads %d\n", omp_get_num_threads());
    }
    printf("max_threads %d out-of-range thread numbers %d\n", max, bad);
    return 0;
}
