/* a region whose own body splits the work by omp_get_thread_num() over a count of its own
   (Rodinia/NPB's SPMD shape: [pid * N / nproc, (pid + 1) * N / nproc)) and whose threads
   wait for each other in it (a barrier before the end): mcc cannot run the body once per
   thread number in turn, and runs it once as thread 0, so only thread 0's share is done;
   a warning says so (without the barrier the body runs once per thread number:
   region_spmd_per_thread) */
#include <omp.h>
#define N 1000
double a[N], b[N];
void fill(int nproc)
{
#pragma omp parallel
    {
        int pid = omp_get_thread_num();
        for (int i = pid * N / nproc; i < (pid + 1) * N / nproc; i++)
            a[i] = i;
#pragma omp barrier
        for (int i = pid * N / nproc; i < (pid + 1) * N / nproc; i++)
            b[i] = a[N - 1 - i];
    }
}
