/* Array reductions by shaping, reduction(+: [n]v) on a pointer: every task adds into
 * its private copy of the whole array; the copies are summed at the taskwait. */
#include "ompss_check.h"

#define NB 16
#define N 400

static int data[N];

int main(void)
{
    long *hist = calloc(NB, sizeof *hist);
    double *w = calloc(4, sizeof *w);
    int nb = NB;
    for (int i = 0; i < N; i++)
        data[i] = (i * 131 + 7) % 997;
    for (int b = 0; b < N; b += 20) {
#pragma omp task reduction(+: [nb]hist) reduction(+: [4]w)
        {
            for (int i = b; i < b + 20; i++) {
                long t = hist[data[i] % NB];
                delay(1);  /* a shared (not reduced) hist would lose updates here */
                hist[data[i] % NB] = t + 1;
                w[i % 4] += 1.5;
            }
        }
    }
#pragma omp taskwait

    long ref[NB] = {0};
    for (int i = 0; i < N; i++)
        ref[data[i] % NB]++;
    for (int k = 0; k < NB; k++)
        CHECK(hist[k] == ref[k], "hist[%d] = %ld, expected %ld", k, hist[k], ref[k]);
    for (int k = 0; k < 4; k++)
        CHECK(w[k] == 1.5 * N / 4, "w[%d] = %g", k, w[k]);
    free(hist);
    free(w);
    return result_ok();
}
