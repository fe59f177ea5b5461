/*
 * calls.c - the runtime's lock and critical-section calls alone: one thread, no parallel
 * region, no task, so that every compiler builds the same loop around them and the time
 * is the runtime's (bench/sync/README.md; sync.c measures them in tasks).
 *
 *   calls MODE [N]    MODE: lock | nest | test | critical | named
 *
 * N (default 10,000,000) times: `lock` omp_set_lock + omp_unset_lock, `nest` the
 * nestable pair, `test` omp_test_lock + omp_unset_lock, `critical` an unnamed critical
 * section, `named` a named one, each around `count += 1`.  Prints the time per pair in
 * nanoseconds and whether the count is N.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile long count;

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "lock";
    long n = argc > 2 ? atol(argv[2]) : 10000000;
    omp_lock_t lock;
    omp_nest_lock_t nest;
    omp_init_lock(&lock);
    omp_init_nest_lock(&nest);
    double t0 = omp_get_wtime();
    if (!strcmp(mode, "lock")) {
        for (long i = 0; i < n; i++) {
            omp_set_lock(&lock);
            count += 1;
            omp_unset_lock(&lock);
        }
    } else if (!strcmp(mode, "nest")) {
        for (long i = 0; i < n; i++) {
            omp_set_nest_lock(&nest);
            count += 1;
            omp_unset_nest_lock(&nest);
        }
    } else if (!strcmp(mode, "test")) {
        for (long i = 0; i < n; i++)
            if (omp_test_lock(&lock)) {
                count += 1;
                omp_unset_lock(&lock);
            }
    } else if (!strcmp(mode, "critical")) {
        for (long i = 0; i < n; i++) {
#pragma omp critical
            count += 1;
        }
    } else if (!strcmp(mode, "named")) {
        for (long i = 0; i < n; i++) {
#pragma omp critical(bench_calls)
            count += 1;
        }
    } else {
        fprintf(stderr, "usage: calls lock|nest|test|critical|named [N]\n");
        return 2;
    }
    double t = omp_get_wtime() - t0;
    omp_destroy_lock(&lock);
    omp_destroy_nest_lock(&nest);
    printf("calls %s: %ld pairs\nns: %.3f\n", mode, n, t / (double)n * 1e9);
    printf("result: %s\n", count == n ? "OK" : "WRONG");
    return count == n ? 0 : 1;
}
