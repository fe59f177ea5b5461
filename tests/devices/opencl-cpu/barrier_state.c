/* What work-items keep across barriers (barrier_state.cl) against sequential C. */
#include "ocl_cpu_check.h"

#include <stdlib.h>

#define NA 256               /* regtile: the data */
#define NI 64                /* regtile: items, groups of 8 */
#define NS 128               /* sides: items, groups of 32 */
#define NF 1000              /* fsum */
#define NK 1024              /* bitonic: groups of 64 keys */
#define MW 128               /* rowptr: a 128 x 16 grid, groups of 64 x 8 */
#define MH 16
#define NU 128               /* until_done: groups of 64 */

#pragma omp target device(opencl) ndrange(1, NI, 8) file(barrier_state.cl) copy_deps
#pragma omp task in([n]a) out([NI * 8]out)
__kernel void regtile(__global const float *a, __global float *out, int n);

#pragma omp target device(opencl) ndrange(1, NS, 32) shmem(32 * sizeof(int)) \
    file(barrier_state.cl) copy_deps
#pragma omp task inout([NS]a, [2]cnt) out([4 * NS]out)
__kernel void sides(__global int *a, __global int *cnt, __global int *out, int n,
                    __local int *t);

#pragma omp target device(opencl) ndrange(1, n, 64) file(barrier_state.cl) copy_deps
#pragma omp task in([n]x) inout([1]s)
__kernel void fsum(__global const float *x, __global float *s, int n);

#pragma omp target device(opencl) ndrange(1, NK, 64) file(barrier_state.cl) copy_deps
#pragma omp task inout([NK]keys)
__kernel void bitonic(__global unsigned *keys);

#pragma omp target device(opencl) ndrange(2, MW, MH, 64, 8) file(barrier_state.cl) copy_deps
#pragma omp task inout([MW * MH]m)
__kernel void rowptr(__global float *m);

#pragma omp target device(opencl) ndrange(1, NU, 64) file(barrier_state.cl) copy_deps
#pragma omp task inout([NU]v)
__kernel void until_done(__global int *v);

#pragma omp target device(opencl) ndrange(1, NU, 64) file(barrier_state.cl) copy_deps
#pragma omp task inout([NU]v)
__kernel void early(__global int *v, int k);

#pragma omp target device(opencl) ndrange(1, NU, 64) file(barrier_state.cl) copy_deps
#pragma omp task inout([NU]v)
__kernel void mixed_decl(__global int *v);

static float ra[NA], rout[NI * 8], fx[NF], fs[1], m[MW * MH], m0[MW * MH];
static int sa[NS], sa0[NS], cnt[2], sout[4 * NS], v[NU], ev[NU], mv[NU];
static unsigned keys[NK], k0[NK];

static int cmpu(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return x < y ? -1 : x > y;
}

static void check_regtile(void)
{
    for (int gi = 0; gi < NI; gi++) {
        int l = gi % 8, g = gi / 8;
        float acc[4] = {0}, v4[4] = {0};
        for (int k0 = 0; k0 < NA; k0 += 32) {
            for (int r = 0; r < 4; r++)
                acc[r] += ra[k0 + (l * 4 + r + g) % 32] * (float)(r + 1);
            for (int c = 0; c < 4; c++)
                v4[c] += ra[k0 + l + c];
        }
        for (int r = 0; r < 4; r++)
            CHECK(rout[gi * 8 + r] == acc[r] && rout[gi * 8 + 4 + r] == v4[r],
                  "regtile: item %d, %d: (%g, %g), expected (%g, %g)", gi, r, rout[gi * 8 + r],
                  rout[gi * 8 + 4 + r], acc[r], v4[r]);
    }
}

