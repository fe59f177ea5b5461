/* NVIDIA OpenCL SDK kernels (nvidia_sdk.cl) launched as the samples launch them, against
 * sequential C: a bitonic sort of two batches of keys with values (a local sort, then
 * global and local merges), a 256-bin histogram of bytes (partial histograms per group,
 * merged), Mersenne twisters (exact: digested) and the Box-Muller transform of their
 * numbers (native_ functions: within a tolerance). */
#include "ocl_cpu_check.h"

#define LOCAL_SIZE_LIMIT 128
#define LEN 2048                     /* bitonic: keys a batch */
#define BATCH 2
#define NK (LEN * BATCH)
#define BINS 256                     /* histogram */
#define HWG 128
#define PARTIALS 16
#define MERGE 64
#define WORDS 10007
#define NRNG 256                     /* Mersenne twisters */
#define NPER 8                       /* numbers each */

typedef struct {
    unsigned matrix_a, mask_b, mask_c, seed;
} mt_params;

#pragma omp target device(opencl) ndrange(1, NK / 2, LOCAL_SIZE_LIMIT / 2) file(nvidia_sdk.cl) \
    copy_deps
#pragma omp task in([NK]sk, [NK]sv) out([NK]dk, [NK]dv)
__kernel void bitonicSortLocal1(__global unsigned *dk, __global unsigned *dv,
                                __global unsigned *sk, __global unsigned *sv);

/* the samples pass the same buffers as source and destination: both are named */
#pragma omp target device(opencl) ndrange(1, NK / 2, LOCAL_SIZE_LIMIT / 2) file(nvidia_sdk.cl) \
    copy_deps
#pragma omp task inout([NK]dk, [NK]dv) in([NK]sk, [NK]sv)
__kernel void bitonicMergeGlobal(__global unsigned *dk, __global unsigned *dv,
                                 __global unsigned *sk, __global unsigned *sv,
                                 unsigned arrayLength, unsigned size, unsigned stride,
                                 unsigned dir);

#pragma omp target device(opencl) ndrange(1, NK / 2, LOCAL_SIZE_LIMIT / 2) file(nvidia_sdk.cl) \
    copy_deps
#pragma omp task inout([NK]dk, [NK]dv) in([NK]sk, [NK]sv)
__kernel void bitonicMergeLocal(__global unsigned *dk, __global unsigned *dv,
                                __global unsigned *sk, __global unsigned *sv,
                                unsigned arrayLength, unsigned stride, unsigned size,
                                unsigned dir);

#pragma omp target device(opencl) ndrange(1, PARTIALS * HWG, HWG) file(nvidia_sdk.cl) copy_deps
#pragma omp task out([PARTIALS * BINS]part) in([n]data)
__kernel void histogram256(__global unsigned *part, __global unsigned *data, unsigned n);

#pragma omp target device(opencl) ndrange(1, BINS * MERGE, MERGE) file(nvidia_sdk.cl) copy_deps
#pragma omp task out([BINS]hist) in([PARTIALS * BINS]part)
__kernel void mergeHistogram256(__global unsigned *hist, __global unsigned *part,
                                unsigned count);

#pragma omp target device(opencl) ndrange(1, NRNG, 64) file(nvidia_sdk.cl) copy_deps
#pragma omp task out([NRNG * n]out) in([NRNG]mt)
__kernel void MersenneTwister(__global float *out, __global mt_params *mt, int n);

#pragma omp target device(opencl) ndrange(1, NRNG, 64) file(nvidia_sdk.cl) copy_deps
#pragma omp task inout([NRNG * n]r)
__kernel void BoxMuller(__global float *r, int n);

static unsigned k0[NK], v0[NK], keys[NK], vals[NK];
static unsigned data[WORDS], part[PARTIALS * BINS], hist[BINS], want_hist[BINS];
static mt_params mt[NRNG];
static float uni[NRNG * NPER], gauss[NRNG * NPER];

static int near(double got, double want, double tol)
{
    return fabs(got - want) <= tol * (1.0 + fabs(want));
}

