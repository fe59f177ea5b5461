/* A scratch buffer each thread of the region allocates, handed to a function that fills
 * it for each iteration: in mcc's region there is one buffer, so the loop runs as one
 * task (warned); mcc saw no write in the loop and ran it as tasks at once, which filled
 * the buffer from several iterations at a time. */
#include <stdlib.h>

void fill(double *tmp, int i, int m);
double use(const double *tmp, int m);

void rows(double *out, int n, int m)
{
#pragma omp parallel
    {
        double *tmp = malloc((size_t)m * sizeof *tmp);
#pragma omp for
        for (int i = 0; i < n; i++) {
            fill(tmp, i, m);
            out[i] = use(tmp, m);
        }
        free(tmp);
    }
}
