/*
 * block.c - pausing a task whose thread must block (task-aware MPI's blocking mode).
 *
 * A worker is a slot (struct nrt_worker: queues, freelists, its core) held by one thread at
 * a time.  nanort has no task stacks of its own, so a task that must wait for something
 * outside the runtime (an MPI request) keeps its thread; what it gives up is its slot:
 *
 *   lend     the blocked thread hands its slot to a spare thread (from a pool, created
 *            when none is parked), which runs other tasks in it, and sleeps until its
 *            condition holds;
 *   want     then it asks for that slot back: it marks the slot wanted and waits;
 *   give     a thread holding a wanted slot hands it over at its next scheduling point:
 *            between two tasks in its worker loop, or when it would sleep in a wait
 *            (a taskwait with nothing to run: it lends the slot likewise and wants it back
 *            once its own condition holds).  A spare that gives a borrowed slot back parks
 *            in the pool; a thread that gives its own slot wants it back at once.
 *
 * So at most one thread runs in each slot: the cores stay as busy as --smp-workers says,
 * a paused task resumes as soon as its slot comes back, and tasks waiting on each other
 * through MPI do not deadlock the way nested waiting (running other tasks on the blocked
 * task's stack) can.  A thread always gets back the slot it gave (worker 0 stays main's).
 * At stop a spare leaves its worker loop holding a borrowed slot: it hands it to the thread
 * that wants it, or marks it orphaned for its thread to take back (a worker's own thread
 * waiting for its slot at stop would otherwise never get it, and the join hangs).
 * Not lent (the caller waits nested instead): a slot whose thread has inline frames open
 * or is inside a critical section (both are per slot), and while the runtime stops.
 *
 * Locking: B.lock guards the pool, the wanting list and the fields marked so; a slot's
 * `slot_wanted` is also set/cleared under it (seq_cst, read without it by the holder's
 * loops, see worker.c's sleep protocol).  Never held together with another lock.
 */
#include "nrt.h"

#include <errno.h>
#include <stdlib.h>

struct bthread {
    pthread_cond_t cond;            /* it waits for a slot on it */
    struct nrt_worker *given;       /* B.lock: the slot handed to it */
    struct nrt_worker *want;        /* B.lock: the slot it waits for */
    bool spare;                     /* created here: parks when it gives a slot back */
    pthread_t thread;
    struct bthread *next;           /* B.lock: in the pool or the wanting list */
    struct bthread *all_next;       /* B.lock: every spare (joined at stop) */
};

static struct {
    struct nrt_lock lock;
    pthread_cond_t blocked;         /* blocked threads wait for their condition on it */
    struct bthread *pool;           /* parked spares */
    struct bthread *wanting;        /* threads waiting for their slot */
    struct bthread *spares;         /* every spare ever created */
    bool stopping;
} B = {.lock = NRT_LOCK_INITIALIZER, .blocked = PTHREAD_COND_INITIALIZER};

static __thread struct bthread *me;
bool nrt_tasks_block;

void nanort_tasks_may_block(void)
{
    nrt_tasks_block = true;
}

static struct bthread *self_record(bool spare)
{
    if (!me) {
        me = nrt_xcalloc(1, sizeof *me);
        NRT_PCHECK(pthread_cond_init(&me->cond, NULL));
        me->spare = spare;
        me->thread = pthread_self();
    }
    return me;
}

/* Take slot w (the caller got it handed). */
static void take(struct nrt_worker *w)
{
    nrt_self = w;
    nrt_worker_bind(w);
}

/* Hand slot w to thread t (B.lock held). */
static void hand(struct bthread *t, struct nrt_worker *w)
{
    NRT_ASSERT_HELD(&B.lock);
    t->given = w;
    NRT_PCHECK(pthread_cond_signal(&t->cond));
}

/* Wait (B.lock held) until a slot is handed to this thread, or the runtime stops (NULL). */
static struct nrt_worker *await_slot(void)
{
    NRT_ASSERT_HELD(&B.lock);
    while (!me->given && !(me->spare && B.stopping))
        nrt_cond_wait(&me->cond, &B.lock);
    struct nrt_worker *w = me->given;
    me->given = NULL;
    return w;
}

static bool give_wanted(struct nrt_worker *w);

static void *spare_main(void *arg)
{
    me = arg;
    nrt_current = NULL;
    nrt_lock_acquire(&B.lock);
    for (;;) {
        struct nrt_worker *w = await_slot();
        if (!w)
            break;                  /* stopping (lock held) */
        nrt_lock_release(&B.lock);
        take(w);
        nrt_worker_loop();          /* returns when it gave the slot back, or at stop */
        struct nrt_worker *held = nrt_self;
        nrt_self = NULL;
        nrt_lock_acquire(&B.lock);
        if (held && !give_wanted(held))
            held->slot_orphan = true;   /* at stop, still borrowed: its thread takes it back */
        if (B.stopping)
            break;
        me->next = B.pool;
        B.pool = me;
    }
    nrt_lock_release(&B.lock);
    return NULL;
}

/* A spare for slot w (B.lock held): from the pool, or a new thread. */
static void lend(struct nrt_worker *w)
{
    NRT_ASSERT_HELD(&B.lock);
    struct bthread *s = B.pool;
    if (s) {
        B.pool = s->next;
        hand(s, w);
        return;
    }
    s = nrt_xcalloc(1, sizeof *s);
    NRT_PCHECK(pthread_cond_init(&s->cond, NULL));
    s->spare = true;
    s->given = w;
    s->all_next = B.spares;
    B.spares = s;
    NRT_PCHECK(pthread_create(&s->thread, NULL, spare_main, s));
}

