/* ported: openmp
 * Orphaned worksharing loops whatever calls their function: a function a parallel region
 * calls through a function pointer (a local scratch array filled per iteration, a local
 * partial sum the caller adds up), and `for` loops in main with no region at all, which
 * OpenMP runs with a team of one, one iteration after the other (a local scratch array, a
 * local sum, a temporary set before its use, one set first but read after the loop (the
 * last iteration's value), a local "last value" scalar, a neighbour read x[i + 1] of a
 * local array the loop writes).  The scratch loops run as one task (mcc warns), the sums
 * are reduced by the loop's tasks, the temporary is each task's own, the others run as one
 * task too.  mcc applied these rules only in a function a region of the same file calls
 * directly: here the loops' tasks shared one tmp, one sum, one temporary. */
#include <stdio.h>

#define N 64
#define M 128
#define BIG 400000

static double a[BIG], out[N], out2[N];

static double slow(double x)
{
    for (int r = 0; r < 40000; r++)
        x = x * 0.999999 + 1e-7;
    return x;
}

static double window(int n)
{
    double tmp[M], s = 0;
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < M; k++)
            tmp[k] = (i * k) % 17;
        double w = slow(i), t = 0;
        for (int k = 0; k < M; k++)
            t += tmp[k];
        out[i] = t + (w > 1e9);
    }
#pragma omp for
    for (int i = 0; i < BIG; i++)
        s += a[i];
    return s;
}

static double (*volatile pick)(int) = window;

int main(void)
{
    for (int i = 0; i < BIG; i++)
        a[i] = i % 10;
    double total = 0;
#pragma omp parallel reduction(+ : total)
    total += pick(N);

    /* no region: a team of one */
    double tmp[M], s = 0, t, x[N + 1];
    int last = -1, t2 = -1;
    for (int k = 0; k <= N; k++)
        x[k] = k % 9;
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < N; i++) {
        for (int k = 0; k < M; k++)
            tmp[k] = (i + k) % 13;
        double w = slow(i), u = 0;
        for (int k = 0; k < M; k++)
            u += tmp[k] * (k + 1);
        out2[i] = u + (w > 1e9);
    }
#pragma omp for
    for (int i = 0; i < BIG; i++)
        s += a[i] * 0.5;
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < N; i++) {
        t = slow(i) + i;
        out2[i] += t > 1e9 ? 0 : i % 5;
    }
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < N; i++) {
        t2 = i * 3 + (slow(i) > 1e9);
        out2[i] += t2 % 2;
    }
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < N; i++)
        if (i % 7 == 3 && slow(i) < 1e9)
            last = i;
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < N; i++)
        x[i] = x[i + 1] + (slow(i) > 1e9);

    double c = 0, c2 = 0, cx = 0;
    for (int i = 0; i < N; i++) {
        c += out[i] * (i % 3 + 1);
        c2 += out2[i] * (i % 5 + 1);
        cx += x[i] * (i % 4 + 1);
    }
    printf("%.1f %.1f %.1f %.1f %d %.1f %d\n", c, total, c2, s, last, cx, t2);
    return 0;
}
