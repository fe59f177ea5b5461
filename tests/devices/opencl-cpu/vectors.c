/* Vector types in kernels (vectors.cl) against C written component by component.  The
 * inputs are small multiples of 1/8, so every sum and product is exact and any order of
 * evaluation gives the same bits (digests compared between runs by run.sh). */
#include "ocl_cpu_check.h"

#define N 300
#define G 32

#pragma omp target device(opencl) ndrange(1, n, G) file(vectors.cl) copy_deps
#pragma omp task in([4 * n]in) out([16 * n]out)
__kernel void swizzles(__global const float *in, __global float *out, int n);

#pragma omp target device(opencl) ndrange(1, n, G) file(vectors.cl) copy_deps
#pragma omp task in([4 * n]a, [4 * n]b) out([20 * n]out, [16 * n]bytes)
__kernel void integers(__global const int *a, __global const int *b, __global int *out,
                       __global unsigned char *bytes, int n);

#pragma omp target device(opencl) ndrange(1, n, G) file(vectors.cl) copy_deps
#pragma omp task in([6 * n]p) out([10 * n]out)
__kernel void geometry(__global const float *p, __global float *out, int n);

static float in[4 * N], fout[16 * N], p[6 * N], gout[10 * N];
static int a[4 * N], b[4 * N], iout[20 * N];
static unsigned char bytes[16 * N];

static void check4(const char *what, int i, const float *got, float x, float y, float z,
                   float w)
{
    float want[4] = {x, y, z, w};
    for (int c = 0; c < 4; c++)
        CHECK(got[c] == want[c], "%s of item %d: component %d is %g, expected %g", what, i, c,
              got[c], want[c]);
}

static void check_swizzles(void)
{
    for (int i = 0; i < N; i++) {
        const float *v = in + 4 * i, *o = fout + 16 * i;
        float w[4] = {v[2] * 2, v[3] * 2, v[1], v[0] + v[1]};
        check4("w", i, o, w[0], w[1], w[2], w[3]);
        check4("e", i, o + 4, v[2], v[3], w[0], w[1]);
        float f[4] = {w[0] + 1, w[2] + 2, w[0] + 3, w[2] + 4};
        check4("f", i, o + 8, f[0] - v[3], f[1] - v[1], f[2] - v[3], f[3] - v[1]);
        float t[3] = {v[0] * 0.5f + 1, v[1] * 0.5f + 1, v[2] * 0.5f + 1 - v[3]};
        check4("t", i, o + 12, t[0], t[1], t[2], t[0] + t[1]);
    }
}

static int clampi(int x, int lo, int hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

static unsigned char sat8(long v)
{
    return v < 0 ? 0 : v > 255 ? 255 : (unsigned char)v;
}

static void check_integers(void)
{
    for (int i = 0; i < N; i++) {
        const int *x = a + 4 * i, *y = b + 4 * i, *o = iout + 20 * i;
        int m[4], any = 0, all = 1;
        for (int c = 0; c < 4; c++) {
            m[c] = x[c] > y[c] ? -1 : 0;
            any |= m[c] < 0;
            all &= m[c] < 0;
        }
        for (int c = 0; c < 4; c++) {
            int s = (int)((unsigned)x[c] << (y[c] & 7)) ^ (x[c] >> 1);
            CHECK(o[c] == s, "shift of item %d comp %d: %d, expected %d", i, c, o[c], s);
            CHECK(o[4 + c] == 0, "select - ?: of item %d comp %d: %d", i, c, o[4 + c]);
            int cl = clampi(x[c], -5, 5) + (x[c] < y[c] ? x[c] : y[c]) - (x[c] > 2 ? x[c] : 2);
            CHECK(o[8 + c] == cl, "clamp/min/max of item %d comp %d: %d, expected %d", i, c,
                  o[8 + c], cl);
            int lit[4] = {any, all, x[0] < 0 ? -x[0] : x[0], __builtin_popcount(y[1])};
            int want = (x[c] == 0 ? -1 : 0) + lit[c];
            CHECK(o[12 + c] == want, "!x + literal of item %d comp %d: %d, expected %d", i, c,
                  o[12 + c], want);
            float h = (float)x[c] * 0.5f;
            int bits;
            memcpy(&bits, &h, sizeof bits);
            CHECK(o[16 + c] == bits, "as_int4 of item %d comp %d", i, c);
        }
        for (int c = 0; c < 16; c++) {
            long v = c < 4 ? x[c] : c < 8 ? y[c - 4] : c < 12 ? (long)x[c - 8] * 100
                                                              : (long)y[c - 12] - 300;
            CHECK(bytes[16 * i + c] == sat8(v), "convert_uchar16_sat of item %d comp %d: %d, "
                  "expected %d", i, c, bytes[16 * i + c], sat8(v));
        }
    }
}

static void check_geometry(void)
{
    for (int i = 0; i < N; i++) {
        const float *x = p + 6 * i, *y = p + 6 * i + 3;
        float c[3] = {x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2],
                      x[0] * y[1] - x[1] * y[0]};
        for (int k = 0; k < 3; k++)
            CHECK(gout[3 * i + k] == c[k], "cross of item %d comp %d: %g, expected %g", i, k,
                  gout[3 * i + k], c[k]);
        for (int k = 0; k < 4; k++) {
            float xa = k < 3 ? x[k] : 0.0f, yb = k < 3 ? y[k] : 0.0f;
            float m = xa + (yb - xa) * 0.25f;
            float want = (m < -1 ? -1 : m > 1 ? 1 : m) + (yb < 0.5f ? 0.0f : 1.0f);
            CHECK(gout[3 * N + 4 * i + k] == want, "mix/clamp/step of item %d comp %d: %g, "
                  "expected %g", i, k, gout[3 * N + 4 * i + k], want);
        }
        float dot = x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
        CHECK(gout[7 * N + 3 * i] == dot, "dot of item %d: %g, expected %g", i,
              gout[7 * N + 3 * i], dot);
        float e = fabsf(c[0]) + fmaxf(x[1], y[1]) + fminf(x[2], y[2]);
        CHECK(gout[7 * N + 3 * i + 1] == e, "fabs/fmax/fmin of item %d: %g, expected %g", i,
              gout[7 * N + 3 * i + 1], e);
        float g = x[0] > y[0] || x[1] > y[1] || x[2] > y[2] ? 1.0f : 0.0f;
        CHECK(gout[7 * N + 3 * i + 2] == g, "any(isgreater) of item %d", i);
    }
}

int main(void)
{
    for (int i = 0; i < 4 * N; i++) {
        in[i] = (float)((i * 29) % 61 - 30) / 8.0f;
        a[i] = (i * 37) % 41 - 20;
        b[i] = (i * 11) % 23 - 11;
    }
    for (int i = 0; i < 6 * N; i++)
        p[i] = (float)((i * 17) % 33 - 16) / 8.0f;
    swizzles(in, fout, N);
    integers(a, b, iout, bytes, N);
    geometry(p, gout, N);
#pragma omp taskwait
    check_swizzles();
    check_integers();
    check_geometry();
    digest("swizzles", fout, sizeof fout);
    digest("integers", iout, sizeof iout);
    digest("bytes", bytes, sizeof bytes);
    digest("geometry", gout, sizeof gout);
    printf("result: OK\n");
    return 0;
}
