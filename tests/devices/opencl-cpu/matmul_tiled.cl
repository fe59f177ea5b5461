/* matmul_tiled.cl - C = A B for n x n floats (n need not be a multiple of the tile), in
 * TS x TS work-groups staging tiles of A and B through kernel-scope __local arrays: a
 * loop over the tiles with a barrier after the loads and one after the products.
 * Checked by matmul_tiled.c against sequential C (same order of additions). */
#pragma OPENCL FP_CONTRACT OFF
#define TS 16

__kernel void matmul_tiled(__global const float *a, __global const float *b,
                           __global float *c, int n)
{
    __local float as[TS][TS], bs[TS][TS];
    int tx = get_local_id(0), ty = get_local_id(1);
    int col = get_group_id(0) * TS + tx, row = get_group_id(1) * TS + ty;
    float acc = 0.0f;
    for (int t = 0; t < n; t += TS) {
        as[ty][tx] = row < n && t + tx < n ? a[row * n + t + tx] : 0.0f;
        bs[ty][tx] = col < n && t + ty < n ? b[(t + ty) * n + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; k++)
            acc += as[ty][k] * bs[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < n && col < n)
        c[row * n + col] = acc;
}