/* Ask for slot w back and wait for it (B.lock held on entry, released on return). */
static void want_back(struct nrt_worker *w)
{
    NRT_ASSERT_HELD(&B.lock);
    me->want = w;
    me->next = B.wanting;
    B.wanting = me;
    if (w->slot_orphan) {           /* left unheld by a spare at stop: take it */
        w->slot_orphan = false;
        B.wanting = me->next;
        me->want = NULL;
        nrt_lock_release(&B.lock);
        take(w);
        return;
    }
    atomic_store(&w->slot_wanted, 1);
    nrt_lock_release(&B.lock);
    nrt_wake_sleepers();            /* its holder may sleep in its loop or in a wait */
    nrt_lock_acquire(&B.lock);
    struct nrt_worker *got = await_slot();
    nrt_lock_release(&B.lock);
    NRT_ASSERT(got == w);
    take(got);
}

/* Wait without a slot until done(arg) (B.lock held): the blocked condition is signalled by
 * nanort_wake_waiters(); timed, as a safety net. */
static void sleep_until(nrt_cond_fn *done, void *arg)
{
    NRT_ASSERT_HELD(&B.lock);
    while (!done(arg)) {
        struct timespec until = nrt_deadline(2 * 1000 * 1000);
        int rc = nrt_cond_timedwait(&B.blocked, &B.lock, &until);
        if (rc != 0 && rc != ETIMEDOUT)
            nrt_pthread_fail("pthread_cond_timedwait(&B.blocked, &B.lock, &until)", rc);
    }
}

/* Can the calling thread give its slot away now? */
static bool lendable(void)
{
    struct nrt_worker *w = nrt_self;
    return w && w->crit_depth == 0 && !w->inl_open && w->inl_top == w->inl_base &&
           !atomic_load_explicit(&nrt_stopping, memory_order_relaxed);
}

/* Before the slot changes hands: what this thread keeps for it goes back to it. */
static void settle(void)
{
    nrt_handoff_flush();
    nrt_task_flush_frees();
}

bool nrt_block_until(nrt_cond_fn *done, void *arg)
{
    if (done(arg))
        return true;
    if (!lendable())
        return false;
    settle();
    struct nrt_worker *w = nrt_self;
    int depth = w->depth;
    self_record(false);
    nrt_lock_acquire(&B.lock);
    w->depth = 0;                   /* the spare starts at the top */
    lend(w);
    nrt_self = NULL;
    sleep_until(done, arg);
    want_back(w);
    w->depth = depth;
    return true;
}

/* The slot of the calling thread is wanted: hand it to a thread that wants it (B.lock
 * held); false when the request was already served. */
static bool give_wanted(struct nrt_worker *w)
{
    for (struct bthread **p = &B.wanting; *p; p = &(*p)->next)
        if ((*p)->want == w) {
            struct bthread *t = *p;
            *p = t->next;
            bool more = false;
            for (struct bthread *q = B.wanting; q; q = q->next)
                more |= q->want == w;
            if (!more)
                atomic_store(&w->slot_wanted, 0);
            t->want = NULL;
            hand(t, w);
            return true;
        }
    atomic_store(&w->slot_wanted, 0);
    return false;
}

bool nrt_slot_give_top(void)
{
    struct nrt_worker *w = nrt_self;
    if (!lendable())
        return false;
    settle();
    self_record(false);
    nrt_lock_acquire(&B.lock);
    int depth = w->depth;
    if (!give_wanted(w)) {
        nrt_lock_release(&B.lock);
        return false;
    }
    nrt_self = NULL;
    if (me->spare) {
        nrt_lock_release(&B.lock);
        return true;                /* spare_main parks it */
    }
    want_back(w);                   /* its own slot: it wants it back */
    w->depth = depth;
    return false;
}

bool nrt_slot_give_waiting(nrt_cond_fn *done, void *arg)
{
    struct nrt_worker *w = nrt_self;
    if (!lendable())
        return false;
    settle();
    self_record(false);
    nrt_lock_acquire(&B.lock);
    int depth = w->depth;
    if (!give_wanted(w)) {
        nrt_lock_release(&B.lock);
        return false;
    }
    nrt_self = NULL;
    sleep_until(done, arg);
    want_back(w);
    w->depth = depth;
    return true;
}

void nrt_block_wake(void)
{
    nrt_lock_acquire(&B.lock);
    NRT_PCHECK(pthread_cond_broadcast(&B.blocked));
    nrt_lock_release(&B.lock);
}

void nrt_block_stop(void)
{
    nrt_lock_acquire(&B.lock);
    B.stopping = true;
    for (struct bthread *s = B.pool; s; s = s->next)
        NRT_PCHECK(pthread_cond_signal(&s->cond));
    struct bthread *all = B.spares;
    nrt_lock_release(&B.lock);
    for (struct bthread *s = all; s; s = s->all_next)
        NRT_PCHECK(pthread_join(s->thread, NULL));
    nrt_lock_acquire(&B.lock);
    for (struct bthread *s = B.spares, *n; s; s = n) {
        n = s->all_next;
        NRT_PCHECK(pthread_cond_destroy(&s->cond));
        free(s);
    }
    B.pool = B.wanting = B.spares = NULL;
    B.stopping = false;
    nrt_lock_release(&B.lock);
}

void nrt_block_after_fork(void)
{
    nrt_lock_init_plain(&B.lock);
    pthread_cond_init(&B.blocked, NULL);
    B.pool = B.wanting = B.spares = NULL;
    B.stopping = false;
    me = NULL;
}
