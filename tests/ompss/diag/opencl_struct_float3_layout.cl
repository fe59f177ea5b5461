/* The kernel of opencl_struct_float3_layout.c: its point is one float3, 16 bytes. */
struct point { float3 pos; };

__kernel void nudge(__global struct point *pts, int n)
{
    int i = get_global_id(0);
    if (i < n)
        pts[i].pos.x += 1.0f;
}
