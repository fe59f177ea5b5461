/* The multiplicative variant of kernel op (ocl_same_file_names.c; kernels/add/op.cl has
 * the other, under the same file and kernel names). */
__kernel void op(__global float *b, int n, float k)
{
    int i = get_global_id(0);
    if (i < n)
        b[i] *= k;
}
