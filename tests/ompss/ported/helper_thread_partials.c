/* ported: openmp
 * ported-werror ported-seq-libs: -lgomp
 * A region whose body only calls helpers holding the constructs: an orphaned `for` adding
 * into per-thread partial sums `partial[omp_get_thread_num()]` sized by
 * omp_get_max_threads() in main, a `master` that notes its thread number, a `single` that
 * combines.  The helpers share the work; mcc warned that the region "asks
 * omp_get_thread_num() but not omp_get_num_threads(), and shares its work by no
 * construct", looking at the region's own text only (an error under -Werror). */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

#define N 20000

static double x[N];
static double *partial;
static int nparts;
static double total;
static int master_number = -1;

static void accumulate(int n)
{
#pragma omp for
    for (int i = 0; i < n; i++)
        partial[omp_get_thread_num()] += x[i];
#pragma omp master
    master_number = omp_get_thread_num();
}

static void combine(void)
{
#pragma omp single
    for (int t = 0; t < nparts; t++)
        total += partial[t];
}

int main(void)
{
    nparts = omp_get_max_threads();
    partial = calloc((size_t)nparts, sizeof *partial);
    for (int i = 0; i < N; i++)
        x[i] = (double)(i % 13);
#pragma omp parallel
    {
        accumulate(N);
        combine();
    }
    printf("total %.1f master %d\n", total, master_number);
    free(partial);
    return 0;
}
