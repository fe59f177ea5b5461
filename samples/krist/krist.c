/*
 * krist.c - crystallography structure factors, as in the OmpSs examples (krist): the
 * factor of every reflection is a sum over all atoms of the cell.  The reflections are
 * split into blocks, one task per block, with three implementations of the task: smp (C),
 * OpenCL (krist.cl) and CUDA (krist.cu), tied by `implements`.
 *
 *   usage: krist [ATOMS [REFLECTIONS [BLOCK]]]      (defaults 2048 32768 4096)
 *   mcc --ompss -O2 krist.c krist.cl -o krist -lm                       smp + OpenCL
 *   mcc --ompss -O2 -DWITH_CUDA krist.c krist.cl krist.cu -o krist -lm  + CUDA
 *   -DONLY_OPENCL / -DONLY_CUDA: the kernel is the task itself (no smp version).
 *
 * Every task reads all atoms (copied once to each device and kept there) and its block of
 * reflections, and writes its block of factors.  The factors are checked against a
 * double-precision sum; "result: OK", exit 0 when right (--inject-error: one is corrupted
 * after the run, and the check must notice).
 */
#include "krist.h"
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

static int smp_blocks;  /* blocks the smp version computed (atomic) */

#pragma omp target device(smp) copy_deps
#pragma omp task in([4 * na]atoms, [4 * nr]refl) out([2 * nr]f)
void structfac(const float *atoms, const float *refl, float *f, int na, int nr)
{
    krist_host(atoms, refl, f, na, nr);
    __atomic_fetch_add(&smp_blocks, 1, __ATOMIC_RELAXED);
}

/* One work-item per reflection, groups of 128 (KR_LOCAL of the kernels). */
#ifndef ONLY_CUDA
#ifdef ONLY_OPENCL
#define OCL_IMPLEMENTS
#else
#define OCL_IMPLEMENTS implements(structfac)
#endif
#pragma omp target device(opencl) ndrange(1, nr, 128) file(krist.cl) copy_deps OCL_IMPLEMENTS
#pragma omp task in([4 * na]atoms, [4 * nr]refl) out([2 * nr]f)
__kernel void structfac_ocl(__global const float *atoms, __global const float *refl,
                            __global float *f, int na, int nr);
#endif

#if defined(WITH_CUDA) && !defined(ONLY_OPENCL)
#ifdef ONLY_CUDA
#define CUDA_IMPLEMENTS
#else
#define CUDA_IMPLEMENTS implements(structfac)
#endif
#pragma omp target device(cuda) ndrange(1, nr, 128) copy_deps CUDA_IMPLEMENTS
#pragma omp task in([4 * na]atoms, [4 * nr]refl) out([2 * nr]f)
__global__ void structfac_cuda(const float *atoms, const float *refl, float *f, int na, int nr);
#endif

#if defined(ONLY_CUDA)
#define BLOCK_TASK structfac_cuda
#elif defined(ONLY_OPENCL)
#define BLOCK_TASK structfac_ocl
#else
#define BLOCK_TASK structfac
#endif

static float *floats(size_t n)
{
    float *p = malloc(n * sizeof *p);
    if (!p) {
        fprintf(stderr, "krist: out of memory\n");
        exit(2);
    }
    return p;
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    int inject = argc > 1 && strcmp(argv[argc - 1], "--inject-error") == 0;
    argc -= inject;
    int na = argc > 1 ? atoi(argv[1]) : 2048, nr = argc > 2 ? atoi(argv[2]) : 32768;
    int bs = argc > 3 ? atoi(argv[3]) : 4096;
    if (na <= 0 || nr <= 0 || bs <= 0) {
        fprintf(stderr, "usage: %s [ATOMS [REFLECTIONS [BLOCK]]]\n", argv[0]);
        return 2;
    }
    float *atoms = floats(4 * (size_t)na), *refl = floats(4 * (size_t)nr);
    float *f = floats(2 * (size_t)nr);
    krist_crystal(atoms, na, refl, nr);

    double t0 = omp_get_wtime();
    for (int r = 0; r < nr; r += bs)
        BLOCK_TASK(atoms, refl + 4 * (size_t)r, f + 2 * (size_t)r, na, nr - r < bs ? nr - r : bs);
#pragma omp taskwait
    double secs = omp_get_wtime() - t0;
    int tasks = (nr + bs - 1) / bs;
    printf("krist: %d atoms, %d reflections, block %d, %d tasks, %d on smp\n", na, nr, bs, tasks,
           smp_blocks);
    printf("time: %.6f s (%.3f G atom-reflections/s)\n", secs, (double)na * nr / secs * 1e-9);

    if (inject)
        f[0] += 1000;
    int wrong = krist_wrong(atoms, na, refl, f, nr);
    if (wrong) {
        printf("result: WRONG (%d reflections)\n", wrong);
        return 1;
    }
    printf("result: OK\n");
    return 0;
}
