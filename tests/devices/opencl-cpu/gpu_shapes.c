/* More shapes of GPU codes (gpu_shapes.cl) against sequential C: kernels made by a macro,
 * a convolution, a prescan, structs and doubles, printf (its lines start "kernel:";
 * run.sh compares them translated and on PoCL), and what items keep across barriers. */
#include "ocl_cpu_check.h"

#define N 300                /* the macro's kernels */
#define CW 50                /* convolution: CW x CH */
#define CH 30
#define R 2
#define NS 512               /* prescan: groups of LS items, 2 * LS elements */
#define LS 32
#define NI 256               /* structs_dbl */
#define M 256                /* keep, leave, swap_bufs: groups of G */
#define G 64
#define NT 16                /* tables */

typedef struct __attribute__((aligned(16))) {
    float v[4];
    int id;
    float w;
} item_t;
struct cell {
    int a;
    double d;
} __attribute__((aligned(16)));
typedef struct {
    float s[4];
} f4;
typedef struct {
    int key;
    float val;
} kv_t;

#pragma omp target device(opencl) ndrange(1, 320, 64) file(gpu_shapes.cl) copy_deps
#pragma omp task in([n]x) out([n]y)
__kernel void twice_int(__global const int *x, __global int *y, int n);

#pragma omp target device(opencl) ndrange(1, 320, 64) file(gpu_shapes.cl) copy_deps
#pragma omp task in([n]x) out([n]y)
__kernel void square_vec(__global const f4 *x, __global f4 *y, int n);

#pragma omp target device(opencl) ndrange(2, 64, 32, 16, 8) file(gpu_shapes.cl) copy_deps
#pragma omp task in([w * h]in, [25]filter) out([w * h]out)
__kernel void convolve(__global const float *in, __global float *out, __constant float *filter,
                       int w, int h);

#pragma omp target device(opencl) ndrange(1, NS / 2, LS) \
    shmem((2 * LS + 2 * LS / 16) * sizeof(int)) file(gpu_shapes.cl) copy_deps
#pragma omp task out([NS]o, [NS / (2 * LS)]sums) in([NS]in)
__kernel void prescan(__global int *o, __global const int *in, __local int *temp,
                      __global int *sums);

#pragma omp target device(opencl) ndrange(1, NI, 64) file(gpu_shapes.cl) copy_deps
#pragma omp task inout([NI]items, [1]total) in([NI]cells) out([2 * NI / 64]dsum)
__kernel void structs_dbl(__global item_t *items, __global struct cell *cells,
                          __global double *dsum, __global unsigned long *total);

#pragma omp target device(opencl) ndrange(1, 64, 16) file(gpu_shapes.cl) copy_deps
#pragma omp task in([64]x)
__kernel void say(__global const int *x);

#pragma omp target device(opencl) ndrange(1, NT, 8) file(gpu_shapes.cl) copy_deps
#pragma omp task in([4]ct) out([8 * NT]o)
__kernel void tables(__global float *o, __constant float *ct);

#pragma omp target device(opencl) ndrange(1, M, G) file(gpu_shapes.cl) copy_deps
#pragma omp task inout([M]a, [2 * M]v) out([M]o)
__kernel void keep(__global kv_t *a, __global f4 *v, __global int *o);

#pragma omp target device(opencl) ndrange(1, M, G) file(gpu_shapes.cl) copy_deps
#pragma omp task inout([M]a) out([M / G]rounds)
__kernel void leave(__global int *a, __global int *rounds);

#pragma omp target device(opencl) ndrange(1, M, G) file(gpu_shapes.cl) copy_deps
#pragma omp task inout([M]a)
__kernel void swap_bufs(__global float *a, int mode);

static int xi[N], yi[N];
static f4 xv[N], yv[N];
static float img[CW * CH], conv[CW * CH], filt[25];
static int sin_[NS], sout[NS], sums[NS / (2 * LS)];
static item_t items[NI], items0[NI];
static struct cell cells[NI];
static double dsum[2 * NI / 64];
static unsigned long total;
static kv_t kv[M], kv0[M];
static f4 v[2 * M], v0[2 * M];
static int o[M], la[M], la0[M], rounds[M / G];
static float sb[3][M], sb0[M];
static float tabo[8 * NT], ct[4] = {1, 2, 3, 4};

