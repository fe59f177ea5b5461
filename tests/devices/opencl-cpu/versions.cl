/* versions.cl - the OpenCL version of versions.c's task: y = 2 x. */
__kernel void twice_ocl(__global const int *x, __global int *y, int n)
{
    int i = get_global_id(0);
    if (i < n)
        y[i] = 2 * x[i];
}
