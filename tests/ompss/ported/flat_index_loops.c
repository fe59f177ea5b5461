/* ported: openmp
 * ported-werror
 * Flattened 2-D and 3-D arrays written through a pointer each thread of the region has
 * its own copy of (`firstprivate(A)`, `double *a = A;` in the region, swapped grids), as
 * PolyBench, NPB and Rodinia index them: A[(i)*(n)+j] with an inner j below n, a stencil's
 * interior A[i*n + j] for j in 1..n-2, A[(i*ny + j)*nz + k], *(p + i*n + j), a row k
 * the region's loop picks and the loop's i below n (A[k*n + i]), collapse(2) over i and
 * j, j counting down, a triangle (j from i + 1), a row passed to a function that only
 * reads it (`const double *`).  Each iteration writes only its own elements, so the
 * loops' tasks may run at once: mcc ran each as one task with a warning ("private to
 * each thread ... writes it"); built with -Werror, this program failed on it. */
#include <stdio.h>
#include <stdlib.h>

#define N 48
#define NY 12
#define NZ 10

static double checksum(const double *a, int n)
{
    double s = 0;
    for (int k = 0; k < n; k++)
        s += a[k] * ((k % 7) + 1);
    return s;
}

static void init(double *A, int n)
{
    int i, j;
#pragma omp parallel firstprivate(A) private(j)
    {
#pragma omp for
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                A[(i)*(n)+j] = (double)((i * 7 + j * 3) % 11) / 11 + (i == j ? n : 0);
    }
}

/* Jacobi sweeps over flattened grids whose pointers each thread swaps */
static void jacobi(double *g1, double *g2, int n, int sweeps)
{
#pragma omp parallel
    {
        double *src = g1, *dst = g2;
        for (int s = 0; s < sweeps; s++) {
#pragma omp for schedule(static)
            for (int i = 1; i < n - 1; i++)
                for (int j = 1; j < n - 1; j++)
                    dst[i * n + j] = 0.25 * (src[(i - 1) * n + j] + src[(i + 1) * n + j] +
                                             src[i * n + j - 1] + src[i * n + j + 1]);
            double *t = src;
            src = dst;
            dst = t;
        }
    }
}

/* LU without pivoting on a flattened matrix: the row k the region's loop sets */
static void lu(double *A, int n)
{
#pragma omp parallel firstprivate(A)
    {
        int i, j, k;
        for (k = 0; k < n; k++) {
#pragma omp for
            for (j = k + 1; j < n; j++)
                A[k * n + j] = A[k * n + j] / A[k * n + k];
#pragma omp for
            for (i = k + 1; i < n; i++)
                for (j = k + 1; j < n; j++)
                    A[i * n + j] -= A[i * n + k] * A[k * n + j];
        }
    }
}

/* a 3-D field, a pointer-arithmetic update, collapse(2), j down, an upper triangle */
static void others(double *u, double *A, double *B, int n, int ny, int nz)
{
#pragma omp parallel
    {
        double *v = u, *p = A, *q = B;
        int j, k;
#pragma omp for
        for (int i = 0; i < 4; i++)
            for (j = 0; j < ny; j++)
                for (k = 0; k < nz; k++)
                    v[(i * ny + j) * nz + k] = i + 0.5 * j + 0.25 * k;
#pragma omp for
        for (int i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                *(p + i * n + j) += 1.0 / (1 + i + j);
#pragma omp for collapse(2) schedule(dynamic, 7)
        for (int i = 0; i < n; i++)
            for (int jj = 0; jj < n; jj++)
                q[i * n + jj] = p[jj * n + i];
#pragma omp barrier
#pragma omp for
        for (int i = 0; i < n; i++)
            for (j = n - 1; j >= 0; j--)
                q[n * i + j] += j > 0 ? q[n * i + j - 1] : 0;
#pragma omp for schedule(dynamic)
        for (int i = 0; i < n; i++)
            for (j = i + 1; j < n; j++)
                p[i * n + j] = 0.5 * (p[i * n + j] + q[i * n + j]);
#pragma omp for
        for (int i = 0; i < n; i++)
            q[i] += checksum(p + i * n, n);
    }
}

int main(void)
{
    double *A = malloc(N * N * sizeof *A), *g1 = calloc(N * N, sizeof *g1);
    double *g2 = calloc(N * N, sizeof *g2), *u = malloc(4 * NY * NZ * sizeof *u);
    double *B = malloc(N * N * sizeof *B);
    init(A, N);
    for (int i = 0; i < N; i++)
        g1[i] = g2[i] = g1[i * N] = g2[i * N] = 1.0;
    jacobi(g1, g2, N, 10);
    printf("init %.6e jacobi %.6e\n", checksum(A, N * N), checksum(g1, N * N));
    lu(A, N);
    others(u, A, B, N, NY, NZ);
    printf("lu %.6e field %.6e\n", checksum(A, N * N), checksum(u, 4 * NY * NZ));
    printf("transposed %.6e\n", checksum(B, N * N));
    free(A);
    free(g1);
    free(g2);
    free(u);
    free(B);
    return 0;
}
