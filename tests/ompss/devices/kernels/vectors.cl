/* Kernel of ocl_vector_args.c: vectors by value and a buffer of float4. */
__kernel void shift(__global float4 *p, float4 delta, float2 scale, int4 pick, int n)
{
    int i = get_global_id(0);
    if (i < n)
        p[i] = p[i] * scale.x + delta * scale.y + convert_float4(pick);
}
