/* a[i] += k */
__kernel void addk(__global int *a, int k, int n)
{
    int i = get_global_id(0);
    if (i < n)
        a[i] += k;
}
