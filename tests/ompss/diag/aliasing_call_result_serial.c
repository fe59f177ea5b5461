/* A second pointer into a buffer each thread of the region allocates, set from what a
 * function returns for it (`q = at(p, 1)`, p + 1): the loop writes p[i] and q[i], each its
 * iteration's element through its own pointer, yet q[i] is p[i + 1].  The loop runs as
 * one task (warned); mcc took the call's result for storage of its own.  (at() is this
 * file's: one of another file makes a team of threads run the region, each thread its
 * own buffer.) */
#include <stdlib.h>

static double *at(double *b, int k)
{
    return b + k;
}

void pairs(double *out, int n)
{
#pragma omp parallel
    {
        double *p = malloc(((size_t)n + 1) * sizeof *p);
        double *q = at(p, 1);
#pragma omp for
        for (int i = 0; i < n; i++) {
            p[i] = i % 7;
            q[i] = i % 5;
            out[i] = p[i] * 10 + q[i];
        }
        free(p);
    }
}
