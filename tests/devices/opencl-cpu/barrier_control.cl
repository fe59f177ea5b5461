/* barrier_control.cl - kernels whose barriers sit inside loops and conditionals (all
 * work-items of a group take the same way through them, as OpenCL requires), with
 * break, continue and return.  Every work-group works on its own slice through __local
 * memory.  Checked by barrier_control.c against sequential C. */
#pragma OPENCL FP_CONTRACT OFF

/* `iters` rounds of neighbour averaging inside the group: a for loop with two barriers;
 * left, right and mine live across the first one. */
__kernel void smooth(__global const float *in, __global float *out, int iters,
                     __local float *buf)
{
    int l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
    buf[l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int it = 0; it < iters; it++) {
        float left = buf[l == 0 ? 0 : l - 1], right = buf[l == n - 1 ? n - 1 : l + 1];
        float mine = buf[l];
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[l] = 0.25f * left + 0.5f * mine + 0.25f * right;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[g] = buf[l];
}

/* Halve every value of the group until the group's maximum falls below `limit`: an
 * endless loop left by a break that every work-item takes together (the maximum comes
 * from __local memory), a tree reduction nested in it. */
__kernel void shrink(__global float *v, float limit, __global int *rounds, __local float *m)
{
    int l = get_local_id(0), g = get_global_id(0);
    float x = v[g];
    int r = 0;
    for (;;) {
        m[l] = x;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
            if (l < s)
                m[l] = fmax(m[l], m[l + s]);
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        float mx = m[0];
        barrier(CLK_LOCAL_MEM_FENCE);
        if (mx < limit)
            break;
        x *= 0.5f;
        r++;
    }
    v[g] = x;
    if (l == 0)
        rounds[get_group_id(0)] = r;
}

/* k steps of rotating values around the group, every third step skipped by a continue
 * behind a barrier: a do-while with barriers in its body and in an if. */
__kernel void rotate_steps(__global int *a, int k, __local int *t)
{
    int l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
    int i = 0;
    int acc = a[g];
    do {
        t[l] = acc;
        barrier(CLK_LOCAL_MEM_FENCE);
        i++;
        if (i % 3 == 0) {
            barrier(CLK_LOCAL_MEM_FENCE);
            continue;
        }
        acc = t[(l + 1) % n] + i;
        barrier(CLK_LOCAL_MEM_FENCE);
    } while (i < k);
    a[g] = acc;
}

/* Reverse or rotate the group's values, by a parameter: barriers in both branches of an
 * if, a variable declared in each branch living across them. */
__kernel void branchy(__global float *a, int mode, __local float *t)
{
    int l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
    t[l] = a[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (mode == 1) {
        float x = t[n - 1 - l];
        barrier(CLK_LOCAL_MEM_FENCE);
        t[l] = x;
    } else {
        float x = t[(l + 1) % n];
        barrier(CLK_LOCAL_MEM_FENCE);
        t[l] = x * 2.0f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    a[g] = t[l] + (float)get_group_id(0);
}

/* Whole groups past the end of the data return before any barrier; in the others the
 * items past the end still take part in the barriers.  A while loop counts down. */
__kernel void partial_groups(__global float *a, int n, __local float *t)
{
    if (get_group_id(0) * get_local_size(0) >= (size_t)n)
        return;
    int l = get_local_id(0), g = get_global_id(0), w = get_local_size(0);
    t[l] = g < n ? a[g] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    int twice = 2;
    while (twice-- > 0) {
        float x = t[w - 1 - l];
        barrier(CLK_LOCAL_MEM_FENCE);
        t[l] = x + 1.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (g < n)
        a[g] = t[l];
}
