/* saxpy.cl - y = a x + y, one work item per element.  The global size is rounded up to
 * the work-group size, so items past n do nothing.  FP_CONTRACT OFF: no fused
 * multiply-add, so the result rounds as the C reference does. */
#pragma OPENCL FP_CONTRACT OFF

__kernel void saxpy_ocl(int n, float a, __global const float *x, __global float *y)
{
    int i = get_global_id(0);
    if (i < n)
        y[i] = a * x[i] + y[i];
}
