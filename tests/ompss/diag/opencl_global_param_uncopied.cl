__kernel void axpy(int n, float a, __global const float *x, __global float *y)
{
    int i = get_global_id(0);
    if (i < n)
        y[i] += a * x[i];
}
