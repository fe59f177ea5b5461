/* kernel.h - types shared by the host (app.c, mcc --cuda) and the kernel (kernel.cu):
 * CUDA's vector types, which `mcc --cuda` makes available to host C as Mercurium does,
 * without CUDA include paths. */
#ifndef KERNEL_H
#define KERNEL_H

typedef struct {
    float4 pos;        /* x, y, z, mass */
    int2 cell;
    double2 acc;
} particle;

#ifdef __cplusplus
extern "C" {
#endif

/* every particle's cell and its potential from the `na` attractors */
#pragma omp target device(cuda) copy_deps ndrange(1, n, 64)
#pragma omp task in([na]attr) inout([n]p)
__global__ void field(int n, particle *p, int na, const float4 *attr);

#ifdef __cplusplus
}
#endif

#endif
