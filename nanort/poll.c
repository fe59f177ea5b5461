/*
 * poll.c - polling services and the waits of task-aware libraries.
 *
 * A library that must progress requests the runtime cannot see (MPI requests bound to
 * tasks by TAMPI_Iwait) registers a service.  One polling thread, started at the first
 * registration, calls the services every --poll-period microseconds and sleeps on a
 * condition in between (and when none is registered), so no worker is kept busy polling.
 *
 * nanort_wait_until() is the blocking side: on a worker it runs other ready tasks, as a
 * taskwait does (worker.c), so a task that waits for MPI does not hold its core idle.
 */
#include "nrt.h"

#include <errno.h>
#include <stdlib.h>
#include <time.h>

struct service {
    const char *name;
    nanort_poll_fn *fn;
    void *arg;
    struct service *next;
};

static long period_us = 50;         /* --poll-period */

/* Everything below: `lock`. */
static struct {
    struct nrt_lock lock;
    pthread_cond_t cond;            /* the thread sleeps on it between rounds */
    struct service *list;
    bool started;
    pthread_t thread;
} P = {.lock = NRT_LOCK_INITIALIZER, .cond = PTHREAD_COND_INITIALIZER};

static const struct nrt_option poll_options[] = {
    {"poll-period", NRT_OPT_POS_INT, "50",
     "microseconds between two rounds of the polling services (task-aware MPI: how often "
     "the MPI requests bound to tasks are tested)", &period_us, NULL},
};

__attribute__((constructor(150))) static void poll_register_options(void)
{
    nrt_config_add(poll_options, sizeof poll_options / sizeof poll_options[0]);
}

static long period_ns(void)
{
    return (period_us > 0 ? period_us : 50) * 1000L;
}

static void *poll_main(void *arg)
{
    (void)arg;
    nrt_lock_acquire(&P.lock);
    for (;;) {
        /* Services run under the lock: one at a time, and unregistering waits for the
         * round in progress (a service never outlives its unregistration). */
        for (struct service **p = &P.list; *p;) {
            struct service *s = *p;
            if (s->fn(s->arg)) {
                *p = s->next;
                free(s);
            } else {
                p = &s->next;
            }
        }
        if (!P.list) {
            nrt_cond_wait(&P.cond, &P.lock);
            continue;
        }
        struct timespec until = nrt_deadline(period_ns());
        int rc = nrt_cond_timedwait(&P.cond, &P.lock, &until);
        if (rc != 0 && rc != ETIMEDOUT)
            nrt_pthread_fail("pthread_cond_timedwait(&P.cond, &P.lock, &until)", rc);
    }
    return NULL;
}

void nanort_poll_register(const char *name, nanort_poll_fn *fn, void *arg)
{
    nrt_ensure_started();           /* --poll-period is read */
    struct service *s = nrt_xmalloc(sizeof *s);
    *s = (struct service){name, fn, arg, NULL};
    nrt_lock_acquire(&P.lock);
    s->next = P.list;
    P.list = s;
    if (!P.started) {
        pthread_attr_t a;
        NRT_PCHECK(pthread_attr_init(&a));
        NRT_PCHECK(pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED));
        NRT_PCHECK(pthread_create(&P.thread, &a, poll_main, NULL));
        NRT_PCHECK(pthread_attr_destroy(&a));
        P.started = true;
    }
    NRT_PCHECK(pthread_cond_signal(&P.cond));
    nrt_lock_release(&P.lock);
}

void nanort_poll_unregister(nanort_poll_fn *fn, void *arg)
{
    nrt_lock_acquire(&P.lock);
    for (struct service **p = &P.list; *p; p = &(*p)->next)
        if ((*p)->fn == fn && (*p)->arg == arg) {
            struct service *s = *p;
            *p = s->next;
            free(s);
            break;
        }
    nrt_lock_release(&P.lock);
}

/* In a forked child the polling thread is gone: start another at the next registration
 * (the services registered in the parent are forgotten; leaked on purpose). */
static void poll_after_fork(void)
{
    nrt_lock_init_plain(&P.lock);
    pthread_cond_init(&P.cond, NULL);
    P.list = NULL;
    P.started = false;
}

__attribute__((constructor)) static void poll_constructor(void)
{
    NRT_PCHECK(pthread_atfork(NULL, NULL, poll_after_fork));
}

/* ---- waiting ------------------------------------------------------------------------ */

struct user_cond {
    nanort_cond_fn *done;
    void *arg;
};

static bool user_done(void *arg)
{
    struct user_cond *c = arg;
    return c->done(c->arg) != 0;
}

void nanort_wait_until(nanort_cond_fn *done, void *arg)
{
    if (done(arg))
        return;
    nrt_ensure_started();
    if (nrt_self) {
        struct user_cond c = {done, arg};
        nrt_wait_until(user_done, &c);
        return;
    }
    /* A thread that is not a worker has no tasks to run: it naps until done. */
    while (!done(arg)) {
        struct timespec ts = {0, period_ns()};
        nanosleep(&ts, NULL);
    }
}

void nanort_block_until(nanort_cond_fn *done, void *arg)
{
    if (done(arg))
        return;
    nrt_ensure_started();
    struct user_cond c = {done, arg};
    if (!nrt_block_until(user_done, &c))
        nanort_wait_until(done, arg);
}

void nanort_wake_waiters(void)
{
    nrt_wake_waiters();
    nrt_block_wake();
}
