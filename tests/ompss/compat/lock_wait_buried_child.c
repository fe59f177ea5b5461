/* A task waiting for its child once the program uses omp locks may run only its own
 * descendants (OpenMP's tied-task rule), and its child was queued before 60 tasks of
 * others that became ready later (released by a task its taskyield ran).  With one worker
 * and dbf the wait popped the newest 33 tasks, none of them its child, and pushed them
 * back as the newest again, for ever: the run hung (as compat/omp_lock_contended did in
 * about one run of six).  Prints what every task wrote: the same as sequentially. */
#include <omp.h>
#include <stdio.h>

#define LATE 60

static int g, c, r[LATE];
static omp_lock_t lock;

int main(void)
{
#pragma omp task shared(lock)
    {
#pragma omp task shared(c)
        c = 7;
        /* runs the oldest ready task, the producer of g below, which releases the 60 */
#pragma omp taskyield
        omp_init_lock(&lock);       /* from now on a wait runs only descendants */
        omp_set_lock(&lock);
        omp_unset_lock(&lock);
#pragma omp taskwait
        omp_destroy_lock(&lock);
    }
#pragma omp task depend(out: g)
    g = 3;
    for (int i = 0; i < LATE; i++) {
#pragma omp task depend(in: g) depend(out: r[i])
        r[i] = g + i;
    }
#pragma omp taskwait
    long s = 0;
    for (int i = 0; i < LATE; i++)
        s += r[i];
    printf("c = %d, sum = %ld\n", c, s);
    return 0;
}
