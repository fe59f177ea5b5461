/*
 * sched_dbf.c - distributed breadth first: one deque per worker.  A worker queues the
 * tasks it makes ready on its own deque and takes its newest one first (LIFO: the data
 * its last task produced is still in its cache); an idle worker steals the oldest task
 * of another worker.  versioning and affinity are accepted names that behave like dbf.
 */
#include "nrt.h"

#include <stdlib.h>
#include <string.h>

struct deque {
    struct nrt_lock lock;
    struct nanort_task **buf;          /* lock: ring of cap entries */
    size_t cap, head, n;            /* lock */
    atomic_long count;              /* == n; relaxed reads decide whether to look */
} __attribute__((aligned(NRT_CACHELINE)));

static struct deque *deques;        /* set by init before the workers start */
static int ndeques;
static atomic_uint next_foreign;    /* relaxed: spreads pushes of foreign threads */

void nrt_dbf_init(int nworkers)
{
    deques = nrt_xcalloc_aligned((size_t)nworkers, sizeof *deques);
    ndeques = nworkers;
    for (int i = 0; i < nworkers; i++)
        nrt_lock_init(&deques[i].lock);
}

void nrt_dbf_fini(void)
{
    for (int i = 0; i < ndeques; i++) {
                free(deques[i].buf);
    }
    free(deques);
    deques = NULL;
    ndeques = 0;
}

/* Caller holds q->lock. */
static void deque_grow(struct deque *q)
{
    size_t cap = q->cap ? 2 * q->cap : 256;
    struct nanort_task **buf = nrt_xmalloc(cap * sizeof *buf);
    for (size_t i = 0; i < q->n; i++)
        buf[i] = q->buf[(q->head + i) % q->cap];
    free(q->buf);
    q->buf = buf;
    q->cap = cap;
    q->head = 0;
}

void nrt_dbf_push(struct nrt_worker *self, struct nanort_task *t)
{
    int i = self ? self->id
                 : (int)(atomic_fetch_add_explicit(&next_foreign, 1, memory_order_relaxed) %
                         (unsigned)ndeques);
    struct deque *q = &deques[i];
    nrt_lock_acquire(&q->lock);
    if (q->n == q->cap)
        deque_grow(q);
    q->buf[(q->head + q->n) % q->cap] = t;
    q->n++;
    atomic_store(&q->count, (long)q->n);       /* seq_cst: see nrt_sched::queued */
    nrt_lock_release(&q->lock);
}

/* Take the newest (back) or the oldest (front) task of q. */
static struct nanort_task *deque_take(struct deque *q, bool newest)
{
    struct nanort_task *t = NULL;
    if (atomic_load_explicit(&q->count, memory_order_relaxed) == 0)
        return NULL;
    nrt_lock_acquire(&q->lock);
    if (q->n > 0) {
        if (newest) {
            t = q->buf[(q->head + q->n - 1) % q->cap];
        } else {
            t = q->buf[q->head];
            q->head = (q->head + 1) % q->cap;
        }
        q->n--;
        atomic_store_explicit(&q->count, (long)q->n, memory_order_relaxed);
    }
    nrt_lock_release(&q->lock);
    return t;
}

/* Steal the oldest half of q (at most STEAL_MAX tasks): the first is returned, the
 * others go to the thief's own deque, so that a thief takes the victim's lock once per
 * batch instead of once per task. */
#define STEAL_MAX 32

static struct nanort_task *steal_batch(struct deque *q, struct deque *mine)
{
    struct nanort_task *got[STEAL_MAX];
    size_t n = 0;
    if (atomic_load_explicit(&q->count, memory_order_relaxed) == 0)
        return NULL;
    nrt_lock_acquire(&q->lock);
    size_t want = mine ? (q->n + 1) / 2 : (q->n > 0);
    if (want > STEAL_MAX)
        want = STEAL_MAX;
    for (; n < want; n++) {
        got[n] = q->buf[q->head];
        q->head = (q->head + 1) % q->cap;
        q->n--;
    }
    atomic_store_explicit(&q->count, (long)q->n, memory_order_relaxed);
    nrt_lock_release(&q->lock);
    if (n == 0)
        return NULL;
    if (n > 1) {
        nrt_lock_acquire(&mine->lock);
        for (size_t i = n - 1; i >= 1; i--) {   /* oldest ends on top: runs next */
            if (mine->n == mine->cap)
                deque_grow(mine);
            mine->buf[(mine->head + mine->n) % mine->cap] = got[i];
            mine->n++;
        }
        atomic_store(&mine->count, (long)mine->n);
        nrt_lock_release(&mine->lock);
    }
    return got[0];
}

long nrt_dbf_queued(struct nrt_worker *self)
{
    if (self)
        return atomic_load_explicit(&deques[self->id].count, memory_order_relaxed);
    long n = 0;
    for (int i = 0; i < ndeques; i++)
        n += atomic_load(&deques[i].count);
    return n;
}

struct nanort_task *nrt_dbf_pop(struct nrt_worker *self)
{
    int me = self ? self->id : 0;
    struct deque *mine = self ? &deques[me] : NULL;
    struct nanort_task *t;
    if (mine && (t = deque_take(mine, true)))
        return t;
    for (int k = 1; k <= ndeques; k++) {
        int v = (me + k) % ndeques;
        if ((!self || v != me) && (t = steal_batch(&deques[v], mine)))
            return t;
    }
    return NULL;
}

const struct nrt_sched nrt_sched_dbf = {
    .name = "dbf",
    .help = "per-worker deques, newest first locally, idle workers steal the oldest; "
            "priorities honoured (the default: lowest per-task cost measured here)",
    NRT_DBF_OPS,
};

const struct nrt_sched nrt_sched_versioning = {
    .name = "versioning",
    .help = "accepted for OmpSs compatibility; for now the same as dbf (no per-version "
            "timing yet: implementations are used round-robin)",
    NRT_DBF_OPS,
};

const struct nrt_sched nrt_sched_affinity = {
    .name = "affinity",
    .help = "accepted for OmpSs compatibility; for now the same as dbf (no data-location "
            "affinity yet)",
    NRT_DBF_OPS,
};
