/* One band of rows of a 2-D Jacobi step: src points at the band's first row; the rows
 * above and below the band (src[-w...], src[rows * w...]) are its halo, read only. */
__kernel void band(__global const float *src, __global float *dst, int w, int rows)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x < w && y < rows) {
        int xl = max(x - 1, 0), xr = min(x + 1, w - 1);
        dst[y * w + x] = 0.2f * (src[y * w + x] + src[(y - 1) * w + x] + src[(y + 1) * w + x] +
                                 src[y * w + xl] + src[y * w + xr]);
    }
}

/* The odd rows of a band of `rows` rows: p points at its first row (a half of an array of
 * odd length, its offset no multiple of the device's buffer alignment). */
__kernel void scale_half(__global float *p, int n, float k)
{
    int i = get_global_id(0);
    if (i < n)
        p[i] = p[i] * k + 1.0f;
}
