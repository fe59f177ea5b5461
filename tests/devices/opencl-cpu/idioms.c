/* GPU-style kernels (idioms.cl) against sequential C: helpers, macros, vectors and their
 * built-ins, doubles, a barrier loop over log2(local size), get_work_dim(), vector
 * constants at program scope. */
#include "ocl_cpu_check.h"

#include <limits.h>

#define W 96                 /* blur: rows of W, H of them */
#define H 20
#define NV 64                /* vec4: items */
#define NR 40                /* rows_fp64: rows of NCOL doubles */
#define NCOL 33
#define NS 4096              /* group_sums */
#define GS 64

typedef struct {
    float scale[2];
    int clampv[2];
    int n;
    int pad;
} knobs;

#pragma omp target device(opencl) ndrange(2, n, rows, 32, 4) file(idioms.cl) copy_deps
#pragma omp task in([rows * n]in) out([rows * n]out)
__kernel void blur(const __global float *in, __global float *out, int n, int rows);

#pragma omp target device(opencl) ndrange(1, NV, 16) file(idioms.cl) copy_deps
#pragma omp task in([4 * NV + 8]in) out([8 * NV]out, [6 * NV]iout)
__kernel void vec4(__global const float *in, __global float *out, __global int *iout, knobs k);

#pragma omp target device(opencl) ndrange(1, NV, 16) file(idioms.cl) copy_deps
#pragma omp task in([NV]x) out([NV]y)
__kernel void approx(__global const float *x, __global float *y);

#pragma omp target device(opencl) ndrange(1, NR, 8) file(idioms.cl) copy_deps
#pragma omp task in([NR * cols]m) out([NR]out)
__kernel void rows_fp64(__global const double *m, __global double *out, int cols);

#pragma omp target device(opencl) ndrange(1, NS, GS) shmem(GS * sizeof(int)) \
    file(idioms.cl) copy_deps
#pragma omp task in([NS]x) out([NS / GS]sums) inout([3]shape)
__kernel void group_sums(__global const int *x, __global int *sums, __global int *shape,
                         __local int *t);

#pragma omp target device(opencl) ndrange(3, 8, 4, 3, 4, 2, 1) file(idioms.cl) copy_deps
#pragma omp task out([96]a)
__kernel void flatten(__global int *a);

#pragma omp target device(opencl) ndrange(1, 16, 16) file(idioms.cl) copy_deps
#pragma omp task out([64]out)
__kernel void tints(__global float *out);

static float bin[W * H], bout[W * H], vin[4 * NV + 8], vout[8 * NV], ax[NV], ay[NV];
static int viout[6 * NV], sx[NS], sums[NS / GS], shape[3], flat[96];
static double dm[NR * NCOL], dout[NR];
static float tint[64];
static const float taps[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};

static int sat_int(float f)
{
    if (f != f)
        return 0;
    if (f >= 2147483648.0f)
        return INT_MAX;
    if (f < -2147483648.0f)
        return INT_MIN;
    return (int)f;
}

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static void check_blur(void)
{
    for (int r = 0; r < H; r++)
        for (int c = 0; c < W; c++) {
            float acc = 0.0f;
            for (int k = 0; k < 5; k++)
                acc += taps[k] * bin[r * W + (c + k - 2 + W) % W];
            float want = acc + (bin[r * W + c] - acc) * 0.5f;
            CHECK(bout[r * W + c] == want, "blur: (%d, %d) = %g, expected %g", r, c,
                  bout[r * W + c], want);
        }
}

static void check_vec4(knobs k)
{
    for (int i = 0; i < NV; i++) {
        const float *a = vin + 4 * i, *b = vin + 2 + 4 * (i + 1);
        float sc[4] = {k.scale[0], k.scale[1], k.scale[1], k.scale[0]}, s[4], m[4], cl[4];
        for (int c = 0; c < 4; c++) {
            s[c] = a[3 - c] * sc[c] + b[c];
            m[c] = s[c] * a[c] + 0.5f;
            cl[c] = m[c] < -4.0f ? -4.0f : m[c] > 4.0f ? 4.0f : m[c];
        }
        int p0 = sat_int(s[0] * 3.0e9f), p1 = sat_int(-s[1] * 1000.0f);
        int q0 = clampi(p0, -k.clampv[0], k.clampv[0]) + p1 * 2;
        int q1 = clampi(p1, -k.clampv[1], k.clampv[1]) + p0 * 2;
        float bits = -cl[0];
        for (int c = 0; c < 4; c++) {
            float pick = s[c] > cl[c] ? s[c] : cl[c];
            CHECK(vout[4 * i + c] == pick + bits, "vec4: out[%d] = %g, expected %g", 4 * i + c,
                  vout[4 * i + c], pick + bits);
            CHECK(vout[4 * NV + 4 * i + c] == cl[c], "vec4: clamp %d.%d", i, c);
            CHECK(viout[2 * NV + 4 * i + c] == sat_int(m[c] * 1.0e9f), "vec4: sat %d.%d = %d, "
                  "expected %d", i, c, viout[2 * NV + 4 * i + c], sat_int(m[c] * 1.0e9f));
        }
        CHECK(viout[2 * i] == q0 && viout[2 * i + 1] == q1, "vec4: p %d = (%d, %d), expected "
              "(%d, %d)", i, viout[2 * i], viout[2 * i + 1], q0, q1);
    }
}

