/* OpenCL vector types in a kernel's parameters: float4, float2 and int4 by value, and a
 * buffer of float4.  The host prototype spells them with OpenCL's host types (cl_float4,
 * cl_float2, cl_int4 of CL/cl.h: the same sizes and alignment, float3 included), as host
 * code of OpenCL programs does; the host fills and reads the buffer through .s[].
 * Checked against the same arithmetic on the host. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include "ompss_check.h"

#define N 100

#pragma omp target device(opencl) ndrange(1, n, 16) file(kernels/vectors.cl) copy_deps
#pragma omp task inout([n]p)
__kernel void shift(__global cl_float4 *p, cl_float4 delta, cl_float2 scale, cl_int4 pick,
                    int n);

static cl_float4 p[N];

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int k = 0; k < 4; k++)
            p[i].s[k] = (float)(i + k);
    cl_float4 delta = {{0.5f, 1.5f, 2.5f, 3.5f}};
    cl_float2 scale = {{2.0f, 4.0f}};
    cl_int4 pick = {{1, -2, 3, -4}};
    shift(p, delta, scale, pick, N);
    delta.s[0] = 100.0f;                /* the task has its own copy */
    shift(p, delta, scale, pick, N / 2);
#pragma omp taskwait
    for (int i = 0; i < N; i++)
        for (int k = 0; k < 4; k++) {
            float v = (float)(i + k) * 2.0f + (k ? 0.5f + (float)k : 0.5f) * 4.0f +
                      (float)pick.s[k];
            if (i < N / 2)
                v = v * 2.0f + (k ? 0.5f + (float)k : 100.0f) * 4.0f + (float)pick.s[k];
            CHECK(p[i].s[k] == v, "p[%d].s[%d] = %g, expected %g", i, k, p[i].s[k], v);
        }
    return result_ok();
}
