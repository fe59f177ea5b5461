/* ported: openmp
 * ported-werror
 * OpenMP 5.0/5.1 forms that change results when ignored: `lastprivate(conditional: x)`
 * (x after the loop is the value the last iteration that assigned it gave; unchanged
 * when none did) on `parallel for`, with `schedule(dynamic)` and on a `for` in a region;
 * `scope` with `private` and `reduction` around a worksharing loop, and `scope nowait`.  mcc ignored `scope` with a warning (its private
 * variable was the outer one) and refused `conditional:`. */
#include <stdio.h>

#define N 5000

int main(void)
{
    int a[N];
    for (int i = 0; i < N; i++)
        a[i] = (int)((i * 2654435761u) % 1009u);
    int last = -7, never = -9, big = -1, kept = 3;
    long sum = 0, hits = 0;
#pragma omp parallel for lastprivate(conditional : last)
    for (int i = 0; i < N; i++)
        if (a[i] > 1000)
            last = i;
#pragma omp parallel for lastprivate(conditional : never, big) schedule(dynamic, 7)
    for (int i = 0; i < N; i++) {
        if (a[i] > 5000)
            never = i;
        if (a[i] % 97 == 5)
            big = a[i] + i;
    }
#pragma omp parallel
    {
#pragma omp scope private(kept) reduction(+ : sum)
        {
            kept = 100;
#pragma omp for
            for (int i = 0; i < N; i++)
                sum += a[i] + (kept == 100);
        }
#pragma omp scope reduction(+ : hits) nowait
        {
#pragma omp for lastprivate(conditional : last)
            for (int i = 0; i < N; i++)
                if (a[i] < 3) {
                    last = -i;
                    hits++;
                }
        }
    }
    printf("%d %d %d %ld %ld\n", last, never, big, sum, hits);    /* (kept: gcc -fopenmp
                                                                      and mcc leave 3) */
    return 0;
}
