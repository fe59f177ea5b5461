#include "poly.h"

/* y[i] = p.scale * poly(x[i]) + poly(x of the next work-item of the group) + p.shift */
__kernel void poly_apply(int n, poly_params p, __constant float *coef, __global const float *x,
                         __global float *y, __local float *tmp)
{
    int i = get_global_id(0), l = get_local_id(0);
    tmp[l] = i < n ? poly_eval(coef, x[i]) : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n)
        y[i] = p.scale * tmp[l] + tmp[(l + 1) % GROUP] + p.shift;
}
