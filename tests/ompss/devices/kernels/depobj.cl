/* Kernels of ocl_depobj.c: their data are named only by depend objects. */
__kernel void scale_obj(__global float *v, float k, int n)
{
    int i = get_global_id(0);
    if (i < n)
        v[i] = v[i] * k + 1.0f;
}

/* out[g] = the sum of group g's 16 elements of v, through __local memory */
__kernel void group_sums(__global const float *v, __global float *out, __local float *tmp, int n)
{
    int i = get_global_id(0), l = get_local_id(0);
    tmp[l] = i < n ? v[i] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        float s = 0.0f;
        for (int k = 0; k < 16; k++)
            s += tmp[k];
        out[get_group_id(0)] = s;
    }
}

__kernel void shift_ocl(__global float *v, int n)
{
    int i = get_global_id(0);
    if (i < n)
        v[i] = v[i] - 2.0f;
}
