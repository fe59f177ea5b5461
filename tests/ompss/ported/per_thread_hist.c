/* ported: openmp
 * ported-workers: 2 4
 * Per-thread histograms as OpenMP codes build them: rows sized by the team (from a single
 * or from omp_get_max_threads()), a for adding into the row of omp_get_thread_num()
 * called in the loop body, and into the row of a thread number the region read once
 * (int me = omp_get_thread_num()); the rows are summed after the region.  mcc runs the
 * second shape as one task (a warning says so): its region is a team of one thread.  The
 * same for rows sized by omp_get_num_threads() read in the region's own body (1 there
 * under mcc) and indexed by omp_get_thread_num() in a loop: the workers' numbers overran
 * them. */
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
#define BINS 16

static int data[N];

int main(void)
{
    int nt = 1, mt = omp_get_max_threads();
    for (int i = 0; i < N; i++)
        data[i] = (i * 7 + i / 5) % BINS;
#pragma omp parallel
#pragma omp single
    nt = omp_get_num_threads();
    long *sum1 = calloc(nt, sizeof *sum1), *sum2 = calloc(mt, sizeof *sum2);
    long (*hist)[BINS] = NULL;
    int rows = 0;
#pragma omp parallel
    {
#pragma omp for
        for (int i = 0; i < N; i++)
            sum1[omp_get_thread_num()] += data[i];
    }
#pragma omp parallel for
    for (int i = 0; i < N; i++)
        sum2[omp_get_thread_num()] += data[i];
#pragma omp parallel
    {
        int me = omp_get_thread_num();
#pragma omp single
        {
            rows = omp_get_num_threads();
            hist = calloc(rows, sizeof *hist);
        }
#pragma omp for
        for (int i = 0; i < N; i++)
            hist[me][data[i]]++;
    }
    long *part = NULL;
    int parts = 0;
#pragma omp parallel shared(part, parts)
    {
        int team = omp_get_num_threads();
#pragma omp master
        {
            parts = team;
            part = calloc(parts, sizeof *part);
        }
#pragma omp barrier
#pragma omp for schedule(static)
        for (int i = 0; i < N; i++)
            part[omp_get_thread_num()] += data[i] * 3;
    }
    long s3 = 0;
    for (int t = 0; t < parts; t++)
        s3 += part[t];
    free(part);
    long s1 = 0, s2 = 0, h[BINS] = {0};
    for (int t = 0; t < nt; t++)
        s1 += sum1[t];
    for (int t = 0; t < mt; t++)
        s2 += sum2[t];
    for (int t = 0; t < rows; t++)
        for (int b = 0; b < BINS; b++)
            h[b] += hist[t][b];
    printf("%ld %ld %ld\n", s1, s2, s3);
    for (int b = 0; b < BINS; b++)
        printf("%ld%c", h[b], b == BINS - 1 ? '\n' : ' ');
    free(sum1);
    free(sum2);
    free(hist);
    return 0;
}
