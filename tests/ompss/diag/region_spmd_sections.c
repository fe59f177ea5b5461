/* a region whose own code splits by omp_get_thread_num() around a '#pragma omp sections'
   (each thread stores what it found at its number after them): mcc cannot run the body
   once per thread number, so it runs it once as thread 0 and says so (it did, silently,
   leaving the other threads' elements as they were) */
#include <omp.h>
double a[100], b[100], slot[64];
void pairs(void)
{
#pragma omp parallel
    {
        int me = omp_get_thread_num();
#pragma omp sections
        {
#pragma omp section
            b[0] = a[0];
#pragma omp section
            b[1] = a[1];
        }
        slot[me] = b[0] + b[1];
    }
}
