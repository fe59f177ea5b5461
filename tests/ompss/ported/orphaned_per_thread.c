/* ported: openmp
 * Orphaned worksharing loops (the `for` in a function a parallel region calls) whose
 * function's variables each thread of the region has its own of, as OpenMP gives every
 * thread that calls the function: a scratch buffer each thread allocates and hands in
 * (`fill(tmp, i)`), a local scratch array, a local partial sum the caller adds up
 * (`s += a[i]`, reduced by the loop's tasks into the call's copy), a working copy each
 * thread makes and hands in, written at x[i] and read at x[i + 1] (the next iteration's),
 * and a parameter written only at each iteration's element (`y[i] = ...`, tasks at
 * once).  mcc took the
 * function's variables for shared by the loop's tasks: tasks at once filled one buffer
 * and added into one sum without a reduction (a silently wrong result); the loops with
 * scratch now run as one task (mcc warns). */
#include <stdio.h>
#include <stdlib.h>

#define N 64
#define M 256
#define BIG 400000

static double a[BIG], y[BIG], out[N], out2[N], out3[N];

static void fill(double *tmp, int i)
{
    for (int k = 0; k < M; k++)
        tmp[k] = (i + k) % 13;
}

static double slow(double x)
{
    for (int r = 0; r < 100000; r++)
        x = x * 0.999999 + 1e-7;
    return x;
}

static void rows(double *tmp)
{
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < N; i++) {
        fill(tmp, i);
        double w = slow(i), s = 0;
        for (int k = 0; k < M; k++)
            s += tmp[k] * (k + 1);
        out[i] = s + (w > 1e9);
    }
}

static void rows_local(void)
{
    double tmp[M];
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < N; i++) {
        for (int k = 0; k < M; k++)
            tmp[k] = (i * k) % 17;
        double w = slow(i), s = 0;
        for (int k = 0; k < M; k++)
            s += tmp[k];
        out2[i] = s + (w > 1e9);
    }
}

static void relax(double *x, double *res)
{
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < N; i++) {
        x[i] = 100 + i;
        double w = slow(i);
        res[i] = x[i] + x[i + 1] + (w > 1e9);
    }
}

static double part(void)
{
    double s = 0;
#pragma omp for
    for (int i = 0; i < BIG; i++)
        s += a[i];
    return s;
}

static void scale(double *dst, const double *src, double f)
{
#pragma omp for
    for (int i = 0; i < BIG; i++)
        dst[i] = f * src[i];
}

int main(void)
{
    for (int i = 0; i < BIG; i++)
        a[i] = i % 10;
    double total = 0;
#pragma omp parallel reduction(+ : total)
    {
        double *tmp = malloc(M * sizeof *tmp);
        rows(tmp);
        free(tmp);
        double *x = malloc((N + 1) * sizeof *x);
        for (int k = 0; k <= N; k++)
            x[k] = k % 9;
        relax(x, out3);
        free(x);
        rows_local();
        total += part();
        scale(y, a, 0.5);
    }
    double s = 0, s2 = 0, s3 = 0, sy = 0;
    for (int i = 0; i < N; i++) {
        s += out[i] * (i % 3 + 1);
        s2 += out2[i] * (i % 5 + 1);
        s3 += out3[i] * (i % 4 + 1);
    }
    for (int i = 0; i < BIG; i++)
        sy += y[i];
    printf("%.1f %.1f %.1f %.1f %.1f\n", s, s2, s3, total, sy);
    return 0;
}
