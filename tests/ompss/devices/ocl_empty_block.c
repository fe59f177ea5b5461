/* A blocked OpenCL task whose last block is empty ([n]x with n == 0) while its range is
 * a whole block: the kernel runs, bound-checks, and touches nothing.  The buffers of a
 * region of no bytes reach it as null pointers, not as a fatal "not inside the data
 * copied" (each block's buffers are also read and written by other tasks around it). */
#include "ompss_check.h"

#define N 256
#define BS 64

#pragma omp target device(opencl) ndrange(1, BS, 16) file(kernels/blocks.cl) copy_deps
#pragma omp task in([n]x) inout([n]y)
__kernel void axpy_block(__global const float *x, __global float *y, float a, int n);

static float x[N], y[N];

int main(void)
{
    for (int i = 0; i < N; i++) {
        x[i] = (float)(i % 9);
        y[i] = (float)(i % 4);
    }
    /* N is a multiple of BS: the block at N has no elements, as a loop with `<=` gives */
    for (int rep = 0; rep < 3; rep++)
        for (int b = 0; b <= N; b += BS)
            axpy_block(&x[b], &y[b], 2.0f, b + BS <= N ? BS : N - b);
#pragma omp taskwait
    for (int i = 0; i < N; i++)
        CHECK(y[i] == 6.0f * (float)(i % 9) + (float)(i % 4), "y[%d] = %g", i, y[i]);
    return result_ok();
}
