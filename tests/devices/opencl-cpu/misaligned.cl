/* misaligned.c: a float4 kernel given a buffer that starts 8 bytes into a float array */
__kernel void twice4(int n4, __global float4 *v)
{
    int i = get_global_id(0);
    if (i < n4)
        v[i] = 2.0f * v[i];
}
