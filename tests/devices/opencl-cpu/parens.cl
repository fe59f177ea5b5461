/* parens.cl - vector operands in parentheses, as GPU codes write them: a parenthesised
 * condition and operands of a vector ?: (`(x < zero) ? (one - y) : y`), components and
 * swizzles of parenthesised expressions (`(a + b).x`, `(p)->zw`), swizzle stores to and
 * from parenthesised operands, `!(v)`, a work-item function with a space before its
 * parenthesis, vector literals of parenthesised components (`(float4)(x, y, z, NAN)`):
 * their translations did not compile (a parenthesis dropped or doubled).  Also select on
 * a comparison (gcc 12 failed on the loop that chose the components) and ?: of scalars on
 * a vector condition (refused), swizzles of vector literals (`(float4)(a, b, c, d).wzyx`),
 * components of swizzles assigned.  Checked by parens.c against C. */
#pragma OPENCL FP_CONTRACT OFF

__kernel void pick(__global float4 *o, __global const float4 *a)
{
    int i = get_global_id (0);
    float4 x = a[i], y = a[i + 1];
    const float4 zero = (float4)0.0f, one = (float4)1.0f;
    o[6 * i] = (x < y) ? x : y;
    o[6 * i + 1] = (x - y < zero) ? (one - x) : y;
    o[6 * i + 2] = isless(x, y) ? (x - y) : (y);
    o[6 * i + 3] = ((x > zero)) ? ((x)) : ((-x));
    o[6 * i + 4] = select(x, y, x < y) + select(zero, one, convert_int4(x) >= convert_int4(y));
    o[6 * i + 5] = (x > y) ? 1.0f : -1.0f;   /* scalars chosen per component */
}

__kernel void parts(__global float4 *o, __global const float4 *a, __global int4 *n)
{
    int i = get_global_id(0);
    float4 x = a[i], y = a[i + 1];
    __global float4 *p = o + 4 * i;
    p[0] = (float4)((x + y).x, (x * y).yz, (x).w);
    p[1] = x;
    (p[1]).xy = (y.zw);
    (p + 1)->zw = (x + y).xy;
    p[2] = (float4)(((x - y).xyz), (y).w);
    p[3] = y;
    p[3].wzyx += ((x));
    n[i] = !(convert_int4(x) > convert_int4(y)) + !convert_int4(x);
}

/* vector literals whose components stand in parentheses, as macros leave them (NAN,
 * INFINITY, a parenthesised constant): the last one's parenthesis was lost */
#define ZERO (0.0f)
__kernel void literals(__global float4 *o, __global const float4 *a)
{
    int i = get_global_id(0);
    float4 x = a[i], y = a[i + 1];
    o[4 * i] = (float4)((x.x), y.y, (x.z + 1.0f), NAN);
    o[4 * i + 1] = (float4)(INFINITY, (x).x, ZERO, 1);
    float8 e = (float8)((x), (y.xy), x.zw);
    o[4 * i + 2] = e.lo + e.hi;
    o[4 * i + 3] = (float4)(ZERO);
}

/* swizzles of vector literals: in OpenCL C a cast to a vector type followed by a
 * parenthesis is a literal, which the swizzle applies to (the C grammar applied it to the
 * parenthesised list, and the kernel was refused or miscompiled) */
__kernel void swizzled_literals(__global float4 *o, __global const float4 *a, __global float *s)
{
    int i = get_global_id(0);
    float4 x = a[i], y = a[i + 1];
    o[3 * i] = (float4)(x.s0, x.s1, x.s2, x.s3).s3210;
    o[3 * i + 1] = (float4)(y.xy, (float2)(x.w, x.z).yx).zwxy + (float4)(x.x).xxxx;
    o[3 * i + 2] = (float4)((float3)(x.xyz).zyx, 1.0f);
    s[2 * i] = (float4)(y).x + (float2)(1.0f, 2.0f).y;
    s[2 * i + 1] = (float4)(x.x, y.y, x.z, y.w).lo.y;
}

/* components of swizzles assigned (`v.lo.x = ...`, `p->s23.y += ...`, `v.hi.yx = ...`):
 * refused ("a swizzle of several components changed") */
__kernel void nested_stores(__global float4 *o, __global const float4 *a)
{
    int i = get_global_id(0);
    float4 v = a[i];
    __global float4 *p = o + 2 * i;
    v.lo.x = 100.0f;
    v.hi.yx = (float2)(7.0f, 8.0f);
    v.s23.y += 1.0f;
    v.odd.x++;
    p[1] = a[i + 1];
    p[1].xy.y = -1.0f;
    (p + 1)->s32.x *= 2.0f;
    p[0] = v;
}
