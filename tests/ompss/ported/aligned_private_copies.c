/* ported: openmp
 * ported-werror
 * Private copies as aligned as the program asks, as vector codes need them: arrays declared
 * `__attribute__((aligned(64)))` and `_Alignas(64)` made firstprivate and private by
 * `parallel` regions (whose copies mcc declared by __typeof__, which drops the alignment),
 * and OpenMP 5.1's `allocate(align(512): acc)` on a region's, a task's and a taskloop's
 * private copy (mcc ignored the modifier).  Each copy is filled and summed with `simd
 * aligned(...)` loops, which may use aligned vector loads; the program prints the sums and
 * how many copies were less aligned than asked (0). */
#include <stdint.h>
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#define COPY_ALIGN 512  /* what allocate(align(512): acc) asks of acc's copies */
#else
#define COPY_ALIGN 64   /* (no copies: acc itself, as declared) */
#endif

#define W 16

__attribute__((noinline)) static int misaligned(const void *p, uintptr_t align)
{
    return ((uintptr_t)p & (align - 1)) != 0;
}

/* The dot product of a and b, both 64-aligned. */
static double dot(const double *a, const double *b)
{
    double s = 0;
#pragma omp simd aligned(a, b: 64) reduction(+: s)
    for (int i = 0; i < W; i++)
        s += a[i] * b[i];
    return s;
}

int main(void)
{
    double weights[W] __attribute__((aligned(512)));
    _Alignas(512) double scratch[W];
    _Alignas(64) double acc[W];
    for (int i = 0; i < W; i++) {
        weights[i] = 1.0 / (i + 1);
        scratch[i] = acc[i] = 0;
    }
    int bad = 0;
    double total = 0;
#pragma omp parallel firstprivate(weights) private(scratch) reduction(+: bad, total)
    {
        bad += misaligned(weights, 512) + misaligned(scratch, 512);
        for (int i = 0; i < W; i++)
            scratch[i] = 2.0 * i;
        total += dot(weights, scratch);
    }
#ifdef _OPENMP
    total /= omp_get_max_threads();
#endif
    printf("region: %.6f\n", total);

    double part[4] = {0};
#pragma omp parallel private(acc) allocate(align(512): acc) reduction(+: bad)
    {
        bad += misaligned(acc, COPY_ALIGN);
        for (int i = 0; i < W; i++)
            acc[i] = i;
    }
#pragma omp parallel
#pragma omp single
    {
        for (int t = 0; t < 4; t++) {
#pragma omp task firstprivate(acc) allocate(align(512): acc) shared(part, bad)
            {
                for (int i = 0; i < W; i++)
                    acc[i] = i + t;
#pragma omp atomic
                bad += misaligned(acc, COPY_ALIGN);
                part[t] = dot(acc, weights);
            }
        }
#pragma omp taskwait
        double rows = 0;
#pragma omp taskloop private(acc) allocate(align(512): acc) reduction(+: rows, bad) grainsize(2)
        for (int r = 0; r < 8; r++) {
            bad += misaligned(acc, COPY_ALIGN);
            for (int i = 0; i < W; i++)
                acc[i] = r + i;
            rows += dot(acc, weights);
        }
        printf("tasks: %.6f %.6f %.6f %.6f, rows %.6f\n", part[0], part[1], part[2], part[3],
               rows);
    }
    printf("copies less aligned than asked: %d\n", bad);
    return 0;
}
