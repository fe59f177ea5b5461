/* a region whose own body splits the work by omp_get_thread_num() over a count of its own
   (`for (i = id; i < N; i += nth)`, nth from omp_get_max_threads()), partial sums combined
   under critical: mcc runs the body once per thread number, one after the other, with a
   warning (it ran it once as thread 0, silently doing thread 0's share only) */
#include <omp.h>
#define N 1000
double a[N];
double sum(void)
{
    int nth = omp_get_max_threads();
    double total = 0;
#pragma omp parallel
    {
        int id = omp_get_thread_num();
        double local = 0;
        for (int i = id; i < N; i += nth)
            local += a[i];
#pragma omp critical
        total += local;
    }
    return total;
}
