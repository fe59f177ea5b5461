/* v[i] += k for i < n */
__kernel void addk(__global int *v, int n, int k)
{
    int i = get_global_id(0);
    if (i < n)
        v[i] += k;
}
