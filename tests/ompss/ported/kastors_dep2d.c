/* ported: openmp
 * ported-werror
 * KASTORS-style dependence codes over 2-D arrays passed as `double (*A)[N]`: a blocked
 * triangular solve and a wavefront with `depend(inout: A[i][j])` on the block's corner
 * element, `depend(in: A[i - 1][j], A[i][j - 1])`, a `const double (*B)[N]` read
 * through `depend(in: B[k][0:N])` row sections, a `restrict` qualified VLA parameter with
 * sections `C[i * bs:bs][0:m]`, `taskwait depend(in: A[N - 1][N - 1])` before reading one
 * result while other tasks are still running. */
#include <stdio.h>
#include <stdlib.h>

#define N 64
#define BS 8
#define NB (N / BS)

static void block_update(double (*A)[N], const double (*B)[N], int bi, int bj)
{
    for (int i = bi * BS; i < (bi + 1) * BS; i++)
        for (int j = bj * BS; j < (bj + 1) * BS; j++) {
            double up = i > 0 ? A[i - 1][j] : 1.0;
            double left = j > 0 ? A[i][j - 1] : 1.0;
            A[i][j] = 0.5 * (up + left) + 0.001 * B[i][j];
        }
}

static void wavefront(double (*A)[N], const double (*B)[N])
{
    for (int bi = 0; bi < NB; bi++)
        for (int bj = 0; bj < NB; bj++) {
            if (bi > 0 && bj > 0) {
#pragma omp task depend(inout: A[bi * BS][bj * BS]) depend(in: A[(bi - 1) * BS][bj * BS], A[bi * BS][(bj - 1) * BS]) depend(in: B[bi * BS][0:N])
                block_update(A, B, bi, bj);
            } else if (bi > 0) {
#pragma omp task depend(inout: A[bi * BS][bj * BS]) depend(in: A[(bi - 1) * BS][bj * BS])
                block_update(A, B, bi, bj);
            } else if (bj > 0) {
#pragma omp task depend(inout: A[bi * BS][bj * BS]) depend(in: A[bi * BS][(bj - 1) * BS])
                block_update(A, B, bi, bj);
            } else {
#pragma omp task depend(inout: A[0][0])
                block_update(A, B, bi, bj);
            }
        }
}

/* row blocks of a VLA: each task scales its rows, then a second task per block adds the
 * block above it */
static void rows_pass(int n, int m, int bs, double C[restrict n][m])
{
    for (int i = 0; i < n / bs; i++) {
#pragma omp task depend(inout: C[i * bs:bs][0:m]) firstprivate(i)
        for (int r = i * bs; r < (i + 1) * bs; r++)
            for (int c = 0; c < m; c++)
                C[r][c] = C[r][c] * 2.0 + r;
    }
    for (int i = 1; i < n / bs; i++) {
#pragma omp task depend(inout: C[i * bs:bs][0:m]) depend(in: C[(i - 1) * bs:bs][0:m])
        for (int r = i * bs; r < (i + 1) * bs; r++)
            for (int c = 0; c < m; c++)
                C[r][c] += C[r - bs][c] * 0.25;
    }
    /* gcc -fopenmp's tasks read the VLA's bound m from this function's frame (ASan's
     * stack-use-after-return at the line above): returning before they ran made the
     * openmp oracle crash now and then under load */
#pragma omp taskwait
}

int main(void)
{
    double (*A)[N] = malloc(sizeof(double[N][N]));
    double (*B)[N] = malloc(sizeof(double[N][N]));
    int n = 48, m = 20;
    double (*C)[m] = malloc(sizeof(double[n][m]));
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = 0.0;
            B[i][j] = (double)((i * 7 + j * 3) % 11);
        }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            C[i][j] = (i + j) % 5;
    double corner = 0.0;
#pragma omp parallel
#pragma omp single
    {
        wavefront(A, (const double (*)[N])B);
        rows_pass(n, m, 8, C);
#pragma omp taskwait depend(in: A[N - BS][N - BS])
        corner = A[N - 1][N - 1];
    }
    double s = 0.0, t = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            s += A[i][j] * (1 + (i + j) % 3);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            t += C[i][j] * (1 + i % 4);
    printf("corner %.9f\nwave %.6f\nrows %.3f\n", corner, s, t);
    free(A);
    free(B);
    free(C);
    return 0;
}
