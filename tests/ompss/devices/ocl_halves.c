/* The same kernels launched many times over halves of an array, recursively (halves of
 * halves down to five levels, odd lengths: the halves start at offsets no multiple of
 * anything), with in/out dependences between a half and its sibling (one kernel reads a
 * half and updates the other, both ways) and inout on a whole range before its halves;
 * three rounds, one also over the array less its first and last element.  Checked
 * against the same recursion run sequentially in C. */
#include "ompss_check.h"

#define N 1003
#define LEVELS 5

#pragma omp target device(opencl) ndrange(1, n, 32) file(kernels/halves.cl) copy_deps
#pragma omp task inout([n]p)
__kernel void upd(__global float *p, int n, float k);

#pragma omp target device(opencl) ndrange(1, n, 16) file(kernels/halves.cl) copy_deps
#pragma omp task in([n]src) inout([n]dst)
__kernel void xhalf(__global const float *src, __global float *dst, int n);

static float a[N], r[N];

static void upd_seq(float *p, int n, float k)
{
    for (int i = 0; i < n; i++)
        p[i] = p[i] * k + (float)(i % 3);
}

static void xhalf_seq(const float *src, float *dst, int n)
{
    for (int i = 0; i < n; i++)
        dst[i] = 0.5f * dst[i] + src[n - 1 - i];
}

/* seq: the sequential C versions, else the tasks */
static void halves(float *p, int n, int level, int seq)
{
    if (seq)
        upd_seq(p, n, 0.5f + level);
    else
        upd(p, n, 0.5f + level);
    if (level == LEVELS || n < 4)
        return;
    int h = n / 2;
    if (seq)
        xhalf_seq(p, p + n - h, h);
    else
        xhalf(p, p + n - h, h);
    halves(p, n - h, level + 1, seq);
    halves(p + n - h, h, level + 1, seq);
    if (seq)
        xhalf_seq(p + n - h, p, h);
    else
        xhalf(p + n - h, p, h);
}

int main(void)
{
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < N; i++)
            a[i] = r[i] = (float)((i + round) % 7);
        halves(a, N, 0, 0);
        halves(r, N, 0, 1);
        halves(a + 1, N - 2, 1, 0);
        halves(r + 1, N - 2, 1, 1);
#pragma omp taskwait
        for (int i = 0; i < N; i++)
            CHECK(a[i] == r[i], "round %d: a[%d] = %g, expected %g", round, i, a[i], r[i]);
    }
    return result_ok();
}
