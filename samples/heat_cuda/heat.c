/*
 * heat.c - heat diffusion along a rod with fixed end temperatures, explicit time steps,
 * the rod split into blocks: one CUDA task per block and step (kernel.h, kernel.cu).
 * Two arrays take turns as input and output; each block reads its neighbours' border
 * points (the task's `in` covers them), so blocks advance as soon as their neighbours
 * have, without a barrier between steps.
 *
 *   usage: heat [N [BS [STEPS]]]         (defaults 1000000 65536 100)
 *   make                                  (nvcc -c kernel.cu; mcc --ompss --cuda -c heat.c; link)
 *
 * The result is compared with the same steps computed sequentially on the host (the GPU
 * and the host may round the last bit differently: tolerance 1e-4, relative).  Exit 0
 * and "result: OK" when right.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "kernel.h"

static void host_step(int n, const float *in, float *out, heat_params p)
{
    for (int i = 0; i < n; i++) {
        float l = i == 0 ? p.left : in[i - 1], r = i == n - 1 ? p.right : in[i + 1];
        out[i] = in[i] + p.alpha * (l - 2.0f * in[i] + r);
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000000, bs = argc > 2 ? atoi(argv[2]) : 65536;
    int steps = argc > 3 ? atoi(argv[3]) : 100;
    if (n < 2 || bs < 1 || steps < 1) {
        fprintf(stderr, "usage: %s [N [BS [STEPS]]]\n", argv[0]);
        return 2;
    }
    heat_params p = {0.25f, 100.0f, 20.0f};
    /* one spare point before and after each array: the halo of the end blocks */
    float *a = calloc(n + 2, sizeof *a), *b = calloc(n + 2, sizeof *b);
    float *ra = malloc(n * sizeof *ra), *rb = malloc(n * sizeof *rb);
    if (!a || !b || !ra || !rb) {
        fprintf(stderr, "heat: out of memory for %d points\n", n);
        return 2;
    }
    for (int i = 0; i < n; i++)
        a[i + 1] = ra[i] = (float)(i % 100) / 4;
    float *in = a + 1, *out = b + 1;
    for (int s = 0; s < steps; s++) {
        for (int i = 0; i < n; i += bs) {
            int len = n - i < bs ? n - i : bs;
            heat_step(len, in + i, out + i, p, i == 0, i + len == n);
        }
        float *t = in;
        in = out;
        out = t;
    }
#pragma omp taskwait
    for (int s = 0; s < steps; s++) {
        host_step(n, ra, rb, p);
        float *t = ra;
        ra = rb;
        rb = t;
    }
    int wrong = 0;
    for (int i = 0; i < n; i++)
        wrong += fabsf(in[i] - ra[i]) > 1e-4f * fabsf(ra[i]) + 1e-4f;
    printf("heat: %d points, blocks of %d, %d steps, middle %.4f\n", n, bs, steps, in[n / 2]);
    printf(wrong ? "result: WRONG (%d points)\n" : "result: OK\n", wrong);
    return wrong != 0;
}
