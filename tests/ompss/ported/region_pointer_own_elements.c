/* ported: openmp
 * ported-werror
 * Worksharing loops that write, through pointers private to each thread of the region,
 * only each iteration's own elements, and so run as tasks at once with no warning: a
 * buffer each thread allocates written at `t[i]` and read back into a shared array
 * (`out[i] = t[i] * 2`: a value, no pointer, goes from t to out), two buffers from two
 * allocations (`a[i]`, `b[i]`), a pointer member of a struct the region allocates
 * (`w->v[i]`: one pointer for every iteration), the first row of a `double **`
 * (`rows[0][i]`), and swapped grids (`dst` written, `src` read, `t` swapping them; also
 * declared NULL first).  mcc's check for pointers into one storage once took `out[i] =
 * t[i]` for a pointer set from t, and its check of reads took a pointer set to NULL for
 * one to storage of each thread's own, and ran such loops as one task. */
#include <stdio.h>
#include <stdlib.h>

#define N 5000

struct work {
    double *v;
    int n;
};

static double sum(const double *v, int n)
{
    double s = 0;
    for (int k = 0; k < n; k++)
        s += v[k] * (k % 7 + 1);
    return s;
}

int main(void)
{
    static double out[N], out2[N], g1[N], g2[N];
    double total = 0;
#pragma omp parallel reduction(+ : total)
    {
        double *t = malloc(N * sizeof *t);
        double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
        for (int k = 0; k < N; k++)
            t[k] = a[k] = b[k] = 0;
#pragma omp for
        for (int i = 0; i < N; i++) {
            t[i] = i % 13;
            out[i] = t[i] * 2;
        }
#pragma omp for
        for (int i = 0; i < N; i++) {
            a[i] = i % 5;
            b[i] = a[i] + i % 3;
        }
        total += sum(t, N) + sum(a, N) + sum(b, N);
        free(t);
        free(a);
        free(b);
    }
#pragma omp parallel reduction(+ : total)
    {
        struct work *w = malloc(sizeof *w);
        w->n = N;
        w->v = calloc(N, sizeof *w->v);
        double **rows = malloc(2 * sizeof *rows);
        rows[0] = calloc(N, sizeof *rows[0]);
        rows[1] = rows[0];
#pragma omp for
        for (int i = 0; i < N; i++)
            w->v[i] = i % 11;
#pragma omp for
        for (int i = 0; i < N; i++)
            rows[0][i] = i % 17;
        total += sum(w->v, w->n) + sum(rows[1], N);
        free(rows[0]);
        free(rows);
        free(w->v);
        free(w);
    }
    for (int k = 0; k < N; k++)
        g1[k] = k % 10;
#pragma omp parallel
    {
        double *src = g1, *dst = g2;
        for (int s = 0; s < 4; s++) {
#pragma omp for
            for (int i = 1; i < N - 1; i++)
                dst[i] = (src[i - 1] + src[i] + src[i + 1]) / 3;
            double *t = src;
            src = dst;
            dst = t;
        }
    }
#pragma omp parallel
    {
        double *src = NULL, *dst = NULL;
        src = g2;
        dst = g1;
        for (int s = 0; s < 3; s++) {
#pragma omp for
            for (int i = 1; i < N - 1; i++)
                dst[i] = (src[i - 1] + 2 * src[i] + src[i + 1]) / 4;
            double *t = src;
            src = dst;
            dst = t;
        }
    }
#pragma omp parallel
    {
        double *t = out2;
#pragma omp for
        for (int i = 0; i < N; i++)
            t[i] = out[i] + 1;
    }
    printf("%.6e %.6e %.6e %.6e\n", total, sum(out, N), sum(g1, N), sum(out2, N));
    return 0;
}
