/* OmpSs array sections in the copies of OpenCL tasks: `x[lo;len]` (start and length) and
 * `x[lo:hi]` (both bounds included) under no_copy_deps + copy_in/copy_inout/copy_out, the
 * kernels indexing from the array's base; sections of one array side by side and apart in
 * several tasks; copy_deps with an extra copy_out of an array no dependence names.  Checked
 * against the same updates on the host. */
#include "ompss_check.h"

#define N 1000

#pragma omp target device(opencl) ndrange(1, len, 64) file(kernels/sections.cl) no_copy_deps \
    copy_in(x[lo;len]) copy_inout(y[lo;len])
#pragma omp task in(x[lo;len]) inout(y[lo;len])
__kernel void shift_add(__global const float *x, __global float *y, int lo, int len);

#pragma omp target device(opencl) ndrange(1, hi - lo + 1, 32) file(kernels/sections.cl) \
    no_copy_deps copy_in(x[lo:hi]) copy_out(y[lo:hi])
#pragma omp task in(x[lo:hi]) out(y[lo:hi])
__kernel void range_copy(__global const float *x, __global float *y, int lo, int hi);

#pragma omp target device(opencl) ndrange(1, n, 64) file(kernels/sections.cl) copy_deps \
    copy_out([n]neg)
#pragma omp task in([n]x) inout([n]y)
__kernel void sum_into(__global const float *x, __global float *y, __global float *neg, int n);

static float x[N], y[N], z[N], neg[N], ry[N], rz[N], rneg[N];

int main(void)
{
    for (int i = 0; i < N; i++) {
        x[i] = (float)(i % 13);
        ry[i] = y[i] = (float)(i % 7);
        rz[i] = z[i] = -1;
        rneg[i] = neg[i] = 5;
    }
    for (int b = 0; b < 4; b++) {          /* 150 of every 200 elements from 100 on */
        int lo = 100 + b * 200, len = 150;
        shift_add(x, y, lo, len);
        for (int i = lo; i < lo + len; i++)
            ry[i] += x[i] * 2.0f;
    }
    shift_add(x, y, 250, 100);             /* overlaps two of those */
    for (int i = 250; i < 350; i++)
        ry[i] += x[i] * 2.0f;
    range_copy(y, z, 10, 590);
    range_copy(y, z, 591, 600);            /* right after the first */
    range_copy(y, z, 700, 990);
    for (int i = 10; i <= 600; i++)
        rz[i] = ry[i] + 1.0f;
    for (int i = 700; i <= 990; i++)
        rz[i] = ry[i] + 1.0f;
    sum_into(x, z, neg, N);
    for (int i = 0; i < N; i++) {
        rz[i] += x[i];
        rneg[i] = -x[i];
    }
#pragma omp taskwait
    for (int i = 0; i < N; i++) {
        CHECK(y[i] == ry[i], "y[%d] = %g, expected %g", i, y[i], ry[i]);
        CHECK(z[i] == rz[i], "z[%d] = %g, expected %g", i, z[i], rz[i]);
        CHECK(neg[i] == rneg[i], "neg[%d] = %g, expected %g", i, neg[i], rneg[i]);
    }
    return result_ok();
}
