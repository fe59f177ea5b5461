/* ported: openmp
   ported-werror
 * `masked filter(n)` in parallel regions whose body runs once: its block runs only when the
 * team has a thread numbered n, as that thread (omp_get_thread_num() n inside), as with
 * gcc -fopenmp:
 * - in a `num_threads(4)` region's body (filters 1, 3, an expression, and 5 and -1, which
 *   no thread has), in `parallel masked filter(2)`, in an `if(0)` region (a team of one);
 * - orphaned in a function of this file a region's body calls, and called outside any
 *   region (the implicit team of one thread: filter(0) only);
 * - `masked taskloop filter(n)` with a reduction (n = 2 and 6);
 * - in a body that splits its work by omp_get_thread_num() and waits at a barrier (a team
 *   of threads), also orphaned.
 * mcc ran every masked body once, whatever its filter, as thread 0 or a worker.
 */
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#define TID() omp_get_thread_num()
#define MAXT() omp_get_max_threads()
#define OUT 0                       /* what a filter no thread has runs */
#else
#define TID() 0
#define MAXT() 1
#define OUT 1
#endif

static int hits[16], wrong;

static void mark(int k, int want)
{
    hits[k]++;
#ifdef _OPENMP
    wrong += TID() != want;
#else
    (void)want;
#endif
}

static void work(int k)
{
#pragma omp masked filter(k)
    mark(k, k);
}

int main(void)
{
    int last = 3, nth = MAXT();
    int out = 0, sum = 0, far = 0;
    (void)last;
    work(0);
    work(1);                        /* (outside regions: no thread 1) */
    out += hits[1];
    int outside = hits[1];
#pragma omp parallel num_threads(4)
    {
#pragma omp masked filter(1)
        mark(2, 1);
#pragma omp masked filter(last)
        mark(3, 3);
#pragma omp masked filter(last + 2)
        out++;
#pragma omp masked filter(-1)
        out++;
        work(0);
        work(1);
        work(3);
        work(6);
    }
    out += hits[6];
#pragma omp parallel masked filter(2) num_threads(4)
    mark(4, 2);
#pragma omp parallel if(0)
    {
#pragma omp masked filter(1)
        out++;
        work(5);
    }
    out += hits[5];
#pragma omp parallel num_threads(4)
    {
#pragma omp masked taskloop filter(2) reduction(+: sum)
        for (int i = 0; i < 100; i++)
            sum += i;
#pragma omp masked taskloop filter(6) reduction(+: far)
        for (int i = 0; i < 100; i++)
            far += i;
    }
    static int slot[64];
#pragma omp parallel
    {
        int me = TID();
        slot[me] = me + 1;
#pragma omp barrier
#pragma omp masked filter(nth - 1)
        mark(7, nth - 1);
        work(0);
    }
    printf("hits %d %d %d %d %d %d %d out %s sum %d far %s wrong %d\n", hits[0],
           hits[1] - outside, hits[2], hits[3], hits[4], hits[7], slot[0],
           out == OUT * 6 ? "as the team's" : "wrong", sum,
           far == OUT * 4950 ? "as the team's" : "wrong", wrong);
    return 0;
}
