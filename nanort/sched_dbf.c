/*
 * sched_dbf.c - distributed breadth first: one deque per worker.  A worker queues the
 * tasks it makes ready on its own deque and takes its newest one first (LIFO: the data
 * its last task produced is still in its cache) while it holds more than STEAL_MAX, its
 * oldest below that; an idle worker steals the oldest tasks of another worker, up to
 * STEAL_MAX at once.  Tasks of a coarse type (bodies of NRT_COARSE_US or more) go to one
 * shared FIFO instead (see coarse()).  versioning and affinity are accepted names that
 * behave like dbf.
 *
 * Each deque is a Chase-Lev work-stealing deque (Chase and Lev, SPAA 2005), with the
 * C11 orderings of Le, Pop, Cohen and Zappa Nardelli (PPoPP 2013) made a little
 * stronger so that ThreadSanitizer, which does not model fences, can check it: every
 * access to `top` and `bottom` that the algorithm's proof needs in one total order is
 * seq_cst instead of being relaxed around a seq_cst fence.  The owner pushes and pops
 * at `bottom` without a read-modify-write; thieves (and the owner of a short deque)
 * take tasks at `top` with a compare-and-swap.  The ring of slots grows by doubling; the
 * rings it replaced stay allocated until dbf_fini, since a thief may still read a slot
 * of one (the values it finds there are those of the indices it can still win).
 *
 * Threads that are not workers (device managers, the user's own threads) may not touch
 * a deque's owner end: their pushes go to one locked FIFO, `inbox`, that every worker
 * looks at after its own deque.  Tasks with a priority never come here (sched.c's heap).
 *
 * The sleep protocol (worker.c): a push makes its task visible with a seq_cst store
 * (the deque's `bottom`, or the inbox's count), and nrt_dbf_queued(NULL) reads every
 * count with seq_cst loads.
 */
#include "nrt.h"

#include <stdlib.h>
#include <string.h>

#define RING_FIRST 256              /* slots of a deque's first ring (a power of two) */
#define STEAL_MAX 16                /* most tasks one steal takes (see "the owner's end") */

struct ring {
    long mask;                      /* slots - 1; immutable once published */
    struct ring *older;             /* the ring this one replaced (owner; freed at fini) */
    _Atomic(struct nanort_task *) slot[];
};

struct deque {
    /* Index of the oldest task: thieves (and the owner, for the last task) advance it
     * with a seq_cst compare-and-swap; it never decreases.  Own cache line: thieves
     * write it, the owner only reads it. */
    _Alignas(NRT_CACHELINE) atomic_long top;
    /* One past the newest task: only the owner writes it (seq_cst when the proof needs
     * it, release otherwise), thieves and counters read it. */
    _Alignas(NRT_CACHELINE) atomic_long bottom;
    _Atomic(struct ring *) ring;    /* only the owner writes it (release) */
    long top_seen;                  /* owner only: a value `top` had (a lower bound) */
} __attribute__((aligned(NRT_CACHELINE)));

static struct deque *deques;        /* set by init before the workers start */
static int ndeques;
static int steal_max;               /* --steal-batch, at most STEAL_MAX: set by init */
static struct nrt_tqueue inbox;     /* pushes of threads that are not workers */

static struct ring *ring_new(long slots)
{
    struct ring *r = nrt_xmalloc(sizeof *r + (size_t)slots * sizeof r->slot[0]);
    r->mask = slots - 1;
    r->older = NULL;
    for (long i = 0; i < slots; i++)
        atomic_init(&r->slot[i], NULL);
    return r;
}

void nrt_dbf_init(int nworkers)
{
    deques = nrt_xcalloc_aligned((size_t)nworkers, sizeof *deques);
    ndeques = nworkers;
    steal_max = nrt_cfg.steal_batch < 1 || nrt_cfg.steal_batch > STEAL_MAX
                    ? STEAL_MAX : (int)nrt_cfg.steal_batch;
    for (int i = 0; i < nworkers; i++) {
        atomic_init(&deques[i].top, 0);
        atomic_init(&deques[i].bottom, 0);
        atomic_init(&deques[i].ring, ring_new(RING_FIRST));
        deques[i].top_seen = 0;
    }
    nrt_tqueue_init(&inbox);
}

