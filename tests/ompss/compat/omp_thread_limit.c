/* OMP_THREAD_LIMIT bounds the threads that run the program: a team no larger, thread
 * numbers below it in tasks (nanort lowers the worker count that OMP_NUM_THREADS or the
 * cores give; it ran them all and omp_get_thread_limit() said INT_MAX).  Prints the
 * answers; gcc -fopenmp prints the same.  run.sh sets the variable. */
#include <omp.h>
#include <stdio.h>
int main(void)
{
    int bad = 0, n = 0;
#pragma omp parallel
#pragma omp single
    {
        n = omp_get_num_threads();
        for (int i = 0; i < 64; i++) {
#pragma omp task shared(bad)
            {
                for (volatile int k = 0; k < 20000; k++)
                    ;
                if (omp_get_thread_num() >= omp_get_thread_limit()) {
#pragma omp atomic
                    bad++;
                }
            }
        }
    }
    printf("thread_limit %d team <= limit %d thread numbers at or past the limit %d\n",
           omp_get_thread_limit(), n <= omp_get_thread_limit(), bad);
    return 0;
}
