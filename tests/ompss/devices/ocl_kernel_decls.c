/* OpenCL kernels declared as OpenCL C allows beside `__kernel void name(`: `void __kernel
 * name(`, an attribute between `__kernel` and `void`, one word a line, and prototypes in
 * the .cl before the definitions (parameters unnamed, or named otherwise), older versions
 * of kernels with other parameters in comments and under `#if 0`, parameters with comments
 * between them.  Each kernel takes the prototype's parameters b, n, k but not a (matched
 * by name).  Before the fixes the runtime knew no parameter names for them and passed all
 * four by position: "the task's arguments do not match the kernel's parameters" on PoCL,
 * "takes 3 arguments but the launch passes 4" translated (for the last two: the versions
 * in comments and under #if 0 disagreed with the kernel). */
#include "ompss_check.h"

#define N 100

#pragma omp target device(opencl) ndrange(1, n, 16) file(kernels/decls.cl) copy_deps
#pragma omp task in([n]a) inout([n]b)
__kernel void k_after(__global float *a, __global float *b, int n, float k);

#pragma omp target device(opencl) ndrange(1, n) file(kernels/decls.cl) copy_deps
#pragma omp task in([n]a) inout([n]b)
__kernel void k_attr(__global float *a, __global float *b, int n, float k);

#pragma omp target device(opencl) ndrange(1, n, 16) file(kernels/decls.cl) copy_deps
#pragma omp task in([n]a) inout([n]b)
__kernel void k_lines(__global float *a, __global float *b, int n, float k);

#pragma omp target device(opencl) ndrange(1, n, 16) file(kernels/decls.cl) copy_deps
#pragma omp task in([n]a) inout([n]b)
__kernel void k_proto(__global float *a, __global float *b, int n, float k);

#pragma omp target device(opencl) ndrange(1, n, 16) file(kernels/decls.cl) copy_deps
#pragma omp task in([n]a) inout([n]b)
__kernel void k_renamed(__global float *a, __global float *b, int n, float k);

#pragma omp target device(opencl) ndrange(1, n, 16) file(kernels/decls.cl) copy_deps
#pragma omp task in([n]a) inout([n]b)
__kernel void k_commented(__global float *a, __global float *b, int n, float k);

#pragma omp target device(opencl) ndrange(1, n, 16) file(kernels/decls.cl) copy_deps
#pragma omp task in([n]a) inout([n]b)
__kernel void k_if0(__global float *a, __global float *b, int n, float k);

static float a[N], b[N];

int main(void)
{
    for (int i = 0; i < N; i++) {
        a[i] = -1;
        b[i] = (float)i;
    }
    k_attr(a, b, N, 3.0f);      /* 3i */
    k_after(a, b, N, 1.0f);     /* 3i + 1 */
    k_lines(a, b, N, 0.5f);     /* 3i */
    k_proto(a, b, N, 2.0f);     /* 6i + 1 */
    k_renamed(a, b, N, 4.0f);   /* 6i - 3 */
    k_commented(a, b, N, 2.0f); /* 12i - 6 */
    k_if0(a, b, N, 9.0f);       /* 12i + 3 */
#pragma omp taskwait
    for (int i = 0; i < N; i++) {
        CHECK(a[i] == -1, "a[%d] = %g, expected -1", i, a[i]);
        CHECK(b[i] == 12.0f * i + 3.0f, "b[%d] = %g, expected %g", i, b[i], 12.0 * i + 3);
    }
    return result_ok();
}
