/*
 * translate_time.c - time mcc's own work alone: mcc_translate() on a preprocessed file.
 *
 *   translate_time IN.i OUT.mcc.c
 *
 * Runs the translate step once (read, parse, analyse, rewrite, write) in this process and
 * prints its wall-clock time in seconds on stdout; bench/mcc/run.sh calls it once per round.
 * Exit status: mcc_translate's.
 */
#include "mcc.h"

#include <stdio.h>
#include <time.h>

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s IN.i OUT.mcc.c\n", argv[0]);
        return 2;
    }
    struct mcc_options opts = {.ompss = true, .copy_deps = true};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int st = mcc_translate(argv[1], argv[2], &opts);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%.6f\n", (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9);
    return st;
}
