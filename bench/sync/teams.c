/*
 * teams.c - SPMD parallel regions whose threads wait for each other, as pthread-style
 * OpenMP kernels have them (bench/sync/README.md): the work split by omp_get_thread_num()
 * over a count of the program's own, phases separated by barriers.
 *
 *   teams MODE [ROUNDS [NP]]     MODE: barrier | regions | kmeans
 *
 * `barrier`: one region of NP threads (default 2) passing ROUNDS barriers (default
 * 20000), each thread adding its number to its own slot between them; `regions`: ROUNDS
 * regions (default 2000) of NP threads, each with one barrier inside; `kmeans`: ROUNDS
 * steps (default 20) of Rodinia's kmeans over 100000 points, each a region of
 * omp_get_max_threads() threads whose `for schedule(static) reduction(+:delta)` adds to
 * per-thread partial sums indexed by `tid = omp_get_thread_num()` (NP unused).  Prints
 * the time and whether every thread did its share.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long slot[64][8];            /* (a cache line each) */

#define KM_POINTS 100000
#define KM_FEATURES 4
#define KM_CLUSTERS 8
static float km_point[KM_POINTS][KM_FEATURES];
static float km_centre[KM_CLUSTERS][KM_FEATURES];
static int km_member[KM_POINTS];
static int km_len[64][KM_CLUSTERS];
static float km_sum[64][KM_CLUSTERS][KM_FEATURES];

static int km_nearest(const float *p)
{
    int best = 0;
    float bd = 1e30f;
    for (int c = 0; c < KM_CLUSTERS; c++) {
        float d = 0;
        for (int f = 0; f < KM_FEATURES; f++)
            d += (p[f] - km_centre[c][f]) * (p[f] - km_centre[c][f]);
        if (d < bd) {
            bd = d;
            best = c;
        }
    }
    return best;
}

/* kmeans: `rounds` steps; 1 when every step's per-thread counts cover every point. */
static int kmeans(long rounds, double *t)
{
    int nthreads = omp_get_max_threads(), ok = nthreads <= 64, i;
    for (i = 0; i < KM_POINTS; i++)
        for (int f = 0; f < KM_FEATURES; f++)
            km_point[i][f] = (float)((i * (7 + 6 * f) + f * 13) % 1009);
    for (int c = 0; c < KM_CLUSTERS; c++)
        memcpy(km_centre[c], km_point[c * 101], sizeof km_centre[c]);
    double t0 = omp_get_wtime();
    for (long r = 0; r < rounds && ok; r++) {
        float delta = 0;
#pragma omp parallel
        {
            int tid = omp_get_thread_num();
#pragma omp for schedule(static) reduction(+:delta)
            for (i = 0; i < KM_POINTS; i++) {
                int idx = km_nearest(km_point[i]);
                delta += km_member[i] != idx;
                km_member[i] = idx;
                km_len[tid][idx]++;
                for (int f = 0; f < KM_FEATURES; f++)
                    km_sum[tid][idx][f] += km_point[i][f];
            }
        }
        long counted = 0;
        for (int c = 0; c < KM_CLUSTERS; c++) {
            int n = 0;
            float acc[KM_FEATURES] = {0};
            for (int k = 0; k < nthreads; k++) {
                n += km_len[k][c];
                for (int f = 0; f < KM_FEATURES; f++)
                    acc[f] += km_sum[k][c][f];
                km_len[k][c] = 0;
                memset(km_sum[k][c], 0, sizeof km_sum[k][c]);
            }
            for (int f = 0; f < KM_FEATURES && n; f++)
                km_centre[c][f] = acc[f] / n;
            counted += n;
        }
        ok = counted == KM_POINTS && delta >= 0;
    }
    *t = omp_get_wtime() - t0;
    return ok;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "barrier";
    if (!strcmp(mode, "kmeans")) {
        long rounds = argc > 2 ? atol(argv[2]) : 20;
        double t;
        int ok = rounds >= 1 && kmeans(rounds, &t);
        printf("teams kmeans: %ld steps x %d threads\ntime: %.6f s\n", rounds,
               omp_get_max_threads(), ok ? t : 0.0);
        printf("result: %s\n", ok ? "OK" : "WRONG");
        return !ok;
    }
    int regions = !strcmp(mode, "regions");
    long rounds = argc > 2 ? atol(argv[2]) : regions ? 2000 : 20000;
    int np = argc > 3 ? atoi(argv[3]) : 2;
    if ((!regions && strcmp(mode, "barrier")) || rounds < 1 || np < 1 || np > 64) {
        fprintf(stderr, "usage: teams barrier|regions|kmeans [ROUNDS [NP]]\n");
        return 2;
    }
    long seen = 0;
    double t0 = omp_get_wtime();
    for (long r = 0; r < (regions ? rounds : 1); r++) {
#pragma omp parallel num_threads(np) reduction(+: seen)
        {
            int id = omp_get_thread_num();
            for (long k = 0; k < (regions ? 1 : rounds); k++) {
                slot[id][0] += id + 1;
#pragma omp barrier
                seen += slot[(id + 1) % np][0] > 0;     /* the next thread's, after it */
            }
        }
    }
    double t = omp_get_wtime() - t0;
    long want = 0;
    for (int i = 0; i < np; i++)
        want += (long)(i + 1) * rounds;
    long got = 0;
    for (int i = 0; i < np; i++)
        got += slot[i][0];
    printf("teams %s: %ld rounds x %d threads\ntime: %.6f s\n", mode, rounds, np, t);
    int ok = got == want && seen == rounds * np;
    printf("result: %s\n", ok ? "OK" : "WRONG");
    return !ok;
}
