/* ported: openmp
   ported-werror
 * An orphaned `masked filter(n)` reached from explicit tasks (a helper the tasks call, as
 * gcc refuses one closely nested in a task): masked binds to the innermost region's team,
 * so its block runs only where that team has a thread numbered n.  Deterministic cases:
 * tasks outside any region and in a `num_threads(1)` region (a team of one: filter(0)
 * runs, filter(1) not); tasks of a `num_threads(2)` region, created in its single, by each
 * thread of a body whose threads wait at a barrier, and in a region nested in it (a team
 * of one): filters 2 and 5 (and 1 in the nested region), which no thread of the team has,
 * never run.  mcc ran filter(n) in a task whenever n was below the worker count, so on 4
 * workers filters 2 and 3 ran in the team of 2.
 */
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#define TID() omp_get_thread_num()
#define OUT 0                       /* what a filter no thread has runs */
#else
#define TID() 0
#define OUT 1
#endif

static int runs[8];

/* a masked block per counter: counter k counts the runs of filter(f[k]) */
static void masked_in_task(int k, int filter)
{
    (void)filter;
#pragma omp masked filter(filter)
    {
#pragma omp atomic
        runs[k]++;
    }
}

int main(void)
{
#pragma omp task
    masked_in_task(0, 0);
#pragma omp task
    masked_in_task(1, 1);
#pragma omp taskwait
    printf("outside regions: filter(0) %d, filter(1) %d\n", runs[0], runs[1] == OUT);
#pragma omp parallel num_threads(1)
    {
#pragma omp task
        masked_in_task(2, 0);
#pragma omp task
        masked_in_task(3, 1);
    }
    printf("team of one: filter(0) %d, filter(1) %d\n", runs[2], runs[3] == OUT);
#pragma omp parallel num_threads(2)
#pragma omp single
    {
        for (int i = 0; i < 4; i++) {
#pragma omp task
            masked_in_task(4, 2);
#pragma omp task
            masked_in_task(4, 5);
        }
    }
    int me_ok = 1, made = 0;
#pragma omp parallel num_threads(2) reduction(&&: me_ok) reduction(+: made)
    {
        int me = TID();
        me_ok = me >= 0 && me < 2;
        made++;
#pragma omp barrier
#pragma omp task
        masked_in_task(5, 2 + me);
#pragma omp taskwait
#pragma omp parallel
        {
#pragma omp task
            masked_in_task(6, 1);
        }
    }
    printf("team of two: filter(2), filter(5) %d, by each thread %d, nested %d, %d\n",
           runs[4] == 8 * OUT, runs[5] == made * OUT, runs[6] == OUT, me_ok);
    return 0;
}
