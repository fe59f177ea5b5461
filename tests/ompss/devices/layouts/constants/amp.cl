#include "params.h"

__kernel void amp(int n, __global float *x)
{
    int i = get_global_id(0);
    if (i < n)
        x[i] = x[i] * GAIN + OFFSETS[i % 4];
}
