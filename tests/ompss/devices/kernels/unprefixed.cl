/* Kernels written with OpenCL C's qualifiers without underscores, as their declarations
 * in ocl_unprefixed_qualifiers.c are. */
kernel void scale_by(global float *a, constant float *f, local float *tmp, int n)
{
    int i = get_global_id(0), l = get_local_id(0);
    tmp[l] = i < n ? a[i] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n)
        a[i] = tmp[l] * f[0];
}

kernel void axpy_ocl(global float *y, global const float *x, float alpha, int n)
{
    int i = get_global_id(0);
    if (i < n)
        y[i] += alpha * x[i];
}
