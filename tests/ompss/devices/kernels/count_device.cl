/* The count a kernel computes on the device, and kernels whose launch sizes read it. */
__kernel void set_count(__global int *count, __global const int *gate, int n)
{
    *count = n + *gate;
}

/* Every work-item of the range writes the count it was launched for. */
__kernel void fill_count(__global int *v, __global const int *count)
{
    v[get_global_id(0)] = *count;
}

/* One work-group of G items; scratch holds *count ints (shmem): out = 1 + 2 + ... + count. */
__kernel void sum_local(__global int *out, __global const int *count, __local int *scratch)
{
    int n = *count;
    int lid = get_local_id(0);
    for (int i = lid; i < n; i += get_local_size(0))
        scratch[i] = i + 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        int s = 0;
        for (int i = 0; i < n; i++)
            s += scratch[i];
        *out = s;
    }
}
