/* interchange.cl - loops that run the same for every work-item: as group-level C with the
 * work-item loops inside (barrier loops; reduction loops over memory every item reads the
 * same), next to one that must not move (each item walks its own row).  Checked by
 * interchange.c against C; run.sh also checks the shapes mcc gives them. */
#pragma OPENCL FP_CONTRACT OFF

/* every item sums its influence over all `n` sources staged in __local memory, tile by
 * tile; the bound of the inner loop is a value computed once per group (m) */
__kernel void gather(__global const float2 *src, __global const float *pos,
                     __global float *out, int n, __local float2 *tile)
{
    int i = get_global_id(0), l = get_local_id(0), w = get_local_size(0);
    float p = pos[i];
    float acc = 0.0f, wsum = 0.0f;
    for (int t0 = 0; t0 < n; t0 += w) {
        tile[l] = t0 + l < n ? src[t0 + l] : (float2)(0.0f, 0.0f);
        barrier(CLK_LOCAL_MEM_FENCE);
        int m = min(w, n - t0);
        for (int j = 0; j < m; j++) {
            float2 s = tile[j];
            float d = s.x - p;
            acc += s.y * d;
            wsum += s.y;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[2 * i] = acc;
    out[2 * i + 1] = wsum;
}

/* matrix times vector, one row per item: the row walk stays in the item's loop */
__kernel void rows(__global const float *a, __global const float *x, __global float *y,
                   int cols)
{
    int r = get_global_id(0);
    float acc = 0.0f;
    for (int c = 0; c < cols; c++)
        acc += a[r * cols + c] * x[c];
    y[r] = acc;
}
