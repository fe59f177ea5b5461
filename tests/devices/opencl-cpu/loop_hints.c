/* Kernels whose loops carry OpenCL C 2.0's `opencl_unroll_hint` attribute (loop_hints.cl),
 * checked against sequential C: the translation drops the hint, PoCL uses it. */
#include "ocl_cpu_check.h"

#define N 1000
#define L 64
#define G ((N + L - 1) / L)

#pragma omp target device(opencl) ndrange(1, n, L) file(loop_hints.cl) copy_deps
#pragma omp task in([n]x) out([(n + L - 1) / L]sums)
__kernel void hinted_sum(__global const int *x, __global int *sums, int n);

#pragma omp target device(opencl) ndrange(1, n, 32) file(loop_hints.cl) copy_deps
#pragma omp task out([n]y)
__kernel void hinted_items(__global int *y, int n);

static int x[N], sums[G], y[N];

int main(void)
{
    for (int i = 0; i < N; i++)
        x[i] = (i * 37) % 101 - 50;
    hinted_sum(x, sums, N);
    hinted_items(y, N);
#pragma omp taskwait
    for (int g = 0; g < G; g++) {
        int want = 0;
        for (int i = g * L; i < N && i < (g + 1) * L; i++)
            want += x[i];
        CHECK(sums[g] == want, "sums[%d] = %d, expected %d", g, sums[g], want);
    }
    for (int i = 0; i < N; i++) {
        int acc = 0;
        for (int k = 0; k < 8; k++)
            acc += k * i;
        for (int m = i % 7; m > 0; m--)
            acc += m;
        for (int c = 0; c < 3; c++)
            acc ^= c << 3;
        CHECK(y[i] == acc, "y[%d] = %d, expected %d", i, y[i], acc);
    }
    digest("sums", sums, sizeof sums);
    digest("items", y, sizeof y);
    return result_ok();
}
