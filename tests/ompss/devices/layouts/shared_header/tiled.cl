/* tiled.cl - the kernels of common.h, tiled through __local arrays and barriers. */
#include "common.h"

__kernel void gemm_tiled(__global const real_t *a, __global const real_t *b, __global real_t *c,
                         gemm_params p)
{
    __local real_t as[TS][TS];
    __local real_t bs[TS][TS];
    int col = get_global_id(0), row = get_global_id(1);
    int lc = get_local_id(0), lr = get_local_id(1);
    real_t sum = 0;
    for (int t = 0; t < (p.k + TS - 1) / TS; t++) {
        int ak = t * TS + lc, bk = t * TS + lr;
        as[lr][lc] = (row < p.n && ak < p.k) ? a[row * p.k + ak] : 0;
        bs[lr][lc] = (bk < p.k && col < p.m) ? b[bk * p.m + col] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int x = 0; x < TS; x++)
            sum += as[lr][x] * bs[x][lc];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < p.n && col < p.m)
        c[row * p.m + col] = p.alpha * sum + p.beta * c[row * p.m + col];
}

/* bs x bs work-groups; tile padded against bank conflicts; bs <= TS */
__kernel void transpose(__global const real_t *src, __global real_t *dst, int rows, int cols, int bs)
{
    __local real_t tile[TS][TS + 1];
    int gx = get_group_id(0) * bs, gy = get_group_id(1) * bs;
    int lx = get_local_id(0), ly = get_local_id(1);
    if (gy + ly < rows && gx + lx < cols)
        tile[ly][lx] = src[(gy + ly) * cols + gx + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    /* write: dst is cols x rows */
    if (gx + ly < cols && gy + lx < rows)
        dst[(gx + ly) * rows + gy + lx] = tile[lx][ly];
}
