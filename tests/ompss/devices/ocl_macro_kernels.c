/* OpenCL kernels whose names a macro of the .cl pastes together (`KNAME(scale, f32)` with
 * `#define KNAME(base, suffix) base##_##suffix`): one task with file(...) (before the fix
 * mcc said "OpenCL kernel 'scale_f32' ... is not defined in kernels/macro_kernels.cl"),
 * one without it, the .cl given on the command line (run.sh; before the fix the run
 * stopped on PoCL: "no OpenCL source in the program contains it").  The
 * prototypes name the parameters otherwise than the kernels (matched by position). */
#include "ompss_check.h"

#define N 300

#pragma omp target device(opencl) ndrange(1, n, 64) file(kernels/macro_kernels.cl) copy_deps
#pragma omp task in([n]in) out([n]out)
__kernel void scale_f32(__global const float *in, __global float *out, int n, float f);

#pragma omp target device(opencl) ndrange(1, n, 32) copy_deps
#pragma omp task in([n]in) out([n]out)
__kernel void scale_i32(__global const int *in, __global int *out, int n, int f);

static float x[N], y[N], z[N];
static int a[N], b[N];

int main(void)
{
    for (int i = 0; i < N; i++) {
        x[i] = (float)i;
        a[i] = i - 100;
    }
    scale_f32(x, y, N, 2.5f);
    scale_f32(y, z, N, -2.0f);
    scale_i32(a, b, N, 3);
#pragma omp taskwait
    for (int i = 0; i < N; i++) {
        CHECK(y[i] == 2.5f * i, "y[%d] = %g, expected %g", i, y[i], 2.5 * i);
        CHECK(z[i] == -5.0f * i, "z[%d] = %g, expected %g", i, z[i], -5.0 * i);
        CHECK(b[i] == 3 * (i - 100), "b[%d] = %d, expected %d", i, b[i], 3 * (i - 100));
    }
    return result_ok();
}
