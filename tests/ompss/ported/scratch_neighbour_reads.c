/* ported: openmp
 * Worksharing loops that write each iteration's own element of a buffer each thread of
 * the region owns, and read an element the next iteration writes: a working copy each
 * thread makes of the input (`x[i] = ...` then `x[i + 1]`, the input's value in the
 * sequential program and in each thread's copy), and a second pointer into the buffer
 * (`nx = x + 1`, `nx[i]`).  In mcc's region there is one buffer, so each loop must run
 * as one task (mcc warns): mcc checked only the writes, ran tasks at once, and an
 * iteration read what the next one had written (a silently wrong result).  `slow`
 * stands for the work between the write and the read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 64

static double slow(double x)
{
    for (int r = 0; r < 200000; r++)
        x = x * 0.999999 + 1e-7;
    return x;
}

int main(void)
{
    static double in[N + 1], out[N], out2[N];
    for (int i = 0; i <= N; i++)
        in[i] = i % 9;
#pragma omp parallel
    {
        double *x = malloc((N + 1) * sizeof *x);
        memcpy(x, in, sizeof in);
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < N; i++) {
            x[i] = 100 + i;
            double w = slow(i);
            out[i] = x[i] + x[i + 1] + (w > 1e9);
        }
        free(x);
    }
#pragma omp parallel
    {
        double *x = malloc((N + 1) * sizeof *x);
        const double *nx = x + 1;
        memcpy(x, in, sizeof in);
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < N; i++) {
            x[i] = 200 + i;
            double w = slow(i);
            out2[i] = x[i] - nx[i] + (w > 1e9);
        }
        free(x);
    }
    double s = 0, s2 = 0;
    for (int i = 0; i < N; i++) {
        s += out[i] * (i % 3 + 1);
        s2 += out2[i] * (i % 5 + 1);
    }
    printf("%.1f %.1f\n", s, s2);
    return 0;
}
