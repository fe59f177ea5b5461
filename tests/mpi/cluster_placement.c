/*
 * cluster_placement.c - under --cluster-placement=cost a free worker of rank 0 gets tasks
 * even where another rank would be a little faster (versioning.c's cost model).
 *
 * Two independent chains of LEN tasks over small blocks; a task sleeps 10 ms on ranks
 * other than 0 and 12 ms on rank 0 (a rank 0 whose cores also serve the communication
 * thread).  On 3 ranks of one worker, at most two tasks are ready at a time and rank 0's
 * worker is free whenever it is not running one; the rule that counted rank 0 like any
 * rank (--cluster-placement=old) sent both chains to the two other ranks, which finish a
 * task ~15% sooner, and left rank 0 idle; the cost model keeps a task on a free rank 0
 * unless another rank is better by more than a quarter.  The program prints how many
 * tasks ran on rank 0 (the test also reads --summary's counts) and checks the data against
 * the sequential run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define CHAINS 2
#define LEN 12
#define BS 512

static int my_rank(void)
{
    const char *r = getenv("OMPI_COMM_WORLD_RANK");
    return r ? atoi(r) : 0;
}

/* p = 2p + k, 10 ms (12 ms on rank 0), then where it ran */
#pragma omp task inout([BS]p) out([1]where) label(step)
void step(double *p, int k, int *where)
{
    int r = my_rank();
    usleep(r == 0 ? 12000 : 10000);
    for (int i = 0; i < BS; i++)
        p[i] = 2 * p[i] + k - i % 5;
    *where = r;
}

int main(void)
{
    double *a = malloc(CHAINS * BS * sizeof *a), *ref = malloc(CHAINS * BS * sizeof *ref);
    int *where = calloc(CHAINS * LEN, sizeof *where);
    for (int i = 0; i < CHAINS * BS; i++)
        a[i] = ref[i] = i % 11;
    for (int s = 0; s < LEN; s++)
        for (int c = 0; c < CHAINS; c++)
            step(a + c * BS, s + c, &where[s * CHAINS + c]);
#pragma omp taskwait
    for (int s = 0; s < LEN; s++)
        for (int c = 0; c < CHAINS; c++)
            for (int i = 0; i < BS; i++)
                ref[c * BS + i] = 2 * ref[c * BS + i] + s + c - i % 5;
    int on0 = 0;
    for (int k = 0; k < CHAINS * LEN; k++)
        on0 += where[k] == 0;
    printf("tasks run on rank 0: %d of %d\n", on0, CHAINS * LEN);
    for (int i = 0; i < CHAINS * BS; i++)
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
