/*
 * nbody.c - all-pairs n-body simulation whose step task has three implementations: smp
 * (C), OpenCL (nbody.cl) and CUDA (nbody.cu), tied by `implements`.
 *
 *   usage: nbody [N [STEPS [BLOCKS]]]      (defaults 16384 4 4; N a multiple of BLOCKS)
 *   mcc --ompss -O2 nbody.c nbody.cl -o nbody -lm                        smp + OpenCL
 *   mcc --ompss -O2 -DWITH_CUDA nbody.c nbody.cl nbody.cu -o nbody -lm   + CUDA
 *   -DONLY_OPENCL / -DONLY_CUDA: the kernel is the task itself (no smp version).
 *   -DPINNED_HOST (with CUDA): the bodies in pinned memory (cudaMallocHost), which the GPU
 *   copies directly, as bench/cuda/nbody_hand.cu's by default; plain malloc memory goes
 *   through the runtime's staging buffers.
 *
 * Each step, one task per block of bodies reads every position of the previous step and
 * its block's velocities, and writes its block's new positions and velocities into the
 * other buffer of a ping-pong pair; the next step's tasks read the whole buffer, so they
 * wait for every block of this one.  With copy_deps the bodies stay on the device from
 * step to step and come back once, at the taskwait.  The last step is checked against a
 * double-precision recomputation from the state before it (both buffers survive), and the
 * total momentum against the initial one; "result: OK", exit 0 when right.
 */
#include "nbody.h"
#include <omp.h>
#include <string.h>

#ifndef _OMPSS /* plain C (pragmas ignored) does not know the device qualifiers */
#define __kernel
#define __global
#define __global__
#endif
#ifdef ONLY_CUDA
#define WITH_CUDA
#endif

#define DT 0.01f

static int smp_blocks;  /* block steps the smp version computed (atomic) */

#pragma omp target device(smp) copy_deps
#pragma omp task in([4 * n]pin, [4 * count]vin) out([4 * count]pout, [4 * count]vout)
void nbody_step(const float *pin, const float *vin, float *pout, float *vout, int n, int first,
                int count, float dt)
{
    nbody_step_host(pin, vin, pout, vout, n, first, count, dt);
    __atomic_fetch_add(&smp_blocks, 1, __ATOMIC_RELAXED);
}

/* One work-item per body of the block, work-groups of 256 (NB_LOCAL of the kernels). */
#ifndef ONLY_CUDA
#ifdef ONLY_OPENCL
#define OCL_IMPLEMENTS
#else
#define OCL_IMPLEMENTS implements(nbody_step)
#endif
#pragma omp target device(opencl) ndrange(1, count, 256) file(nbody.cl) copy_deps OCL_IMPLEMENTS
#pragma omp task in([4 * n]pin, [4 * count]vin) out([4 * count]pout, [4 * count]vout)
__kernel void nbody_step_ocl(__global const float *pin, __global const float *vin,
                             __global float *pout, __global float *vout, int n, int first,
                             int count, float dt);
#endif

#if defined(WITH_CUDA) && !defined(ONLY_OPENCL)
#ifdef ONLY_CUDA
#define CUDA_IMPLEMENTS
#else
#define CUDA_IMPLEMENTS implements(nbody_step)
#endif
#pragma omp target device(cuda) ndrange(1, count, 256) copy_deps CUDA_IMPLEMENTS
#pragma omp task in([4 * n]pin, [4 * count]vin) out([4 * count]pout, [4 * count]vout)
__global__ void nbody_step_cuda(const float *pin, const float *vin, float *pout, float *vout,
                                int n, int first, int count, float dt);
#endif

#if defined(ONLY_CUDA)
#define STEP_TASK nbody_step_cuda
#elif defined(ONLY_OPENCL)
#define STEP_TASK nbody_step_ocl
#else
#define STEP_TASK nbody_step
#endif

/* pos[s % 2], vel[s % 2] hold the state after s steps. */
static void simulate(float *pos[2], float *vel[2], int n, int steps, int nb)
{
    int count = n / nb;
    for (int t = 0; t < steps; t++) {
        int in = t % 2, out = 1 - in;
        for (int b = 0; b < nb; b++) {
            size_t off = (size_t)4 * b * count;
            STEP_TASK(pos[in], vel[in] + off, pos[out] + off, vel[out] + off, n, b * count, count,
                      DT);
        }
    }
#pragma omp taskwait
}

static float *floats(size_t n)
{
    float *p = malloc(n * sizeof *p);
    if (!p) {
        fprintf(stderr, "nbody: out of memory\n");
        exit(2);
    }
    return p;
}

#ifdef PINNED_HOST
/* The CUDA runtime's C entry point (the program links it for its CUDA parts). */
int cudaMallocHost(void **ptr, size_t size);

static float *state_floats(size_t n)
{
    void *p;
    if (cudaMallocHost(&p, n * sizeof(float)) != 0) {
        fprintf(stderr, "nbody: cudaMallocHost of %zu floats failed\n", n);
        exit(2);
    }
    return p;
}
#else
#define state_floats floats
#endif

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    int n = argc > 1 ? atoi(argv[1]) : 16384, steps = argc > 2 ? atoi(argv[2]) : 4;
    int nb = argc > 3 ? atoi(argv[3]) : 4;
    if (n <= 0 || steps < 1 || nb <= 0 || n % nb != 0) {
        fprintf(stderr, "usage: %s [N [STEPS [BLOCKS]]]  (N a multiple of BLOCKS)\n", argv[0]);
        return 2;
    }
    float *pos[2] = {state_floats(4 * (size_t)n), state_floats(4 * (size_t)n)};
    float *vel[2] = {state_floats(4 * (size_t)n), state_floats(4 * (size_t)n)};
    float *p0 = floats(4 * (size_t)n), *v0 = floats(4 * (size_t)n);
    nbody_init(pos[0], vel[0], n);
    memcpy(p0, pos[0], 16 * (size_t)n);
    memcpy(v0, vel[0], 16 * (size_t)n);

    double t0 = omp_get_wtime();
    simulate(pos, vel, n, steps, nb);
    double secs = omp_get_wtime() - t0;
    printf("nbody: %d bodies, %d steps, %d blocks, %d tasks, %d on smp\n", n, steps, nb,
           steps * nb, smp_blocks);
    printf("time: %.6f s (%.3f G interactions/s)\n", secs, (double)n * n * steps / secs * 1e-9);

    int last = steps % 2, prev = 1 - last;
    int wrong = nbody_wrong_bodies(pos[prev], vel[prev], pos[last], vel[last], n, DT);
    double drift = nbody_momentum_drift(p0, v0, pos[last], vel[last], n);
    if (wrong || !(drift < 1e-5)) {
        printf("result: WRONG (%d bodies off, momentum drift %.3g)\n", wrong, drift);
        return 1;
    }
    printf("result: OK (momentum drift %.3g)\n", drift);
    return 0;
}