void nrt_dbf_fini(void)
{
    for (int i = 0; i < ndeques; i++) {
        /* relaxed: the workers have been joined. */
        struct ring *r = atomic_load_explicit(&deques[i].ring, memory_order_relaxed);
        while (r) {
            struct ring *older = r->older;
            free(r);
            r = older;
        }
    }
    nrt_tqueue_destroy(&inbox);
    free(deques);
    deques = NULL;
    ndeques = 0;
}

/* ---- the owner's end ---------------------------------------------------------------- */

/*
 * A thief takes up to STEAL_MAX of the oldest tasks with one compare-and-swap on top
 * (half of what it saw), so that the owner's end and top's cache line move once per
 * batch instead of once per task.  Its batch is counted from a value of bottom that may
 * be old, so the owner takes its newest task at index b without a compare-and-swap only
 * when b - top >= STEAL_MAX for the top it reads after lowering bottom: a thief whose
 * compare-and-swap starts from that top takes indices below top + STEAL_MAX <= b, and
 * one that starts from a later top read it after our store of bottom (seq_cst), so it
 * counts from our lowered bottom.  A shorter deque is popped from the top like a thief
 * (oldest first), which is what a thief's stolen batch wants anyway.  --steal-batch may
 * make the batches smaller (steal_max), never larger: the bound above stays true.
 */

/* Owner only: replace q's full ring r by one twice as large holding tasks top..b-1. */
static struct ring *ring_grow(struct deque *q, struct ring *r, long top, long b)
{
    struct ring *bigger = ring_new(2 * (r->mask + 1));
    bigger->older = r;
    /* relaxed: the owner wrote these slots itself.  Indices a thief takes meanwhile are
     * copied too; its compare-and-swap on top decides who has them, not the ring. */
    for (long i = top; i < b; i++) {
        struct nanort_task *t = atomic_load_explicit(&r->slot[i & r->mask], memory_order_relaxed);
        atomic_store_explicit(&bigger->slot[i & bigger->mask], t, memory_order_relaxed);
    }
    /* release: a thief that loads the new ring (acquire) sees its mask and slots. */
    atomic_store_explicit(&q->ring, bigger, memory_order_release);
    return bigger;
}

/* Owner only: queue tasks[0..n-1], oldest first. */
static void deque_push_many(struct deque *q, struct nanort_task *const *tasks, int n)
{
    /* relaxed: only this thread writes bottom and ring. */
    long b = atomic_load_explicit(&q->bottom, memory_order_relaxed);
    struct ring *r = atomic_load_explicit(&q->ring, memory_order_relaxed);
    if (b + n - q->top_seen > r->mask + 1) {
        /* acquire: the thieves that advanced top to this value read their slots before
         * their compare-and-swap, so the slots we are about to reuse are free. */
        q->top_seen = atomic_load_explicit(&q->top, memory_order_acquire);
        while (b + n - q->top_seen > r->mask + 1)
            r = ring_grow(q, r, q->top_seen, b);
    }
    /* relaxed: published by the store of bottom below. */
    for (int i = 0; i < n; i++)
        atomic_store_explicit(&r->slot[(b + i) & r->mask], tasks[i], memory_order_relaxed);
    /* seq_cst: a release (a thief that reads b + n sees the slots and the tasks), and the
     * store the sleep protocol needs before nrt_wake_worker() reads the sleepers. */
    atomic_store(&q->bottom, b + n);
}

/* ---- the thieves' end ---------------------------------------------------------------- */

/* Take up to max (<= STEAL_MAX) of the oldest tasks of q into got[], oldest first; 0 when
 * q looked empty or another thread won them (*lost), and then got[] means nothing. */
static int deque_steal(struct deque *q, struct nanort_task **got, int max, bool *lost)
{
    /* seq_cst loads, top first: in one order with the owner's store of bottom and load of
     * top (deque_pop).  Reading bottom also acquires the slots and tasks the owner
     * published before that store. */
    long t = atomic_load(&q->top);
    long b = atomic_load(&q->bottom);
    if (t >= b)
        return 0;
    int k = (int)((b - t + 1) / 2 < max ? (b - t + 1) / 2 : max);
    /* acquire: pairs with ring_grow's release.  A ring older than the one holding these
     * indices can only be read when they were there before it grew, with the same tasks. */
    struct ring *r = atomic_load_explicit(&q->ring, memory_order_acquire);
    /* relaxed: the values only count if the compare-and-swap below wins t..t+k-1, and
     * the owner rewrites such a slot only after top moved past it (the acquire in push). */
    for (int i = 0; i < k; i++)
        got[i] = atomic_load_explicit(&r->slot[(t + i) & r->mask], memory_order_relaxed);
    /* seq_cst: in the one order with the owner's store of bottom and load of top. */
    if (!atomic_compare_exchange_strong(&q->top, &t, t + k)) {
        *lost = true;
        return 0;
    }
    return k;
}

