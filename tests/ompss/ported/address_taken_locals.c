/* ported: openmp
 * Per-thread scalars that a pointer reaches too: a temporary a loop sets first in each
 * iteration and reads back through `*pt` (`double *pt = &t;` taken before), in a region
 * (each thread's pt points at its own t) and in an orphaned `for` of a function main
 * calls with no region, which also reads `*pt` after the loop; a running sum `run += a[i]`
 * read through `*pr` for prefix sums.  Each such loop runs as one task (mcc warns).  mcc
 * gave each task its own t and reduced run from copies, while `*pt` and `*pr` read the
 * one variable the pointer was taken from. */
#include <stdio.h>

#define N 500

static double a[N], b[N], prefix[N];

static double orphaned_temp(void)
{
    double t = -1.0;
    double *pt = &t;
#pragma omp for
    for (int i = 0; i < N; i++) {
        t = a[i];
        b[i] = *pt * 2.0;
    }
    return *pt;
}

static double orphaned_running(void)
{
    double run = 0.0;
    double *pr = &run;
#pragma omp for
    for (int i = 0; i < N; i++) {
        run += a[i];
        prefix[i] = *pr;
    }
    return run;
}

int main(void)
{
    for (int i = 0; i < N; i++)
        a[i] = (double)(i % 9);
    double last = orphaned_temp();
    double sb = 0.0;
    for (int i = 0; i < N; i++)
        sb += b[i];
    double run = orphaned_running();
    double sp = 0.0;
    for (int i = 0; i < N; i++)
        sp += prefix[i];
#pragma omp parallel
    {
        double t = 0.0;
        double *pt = &t;
#pragma omp for
        for (int i = 0; i < N; i++) {
            t = a[i] + 1.0;
            b[i] = *pt * 3.0;
        }
    }
    double sr = 0.0;
    for (int i = 0; i < N; i++)
        sr += b[i];
    printf("last %.1f b %.1f run %.1f prefixes %.1f region %.1f\n", last, sb, run, sp, sr);
    return 0;
}
