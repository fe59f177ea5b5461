/* OpenCL C 2.0 atomics and the 1.x atomic functions on 64-bit, unsigned and float data
 * (atomics2.cl), and a float sum by compare-and-swap, against sequential C: every result
 * is independent of the order the work-items and work-groups ran in (run.sh builds with
 * -cl-std=CL3.0 for PoCL). */
#include "ocl_cpu_check.h"

#define N 5000
#define G 64
#define NG 40                /* c11_last_group: whole groups */

#pragma omp target device(opencl) ndrange(1, n, G) file(atomics2.cl) copy_deps
#pragma omp task in([n]x) inout([6]cnt, [1]big, [4]bits, [2]f)
__kernel void c11_global(__global const int *x, __global int *cnt, __global long *big,
                         __global unsigned *bits, __global float *f, int n);

#pragma omp target device(opencl) ndrange(1, NG * G, G) file(atomics2.cl) copy_deps
#pragma omp task in([NG * G]x) out([NG]partial) inout([1]ticket) out([2]out)
__kernel void c11_last_group(__global const int *x, __global int *partial,
                             __global int *ticket, __global int *out);

#pragma omp target device(opencl) ndrange(1, n, G) file(atomics2.cl) copy_deps
#pragma omp task in([n]x) inout([4]l64, [4]u, [1]fx, [2]mm)
__kernel void legacy(__global const int *x, __global long *l64, __global unsigned *u,
                     __global float *fx, __global int *mm, int n);

#pragma omp target device(opencl) ndrange(1, n, G) file(atomics2.cl) copy_deps
#pragma omp task in([n]x) inout([4]sums)
__kernel void float_sums(__global const int *x, __global float *sums, int n);

static float fsums[4];
static int x[N], cnt[6], ticket[1], partial[NG], out[2], mm[2];
static long big[1], l64[4];
static unsigned bits[4], u[4];
static float f[2], fx[1];

int main(void)
{
    for (int i = 0; i < N; i++)
        x[i] = (i * 7919) % 2001 - 1000;
    cnt[2] = 1 << 30;
    cnt[3] = -(1 << 30);
    cnt[5] = N;
    bits[1] = ~0u;
    bits[3] = 3u * N;
    f[0] = 12345.0f;
    u[0] = 0xffffffffu;
    u[1] = ~0u;
    fx[0] = 12345.0f;
    mm[0] = 1 << 30;
    mm[1] = -(1 << 30);
    c11_global(x, cnt, big, bits, f, N);
    c11_last_group(x, partial, ticket, out);
    legacy(x, l64, u, fx, mm, N);
    float_sums(x, fsums, N);
#pragma omp taskwait
    int sum = 0, lo = x[0], hi = x[0], xr = 0, seen_f = 0, seen_fx = 0;
    long bsum = 0, lsum = 0;
    unsigned or_bits = 0, and_bits = ~0u, xr_u = 0, usub = 0xffffffffu, and17 = 0;
    for (int i = 0; i < N; i++) {
        sum += x[i];
        lo = x[i] < lo ? x[i] : lo;
        hi = x[i] > hi ? x[i] : hi;
        xr ^= x[i];
        bsum += (1L << 32) + i;
        lsum += (long)x[i] * 3000000000L;
        or_bits |= 1u << (i % 32);
        and_bits &= ~(1u << (i % 31));
        xr_u ^= (unsigned)x[i];
        usub -= (unsigned)i;
        and17 |= 1u << (i % 17);
        seen_f |= f[0] == (float)x[i];
        seen_fx |= fx[0] == (float)x[i] * 0.5f;
    }
    CHECK(cnt[0] == N && cnt[5] == 0, "counts %d, %d, expected %d, 0", cnt[0], cnt[5], N);
    CHECK(cnt[1] == sum, "sum %d, expected %d", cnt[1], sum);
    CHECK(cnt[2] == lo && cnt[3] == hi, "min/max %d %d, expected %d %d", cnt[2], cnt[3], lo, hi);
    CHECK(cnt[4] == xr, "CAS xor %d, expected %d", cnt[4], xr);
    CHECK(big[0] == bsum, "64-bit sum %ld, expected %ld", big[0], bsum);
    CHECK(bits[0] == or_bits && bits[1] == and_bits && bits[2] == xr_u && bits[3] == N,
          "bits %x %x %x %u, expected %x %x %x %u", bits[0], bits[1], bits[2], bits[3],
          or_bits, and_bits, xr_u, (unsigned)N);
    CHECK(seen_f, "atomic_exchange left %g, which is none of the values", f[0]);
    CHECK(f[1] == 2.5f, "atomic_store_explicit: %g, expected 2.5", f[1]);
    int psum = 0;
    for (int g = 0; g < NG; g++) {
        int want = 0;
        for (int l = 0; l < G; l++)
            want += x[g * G + l];
        CHECK(partial[g] == want, "partial[%d] = %d, expected %d", g, partial[g], want);
        psum += want;
    }
    CHECK(out[0] == psum && out[1] == NG && ticket[0] == NG,
          "last group: sum %d of %d groups, ticket %d; expected %d of %d, %d", out[0], out[1],
          ticket[0], psum, NG, NG);
    CHECK(l64[0] == lsum && l64[1] == N, "atom_add %ld, atom_inc %ld; expected %ld, %d",
          l64[0], l64[1], lsum, N);
    CHECK(l64[2] >= 1 && l64[2] <= N && l64[3] == 1, "atom_cmpxchg: %ld, winners %ld",
          l64[2], l64[3]);
    CHECK(u[0] == usub && u[1] == 0 && u[2] == and17 && u[3] == xr_u,
          "uint atomics %x %x %x %x, expected %x 0 %x %x", u[0], u[1], u[2], u[3], usub,
          and17, xr_u);
    CHECK(seen_fx, "atomic_xchg (float) left %g, which is none of the values", fx[0]);
    CHECK(mm[0] == lo && mm[1] == hi, "local min/max %d %d, expected %d %d", mm[0], mm[1], lo,
          hi);
    for (int b = 0; b < 4; b++) {
        float want = 0;
        for (int i = b; i < N; i += 4)
            want += (float)x[i] * 0.5f;
        CHECK(fsums[b] == want, "float_sums[%d] = %g, expected %g", b, fsums[b], want);
    }
    digest("c11_global", cnt, sizeof cnt);
    digest("c11_big", big, sizeof big);
    digest("c11_bits", bits, sizeof bits);
    digest("c11_last_group", partial, sizeof partial);
    digest("c11_last_out", out, sizeof out);
    digest("legacy_sums", l64, 2 * sizeof l64[0]);
    digest("legacy_uint", u, sizeof u);
    digest("legacy_minmax", mm, sizeof mm);
    digest("float_sums", fsums, sizeof fsums);
    printf("result: OK\n");
    return 0;
}
