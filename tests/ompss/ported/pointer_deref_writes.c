/* ported: openmp
 * Per-thread accumulators a worksharing loop updates through a pointer private to each
 * thread of the region, written without a subscript: `*(q + i % 4) += x`, `p->sum += x`,
 * `(*r)[i % 8] += x`, `*q++`-free pointer arithmetic.  In OpenMP each thread adds into
 * its own; mcc's one copy takes every iteration's updates, so each loop must run as one
 * task (mcc warns).  mcc did not see these writes at all and ran the loops as tasks at
 * once, which lost updates (a silently wrong sum).  The element-wise *(p + i*n + j) = x
 * still runs as tasks at once. */
#include <stdio.h>
#include <stdlib.h>

#define N 200000

struct acc {
    long sum, count;
};

int main(void)
{
    long via_deref = 0, via_arrow = 0, via_array = 0;
#pragma omp parallel reduction(+ : via_deref)
    {
        long work[4] = {0, 0, 0, 0};
        long *q = work;
#pragma omp for
        for (int i = 0; i < N; i++)
            *(q + i % 4) += i % 7;
        via_deref += work[0] + 2 * work[1] + 3 * work[2] + 4 * work[3];
    }
#pragma omp parallel reduction(+ : via_arrow)
    {
        struct acc a = {0, 0};
        struct acc *p = &a;
#pragma omp for schedule(dynamic, 64)
        for (int i = 0; i < N; i++) {
            p->sum += i % 5;
            p->count++;
        }
        via_arrow += a.sum * 3 + a.count;
    }
#pragma omp parallel reduction(+ : via_array)
    {
        long row[8] = {0};
        long (*r)[8] = &row;
#pragma omp for
        for (int i = 0; i < N; i++)
            (*r)[i % 8] += i % 3;
        for (int k = 0; k < 8; k++)
            via_array += row[k] * (k + 1);
    }
    int n = 300;
    double *m = malloc((size_t)n * n * sizeof *m), sm = 0;
#pragma omp parallel
    {
        double *p = m;
#pragma omp for
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                *(p + i * n + j) = 1.0 / (1 + i + 2 * j);
    }
    for (int k = 0; k < n * n; k++)
        sm += m[k];
    free(m);
    printf("%ld %ld %ld %.9e\n", via_deref, via_arrow, via_array, sm);
    return 0;
}
