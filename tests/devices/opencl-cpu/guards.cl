/* guards.cl - kernels that guard against the global size rounded up past the data, in
 * the forms mcc turns into limits of its work-item loops (and one it does not): the
 * items past the bound must not run at all.  Checked by guards.c, whose arrays carry
 * sentinels past n. */

__kernel void ge_return(__global int *a, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    a[i] += 1;
}

__kernel void flipped(__global int *a, int n)
{
    size_t i = get_global_id(0);
    if ((int)n <= (int)i)
        return;
    a[i] += 2;
}

__kernel void gt_minus_one(__global int *a, int n)
{
    int i = get_global_id(0);
    if (i > n - 1) {
        return;
    }
    a[i] += 3;
}

__kernel void body_under_if(__global int *a, int n)
{
    int i = get_global_id(0);
    if (i < n)
        a[i] += 4;
}

__kernel void le_bound(__global int *a, int last)
{
    int i = get_global_id(0);
    if (i <= last)
        a[i] += 5;
}

/* 2-D: w x h of an array with rows of ld ints */
__kernel void two_d(__global int *m, int w, int h, int ld)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    m[y * ld + x] += 6;
}

/* a guard, then a barrier: the items past the bound take no part in the later region
 * (n is a multiple of the group size: a group returns whole or not at all, as OpenCL
 * requires of work-items that meet barriers) */
__kernel void guard_then_barrier(__global int *a, int n, __local int *t)
{
    int i = get_global_id(0), l = get_local_id(0);
    if (i >= n)
        return;
    t[l] = a[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[i] = t[l] * 10;
}

/* guarded on a local id: no limit, the guard stays */
__kernel void local_guard(__global int *a, int k)
{
    int l = get_local_id(0);
    if (l >= k)
        return;
    a[get_global_id(0)] += 7;
}

/* 3-D, exact sizes, nothing about work-groups observed: the runtime cuts the range into
 * longer groups of its own (each item must still run exactly once) */
__kernel void flat3(__global int *a)
{
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int w = get_global_size(0), h = get_global_size(1);
    a[(z * h + y) * w + x] += 1 + x % 7 + 10 * y + 100 * z;
}
