/* wg_functions.cl - OpenCL C 2.0's work-group functions: reductions, scans (inclusive and
 * exclusive; add, min, max), broadcasts, all and any, in 1-D and 2-D groups, in a uniform
 * loop and in a helper.  PoCL 3.1 does not have them: the results are checked against
 * sequential C only (wg_functions.c). */

/* out[8 * i + k]: item i's results of the functions below */
__kernel void wg_ops(__global const int *x, __global int *out, __global float *fsum)
{
    int i = get_global_id(0);
    int v = x[i];
    __global int *o = out + 8 * i;
    o[0] = 0;
    int s = work_group_reduce_add(v);
    int mn = work_group_reduce_min(v);
    int mx;
    mx = work_group_reduce_max(v);
    o[0] = s;
    o[1] = mn * 1000 + mx;
    o[2] = work_group_scan_inclusive_add(v);
    o[3] = work_group_scan_exclusive_add(v);
    int emin = work_group_scan_exclusive_min(v);
    o[4] = emin;
    o[5] = work_group_scan_inclusive_max(v);
    int b = work_group_broadcast(v, 5);
    int all = work_group_all(v > -40);
    int any = work_group_any(v == 7);
    o[6] = b;
    o[7] = all * 2 + any;
    float f = work_group_reduce_add((float)v * 0.5f);
    fsum[i] = f;
}

/* 2-D groups of 8 x 4: scans in the linear order of the local ids (dimension 0 fastest),
 * broadcast of the item at (3, 2) */
__kernel void wg_2d(__global const long *x, __global long *out)
{
    size_t w = get_global_size(0);
    size_t i = get_global_id(1) * w + get_global_id(0);
    long v = x[i];
    long inc = work_group_scan_inclusive_add(v);
    long b = work_group_broadcast(v, 3, 2);
    ulong m = work_group_reduce_max((ulong)v);
    out[3 * i] = inc;
    out[3 * i + 1] = b;
    out[3 * i + 2] = (long)m;
}

/* A helper holding a work-group function, called in a uniform loop: the group's sum of
 * v * r for r = 1..rounds */
int group_total(int v)
{
    int t = work_group_reduce_add(v);
    return t;
}

__kernel void wg_loop(__global const int *x, __global int *out, int rounds)
{
    int i = get_global_id(0), acc = 0;
    for (int r = 1; r <= rounds; r++) {
        int t = group_total(x[i] * r);
        acc += t;
    }
    out[i] = acc;
}
