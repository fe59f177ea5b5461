/*
 * blackscholes.c - call and put prices of N European options by the Black-Scholes
 * formula, as tasks on blocks of BS options, with an smp (C) and an OpenCL
 * (blackscholes.cl) implementation of the same task.
 *
 *   usage: blackscholes [N [BS [ITER]]]     (defaults 4194304 262144 4)
 *   mcc --ompss -O2 blackscholes.c -o blackscholes -lm
 *   NX_ARGS="--smp-workers=2" ./blackscholes
 *
 * As the classic benchmark does, the prices are computed ITER times; pass p+1 of a block
 * rewrites what pass p wrote (out after out), so it runs after it, and the inputs stay
 * on the device that holds them.  The prices are checked against a sequential double
 * precision evaluation of the same formula.  Exit 0 and "result: OK" when right.
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef _OMPSS /* a plain C compiler (pragmas ignored) does not know OpenCL qualifiers */
#define __kernel
#define __global
#endif

#define RISKFREE 0.02f
#define VOLATILITY 0.30f

/* Cumulative normal distribution (Abramowitz and Stegun 26.2.17, error below 7.5e-8). */
static float cnd(float d)
{
    const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f,
                a4 = -1.821255978f, a5 = 1.330274429f, rsqrt2pi = 0.39894228040143267794f;
    float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
    float c = rsqrt2pi * expf(-0.5f * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
    return d > 0 ? 1.0f - c : c;
}

#pragma omp target device(smp) copy_deps
#pragma omp task in([n]s, [n]k, [n]t) out([n]call, [n]put)
void blackscholes(int n, float r, float v, const float *s, const float *k, const float *t,
                  float *call, float *put)
{
    for (int i = 0; i < n; i++) {
        float sqrt_t = sqrtf(t[i]);
        float d1 = (logf(s[i] / k[i]) + (r + 0.5f * v * v) * t[i]) / (v * sqrt_t);
        float d2 = d1 - v * sqrt_t;
        float disc = k[i] * expf(-r * t[i]);
        call[i] = s[i] * cnd(d1) - disc * cnd(d2);
        put[i] = disc * cnd(-d2) - s[i] * cnd(-d1);
    }
}

/* The same task as an OpenCL kernel: the five arrays become device buffers. */
#pragma omp target device(opencl) ndrange(1, n, 128) file(blackscholes.cl) copy_deps implements(blackscholes)
#pragma omp task in([n]s, [n]k, [n]t) out([n]call, [n]put)
__kernel void blackscholes_ocl(int n, float r, float v, __global const float *s,
                               __global const float *k, __global const float *t,
                               __global float *call, __global float *put);

#include "blackscholes_ref.h"

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 4194304, bs = argc > 2 ? atol(argv[2]) : 262144;
    int iters = argc > 3 ? atoi(argv[3]) : 4;
    if (n <= 0 || bs <= 0 || bs > 1 << 30 || iters < 1) {
        fprintf(stderr, "usage: %s [N [BS [ITER]]]\n", argv[0]);
        return 2;
    }
    float *s = malloc(n * sizeof *s), *k = malloc(n * sizeof *k), *t = malloc(n * sizeof *t);
    float *call = malloc(n * sizeof *call), *put = malloc(n * sizeof *put);
    if (!s || !k || !t || !call || !put) {
        fprintf(stderr, "blackscholes: out of memory for n %ld\n", n);
        return 2;
    }
    make_options(s, k, t, n);

    double t0 = omp_get_wtime();
    for (int p = 0; p < iters; p++)
        for (long i = 0; i < n; i += bs)
            blackscholes((int)(n - i < bs ? n - i : bs), RISKFREE, VOLATILITY, &s[i], &k[i],
                         &t[i], &call[i], &put[i]);
#pragma omp taskwait
    double secs = omp_get_wtime() - t0;

    double err = max_error(s, k, t, call, put, n);
    printf("blackscholes: %ld options, block %ld, %d passes, %ld tasks\n", n, bs, iters,
           iters * ((n + bs - 1) / bs));
    printf("time: %.6f s (%.1f Moptions/s)\n", secs, n * (double)iters / secs * 1e-6);
    int ok = err <= 1e-4;
    printf("result: %s (max error %.2g against the double precision reference)\n",
           ok ? "OK" : "FAILED", err);
    free(s);
    free(k);
    free(t);
    free(call);
    free(put);
    return ok ? 0 : 1;
}
