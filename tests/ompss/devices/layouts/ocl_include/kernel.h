/* kernel.h - shared by app.c (host C) and kernel.cl (OpenCL C), which includes it with
 * `#include <kernel.h>`: found through --opencl-build-opts=-I. when the program runs in
 * this directory, and anywhere once mcc embeds the kernel with its includes. */
#ifndef KERNEL_H
#define KERNEL_H

#define BLOCK_SIZE 16
/* Mercurium's pragmas cannot read #defines inside ndrange: a constant the host sees too */
__constant int BL_SIZE = BLOCK_SIZE;

#ifdef DP
#define REAL double
#else
#define REAL float
#endif

#ifdef __cplusplus
extern "C" {
#endif

#pragma omp target device(opencl) ndrange(2, nb, nb, BL_SIZE, BL_SIZE) copy_deps
#pragma omp task in([nb * nb]a, [nb * nb]b) inout([nb * nb]c)
__kernel void muladd(__global REAL *a, __global REAL *b, __global REAL *c, int nb);

#ifdef __cplusplus
}
#endif

#endif
