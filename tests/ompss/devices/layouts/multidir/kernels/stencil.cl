/* stencil.cl - the OpenCL versions of the tasks of stencil.h. */
#define LOCAL 16
__kernel void smooth_ocl(__global const int *u, __global int *v, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    if (i == 0 || i == n - 1)
        v[i] = u[i];
    else
        v[i] = (u[i - 1] + 2 * u[i] + u[i + 1]) % 1000;
}

__kernel void fill(__global int *v, int n, int seed)
{
    int i = get_global_id(0);
    if (i < n)
        v[i] = i * seed % 97;
}
