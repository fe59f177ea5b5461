/* a region whose own body asks omp_get_num_threads() but has a construct that keeps it a
   team of one (a taskgroup): it runs once, where the size is 1, with a warning (without
   the taskgroup a team of threads runs it, the size OpenMP's) */
#include <omp.h>
#include <stdio.h>
void work(int *out);
int main(void)
{
    int nthreads = 0, out[4];
#pragma omp parallel
    {
        if (omp_get_thread_num() == 0)
            nthreads = omp_get_num_threads();
#pragma omp taskgroup
        {
#pragma omp task
            work(out);
        }
    }
    printf("%d threads\n", nthreads);
    return 0;
}
