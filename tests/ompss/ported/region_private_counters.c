/* ported: openmp
 * ported-werror
 * PolyBench's and NPB's shape: `#pragma omp parallel private(i, j, k)` (or counters and
 * temporaries declared in the region) around `for` loops whose bodies count with j and k
 * and keep a partial sum in a temporary, and a row index k that the region's own loop
 * sets and the worksharing loops read (LU, 2mm, a CG matrix-vector product), and the
 * two grids of a stencil whose pointers each thread swaps between sweeps (the loop writes
 * through one, not the pointer itself).  mcc ran
 * every such loop as one task with a warning ("private to each thread ... writes it"),
 * without parallelism; built with -Werror, this program fails on that warning. */
#include <stdio.h>

#define N 96
#define M 64

static double A[N][N], B[N][M], C[M][N], T[N][N], D[N][N];
static double x[N], y[N];
static int rowstart[N + 1], colidx[N * 4];
static double val[N * 4];

int main(void)
{
    int i, j, k;
    double sum;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            A[i][j] = i == j ? N : (double)((i * 7 + j * 3) % 11) / 11;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            B[i][j] = (double)((i + 2 * j) % 5) / 4;
            C[j][i] = (double)((3 * i + j) % 7) / 8;
        }
    for (i = 0; i < N; i++) {
        x[i] = (double)(i % 9) / 3;
        rowstart[i] = 4 * i;
        for (k = 0; k < 4; k++) {
            colidx[4 * i + k] = (i + k * 13) % N;
            val[4 * i + k] = (double)(k + 1) / 2;
        }
    }
    rowstart[N] = 4 * N;

    /* LU without pivoting: k the region's row, j and i the loops' counters */
#pragma omp parallel private(i, j, k)
    {
        for (k = 0; k < N; k++) {
#pragma omp for
            for (j = k + 1; j < N; j++)
                A[k][j] = A[k][j] / A[k][k];
#pragma omp for
            for (i = k + 1; i < N; i++)
                for (j = k + 1; j < N; j++)
                    A[i][j] -= A[i][k] * A[k][j];
        }
    }

    /* 2mm: T = B C, then D = T A, the inner counters private to the region */
#pragma omp parallel private(j, k)
    {
#pragma omp for
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                T[i][j] = 0;
                for (k = 0; k < M; k++)
                    T[i][j] += B[i][k] * C[k][j];
            }
#pragma omp for schedule(dynamic, 4)
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                D[i][j] = 0.5 * T[i][j];
                for (k = 0; k < N; k += 8)
                    D[i][j] += T[i][k] * A[k][j] / N;
            }
    }

    /* CG's sparse matrix-vector product: a partial sum per row, declared in the region */
#pragma omp parallel private(k, sum)
    {
        int jj;
#pragma omp for
        for (jj = 0; jj < N; jj++) {
            sum = 0.0;
            for (k = rowstart[jj]; k < rowstart[jj + 1]; k++)
                sum = sum + val[k] * x[colidx[k]];
            y[jj] = sum;
        }
    }

    /* Jacobi sweeps: src and dst private to each thread, swapped after each sweep */
    static double g1[N][N], g2[N][N];
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            g1[i][j] = g2[i][j] = (i == 0 || j == 0) ? 1.0 : 0.0;
#pragma omp parallel
    {
        double (*src)[N] = g1, (*dst)[N] = g2;
        for (int sweep = 0; sweep < 10; sweep++) {
#pragma omp for collapse(2) schedule(static)
            for (int y = 1; y < N - 1; y++)
                for (int x = 1; x < N - 1; x++)
                    dst[y][x] = 0.25 * (src[y - 1][x] + src[y + 1][x] + src[y][x - 1] +
                                        src[y][x + 1]);
            double (*t)[N] = src;
            src = dst;
            dst = t;
        }
    }
    double s4 = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            s4 += g1[i][j];
    double s1 = 0, s2 = 0, s3 = 0;
    for (i = 0; i < N; i++) {
        s1 += A[i][i] + A[i][N - 1 - i];
        s3 += y[i];
        for (j = 0; j < N; j++)
            s2 += D[i][j];
    }
    printf("lu %.6e 2mm %.6e cg %.6e jacobi %.6e\n", s1, s2, s3, s4);
    return 0;
}