static void check_sides(void)
{
    CHECK(cnt[0] == NS && cnt[1] == NS, "sides: counters %d, %d, expected %d", cnt[0], cnt[1],
          NS);
    for (int i = 0; i < NS; i++) {
        int l = i % 32, fromt = sa0[i - l + (l + 1) % 32];
        CHECK(sout[4 * i] == 1 && sout[4 * i + 1] == 1, "sides: ticket %d", i);
        CHECK(sout[4 * i + 2] == sa0[i] * 1000 + 2 * i + 21, "sides: out[%d] = %d, expected %d",
              4 * i + 2, sout[4 * i + 2], sa0[i] * 1000 + 2 * i + 21);
        CHECK(sout[4 * i + 3] == fromt * 1000 + 40, "sides: out[%d] = %d, expected %d",
              4 * i + 3, sout[4 * i + 3], fromt * 1000 + 40);
        CHECK(sa[i] == -1, "sides: a[%d] = %d", i, sa[i]);
    }
}

static void check_rowptr(void)
{
    for (int y = 0; y < MH; y++)
        for (int x = 0; x < MW; x++) {
            int lx = x % 64, ly = y % 8, bx = x - lx, by = y - ly, sx = 63 - lx;
            float w = m0[y * MW + bx + (sx + 1) % 64] + m0[(by + (ly + 1) % 8) * MW + bx + sx];
            CHECK(m[y * MW + x] == w, "rowptr: (%d, %d) = %g, expected %g", y, x, m[y * MW + x],
                  w);
        }
}

/* the rounds of the longest Collatz walk of the group's values, plus one, and 1 */
static void check_until_done(void)
{
    for (int g = 0; g < NU / 64; g++) {
        int most = 0;
        for (int l = 0; l < 64; l++) {
            int x = g * 64 + l + 1, r = 0;
            for (; x > 1; r++)
                x = (x & 1) ? 3 * x + 1 : x / 2;
            most = r > most ? r : most;
        }
        for (int l = 0; l < 64; l++)
            CHECK(v[g * 64 + l] == (most + 1) * 1000 + 1, "until_done: v[%d] = %d, expected %d",
                  g * 64 + l, v[g * 64 + l], (most + 1) * 1000 + 1);
    }
}

int main(void)
{
    for (int i = 0; i < NA; i++)
        ra[i] = (float)(i % 13);
    for (int i = 0; i < NS; i++)
        sa[i] = sa0[i] = i % 9;
    for (int i = 0; i < NF; i++)
        fx[i] = (float)(i % 8);
    for (int i = 0; i < NK; i++)
        keys[i] = k0[i] = (unsigned)(i * 2654435761u) >> 7;
    for (int i = 0; i < MW * MH; i++)
        m[i] = m0[i] = (float)(i % 37);
    for (int i = 0; i < NU; i++) {
        v[i] = i + 1;
        ev[i] = -1;
        mv[i] = i * 3;
    }
    regtile(ra, rout, NA);
    sides(sa, cnt, sout, 20, 0);
    fsum(fx, fs, NF);
    bitonic(keys);
    rowptr(m);
    until_done(v);
    early(ev, 10);
    mixed_decl(mv);
#pragma omp taskwait
    check_regtile();
    check_sides();
    float want = 0;
    for (int i = 0; i < NF; i++)
        want += fx[i];
    CHECK(fs[0] == want, "fsum: %g, expected %g", fs[0], want);
    for (int g = 0; g < NK / 64; g++)
        qsort(k0 + 64 * g, 64, sizeof k0[0], cmpu);
    CHECK(!memcmp(keys, k0, sizeof keys), "bitonic: the groups' keys are not sorted");
    check_rowptr();
    check_until_done();
    for (int i = 0; i < NU; i++)    /* undefined for the others: no digest */
        CHECK(i % 64 >= 10 || ev[i] == -1, "early: item %d returned but wrote %d", i, ev[i]);
    for (int i = 0; i < NU; i++) {
        int want = i * 3 + (i / 64 * 64 + (i % 64 + 1) % 64) * 3;
        CHECK(mv[i] == want, "mixed_decl: v[%d] = %d, expected %d", i, mv[i], want);
    }
    digest("regtile", rout, sizeof rout);
    digest("sides", sout, sizeof sout);
    digest("rowptr", m, sizeof m);
    digest("until_done", v, sizeof v);
    printf("result: OK\n");
    return 0;
}
