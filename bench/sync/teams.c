/*
 * teams.c - SPMD parallel regions whose threads wait for each other, as pthread-style
 * OpenMP kernels have them (bench/sync/README.md): the work split by omp_get_thread_num()
 * over a count of the program's own, phases separated by barriers.
 *
 *   teams MODE [ROUNDS [NP]]     MODE: barrier | regions
 *
 * `barrier`: one region of NP threads (default 2) passing ROUNDS barriers (default
 * 20000), each thread adding its number to its own slot between them; `regions`: ROUNDS
 * regions (default 2000) of NP threads, each with one barrier inside.  Prints the time and
 * whether every thread did its share.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long slot[64][8];            /* (a cache line each) */

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "barrier";
    int regions = !strcmp(mode, "regions");
    long rounds = argc > 2 ? atol(argv[2]) : regions ? 2000 : 20000;
    int np = argc > 3 ? atoi(argv[3]) : 2;
    if ((!regions && strcmp(mode, "barrier")) || rounds < 1 || np < 1 || np > 64) {
        fprintf(stderr, "usage: teams barrier|regions [ROUNDS [NP]]\n");
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
