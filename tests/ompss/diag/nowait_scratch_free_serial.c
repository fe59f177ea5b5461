/* A `for nowait` reading a buffer each thread of the region allocates, after which the
 * region frees it: in OpenMP each thread frees its own buffer once its own iterations are
 * done; mcc's region has one buffer, freed while the loop's tasks could still read it.
 * The loop runs as one task at once (warned).  (fill() is this file's: one of another
 * file makes a team of threads run the region, each thread its own buffer.) */
#include <stdlib.h>

static double fill(int k)
{
    return k * 0.5;
}

void scale(double *out, int n)
{
#pragma omp parallel
    {
        double *t = malloc((size_t)n * sizeof *t);
        for (int k = 0; k < n; k++)
            t[k] = fill(k);
#pragma omp for nowait
        for (int i = 0; i < n; i++)
            out[i] = 2 * t[i];
        free(t);
    }
}
