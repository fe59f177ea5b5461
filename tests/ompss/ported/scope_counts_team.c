/* ported: openmp
 * ported-werror
 * ported-seq-libs: -lgomp
 * OpenMP 5.1 `scope` in a region's body, which every thread of the team runs: the team
 * counted by `scope reduction(+: nt)` then `nt++`, by an `atomic` in a `scope nowait`, and
 * by a scope with a reduction in a function the body calls, before per-thread histogram
 * rows sized by the count are indexed by omp_get_thread_num() in a `parallel for`; a
 * `scope reduction` whose sum every thread reads after the scope's end (its barrier)
 * beside a `for` of the same region.  mcc ran each counting body once (a count of 1, rows
 * overrun; silently for the called scope), and a team's threads read the scope's sum
 * before the others had added theirs. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 2400
#define BINS 8

static double data[N];
static int tallied;

/* Called by every thread of a team: the scope, orphaned here, binds to the caller's. */
static void tally(void)
{
#pragma omp scope reduction(+: tallied)
    tallied++;
}

/* A histogram of data[] kept as one row of bins per thread, `rows` rows, merged at the
 * end; *lost: the values whose thread had no row (0 when the count of threads was right). */
static long histogram_checksum(int rows, int *lost)
{
    int (*bins)[BINS] = calloc((size_t)rows, sizeof *bins);
    int missed = 0;
#pragma omp parallel for reduction(+: missed) schedule(static)
    for (int i = 0; i < N; i++) {
        int me = omp_get_thread_num();
        if (me >= rows) {
            missed++;
            continue;
        }
        bins[me][(int)data[i] % BINS]++;
    }
    long check = 0;
    for (int b = 0; b < BINS; b++) {
        int n = 0;
        for (int r = 0; r < rows; r++)
            n += bins[r][b];
        check = check * 31 + n;
    }
    free(bins);
    *lost = missed;
    return check;
}

int main(void)
{
    int nt = 0, count = 0, over1, over2, over3;
    for (int i = 0; i < N; i++)
        data[i] = (i * 7 % 13) * 1.5;
#pragma omp parallel
    {
#pragma omp scope reduction(+: nt)
        nt++;
    }
#pragma omp parallel
    {
#pragma omp scope nowait
        {
#pragma omp atomic
            count++;
        }
    }
#pragma omp parallel
    tally();
    long h1 = histogram_checksum(nt, &over1);
    long h2 = histogram_checksum(count, &over2);
    long h3 = histogram_checksum(tallied, &over3);
    printf("counts agree: %d %d\n", nt == count, nt == tallied);
    printf("histograms: %ld %ld %ld, lost: %d %d %d\n", h1, h2, h3, over1, over2, over3);

    /* every thread reads the scope's sum after its end: the whole team's weight */
    int weight = 0, short_reads = 0;
    double scaled[N];
#pragma omp parallel
    {
#pragma omp scope reduction(+: weight)
        weight += 2;
        if (weight != 2 * omp_get_num_threads()) {
#pragma omp atomic
            short_reads++;
        }
#pragma omp for
        for (int i = 0; i < N; i++)
            scaled[i] = data[i] * 2 / weight;
    }
    double s3 = 0;
    for (int i = 0; i < N; i++)
        s3 += scaled[i] * nt;
    printf("weight agrees: %d, short reads: %d, scaled sum: %.2f\n",
           weight == 2 * nt, short_reads, s3);
    return 0;
}
