/*
 * sparselu.c - LU factorisation of a sparse blocked matrix (the BOTS/OmpSs "sparseLU").
 *
 *   usage: sparselu [NB [BS]]     (defaults 32 64: 32 x 32 blocks of 64 x 64)
 *   mcc --ompss -O2 sparselu.c -o sparselu && NX_ARGS="--smp-workers=2" ./sparselu
 *
 * The matrix is an NB x NB array of pointers to BS x BS blocks, many of them NULL.  The
 * four kernels (lu0 on a diagonal block, fwd along its row, bdiv down its column, bmod
 * on the trailing blocks) are function tasks whose dependences are whole blocks, given
 * by shaping: `inout([bs][bs]inner)`.  bmod may need a block that is still NULL (fill-in):
 * the creating thread allocates it before creating the task, as in BOTS.
 * Checks: the factors reproduce the original matrix (L * U x = A x for a vector x), and
 * the task version equals a sequential run of the same kernels bit for bit.
 * Exit 0 and "result: OK" when right, 1 when wrong.
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- kernels on BS x BS row-major blocks ---------------------------------------------- */

static void lu0(double *diag, int bs)
{
    for (int k = 0; k < bs; k++)
        for (int i = k + 1; i < bs; i++) {
            diag[i * bs + k] /= diag[k * bs + k];
            for (int j = k + 1; j < bs; j++)
                diag[i * bs + j] -= diag[i * bs + k] * diag[k * bs + j];
        }
}

static void fwd(const double *diag, double *col, int bs)
{
    for (int j = 0; j < bs; j++)
        for (int k = 0; k < bs; k++)
            for (int i = k + 1; i < bs; i++)
                col[i * bs + j] -= diag[i * bs + k] * col[k * bs + j];
}

static void bdiv(const double *diag, double *row, int bs)
{
    for (int i = 0; i < bs; i++)
        for (int k = 0; k < bs; k++) {
            row[i * bs + k] /= diag[k * bs + k];
            for (int j = k + 1; j < bs; j++)
                row[i * bs + j] -= row[i * bs + k] * diag[k * bs + j];
        }
}

static void bmod(const double *row, const double *col, double *inner, int bs)
{
    for (int i = 0; i < bs; i++)
        for (int k = 0; k < bs; k++) {
            double r = row[i * bs + k];
            for (int j = 0; j < bs; j++)
                inner[i * bs + j] -= r * col[k * bs + j];
        }
}

/* ---- the same kernels as tasks -------------------------------------------------------- */

#pragma omp task inout([bs][bs]diag) label(lu0)
void lu0_task(double *diag, int bs)
{
    lu0(diag, bs);
}

#pragma omp task in([bs][bs]diag) inout([bs][bs]col) label(fwd)
void fwd_task(const double *diag, double *col, int bs)
{
    fwd(diag, col, bs);
}

#pragma omp task in([bs][bs]diag) inout([bs][bs]row) label(bdiv)
void bdiv_task(const double *diag, double *row, int bs)
{
    bdiv(diag, row, bs);
}

#pragma omp task in([bs][bs]row, [bs][bs]col) inout([bs][bs]inner) label(bmod)
void bmod_task(const double *row, const double *col, double *inner, int bs)
{
    bmod(row, col, inner, bs);
}

/* ---- the matrix ----------------------------------------------------------------------- */

static double *block_new(int bs)
{
    double *b = calloc((size_t)bs * bs, sizeof *b);
    if (!b) {
        perror("calloc");
        exit(2);
    }
    return b;
}

/* The BOTS sparsity pattern with deterministic values; the diagonal is made dominant so
 * that LU without pivoting is stable. */
static double **genmat(int nb, int bs)
{
    double **a = calloc((size_t)nb * nb, sizeof *a);
    unsigned v = 1325;
    for (int ii = 0; ii < nb; ii++)
        for (int jj = 0; jj < nb; jj++) {
            int null = (ii < jj && ii % 3 != 0) || (ii > jj && jj % 3 != 0) || ii % 2 == 1
                       || jj % 2 == 1;
            if (ii == jj || ii == jj - 1 || ii - 1 == jj)
                null = 0;
            if (null)
                continue;
            double *b = a[ii * nb + jj] = block_new(bs);
            for (int k = 0; k < bs * bs; k++) {
                v = (3125 * v) % 65536;
                b[k] = (v - 32768.0) / 16384.0;
            }
            if (ii == jj)
                for (int k = 0; k < bs; k++)
                    b[k * bs + k] += 4.0 * bs * 3;
        }
    return a;
}

static double **copy_matrix(double **a, int nb, int bs)
{
    double **c = calloc((size_t)nb * nb, sizeof *c);
    for (int i = 0; i < nb * nb; i++)
        if (a[i]) {
            c[i] = block_new(bs);
            memcpy(c[i], a[i], (size_t)bs * bs * sizeof *c[i]);
        }
    return c;
}

static void free_matrix(double **a, int nb)
{
    for (int i = 0; i < nb * nb; i++)
        free(a[i]);
    free(a);
}

