/*
 * latency.c - the distributed layer without the CPU: CHAINS independent chains of STEPS
 * tasks, each task sleeping US microseconds on a tile of N doubles (inout) and reading a
 * tile that is never written (in), so that tiles travel as in matmul but no task needs a
 * core.  One process of W workers finishes in about CHAINS * STEPS * US / W; what N ranks
 * of W/N workers (--cluster) take beyond that is the cost of sending tasks and tiles and
 * taking them back, not of cores shared with communication threads or of slower kernels.
 *
 *   usage: latency [CHAINS [STEPS [US [N]]]]   (defaults 64 8 5000 65536: 512 KiB tiles)
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#pragma omp task inout([n]c) in([n]a) label(step)
void step(double *c, const double *a, int n, int us)
{
    (void)n;
    usleep((useconds_t)us);
    c[0] += a[1] + 1;
}

int main(int argc, char **argv)
{
    int chains = argc > 1 ? atoi(argv[1]) : 64, steps = argc > 2 ? atoi(argv[2]) : 8;
    int us = argc > 3 ? atoi(argv[3]) : 5000, n = argc > 4 ? atoi(argv[4]) : 65536;
    if (chains < 1 || steps < 1 || us < 0 || n < 2) {
        fprintf(stderr, "usage: %s [CHAINS [STEPS [US [N]]]]\n", argv[0]);
        return 2;
    }
    double **t = malloc((size_t)chains * sizeof *t), **b = malloc((size_t)chains * sizeof *b);
    for (int i = 0; i < chains; i++) {
        t[i] = calloc((size_t)n, sizeof(double));
        b[i] = calloc((size_t)n, sizeof(double));
    }
    double t0 = omp_get_wtime();
    for (int s = 0; s < steps; s++)
        for (int c = 0; c < chains; c++)
            step(t[c], b[(c + s) % chains], n, us);
#pragma omp taskwait
    double secs = omp_get_wtime() - t0;
    int ok = 1;
    for (int i = 0; i < chains; i++)
        ok &= t[i][0] == steps;
    printf("latency: %d chains x %d steps of %d us, tiles of %zu bytes\n", chains, steps, us,
           (size_t)n * sizeof(double));
    printf("time: %.6f s (ideal with W workers: %.3f s / W)\n", secs,
           (double)chains * steps * us * 1e-6);
    printf(ok ? "result: OK\n" : "result: WRONG\n");
    return !ok;
}
