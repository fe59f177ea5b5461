/* noshmem.cl - a kernel with a __local pointer parameter, launched by noshmem.c's task
 * without shmem(...): 0 bytes; one whose two buffers the task passes the same pointer for,
 * naming it once. */
__kernel void reverse_groups(__global int *a, __local int *t)
{
    int l = get_local_id(0), w = get_local_size(0);
    t[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = t[w - 1 - l];
}

__kernel void copy_shift(__global int *dst, __global const int *src)
{
    int i = get_global_id(0);
    dst[i] = src[i] + 1;
}
