/* reduce_scan.cl - local-memory reductions and scans: each work-group reduces or scans
 * its slice of the input in __local memory, with barriers inside loops.  Integer data:
 * every implementation must give exactly the same sums.  Checked by reduce_scan.c. */

/* Sum of the group's values: a tree reduction (__local scratch given by the launch). */
__kernel void group_sum(__global const int *x, __global int *sums, __local int *s, int n)
{
    int l = get_local_id(0), i = get_global_id(0), g = get_local_size(0);
    s[l] = i < n ? x[i] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = g / 2; k > 0; k /= 2) {
        if (l < k)
            s[l] += s[l + k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        sums[get_group_id(0)] = s[0];
}

/* Inclusive scan of the group's values, Hillis and Steele: two __local buffers whose roles
 * swap every step (the pointers live across the barriers). */
__kernel void scan_inclusive(__global const int *x, __global int *y, __local int *a,
                             __local int *b)
{
    int l = get_local_id(0), i = get_global_id(0), g = get_local_size(0);
    __local int *src = a, *dst = b;
    src[l] = x[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int d = 1; d < g; d <<= 1) {
        dst[l] = l >= d ? src[l] + src[l - d] : src[l];
        barrier(CLK_LOCAL_MEM_FENCE);
        __local int *t = src;
        src = dst;
        dst = t;
    }
    y[i] = src[l];
}

/* Exclusive scan, Blelloch's work-efficient one: an up-sweep and a down-sweep over a
 * kernel-scope __local array, two elements per work-item; the group's total goes out. */
#define SCAN_ITEMS 64
__kernel void scan_exclusive(__global int *data, __global int *totals)
{
    __local int t[2 * SCAN_ITEMS];
    int l = get_local_id(0), base = get_group_id(0) * 2 * SCAN_ITEMS;
    int m = 2 * SCAN_ITEMS;
    t[2 * l] = data[base + 2 * l];
    t[2 * l + 1] = data[base + 2 * l + 1];
    int offset = 1;
    for (int d = m >> 1; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < d) {
            int ai = offset * (2 * l + 1) - 1, bi = offset * (2 * l + 2) - 1;
            t[bi] += t[ai];
        }
        offset *= 2;
    }
    if (l == 0) {
        totals[get_group_id(0)] = t[m - 1];
        t[m - 1] = 0;
    }
    for (int d = 1; d < m; d *= 2) {
        offset >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < d) {
            int ai = offset * (2 * l + 1) - 1, bi = offset * (2 * l + 2) - 1;
            int keep = t[ai];
            t[ai] = t[bi];
            t[bi] += keep;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    data[base + 2 * l] = t[2 * l];
    data[base + 2 * l + 1] = t[2 * l + 1];
}

/* The minimum and the maximum of the group's values at once, on int2 in __local memory. */
__kernel void min_max(__global const int *x, __global int2 *out, __local int2 *s)
{
    int l = get_local_id(0), g = get_local_size(0);
    int v = x[get_global_id(0)];
    s[l] = (int2)(v, v);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = g / 2; k > 0; k >>= 1) {
        if (l < k) {
            int2 o = s[l + k];
            s[l] = (int2)(min(s[l].x, o.x), max(s[l].y, o.y));
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        out[get_group_id(0)] = s[0];
}
