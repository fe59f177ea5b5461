/* a task calling omp_get_thread_num() in a region whose own body asked it first (per-thread
   data set up for thread 0 only, the body's taskgroup keeping it a team of one): it runs
   at once on the region's thread, with a warning (without the taskgroup, the barrier and
   single make a team of threads run the body) */
#include <omp.h>
#include <stdlib.h>
static double *scratch[64];
void f(double *out)
{
#pragma omp parallel
    {
        int me = omp_get_thread_num();
        scratch[me] = malloc(8 * sizeof(double) * omp_get_num_threads());
#pragma omp barrier
#pragma omp taskgroup
#pragma omp single
        for (int i = 0; i < 8; i++) {
#pragma omp task
            out[i] = scratch[omp_get_thread_num()][0] = i;
        }
        free(scratch[me]);
    }
}
