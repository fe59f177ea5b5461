/* OpenCL tasks created inside an smp task (`target device(smp)`), which waits for them and
 * reads what they wrote on the host; the outer tasks' blocks are independent and run side
 * by side.  Between rounds `taskwait noflush` (results stay on the devices), kernels on the
 * whole blocks, then `taskwait on` a section of the array: the host reads it before the
 * final taskwait.  Checked against the same arithmetic on the host. */
#include "ompss_check.h"

#define N 4096
#define BS 512
#define SUB (BS / 4)

#pragma omp target device(opencl) ndrange(1, n, 64) file(kernels/nested.cl) copy_deps
#pragma omp task inout([n]a)
__kernel void scale(__global float *a, float s, int n);

#pragma omp target device(opencl) ndrange(1, n, 64) file(kernels/nested.cl) copy_deps
#pragma omp task out([n]a) in([n]b, [n]c)
__kernel void triad(__global float *a, __global const float *b, __global const float *c, float s,
                    int n);

#pragma omp target device(smp) copy_deps
#pragma omp task inout([n]a) in([n]b, [n]c)
void block_work(float *a, const float *b, const float *c, float s, int n)
{
    for (int i = 0; i < n; i += SUB) {
        triad(a + i, b + i, c + i, s, SUB);
        scale(a + i, 0.5f, SUB);
    }
#pragma omp taskwait
    for (int i = 0; i < n; i++)
        a[i] += 1.0f;
}

static float a[N], b[N], c[N];

/* a[i] after round r (a triad of factor r + 1) */
static float expected(int i, int r)
{
    return ((b[i] + (float)(r + 1) * c[i]) * 0.5f + 1.0f) * 2.0f;
}

int main(void)
{
    for (int i = 0; i < N; i++) {
        b[i] = (float)(i % 9);
        c[i] = (float)(i % 4);
        a[i] = -7;
    }
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < N; i += BS)
            block_work(a + i, b + i, c + i, (float)(round + 1), BS);
#pragma omp taskwait noflush
        for (int i = 0; i < N; i += BS)
            scale(a + i, 2.0f, BS);
#pragma omp taskwait on(a[0:BS-1])
        for (int i = 0; i < BS; i++)
            CHECK(a[i] == expected(i, round), "round %d: a[%d] = %g, expected %g", round, i,
                  a[i], expected(i, round));
    }
#pragma omp taskwait
    for (int i = 0; i < N; i++)
        CHECK(a[i] == expected(i, 2), "a[%d] = %g, expected %g", i, a[i], expected(i, 2));
    return result_ok();
}
