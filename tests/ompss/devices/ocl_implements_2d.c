/* implements(fn): an smp function task and its OpenCL version over a 2-D range with
 * __constant work-group sizes; the kernel source is given on the mcc command line (not
 * file(...)).  A long chain of tasks on the same tiles may run each instance on either
 * device: both versions compute the same, so every tile must equal the sequential result,
 * and data moving between the host and the device in the middle of a chain stays right. */
#include "ompss_check.h"

#define ROWS 48
#define COLS 40
#define TILES 4
#define STEPS 12
__constant int BX = 8, BY = 4;

#pragma omp target device(smp) copy_deps
#pragma omp task inout([rows * cols]m)
void scale2d(float *m, int rows, int cols, float k);

#pragma omp target device(opencl) ndrange(2, cols, rows, BX, BY) copy_deps implements(scale2d)
#pragma omp task inout([rows * cols]m)
__kernel void scale2d_ocl(__global float *m, int rows, int cols, float k);

void scale2d(float *m, int rows, int cols, float k)
{
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            m[r * cols + c] = m[r * cols + c] * k + (float)(r - c);
}

static float m[TILES][ROWS * COLS], ref[ROWS * COLS];

int main(void)
{
    for (int t = 0; t < TILES; t++)
        for (int i = 0; i < ROWS * COLS; i++)
            m[t][i] = (float)(i % 7);
    for (int s = 0; s < STEPS; s++)
        for (int t = 0; t < TILES; t++)
            scale2d(m[t], ROWS, COLS, s % 2 ? 0.5f : 2.0f);
#pragma omp taskwait
    for (int i = 0; i < ROWS * COLS; i++)
        ref[i] = (float)(i % 7);
    for (int s = 0; s < STEPS; s++)
        for (int r = 0; r < ROWS; r++)
            for (int c = 0; c < COLS; c++)
                ref[r * COLS + c] = ref[r * COLS + c] * (s % 2 ? 0.5f : 2.0f) + (float)(r - c);
    for (int t = 0; t < TILES; t++)
        for (int i = 0; i < ROWS * COLS; i++)
            CHECK(m[t][i] == ref[i], "tile %d [%d] = %g, expected %g", t, i, m[t][i], ref[i]);
    return result_ok();
}
