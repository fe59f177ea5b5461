/* c += a * b on BS x BS tiles stored row after row (ocl_array_params.c); BS from the
 * task's parameter. */
__kernel void tile_mm_ocl(__global const float *a, __global const float *b, __global float *c,
                          int bs)
{
    int j = get_global_id(0), i = get_global_id(1);
    if (i < bs && j < bs) {
        float s = c[i * bs + j];
        for (int k = 0; k < bs; k++)
            s += a[i * bs + k] * b[k * bs + j];
        c[i * bs + j] = s;
    }
}

__kernel void tile_scale(__global float *t, float f, int bs)
{
    int i = get_global_id(0);
    if (i < bs * bs)
        t[i] *= f;
}
