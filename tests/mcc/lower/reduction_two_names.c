/* Reductions on a global, at the same time under two names: `*s` in a function task and the
 * global `total` itself in an inline task.  Each inline task must work on a private copy
 * (its read-delay-write of `total` would otherwise race with the other reducing tasks, which
 * run concurrently), and the combines must exclude each other across the two names (one
 * lock for all reductions).  Also a global named in private/firstprivate is the task's own. */
#include "ompss_check.h"

#define N 2000

static long total;
static long g = 7;

#pragma omp task reduction(+: *s)
void add(long *s, long k)
{
    long t = *s;
    delay(20);
    *s = t + k;
}

int main(void)
{
    for (long i = 1; i <= N; i++) {
        if (i % 2)
            add(&total, i);
        else {
#pragma omp task reduction(+: total) firstprivate(i)
            {
                long t = total;
                delay(20);
                total = t + i;
            }
        }
    }
#pragma omp taskwait
    CHECK(total == (long)N * (N + 1) / 2, "total = %ld, expected %ld: reductions raced",
          total, (long)N * (N + 1) / 2);

    long seen_fp = 0, seen_p = 0;
#pragma omp task firstprivate(g) shared(seen_fp)
    {
        seen_fp = g;
        g = 100;   /* the task's copy: the global keeps 7 */
    }
#pragma omp task private(g) shared(seen_p)
    {
        g = 200;
        seen_p = g;
    }
#pragma omp taskwait
    CHECK(seen_fp == 7, "firstprivate global: the task saw %ld, expected 7", seen_fp);
    CHECK(seen_p == 200, "private global: the task saw %ld", seen_p);
    CHECK(g == 7, "the global is %ld after tasks that had it private/firstprivate", g);
    return result_ok();
}
