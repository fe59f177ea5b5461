/*
 * kernels.h - the tile kernel and the matrices of the tiled matrix multiplication,
 * shared by the OmpSs sample (matmul.c) and the OpenMP peers of bench/ompss/.
 *
 * A tile is bs x bs doubles, row-major and contiguous; tile (i, j) of an nt x nt tiled
 * matrix is t[i * nt + j].  The matrices hold small integers, so every product and sum
 * is exact whatever the order of the additions, and the check can compare exactly.
 */
#ifndef MATMUL_KERNELS_H
#define MATMUL_KERNELS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef USE_CBLAS
#include <cblas.h>
#endif

/* -DTILE_KERNELS_EXTERN (bench/ompss only): the tile kernel is bench/ompss/kernels.o's,
 * the same machine code every variant of the benchmark runs. */
#ifdef TILE_KERNELS_EXTERN
void bench_matmul(const double *a, const double *b, double *c, int bs);
#define matmul_tile bench_matmul
#else
/* c := c + a * b */
static inline void matmul_tile(const double *a, const double *b, double *c, int bs)
{
#ifdef USE_CBLAS
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, bs, bs, bs, 1.0, a, bs, b, bs, 1.0,
                c, bs);
#else
    for (int i = 0; i < bs; i++)
        for (int k = 0; k < bs; k++) {
            double aik = a[i * bs + k];
            for (int j = 0; j < bs; j++)
                c[i * bs + j] += aik * b[k * bs + j];
        }
#endif
}
#endif

/* Element (r, c) of matrix `which` (0: A, 1: B): an integer in -4..4. */
static inline double mm_value(int which, int r, int c)
{
    unsigned h = ((unsigned)r * 7919u + (unsigned)c * 104729u + (unsigned)which * 31u) * 2654435761u;
    return (double)((h >> 16) % 9) - 4.0;
}

static inline double **mm_alloc(int nt, int bs)
{
    double **t = malloc((size_t)nt * nt * sizeof *t);
    if (!t) {
        perror("malloc");
        exit(2);
    }
    for (int i = 0; i < nt * nt; i++) {
        t[i] = aligned_alloc(64, (size_t)bs * bs * sizeof(double));
        if (!t[i]) {
            perror("aligned_alloc");
            exit(2);
        }
    }
    return t;
}

static inline void mm_free(double **t, int nt)
{
    for (int i = 0; i < nt * nt; i++)
        free(t[i]);
    free(t);
}

/* which 0/1: A/B from mm_value; which < 0: zeros (C). */
static inline void mm_fill(double **t, int nt, int bs, int which)
{
    for (int ti = 0; ti < nt; ti++)
        for (int tj = 0; tj < nt; tj++)
            for (int i = 0; i < bs; i++)
                for (int j = 0; j < bs; j++)
                    t[ti * nt + tj][i * bs + j] =
                        which < 0 ? 0.0 : mm_value(which, ti * bs + i, tj * bs + j);
}

/* Check C = A * B through a vector: C x against A (B x), exactly, in O(n^2).
 * Returns the number of wrong rows. */
static inline int matmul_wrong_rows(double **c, int nt, int bs)
{
    int n = nt * bs, wrong = 0;
    double *x = malloc(n * sizeof *x), *bx = calloc(n, sizeof *bx);
    for (int i = 0; i < n; i++)
        x[i] = (double)((i * 13) % 7) - 3;
    for (int r = 0; r < n; r++)
        for (int k = 0; k < n; k++)
            bx[r] += mm_value(1, r, k) * x[k];
    for (int r = 0; r < n; r++) {
        double abx = 0, cx = 0;
        for (int k = 0; k < n; k++) {
            abx += mm_value(0, r, k) * bx[k];
            cx += c[(r / bs) * nt + k / bs][(r % bs) * bs + k % bs] * x[k];
        }
        wrong += abx != cx;
    }
    free(x);
    free(bx);
    return wrong;
}

#endif /* MATMUL_KERNELS_H */
