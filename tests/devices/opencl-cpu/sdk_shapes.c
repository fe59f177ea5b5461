/* Kernels in the shapes of SDK samples, SHOC and Parboil (sdk_shapes.cl) against sequential
 * C: program-scope __constant arrays, half-precision stores with each rounding mode (an
 * oracle here searching the half values that bracket each float), swizzles, saturating
 * conversions with rounding modes, async copies, a 3-D range the local sizes do not
 * divide, OpenCL C 2.0's linear ids. */
#include "ocl_cpu_check.h"

#define NF 1000              /* fir */
#define NH 1024              /* halves: floats, four per item */
#define NS 64                /* swizzles: items */
#define NC 400               /* conversions */
#define L 32                 /* tiles_async: group size, groups, stride */
#define TG 16
#define ST 3
#define NX 10                /* grid3 */
#define NY 7
#define NZ 5
#define LW 24                /* linear_ids: LW x LH items in groups of 8 x 2 */
#define LH 6

#pragma omp target device(opencl) ndrange(1, n, 64) file(sdk_shapes.cl) copy_deps
#pragma omp task in([n]x) out([n]y)
__kernel void fir(__global const float *x, __global float *y, int n);

#pragma omp target device(opencl) ndrange(1, n / 4, 32) file(sdk_shapes.cl) copy_deps
#pragma omp task in([n]x) out([n + 3 * (n / 4)]h, [n]back)
__kernel void halves(__global const float *x, __global unsigned short *h, __global float *back,
                     int n);

#pragma omp target device(opencl) ndrange(1, NS, 16) file(sdk_shapes.cl) copy_deps
#pragma omp task in([8 * NS]a, [16 * NS]b) out([4 * NS]o, [8 * NS]p)
__kernel void swizzles(__global const float *a, __global const int *b, __global float *o,
                       __global int *p);

#pragma omp target device(opencl) ndrange(1, n, 16) file(sdk_shapes.cl) copy_deps
#pragma omp task in([n]x) out([n]u8, [n]s16, [n]i32, [n]u32, [n]c4)
__kernel void conversions(__global const float *x, __global unsigned char *u8,
                          __global short *s16, __global int *i32, __global unsigned *u32,
                          __global signed char *c4, int n);

#pragma omp target device(opencl) ndrange(1, TG * L, L) shmem(L * sizeof(float)) \
    file(sdk_shapes.cl) copy_deps
#pragma omp task in([TG * L * ST]x) out([TG * L]y, [TG * L]z)
__kernel void tiles_async(__global const float *x, __global float *y, __global float *z,
                          __local float *t, int stride);

#pragma omp target device(opencl) ndrange(3, nx, ny, nz, 4, 4, 4) file(sdk_shapes.cl) copy_deps
#pragma omp task out([nx * ny * nz]y)
__kernel void grid3(__global int *y, int nx, int ny, int nz);

#pragma omp target device(opencl) ndrange(2, LW, LH, 8, 2) file(sdk_shapes.cl) copy_deps
#pragma omp task out([LW * LH]y)
__kernel void linear_ids(__global int *y);

static int lin[LW * LH];
static float fx[NF], fy[NF], hx[NH], back[NH], sa[8 * NS], so[4 * NS], cx[NC];
static float ax[TG * L * ST], ay[TG * L], az[TG * L];
static unsigned short hh[NH + 3 * (NH / 4)];
static int sb[16 * NS], sp[8 * NS], i32[NC], g3[NX * NY * NZ];
static unsigned char u8[NC];
static short s16[NC];
static unsigned u32[NC];
static signed char c4[NC];

/* The value of half-precision bits b (0x7c00, infinity, counted as 65536: the next value
 * past the largest, for rounding), its sign left out. */
static double half_mag(unsigned b)
{
    unsigned e = (b >> 10) & 31, m = b & 1023;
    if (e == 0)
        return ldexp(m, -24);
    if (e == 31)
        return 65536.0;
    return ldexp(1024 + m, (int)e - 25);
}

/* Finite x rounded to half precision with mode 'e', 'z', 'p' or 'n', as bits: the largest
 * finite half magnitude not above |x| found by bisection, and the next one (infinity past
 * the largest). */
