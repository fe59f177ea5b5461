/* OpenCL kernels whose buffer parameters are declared as arrays (kernels/array_params.cl:
 * `__global const float x[]`, `__global float m[][W]`, `__constant float c[4]`,
 * `__local float t[]`), the host prototypes likewise; blocks of a vector and bands of rows
 * of a matrix.  Checked against the same arithmetic on the host.  Before the fix the
 * kernels were not translated to C ("an array parameter of a kernel"): with
 * --opencl-cpu=on their tasks still ran on OpenCL, and without an OpenCL device nowhere. */
#include "ompss_check.h"
#include "array_params.h"

#define N 300
#define BS 64
#define ROWS 37
#define BAND 10

#pragma omp target device(opencl) ndrange(1, n, 32) file(kernels/array_params.cl) copy_deps
#pragma omp task in([n]x, [4]c) inout([n]y)
__kernel void scale_add(int n, __global const float x[], __constant float c[4],
                        __global float y[]);

#pragma omp target device(opencl) ndrange(2, W, n, W, 1) shmem(W * sizeof(float)) \
    file(kernels/array_params.cl) copy_deps
#pragma omp task inout([n]m)
__kernel void rows(int n, __global float m[][W], __local float t[]);

static float x[N], y[N], want_y[N];
static float m[ROWS][W], want_m[ROWS][W];

int main(void)
{
    float c[4] = {2, 0.5f, 1, 0};
    for (int i = 0; i < N; i++) {
        x[i] = (float)(i % 13);
        y[i] = want_y[i] = (float)(i % 7);
    }
    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < W; j++)
            m[i][j] = want_m[i][j] = (float)(i * W + j);
    for (int r = 0; r < 2; r++) {
        for (int b = 0; b < N; b += BS) {
            int n = N - b < BS ? N - b : BS;
            scale_add(n, &x[b], c, &y[b]);
        }
        for (int i = 0; i < ROWS; i += BAND)
            rows(ROWS - i < BAND ? ROWS - i : BAND, &m[i], 0);
        for (int i = 0; i < N; i++)
            want_y[i] = c[0] * x[i] + c[1] * want_y[i] + c[2];
        for (int i = 0; i < ROWS; i++) {
            float t[W];
            for (int j = 0; j < W; j++)
                t[j] = want_m[i][j];
            for (int j = 0; j < W; j++)
                want_m[i][j] += t[(j + W - 1) % W] * 2;
        }
    }
#pragma omp taskwait
    for (int i = 0; i < N; i++)
        CHECK(y[i] == want_y[i], "y[%d] = %g, expected %g", i, y[i], want_y[i]);
    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < W; j++)
            CHECK(m[i][j] == want_m[i][j], "m[%d][%d] = %g, expected %g", i, j, m[i][j],
                  want_m[i][j]);
    return result_ok();
}
