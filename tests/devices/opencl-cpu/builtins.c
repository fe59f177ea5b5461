/* More of the OpenCL C library (builtins.cl) against C: integer functions, floating
 * functions with exact results, the constants HUGE_VALF, INFINITY and NAN, conversions
 * with rounding modes and saturation, reinterpretations, shuffles, 8- and 16-component
 * vectors, async copies. */
#include "ocl_cpu_check.h"

#include <limits.h>

#define N 256
#define G 32

#pragma omp target device(opencl) ndrange(1, N, G) file(builtins.cl) copy_deps
#pragma omp task in([N + 1]a, [N + 1]u) out([16 * N]out)
__kernel void ints(__global const int *a, __global const unsigned *u, __global long *out);

#pragma omp target device(opencl) ndrange(1, N, G) file(builtins.cl) copy_deps
#pragma omp task in([N + 1]in) out([16 * N]out, [2 * N]approx)
__kernel void floats(__global const float *in, __global float *out, __global float *approx);

#pragma omp target device(opencl) ndrange(1, N, G) file(builtins.cl) copy_deps
#pragma omp task in([8 * N]in) out([29 * N]out)
__kernel void vectors816(__global const int *in, __global int *out);

#pragma omp target device(opencl) ndrange(1, N, G) shmem(G * sizeof(float)) file(builtins.cl) \
    copy_deps
#pragma omp task in([N]in) out([N]out)
__kernel void staged(__global const float *in, __global float *out, __local float *t);

static int a[N + 1], v[8 * N], vout[29 * N];
static unsigned u[N + 1];
static long iout[16 * N];
static float f[N + 1], fout[16 * N], approx[2 * N], sin_[N], sout[N];

