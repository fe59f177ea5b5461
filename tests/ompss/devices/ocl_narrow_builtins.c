/* OpenCL integer built-ins called on char, uchar, short and ushort scalars (add_sat,
 * sub_sat, mad_sat, popcount, clz, rotate, mul_hi, mad_hi): the result is the one of that
 * type's version, checked against the same arithmetic in C (before the fix the kernel
 * translated to C called the int versions: add_sat of two uchar gave 338, popcount of a
 * negative char counted 32 bits; the 'translated' run failed); mad24 and mul24 (int and
 * uint only) on them give the product of the promoted values.  select on uchar4 with a
 * char4 and a uchar4 mask in one file (before the fix both calls got the first's version,
 * whose char4 mask gcc rejected: no kernel of the file was translated). */
#include "ompss_check.h"

#define N 256

#pragma omp target device(opencl) ndrange(1, n, 64) file(kernels/narrow.cl) copy_deps
#pragma omp task in([n]in) out([n * 11]out)
__kernel void narrow(__global const int *in, __global int *out, int n);

#pragma omp target device(opencl) ndrange(1, n, 64) file(kernels/narrow.cl) copy_deps
#pragma omp task in([n]in) out([n * 2]out)
__kernel void narrow_select(__global const int *in, __global int *out, int n);

static int in[N], out[N * 11], sel[N * 2];

/* the bytes of b where those of mask have their top bit set, else those of a */
static int select_bytes(int a, int b, int mask)
{
    unsigned r = 0;
    for (int k = 0; k < 32; k += 8) {
        unsigned from = ((unsigned)mask >> (k + 7)) & 1 ? (unsigned)b : (unsigned)a;
        r |= from & (0xffu << k);
    }
    return (int)r;
}

static int clamp_int(long v, long lo, long hi)
{
    return (int)(v < lo ? lo : v > hi ? hi : v);
}

static int bits_set(unsigned v)
{
    int c = 0;
    for (; v; v >>= 1)
        c += (int)(v & 1);
    return c;
}

static int leading_zeros16(unsigned v)
{
    int c = 0;
    for (unsigned bit = 0x8000; bit && !(v & bit); bit >>= 1)
        c++;
    return c;
}

int main(void)
{
    for (int i = 0; i < N; i++)
        in[i] = (int)((unsigned)i * 0x01234567u + (unsigned)(i * i * 977));
    narrow(in, out, N);
    narrow_select(in, sel, N);
#pragma omp taskwait
    for (int i = 0; i < N; i++) {
        int a = in[i], b = in[N - 1 - i];
        unsigned ua = (unsigned char)a, ub = (unsigned char)b;
        unsigned sa = (unsigned short)a, sb = (unsigned short)b;
        int ha = (short)a, hb = (short)b;
        unsigned r = i % 8;
        int want[11] = {
            clamp_int((long)ua + ub, 0, 255),
            clamp_int((long)ha - hb, -32768, 32767),
            clamp_int((long)sa * sb + 9, 0, 65535),
            bits_set((unsigned char)a),
            leading_zeros16(sa),
            (int)(((ua << r) | (ua >> (8 - r))) & 0xff),
            (int)((sa * sb) >> 16),
            (int)((((ua * ub) >> 8) + 200) & 0xff),
            clamp_int((long)(signed char)a + (signed char)b, -128, 127),
            (int)(ua * ub + ua),
            ha * hb,
        };
        for (int k = 0; k < 11; k++)
            CHECK(out[i * 11 + k] == want[k], "item %d, result %d: %d, expected %d", i, k,
                  out[i * 11 + k], want[k]);
    }
    for (int i = 0; i < N; i++)
        for (int k = 0; k < 2; k++) {
            int want = select_bytes(in[i], in[N - 1 - i], in[(i + 1 + k) % N]);
            CHECK(sel[2 * i + k] == want, "select %d of item %d: %#x, expected %#x", k, i,
                  (unsigned)sel[2 * i + k], (unsigned)want);
        }
    return result_ok();
}
