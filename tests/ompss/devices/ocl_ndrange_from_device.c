/* ndrange and shmem read a count that a preceding OpenCL task computed ON THE DEVICE
 * (`ndrange(1, *count, G)`, `shmem(*count * sizeof(int))` with in([1]count)): the launch
 * sees the count the kernel wrote, not the host's stale copy (the sizes were read from the
 * host's copy, which the write-back cache had not updated: the kernel ran over the old
 * range, here 0, and left v untouched).  The producer waits for a slow smp task, so every
 * task is created before any count exists. */
#include "ompss_check.h"

#define N 256
#define G 16

#pragma omp task inout(*gate)
void hold(int *gate);

#pragma omp target device(opencl) ndrange(1, 1, 1) file(kernels/count_device.cl) copy_deps
#pragma omp task in(*gate) out([1]count)
__kernel void set_count(__global int *count, __global const int *gate, int n);

#pragma omp target device(opencl) ndrange(1, *count, G) file(kernels/count_device.cl) copy_deps
#pragma omp task in([1]count) inout([N]v)
__kernel void fill_count(__global int *v, __global const int *count);

#pragma omp target device(opencl) ndrange(1, G, G) shmem(*count * sizeof(int)) \
    file(kernels/count_device.cl) copy_deps
#pragma omp task in(count[0]) out(*out)
__kernel void sum_local(__global int *out, __global const int *count, __local int *scratch);

void hold(int *gate)
{
    delay(SLOW);
    *gate = 0;
}

static int v[3][N], count[3], gate[3], sum[3];

int main(void)
{
    static const int n[3] = {64, 128, 32};
    for (int k = 0; k < 3; k++) {
        hold(&gate[k]);
        set_count(&count[k], &gate[k], n[k]);
        fill_count(v[k], &count[k]);
        sum_local(&sum[k], &count[k], NULL);
    }
#pragma omp taskwait
    for (int k = 0; k < 3; k++) {
        CHECK(count[k] == n[k], "count[%d] = %d, expected %d", k, count[k], n[k]);
        CHECK(sum[k] == n[k] * (n[k] + 1) / 2, "launch %d: sum = %d, expected %d", k, sum[k],
              n[k] * (n[k] + 1) / 2);
        for (int i = 0; i < N; i++)
            CHECK(v[k][i] == (i < n[k] ? n[k] : 0), "launch %d: v[%d] = %d, expected %d", k,
                  i, v[k][i], i < n[k] ? n[k] : 0);
    }
    return result_ok();
}
