/* ported: openmp
 * ported-werror
 * Rodinia-style blocked LU decomposition (no pivoting) as tasks: the matrix a VLA parameter
 * `double a[n][n]` (and, in a second pass, `double (*m)[N]` of a fixed row length), one task
 * per diagonal, perimeter and internal block with `depend` on each block's first element
 * (`a[i * bs][j * bs]`), block indices firstprivate, the kernels static functions taking
 * the matrix and block numbers; L*U is checked against a copy of the input. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 96

static void lud_diagonal(int n, int bs, double a[n][n], int k)
{
    int o = k * bs;
    for (int i = 0; i < bs; i++) {
        for (int j = i; j < bs; j++)
            for (int p = 0; p < i; p++)
                a[o + i][o + j] -= a[o + i][o + p] * a[o + p][o + j];
        double diag = a[o + i][o + i];
        for (int j = i + 1; j < bs; j++) {
            for (int p = 0; p < i; p++)
                a[o + j][o + i] -= a[o + j][o + p] * a[o + p][o + i];
            a[o + j][o + i] /= diag;
        }
    }
}

/* the block row right of the diagonal: U blocks */
static void lud_perimeter_row(int n, int bs, double a[n][n], int k, int jb)
{
    int o = k * bs, c = jb * bs;
    for (int j = 0; j < bs; j++)
        for (int i = 1; i < bs; i++)
            for (int p = 0; p < i; p++)
                a[o + i][c + j] -= a[o + i][o + p] * a[o + p][c + j];
}

/* the block column below the diagonal: L blocks */
static void lud_perimeter_col(int n, int bs, double a[n][n], int k, int ib)
{
    int o = k * bs, r = ib * bs;
    for (int i = 0; i < bs; i++)
        for (int j = 0; j < bs; j++) {
            for (int p = 0; p < j; p++)
                a[r + i][o + j] -= a[r + i][o + p] * a[o + p][o + j];
            a[r + i][o + j] /= a[o + j][o + j];
        }
}

static void lud_internal(int n, int bs, double a[n][n], int k, int ib, int jb)
{
    int o = k * bs, r = ib * bs, c = jb * bs;
    for (int i = 0; i < bs; i++)
        for (int j = 0; j < bs; j++) {
            double sum = 0.0;
            for (int p = 0; p < bs; p++)
                sum += a[r + i][o + p] * a[o + p][c + j];
            a[r + i][c + j] -= sum;
        }
}

static void lud_tasks(int n, int bs, double a[n][n])
{
    int nb = n / bs;
    for (int k = 0; k < nb; k++) {
#pragma omp task depend(inout: a[k * bs][k * bs]) firstprivate(k)
        lud_diagonal(n, bs, a, k);
        for (int j = k + 1; j < nb; j++) {
#pragma omp task depend(in: a[k * bs][k * bs]) depend(inout: a[k * bs][j * bs])
            lud_perimeter_row(n, bs, a, k, j);
        }
        for (int i = k + 1; i < nb; i++) {
#pragma omp task depend(in: a[k * bs][k * bs]) depend(inout: a[i * bs][k * bs])
            lud_perimeter_col(n, bs, a, k, i);
        }
        for (int i = k + 1; i < nb; i++)
            for (int j = k + 1; j < nb; j++) {
#pragma omp task depend(in: a[i * bs][k * bs], a[k * bs][j * bs]) \
                 depend(inout: a[i * bs][j * bs]) firstprivate(i, j, k)
                lud_internal(n, bs, a, k, i, j);
            }
    }
#pragma omp taskwait
}

/* The same with a pointer to rows of a fixed length and the kernels inline in the tasks. */
static void lud_rows(double (*m)[N], int bs)
{
    int nb = N / bs;
    for (int k = 0; k < nb; k++) {
        int o = k * bs;
#pragma omp task depend(inout: m[o][o])
        lud_diagonal(N, bs, m, k);
        for (int b = k + 1; b < nb; b++) {
#pragma omp task depend(in: m[o][o]) depend(inout: m[o][b * bs])
            lud_perimeter_row(N, bs, m, k, b);
#pragma omp task depend(in: m[o][o]) depend(inout: m[b * bs][o])
            lud_perimeter_col(N, bs, m, k, b);
        }
        for (int i = k + 1; i < nb; i++)
            for (int j = k + 1; j < nb; j++) {
#pragma omp task depend(in: m[i * bs][o], m[o][j * bs]) depend(inout: m[i * bs][j * bs])
                {
                    for (int ii = 0; ii < bs; ii++)
                        for (int jj = 0; jj < bs; jj++) {
                            double sum = 0.0;
                            for (int p = 0; p < bs; p++)
                                sum += m[i * bs + ii][o + p] * m[o + p][j * bs + jj];
                            m[i * bs + ii][j * bs + jj] -= sum;
                        }
                }
            }
    }
#pragma omp taskwait
}

static void fill(int n, double a[n][n], double ref[n][n])
{
    unsigned s = 12345u;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            s = s * 1664525u + 1013904223u;
            a[i][j] = (double)(s >> 20) / 4096.0 - 128.0;
            if (i == j)
                a[i][j] += 40.0 * n;
            ref[i][j] = a[i][j];
        }
}

/* max |L*U - ref| and a checksum of the factors */
static void check(const char *what, int n, double a[n][n], double ref[n][n])
{
    double err = 0.0, sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double v = 0.0;
            for (int p = 0; p <= (i < j ? i : j); p++)
                v += (p == i ? 1.0 : a[i][p]) * a[p][j];
            if (fabs(v - ref[i][j]) > err)
                err = fabs(v - ref[i][j]);
            sum += a[i][j] * (double)((i * 7 + j) % 11);
        }
    printf("%s: n=%d small-error=%d checksum=%.6e\n", what, n, err < 1e-8, sum);
}

static double grid[N][N], orig[N][N];

int main(void)
{
    int sizes[] = {64, 96, 120};
    int blocks[] = {16, 32, 24};
    for (int t = 0; t < 3; t++) {
        int n = sizes[t], bs = blocks[t];
        double (*a)[n] = malloc(sizeof(double[n][n]));
        double (*ref)[n] = malloc(sizeof(double[n][n]));
        fill(n, a, ref);
#pragma omp parallel
#pragma omp single
        lud_tasks(n, bs, a);
        check("lud-vla", n, a, ref);
        free(a);
        free(ref);
    }
    for (int bs = 8; bs <= 32; bs *= 2) {
        fill(N, grid, orig);
#pragma omp parallel
        {
#pragma omp master
            lud_rows(grid, bs);
        }
        check("lud-rows", N, grid, orig);
    }
    return 0;
}
