__kernel void scale_ocl(__global float *v, int n, float f)
{
    int i = get_global_id(0);
    if (i < n)
        v[i] *= f;
}