static void check_tables(void)
{
    static const int grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
    for (int i = 0; i < NT; i++) {
        float w[8] = {i & 1 ? 7.5f : 14.0f, (float)grid[i & 1][i % 3], (float)"hello"[i % 5],
                      (float)(1 + (i & 1)), (float)((i & 3) == 1 ? 0xff : 0) + ct[1 + i % 3],
                      8.0f, 32.0f + 16.0f + 4.0f + 200.0f + 1000.0f, 14.0f};
        for (int k = 0; k < 8; k++)
            CHECK(tabo[8 * i + k] == w[k], "tables: o[%d] = %g, expected %g", 8 * i + k,
                  tabo[8 * i + k], w[k]);
    }
}

static void check_simple(void)
{
    for (int i = 0; i < N; i++) {
        CHECK(yi[i] == xi[i] * 2 + 1, "twice_int: y[%d] = %d", i, yi[i]);
        for (int c = 0; c < 4; c++)
            CHECK(yv[i].s[c] == xv[i].s[c] * xv[i].s[c] - (float)(c + 1),
                  "square_vec: y[%d].s%d = %g", i, c, yv[i].s[c]);
    }
    for (int y = 0; y < CH; y++)
        for (int x = 0; x < CW; x++) {
            float acc = 0.0f;
            for (int fy = 0; fy < 5; fy++)
                for (int fx = 0; fx < 5; fx++) {
                    int sx = x + fx - R, sy = y + fy - R;
                    sx = sx < 0 ? 0 : sx >= CW ? CW - 1 : sx;
                    sy = sy < 0 ? 0 : sy >= CH ? CH - 1 : sy;
                    acc = filt[fy * 5 + fx] * img[sy * CW + sx] + acc;
                }
            CHECK(conv[y * CW + x] == acc, "convolve: (%d, %d) = %g, expected %g", x, y,
                  conv[y * CW + x], acc);
        }
    for (int g = 0; g < NS / (2 * LS); g++) {
        int run = 0;
        for (int i = g * 2 * LS; i < (g + 1) * 2 * LS; i++) {
            CHECK(sout[i] == run, "prescan: %d = %d, expected %d", i, sout[i], run);
            run += sin_[i];
        }
        CHECK(sums[g] == run, "prescan: sum %d = %d, expected %d", g, sums[g], run);
    }
    unsigned long wt = 0;
    for (int g = 0; g < NI / 64; g++) {
        double d = 0, a = 0;
        for (int i = g * 64; i < (g + 1) * 64; i++) {
            d += cells[i].d;
            a += cells[i].a;
        }
        CHECK(dsum[2 * g] == d && dsum[2 * g + 1] == a, "structs_dbl: sums of group %d: %g %g, "
              "expected %g %g", g, dsum[2 * g], dsum[2 * g + 1], d, a);
    }
    for (int i = 0; i < NI; i++) {
        wt += (unsigned long)cells[i].a << 33;
        const item_t *was = &items0[i], *is = &items[i];
        for (int c = 0; c < 4; c++)
            CHECK(is->v[c] == was->v[3 - c] * was->w, "structs_dbl: item %d.v[%d] = %g", i, c,
                  is->v[c]);
        CHECK(is->id == i && is->w == was->w, "structs_dbl: item %d: id %d, w %g", i, is->id,
              is->w);
    }
    CHECK(total == wt, "structs_dbl: total %lu, expected %lu", total, wt);
}

/* leave's group g, sequentially: the round it stopped in (-1: none), x its values */
static int leave_ref(int g, int *x)
{
    int t[G];
    for (int l = 0; l < G; l++)
        x[l] = la0[g * G + l];
    for (int it = 0; it < 10; it++) {
        memcpy(t, x, sizeof t);
        int flag = 0;
        for (int l = 0; l < G; l++) {
            switch (l & 3) {
            case 0: x[l] += t[(l + 1) & 63]; break;
            case 1: x[l] = (x[l] - 1) ^ it; break;
            case 2: x[l] ^= it; break;
            default: x[l] = x[l] * 3 % 1000;
            }
            flag |= x[l] > 5000;
        }
        if (flag)
            return it;
    }
    return -1;
}

