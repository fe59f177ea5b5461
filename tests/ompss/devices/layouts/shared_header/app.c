/* app.c - c = alpha a b + beta c twice (a struct by value that changes between the calls)
 * on a tiled OpenCL kernel whose ndrange reads the struct, then a transpose whose local
 * size is a variable; sizes not multiples of the tile.  Checked against plain C (small
 * integers: exact).  Exit 0 and "result: OK". */
#include <stdio.h>
#include <stdlib.h>
#include "common.h"

#define N 37
#define K 29
#define M 45

static real_t a[N * K], b[K * M], c[N * M], ref[N * M], t[M * N];

int main(void)
{
    for (int i = 0; i < N * K; i++) a[i] = (real_t)((i * 7) % 5 - 2);
    for (int i = 0; i < K * M; i++) b[i] = (real_t)((i * 3) % 7 - 3);
    for (int i = 0; i < N * M; i++) ref[i] = c[i] = (real_t)(i % 4);
    gemm_params p = { .alpha = 2, .beta = 3, .n = N, .k = K, .m = M };
    gemm_tiled(a, b, c, p);
    p.beta = 1; p.alpha = -1;   /* the first task keeps its own copy */
    gemm_tiled(a, b, c, p);
    int bs = TS / 2;
    transpose(c, t, N, M, bs);
#pragma omp taskwait
    for (int r = 0; r < 2; r++) {
        real_t al = r ? -1 : 2, be = r ? 1 : 3;
        for (int i = 0; i < N; i++)
            for (int j = 0; j < M; j++) {
                real_t s = 0;
                for (int x = 0; x < K; x++) s += a[i * K + x] * b[x * M + j];
                ref[i * M + j] = al * s + be * ref[i * M + j];
            }
    }
    int wrong = 0;
    for (int i = 0; i < N * M; i++) wrong += c[i] != ref[i];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) wrong += t[j * N + i] != ref[i * M + j];
    printf(wrong ? "result: WRONG (%d)\n" : "result: OK\n", wrong);
    return wrong != 0;
}
