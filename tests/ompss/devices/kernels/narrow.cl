/* OpenCL's integer built-ins on char and short scalars: each is the version of its
 * arguments' type (saturating at that type's bounds, counting its bits), not the int
 * version that C's promotions would pick; but mad24 and mul24, which have int and uint
 * versions only, take them promoted to int. */
__kernel void narrow(__global const int *in, __global int *out, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    int a = in[i], b = in[n - 1 - i];
    uchar ua = (uchar)a, ub = (uchar)b;
    ushort sa = (ushort)a, sb = (ushort)b;
    char ca = (char)a;
    short ha = (short)a, hb = (short)b;
    __global int *o = out + i * 11;
    o[0] = add_sat(ua, ub);
    o[1] = sub_sat(ha, hb);
    o[2] = mad_sat(sa, sb, (ushort)9);
    o[3] = popcount(ca);
    o[4] = clz(sa);
    o[5] = rotate(ua, (uchar)(i % 8));
    o[6] = mul_hi(sa, sb);
    o[7] = mad_hi(ua, ub, (uchar)200);
    o[8] = add_sat((char)a, (char)b);
    o[9] = mad24(ua, ub, ua);
    o[10] = mul24(ha, hb);
}

/* select on uchar4 with a signed and with an unsigned mask (either is OpenCL's): the
 * components of b where the mask's sign bit is set */
__kernel void narrow_select(__global const int *in, __global int *out, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    uchar4 a = as_uchar4(in[i]), b = as_uchar4(in[n - 1 - i]);
    out[2 * i] = as_int(select(a, b, as_char4(in[(i + 1) % n])));
    out[2 * i + 1] = as_int(select(a, b, as_uchar4(in[(i + 2) % n])));
}
