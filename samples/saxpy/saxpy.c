/*
 * saxpy.c - y = a x + y on a float vector, ITER times, as tasks on blocks of BS elements,
 * with two implementations of the same task: smp (C) and OpenCL (saxpy.cl).
 *
 *   usage: saxpy [N [BS [ITER]]]        (defaults 16777216 1048576 8)
 *   mcc --ompss -O2 saxpy.c -o saxpy && NX_ARGS="--smp-workers=2" ./saxpy
 *
 * Block i of pass p+1 depends on block i of pass p (inout y); different blocks run at
 * the same time, on the cores or on an OpenCL device: the runtime picks the
 * implementation of each instance and keeps the copies of x and y coherent (a block
 * stays on the device across passes and comes back once, at the taskwait).  The result
 * is checked against a plain sequential loop.  Exit 0 and "result: OK" when right.
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef _OMPSS /* a plain C compiler (pragmas ignored) does not know OpenCL qualifiers */
#define __kernel
#define __global
#endif

#pragma omp target device(smp) copy_deps
#pragma omp task in([n]x) inout([n]y)
void saxpy(int n, float a, const float *x, float *y)
{
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}

/* The same task as an OpenCL kernel: x and y become device buffers of the block. */
#pragma omp target device(opencl) ndrange(1, n, 128) file(saxpy.cl) copy_deps implements(saxpy)
#pragma omp task in([n]x) inout([n]y)
__kernel void saxpy_ocl(int n, float a, __global const float *x, __global float *y);

/* Largest |got - want| relative to max(1, |want|). */
static double max_rel_error(const float *got, const float *want, long n)
{
    double worst = 0;
    for (long i = 0; i < n; i++) {
        double e = fabs((double)got[i] - want[i]) / fmax(1.0, fabs(want[i]));
        if (e > worst)
            worst = e;
    }
    return worst;
}

int main(int argc, char **argv)
{
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
        x[i] = (float)(i % 1000) * 0.001f;
        y[i] = ref[i] = 1.0f - (float)(i % 77) * 0.01f;
    }

    double t0 = omp_get_wtime();
    for (int p = 0; p < iters; p++)
        for (long i = 0; i < n; i += bs)
            saxpy((int)(n - i < bs ? n - i : bs), a, &x[i], &y[i]);
#pragma omp taskwait
    double secs = omp_get_wtime() - t0;

    for (int p = 0; p < iters; p++) /* the sequential reference */
        for (long i = 0; i < n; i++)
            ref[i] = a * x[i] + ref[i];
    double err = max_rel_error(y, ref, n);
    printf("saxpy: n %ld, block %ld, %d passes, %ld tasks\n", n, bs, iters,
           iters * ((n + bs - 1) / bs));
    printf("time: %.6f s\n", secs);
    int ok = err <= 1e-6;
    printf("result: %s (max relative error %.2g)\n", ok ? "OK" : "FAILED", err);
    free(x);
    free(y);
    free(ref);
    return ok ? 0 : 1;
}
