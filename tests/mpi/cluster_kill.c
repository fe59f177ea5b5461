/*
 * cluster_kill.c - a rank that dies in the middle of a cluster run ends the whole run with
 * a message, exit status not 0, and no hang.  The tasks run everywhere
 * (--dispatch=round-robin); the third task that runs on rank CLUSTER_KILL_RANK (environment)
 * kills its own process with SIGKILL, as the kernel's OOM killer or a node failure would.
 * Without the variable the program just runs and checks its result (exit 0).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BLOCKS 64
#define BS 4096

#pragma omp task inout([n]x) label(work)
void work(double *x, long n, int round)
{
    static int ran_here;
    const char *victim = getenv("CLUSTER_KILL_RANK"), *me = getenv("OMPI_COMM_WORLD_RANK");
    if (victim && me && atoi(victim) == atoi(me) && __atomic_add_fetch(&ran_here, 1,
                                                                       __ATOMIC_SEQ_CST) == 3)
        raise(SIGKILL);
    struct timespec ts = {0, 2 * 1000 * 1000};
    nanosleep(&ts, NULL);
    for (long i = 0; i < n; i++)
        x[i] += round;
}

int main(void)
{
    double *a = calloc(BLOCKS * BS, sizeof *a);
    for (int round = 1; round <= 4; round++)
        for (int b = 0; b < BLOCKS; b++)
            work(&a[b * BS], BS, round);
#pragma omp taskwait
    for (long i = 0; i < BLOCKS * BS; i++)
        if (a[i] != 10) {
            printf("cluster_kill: WRONG\n");
            return 1;
        }
    printf("cluster_kill: OK\n");
    return 0;
}
