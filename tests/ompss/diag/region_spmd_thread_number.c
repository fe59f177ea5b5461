/* a region whose own body splits the work by omp_get_thread_num() over a count of its own
   (Rodinia/NPB's SPMD shape: [pid * N / nproc, (pid + 1) * N / nproc)): mcc runs the body
   once as thread 0, so only thread 0's share was done, silently; now a warning says so */
#include <omp.h>
#define N 1000
double a[N];
void fill(int nproc)
{
#pragma omp parallel
    {
        int pid = omp_get_thread_num();
        for (int i = pid * N / nproc; i < (pid + 1) * N / nproc; i++)
            a[i] = i;
#pragma omp barrier
    }
}
