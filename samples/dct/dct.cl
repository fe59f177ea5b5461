/* dct.cl - 2-D DCT-II of 8 x 8 blocks (JPEG's, orthonormal) and its inverse, over a 2-D
 * range of one work item per pixel in 8 x 8 work-groups: a work-group is one block.  It
 * loads the block into local memory and applies the 1-D transform to the rows, then to
 * the columns.  w and th are multiples of 8, so a work-group is either wholly inside the
 * tile or wholly past it (then it returns before any barrier, as all its items do).
 * FP_CONTRACT OFF: rounding as in the C version. */
#pragma OPENCL FP_CONTRACT OFF

/* C[u][x] = a(u) cos((2x + 1) u pi / 16), a(0) = sqrt(1/8), a(u > 0) = 1/2. */
__constant float dct_c[64] = {
    0.353553385f, 0.353553385f, 0.353553385f, 0.353553385f, 0.353553385f, 0.353553385f, 0.353553385f, 0.353553385f,
    0.490392625f, 0.415734798f, 0.277785122f, 0.0975451618f, -0.0975451618f, -0.277785122f, -0.415734798f, -0.490392625f,
    0.461939752f, 0.191341713f, -0.191341713f, -0.461939752f, -0.461939752f, -0.191341713f, 0.191341713f, 0.461939752f,
    0.415734798f, -0.0975451618f, -0.490392625f, -0.277785122f, 0.277785122f, 0.490392625f, 0.0975451618f, -0.415734798f,
    0.353553385f, -0.353553385f, -0.353553385f, 0.353553385f, 0.353553385f, -0.353553385f, -0.353553385f, 0.353553385f,
    0.277785122f, -0.490392625f, 0.0975451618f, 0.415734798f, -0.415734798f, -0.0975451618f, 0.490392625f, -0.277785122f,
    0.191341713f, -0.461939752f, 0.461939752f, -0.191341713f, -0.191341713f, 0.461939752f, -0.461939752f, 0.191341713f,
    0.0975451618f, -0.277785122f, 0.415734798f, -0.490392625f, 0.490392625f, -0.415734798f, 0.277785122f, -0.0975451618f
};

/* dst = C src C^T for the block of this work-group (src, dst: rows of w floats). */
__kernel void dct8x8_ocl(int w, int th, __global const float *src, __global float *dst)
{
    __local float blk[8][8], tmp[8][8];
    int gx = get_global_id(0), gy = get_global_id(1);
    int lx = get_local_id(0), ly = get_local_id(1);
    if (gx >= w || gy >= th)
        return;
    blk[ly][lx] = src[(size_t)gy * w + gx];
    barrier(CLK_LOCAL_MEM_FENCE);
    float s = 0.0f; /* row ly, frequency lx */
    for (int x = 0; x < 8; x++)
        s += blk[ly][x] * dct_c[lx * 8 + x];
    tmp[ly][lx] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    s = 0.0f; /* frequencies (ly, lx) */
    for (int y = 0; y < 8; y++)
        s += dct_c[ly * 8 + y] * tmp[y][lx];
    dst[(size_t)gy * w + gx] = s;
}

/* dst = C^T src C: the inverse (C is orthonormal). */
__kernel void idct8x8_ocl(int w, int th, __global const float *src, __global float *dst)
{
    __local float blk[8][8], tmp[8][8];
    int gx = get_global_id(0), gy = get_global_id(1);
    int lx = get_local_id(0), ly = get_local_id(1);
    if (gx >= w || gy >= th)
        return;
    blk[ly][lx] = src[(size_t)gy * w + gx];
    barrier(CLK_LOCAL_MEM_FENCE);
    float s = 0.0f; /* frequency row ly, pixel column lx */
    for (int u = 0; u < 8; u++)
        s += blk[ly][u] * dct_c[u * 8 + lx];
    tmp[ly][lx] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    s = 0.0f; /* pixel (ly, lx) */
    for (int v = 0; v < 8; v++)
        s += dct_c[v * 8 + ly] * tmp[v][lx];
    dst[(size_t)gy * w + gx] = s;
}
