/*
 * detach_order.c - detach(event): a detached task completes only once its body ended AND
 * its event was fulfilled, in either order; its successors, the parent's taskwait and
 * the parent's own completion wait for that.  Self-checking; the same source built by
 * gcc -fopenmp (libgomp) must pass too, which shows the checks are OpenMP's semantics.
 *
 *   1. fulfilled later by a sibling task: the dependent task sees the fulfilment.
 *   2. fulfilled inside its own body: completes at the end of the body.
 *   3. fulfilled before the body ends, by another thread (a pthread, as an MPI poller).
 *   4. a chain of detached tasks (inout) fulfilled in order by a pthread after a delay:
 *      task i+1 never starts before event i was fulfilled.
 *   5. undeferred (if(0)): the creator goes on after the body, and a taskwait waits for
 *      the event.
 *   6. taskwait inside a detached task's body waits for its children only, not for its
 *      own event (which is fulfilled after that taskwait).
 */
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CHAIN 40

static void nap(long us)
{
    struct timespec ts = {us / 1000000, (us % 1000000) * 1000};
    nanosleep(&ts, NULL);
}

static int failures;
#define CHECK(c, ...) do { if (!(c)) { printf("FAIL %s:%d: ", __FILE__, __LINE__); \
    printf(__VA_ARGS__); printf("\n"); failures++; } } while (0)

/* A pthread that fulfils the events handed to it, in order, each after a delay. */
static omp_event_handle_t queue[CHAIN + 8];
static int queued, done_upto;           /* under qlock */
static int fulfilled[CHAIN + 8];        /* atomics */
static pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t qcond = PTHREAD_COND_INITIALIZER;
static int stop_fulfiller;

static void hand_over(omp_event_handle_t ev)
{
    pthread_mutex_lock(&qlock);
    queue[queued++] = ev;
    pthread_cond_signal(&qcond);
    pthread_mutex_unlock(&qlock);
}

static void *fulfiller(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&qlock);
    for (;;) {
        while (done_upto == queued && !stop_fulfiller)
            pthread_cond_wait(&qcond, &qlock);
        if (done_upto == queued)
            break;
        omp_event_handle_t ev = queue[done_upto];
        int i = done_upto++;
        pthread_mutex_unlock(&qlock);
        nap(2000);
        __atomic_store_n(&fulfilled[i], 1, __ATOMIC_SEQ_CST);
        omp_fulfill_event(ev);
        pthread_mutex_lock(&qlock);
    }
    pthread_mutex_unlock(&qlock);
    return NULL;
}

static void later_sibling(void)
{
    int x = 0, flag = 0, seen = -1;
    omp_event_handle_t ev;
#pragma omp task detach(ev) depend(out: x) shared(x)
    x = 1;
#pragma omp task depend(in: x) shared(x, flag, seen)
    seen = __atomic_load_n(&flag, __ATOMIC_SEQ_CST) * 10 + x;
#pragma omp task firstprivate(ev) shared(flag)
    {
        nap(20000);
        __atomic_store_n(&flag, 1, __ATOMIC_SEQ_CST);
        omp_fulfill_event(ev);
    }
#pragma omp taskwait
    CHECK(seen == 11, "later sibling: the successor ran before the event (seen %d)", seen);
}

static void own_body(void)
{
    int x = 0, seen = -1;
    omp_event_handle_t ev;
#pragma omp task detach(ev) depend(out: x) shared(x)
    {
        x = 5;
        omp_fulfill_event(ev);
    }
#pragma omp task depend(in: x) shared(x, seen)
    seen = x;
#pragma omp taskwait
    CHECK(seen == 5, "own body: seen %d", seen);
}

static void early_other_thread(void)
{
    int x = 0, seen = -1;
    omp_event_handle_t ev;
    int body_done = 0;
#pragma omp task detach(ev) depend(out: x) shared(x, body_done)
    {
        hand_over(ev);                     /* fulfilled 2 ms later, maybe before the end */
        nap(5000);
        x = 7;
        __atomic_store_n(&body_done, 1, __ATOMIC_SEQ_CST);
    }
#pragma omp task depend(in: x) shared(x, seen, body_done)
    seen = x + 10 * __atomic_load_n(&body_done, __ATOMIC_SEQ_CST);
#pragma omp taskwait
    CHECK(seen == 17, "fulfilled before the body ended: seen %d", seen);
}

static void chain(int base)
{
    int x = 0, bad = 0;
    for (int i = 0; i < CHAIN; i++) {
        omp_event_handle_t ev;
#pragma omp task detach(ev) depend(inout: x) shared(x, bad) firstprivate(i)
        {
            /* event base+i-1 (the predecessor's) must be fulfilled by now */
            if (i > 0 && !__atomic_load_n(&fulfilled[base + i - 1], __ATOMIC_SEQ_CST))
                __atomic_fetch_add(&bad, 1, __ATOMIC_SEQ_CST);
            if (x != i)
                __atomic_fetch_add(&bad, 100, __ATOMIC_SEQ_CST);
            x = i + 1;
            hand_over(ev);
        }
    }
#pragma omp taskwait
    CHECK(bad == 0 && x == CHAIN, "chain: %d violations, x %d", bad, x);
    CHECK(__atomic_load_n(&fulfilled[base + CHAIN - 1], __ATOMIC_SEQ_CST),
          "chain: the taskwait returned before the last event");
}

static void undeferred(int slot)
{
    int body = 0;
    omp_event_handle_t ev;
#pragma omp task detach(ev) if (0) shared(body)
    {
        body = 1;
        hand_over(ev);
    }
    /* the creator goes on after the body, without waiting for the event */
    CHECK(body == 1, "undeferred: the body had not run when the creator went on");
#pragma omp taskwait
    CHECK(__atomic_load_n(&fulfilled[slot], __ATOMIC_SEQ_CST),
          "undeferred: the taskwait returned before the event");
}

static void taskwait_in_body(void)
{
    int child = 0, after = -1;
    omp_event_handle_t ev;
#pragma omp task detach(ev) shared(child, after)
    {
#pragma omp task shared(child)
        child = 1;
#pragma omp taskwait
        after = child;                       /* the taskwait did not wait for ev */
        omp_fulfill_event(ev);
    }
#pragma omp taskwait
    CHECK(after == 1, "taskwait in a detached body: after %d", after);
}

int main(void)
{
    pthread_t th;
    pthread_create(&th, NULL, fulfiller, NULL);
#pragma omp parallel
#pragma omp single
    {
        later_sibling();
        own_body();
        early_other_thread();                /* event slot 0 */
        chain(1);                            /* slots 1..CHAIN */
        undeferred(CHAIN + 1);
        taskwait_in_body();
    }
    pthread_mutex_lock(&qlock);
    stop_fulfiller = 1;
    pthread_cond_signal(&qcond);
    pthread_mutex_unlock(&qlock);
    pthread_join(th, NULL);
    if (failures) {
        printf("detach_order: %d failures\n", failures);
        return 1;
    }
    printf("detach_order: OK\n");
    return 0;
}
