/* An orphaned `for` in a function a parallel region calls, handed a scratch buffer each
 * thread of the region allocates: each thread's call has its own buffer in OpenMP, mcc's
 * region one, so the loop runs as one task (warned); mcc took the parameter for shared
 * by the loop's tasks and ran them at once, filling one buffer together. */
#include <stdlib.h>

void fill(double *tmp, int i, int m);
double use(const double *tmp, int m);

static void rows(double *tmp, double *out, int n, int m)
{
#pragma omp for
    for (int i = 0; i < n; i++) {
        fill(tmp, i, m);
        out[i] = use(tmp, m);
    }
}

void run(double *out, int n, int m)
{
#pragma omp parallel
    {
        double *tmp = malloc((size_t)m * sizeof *tmp);
        rows(tmp, out, n, m);
        free(tmp);
    }
}