static long sat(long x, long lo, long hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

static void check_ints(void)
{
    for (int i = 0; i < N; i++) {
        int x = a[i], y = a[i + 1];
        unsigned p = u[i], q = u[i + 1];
        const long *o = iout + 16 * i;
        unsigned r = x & 63 ? (p << (x & 31)) | (p >> ((32 - (x & 31)) & 31)) : p;
        r = (x & 31) == 0 ? p : r;
        float fx = (float)x;
        int bits;
        memcpy(&bits, &fx, sizeof bits);
        long want[16] = {
            (int)(((long)x * y) >> 32), (unsigned)(((unsigned long)p * q) >> 32), r,
            p ? __builtin_clz(p) : 32, sat((long)x + (long)y * 1000, INT_MIN, INT_MAX),
            p > q ? p - q : 0, ((long)x + y) >> 1, ((unsigned long)p + q + 1) >> 1,
            x > y ? (unsigned)(x - y) : (unsigned)(y - x),
            (int)(((unsigned)(short)x << 16) | (unsigned short)y),
            (long)(x & 0xfff) * (y & 0xfff) + 3, sat((long)x * y + 7, INT_MIN, INT_MAX),
            __builtin_popcount(x) + sat(x, -100, 100),
            (long)(x < 0 ? -(long)x : x) + (p > q ? p : q) - (p < q ? p : q), bits, 4 + 8 + 1};
        for (int k = 0; k < 16; k++)
            CHECK(o[k] == want[k], "ints item %d result %d: %ld, expected %ld", i, k, o[k],
                  want[k]);
    }
}

static float signf(float y)
{
    return y > 0 ? 1.0f : y < 0 ? -1.0f : copysignf(0.0f, y);
}

static void check_floats(void)
{
    for (int i = 0; i < N; i++) {
        float x = f[i], y = f[i + 1], ip, fl = floorf(x);
        int e;
        const float *o = fout + 16 * i;
        float fr = fminf(x - fl, 0x1.fffffep-1f);
        float mo = modff(y, &ip);
        float ax = fabsf(x), ay = fabsf(y);
        float maxmag = ax > ay ? x : ay > ax ? y : fmaxf(x, y);
        float minmag = ax < ay ? x : ay < ax ? y : fminf(x, y);
        float want[16] = {
            floorf(x) + ceilf(y) * 2 + truncf(x) * 4 + roundf(y) * 8, rintf(x) + fabsf(y),
            fr, fl, mo + ip * 3, frexpf(x, &e), 0, fminf(x, y) - fmaxf(x, y),
            copysignf(x, y) + signf(y),
            x + (y - x) * 0.5f + (y < x ? 0.0f : 1.0f) + maxmag - minmag,
            fdimf(x, y) + nextafterf(x, 0.0f) - x, 15, 0, fminf(fmaxf(x, -1), 1) + 0.5f,
            (x < y ? y : x) + x, sqrtf(ax) * sqrtf(ax) == ax ? 1.0f : 0.0f};
        want[6] = (float)e + ldexpf(y, 3);
        for (int k = 0; k < 16; k++)
            CHECK(o[k] == want[k], "floats item %d result %d: %g, expected %g", i, k, o[k],
                  want[k]);
        CHECK(close_to(approx[2 * i], x / 4 + 0.5f + 2.0f, 1e-3), "native/half item %d: %g", i,
              approx[2 * i]);
        CHECK(close_to(approx[2 * i + 1], x, 1e-5), "degrees(radians(x)) item %d: %g", i,
              approx[2 * i + 1]);
    }
}

static int rte(float x) { return (int)rintf(x); }

static void check_vectors(void)
{
    int g = N;
    for (int i = 0; i < N; i++) {
        const int *a8 = v + 8 * i;
        for (int k = 0; k < 16; k++)
            CHECK(vout[16 * i + k] == 2 * (k < 8 ? a8[k] : a8[15 - k]), "vstore16 item %d", i);
        static const int two[8][2] = {{0, 0}, {8, 1}, {1, 0}, {9, 1}, {2, 0}, {10, 1}, {3, 0},
                                      {11, 1}};
        for (int k = 0; k < 8; k++) {
            int m2 = two[k][0];
            int s2 = m2 < 8 ? a8[m2] : a8[m2 - 8] + 1;
            CHECK(vout[16 * g + 8 * i + k] == a8[7 - k] + s2, "shuffles item %d comp %d", i, k);
        }
        for (int k = 0; k < 4; k++) {
            float fv = (float)a8[k] * 0.75f;
            int r = rte(fv) + (int)floorf(fv) * 2 + (int)ceilf(fv) * 4 + (int)fv * 8;
            int c = (int)sat((long)a8[4 + k] * 40, -128, 127);
            float nu = fv * -1000.0f;
            int us = nu <= 0 ? 0 : nu >= 65535 ? 65535 : (int)nu;
            CHECK(vout[24 * g + 4 * i + k] == r + c + us, "conversions item %d comp %d: %d, "
                  "expected %d", i, k, vout[24 * g + 4 * i + k], r + c + us);
        }
        int any = 0, all = 1;
        for (int k = 0; k < 8; k++) {
            any |= a8[k] > 100;
            all &= a8[k] > -100;
        }
        CHECK(vout[28 * g + i] == any + 2 * all + 4, "any/all item %d: %d", i, vout[28 * g + i]);
    }
}

int main(void)
{
    for (int i = 0; i <= N; i++) {
        a[i] = (i * 7919) % 200001 - 100000;
        u[i] = (unsigned)i * 2654435761u;
        f[i] = (float)((i * 37) % 129 - 64) / 8.0f;
    }
    for (int i = 0; i < 8 * N; i++)
        v[i] = (i * 13) % 301 - 150;
    for (int i = 0; i < N; i++)
        sin_[i] = (float)(i % 50);
    ints(a, u, iout);
    floats(f, fout, approx);
    vectors816(v, vout);
    staged(sin_, sout, 0);
#pragma omp taskwait
    check_ints();
    check_floats();
    check_vectors();
    for (int grp = 0; grp < N / G; grp++)
        for (int l = 0; l < G; l++) {
            const float *s = sin_ + grp * G;
            float want = s[G - 1 - l] + s[l] + (l < G / 2 ? s[2 * l] : 0.0f);
            CHECK(sout[grp * G + l] == want, "staged: out[%d] = %g, expected %g", grp * G + l,
                  sout[grp * G + l], want);
        }
    digest("ints", iout, sizeof iout);
    digest("floats", fout, sizeof fout);
    digest("vectors816", vout, sizeof vout);
    digest("staged", sout, sizeof sout);
    printf("result: OK\n");
    return 0;
}
