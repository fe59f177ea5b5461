/* Atomic functions in kernels (atomics.cl) against sequential C: every result is
 * independent of the order the work-items ran in. */
#include "ocl_cpu_check.h"

#define N 5000
#define G 64
#define BINS 16

#pragma omp target device(opencl) ndrange(1, n, G) file(atomics.cl) copy_deps
#pragma omp task in([n]x) inout([BINS]hist)
__kernel void histogram(__global const unsigned *x, __global unsigned *hist, int n);

#pragma omp target device(opencl) ndrange(1, n, G) file(atomics.cl) copy_deps
#pragma omp task in([n]x) inout([7]counts)
__kernel void counters(__global const int *x, __global int *counts, int n);

static unsigned ux[N], hist[BINS];
static int x[N], counts[7];

int main(void)
{
    for (int i = 0; i < N; i++) {
        ux[i] = (unsigned)(i * 2654435761u) >> 7;
        x[i] = (i * 7919) % 2001 - 1000;
    }
    counts[2] = 1 << 30;
    counts[3] = -(1 << 30);
    counts[5] = 12345;
    counts[6] = N;
    histogram(ux, hist, N);
    histogram(ux, hist, N);          /* counted twice: the counts add up */
    counters(x, counts, N);
#pragma omp taskwait
    unsigned want[BINS] = {0};
    for (int i = 0; i < N; i++)
        want[ux[i] % BINS] += 2;
    for (int b = 0; b < BINS; b++)
        CHECK(hist[b] == want[b], "hist[%d] = %u, expected %u", b, hist[b], want[b]);
    int sum = 0, lo = x[0], hi = x[0], xr = 0, odd = 0, last_ok = 0;
    for (int i = 0; i < N; i++) {
        sum += x[i];
        lo = x[i] < lo ? x[i] : lo;
        hi = x[i] > hi ? x[i] : hi;
        xr ^= x[i];
        odd += x[i] & 1;
        last_ok |= counts[5] == x[i];
    }
    CHECK(counts[0] == N, "count %d, expected %d", counts[0], N);
    CHECK(counts[1] == sum, "sum %d, expected %d", counts[1], sum);
    CHECK(counts[2] == lo && counts[3] == hi, "min/max %d %d, expected %d %d", counts[2],
          counts[3], lo, hi);
    CHECK(counts[4] == xr, "xor %d, expected %d", counts[4], xr);
    CHECK(last_ok, "atomic_xchg left %d, which is none of the values", counts[5]);
    CHECK(counts[6] == N - odd, "odd count %d, expected %d", counts[6], N - odd);
    digest("histogram", hist, sizeof hist);
    digest("counters", counts, 5 * sizeof counts[0]);
    printf("result: OK\n");
    return 0;
}
