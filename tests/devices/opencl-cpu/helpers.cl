/* helpers.cl - functions other than kernels that hold barriers, called from kernels (as
 * reductions and scans are written in Rodinia, SHOC and the SDK samples): mcc inlines
 * them into the kernels before cutting those at their barriers.  Integer data: every
 * implementation gives the same results.  Checked by helpers.c. */

/* Tree reduction of the group's s[0..size) into s[0], barriers between its steps. */
void block_reduce(__local int *s)
{
    int l = get_local_id(0);
    for (int k = get_local_size(0) / 2; k > 0; k >>= 1) {
        if (l < k)
            s[l] += s[l + k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

/* The group's sum of v, through block_reduce: a result, an early return on a uniform
 * condition (a group of one item), a parameter assigned. */
int group_sum(__local int *s, int v)
{
    int l = get_local_id(0);
    s[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_size(0) == 1)
        return s[0];
    block_reduce(s);
    v = s[0];
    barrier(CLK_LOCAL_MEM_FENCE);       /* s is written again by the next call */
    return v;
}

/* The group's maximum of v: a helper whose parameter has the kernel's variable's name. */
static inline int group_max(__local int *s, int x)
{
    int l = get_local_id(0);
    s[l] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = get_local_size(0) / 2; k > 0; k >>= 1) {
        if (l < k)
            s[l] = max(s[l], s[l + k]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    x = s[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    return x;
}

/* Inclusive Hillis-Steele scan of s, in place (a copy between the steps); s written as an
 * array. */
void block_scan(__local int s[], __local int *t)
{
    int l = get_local_id(0);
    for (int d = 1; d < get_local_size(0); d <<= 1) {
        t[l] = l >= d ? s[l] + s[l - d] : s[l];
        barrier(CLK_LOCAL_MEM_FENCE);
        s[l] = t[l];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

/* sums[g]: the sum of group g's values (a void helper called as a statement) */
__kernel void sums(__global const int *x, __global int *out, __local int *s, int n)
{
    int i = get_global_id(0), l = get_local_id(0);
    s[l] = i < n ? x[i] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    block_reduce(s);
    if (l == 0)
        out[get_group_id(0)] = s[0];
}

/* y[i] = x[i] - mean of its group, and stats[g] = {sum, max} over `rounds` rounds whose
 * values change: helpers called in a uniform loop and under a uniform condition, their
 * results declared, assigned, and dropped. */
__kernel void centre(__global const int *x, __global int *y, __global int *stats,
                     __local int *s, int rounds)
{
    int i = get_global_id(0), l = get_local_id(0), g = get_group_id(0);
    int x0 = x[i], acc = 0, hi = 0;
    for (int r = 0; r < rounds; r++) {
        int v = x0 + r * l;
        int sum = group_sum(s, v);
        acc += sum;
        if (rounds > 1)
            hi = group_max(s, v);
        else {
            int m = group_max(s, v - 1);
            hi = max(hi, m + 1);
        }
        group_sum(s, 0);
    }
    y[i] = x0 - acc / (rounds * (int)get_local_size(0));
    if (l == 0) {
        stats[2 * g] = acc;
        stats[2 * g + 1] = hi;
    }
}

/* prefix[i]: inclusive scan of x over the group, plus the sum of the group before it in
 * the data (a helper calling two helpers, inlined a level at a time). */
void scan_and_total(__local int *s, __local int *t, __global int *total)
{
    block_scan(s, t);
    int last = s[get_local_size(0) - 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    t[get_local_id(0)] = get_local_id(0) == 0 ? last : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    block_reduce(t);
    if (get_local_id(0) == 0)
        *total = t[0];
}

__kernel void prefix(__global const int *x, __global int *p, __global int *totals,
                     __local int *s, __local int *t)
{
    int i = get_global_id(0), l = get_local_id(0);
    s[l] = x[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    scan_and_total(s, t, &totals[get_group_id(0)]);
    p[i] = s[l];
}
