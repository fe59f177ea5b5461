/*
 * translate_time.c - time mcc's own work alone: mcc_translate() on a preprocessed file.
 *
 *   translate_time IN.i OUT.mcc.c
 *
 * Runs the translate step once (read, parse, analyse, rewrite, write) in this process and
 * prints its wall-clock time and its CPU time (user + system) in milliseconds on stdout;
 * bench/mcc/run.sh calls it once per round.
 * Exit status: mcc_translate's.
 */
#include "mcc.h"

#include <stdio.h>
#include <time.h>

static double ms_between(const struct timespec *a, const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) * 1e3 + (double)(b->tv_nsec - a->tv_nsec) * 1e-6;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s IN.i OUT.mcc.c\n", argv[0]);
        return 2;
    }
    struct mcc_options opts = {.ompss = true, .copy_deps = true};
    struct timespec w0, w1, c0, c1;
    clock_gettime(CLOCK_MONOTONIC, &w0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    int st = mcc_translate(argv[1], argv[2], &opts);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    clock_gettime(CLOCK_MONOTONIC, &w1);
    printf("%.3f %.3f\n", ms_between(&w0, &w1), ms_between(&c0, &c1));
    return st;
}
