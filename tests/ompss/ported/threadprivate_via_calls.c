/* ported: openmp
 * Per-thread accumulators kept in threadprivate variables that a worksharing loop reaches
 * only through the functions it calls (a histogram code's `add(bin, w)` helper, a counter
 * two calls down, a static local threadprivate tally of a helper): each thread of the team
 * allocates its copy in the region's body, the loop's iterations update the copy of the
 * thread that runs them, and each thread adds its copy to the totals under `critical`.
 * mcc ran the loop's chunks on other workers, whose copies the region's body never read:
 * counts were lost (a different total on 2 and 4 workers); a loop naming the variable
 * itself already ran on the region's thread.
 */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

#define NB 16
static long *bins;
static long nadd;
#pragma omp threadprivate(bins, nadd)

static void count_one(void) { nadd++; }
static void add(int b, long w) { bins[b] += w; count_one(); }

static long tally(long v)
{
    static long seen;
#pragma omp threadprivate(seen)
    if (v < 0) {
        long s = seen;
        seen = 0;
        return s;
    }
    seen += v;
    return seen;
}

int main(void)
{
    int n = 60000;
    long hist[NB] = { 0 }, cnt = 0, tal = 0;
#pragma omp parallel
    {
        bins = calloc(NB, sizeof *bins);
        nadd = 0;
#pragma omp for schedule(dynamic, 64)
        for (int i = 0; i < n; i++)
            add((int)(((unsigned)i * 2654435761u) >> 28), i % 7);
#pragma omp for
        for (int i = 0; i < n; i += 3)
            tally(i % 5);
#pragma omp critical
        {
            for (int k = 0; k < NB; k++)
                hist[k] += bins[k];
            cnt += nadd;
            tal += tally(-1);
        }
        free(bins);
    }
    long s = 0;
    for (int k = 0; k < NB; k++) {
        printf("bin %2d: %ld\n", k, hist[k]);
        s += hist[k];
    }
    printf("total %ld, %ld adds, tally %ld\n", s, cnt, tal);
    return 0;
}
