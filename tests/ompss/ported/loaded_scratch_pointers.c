/* ported: openmp
 * Worksharing loops that load a pointer to a scratch buffer each thread of the region owns
 * into a pointer of their own body and fill the buffer through it: a row of a `double **`
 * whose rows are all one buffer (`double *row = rows[i];`), the buffer of a struct the
 * region allocates (`t = w->buf`), of a struct variable (`t = s.buf`), and of an array of
 * pointers (`t = bufs[i % 2]`).  In OpenMP each thread has its own buffer; mcc's region
 * has one, so each loop must run as one task (mcc warns).  mcc saw neither the load nor
 * the writes through the body's pointer, ran tasks at once, and they filled one buffer
 * together (a silently wrong result). */
#include <stdio.h>
#include <stdlib.h>

#define N 64
#define M 128

struct scratch {
    double *buf;
    int n;
};

static double slow(double x)
{
    for (int r = 0; r < 100000; r++)
        x = x * 0.999999 + 1e-7;
    return x;
}

__attribute__((noinline)) static double weigh(const double *t, int n)
{
    double s = 0;
    for (int k = 0; k < n; k++)
        s += t[k] * (k % 5 + 1);
    return s;
}

int main(void)
{
    static double out[4][N];
#pragma omp parallel
    {
        double *store = malloc(M * sizeof *store);
        double **rows = malloc(N * sizeof *rows);
        for (int r = 0; r < N; r++)
            rows[r] = store;
        struct scratch *w = malloc(sizeof *w);
        w->buf = store;
        w->n = M;
        struct scratch s = {store, M};
        double *bufs[2] = {store, store};
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < N; i++) {
            double *row = rows[i];
            for (int k = 0; k < M; k++)
                row[k] = (i + k) % 11;
            double x = slow(i);
            out[0][i] = weigh(row, M) + (x > 1e9);
        }
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < N; i++) {
            double *t = w->buf;
            for (int k = 0; k < w->n; k++)
                t[k] = (i * k) % 7;
            double x = slow(i);
            out[1][i] = weigh(t, M) + (x > 1e9);
        }
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < N; i++) {
            double *t = s.buf;
            for (int k = 0; k < s.n; k++)
                t[k] = (i + 2 * k) % 13;
            double x = slow(i);
            out[2][i] = weigh(t, M) + (x > 1e9);
        }
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < N; i++) {
            double *t = bufs[i % 2];
            for (int k = 0; k < M; k++)
                t[k] = (3 * i + k) % 17;
            double x = slow(i);
            out[3][i] = weigh(t, M) + (x > 1e9);
        }
        free(bufs[0]);
        free(rows);
        free(w);
    }
    for (int l = 0; l < 4; l++) {
        double sum = 0;
        for (int i = 0; i < N; i++)
            sum += out[l][i] * (i % 3 + 1);
        printf("%.1f%c", sum, l < 3 ? ' ' : '\n');
    }
    return 0;
}
