/* builtins.cl - more of the OpenCL C library through the translation: integer functions
 * (exact), floating functions whose results are exact (rounding, fract, modf, frexp,
 * ldexp, fmin/fmax, copysign...), conversions with rounding modes and saturation,
 * reinterpretations, shuffles, vec_step, 8- and 16-component vectors, async copies to
 * __local memory with wait_group_events.  Checked by builtins.c against C. */
#pragma OPENCL FP_CONTRACT OFF

__kernel void ints(__global const int *a, __global const uint *u, __global long *out)
{
    int i = get_global_id(0);
    int x = a[i], y = a[i + 1];
    uint p = u[i], q = u[i + 1];
    __global long *o = out + 16 * i;
    o[0] = mul_hi(x, y);
    o[1] = mul_hi(p, q);
    o[2] = rotate(p, (uint)(x & 63));
    o[3] = clz(p);
    o[4] = add_sat(x, y * 1000);
    o[5] = sub_sat(p, q);
    o[6] = hadd(x, y);
    o[7] = rhadd(p, q);
    o[8] = abs_diff(x, y);
    o[9] = upsample((short)x, (ushort)y);
    o[10] = mad24(x & 0xfff, y & 0xfff, 3);
    o[11] = mad_sat(x, y, 7);
    o[12] = popcount(x) + clamp(x, -100, 100);
    o[13] = (long)abs(x) + max(p, q) - min(p, q);
    o[14] = as_int((float)x);
    int3 x3 = (int3)(x, y, 0);
    o[15] = vec_step(x3) + vec_step((float8)(0.0f)) + vec_step(x);
}

/* o[0..13]: exact everywhere (digested); approx[]: native_, half_ and radians/degrees,
 * whose rounding is the implementation's (checked within a tolerance) */
__kernel void floats(__global const float *in, __global float *out, __global float *approx)
{
    int i = get_global_id(0);
    float x = in[i], y = in[i + 1];
    __global float *o = out + 16 * i;
    float ip;
    int e;
    o[0] = floor(x) + ceil(y) * 2.0f + trunc(x) * 4.0f + round(y) * 8.0f;
    o[1] = rint(x) + fabs(y);
    o[2] = fract(x, &ip);
    o[3] = ip;
    o[4] = modf(y, &ip) + ip * 3.0f;
    o[5] = frexp(x, &e);
    o[6] = (float)e + ldexp(y, 3);
    o[7] = fmin(x, y) - fmax(x, y);
    o[8] = copysign(x, y) + sign(y);
    o[9] = mix(x, y, 0.5f) + step(x, y) + maxmag(x, y) - minmag(x, y);
    o[10] = fdim(x, y) + nextafter(x, 0.0f) - x;
    o[11] = (isinf(HUGE_VALF) ? 1.0f : 0.0f) + (isinf(INFINITY) ? 2.0f : 0.0f) +
            (isnan(NAN) ? 4.0f : 0.0f) + (fmin(x, INFINITY) == x && MAXFLOAT < INFINITY ? 8.0f : 0.0f);
    o[12] = 0.0f;
    o[13] = clamp(x, -1.0f, 1.0f) + smoothstep(0.0f, 1.0f, 0.5f);
    approx[2 * i] = native_divide(x, 4.0f) + half_recip(2.0f) + native_sqrt(4.0f);
    approx[2 * i + 1] = degrees(radians(x));
    o[14] = select(x, y, isless(x, y)) + bitselect(x, y, 0.0f);
    o[15] = sqrt(fabs(x)) * sqrt(fabs(x)) == fabs(x) ? 1.0f : 0.0f;
}

__kernel void vectors816(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int8 a = vload8(i, in);
    int16 b = (int16)(a, a.s76543210);
    uint8 m = (uint8)(7, 6, 5, 4, 3, 2, 1, 0);
    int8 s = shuffle(a, m) + shuffle2(a, a + 1, (uint8)(0, 8, 1, 9, 2, 10, 3, 11));
    float4 f = convert_float4(a.lo) * 0.75f;
    int4 r = convert_int4_rte(f) + convert_int4_rtn(f) * 2 + convert_int4_rtp(f) * 4 +
             convert_int4(f) * 8;
    char4 c = convert_char4_sat(a.hi * 40);
    ushort4 us = convert_ushort4_sat_rtz(f * -1000.0f);
    size_t g = get_global_size(0);
    vstore16(b * 2, i, out);
    vstore8(s, i, out + 16 * g);
    vstore4(r + convert_int4(c) + convert_int4(us), i, out + 24 * g);
    out[28 * g + i] = any(a > 100) + 2 * all(a > -100) + 4 * (b.sF == a.s0);
}

/* async copies into __local memory, every work-item copying its share */
__kernel void staged(__global const float *in, __global float *out, __local float *t)
{
    int l = get_local_id(0), n = get_local_size(0);
    size_t base = get_group_id(0) * n;
    event_t ev = async_work_group_copy(t, in + base, n, 0);
    wait_group_events(1, &ev);
    out[base + l] = t[n - 1 - l] + t[l];
    barrier(CLK_LOCAL_MEM_FENCE);
    ev = async_work_group_strided_copy(t, in + base, n / 2, 2, 0);
    wait_group_events(1, &ev);
    if (l < n / 2)
        out[base + l] += t[l];
}
