/* sdk_shapes.cl - kernels in the shapes of the AMD and NVIDIA SDK samples, SHOC and
 * Parboil (written for these tests): a filter with its taps in program-scope __constant
 * arrays, results packed as half precision with each rounding mode, vector components
 * picked and assigned through swizzles, saturating conversions with rounding modes, tiles
 * moved with async_work_group_copy (contiguous and strided) and wait_group_events, a 3-D
 * range whose sizes the local sizes do not divide, OpenCL C 2.0's linear ids.  Checked by
 * sdk_shapes.c. */

__constant float taps[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};
__constant int bias[8] = {3, 1, 7, 5, 0, 2, 6, 4};

/* y = x filtered (borders clamped), plus a bias picked by the index */
__kernel void fir(__global const float *x, __global float *y, int n)
{
    int i = get_global_id(0) + (int)get_global_offset(0);
    if (i >= n)
        return;
    float s = 0.0f;
    for (int k = 0; k < 5; k++)
        s += taps[k] * x[clamp(i + k - 2, 0, n - 1)];
    y[i] = s + (float)bias[i & 7];
}

/* h[0, n): x as half, rounded to nearest even; h[n + 3 * i + {0, 1, 2}]: x[4i], x[4i + 1],
 * x[4i + 2] rounded toward zero, +inf, -inf; back: h[0, n) read back as float.  The
 * buffer is passed as ushort (the host has no half type). */
__kernel void halves(__global const float *x, __global ushort *bits, __global float *back, int n)
{
    __global half *h = (__global half *)bits;
    int i = get_global_id(0);
    if (i >= n / 4)
        return;
    float4 v = vload4(i, x);
    vstore_half4(v, i, h);
    vstore_half_rtz(v.x, 3 * i, h + n);
    vstore_half_rtp(v.y, 3 * i + 1, h + n);
    vstore_half_rtn(v.z, 3 * i + 2, h + n);
    float4 r = vload_half4(i, h);
    r.w = vload_half(4 * i + 3, h);
    vstore4(r, i, back);
}

/* o = components of a and b rearranged (float8, int16: .lo .hi .even .odd .sN, assigned
 * through swizzles) */
__kernel void swizzles(__global const float8 *a, __global const int16 *b, __global float4 *o,
                       __global int8 *p)
{
    int i = get_global_id(0);
    float8 v = a[i];
    int16 w = b[i];
    float4 r = v.lo * 2.0f + v.hi.wzyx - v.even + v.odd.s1032;
    r.xy += v.s67;
    r.s3 = v.s0 - v.s7;
    o[i] = r;
    int8 q = w.even + w.odd.s76543210;
    q.lo = q.lo.wzyx + w.sCDEF;
    q.s7 = w.sA;
    q.hi.even = w.lo.lo.odd;
    p[i] = q;
}

/* saturating and rounding conversions of x (with NaN, halves, out-of-range values) */
__kernel void conversions(__global const float *x, __global uchar *u8, __global short *s16,
                          __global int *i32, __global uint *u32, __global char4 *c4, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    float f = x[i];
    u8[i] = convert_uchar_sat_rte(f);
    s16[i] = convert_short_sat_rtz(f * 300.0f);
    i32[i] = f == f ? convert_int_rtn(f) * 1000 + convert_int_rtp(f) : 0;
    u32[i] = convert_uint_sat(f * 1e8f);
    if ((i & 3) == 0)
        c4[i / 4] = convert_char4_sat_rte(vload4(i / 4, x) * 50.0f);
}

/* y: each group's tile of x, each value plus half its right neighbour's (in the tile),
 * moved in and out with async copies; z: every stride-th value of the group's slice of x
 * (a strided copy into __local memory) doubled */
__kernel void tiles_async(__global const float *x, __global float *y, __global float *z,
                          __local float *t, int stride)
{
    int g = get_group_id(0), L = get_local_size(0), l = get_local_id(0);
    event_t e = async_work_group_copy(t, x + g * L, (size_t)L, 0);
    wait_group_events(1, &e);
    float v = t[l] + 0.5f * t[(l + 1) % L];
    barrier(CLK_LOCAL_MEM_FENCE);
    t[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    e = async_work_group_copy(y + g * L, t, (size_t)L, 0);
    wait_group_events(1, &e);
    barrier(CLK_LOCAL_MEM_FENCE);
    e = async_work_group_strided_copy(t, x + g * L * stride, (size_t)L, (size_t)stride, 0);
    wait_group_events(1, &e);
    z[g * L + l] = 2.0f * t[l];
}

/* a 3-D range of nx x ny x nz items in groups of 4 x 4 x 4 that do not divide it (the
 * launch rounds the range up: the kernel checks its bounds) */
__kernel void grid3(__global int *y, int nx, int ny, int nz)
{
    int i = get_global_id(0), j = get_global_id(1), k = get_global_id(2);
    if (i >= nx || j >= ny || k >= nz)
        return;
    y[(k * ny + j) * nx + i] = (int)(get_local_id(0) + 10 * get_local_id(1) +
                                     100 * get_local_id(2) + 1000 * get_group_id(0) +
                                     10000 * get_group_id(1) + 100000 * get_group_id(2)) +
                               (int)(get_local_size(0) * get_local_size(1) * get_local_size(2)) *
                                   1000000;
}

/* OpenCL C 2.0's linear ids and enqueued local size, in a 2-D range */
__kernel void linear_ids(__global int *y)
{
    size_t g = get_global_linear_id();
    y[g] = (int)(get_local_linear_id() + 1000 * get_enqueued_local_size(0) +
                 100000 * get_enqueued_local_size(1));
}
