/* Kernels of ocl_multideps.c: each indexes a whole array from the one pointer it gets,
 * whose blocks the task names one by one (multidependences).  BS: ocl_multideps.c's. */
#define BS 16
__kernel void axpy_blocks(__global const float *x, __global float *y, float a, int nb)
{
    int i = get_global_id(0);
    if (i < nb * BS)
        y[i] = a * x[i] + y[i];
}

__kernel void twice_blocks(__global const float *y, __global float *z, int nb)
{
    int i = get_global_id(0);
    if (i < nb * BS)
        z[i] = 2.0f * y[i] + (float)(i % 7);
}

__kernel void shaped_add(__global const float *y, __global float *z, int nb)
{
    int i = get_global_id(0);
    if (i < nb * BS)
        z[i] += y[i];
}

/* every other block (the odd ones) of bs elements */
__kernel void odd_blocks(__global float *y, int bs, int nb)
{
    int i = get_global_id(0);
    int b = i / bs;
    if (b < nb && b % 2 == 1)
        y[i] = y[i] * 0.5f - 1.0f;
}
