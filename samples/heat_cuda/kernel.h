/*
 * kernel.h - the CUDA kernel of the heat sample, declared as an OmpSs task.  Both heat.c
 * (host C, compiled by mcc) and kernel.cu (compiled by nvcc) include it; for nvcc the
 * declaration has C linkage (extern "C"), as OmpSs CUDA programs usually write it.
 */
#ifndef KERNEL_H
#define KERNEL_H

#define THREADS 128

/* what a step needs besides the data: the diffusion coefficient and the fixed ends */
typedef struct {
    float alpha;
    float left, right;      /* the rod's ends (used by the first and the last block) */
} heat_params;

#ifdef __cplusplus
extern "C" {
#endif

/* One time step on a block of n points: out[i] from in[i - 1], in[i], in[i + 1].  `in`
 * points at the block's first point and has one halo point on each side (the
 * neighbours' border points), which makes each block depend on its two neighbours. */
#pragma omp target device(cuda) copy_deps ndrange(1, n, THREADS)
#pragma omp task in([n + 2](in - 1)) out([n]out)
__global__ void heat_step(int n, const float *in, float *out, heat_params p, int first, int last);

#ifdef __cplusplus
}
#endif

#endif