/* ---- the factorisation: tasks or plain calls of the same kernels ---------------------- */

static void sparselu(double **a, int nb, int bs, int tasks)
{
    for (int kk = 0; kk < nb; kk++) {
        double *diag = a[kk * nb + kk];
        if (tasks)
            lu0_task(diag, bs);
        else
            lu0(diag, bs);
        for (int jj = kk + 1; jj < nb; jj++)
            if (a[kk * nb + jj]) {
                if (tasks)
                    fwd_task(diag, a[kk * nb + jj], bs);
                else
                    fwd(diag, a[kk * nb + jj], bs);
            }
        for (int ii = kk + 1; ii < nb; ii++)
            if (a[ii * nb + kk]) {
                if (tasks)
                    bdiv_task(diag, a[ii * nb + kk], bs);
                else
                    bdiv(diag, a[ii * nb + kk], bs);
            }
        for (int ii = kk + 1; ii < nb; ii++) {
            if (!a[ii * nb + kk])
                continue;
            for (int jj = kk + 1; jj < nb; jj++) {
                if (!a[kk * nb + jj])
                    continue;
                if (!a[ii * nb + jj])
                    a[ii * nb + jj] = block_new(bs);
                if (tasks)
                    bmod_task(a[ii * nb + kk], a[kk * nb + jj], a[ii * nb + jj], bs);
                else
                    bmod(a[ii * nb + kk], a[kk * nb + jj], a[ii * nb + jj], bs);
            }
        }
    }
#pragma omp taskwait
}

/* y := M x for the blocked matrix m, taking from each block only the part `part` selects:
 * 0 all, 1 unit lower triangle of diagonal blocks and the blocks below, 2 upper triangle of
 * diagonal blocks (with the diagonal) and the blocks right of it. */
static void matvec(double **m, int nb, int bs, int part, const double *x, double *y)
{
    memset(y, 0, (size_t)nb * bs * sizeof *y);
    for (int ii = 0; ii < nb; ii++)
        for (int jj = 0; jj < nb; jj++) {
            const double *b = m[ii * nb + jj];
            if (!b || (part == 1 && jj > ii) || (part == 2 && jj < ii))
                continue;
            for (int i = 0; i < bs; i++)
                for (int j = 0; j < bs; j++) {
                    double e = b[i * bs + j];
                    if (ii == jj && part == 1)
                        e = j < i ? e : j == i ? 1.0 : 0.0;
                    else if (ii == jj && part == 2 && j < i)
                        e = 0.0;
                    y[ii * bs + i] += e * x[jj * bs + j];
                }
        }
}

/* ||L U x - A x|| / ||A x|| */
static double lu_error(double **lu, double **orig, int nb, int bs)
{
    long n = (long)nb * bs;
    double *x = malloc(n * sizeof *x), *ux = malloc(n * sizeof *x), *lux = malloc(n * sizeof *x),
           *ax = malloc(n * sizeof *x);
    for (long i = 0; i < n; i++)
        x[i] = (double)(i % 13) - 6;
    matvec(lu, nb, bs, 2, x, ux);
    matvec(lu, nb, bs, 1, ux, lux);
    matvec(orig, nb, bs, 0, x, ax);
    double err = 0, norm = 0;
    for (long i = 0; i < n; i++) {
        err += (lux[i] - ax[i]) * (lux[i] - ax[i]);
        norm += ax[i] * ax[i];
    }
    free(x);
    free(ux);
    free(lux);
    free(ax);
    return sqrt(err) / sqrt(norm);
}

static int same_matrix(double **a, double **b, int nb, int bs)
{
    for (int i = 0; i < nb * nb; i++) {
        if (!a[i] != !b[i])
            return 0;
        if (a[i] && memcmp(a[i], b[i], (size_t)bs * bs * sizeof *a[i]) != 0)
            return 0;
    }
    return 1;
}

int main(int argc, char **argv)
{
    int nb = argc > 1 ? atoi(argv[1]) : 32, bs = argc > 2 ? atoi(argv[2]) : 64;
    if (nb <= 0 || bs <= 0) {
        fprintf(stderr, "usage: %s [NB [BS]]\n", argv[0]);
        return 2;
    }
    double **a = genmat(nb, bs), **orig = copy_matrix(a, nb, bs), **seq = copy_matrix(a, nb, bs);
    double t0 = omp_get_wtime();
    sparselu(a, nb, bs, 1);
    double secs = omp_get_wtime() - t0;
    printf("sparselu: %d x %d blocks of %d x %d\n", nb, nb, bs, bs);
    printf("time: %.6f s\n", secs);

    sparselu(seq, nb, bs, 0);
    double err = lu_error(a, orig, nb, bs);
    int same = same_matrix(a, seq, nb, bs);
    free_matrix(a, nb);
    free_matrix(orig, nb);
    free_matrix(seq, nb);
    if (!same || !(err < 1e-10)) {
        printf("result: WRONG (relative error %.3g, %s the sequential run)\n", err,
               same ? "equal to" : "differs from");
        return 1;
    }
    printf("result: OK (relative error %.3g)\n", err);
    return 0;
}
