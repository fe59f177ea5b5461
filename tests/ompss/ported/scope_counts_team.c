/* ported: openmp
 * ported-werror
 * OpenMP 5.1 `scope` in a region's body, which every thread of the team runs: the team
 * counted by `scope reduction(+: nt)` then `nt++`, by an `atomic` in a `scope nowait`, and
 * by a scope with a reduction in a function the body calls, before rows sized by the count
 * are indexed by omp_get_thread_num() in a `parallel for`; a `scope reduction` whose sum
 * every thread reads after the scope's end (its barrier) beside a `for` of the same
 * region.  mcc ran each counting body once (a count of 1, rows overrun; silently for the
 * called scope), and a team's threads read the scope's sum before the others had added
 * theirs. */
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_num_threads(void) { return 1; }
static int omp_get_max_threads(void) { return 1; }
#endif

#define N 2400

static double data[N];
static int tallied;

/* Called by every thread of a team: the scope, orphaned here, binds to the caller's. */
static void tally(void)
{
#pragma omp scope reduction(+: tallied)
    tallied++;
}

/* The sum of data[] by partial sums in `rows` rows, one per thread number; *overran: the
 * iterations whose thread number was not below `rows` (0 when the count was right). */
static double partial_sums(int rows, int *overran)
{
    double *part = calloc((size_t)rows, sizeof *part), total = 0;
    int over = 0;
#pragma omp parallel for reduction(+: over)
    for (int i = 0; i < N; i++) {
        int t = omp_get_thread_num();
        if (t < rows)
            part[t] += data[i];
        else
            over++;
    }
    for (int t = 0; t < rows; t++)
        total += part[t];
    free(part);
    *overran = over;
    return total;
}

int main(void)
{
    int nt = 0, count = 0, over1, over2, over3;
    for (int i = 0; i < N; i++)
        data[i] = (i % 13) * 0.25;
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
    double s1 = partial_sums(nt, &over1);
    double s2 = partial_sums(count, &over2);
    double s4 = partial_sums(tallied, &over3);
    printf("counts agree: %d %d %d\n", nt == count, nt == tallied, nt == omp_get_max_threads());
    printf("sums: %.2f %.2f %.2f, overran: %d %d %d\n", s1, s2, s4, over1, over2, over3);

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
