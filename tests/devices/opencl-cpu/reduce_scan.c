/* Local-memory reductions and scans (reduce_scan.cl) against sequential C, on integer
 * data (exact everywhere); digests for comparing runs (tests/devices/opencl-cpu/run.sh). */
#include "ocl_cpu_check.h"

#define G 128                /* work-group size */
#define N 4000               /* group_sum: the last group is partial */
#define NGS ((N + G - 1) / G)
#define M (32 * G)           /* scans: whole groups */
#define SCAN_ITEMS 64        /* scan_exclusive: items per group, two elements each */
#define NGE (M / (2 * SCAN_ITEMS))

#pragma omp target device(opencl) ndrange(1, n, G) shmem(G * sizeof(int)) \
    file(reduce_scan.cl) copy_deps
#pragma omp task in([n]x) out([(n + G - 1) / G]sums)
__kernel void group_sum(__global const int *x, __global int *sums, __local int *s, int n);

#pragma omp target device(opencl) ndrange(1, M, G) shmem(G * sizeof(int)) \
    file(reduce_scan.cl) copy_deps
#pragma omp task in([M]x) out([M]y)
__kernel void scan_inclusive(__global const int *x, __global int *y, __local int *a,
                             __local int *b);

#pragma omp target device(opencl) ndrange(1, M / 2, SCAN_ITEMS) file(reduce_scan.cl) copy_deps
#pragma omp task inout([M]data) out([NGE]totals)
__kernel void scan_exclusive(__global int *data, __global int *totals);

#pragma omp target device(opencl) ndrange(1, M, G) shmem(G * 2 * sizeof(int)) \
    file(reduce_scan.cl) copy_deps
#pragma omp task in([M]x) out([2 * (M / G)]out)
__kernel void min_max(__global const int *x, __global int *out, __local int *s);

static int x[N], sums[NGS], sx[M], sy[M], data[M], data0[M], totals[NGE], mm[M / G][2];
/* min_max writes int2 pairs: mm seen as 2 * (M / G) ints */

int main(void)
{
    for (int i = 0; i < N; i++)
        x[i] = (i * 7919) % 1000 - 500;
    for (int i = 0; i < M; i++)
        sx[i] = data[i] = data0[i] = (i * 104729) % 201 - 100;
    group_sum(x, sums, 0, N);
    scan_inclusive(sx, sy, 0, 0);
    scan_exclusive(data, totals);
    min_max(sx, &mm[0][0], 0);
#pragma omp taskwait
    for (int g = 0; g < NGS; g++) {
        int want = 0;
        for (int i = g * G; i < (g + 1) * G && i < N; i++)
            want += x[i];
        CHECK(sums[g] == want, "group_sum: sums[%d] = %d, expected %d", g, sums[g], want);
    }
    for (int i = 0; i < M; i++) {
        int want = 0;
        for (int j = i - i % G; j <= i; j++)
            want += sx[j];
        CHECK(sy[i] == want, "scan_inclusive: y[%d] = %d, expected %d", i, sy[i], want);
    }
    for (int g = 0; g < NGE; g++) {
        int run = 0, b = g * 2 * SCAN_ITEMS;
        for (int i = 0; i < 2 * SCAN_ITEMS; i++) {
            CHECK(data[b + i] == run, "scan_exclusive: data[%d] = %d, expected %d", b + i,
                  data[b + i], run);
            run += data0[b + i];
        }
        CHECK(totals[g] == run, "scan_exclusive: totals[%d] = %d, expected %d", g, totals[g],
              run);
    }
    for (int g = 0; g < M / G; g++) {
        int lo = sx[g * G], hi = sx[g * G];
        for (int i = g * G; i < (g + 1) * G; i++) {
            lo = sx[i] < lo ? sx[i] : lo;
            hi = sx[i] > hi ? sx[i] : hi;
        }
        CHECK(mm[g][0] == lo && mm[g][1] == hi, "min_max: group %d gives (%d, %d), expected "
              "(%d, %d)", g, mm[g][0], mm[g][1], lo, hi);
    }
    digest("group_sum", sums, sizeof sums);
    digest("scan_inclusive", sy, sizeof sy);
    digest("scan_exclusive", data, sizeof data);
    digest("totals", totals, sizeof totals);
    digest("min_max", mm, sizeof mm);
    printf("result: OK\n");
    return 0;
}
