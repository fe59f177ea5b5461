/* Never built: lowering_mock.c only checks that this text is embedded (and mcc that it
 * defines the kernels the file(k.cl) tasks name). */
__kernel void tile_kernel(__global const float *in, __global float *out,
                          __local float *scratch, int n, float k)
{
    out[get_global_id(0)] = in[get_global_id(0)] * k + scratch[0] * n;
}

/* lowering_mock.c's task `copies` (mcc checks that its file(k.cl) defines it). */
__kernel void copies(__global const short *a, __global short *b, char c, int n)
{
    int i = get_global_id(0);
    if (i < n)
        b[i] = a[i] + c;
}

/* lowering_mock.c's tasks counted and counted_impl: a range sized by a count on the device. */
__kernel void counted(__global int *v, __global const int *count)
{
    v[get_global_id(0)] = *count;
}

/* lowering_mock.c's task blocks_k: data named block by block (multidependences). */
__kernel void blocks_k(__global const float *v, __global float *w, int n)
{
    int i = get_global_id(0);
    if (i < n)
        w[i] = v[i];
}
