/* ported: openmp
 * ported-workers: 2 4
 * Per-thread partial sums as OpenMP codes write them, combined at the end of the region:
 * a threadprivate accumulator that a for adds into and the region's body reads back
 * (also through an orphaned for in a function), a threadprivate scratch a for reads, and
 * a variable private to the region that a for adds into (no reduction clause).  mcc runs
 * such a loop as one task on the thread that runs the region (a warning says so): the
 * copy the body reads back is the one the loop updated. */
#include <stdio.h>

#define N 600

static long part;
#pragma omp threadprivate(part)
static int scale;
#pragma omp threadprivate(scale)

static int v[N];

static void add_part(int lo, int hi)
{
#pragma omp for
    for (int i = lo; i < hi; i++)
        part += v[i];
}

int main(void)
{
    long total = 0, total2 = 0, total3 = 0, scaled = 0;
    for (int i = 0; i < N; i++)
        v[i] = (i * 13) % 29;
#pragma omp parallel
    {
        part = 0;
#pragma omp for
        for (int i = 0; i < N; i++)
            part += v[i];
#pragma omp atomic
        total += part;
    }
#pragma omp parallel
    {
        part = 0;
        add_part(0, N / 2);
        add_part(N / 2, N);
#pragma omp critical
        total2 += part;
    }
#pragma omp parallel
    {
        long mine = 0;
        scale = 3;
#pragma omp for
        for (int i = 0; i < N; i++) {
            mine += v[i];
            v[i] *= scale;
        }
#pragma omp atomic
        total3 += mine;
    }
    for (int i = 0; i < N; i++)
        scaled += v[i];
    printf("%ld %ld %ld %ld\n", total, total2, total3, scaled);
    return 0;
}
