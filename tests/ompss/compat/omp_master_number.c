/* omp_get_thread_num() in a master's body (and a masked's without a filter) is 0, the
 * team's primary thread, also in a region that a task opens on any worker (OMP_NESTED=true
 * in run.sh: the inner regions are active).  nanort answered the number of the worker that
 * ran the task.  Prints how many masters saw another number; gcc -fopenmp prints the same. */
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int bad = 0, runs = 0;
#pragma omp parallel
#pragma omp single
    for (int t = 0; t < 16; t++) {
#pragma omp task shared(bad, runs)
        {
            for (volatile int k = 0; k < 100000; k++)   /* (long enough for every worker) */
                ;
#pragma omp parallel
            {
#pragma omp master
                {
                    if (omp_get_thread_num() != 0) {
#pragma omp atomic
                        bad++;
                    }
#pragma omp atomic
                    runs++;
                }
#pragma omp masked
                {
                    if (omp_get_thread_num() != 0) {
#pragma omp atomic
                        bad++;
                    }
                }
            }
        }
    }
    printf("masters %d with a number other than 0: %d\n", runs, bad);
    return 0;
}
