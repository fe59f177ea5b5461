/* kernels.h - the seed's clauses (Mercurium's OpenCL/CUDA extension, phase 1):
 *   device(undefined)  scale_count has no definition of its own, only the kernel that
 *                      implements it;
 *   calls(...)         the kernel's arguments are expressions of the task's parameters
 *                      (other order, other values), not the task's own;
 *   noCheckDim         ndrange's sizes are used as given: n / 64 groups of 64, not
 *                      rounded up (the kernel counts the work-items that ran);
 * and add_rows, an smp task whose device version takes only some of its parameters,
 * matched by name. */
#ifndef KERNELS_H
#define KERNELS_H

#ifdef __cplusplus
extern "C" {
#endif

#pragma omp target device(undefined) copy_deps
#pragma omp task in([n]x) inout([n]y, *count)
void scale_count(const float *x, float *y, int n, float a, int *count);

#pragma omp task inout([rows * cols]m)
void add_rows(int rows, int cols, int *m, int v);

#ifdef WITH_OPENCL
#pragma omp target device(opencl) implements(scale_count) file(seed.cl) \
    ndrange(1, n, 64, noCheckDim) calls(count, 2.0f * a, x, y)
__kernel void scale_count_ocl(__global int *count, float factor, __global const float *in,
                              __global float *out);

#pragma omp target device(opencl) implements(add_rows) file(seed.cl) ndrange(2, cols, rows, 8, 4) copy_deps
__kernel void add_rows_ocl(__global int *m, int cols, int v);
#endif

#ifdef WITH_CUDA
#pragma omp target device(cuda) implements(scale_count) \
    ndrange(1, n, 64, noCheckDim) calls(count, 2.0f * a, x, y)
__global__ void scale_count_cuda(int *count, float factor, const float *in, float *out);

#pragma omp target device(cuda) implements(add_rows) ndrange(2, cols, rows, 8, 4) copy_deps
__global__ void add_rows_cuda(int *m, int cols, int v);
#endif

#ifdef __cplusplus
}
#endif

#endif
