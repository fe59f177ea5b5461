/*
 * sync.c - tasks that meet at one point of mutual exclusion, as programs with a shared
 * histogram, a best-so-far bound or a work counter have them (bench/sync/README.md).
 *
 *   sync MODE [TASKS [OPS]]    MODE: critical | named | atomic | lock | nest | long
 *
 * TASKS tasks (default 64) each do OPS (default 40000) updates of one shared sum:
 * `critical` an unnamed critical section around `sum += 1`, `named` a named one, `atomic`
 * an atomic update, `lock` omp_set_lock/omp_unset_lock, `nest` the nestable lock's pair
 * (taken once: its owner's count goes 0, 1, 0), `long` a critical section that
 * updates 16 doubles (a longer hold).  Prints the time of the parallel part and whether
 * the sum is the sequential one.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "critical";
    long tasks = argc > 2 ? atol(argv[2]) : 64, ops = argc > 3 ? atol(argv[3]) : 40000;
    int m = !strcmp(mode, "critical") ? 0 : !strcmp(mode, "named") ? 1
          : !strcmp(mode, "atomic") ? 2 : !strcmp(mode, "lock") ? 3 : !strcmp(mode, "long") ? 4
          : !strcmp(mode, "nest") ? 5 : -1;
    if (m < 0 || tasks < 1 || ops < 1) {
        fprintf(stderr, "usage: sync critical|named|atomic|lock|nest|long [TASKS [OPS]]\n");
        return 2;
    }
    long sum = 0;
    double v[16] = {0};
    omp_lock_t lock;
    omp_nest_lock_t nest;
    omp_init_lock(&lock);
    omp_init_nest_lock(&nest);
    double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
    for (long k = 0; k < tasks; k++) {
#pragma omp task shared(sum, v, lock, nest)
        for (long i = 0; i < ops; i++) {
            switch (m) {
            case 0:
#pragma omp critical
                sum += 1;
                break;
            case 1:
#pragma omp critical(bench_sum)
                sum += 1;
                break;
            case 2:
#pragma omp atomic
                sum += 1;
                break;
            case 3:
                omp_set_lock(&lock);
                sum += 1;
                omp_unset_lock(&lock);
                break;
            case 5:
                omp_set_nest_lock(&nest);
                sum += 1;
                omp_unset_nest_lock(&nest);
                break;
            default:
#pragma omp critical
                {
                    for (int j = 0; j < 16; j++)
                        v[j] = v[j] * 0.5 + j;
                    sum += 1;
                }
            }
        }
    }
    double t = omp_get_wtime() - t0;
    omp_destroy_lock(&lock);
    omp_destroy_nest_lock(&nest);
    printf("sync %s: %ld tasks x %ld updates\ntime: %.6f s\n", mode, tasks, ops, t);
    printf("result: %s\n", sum == tasks * ops && (m != 4 || v[15] > 29.9) ? "OK" : "WRONG");
    return sum == tasks * ops ? 0 : 1;
}
