/* vectors.cl - vector types: arithmetic with vectors and scalars, components and
 * swizzles (.xyzw, .s0123, .lo/.hi/.even/.odd, stores to several components), literals
 * made of scalars and vectors, conversions and reinterpretations, vload/vstore, relational
 * and geometric built-ins, shifts, `?:` and `!` on vectors.  Checked by vectors.c against
 * C written component by component. */
#pragma OPENCL FP_CONTRACT OFF

__kernel void swizzles(__global const float4 *in, __global float4 *out, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    float4 v = in[i];
    float4 w = v.wzyx;                       /* reversed */
    w.xy = v.zw * 2.0f;                      /* two components stored */
    w.s3 = v.s0 + v.lo.y;                    /* one component, a swizzle of a swizzle */
    float2 h = v.hi;
    float4 e = (float4)(h, w.lo);            /* a literal made of two vectors */
    float4 f = w.even.xyxy + (float4)(1.0f, 2.0f, 3.0f, 4.0f);
    float3 t = v.xyz * 0.5f + 1.0f;          /* a float3, scalars widened */
    t.z -= v.w;
    out[4 * i] = w;
    out[4 * i + 1] = e;
    out[4 * i + 2] = f - v.odd.yxyx;
    out[4 * i + 3] = (float4)(t, t.x + t.y);
}

__kernel void integers(__global const int4 *a, __global const int4 *b, __global int4 *out,
                       __global uchar16 *bytes, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    int4 x = a[i], y = b[i];
    int4 s = (x << (y & 7)) ^ (x >> 33);     /* a scalar count of 33 shifts by 1 */
    int4 m = x > y;                          /* -1 where true */
    int4 pick = select(y, x, m);             /* the larger */
    int4 q = m ? x : y;                      /* ?: on a vector condition: also the larger */
    int4 c = clamp(x, -5, 5) + min(x, y) - max(x, 2);
    int4 notx = !x;                          /* -1 where x is 0 */
    out[5 * i] = s;
    out[5 * i + 1] = pick - q;
    out[5 * i + 2] = c;
    out[5 * i + 3] = notx + (int4)(any(m), all(m), abs(x.x), popcount(y.y));
    out[5 * i + 4] = as_int4(convert_float4(x) * 0.5f);
    bytes[i] = convert_uchar16_sat((int16)(x, y, x * 100, y - 300));
}

__kernel void geometry(__global const float *p, __global float *out, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    float3 a = vload3(2 * i, p), b = vload3(2 * i + 1, p);
    float4 a4 = (float4)(a, 0.0f), b4 = (float4)(b, 0.0f);
    float3 c = cross(a, b);
    vstore3(c, i, out);
    float4 m = mix(a4, b4, 0.25f);
    float4 k = clamp(m, -1.0f, 1.0f) + step(0.5f, b4);
    vstore4(k, i, out + 3 * n);
    out[7 * n + 3 * i] = dot(a, b);
    out[7 * n + 3 * i + 1] = fabs(c.x) + fmax(a.y, b.y) + fmin(a4, b4).z;
    out[7 * n + 3 * i + 2] = any(isgreater(a4, b4)) ? 1.0f : 0.0f;
}
