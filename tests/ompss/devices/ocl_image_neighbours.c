/* Buffer kernels in a .cl that also has a program-scope sampler and image kernels (not
 * translated to C): the buffer kernels are still translated and their tasks run, on
 * OpenCL and translated (before the fix the sampler's CLK_ constants were undeclared in
 * the translation and an image parameter broke its compilation: every kernel of the file
 * lost its translation, and the 'translated' setting ran none). */
#include "ompss_check.h"

#define N 1000
#define BS 250

#pragma omp target device(opencl) ndrange(1, n, 64) file(kernels/images.cl) copy_deps
#pragma omp task inout([n]px)
__kernel void brighten(__global float *px, float gain, int n);

#pragma omp target device(opencl) ndrange(1, n, 64) file(kernels/images.cl) copy_deps
#pragma omp task inout([n]px)
__kernel void offset(__global float *px, float by, int n);

static float px[N];

int main(void)
{
    for (int i = 0; i < N; i++)
        px[i] = (float)(i % 100);
    for (int b = 0; b < N; b += BS) {
        brighten(&px[b], 3.0f, BS);
        offset(&px[b], (float)b, BS);
    }
#pragma omp taskwait
    for (int i = 0; i < N; i++) {
        float v = (float)(i % 100) * 3.0f;
        float want = (v > 255.0f ? 255.0f : v) + (float)(i / BS * BS);
        CHECK(px[i] == want, "px[%d] = %g, expected %g", i, px[i], want);
    }
    return result_ok();
}
