/* A working copy each thread of the region makes, that a loop writes at x[i] and reads at
 * x[i + 1], the next iteration's element: in OpenMP each thread reads its own copy's
 * value from before the loop.  In mcc's region there is one copy, so the loop runs as one
 * task (warned); mcc checked only the writes and ran tasks at once. */
#include <stdlib.h>
#include <string.h>

void relax(double *out, const double *in, int n)
{
#pragma omp parallel
    {
        double *x = malloc(((size_t)n + 1) * sizeof *x);
        memcpy(x, in, ((size_t)n + 1) * sizeof *x);
#pragma omp for
        for (int i = 0; i < n; i++) {
            x[i] = 0.5 * x[i] + 1;
            out[i] = x[i] + x[i + 1];
        }
        free(x);
    }
}
