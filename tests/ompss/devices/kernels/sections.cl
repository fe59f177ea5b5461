/* Kernels of ocl_sections.c: each indexes its arrays from their base, at the host's
 * offsets, though the task copies only a section of them. */
__kernel void shift_add(__global const float *x, __global float *y, int lo, int len)
{
    int i = get_global_id(0);
    if (i < len)
        y[lo + i] += x[lo + i] * 2.0f;
}

__kernel void range_copy(__global const float *x, __global float *y, int lo, int hi)
{
    int i = get_global_id(0) + lo;
    if (i <= hi)
        y[i] = x[i] + 1.0f;
}

__kernel void sum_into(__global const float *x, __global float *y, __global float *neg, int n)
{
    int i = get_global_id(0);
    if (i < n) {
        y[i] += x[i];
        neg[i] = -x[i];
    }
}