static void check_barriers(void)
{
    for (int g = 0; g < M / G; g++) {
        int cnt = 0;
        for (int l = 0; l < G; l++)
            cnt += kv0[g * G + l].key;
        for (int l = 0; l < G; l++) {
            int i = g * G + l;
            kv_t other = kv0[g * G + (l + 1) % G];
            CHECK(o[i] == l * 3 + other.key, "keep: o[%d] = %d", i, o[i]);
            CHECK(kv[i].key == kv0[i].key + cnt && kv[i].val == kv0[i].val,
                  "keep: a[%d].key = %d", i, kv[i].key);
            for (int c = 0; c < 4; c++) {
                float w = v0[2 * i + 1].s[c] + v0[2 * i].s[c] * other.val;
                CHECK(v[2 * i].s[c] == w, "keep: v[%d].s%d = %g, expected %g", 2 * i, c,
                      v[2 * i].s[c], w);
            }
        }
        int x[G], r = leave_ref(g, x);
        CHECK(rounds[g] == r, "leave: rounds[%d] = %d, expected %d", g, rounds[g], r);
        for (int l = 0; l < G; l++)
            CHECK(la[g * G + l] == (r >= 0 ? x[l] : -x[l]), "leave: a[%d] = %d, expected %d",
                  g * G + l, la[g * G + l], r >= 0 ? x[l] : -x[l]);
        for (int l = 0; l < G; l++) {
            int i = g * G + l;
            CHECK(sb[0][i] == sb0[g * G + 63 - l], "swap_bufs(0): a[%d] = %g", i, sb[0][i]);
            for (int m = 1; m < 3; m++)
                CHECK(sb[m][i] == sb0[g * G + 63 - ((l + 1) & 63)] * 2.0f + 1.0f,
                      "swap_bufs(%d): a[%d] = %g", m, i, sb[m][i]);
        }
    }
}

int main(void)
{
    for (int i = 0; i < N; i++) {
        xi[i] = i * 7 - 100;
        for (int c = 0; c < 4; c++)
            xv[i].s[c] = (float)(i % 13) * 0.5f - (float)c;
    }
    for (int i = 0; i < CW * CH; i++)
        img[i] = (float)((i * 31) % 17);
    for (int i = 0; i < 25; i++)
        filt[i] = (float)(i % 5 + 1) / 16.0f;
    for (int i = 0; i < NS; i++)
        sin_[i] = (i * 37) % 11 - 5;
    for (int i = 0; i < NI; i++) {
        items[i] = items0[i] = (item_t){{(float)i, 1.0f, -2.0f, 0.5f}, i, 0.25f * (float)(i % 4)};
        cells[i] = (struct cell){i % 10, 0.125 * i};
    }
    for (int i = 0; i < M; i++) {
        kv[i] = kv0[i] = (kv_t){(i * 37) % 101 - 50, (float)(i % 7) * 0.5f};
        la[i] = la0[i] = (i * 53) % 97 + (i / G) * 300;
        sb0[i] = sb[0][i] = sb[1][i] = sb[2][i] = (float)((i * 29) % 31);
    }
    for (int i = 0; i < 2 * M; i++)
        for (int c = 0; c < 4; c++)
            v[i].s[c] = v0[i].s[c] = (float)(i % 5) - (float)c * 0.25f;
    twice_int(xi, yi, N);
    square_vec(xv, yv, N);
    convolve(img, conv, filt, CW, CH);
    prescan(sout, sin_, 0, sums);
    structs_dbl(items, cells, dsum, &total);
    say(xi);
    tables(tabo, ct);
    keep(kv, v, o);
    leave(la, rounds);
    for (int m = 0; m < 3; m++)
        swap_bufs(sb[m], m);
#pragma omp taskwait
    check_simple();
    check_tables();
    check_barriers();
    digest("convolve", conv, sizeof conv);
    digest("prescan", sout, sizeof sout);
    digest("dsum", dsum, sizeof dsum);
    digest("keep", o, sizeof o);
    digest("leave", la, sizeof la);
    digest("rounds", rounds, sizeof rounds);
    digest("tables", tabo, sizeof tabo);
    printf("result: OK\n");
    return 0;
}
