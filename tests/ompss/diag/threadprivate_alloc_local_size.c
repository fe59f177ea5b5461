/* a threadprivate pointer set in a region's body from a call naming a local: every worker
   gets this thread's value (mcc warns); with globals or constants each worker evaluates it */
#include <stdlib.h>
static double *buf;
#pragma omp threadprivate(buf)
void f(int n)
{
#pragma omp parallel
    {
        buf = malloc(n * sizeof(double));
        free(buf);
    }
}
