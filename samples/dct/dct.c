/*
 * dct.c - 2-D DCT of a W x H image in 8 x 8 blocks (as JPEG does) and the inverse
 * transform back, as tasks on tiles of TH rows, each with an smp (C) and an OpenCL
 * (dct.cl, 2-D range, a work-group per block) implementation.
 *
 *   usage: dct [W [H [TH]]]        (defaults 2048 2048 128; all multiples of 8)
 *   mcc --ompss -O2 dct.c -o dct -lm && NX_ARGS="--smp-workers=2" ./dct
 *
 * The inverse transform of a tile depends on its forward transform (in after out of
 * the coefficients), so tiles flow through both stages independently; on a device the
 * coefficients stay there between the two and come back once, at the taskwait.  The
 * coefficients are checked against a sequential double precision transform, and the
 * image rebuilt by the inverse against the original.  Exit 0 and "result: OK" when right.
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef _OMPSS /* a plain C compiler (pragmas ignored) does not know OpenCL qualifiers */
#define __kernel
#define __global
#endif

/* C[u][x] = a(u) cos((2x + 1) u pi / 16), a(0) = sqrt(1/8), a(u > 0) = 1/2; the same
 * float values as dct.cl's table. */
static const float dct_c[64] = {
    0.353553385f, 0.353553385f, 0.353553385f, 0.353553385f, 0.353553385f, 0.353553385f, 0.353553385f, 0.353553385f,
    0.490392625f, 0.415734798f, 0.277785122f, 0.0975451618f, -0.0975451618f, -0.277785122f, -0.415734798f, -0.490392625f,
    0.461939752f, 0.191341713f, -0.191341713f, -0.461939752f, -0.461939752f, -0.191341713f, 0.191341713f, 0.461939752f,
    0.415734798f, -0.0975451618f, -0.490392625f, -0.277785122f, 0.277785122f, 0.490392625f, 0.0975451618f, -0.415734798f,
    0.353553385f, -0.353553385f, -0.353553385f, 0.353553385f, 0.353553385f, -0.353553385f, -0.353553385f, 0.353553385f,
    0.277785122f, -0.490392625f, 0.0975451618f, 0.415734798f, -0.415734798f, -0.0975451618f, 0.490392625f, -0.277785122f,
    0.191341713f, -0.461939752f, 0.461939752f, -0.191341713f, -0.191341713f, 0.461939752f, -0.461939752f, 0.191341713f,
    0.0975451618f, -0.277785122f, 0.415734798f, -0.490392625f, 0.490392625f, -0.415734798f, 0.277785122f, -0.0975451618f
};

/* One 8 x 8 block at b (rows w floats apart) into o: o = C b C^T, or C^T b C when
 * inverse; rows first, then columns, in the order of the OpenCL kernels. */
static void block8x8(int w, int inverse, const float *b, float *o)
{
    float tmp[8][8];
    for (int y = 0; y < 8; y++)
        for (int u = 0; u < 8; u++) {
            float s = 0.0f;
            for (int x = 0; x < 8; x++)
                s += b[y * w + x] * (inverse ? dct_c[x * 8 + u] : dct_c[u * 8 + x]);
            tmp[y][u] = s;
        }
    for (int v = 0; v < 8; v++)
        for (int u = 0; u < 8; u++) {
            float s = 0.0f;
            for (int y = 0; y < 8; y++)
                s += (inverse ? dct_c[y * 8 + v] : dct_c[v * 8 + y]) * tmp[y][u];
            o[v * w + u] = s;
        }
}

#pragma omp target device(smp) copy_deps
#pragma omp task in([w * th]src) out([w * th]dst)
void dct8x8(int w, int th, const float *src, float *dst)
{
    for (int y = 0; y < th; y += 8)
        for (int x = 0; x < w; x += 8)
            block8x8(w, 0, &src[(size_t)y * w + x], &dst[(size_t)y * w + x]);
}

#pragma omp target device(smp) copy_deps
#pragma omp task in([w * th]src) out([w * th]dst)
void idct8x8(int w, int th, const float *src, float *dst)
{
    for (int y = 0; y < th; y += 8)
        for (int x = 0; x < w; x += 8)
            block8x8(w, 1, &src[(size_t)y * w + x], &dst[(size_t)y * w + x]);
}

/* The same two tasks as OpenCL kernels over a w x th range, 8 x 8 work-groups. */
#pragma omp target device(opencl) ndrange(2, w, th, 8, 8) file(dct.cl) copy_deps implements(dct8x8)
#pragma omp task in([w * th]src) out([w * th]dst)
__kernel void dct8x8_ocl(int w, int th, __global const float *src, __global float *dst);

#pragma omp target device(opencl) ndrange(2, w, th, 8, 8) file(dct.cl) copy_deps implements(idct8x8)
#pragma omp task in([w * th]src) out([w * th]dst)
__kernel void idct8x8_ocl(int w, int th, __global const float *src, __global float *dst);

#include "dct_ref.h"

int main(int argc, char **argv)
{
    int w = argc > 1 ? atoi(argv[1]) : 2048, h = argc > 2 ? atoi(argv[2]) : 2048;
    int th = argc > 3 ? atoi(argv[3]) : 128;
    if (w < 8 || h < 8 || th < 8 || w % 8 || h % 8 || th % 8 || (long)w * h > 1L << 28) {
        fprintf(stderr, "usage: %s [W [H [TH]]]  (multiples of 8)\n", argv[0]);
        return 2;
    }
    size_t npix = (size_t)w * h;
    float *img = malloc(npix * sizeof *img), *coef = malloc(npix * sizeof *coef);
    float *rec = malloc(npix * sizeof *rec);
    if (!img || !coef || !rec) {
        fprintf(stderr, "dct: out of memory for %d x %d\n", w, h);
        return 2;
    }
    make_image(img, w, h);

    double t0 = omp_get_wtime();
    for (int r0 = 0; r0 < h; r0 += th) {
        int rows = h - r0 < th ? h - r0 : th;
        size_t off = (size_t)r0 * w;
        dct8x8(w, rows, &img[off], &coef[off]);
        idct8x8(w, rows, &coef[off], &rec[off]);
    }
#pragma omp taskwait
    double secs = omp_get_wtime() - t0;

    double coef_err = check_coefficients(img, coef, w, h), rec_err = 0;
    for (size_t i = 0; i < npix; i++)
        rec_err = fmax(rec_err, fabs(rec[i] - img[i]));
    int ntiles = (h + th - 1) / th;
    printf("dct: %d x %d, 8x8 blocks, tiles of %d rows, %d tasks\n", w, h, th, 2 * ntiles);
    printf("time: %.6f s (%.1f Mpixels/s through both transforms)\n", secs, npix / secs * 1e-6);
    int ok = coef_err <= 1e-2 && rec_err <= 1e-2;
    printf("result: %s (coefficients off by %.2g, rebuilt image off by %.2g)\n",
           ok ? "OK" : "FAILED", coef_err, rec_err);
    free(img);
    free(coef);
    free(rec);
    return ok ? 0 : 1;
}
