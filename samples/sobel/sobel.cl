/* sobel.cl - Sobel edge magnitude |gx| + |gy| (clamped to 255) of the rows r0..r0+th-1 of
 * a w x h grayscale image; the border pixels of the image are 0.  One work item per
 * output pixel of the tile, over a 2-D range (x, row in the tile); items past the tile
 * (the global sizes are rounded up) do nothing.  Integer arithmetic: exact. */
__kernel void sobel_ocl(int w, int h, int r0, int th, __global const uchar *img,
                        __global uchar *dst)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= th)
        return;
    int row = r0 + y;
    if (row == 0 || row == h - 1 || x == 0 || x == w - 1) {
        dst[y * w + x] = 0;
        return;
    }
    __global const uchar *p = img + (size_t)row * w + x;
    int gx = (p[-w + 1] + 2 * p[1] + p[w + 1]) - (p[-w - 1] + 2 * p[-1] + p[w - 1]);
    int gy = (p[w - 1] + 2 * p[w] + p[w + 1]) - (p[-w - 1] + 2 * p[-w] + p[-w + 1]);
    int m = (int)(abs(gx) + abs(gy)); /* abs gives unsigned in OpenCL C */
    dst[y * w + x] = (uchar)(m > 255 ? 255 : m);
}
