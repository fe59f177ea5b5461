/* A task waiting for its child inside a critical section, or once the program uses omp
 * locks, may run only its own descendants (OpenMP's tied-task rule), and its child was
 * queued before 60 tasks of others that became ready later (released by a task its
 * taskyield ran): of priority 0 (the wait in a critical), then of priority 1 (locks).  With one worker the wait popped 33 tasks, none of them its child,
 * and pushed them back where the next pops took the same ones again (the newest end of
 * dbf's deque, the top of the priority heap under any policy), for ever: the run hung (as
 * compat/omp_lock_contended did in about one run of six).  Prints what every task wrote:
 * the same as sequentially. */
#include <omp.h>
#include <stdio.h>

#define LATE 60

static int g, c, r[LATE];
static omp_lock_t lock;

static void buried_child(int prio)
{
#pragma omp task shared(lock)
    {
#pragma omp task shared(c)
        c += 7;
        /* runs the oldest ready task, the producer of g below, which releases the 60 */
#pragma omp taskyield
        if (prio == 0) {
#pragma omp critical
            {
#pragma omp taskwait
            }
        } else {
            omp_init_lock(&lock);   /* from now on every wait runs only descendants */
            omp_set_lock(&lock);
            omp_unset_lock(&lock);
#pragma omp taskwait
            omp_destroy_lock(&lock);
        }
    }
#pragma omp task depend(out: g)
    g += 3;
    for (int i = 0; i < LATE; i++) {
#pragma omp task depend(in: g) depend(out: r[i]) priority(prio)
        r[i] += g + i;
    }
#pragma omp taskwait
}

int main(void)
{
    buried_child(0);
    buried_child(1);
    long s = 0;
    for (int i = 0; i < LATE; i++)
        s += r[i];
    printf("c = %d, sum = %ld\n", c, s);
    return 0;
}
