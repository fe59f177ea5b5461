/* ported: openmp
 * `for nowait` loops over storage each thread of the region allocates, and the region's
 * code after them: a loop reading t[i] after which the region overwrites and frees t, and
 * a loop writing u[i] whose values the region adds up right after it.  In OpenMP each
 * thread goes on once its own iterations are done, with its own buffer; mcc's region has
 * one buffer, and its code ran while the loop's tasks still used it (they read a freed
 * buffer, and the sum missed their writes: silently wrong results).  Each loop now runs as
 * one task at once (mcc warns); with a barrier before the region's use, it stays split.
 * `slow` stands for the loop's work. */
#include <stdio.h>
#include <stdlib.h>

#define N 64

static double slow(double x)
{
    for (int r = 0; r < 200000; r++)
        x = x * 0.999999 + 1e-7;
    return x;
}

int main(void)
{
    static double out[N], out2[N];
    double total = 0;
#pragma omp parallel reduction(+ : total)
    {
        double *t = malloc(N * sizeof *t);
        for (int k = 0; k < N; k++)
            t[k] = k % 7;
#pragma omp for schedule(dynamic, 1) nowait
        for (int i = 0; i < N; i++) {
            double w = slow(i);
            out[i] = t[i] * 2 + (w > 1e9);
        }
        for (int k = 0; k < N; k++)
            t[k] = -1;
        free(t);
        double *u = calloc(N, sizeof *u);
#pragma omp for schedule(dynamic, 1) nowait
        for (int i = 0; i < N; i++) {
            double w = slow(i);
            u[i] = i % 5 + (w > 1e9);
        }
        double mine = 0;
        for (int k = 0; k < N; k++)
            mine += u[k];
#pragma omp barrier
        double *v = malloc(N * sizeof *v);
        for (int k = 0; k < N; k++)
            v[k] = k % 3;
#pragma omp for nowait
        for (int i = 0; i < N; i++)
            out2[i] = v[i] * 5;
#pragma omp barrier
        free(v);
        free(u);
        total += mine;
    }
    double s = 0, s2 = 0;
    for (int i = 0; i < N; i++) {
        s += out[i] * (i % 3 + 1);
        s2 += out2[i];
    }
    printf("%.1f %.1f %.1f\n", s, total, s2);
    return 0;
}
