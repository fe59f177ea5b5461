/* Reductions over array sections on OmpSs tasks: `reduction(+: a[lo:hi])` is the
 * INCLUSIVE range lo..hi there, `a[lo;len]` len elements from lo, on a local array, a
 * pointer, an array parameter and rows of a 2-D array; the task's body indexes the
 * section with the array's own subscripts.  Elements outside a section stay untouched. */
#include "ompss_check.h"

#define N 600
#define NB 10

static int data[N];

static void rows(int m[][4], int first, int last)
{
    for (int b = 0; b < N; b += 50) {
#pragma omp task reduction(+: m[first:last])
        for (int i = b; i < b + 50; i++) {
            int t = m[first + data[i] % (last - first + 1)][i % 4];
            delay(1);   /* a shared (not reduced) m would lose updates here */
            m[first + data[i] % (last - first + 1)][i % 4] = t + 1;
        }
    }
#pragma omp taskwait
}

int main(void)
{
    for (int i = 0; i < N; i++)
        data[i] = (i * 131 + 7) % 997;
    long h[NB + 4];
    for (int k = 0; k < NB + 4; k++)
        h[k] = 7;               /* h[2..NB+1] are summed from 0; the rest must stay 7 */
    for (int k = 2; k < NB + 2; k++)
        h[k] = 0;
    double *w = calloc(8, sizeof *w);
    int lo = 3;
    for (int b = 0; b < N; b += 40) {
#pragma omp task reduction(+: h[2:NB + 1]) reduction(+: w[lo;4])
        for (int i = b; i < b + 40; i++) {
            long t = h[2 + data[i] % NB];
            delay(1);
            h[2 + data[i] % NB] = t + 1;
            w[lo + i % 4] += 0.5;
        }
    }
#pragma omp taskwait
    int m[5][4] = {{0}};
    rows(m, 1, 3);

    long ref[NB] = {0};
    int rref[5][4] = {{0}};
    for (int i = 0; i < N; i++) {
        ref[data[i] % NB]++;
        rref[1 + data[i] % 3][i % 4]++;
    }
    for (int k = 0; k < NB + 4; k++)
        CHECK(h[k] == (k >= 2 && k < NB + 2 ? ref[k - 2] : 7), "h[%d] = %ld", k, h[k]);
    for (int k = 0; k < 8; k++)
        CHECK(w[k] == (k >= lo && k < lo + 4 ? 0.5 * N / 4 : 0), "w[%d] = %g", k, w[k]);
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 4; c++)
            CHECK(m[r][c] == rref[r][c], "m[%d][%d] = %d, expected %d", r, c, m[r][c],
                  rref[r][c]);
    free(w);
    return result_ok();
}
