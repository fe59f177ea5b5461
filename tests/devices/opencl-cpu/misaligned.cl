/* misaligned.c: float4 kernels given buffers that start 8 bytes into float arrays */
__kernel void twice4(int n4, __global float4 *v)
{
    int i = get_global_id(0);
    if (i < n4)
        v[i] = 2.0f * v[i];
}

__kernel void add4(int n4, __global const float4 *a, __global const float4 *b,
                   __global float4 *c)
{
    int i = get_global_id(0);
    if (i < n4)
        c[i] = a[i] + b[i];
}