static unsigned short to_half(float x, char mode)
{
    double a = fabs((double)x);
    unsigned lo = 0, hi = 0x7bff;
    while (lo < hi) {
        unsigned mid = (lo + hi + 1) / 2;
        if (half_mag(mid) <= a)
            lo = mid;
        else
            hi = mid - 1;
    }
    unsigned up = half_mag(lo) == a ? lo : lo + 1, r;
    int neg = x < 0;
    switch (mode) {
    case 'z': r = lo; break;
    case 'p': r = neg ? lo : up; break;
    case 'n': r = neg ? up : lo; break;
    default: {
        double dl = a - half_mag(lo), du = half_mag(up) - a;
        r = dl < du || (dl == du && !(lo & 1)) ? lo : up;
    }
    }
    return (unsigned short)(r | (neg ? 0x8000 : 0));
}

static float half_float(unsigned short b)
{
    float v = (b & 0x7fff) == 0x7c00 ? INFINITY : (float)half_mag(b);
    return b & 0x8000 ? -v : v;
}

/* OpenCL's saturating conversion of a float to [lo, hi], rounded as `round` (NaN: 0) */
static double sat(double v, double lo, double hi, double (*round)(double))
{
    if (v != v)
        return 0;
    v = round(v);
    return v < lo ? lo : v > hi ? hi : v;
}

