/* __local memory sized by shmem(...) (a pointer parameter that no copy names), explicit
 * copy_in/copy_out with no_copy_deps, and the taskwait forms: `taskwait on(x)` brings x
 * back, `taskwait noflush` waits without flushing (a later plain taskwait still does). */
#include "ompss_check.h"

#define N 1024
#define G 64

#pragma omp target device(opencl) ndrange(1, n, G) shmem(G * sizeof(float)) \
    file(kernels/groupsum.cl) no_copy_deps copy_in([n]x) copy_out([n / G]sums)
#pragma omp task in([n]x) out([n / G]sums)
__kernel void groupsum(__global const float *x, __global float *sums, __local float *scratch,
                       int n);

#pragma omp target device(opencl) ndrange(1, n, G) file(kernels/groupsum.cl) copy_deps
#pragma omp task in([n]x) out([n]y)
__kernel void twice(__global const float *x, __global float *y, int n);

static float x[N], y[N], z[N], sums[N / G];

int main(void)
{
    for (int i = 0; i < N; i++)
        x[i] = (float)(i % 10);
    groupsum(x, sums, 0, N);
#pragma omp taskwait on(sums)
    for (int g = 0; g < N / G; g++) {
        float want = 0;
        for (int i = g * G; i < (g + 1) * G; i++)
            want += x[i];
        CHECK(sums[g] == want, "sums[%d] = %g, expected %g", g, sums[g], want);
    }
    twice(x, y, N);
    twice(y, z, N);
#pragma omp taskwait noflush
    twice(z, y, N);
#pragma omp taskwait
    for (int i = 0; i < N; i++) {
        CHECK(z[i] == 4.0f * (i % 10), "z[%d] = %g", i, z[i]);
        CHECK(y[i] == 8.0f * (i % 10), "y[%d] = %g", i, y[i]);
    }
    return result_ok();
}
