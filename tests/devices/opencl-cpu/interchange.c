/* Loops run once per work-group around the work-item loops (interchange.cl), against C. */
#include "ocl_cpu_check.h"

#define N 704                /* items of gather (a multiple of the group) */
#define S 300                /* sources: not a multiple of the group */
#define G 64
#define R 256                /* rows */
#define C 90                 /* columns */

#pragma omp target device(opencl) ndrange(1, N, G) shmem(G * 2 * sizeof(float)) \
    file(interchange.cl) copy_deps
#pragma omp task in([2 * n]src, [N]pos) out([2 * N]out)
__kernel void gather(__global const float *src, __global const float *pos, __global float *out,
                     int n, __local float *tile);

#pragma omp target device(opencl) ndrange(1, R, G) file(interchange.cl) copy_deps
#pragma omp task in([R * cols]a, [cols]x) out([R]y)
__kernel void rows(__global const float *a, __global const float *x, __global float *y,
                   int cols);

static float src[2 * S], pos[N + G], out[2 * N], a[R * C], x[C], y[R];

int main(void)
{
    for (int i = 0; i < 2 * S; i++)
        src[i] = (float)((i * 7) % 23 - 11) / 4.0f;
    for (int i = 0; i < N + G; i++)
        pos[i] = (float)(i % 13) / 2.0f;
    for (int i = 0; i < R * C; i++)
        a[i] = (float)((i * 5) % 9 - 4) / 2.0f;
    for (int i = 0; i < C; i++)
        x[i] = (float)(i % 7) - 3.0f;
    gather(src, pos, out, S, 0);
    rows(a, x, y, C);
#pragma omp taskwait
    for (int i = 0; i < N; i++) {
        float acc = 0.0f, wsum = 0.0f;
        for (int j = 0; j < S; j++) {
            acc += src[2 * j + 1] * (src[2 * j] - pos[i]);
            wsum += src[2 * j + 1];
        }
        CHECK(out[2 * i] == acc && out[2 * i + 1] == wsum, "gather item %d: %g %g, expected "
              "%g %g", i, out[2 * i], out[2 * i + 1], acc, wsum);
    }
    for (int r = 0; r < R; r++) {
        float acc = 0.0f;
        for (int c = 0; c < C; c++)
            acc += a[r * C + c] * x[c];
        CHECK(y[r] == acc, "rows: y[%d] = %g, expected %g", r, y[r], acc);
    }
    digest("gather", out, sizeof out);
    digest("rows", y, sizeof y);
    printf("result: OK\n");
    return 0;
}
