/* tests/robust/ndrange_limits.c's kernels: x[i] = i + 1 for the work-items below n. */
__kernel void fill1(__global int *x, int n, long g, long l)
{
    long i = get_global_id(0);
    if (i < n)
        x[i] = (int)i + 1;
}

__kernel void fill2(__global int *x, int n, long gx, long gy, long lx, long ly)
{
    long i = get_global_id(1) * gx + get_global_id(0);
    if (i < n && get_global_id(0) < gx && get_global_id(1) < gy)
        x[i] = (int)i + 1;
}

__kernel void fill3(__global int *x, int n, long gx, long gy, long gz, long lx, long ly, long lz)
{
    long i = (get_global_id(2) * gy + get_global_id(1)) * gx + get_global_id(0);
    if (i < n && get_global_id(0) < gx && get_global_id(1) < gy && get_global_id(2) < gz)
        x[i] = (int)i + 1;
}
