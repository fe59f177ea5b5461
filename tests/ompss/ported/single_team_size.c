/* ported: openmp
 * SPMD region bodies that split their work by omp_get_thread_num() over the team size a
 * single or master of the region asked (`nth = omp_get_num_threads()`), as codes that
 * size the team once do: a cyclic split after a single, a block split after a master and
 * a barrier, per-thread partial sums allocated in a single and filled by a `for` and by
 * the body's own loop. */
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_num_threads(void) { return 1; }
#endif

#define N 1000

static double a[N], b[N];

static void block(int me, int nth, double *out)
{
    int lo = me * N / nth, hi = (me + 1) * N / nth;
    for (int i = lo; i < hi; i++)
        out[i] = 3.0 * i + 1.0;
}

int main(void)
{
    int nth = 1;
    double sum = 0.0;
#pragma omp parallel shared(nth) reduction(+: sum)
    {
#pragma omp single
        nth = omp_get_num_threads();
        int me = omp_get_thread_num();
        for (int i = me; i < N; i += nth) {
            a[i] = i * 0.5;
            sum += a[i];
        }
    }
    double sa = 0.0;
    for (int i = 0; i < N; i++)
        sa += a[i];
    printf("cyclic %.2f %.2f\n", sum, sa);

    int size = 1;
#pragma omp parallel shared(size)
    {
#pragma omp master
        size = omp_get_num_threads();
#pragma omp barrier
        block(omp_get_thread_num(), size, b);
    }
    double sb = 0.0;
    for (int i = 0; i < N; i++)
        sb += b[i];
    printf("block %.2f\n", sb);

    double *partial = NULL, total = 0.0;
    int np = 1;
#pragma omp parallel shared(partial, np, total)
    {
#pragma omp single
        {
            np = omp_get_num_threads();
            partial = calloc((size_t)np, sizeof *partial);
        }
        int me = omp_get_thread_num();
#pragma omp for
        for (int i = 0; i < N; i++)
            partial[omp_get_thread_num()] += a[i];
        for (int i = me; i < N; i += np)
            partial[me] += b[i];
#pragma omp barrier
#pragma omp single
        for (int t = 0; t < np; t++)
            total += partial[t];
    }
    free(partial);
    printf("partials %.2f\n", total);
    return 0;
}
