/* kernel.h - the task declaration of the CUDA kernel, shared by app.c (host C, mcc) and
 * kernel.cu (nvcc), as OmpSs CUDA programs are usually written.  For nvcc the declaration
 * has C linkage (extern "C"), unless CXX_LINKAGE is defined: then the kernel is a C++
 * function, the other way users write it. */
#ifndef KERNEL_H
#define KERNEL_H

#define BLOCK 128

#if defined(__cplusplus) && !defined(CXX_LINKAGE)
extern "C" {
#endif

#pragma omp target device(cuda) copy_deps ndrange(1, n, BLOCK)
#pragma omp task in([n]x) inout([n]y)
__global__ void saxpy(int n, float a, const float *x, float *y);

#if defined(__cplusplus) && !defined(CXX_LINKAGE)
}
#endif

#endif