int main(void)
{
    for (int i = 0; i < NF; i++)
        fx[i] = (float)((i * 37) % 101) * 0.5f - 20.0f;
    for (int i = 0; i < NH; i++)
        hx[i] = (float)(i - NH / 2) * 0.0123457f * (float)(1 + i % 5) +
                (i % 97 == 0 ? (i & 1 ? -66000.0f : 66000.0f) : 0.0f) +
                (i % 89 == 0 ? 65519.0f : 0.0f);
    for (int i = 0; i < 8 * NS; i++)
        sa[i] = (float)((i * 13) % 29 - 14);
    for (int i = 0; i < 16 * NS; i++)
        sb[i] = (i * 7919) % 1000 - 500;
    for (int i = 0; i < NC; i++)
        cx[i] = i % 53 == 0 ? NAN : i % 37 == 0 ? (i & 1 ? -1e5f : 1e5f) + 0.5f
                                  : (float)(i % 40 - 20) * 0.25f * (i % 3 ? 7.25f : 1.0f);
    for (int i = 0; i < TG * L * ST; i++)
        ax[i] = (float)((i * 31) % 64);
    fir(fx, fy, NF);
    halves(hx, hh, back, NH);
    swizzles(sa, sb, so, sp);
    conversions(cx, u8, s16, i32, u32, c4, NC);
    tiles_async(ax, ay, az, 0, ST);
    grid3(g3, NX, NY, NZ);
    linear_ids(lin);
#pragma omp taskwait
    static const float taps[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};
    static const int bias[8] = {3, 1, 7, 5, 0, 2, 6, 4};
    for (int i = 0; i < NF; i++) {
        float s = 0.0f;
        for (int k = 0; k < 5; k++) {
            int j = i + k - 2 < 0 ? 0 : i + k - 2 >= NF ? NF - 1 : i + k - 2;
            s += taps[k] * fx[j];
        }
        s += (float)bias[i & 7];
        CHECK(close_to(fy[i], s, 1e-6), "fir y[%d] = %g, expected %g", i, fy[i], s);
    }
    for (int i = 0; i < NH; i++) {
        unsigned short want = to_half(hx[i], 'e');
        CHECK(hh[i] == want, "halves h[%d] = %#x, expected %#x (x = %.9g)", i, hh[i], want,
              hx[i]);
        CHECK(back[i] == half_float(want) || (back[i] != back[i] && want == 0),
              "halves back[%d] = %g, expected %g", i, back[i], half_float(want));
    }
    for (int i = 0; i < NH / 4; i++)
        for (int m = 0; m < 3; m++) {
            unsigned short got = hh[NH + 3 * i + m], want = to_half(hx[4 * i + m], "zpn"[m]);
            CHECK(got == want, "halves rt%c of %.9g: %#x, expected %#x", "zpn"[m],
                  hx[4 * i + m], got, want);
        }
    for (int i = 0; i < NS; i++) {
        const float *v = &sa[8 * i];
        const int *w = &sb[16 * i];
        static const int oddp[4] = {3, 1, 7, 5};
        float r[4];
        for (int c = 0; c < 4; c++)
            r[c] = v[c] * 2.0f + v[7 - c] - v[2 * c] + v[oddp[c]];
        r[0] += v[6];
        r[1] += v[7];
        r[3] = v[0] - v[7];
        int q[8], lo[4];
        for (int c = 0; c < 8; c++)
            q[c] = w[2 * c] + w[2 * (7 - c) + 1];
        for (int c = 0; c < 4; c++)
            lo[c] = q[3 - c] + w[12 + c];
        for (int c = 0; c < 4; c++)
            q[c] = lo[c];
        q[7] = w[10];
        q[4] = w[1];
        q[6] = w[3];
        for (int c = 0; c < 4; c++)
            CHECK(so[4 * i + c] == r[c], "swizzles o[%d].s%d = %g, expected %g", i, c,
                  so[4 * i + c], r[c]);
        for (int c = 0; c < 8; c++)
            CHECK(sp[8 * i + c] == q[c], "swizzles p[%d].s%d = %d, expected %d", i, c,
                  sp[8 * i + c], q[c]);
    }
    for (int i = 0; i < NC; i++) {
        float f = cx[i];
        int wu8 = (int)sat(f, 0, 255, nearbyint), ws16 = (int)sat(f * 300.0f, -32768, 32767, trunc);
        int wi32 = f == f ? (int)floorf(f) * 1000 + (int)ceilf(f) : 0;
        double wu32 = sat(f * 1e8f, 0, 4294967295.0, trunc);
        CHECK(u8[i] == wu8 && s16[i] == ws16 && i32[i] == wi32 && u32[i] == wu32,
              "conversions of %g: %d %d %d %u, expected %d %d %d %.0f", f, u8[i], s16[i],
              i32[i], u32[i], wu8, ws16, wi32, wu32);
        int wc = (int)sat(f * 50.0f, -128, 127, nearbyint);
        CHECK(c4[i] == wc, "conversions c4 of %g: %d, expected %d", f, c4[i], wc);
    }
    for (int g = 0; g < TG; g++)
        for (int l = 0; l < L; l++) {
            float want = ax[g * L + l] + 0.5f * ax[g * L + (l + 1) % L];
            CHECK(ay[g * L + l] == want, "tiles_async y[%d] = %g, expected %g", g * L + l,
                  ay[g * L + l], want);
            want = 2.0f * ax[g * L * ST + l * ST];
            CHECK(az[g * L + l] == want, "tiles_async z[%d] = %g, expected %g", g * L + l,
                  az[g * L + l], want);
        }
    for (int k = 0; k < NZ; k++)
        for (int j = 0; j < NY; j++)
            for (int i = 0; i < NX; i++) {
                int want = i % 4 + 10 * (j % 4) + 100 * (k % 4) + 1000 * (i / 4) +
                           10000 * (j / 4) + 100000 * (k / 4) + 64 * 1000000;
                int got = g3[(k * NY + j) * NX + i];
                CHECK(got == want, "grid3 (%d, %d, %d) = %d, expected %d", i, j, k, got, want);
            }
    for (int j = 0; j < LH; j++)
        for (int i = 0; i < LW; i++) {
            int want = (j % 2) * 8 + i % 8 + 1000 * 8 + 100000 * 2;
            CHECK(lin[j * LW + i] == want, "linear_ids (%d, %d) = %d, expected %d", i, j,
                  lin[j * LW + i], want);
        }
    digest("fir", fy, sizeof fy);
    digest("halves", hh, sizeof hh);
    digest("halves_back", back, sizeof back);
    digest("swizzles_f", so, sizeof so);
    digest("swizzles_i", sp, sizeof sp);
    digest("conversions", u8, sizeof u8);
    digest("conversions_s16", s16, sizeof s16);
    digest("conversions_i32", i32, sizeof i32);
    digest("conversions_u32", u32, sizeof u32);
    digest("conversions_c4", c4, sizeof c4);
    digest("tiles_async", ay, sizeof ay);
    digest("tiles_async_z", az, sizeof az);
    digest("grid3", g3, sizeof g3);
    digest("linear_ids", lin, sizeof lin);
    printf("result: OK\n");
    return 0;
}
