/*
 * cluster_takeback.c - an idle rank 0 takes back tasks queued for another rank beyond its
 * in-flight window, and runs them itself (nrt_dev_take_back, nanort/device.c).
 *
 * Under NX_ARGS="--cluster --smp-workers=2 --dispatch=affinity --cluster-inflight=2" on 2
 * ranks, affinity places every task on rank 1 (the host is no candidate of that policy),
 * which keeps 2 started: without take-back rank 0's workers idle while 14 tasks wait for
 * rank 1.  Two rounds of 16 tasks over 16 blocks (the second round reads what the first
 * wrote, wherever that ran: the cache fetches it back for a task rank 0 takes).  Each task
 * records the rank it ran on (OMPI_COMM_WORLD_RANK); the program prints how many ran on
 * rank 0 (the test asks for some, with --summary's "taken back" line) and checks the data
 * against the sequential run's.  With --cluster-take-back=no every task runs on rank 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define NB 16
#define BS 4096

static int my_rank(void)
{
    const char *r = getenv("OMPI_COMM_WORLD_RANK");
    return r ? atoi(r) : 0;
}

/* p = 3p + k, 20 ms, then where it ran */
#pragma omp task inout([BS]p) out([1]where) label(work)
void work(double *p, int k, int *where)
{
    usleep(20 * 1000);
    for (int i = 0; i < BS; i++)
        p[i] = 3 * p[i] + k + i % 7;
    *where = my_rank();
}

int main(void)
{
    double *a = malloc(NB * BS * sizeof *a), *ref = malloc(NB * BS * sizeof *ref);
    int *where = calloc(2 * NB, sizeof *where);
    for (int i = 0; i < NB * BS; i++)
        a[i] = ref[i] = i % 13;
    for (int round = 0; round < 2; round++)
        for (int b = 0; b < NB; b++)
            work(a + b * BS, round + b, &where[round * NB + b]);
#pragma omp taskwait
    for (int round = 0; round < 2; round++)
        for (int b = 0; b < NB; b++)
            for (int i = 0; i < BS; i++)
                ref[b * BS + i] = 3 * ref[b * BS + i] + round + b + i % 7;
    int on0 = 0;
    for (int k = 0; k < 2 * NB; k++)
        on0 += where[k] == 0;
    printf("tasks run on rank 0: %d of %d\n", on0, 2 * NB);
    for (int i = 0; i < NB * BS; i++)
        if (a[i] != ref[i]) {
            printf("result: WRONG at %d: %g, sequential %g\n", i, a[i], ref[i]);
            return 1;
        }
    printf("result: OK\n");
    free(a);
    free(ref);
    free(where);
    return 0;
}
