/* a[i] += k */
__kernel void addk(__global int *a, int k, int n)
{
    int i = get_global_id(0);
    if (i < n)
        a[i] += k;
}

/* y[i] += x[i] */
__kernel void addto(__global const int *x, __global int *y, int n)
{
    int i = get_global_id(0);
    if (i < n)
        y[i] += x[i];
}
