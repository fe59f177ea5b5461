/*
 * saxpy.c - y = a x + y on a float vector, ITER times, as tasks on blocks of BS elements,
 * with two implementations of the same task: smp (C) and CUDA (saxpy.cu), tied by
 * `implements` (samples/saxpy is the OpenCL twin).
 *
 *   usage: saxpy [N [BS [ITER]]]        (defaults 16777216 1048576 8)
 *   mcc --ompss -O2 saxpy.c saxpy.cu -o saxpy
 *   -DONLY_CUDA: the kernel is the task itself (no smp version), every block on the GPU.
 *
 * Block i of pass p+1 depends on block i of pass p (inout y); different blocks run at
 * the same time, on the cores or on the GPU.  A block stays on the GPU across passes and
 * comes back once, at the taskwait.  Every value is a multiple of 1/64 well inside float's
 * precision, so the result equals the sequential loop exactly.  Exit 0 and "result: OK"
 * when right.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef _OMPSS /* plain C (pragmas ignored) does not know the CUDA qualifiers */
#define __global__
#endif

static int smp_blocks;  /* block updates the smp version computed (atomic) */

#pragma omp target device(smp) copy_deps
#pragma omp task in([n]x) inout([n]y)
void saxpy(int n, float a, const float *x, float *y)
{
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
    __atomic_fetch_add(&smp_blocks, 1, __ATOMIC_RELAXED);
}

#ifdef ONLY_CUDA
#define CUDA_IMPLEMENTS
#define SAXPY_TASK saxpy_cuda
#else
#define CUDA_IMPLEMENTS implements(saxpy)
#define SAXPY_TASK saxpy
#endif

/* The same task as a CUDA kernel: x and y become device pointers to the block's copies. */
#pragma omp target device(cuda) ndrange(1, n, 256) copy_deps CUDA_IMPLEMENTS
#pragma omp task in([n]x) inout([n]y)
__global__ void saxpy_cuda(int n, float a, const float *x, float *y);

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    long n = argc > 1 ? atol(argv[1]) : 16777216, bs = argc > 2 ? atol(argv[2]) : 1048576;
    int iters = argc > 3 ? atoi(argv[3]) : 8;
    if (n <= 0 || bs <= 0 || bs > 1 << 30 || iters < 1) {
        fprintf(stderr, "usage: %s [N [BS [ITER]]]\n", argv[0]);
        return 2;
    }
    const float a = 0.5f;
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *ref = malloc(n * sizeof *ref);
    if (!x || !y || !ref) {
        fprintf(stderr, "saxpy: out of memory for n %ld\n", n);
        return 2;
    }
    for (long i = 0; i < n; i++) {
        x[i] = (float)(i % 64) / 64;
        y[i] = ref[i] = (float)(i % 77);
    }

    double t0 = omp_get_wtime();
    for (int p = 0; p < iters; p++)
        for (long i = 0; i < n; i += bs)
            SAXPY_TASK((int)(n - i < bs ? n - i : bs), a, &x[i], &y[i]);
#pragma omp taskwait
    double secs = omp_get_wtime() - t0;

    for (int p = 0; p < iters; p++) /* the sequential reference */
        for (long i = 0; i < n; i++)
            ref[i] = a * x[i] + ref[i];
    long wrong = 0;
    for (long i = 0; i < n; i++)
        wrong += y[i] != ref[i];
    printf("saxpy: n %ld, block %ld, %d passes, %ld tasks, %d on smp\n", n, bs, iters,
           iters * ((n + bs - 1) / bs), smp_blocks);
    printf("time: %.6f s\n", secs);
    printf(wrong ? "result: WRONG (%ld elements)\n" : "result: OK\n", wrong);
    free(x);
    free(y);
    free(ref);
    return wrong != 0;
}
