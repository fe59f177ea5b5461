/* ported: openmp
 * ported-werror
 * The team counted by its own threads, as OpenMP codes do before sizing per-thread data:
 * `#pragma omp parallel reduction(+: nt)` then `nt++`, and `#pragma omp atomic` then
 * `count++` in a region's body; rows of partial sums sized by the count are then indexed
 * by omp_get_thread_num() in a later `parallel for`; a `critical` in a region's body
 * counting the threads too.  mcc ran each counting body once (a count of 1), and the
 * loop's workers indexed past the row it had allocated. */
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_max_threads(void) { return 1; }
#endif

#define N 3000

static double data[N];

/* The sum of data[] by partial sums in `rows` rows, one per thread number; the count of
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
    int nt = 0, count = 0, over1, over2;
    for (int i = 0; i < N; i++)
        data[i] = (i % 17) * 0.5;
#pragma omp parallel reduction(+: nt)
    nt++;
#pragma omp parallel
    {
#pragma omp atomic
        count++;
    }
    int adders = 0;
#pragma omp parallel
    {
#pragma omp critical
        adders++;
    }
    double s1 = partial_sums(nt, &over1);
    double s2 = partial_sums(count, &over2);
    printf("counts agree: %d %d %d\n", nt == count, nt == omp_get_max_threads(),
           adders == nt);
    printf("sums: %.1f %.1f, overran: %d %d\n", s1, s2, over1, over2);
    return 0;
}
