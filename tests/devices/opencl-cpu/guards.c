/* Bound guards of kernels (guards.cl): every form updates exactly the items below its
 * bound, the sentinels past it stay as they were (checked against sequential C). */
#include "ocl_cpu_check.h"

#define N 1000
#define G 64
#define PAD 100              /* sentinels past n: the rounded-up items must not touch them */
#define W 37
#define H 23
#define LD 64
#define NB (N / G * G)       /* guard_then_barrier: whole groups past it */
#define FX 105               /* flat3: 105 x 2 x 2 in groups of 5 x 1 x 2, recut (2 */
                             /* workers) into 35 x 1 x 1: 52 would not divide 105 */
#define FY 2
#define FZ 2

#define ONE_D(name) \
    _Pragma("omp target device(opencl) ndrange(1, n, G) file(guards.cl) copy_deps") \
    _Pragma("omp task inout([n + PAD]a)") \
    __kernel void name(__global int *a, int n);

ONE_D(ge_return)
ONE_D(flipped)
ONE_D(gt_minus_one)
ONE_D(body_under_if)

#pragma omp target device(opencl) ndrange(1, last + 1, G) file(guards.cl) copy_deps
#pragma omp task inout([last + 1 + PAD]a)
__kernel void le_bound(__global int *a, int last);

#pragma omp target device(opencl) ndrange(2, w, h, 16, 8) file(guards.cl) copy_deps
#pragma omp task inout([LD * (h + 1)]m)
__kernel void two_d(__global int *m, int w, int h, int ld);

#pragma omp target device(opencl) ndrange(1, n + G / 2, G) shmem(G * sizeof(int)) \
    file(guards.cl) copy_deps
#pragma omp task inout([n + PAD]a)
__kernel void guard_then_barrier(__global int *a, int n, __local int *t);

#pragma omp target device(opencl) ndrange(1, N, G) file(guards.cl) copy_deps
#pragma omp task inout([N]a)
__kernel void local_guard(__global int *a, int k);

#pragma omp target device(opencl) ndrange(3, FX, FY, FZ, 5, 1, 2) file(guards.cl) copy_deps
#pragma omp task inout([FX * FY * FZ + PAD]a)
__kernel void flat3(__global int *a);

static int a[8][N + PAD], m[LD * (H + 1)], f[FX * FY * FZ + PAD];

int main(void)
{
    for (int k = 0; k < 8; k++)
        for (int i = 0; i < N + PAD; i++)
            a[k][i] = i;
    for (int i = 0; i < LD * (H + 1); i++)
        m[i] = i;
    ge_return(a[0], N);
    flipped(a[1], N);
    gt_minus_one(a[2], N);
    body_under_if(a[3], N);
    le_bound(a[4], N - 1);
    two_d(m, W, H, LD);
    guard_then_barrier(a[5], NB, 0);
    local_guard(a[6], 5);
    flat3(f);
#pragma omp taskwait
    static const int add[5] = {1, 2, 3, 4, 5};
    for (int k = 0; k < 5; k++)
        for (int i = 0; i < N + PAD; i++)
            CHECK(a[k][i] == i + (i < N ? add[k] : 0), "kernel %d: a[%d] = %d", k, i, a[k][i]);
    for (int i = 0; i < LD * (H + 1); i++) {
        int x = i % LD, y = i / LD;
        CHECK(m[i] == i + (x < W && y < H ? 6 : 0), "two_d: m[%d][%d] = %d", y, x, m[i]);
    }
    for (int i = 0; i < N + PAD; i++)
        CHECK(a[5][i] == (i < NB ? 10 * i : i), "guard_then_barrier: a[%d] = %d", i, a[5][i]);
    for (int i = 0; i < N; i++)
        CHECK(a[6][i] == i + (i % G < 5 ? 7 : 0), "local_guard: a[%d] = %d", i, a[6][i]);
    for (int i = 0; i < FX * FY * FZ + PAD; i++) {
        int x = i % FX, y = i / FX % FY, z = i / (FX * FY);
        CHECK(f[i] == (i < FX * FY * FZ ? 1 + x % 7 + 10 * y + 100 * z : 0),
              "flat3: f[%d][%d][%d] = %d", z, y, x, f[i]);
    }
    digest("guards", a, sizeof a);
    digest("flat3", f, sizeof f);
    digest("two_d", m, sizeof m);
    printf("result: OK\n");
    return 0;
}
