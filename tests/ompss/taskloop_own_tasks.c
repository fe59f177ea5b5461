/* A taskloop without nogroup waits for its own tasks and their descendants only: a sibling
 * task created before it, which blocks until the loop has finished, must not deadlock it
 * (a full taskwait would wait for that sibling).  The sibling is started on another thread
 * before the loop (a thread that runs it while waiting would block anyway; under work-first
 * the creator may run it at once: then it does not block); with one thread, or
 * sequentially, there is no sibling.  An `omp for` without nowait, by contrast, waits for
 * every child of the current task (OpenMP's barrier): the chunks of an earlier
 * `for nowait` too. */
#include "ompss_check.h"
#include <omp.h>
#include <pthread.h>

#define N 64

static int hits[N], inner[N], loop_done, started;
static pthread_t main_thread;

/* Say it runs, then block until *flag is set. */
static void wait_for(int *flag)
{
    __atomic_add_fetch(&started, 1, __ATOMIC_RELEASE);
    while (!pthread_equal(pthread_self(), main_thread) && !__atomic_load_n(flag, __ATOMIC_ACQUIRE))
        delay(10);
}

/* A sibling that blocks on *flag, running on another thread when this returns. */
static void blocking_sibling(int *flag, int n)
{
    if (!OMPSS_RUN || omp_get_max_threads() < 2) {
        *flag = 1;
        return;
    }
#pragma omp task
    wait_for(flag);
    while (__atomic_load_n(&started, __ATOMIC_ACQUIRE) < n)
        delay(10);
}

int main(void)
{
    main_thread = pthread_self();
    blocking_sibling(&loop_done, 1);
#pragma omp taskloop grainsize(4)
    for (int i = 0; i < N; i++) {
        hits[i]++;
#pragma omp task
        {
            delay(i == N - 1 ? SLOW : 3);   /* a descendant: the loop waits for it too */
            inner[i] = 1;
        }
    }
    for (int i = 0; i < N; i++)
        CHECK(hits[i] == 1 && inner[i] == 1, "after taskloop: hits[%d] = %d inner = %d", i,
              hits[i], inner[i]);
    __atomic_store_n(&loop_done, 1, __ATOMIC_RELEASE);

#pragma omp for schedule(dynamic, 8) nowait
    for (int i = 0; i < N; i++) {
        delay(i == 0 ? SLOW : 3);
        hits[i]++;
    }
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++)
        inner[i]++;
    for (int i = 0; i < N; i++)
        CHECK(hits[i] == 2 && inner[i] == 2, "after for nowait + for: hits[%d] = %d, "
              "inner = %d", i, hits[i], inner[i]);
    return result_ok();
}
