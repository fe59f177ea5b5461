/* An OpenCL task of its own: file(...) relative to this source, a __constant local size
 * (n = 1000 is not a multiple of BS: the range is rounded up, the kernel bound-checks),
 * and name(...) for a second C name of the same kernel launched without local sizes;
 * chains of dependent kernel tasks over the same buffers, checked on the host. */
#include "ompss_check.h"

#define N 1000
__constant int BS = 64;

#pragma omp target device(opencl) ndrange(1, n, BS) file(kernels/vadd.cl) copy_deps
#pragma omp task in([n]a, [n]b) out([n]c)
__kernel void vadd(__global const float *a, __global const float *b, __global float *c, int n);

#pragma omp target device(opencl) ndrange(1, n) file(kernels/vadd.cl) name(vadd) copy_deps
#pragma omp task in([n]a, [n]b) out([n]c)
__kernel void vadd_any_group(__global const float *a, __global const float *b,
                             __global float *c, int n);

static float a[N], b[N], c[N], d[N];

int main(void)
{
    for (int i = 0; i < N; i++) {
        a[i] = (float)i;
        b[i] = (float)(2 * i);
    }
    vadd(a, b, c, N);               /* c = 3i */
    vadd_any_group(c, a, d, N);     /* d = 4i, after c */
    vadd(d, d, c, N);               /* c = 8i, after d and after the first reader of c */
#pragma omp taskwait
    for (int i = 0; i < N; i++) {
        CHECK(d[i] == 4.0f * i, "d[%d] = %g, expected %g", i, d[i], 4.0 * i);
        CHECK(c[i] == 8.0f * i, "c[%d] = %g, expected %g", i, c[i], 8.0 * i);
    }
    return result_ok();
}
