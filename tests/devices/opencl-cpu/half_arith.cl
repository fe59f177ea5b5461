/* half_arith.cl - half-precision arithmetic, which mcc does not translate (gcc's _Float16
 * computes in float: (a + b) - a kept 2^-11 where OpenCL rounds it away); a conversion
 * through half alone is translated.  run.sh diag checks the warnings. */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void half_sum(__global const float *in, __global float *out)
{
    int i = get_global_id(0);
    half a = (half)in[i], b = (half)in[i + 1];
    half c = (a + b) - a;
    out[i] = (float)c;
}

__kernel void half_step(__global float *out)
{
    half a = (half)out[0];
    a++;
    out[1] = (float)a;
}

__kernel void half_round(__global float *out)
{
    half a = (half)out[0];
    out[1] = (float)a;
}
