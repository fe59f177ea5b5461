/*
 * kernels.h - the tile kernels of the tiled Cholesky factorisation, shared by the OmpSs
 * sample (cholesky.c) and the OpenMP peers of bench/ompss/, so that every version runs
 * exactly the same code on its tiles.
 *
 * A tile is ts x ts doubles, row-major and contiguous.  With -DUSE_CBLAS the three
 * update kernels call CBLAS (OpenBLAS or the reference BLAS); potrf is always plain C.
 */
#ifndef CHOLESKY_KERNELS_H
#define CHOLESKY_KERNELS_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef USE_CBLAS
#include <cblas.h>
#endif

/* -DTILE_KERNELS_EXTERN (bench/ompss only): the tile kernels are bench/ompss/kernels.o's,
 * the same machine code every variant of the benchmark runs. */
#ifdef TILE_KERNELS_EXTERN
int bench_potrf(double *a, int ts);
void bench_trsm(const double *a, double *b, int ts);
void bench_syrk(const double *a, double *c, int ts);
void bench_gemm(const double *a, const double *b, double *c, int ts);
#define potrf_tile bench_potrf
#define trsm_tile bench_trsm
#define syrk_tile bench_syrk
#define gemm_tile bench_gemm
#else
/* a := its lower Cholesky factor (upper part untouched); returns -1 if not SPD. */
static inline int potrf_tile(double *a, int ts)
{
    for (int j = 0; j < ts; j++) {
        double d = a[j * ts + j];
        for (int q = 0; q < j; q++)
            d -= a[j * ts + q] * a[j * ts + q];
        if (d <= 0)
            return -1;
        d = sqrt(d);
        a[j * ts + j] = d;
        for (int i = j + 1; i < ts; i++) {
            double s = a[i * ts + j];
            for (int q = 0; q < j; q++)
                s -= a[i * ts + q] * a[j * ts + q];
            a[i * ts + j] = s / d;
        }
    }
    return 0;
}

/* b := b * inv(l^T), l the lower triangle of a (solve x * l^T = b row by row). */
static inline void trsm_tile(const double *a, double *b, int ts)
{
#ifdef USE_CBLAS
    cblas_dtrsm(CblasRowMajor, CblasRight, CblasLower, CblasTrans, CblasNonUnit, ts, ts, 1.0,
                a, ts, b, ts);
#else
    for (int i = 0; i < ts; i++)
        for (int j = 0; j < ts; j++) {
            double s = b[i * ts + j];
            for (int q = 0; q < j; q++)
                s -= b[i * ts + q] * a[j * ts + q];
            b[i * ts + j] = s / a[j * ts + j];
        }
#endif
}

/* c := c - a * a^T (lower triangle only). */
static inline void syrk_tile(const double *a, double *c, int ts)
{
#ifdef USE_CBLAS
    cblas_dsyrk(CblasRowMajor, CblasLower, CblasNoTrans, ts, ts, -1.0, a, ts, 1.0, c, ts);
#else
    for (int i = 0; i < ts; i++)
        for (int j = 0; j <= i; j++) {
            double s = 0;
            for (int q = 0; q < ts; q++)
                s += a[i * ts + q] * a[j * ts + q];
            c[i * ts + j] -= s;
        }
#endif
}

/* c := c - a * b^T. */
static inline void gemm_tile(const double *a, const double *b, double *c, int ts)
{
#ifdef USE_CBLAS
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, ts, ts, ts, -1.0, a, ts, b, ts, 1.0,
                c, ts);
#else
    for (int i = 0; i < ts; i++)
        for (int j = 0; j < ts; j++) {
            double s = 0;
            for (int q = 0; q < ts; q++)
                s += a[i * ts + q] * b[j * ts + q];
            c[i * ts + j] -= s;
        }
#endif
}
#endif /* TILE_KERNELS_EXTERN */

/* ---- the matrix: nt x nt tiles, tile (i, j) at t[i * nt + j] ------------------------- */

/* A symmetric positive definite matrix (diagonally dominant), one deterministic value
 * per global element (r, c). */
static inline double spd_value(int r, int c, int n)
{
    unsigned h = (unsigned)(r < c ? r * 7919 + c : c * 7919 + r) * 2654435761u;
    return (r == c ? n : 0.0) + (double)(h >> 8) / (double)(1u << 24) - 0.5;
}

static inline double **tiles_alloc(int nt, int ts)
{
    double **t = malloc((size_t)nt * nt * sizeof *t);
    if (!t) {
        perror("malloc");
        exit(2);
    }
    for (int i = 0; i < nt * nt; i++) {
        t[i] = aligned_alloc(64, (size_t)ts * ts * sizeof(double));
        if (!t[i]) {
            perror("aligned_alloc");
            exit(2);
        }
    }
    return t;
}

static inline void tiles_free(double **t, int nt)
{
    for (int i = 0; i < nt * nt; i++)
        free(t[i]);
    free(t);
}

static inline void spd_fill(double **t, int nt, int ts)
{
    int n = nt * ts;
    for (int ti = 0; ti < nt; ti++)
        for (int tj = 0; tj < nt; tj++)
            for (int i = 0; i < ts; i++)
                for (int j = 0; j < ts; j++)
                    t[ti * nt + tj][i * ts + j] = spd_value(ti * ts + i, tj * ts + j, n);
}

/* Element (r, c) of the factor L held in the lower tiles (0 above the diagonal). */
static inline double l_at(double **t, int nt, int ts, int r, int c)
{
    if (c > r)
        return 0;
    return t[(r / ts) * nt + c / ts][(r % ts) * ts + c % ts];
}

/*
 * Check L * L^T = A through a random vector: y = L * (L^T * x) against A * x, in O(n^2).
 * Returns the relative error ||y - A x|| / (||A x|| + 1).
 */
static inline double cholesky_error(double **t, int nt, int ts)
{
    int n = nt * ts;
    double *x = malloc(n * sizeof *x), *w = calloc(n, sizeof *w), *y = calloc(n, sizeof *y);
    for (int i = 0; i < n; i++)
        x[i] = (double)((i * 37) % 11) - 5;
    for (int c = 0; c < n; c++)          /* w = L^T x */
        for (int r = c; r < n; r++)
            w[c] += l_at(t, nt, ts, r, c) * x[r];
    for (int r = 0; r < n; r++)          /* y = L w */
        for (int c = 0; c <= r; c++)
            y[r] += l_at(t, nt, ts, r, c) * w[c];
    double err = 0, norm = 0;
    for (int r = 0; r < n; r++) {
        double ax = 0;
        for (int c = 0; c < n; c++)
            ax += spd_value(r, c, n) * x[c];
        err += (y[r] - ax) * (y[r] - ax);
        norm += ax * ax;
    }
    free(x);
    free(w);
    free(y);
    return sqrt(err) / (sqrt(norm) + 1);
}

#endif /* CHOLESKY_KERNELS_H */
