/* saxpy.h - one task, three implementations: the smp function (saxpy_smp.c), an OpenCL
 * kernel (saxpy.cl) and a CUDA kernel (saxpy.cu, which includes this header: nvcc sees the
 * pragmas and the CUDA prototype only).  NO_CUDA leaves the CUDA version out. */
#ifndef SAXPY_H
#define SAXPY_H

#ifdef __cplusplus
extern "C" {
#endif

#pragma omp target device(smp) copy_deps
#pragma omp task in([n]x) inout([n]y)
void saxpy(int n, float a, const float *x, float *y);

#ifndef __CUDACC__
#pragma omp target device(opencl) ndrange(1, n, 128) copy_deps implements(saxpy)
#pragma omp task in([n]x) inout([n]y)
__kernel void saxpy_ocl(int n, float a, __global const float *x, __global float *y);
#endif

#ifndef NO_CUDA
#pragma omp target device(cuda) ndrange(1, n, 128) copy_deps implements(saxpy)
#pragma omp task in([n]x) inout([n]y)
__global__ void saxpy_cuda(int n, float a, const float *x, float *y);
#endif

#ifdef __cplusplus
}
#endif

#endif
