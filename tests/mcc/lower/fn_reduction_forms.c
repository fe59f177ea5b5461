/* Reductions on function tasks: min and max through pointer parameters, a product, a declared
 * reduction with an initializer, and arrays by shaping (a small one, on the stack, and one
 * over 4 KiB, on the heap), each checked against the sequential result. */
#include "ompss_check.h"

struct pair {
    long lo, hi;
};

#pragma omp declare reduction(span : struct pair : omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) initializer(omp_priv = (struct pair){1000000, -1000000})

static int val(int i)
{
    return (i * 37) % 101 - 50;
}

#pragma omp task reduction(min: *lo) reduction(max: *hi) reduction(*: *prod)
void extremes(int i, int *lo, int *hi, long *prod)
{
    delay(20);
    int x = val(i);
    if (x < *lo)
        *lo = x;
    if (x > *hi)
        *hi = x;
    *prod *= i % 3 == 0 ? 2 : 1;
}

#pragma omp task reduction(span: *s)
void widen(int i, struct pair *s)
{
    delay(20);
    long x = val(i);
    if (x < s->lo)
        s->lo = x;
    if (x > s->hi)
        s->hi = x;
}

#pragma omp task reduction(+: [n]hist)
void histogram(int from, int to, int n, long *hist)
{
    delay(20);
    for (int i = from; i < to; i++)
        hist[(unsigned)(val(i) + 50) % n] += 1;
}

#pragma omp task reduction(+: [rows][cols]m)
void tally(int rows, int cols, int k, double *m)
{
    delay(20);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            m[r * cols + c] += k + r - c;
}

enum { NT = 48, NB = 101, ROWS = 40, COLS = 30 };

int main(void)
{
    int lo = 1000, hi = -1000;
    long prod = 1;
    struct pair sp = {1000000, -1000000};
    static long hist[NB];
    static double m[ROWS * COLS];
    for (int t = 0; t < NT; t++) {
        extremes(t, &lo, &hi, &prod);
        widen(t, &sp);
        histogram(t * 20, t * 20 + 20, NB, hist);
        tally(ROWS, COLS, t, m);
    }
#pragma omp taskwait
    int rlo = 1000, rhi = -1000;
    long rprod = 1;
    for (int t = 0; t < NT; t++) {
        rlo = val(t) < rlo ? val(t) : rlo;
        rhi = val(t) > rhi ? val(t) : rhi;
        rprod *= t % 3 == 0 ? 2 : 1;
    }
    CHECK(lo == rlo && hi == rhi, "min %d max %d, expected %d %d", lo, hi, rlo, rhi);
    CHECK(prod == rprod, "product %ld, expected %ld", prod, rprod);
    CHECK(sp.lo == rlo && sp.hi == rhi, "span %ld..%ld, expected %d..%d", sp.lo, sp.hi, rlo, rhi);
    long rhist[NB] = {0};
    for (int i = 0; i < NT * 20; i++)
        rhist[(unsigned)(val(i) + 50) % NB] += 1;
    for (int b = 0; b < NB; b++)
        CHECK(hist[b] == rhist[b], "hist[%d] = %ld, expected %ld", b, hist[b], rhist[b]);
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++) {
            double want = 0;
            for (int t = 0; t < NT; t++)
                want += t + r - c;
            CHECK(m[r * COLS + c] == want, "m[%d][%d] = %g, expected %g", r, c, m[r * COLS + c],
                  want);
        }
    return result_ok();
}
