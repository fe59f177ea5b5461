/*
 * cluster_order.c - rank 0 takes a task back from another rank as soon as it has finished
 * there, not after the tasks sent there before it: a short task's successors must not
 * wait for a long task that started earlier on the same rank.
 *
 * Under NX_ARGS="--cluster --smp-workers=2 --dispatch=round-robin" on 2 ranks, round-robin
 * alternates rank 1 and rank 0 (the host) for tasks with dependences: `slow` (2 s) goes to
 * rank 1, `mid` stays on rank 0, `fast` goes to rank 1 beside `slow` (2 workers there).
 * `taskwait on(fast's data)` must return long before `slow` ends, also when `fast` comes
 * while `slow` is the only task rank 0 has running on rank 1 (main waits 0.3 s between
 * them: the manager of rank 1 must not wait for `slow` alone).  Each task records the
 * rank it ran on (OMPI_COMM_WORLD_RANK), so the test knows the placement it checks took
 * place; the data must equal the sequential run's.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define N 1024

static int my_rank(void)
{
    const char *r = getenv("OMPI_COMM_WORLD_RANK");
    return r ? atoi(r) : 0;
}

/* p[0] += 1, p[1] = the rank it ran on; `secs` of sleep first */
#pragma omp task inout([N]p) label(step)
void step(double *p, unsigned secs)
{
    if (secs)
        sleep(secs);
    p[0] += 1;
    p[1] = my_rank();
}

int main(void)
{
    double *slow = calloc(N, sizeof *slow), *mid = calloc(N, sizeof *mid);
    double *fast = calloc(N, sizeof *fast);
    double t0 = omp_get_wtime();
    step(slow, 2);
    usleep(300 * 1000);             /* slow is running on rank 1, alone */
    step(mid, 0);
    step(fast, 0);
#pragma omp taskwait on(fast[0:N])
    double fast_done = omp_get_wtime() - t0;
#pragma omp taskwait
    double all_done = omp_get_wtime() - t0;
    printf("fast done after %.3f s, all after %.3f s; ranks: slow %g, mid %g, fast %g\n",
           fast_done, all_done, slow[1], mid[1], fast[1]);
    if (slow[0] != 1 || mid[0] != 1 || fast[0] != 1) {
        printf("WRONG: every task must have run once (%g %g %g)\n", slow[0], mid[0], fast[0]);
        return 1;
    }
    if (slow[1] != 1 || fast[1] != 1) {
        printf("WRONG: slow and fast should both have run on rank 1 (round-robin placement)\n");
        return 1;
    }
    if (all_done < 2 || fast_done > 1.3) {
        printf("WRONG: the fast task on rank 1 ran or was taken back only after the slow "
               "one sent there before it\n");
        return 1;
    }
    printf("OK\n");
    return 0;
}