/* Steal from q until it is empty or tasks are won (a lost race means q had work). */
static int steal_from(struct deque *q, struct nanort_task **got, int max)
{
    for (;;) {
        bool lost = false;
        int k = deque_steal(q, got, max, &lost);
        if (k > 0 || !lost)
            return k;
        nrt_cpu_relax();
    }
}

/* Owner only: take the newest task (the oldest when fewer than STEAL_MAX + 1 are
 * queued, see STEAL_MAX), NULL when there is none. */
static struct nanort_task *deque_pop(struct deque *q)
{
    /* relaxed: only this thread writes bottom and ring. */
    long b = atomic_load_explicit(&q->bottom, memory_order_relaxed);
    if (b <= q->top_seen)
        return NULL;                /* top >= top_seen >= b: empty, no fence needed */
    /* relaxed: a stale (smaller) top only sends us down the path that checks again. */
    if (b - atomic_load_explicit(&q->top, memory_order_relaxed) > STEAL_MAX) {
        b--;
        struct ring *r = atomic_load_explicit(&q->ring, memory_order_relaxed);
        /* seq_cst store, then seq_cst load of top: claim slot b before looking at top
         * (see STEAL_MAX for why no thief can reach it then). */
        atomic_store(&q->bottom, b);
        long t = atomic_load(&q->top);
        q->top_seen = t;
        if (b - t >= STEAL_MAX)     /* relaxed: this thread wrote the slot */
            return atomic_load_explicit(&r->slot[b & r->mask], memory_order_relaxed);
        /* Thieves came meanwhile.  release: every store of bottom is at least a
         * release, so a thief that reads any value of it also sees the slots before. */
        atomic_store_explicit(&q->bottom, b + 1, memory_order_release);
    }
    struct nanort_task *t;
    return steal_from(q, &t, 1) ? t : NULL;   /* t is only valid when we won it */
}

/* ---- the policy ------------------------------------------------------------------------ */

/* Coarse tasks (NRT_COARSE_US) go to the shared FIFO (`inbox`) that every worker reads
 * after its own deque: they run in the order they became ready, as under bf, so that
 * parallel chains of them advance together.  On per-worker deques each worker's chains
 * advanced at a rate set by how many it happened to hold, and a run of 16 workers ended
 * waiting for chains begun late (matmul 1024/128 on the GPU host: bodies filled 0.91 of
 * the threads' time, against 0.97 under bf and libgomp).  For such tasks the shared
 * queue's lock costs nothing.  The first tasks of a type are queued before any body was
 * timed: a worker that finds a coarse task on its own deque, or in a batch it stole,
 * moves the rest over to the FIFO (oldest first). */
static bool coarse(const struct nanort_task *t)
{
    return atomic_load_explicit(&t->info->coarse, memory_order_relaxed);
}

/* Queue tasks[0..n-1] on the shared FIFO, waking a sleeping worker for each. */
static void to_inbox(struct nanort_task *const *tasks, int n)
{
    for (int i = 0; i < n; i++) {
        nrt_tqueue_push_back(&inbox, tasks[i]);
        nrt_wake_worker();
    }
}

/* Owner only: move what q holds to the inbox, oldest first. */
static void drain_to_inbox(struct deque *q)
{
    struct nanort_task *got[STEAL_MAX];
    int k;
    while ((k = steal_from(q, got, STEAL_MAX)) > 0)
        to_inbox(got, k);
}

void nrt_dbf_push(struct nrt_worker *self, struct nanort_task *t)
{
    if (self && !coarse(t))
        deque_push_many(&deques[self->id], &t, 1);
    else
        nrt_tqueue_push_back(&inbox, t);   /* seq_cst count: see nrt_sched::queued */
}

