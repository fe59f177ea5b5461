/* noshmem.cl - a kernel with a __local pointer parameter, launched by noshmem.c's task
 * without shmem(...): 0 bytes. */
__kernel void reverse_groups(__global int *a, __local int *t)
{
    int l = get_local_id(0), w = get_local_size(0);
    t[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = t[w - 1 - l];
}
