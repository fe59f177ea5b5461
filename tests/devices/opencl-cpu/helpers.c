/* Kernels calling helpers that hold barriers (helpers.cl) against sequential C. */
#include "ocl_cpu_check.h"

#define G 64
#define N 3000               /* sums: the last group is partial */
#define NG ((N + G - 1) / G)
#define M (16 * G)           /* centre, prefix: whole groups */
#define MG (M / G)
#define ROUNDS 3

#pragma omp target device(opencl) ndrange(1, NG * G, G) shmem(G * sizeof(int)) \
    file(helpers.cl) copy_deps
#pragma omp task in([n]x) out([NG]out)
__kernel void sums(__global const int *x, __global int *out, __local int *s, int n);

#pragma omp target device(opencl) ndrange(1, M, G) shmem(G * sizeof(int)) \
    file(helpers.cl) copy_deps
#pragma omp task in([M]x) out([M]y, [2 * MG]stats)
__kernel void centre(__global const int *x, __global int *y, __global int *stats,
                     __local int *s, int rounds);

#pragma omp target device(opencl) ndrange(1, M, G) shmem(G * sizeof(int)) \
    file(helpers.cl) copy_deps
#pragma omp task in([M]x) out([M]p, [MG]totals)
__kernel void prefix(__global const int *x, __global int *p, __global int *totals,
                     __local int *s, __local int *t);

static int x[N], out[NG], y[M], stats[2 * MG], stats1[2 * MG], p[M], totals[MG];

int main(void)
{
    for (int i = 0; i < N; i++)
        x[i] = (i * 7919) % 1001 - 500;
    sums(x, out, 0, N);
    centre(x, y, stats, 0, ROUNDS);
    prefix(x, p, totals, 0, 0);
#pragma omp taskwait
    for (int g = 0; g < NG; g++) {
        int want = 0;
        for (int i = g * G; i < (g + 1) * G && i < N; i++)
            want += x[i];
        CHECK(out[g] == want, "sums[%d] = %d, expected %d", g, out[g], want);
    }
    for (int g = 0; g < MG; g++) {
        int acc = 0, hi = 0;
        for (int r = 0; r < ROUNDS; r++) {
            hi = -(1 << 30);
            for (int l = 0; l < G; l++) {
                int v = x[g * G + l] + r * l;
                acc += v;
                hi = v > hi ? v : hi;
            }
        }
        CHECK(stats[2 * g] == acc && stats[2 * g + 1] == hi,
              "centre stats[%d] = {%d, %d}, expected {%d, %d}", g, stats[2 * g],
              stats[2 * g + 1], acc, hi);
        for (int l = 0; l < G; l++) {
            int i = g * G + l, want = x[i] - acc / (ROUNDS * G);
            CHECK(y[i] == want, "centre y[%d] = %d, expected %d", i, y[i], want);
        }
        int run = 0;
        for (int l = 0; l < G; l++) {
            run += x[g * G + l];
            CHECK(p[g * G + l] == run, "prefix p[%d] = %d, expected %d", g * G + l,
                  p[g * G + l], run);
        }
        CHECK(totals[g] == run, "prefix totals[%d] = %d, expected %d", g, totals[g], run);
    }
    /* one round: the other branch of the uniform condition */
    centre(x, y, stats1, 0, 1);
#pragma omp taskwait
    for (int g = 0; g < MG; g++) {
        int acc = 0, hi = 0;
        for (int l = 0; l < G; l++) {
            acc += x[g * G + l];
            hi = x[g * G + l] > hi ? x[g * G + l] : hi;
        }
        CHECK(stats1[2 * g] == acc && stats1[2 * g + 1] == hi,
              "centre(1) stats[%d] = {%d, %d}, expected {%d, %d}", g, stats1[2 * g],
              stats1[2 * g + 1], acc, hi);
    }
    digest("sums", out, sizeof out);
    digest("centre", y, sizeof y);
    digest("stats", stats, sizeof stats);
    digest("stats1", stats1, sizeof stats1);
    digest("prefix", p, sizeof p);
    digest("totals", totals, sizeof totals);
    printf("result: OK\n");
    return 0;
}
