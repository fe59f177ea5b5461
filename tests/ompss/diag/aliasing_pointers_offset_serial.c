/* Two pointers into one buffer each thread of the region allocates, `q = p + 1`: each
 * writes only its iteration's element, yet q[i] is iteration i + 1's p[i + 1].  In mcc's
 * region there is one buffer, so the loop runs as one task (warned); mcc checked each
 * pointer alone and ran tasks at once that wrote one element from two iterations. */
#include <stdlib.h>

double use(const double *a, const double *b, int i);

void pairs(double *out, int n)
{
#pragma omp parallel
    {
        double *p = malloc(((size_t)n + 1) * sizeof *p);
        double *q = p + 1;
#pragma omp for
        for (int i = 0; i < n; i++) {
            p[i] = i % 7;
            q[i] = i % 5;
            out[i] = use(p, q, i);
        }
        free(p);
    }
}
