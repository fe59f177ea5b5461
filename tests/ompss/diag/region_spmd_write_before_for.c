/* a region whose own code splits by omp_get_thread_num() and writes data the team shares
   before a '#pragma omp for' (`done[id] = 0`): mcc cannot run it once per thread number
   (thread 0's run does the loop whole, and the loop of a team comes after every thread's
   code before it), so it runs once as thread 0 and says so (it did, silently, leaving the
   other threads' elements as they were) */
#include <omp.h>
#define N 1000
double a[N], b[N];
int done[64];
void scale(void)
{
#pragma omp parallel
    {
        int id = omp_get_thread_num();
        done[id] = 0;
#pragma omp for
        for (int i = 0; i < N; i++)
            b[i] = 2 * a[i];
        done[id] = 1;
    }
}
