/* Kernels launched over halves of halves of an array (ocl_halves.c). */
#pragma OPENCL FP_CONTRACT OFF
__kernel void upd(__global float *p, int n, float k)
{
    int i = get_global_id(0);
    if (i < n)
        p[i] = p[i] * k + (float)(i % 3);
}

/* dst = dst / 2 + src reversed: reads one half, updates the other */
__kernel void xhalf(__global const float *src, __global float *dst, int n)
{
    int i = get_global_id(0);
    if (i < n)
        dst[i] = 0.5f * dst[i] + src[n - 1 - i];
}
