/* Reductions: min and max (initialised from the original), a declared reduction with an
 * initializer, subtraction (combined as a sum) and a reduction inside a taskloop. */
#include "ompss_check.h"

#pragma omp declare reduction(maxabs : int : omp_out = (omp_in < 0 ? -omp_in : omp_in) > omp_out ? (omp_in < 0 ? -omp_in : omp_in) : omp_out) initializer(omp_priv = 0)

static int val(int i)
{
    return (i * 37) % 101 - 50;
}

int main(void)
{
    int lo = 1000, hi = -1000, ma = 0;
    long diff = 0, total = 0;
    for (int i = 0; i < 64; i++) {
#pragma omp task reduction(min: lo) reduction(max: hi) reduction(maxabs: ma) reduction(-: diff)
        {
            delay(5);
            int x = val(i);
            if (x < lo)
                lo = x;
            if (x > hi)
                hi = x;
            if ((x < 0 ? -x : x) > ma)
                ma = x < 0 ? -x : x;
            diff -= x;
        }
    }
#pragma omp taskloop grainsize(7) reduction(+: total)
    for (int i = 0; i < 1000; i++)
        total += i;
    int rlo = 1000, rhi = -1000, rma = 0;
    long rdiff = 0;
    for (int i = 0; i < 64; i++) {
        int x = val(i);
        rlo = x < rlo ? x : rlo;
        rhi = x > rhi ? x : rhi;
        rma = (x < 0 ? -x : x) > rma ? (x < 0 ? -x : x) : rma;
        rdiff -= x;
    }
#pragma omp taskwait
    CHECK(lo == rlo && hi == rhi, "min %d max %d, expected %d %d", lo, hi, rlo, rhi);
    CHECK(ma == rma, "maxabs %d, expected %d", ma, rma);
    CHECK(diff == rdiff, "diff %ld, expected %ld", diff, rdiff);
    CHECK(total == 499500, "total %ld", total);
    return 0;
}