int main(void)
{
    for (int i = 0; i < W * H; i++)
        bin[i] = (float)((i * 37) % 101) / 8.0f;
    for (int i = 0; i < 4 * NV + 8; i++)
        vin[i] = (float)((i * 53) % 29 - 14) / 4.0f;
    for (int i = 0; i < NV; i++)
        ax[i] = (float)(i % 17 - 8) / 4.0f;
    for (int i = 0; i < NR * NCOL; i++)
        dm[i] = (double)((i * 7) % 23) / 3.0 + 1e-9 * i;
    for (int i = 0; i < NS; i++)
        sx[i] = (i * 7919) % 1000 - 500;
    knobs k = {{1.5f, -0.75f}, {1000, 5}, NV, 0};
    blur(bin, bout, W, H);
    vec4(vin, vout, viout, k);
    approx(ax, ay);
    rows_fp64(dm, dout, NCOL);
    group_sums(sx, sums, shape, 0);
    flatten(flat);
    tints(tint);
#pragma omp taskwait
    check_blur();
    check_vec4(k);
    for (int i = 0; i < NV; i++)
        CHECK(close_to(ay[i], 2.0 * exp(ax[i]), 1e-3), "approx: y[%d] = %g, expected %g", i,
              ay[i], 2.0 * exp(ax[i]));
    for (int r = 0; r < NR; r++) {
        double s = 0.0, comp = 0.0;
        for (int c = 0; c < NCOL; c++) {
            double y = dm[r * NCOL + c] * dm[r * NCOL + c] - comp, t = s + y;
            comp = (t - s) - y;
            s = t;
        }
        double want = sqrt(s) + (double)(float)s;
        CHECK(dout[r] == want, "rows_fp64: out[%d] = %.17g, expected %.17g", r, dout[r], want);
    }
    int around = 0;
    for (int g = 0; g < NS / GS; g++) {
        int want = 0;
        for (int i = g * GS; i < (g + 1) * GS; i++) {
            want += sx[i];
            around += sx[i] + sx[g * GS + (i % GS + 1) % GS] + sx[g * GS + (i % GS + GS - 1) % GS];
        }
        CHECK(sums[g] == want, "group_sums: sums[%d] = %d, expected %d", g, sums[g], want);
    }
    CHECK(shape[0] == NS / GS && shape[1] == GS, "group_sums: %d groups of %d, expected %d of %d",
          shape[0], shape[1], NS / GS, GS);
    CHECK(shape[2] == around, "group_sums: around = %d, expected %d", shape[2], around);
    for (int i = 0; i < 96; i++) {
        int want = 300000 + i * 10 + (i / 8) % 4 % 2;
        CHECK(flat[i] == want, "flatten: a[%d] = %d, expected %d", i, flat[i], want);
    }
    static const float bias[4] = {0.5f, -0.5f, 0.25f, 0.0f};
    for (int i = 0; i < 64; i++) {
        int sx = i / 4 & 1 ? 3 : 1, sy = i / 4 & 1 ? 3 : 2;
        float want = bias[i % 4] * (float)sx + (float)sy;
        CHECK(tint[i] == want, "tints: out[%d] = %g, expected %g", i, tint[i], want);
    }
    digest("blur", bout, sizeof bout);
    digest("vec4", vout, sizeof vout);
    digest("vec4 ints", viout, sizeof viout);
    digest("rows_fp64", dout, sizeof dout);
    digest("group_sums", sums, sizeof sums);
    digest("shape", shape, sizeof shape);
    digest("flatten", flat, sizeof flat);
    digest("tints", tint, sizeof tint);
    printf("result: OK\n");
    return 0;
}
