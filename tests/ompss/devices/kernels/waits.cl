/* The kernels of ocl_taskwait_on.c. */
#include "waits.h"

__kernel void axpy(int n, real a, __global const real *x, __global real *y)
{
    int i = get_global_id(0);
    if (i < n)
        y[i] = a * x[i] + y[i];
}

__kernel void scale(int n, real a, __global real *y)
{
    int i = get_global_id(0);
    if (i < n)
        y[i] = a * y[i];
}
