#include "kernels.h"

/* every work-item that runs counts itself; none is past the range (noCheckDim) */
__kernel void scale_count_ocl(__global int *count, float factor, __global const float *in,
                              __global float *out)
{
    int i = get_global_id(0);
    atomic_inc(count);
    out[i] = factor * in[i];
}

__kernel void add_rows_ocl(__global int *m, int cols, int v)
{
    int c = get_global_id(0), r = get_global_id(1);
    if (c < cols && r < (int)get_global_size(1))
        m[r * cols + c] += v + r;
}
