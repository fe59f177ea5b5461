/*
 * mcc_cuda.h - what `mcc --cuda` makes visible to host C before the user's own text, as
 * Mercurium does: CUDA's vector types (float4, int2, double2, uchar4, dim3, ...) and the
 * make_* functions that build them, so that types shared between host code and kernels
 * (usually in the header the .cu includes too) compile on both sides.  They are the CUDA
 * toolkit's own headers, with the same layout and alignment as in device code.
 *
 * The driver includes this file (-include) with the toolkit's include directory as a
 * system directory, and leaves __global__, __device__ and __host__ to CUDA's definitions;
 * mcc removes the CUDA attributes below from the host C it hands to the native compiler.
 */
#ifndef MCC_CUDA_H
#define MCC_CUDA_H

#include <vector_types.h>
/* vector_functions.h includes cuda_runtime_api.h, every declaration of the CUDA runtime:
 * a program's own prototype of one of them (samples/matmul_dev's `int cudaMallocHost(void
 * **, size_t)`, written for a C file that includes no CUDA header) then conflicted with it
 * ('conflicting types for cudaMallocHost').  Its guard is set while the make_* functions
 * are read, and cleared after, so that a program that includes <cuda_runtime.h> itself
 * still gets it whole. */
#ifndef __CUDA_RUNTIME_API_H__
#define __CUDA_RUNTIME_API_H__
#define MCC_CUDA_RUNTIME_API_HIDDEN
#endif
#include <vector_functions.h>
#ifdef MCC_CUDA_RUNTIME_API_HIDDEN
#undef __CUDA_RUNTIME_API_H__
#undef MCC_CUDA_RUNTIME_API_HIDDEN
#endif

/* For a host compiler, CUDA's headers make the qualifiers (__global__, __device__,
 * __shared__, __constant__, ...) empty.  mcc keeps them as the attributes nvcc itself
 * reads, so that the CUDA code of the file (moved into the generated .cu) keeps them. */
#undef __annotate__
#define __annotate__(a) __attribute__((a))
#ifndef __launch_bounds__
#define __launch_bounds__(...) __annotate__(launch_bounds(__VA_ARGS__))
#endif

#endif /* MCC_CUDA_H */
