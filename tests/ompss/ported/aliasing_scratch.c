/* ported: openmp
 * Per-thread buffers a worksharing loop writes through pointers that share storage: two
 * pointers into one buffer each thread allocates (`q = p + 1`, also `q = buf; q += 1`), so
 * that q[i] is the next iteration's p[i + 1], and the rows of a `double **` each thread
 * builds over one scratch row, so that rows[i] and rows[i + 1] are one row.  Each write is
 * the iteration's own element through its own pointer, but not the storage's: in OpenMP
 * each thread has its own buffer; mcc's region has one, so each loop must run as one task
 * (mcc warns).  mcc checked each pointer alone and took rows[i] for the iteration's own,
 * ran tasks at once, and one iteration read what another wrote (a silently wrong
 * result).  `combine` stands for work in another file: the values are read back from
 * memory after the slow part. */
#include <stdio.h>
#include <stdlib.h>

#define N 64
#define M 48

static double slow(double x)
{
    for (int r = 0; r < 200000; r++)
        x = x * 0.999999 + 1e-7;
    return x;
}

__attribute__((noinline)) static double combine(const double *a, const double *b, int i)
{
    return a[i] * 10 + b[i];
}

int main(void)
{
    static double out[N], out2[N], out3[N];
#pragma omp parallel
    {
        double *p = malloc((N + 1) * sizeof *p);
        double *q = p + 1;
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < N; i++) {
            p[i] = i % 7;
            q[i] = i % 5;
            double w = slow(i);
            out[i] = combine(p, q, i) + (w > 1e9);
        }
        free(p);
    }
#pragma omp parallel
    {
        double *buf = malloc((N + 1) * sizeof *buf);
        double *lo = buf, *hi = buf;
        hi += 1;
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < N; i++) {
            hi[i] = i % 3;
            lo[i] = i % 11;
            double w = slow(i);
            out2[i] = combine(hi, lo, i) + (w > 1e9);
        }
        free(buf);
    }
#pragma omp parallel
    {
        double *row = malloc(M * sizeof *row);
        double **rows = malloc(N * sizeof *rows);
        for (int r = 0; r < N; r++)
            rows[r] = row;
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < N; i++) {
            for (int k = 0; k < M; k++)
                rows[i][k] = (i + k) % 11;
            double w = slow(i), s = 0;
            for (int k = 0; k < M; k++)
                s += combine(rows[i], rows[i], k) * (k + 1);
            out3[i] = s + (w > 1e9);
        }
        free(rows);
        free(row);
    }
    double s = 0, s2 = 0, s3 = 0;
    for (int i = 0; i < N; i++) {
        s += out[i] * (i % 3 + 1);
        s2 += out2[i] * (i % 4 + 1);
        s3 += out3[i] * (i % 5 + 1);
    }
    printf("%.1f %.1f %.1f\n", s, s2, s3);
    return 0;
}