/* generator g's numbers, as MersenneTwister computes them, checked */
static void check_twister(int g)
{
    unsigned s[19];
    s[0] = mt[g].seed;
    for (int k = 1; k < 19; k++)
        s[k] = 1812433253u * (s[k - 1] ^ (s[k - 1] >> 30)) + (unsigned)k;
    int st = 0;
    unsigned m1 = s[0];
    for (int o = 0; o < NPER; o++) {
        int s1 = (st + 1) % 19, sm = (st + 9) % 19;
        unsigned m = m1;
        m1 = s[s1];
        unsigned x = (m & 0xFFFFFFFEu) | (m1 & 1u);
        x = s[sm] ^ (x >> 1) ^ ((x & 1) ? mt[g].matrix_a : 0);
        s[st] = x;
        st = s1;
        x ^= x >> 12;
        x ^= (x << 7) & mt[g].mask_b;
        x ^= (x << 15) & mt[g].mask_c;
        x ^= x >> 18;
        float u = ((float)x + 1.0f) / 4294967296.0f;
        CHECK(uni[g + o * NRNG] == u, "MersenneTwister: generator %d number %d = %.9g, "
              "expected %.9g", g, o, uni[g + o * NRNG], u);
    }
    for (int o = 0; o < NPER; o += 2) {
        float u1 = uni[g + o * NRNG], u2 = uni[g + (o + 1) * NRNG];
        float r = sqrtf(-2.0f * logf(u1)), ph = 2 * 3.14159265358979f * u2;
        float *z = &gauss[g + o * NRNG], *z1 = &gauss[g + (o + 1) * NRNG];
        CHECK(near(*z, r * cosf(ph), 1e-3) && near(*z1, r * sinf(ph), 1e-3),
              "BoxMuller: generator %d pair %d = %g %g, expected %g %g", g, o, *z, *z1,
              r * cosf(ph), r * sinf(ph));
    }
}

int main(void)
{
    for (unsigned i = 0; i < NK; i++) {
        k0[i] = (i * 2654435761u) >> 20;
        v0[i] = i;
    }
    unsigned x = 12345;
    for (int i = 0; i < WORDS; i++) {
        x = x * 1103515245u + 12345u;
        data[i] = x ^ (x >> 13);
        for (int b = 0; b < 4; b++)
            want_hist[(data[i] >> (8 * b)) & 0xFF]++;
    }
    for (int i = 0; i < NRNG; i++)
        mt[i] = (mt_params){0x9908b0dfu ^ ((unsigned)i << 16), 0x9d2c5680u, 0xefc60000u,
                            4357u + 7u * (unsigned)i};

    bitonicSortLocal1(keys, vals, k0, v0);
    for (unsigned size = 2 * LOCAL_SIZE_LIMIT; size <= LEN; size <<= 1)
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            if (stride >= LOCAL_SIZE_LIMIT) {
                bitonicMergeGlobal(keys, vals, keys, vals, LEN, size, stride, 1);
            } else {
                bitonicMergeLocal(keys, vals, keys, vals, LEN, stride, size, 1);
                break;
            }
        }
    histogram256(part, data, WORDS);
    mergeHistogram256(hist, part, PARTIALS);
    MersenneTwister(uni, mt, NPER);
    MersenneTwister(gauss, mt, NPER);
    BoxMuller(gauss, NPER);
#pragma omp taskwait
    for (int b = 0; b < BATCH; b++)
        for (int i = b * LEN; i < (b + 1) * LEN; i++) {
            CHECK(keys[i] == k0[vals[i]], "bitonic: key %d is %u, its value %u's key %u", i,
                  keys[i], vals[i], k0[vals[i]]);
            if (i > b * LEN)
                CHECK(keys[i - 1] <= keys[i], "bitonic: not sorted at %d: %u > %u", i,
                      keys[i - 1], keys[i]);
        }
    for (int b = 0; b < BINS; b++)
        CHECK(hist[b] == want_hist[b], "histogram256: bin %d = %u, expected %u", b, hist[b],
              want_hist[b]);
    for (int g = 0; g < NRNG; g++)
        check_twister(g);
    digest("keys", keys, sizeof keys);
    digest("values", vals, sizeof vals);
    digest("histogram", hist, sizeof hist);
    digest("uniform", uni, sizeof uni);
    printf("result: OK\n");
    return 0;
}
