/* Kernels whose buffers are declared as arrays, as C lets parameters be: `__global float
 * x[]`, a row of a fixed width `__global float m[][W]`, a size that means nothing
 * (`__constant float c[4]`), `__local float t[]` sized by shmem(...). */
#include "../array_params.h"

__kernel void scale_add(int n, __global const float x[], __constant float c[4], __global float y[])
{
    int i = get_global_id(0);
    if (i < n)
        y[i] = c[0] * x[i] + c[1] * y[i] + c[2];
}

/* each row of m: its element j += the row's sum of the element before it, in local memory */
__kernel void rows(int n, __global float m[][W], __local float t[])
{
    int i = get_global_id(1), j = get_local_id(0);
    t[j] = i < n ? m[i][j] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n)
        m[i][j] += t[(j + W - 1) % W] * 2;
}
