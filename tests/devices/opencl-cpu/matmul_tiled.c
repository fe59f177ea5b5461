/* Tiled matrix product with __local tiles (matmul_tiled.cl) against sequential C, for a
 * size that is not a multiple of the tile; a digest for comparing runs (run.sh). */
#include "ocl_cpu_check.h"

#define N 75
#define TS 16

#pragma omp target device(opencl) ndrange(2, n, n, TS, TS) file(matmul_tiled.cl) copy_deps
#pragma omp task in([n * n]a, [n * n]b) out([n * n]c)
__kernel void matmul_tiled(__global const float *a, __global const float *b,
                           __global float *c, int n);

static float a[N * N], b[N * N], c[N * N];

int main(void)
{
    for (int i = 0; i < N * N; i++) {
        a[i] = (float)((i * 31) % 17) * 0.125f - 1.0f;
        b[i] = (float)((i * 7) % 13) * 0.25f - 1.5f;
    }
    matmul_tiled(a, b, c, N);
#pragma omp taskwait
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            float want = 0.0f;
            for (int k = 0; k < N; k++)
                want += a[i * N + k] * b[k * N + j];
            CHECK(c[i * N + j] == want, "c[%d][%d] = %g, expected %g", i, j, c[i * N + j], want);
        }
    digest("matmul_tiled", c, sizeof c);
    printf("result: OK\n");
    return 0;
}
