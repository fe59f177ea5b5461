/* app.c - c = I + a b on NT x NT tiles of NB x NB doubles (each tile column-major, stored
 * one after the other), one cuBLAS task per tile product; the products into one tile of c
 * are chained by its inout.  Small integers: the result is exact; checked against the
 * product on the host.  Exit 0 and "result: OK". */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#include "kernel.h"

#define NT 3
#define NB 96
#define N (NT * NB)

static double *tile(double *m, int i, int j)
{
    return m + ((size_t)i * NT + j) * NB * NB;
}

/* element (r, col) of a tiled matrix */
static double *at(double *m, int r, int col)
{
    return tile(m, r / NB, col / NB) + (col % NB) * NB + r % NB;
}

int main(void)
{
    double *a = malloc(sizeof(double) * N * N), *b = malloc(sizeof(double) * N * N);
    double *c = malloc(sizeof(double) * N * N);
    for (int r = 0; r < N; r++)
        for (int col = 0; col < N; col++) {
            *at(a, r, col) = (r * 3 + col) % 7 - 3;
            *at(b, r, col) = (r + 2 * col) % 5 - 2;
            *at(c, r, col) = r == col;
        }
    printf("GPUs: %d\n", nanos_get_num_cuda_devices());
    for (int i = 0; i < NT; i++)
        for (int j = 0; j < NT; j++)
            for (int k = 0; k < NT; k++)
                dgemm_tile(tile(a, i, k), tile(b, k, j), tile(c, i, j), NB);
#pragma omp taskwait
    int wrong = 0;
    for (int r = 0; r < N; r++)
        for (int col = 0; col < N; col++) {
            double s = r == col;
            for (int k = 0; k < N; k++)
                s += *at(a, r, k) * *at(b, k, col);
            wrong += *at(c, r, col) != s;
        }
    printf(wrong ? "result: WRONG (%d)\n" : "result: OK\n", wrong);
    free(a);
    free(b);
    free(c);
    return wrong != 0;
}