/* Tasks in q: bottom - top.  seq_cst (for the sleep protocol) or relaxed (a hint). */
static long deque_size(struct deque *q, memory_order mo)
{
    /* top first: it only grows, so the difference is not below the size at the time of
     * the load of bottom, except while a pop or steal is taking a task. */
    long t = atomic_load_explicit(&q->top, mo);
    long b = atomic_load_explicit(&q->bottom, mo);
    return b > t ? b - t : 0;
}

long nrt_dbf_queued(struct nrt_worker *self)
{
    if (self)
        return deque_size(&deques[self->id], memory_order_relaxed);
    long n = atomic_load(&inbox.n);
    for (int i = 0; i < ndeques; i++)
        n += deque_size(&deques[i], memory_order_seq_cst);
    return n;
}

/* Steal a batch from victim v: the oldest runs now, the others go to our own deque
 * (a thread that is no worker takes one). */
static struct nanort_task *steal_batch(struct deque *v, struct nrt_worker *self)
{
    struct nanort_task *got[STEAL_MAX];
    int k = steal_from(v, got, self ? steal_max : 1);
    if (k == 0)
        return NULL;
    if (k > 1 && coarse(got[0])) {
        to_inbox(got + 1, k - 1);
    } else if (k > 1) {
        deque_push_many(&deques[self->id], got + 1, k - 1);
        /* A worker that checked the queues while the batch was in no deque may have gone
         * to sleep: the rest of the batch is for it. */
        nrt_wake_worker();
    }
    return got[0];
}

/*
 * Victims one pop looks at, with more workers than this: each call goes on where the
 * thread's previous one stopped.  Looking at every deque made an idle worker's poll
 * cost linear in the workers and all the workers' polling quadratic (1,024 workers on
 * 2 cores: 4 s for a 20-task program, 4,096 did not finish).  A pop that finds nothing
 * does not mean there is nothing: the sleep paths (nrt_sched_has_work) look at every
 * queue before a thread sleeps, and the next pops visit the others.
 */
#define STEAL_SCAN 16
static __thread int steal_cursor __attribute__((tls_model("initial-exec")));

static struct nanort_task *steal_some(struct nrt_worker *self, int me)
{
    struct nanort_task *t;
    if (ndeques <= STEAL_SCAN + 1) {
        for (int k = 1; k <= ndeques; k++) {
            int v = (me + k) % ndeques;
            if ((!self || v != me) && (t = steal_batch(&deques[v], self)))
                return t;
        }
        return NULL;
    }
    int v = steal_cursor % ndeques;
    for (int k = 0; k < STEAL_SCAN; k++, v = v + 1 == ndeques ? 0 : v + 1) {
        if ((!self || v != me) && (t = steal_batch(&deques[v], self))) {
            steal_cursor = v;           /* a victim with work: try it first next time */
            return t;
        }
    }
    steal_cursor = v;
    return NULL;
}

struct nanort_task *nrt_dbf_pop(struct nrt_worker *self)
{
    int me = self ? self->id : 0;
    struct nanort_task *t;
    if (self && (t = deque_pop(&deques[me]))) {
        if (coarse(t) && deque_size(&deques[me], memory_order_relaxed) > 0)
            drain_to_inbox(&deques[me]);
        return t;
    }
    /* relaxed: a hint, as in nrt_tqueue_pop_front */
    if (NRT_UNLIKELY(nrt_speed_on) &&
        nrt_speed_defer(self, atomic_load_explicit(&inbox.n, memory_order_relaxed), false))
        return steal_some(self, me);    /* the coarse ones are for faster workers */
    if ((t = nrt_tqueue_pop_front(&inbox)))
        return t;
    return steal_some(self, me);
}

const struct nrt_sched nrt_sched_dbf = {
    .name = "dbf",
    .help = "per-worker lock-free deques, idle workers steal the oldest, long tasks (50 us "
            "or more) in one shared FIFO; priorities honoured (the default: lowest per-task "
            "cost measured here)",
    NRT_DBF_OPS,
};

const struct nrt_sched nrt_sched_versioning = {
    .name = "versioning",
    .help = "accepted for OmpSs scripts: queues like dbf; the choice among implementations is "
            "--dispatch (versioning by default)",
    NRT_DBF_OPS,
};

const struct nrt_sched nrt_sched_affinity = {
    .name = "affinity",
    .help = "accepted for OmpSs scripts: queues like dbf; --dispatch=affinity places device "
            "tasks where their data are",
    NRT_DBF_OPS,
};
