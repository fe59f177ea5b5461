/* Sums of each work-group's slice of x into sums[group], through __local scratch memory
 * (one float per work item, given by the host as shmem); then out = x * 2. */
__kernel void groupsum(__global const float *x, __global float *sums, __local float *scratch,
                       int n)
{
    int i = get_global_id(0), l = get_local_id(0), g = get_local_size(0);
    scratch[l] = i < n ? x[i] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = g / 2; s > 0; s /= 2) {
        if (l < s)
            scratch[l] += scratch[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        sums[get_group_id(0)] = scratch[0];
}

__kernel void twice(__global const float *x, __global float *y, int n)
{
    int i = get_global_id(0);
    if (i < n)
        y[i] = 2.0f * x[i];
}
