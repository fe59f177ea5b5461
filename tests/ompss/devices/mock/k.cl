/* Never built: lowering_mock.c only checks that this text is embedded. */
__kernel void tile_kernel(__global const float *in, __global float *out,
                          __local float *scratch, int n, float k)
{
    out[get_global_id(0)] = in[get_global_id(0)] * k + scratch[0] * n;
}
