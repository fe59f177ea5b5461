/* Buffer kernels beside image ones, as an image-processing program's .cl has them: a
 * program-scope sampler, a kernel reading an image, one taking an image it does not read.
 * The tasks use the buffer kernels only. */
__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                               CLK_FILTER_NEAREST;

__kernel void blur_image(__read_only image2d_t src, __write_only image2d_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 a = read_imagef(src, nearest, p) + read_imagef(src, nearest, p + (int2)(1, 0));
    write_imagef(dst, p, a * 0.5f);
}

__kernel void fill_from(__global float *out, int n, __read_only image2d_t unused)
{
    int i = get_global_id(0);
    if (i < n)
        out[i] = (float)i;
}

__kernel void brighten(__global float *px, float gain, int n)
{
    int i = get_global_id(0);
    if (i < n)
        px[i] = clamp(px[i] * gain, 0.0f, 255.0f);
}

__kernel void offset(__global float *px, float by, int n)
{
    int i = get_global_id(0);
    if (i < n)
        px[i] += by;
}
