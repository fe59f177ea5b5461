/* ported: openmp
 * Per-thread rows of shared storage reached through a pointer the loop body sets from the
 * thread's number: a parallel radix sort's histogram pass (`int *h = hist + tid * B;
 * h[key] += 1;` in the body, rows sized by omp_get_num_threads() in a single), its scatter
 * pass through a row pointer assigned in the body (`o = &offs[tid * B]; out[o[key]++] =
 * a[i];`), and a `double *acc = sums[me];` row of a 2-D array.  In OpenMP each thread
 * writes its own row; mcc's team of one has one thread number, so the loop's tasks all
 * wrote row 0 at once: mcc saw no write naming tid and lost updates (an unsorted result
 * on 2 and 4 workers).  Now each such loop runs as one task (mcc warns). */
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_num_threads(void) { return 1; }
#endif

#define N 60000
#define B 256

int main(void)
{
    unsigned *a = malloc(N * sizeof(unsigned)), *out = malloc(N * sizeof(unsigned));
    unsigned s = 12345;
    for (int i = 0; i < N; i++) {
        s = s * 1103515245u + 12345u;
        a[i] = s >> 8;
    }
    int *hist = NULL, *offs = NULL, nt = 1;
    for (int pass = 0; pass < 3; pass++) {
        int shift = pass * 8;
#pragma omp parallel
        {
            int tid = omp_get_thread_num();
            int *o;
#pragma omp single
            {
                nt = omp_get_num_threads();
                hist = calloc(nt * B, sizeof(int));
                offs = malloc(nt * B * sizeof(int));
            }
#pragma omp for schedule(static)
            for (int i = 0; i < N; i++) {
                int *h = hist + tid * B;
                h[(a[i] >> shift) & 0xff] += 1;
            }
#pragma omp single
            {
                int sum = 0;
                for (int b = 0; b < B; b++)
                    for (int t = 0; t < nt; t++) {
                        offs[t * B + b] = sum;
                        sum += hist[t * B + b];
                    }
            }
#pragma omp for schedule(static)
            for (int i = 0; i < N; i++) {
                o = &offs[tid * B];
                out[o[(a[i] >> shift) & 0xff]++] = a[i];
            }
        }
        free(hist);
        free(offs);
        unsigned *t = a;
        a = out;
        out = t;
    }
    int sorted = 1;
    for (int i = 1; i < N; i++)
        if ((a[i - 1] & 0xffffff) > (a[i] & 0xffffff))
            sorted = 0;
    unsigned long long cs = 0;
    for (int i = 0; i < N; i++)
        cs = cs * 31 + a[i];
    printf("radix: sorted %d, checksum %llu\n", sorted, cs);

    double (*sums)[4] = calloc(64, sizeof *sums), total = 0;
#pragma omp parallel
    {
        int me = omp_get_thread_num();
#pragma omp for
        for (int i = 0; i < 4000; i++) {
            double *acc = sums[me];
            acc[i % 4] += 0.25 * (i % 10);
        }
#pragma omp critical
        for (int k = 0; k < 4; k++)
            total += sums[me][k];
    }
    printf("row sums %.2f\n", total);
    free(sums);
    free(a);
    free(out);
    return 0;
}
