/* The kernel of opencl_struct_size_t_member.c. */
#include "opencl_struct_size_t_member.h"

__kernel void spread(__global range_t *r, __global float *out, int n)
{
    int i = get_global_id(0);
    if (i < n)
        out[i] = r->scale * (float)(r->first + i);
}
