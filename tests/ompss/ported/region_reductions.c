/* ported: openmp
 * ported-werror
 * Reductions of a parallel region updated by the worksharing loops inside it, the way
 * OpenMP codes accumulate per-thread partial results: a scalar sum, a whole histogram
 * array, a max, a section of an array, a declared reduction on a struct, code of the
 * region around the loops that updates the same variables, partial sums declared in the
 * region that the loop adds to (`local += x`, `n++`), and globals (a scalar, a section).
 * Each thread's copy is private to it: mcc's loop tasks updated the region's one copy
 * concurrently (a global's original itself), losing updates (a silently wrong sum). */
#include <stdio.h>

#define N 200000
#define B 8

struct range {
    long lo, hi;
};

#pragma omp declare reduction(widen : struct range :                                   \
        omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo,                    \
        omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi)                    \
    initializer(omp_priv = (struct range){1L << 40, -(1L << 40)})

static long gsum, gtab[8];      /* globals a region reduces: its loops use its copies */

static long val(int i)
{
    return (i * 2654435761u) % 1000003u;
}

int main(void)
{
    long s = 0, h[B] = {0}, big = -1, mid[12], both = 0;
    struct range r = {1L << 40, -(1L << 40)};
    for (int k = 0; k < 12; k++)
        mid[k] = -5;            /* outside the section: stays */
    for (int k = 3; k < 9; k++)
        mid[k] = 0;
#pragma omp parallel reduction(+ : s)
    {
#pragma omp for
        for (int i = 0; i < N; i++)
            s += val(i) % 7;
    }
#pragma omp parallel reduction(+ : h)
    {
#pragma omp for schedule(dynamic, 1000)
        for (int i = 0; i < N; i++)
            h[val(i) % B]++;
    }
#pragma omp parallel reduction(max : big) reduction(widen : r)
    {
#pragma omp for
        for (int i = 0; i < N; i++) {
            if (val(i) > big)
                big = val(i);
            if (val(i) < r.lo)
                r.lo = val(i);
            if (val(i) > r.hi)
                r.hi = val(i);
        }
    }
#pragma omp parallel reduction(+ : mid[3:6])
    {
#pragma omp for
        for (int i = 0; i < N; i++)
            mid[3 + val(i) % 6] += 1;
    }
#pragma omp parallel reduction(+ : both)
    {
#pragma omp for
        for (int i = 0; i < N; i += 2)
            both += 1;
#pragma omp for
        for (int i = 1; i < N; i += 2)
            both += 3;
    }
    /* per-thread partial sums declared in the region, added up after the loop */
    double total = 0;
    long count = 0;
#pragma omp parallel
    {
        double local = 0;
        long n = 0;
#pragma omp for schedule(guided)
        for (int i = 0; i < N; i++) {
            local += val(i) * 0.5;
            n++;
        }
#pragma omp atomic
        total += local;
#pragma omp critical
        count += n;
    }
    printf("%ld %ld %ld [%ld, %ld] %ld\n", s, big, both, r.lo, r.hi, h[0] + h[B - 1]);
    printf("%.1f %ld\n", total, count);
    for (int k = 0; k < 8; k++)
        gtab[k] = k >= 2 && k < 6 ? 0 : -7;
#pragma omp parallel reduction(+ : gsum, gtab[2:4])
    {
#pragma omp for
        for (int i = 0; i < N; i++) {
            gsum += val(i) % 3;
            gtab[2 + i % 4] += 1;
        }
    }
    printf("%ld", gsum);
    for (int k = 0; k < 8; k++)
        printf(" %ld", gtab[k]);
    printf("\n");
    for (int b = 0; b < B; b++)
        printf("%ld%c", h[b], b + 1 < B ? ' ' : '\n');
    for (int k = 0; k < 12; k++)
        printf("%ld%c", mid[k], k + 1 < 12 ? ' ' : '\n');
    return 0;
}
