/* ported: openmp
 * A Jacobi solver on a 2-D grid split into blocks, written the way OpenMP-task codes are:
 * one parallel region, a single thread creating a task per block and sweep; each block is
 * represented in the dependences by its first element (OpenMP wants the items of sibling
 * tasks identical or disjoint), a block depending on itself and its four neighbours in
 * the grid read; the two grids alternate through pointers to rows; a taskwait before each
 * sweep's checksum.  Prints the checksums. */
#include <stdio.h>

#define N 96
#define BS 24
#define NB (N / BS)
#define SWEEPS 6

static double A[N + 2][N + 2], B[N + 2][N + 2];

static void sweep_block(double (*dst)[N + 2], double (*src)[N + 2], int bi, int bj)
{
    for (int i = 1 + bi * BS; i <= (bi + 1) * BS; i++)
        for (int j = 1 + bj * BS; j <= (bj + 1) * BS; j++)
            dst[i][j] = 0.25 * (src[i - 1][j] + src[i + 1][j] + src[i][j - 1] + src[i][j + 1]);
}

static double checksum(double (*g)[N + 2])
{
    double s = 0;
    for (int i = 0; i < N + 2; i++)
        for (int j = 0; j < N + 2; j++)
            s += g[i][j] * (1 + (i * 7 + j) % 13);
    return s;
}

int main(void)
{
    for (int i = 0; i < N + 2; i++)
        for (int j = 0; j < N + 2; j++)
            A[i][j] = B[i][j] = (i == 0 || j == 0) ? 100.0 : (i * j) % 5;
    double sums[SWEEPS];
#pragma omp parallel
#pragma omp single
    {
        for (int t = 0; t < SWEEPS; t++) {
            double (*src)[N + 2] = t % 2 ? B : A;
            double (*dst)[N + 2] = t % 2 ? A : B;
            for (int bi = 0; bi < NB; bi++)
                for (int bj = 0; bj < NB; bj++) {
                    int r = 1 + bi * BS, c = 1 + bj * BS;
                    int up = bi > 0 ? r - BS : r, down = bi < NB - 1 ? r + BS : r;
                    int left = bj > 0 ? c - BS : c, right = bj < NB - 1 ? c + BS : c;
#pragma omp task depend(in: src[r][c], src[up][c], src[down][c], src[r][left], src[r][right]) \
                 depend(out: dst[r][c])
                    sweep_block(dst, src, bi, bj);
                }
#pragma omp taskwait
            sums[t] = checksum(dst);
        }
    }
    for (int t = 0; t < SWEEPS; t++)
        printf("sweep %d: %.10e\n", t, sums[t]);
    return 0;
}
