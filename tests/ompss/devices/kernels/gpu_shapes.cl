/* gpu_shapes.cl - kernels in the shapes of GPU codes for ocl_gpu_shapes.c: a tiled matrix
 * multiply (__local tiles, barriers, 2-D), a work-group reduction into a __local float *
 * argument (shmem), a histogram with atomic_inc on __local and atomic_add on __global bins
 * (NBINS from --opencl-build-opts), a Blelloch scan of blocks plus the offsets' kernel, a
 * 2-D stencil with its halo in __local memory, float4 / vload4 / vstore4 / mad / select /
 * native_exp / convert_int4_sat with a __constant array and a struct by value, a 3-D
 * range, and two kernels for loops over halves. */
#pragma OPENCL FP_CONTRACT OFF
#include "gpu_shapes.h"

__constant float coef[4] = {0.5f, -1.25f, 2.0f, 0.125f};

__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
                     int M, int N, int K)
{
    __local float As[TILE][TILE];
    __local float Bs[TILE][TILE];
    int col = get_global_id(0), row = get_global_id(1);
    int lx = get_local_id(0), ly = get_local_id(1);
    float acc = 0.0f;
    for (int t = 0; t < (K + TILE - 1) / TILE; t++) {
        int ac = t * TILE + lx, br = t * TILE + ly;
        As[ly][lx] = (row < M && ac < K) ? A[row * K + ac] : 0.0f;
        Bs[ly][lx] = (br < K && col < N) ? B[br * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; k++)
            acc = mad(As[ly][k], Bs[k][lx], acc);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
}

__kernel void reduce(__global const float *x, __global float *partial, __local float *scratch,
                     int n)
{
    int gid = get_global_id(0), lid = get_local_id(0);
    scratch[lid] = gid < n ? x[gid] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}

__kernel void histo(__global const uint *data, __global uint *bins, int n)
{
    __local uint h[NBINS];
    int lid = get_local_id(0);
    for (int b = lid; b < NBINS; b += get_local_size(0))
        h[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&h[data[i] % NBINS]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int b = lid; b < NBINS; b += get_local_size(0))
        atomic_add(&bins[b], h[b]);
}

/* exclusive scan of each block of 2*L items (Blelloch), block totals out */
__kernel void scan_block(__global float *x, __global float *sums, __local float *t, int n)
{
    int lid = get_local_id(0), L = get_local_size(0), g = get_group_id(0);
    int base = g * 2 * L;
    t[2 * lid] = base + 2 * lid < n ? x[base + 2 * lid] : 0.0f;
    t[2 * lid + 1] = base + 2 * lid + 1 < n ? x[base + 2 * lid + 1] : 0.0f;
    int off = 1;
    for (int d = L; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            int ai = off * (2 * lid + 1) - 1, bi = off * (2 * lid + 2) - 1;
            t[bi] += t[ai];
        }
        off *= 2;
    }
    if (lid == 0) {
        sums[g] = t[2 * L - 1];
        t[2 * L - 1] = 0.0f;
    }
    for (int d = 1; d < 2 * L; d *= 2) {
        off >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            int ai = off * (2 * lid + 1) - 1, bi = off * (2 * lid + 2) - 1;
            float v = t[ai];
            t[ai] = t[bi];
            t[bi] += v;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (base + 2 * lid < n)
        x[base + 2 * lid] = t[2 * lid];
    if (base + 2 * lid + 1 < n)
        x[base + 2 * lid + 1] = t[2 * lid + 1];
}

__kernel void scan_add(__global float *x, __global const float *offs, int n)
{
    int i = get_global_id(0);
    if (i < n)
        x[i] += offs[i / (2 * get_local_size(0))];
}

__kernel void stencil(__global const float *in, __global float *out, int W, int H)
{
    __local float tile[TILE + 2][TILE + 2];
    int x = get_global_id(0), y = get_global_id(1);
    int lx = get_local_id(0) + 1, ly = get_local_id(1) + 1;
    int cx = min(x, W - 1), cy = min(y, H - 1);
    tile[ly][lx] = in[cy * W + cx];
    if (get_local_id(0) == 0)
        tile[ly][0] = in[cy * W + max(cx - 1, 0)];
    if (get_local_id(0) == TILE - 1)
        tile[ly][TILE + 1] = in[cy * W + min(cx + 1, W - 1)];
    if (get_local_id(1) == 0)
        tile[0][lx] = in[max(cy - 1, 0) * W + cx];
    if (get_local_id(1) == TILE - 1)
        tile[TILE + 1][lx] = in[min(cy + 1, H - 1) * W + cx];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (x < W && y < H)
        out[y * W + x] = 0.5f * tile[ly][lx] +
                         0.125f * (tile[ly - 1][lx] + tile[ly + 1][lx] + tile[ly][lx - 1] +
                                   tile[ly][lx + 1]);
}

__kernel void vec(__global const float *in, __global float *out, __global int *q, params_t p)
{
    int i = get_global_id(0);
    if (i >= p.n / 4)
        return;
    float4 v = vload4(i, in);
    float4 w = (float4)(apply(p, v.x), apply(p, v.y), apply(p, v.z), apply(p, v.w));
    float4 c = (float4)(coef[0], coef[1], coef[2], coef[3]);
    w = mad(w, c, (float4)(1.0f));
    w = select(w, -w, w < (float4)(0.0f));
    w = w + native_exp(-v);
    vstore4(w, i, out);
    int4 s = convert_int4_sat(w * 1e9f);
    vstore4(s, i, q);
}

__kernel void box3(__global float *v, int nx, int ny, int nz)
{
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    if (x < nx && y < ny && z < nz)
        v[(z * ny + y) * nx + x] += (float)(x + 10 * y + 100 * z) +
                                    (float)(get_group_id(0) + get_local_size(2));
}

__kernel void step_k(__global float *a, int n, float k)
{
    int i = get_global_id(0);
    if (i < n)
        a[i] = a[i] * k + 1.0f;
}

__kernel void mix_halves(__global float *a, __global float *b, int n)
{
    int i = get_global_id(0);
    if (i < n) {
        float t = a[i];
        a[i] = 0.5f * (a[i] + b[i]);
        b[i] = t - b[i];
    }
}
