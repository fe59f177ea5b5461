/* ported: openmp
 * ported-werror ported-seq-libs: -lgomp
 * Rodinia's thread count from the command line: `omp_set_num_threads(nthreads)` at the top
 * of main (2 here, no argument), per-thread partial sums and histograms sized by it and
 * indexed by omp_get_thread_num() in `parallel for` bodies (also in a helper the body
 * calls, and in a `for` of a region), then omp_set_num_threads(3) after those regions ran
 * and partials of 3.  NX_ARGS's workers win over the call (as a job script's setting
 * does), so a team of 4 workers numbered its chunks 0 to 3 and wrote past the arrays
 * (their guard cells, which must stay 0, and sums lost); main's nthreads-var now gives
 * its regions that narrower team, whose numbers stay below it. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

#define N 60000
#define BINS 8
#define GUARD 8

static double x[N];

static void count_bin(long (*hist)[BINS], int i)
{
    hist[omp_get_thread_num()][(i * 7) % BINS]++;
}

/* the guard cells past the team's rows: 0 unless a thread number reached them */
static int guards_clean(const double *partial, long (*hist)[BINS], int nthreads)
{
    int clean = 1;
    for (int t = nthreads; t < nthreads + GUARD; t++) {
        clean &= partial[t] == 0.0;
        for (int b = 0; b < BINS; b++)
            clean &= hist[t][b] == 0;
    }
    return clean;
}

static void sums(int nthreads, int rounds)
{
    double *partial = calloc((size_t)(nthreads + GUARD), sizeof *partial);
    long (*hist)[BINS] = calloc((size_t)(nthreads + GUARD), sizeof *hist);
    for (int r = 0; r < rounds; r++) {
#pragma omp parallel for schedule(static, 100)
        for (int i = 0; i < N; i++) {
            int tid = omp_get_thread_num();
            partial[tid] += x[i];
            count_bin(hist, i);
        }
#pragma omp parallel
        {
#pragma omp for schedule(dynamic, 50)
            for (int i = 0; i < N; i++)
                partial[omp_get_thread_num()] += 0.5 * x[i];
        }
    }
    double total = 0.0;
    long counted = 0, bin0 = 0;
    for (int t = 0; t < nthreads; t++) {
        total += partial[t];
        for (int b = 0; b < BINS; b++)
            counted += hist[t][b];
        bin0 += hist[t][0];
    }
    printf("team of %d: total %.1f counted %ld bin0 %ld guards %s\n", nthreads, total,
           counted, bin0, guards_clean(partial, hist, nthreads) ? "clean" : "written");
    free(partial);
    free(hist);
}

int main(int argc, char **argv)
{
    int nthreads = argc > 1 ? atoi(argv[1]) : 2;
    omp_set_num_threads(nthreads);
    for (int i = 0; i < N; i++)
        x[i] = (double)(i % 10);
    sums(nthreads, 4);
    omp_set_num_threads(3);
    sums(3, 2);
    return 0;
}
