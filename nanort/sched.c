/*
 * sched.c - the table of scheduling policies, the calls every policy goes through
 * (counting queued tasks, waking sleepers) and the priority queue they share.
 *
 * Tasks with a non-zero priority go to one heap beside the policy's own queues:
 * positive priorities are taken before the policy's tasks, negative ones after.
 * With --critical-successors=N, a task that becomes ready with N or more successors
 * goes to one more FIFO, `urgent`, taken after the positive priorities and before the
 * policy's queues (nrt_sched_push_critical).  With --critical-path, a task whose rank is
 * known goes to a second heap, taken after that FIFO (nrt_sched_push_ranked).  Tasks
 * that a waiting thread popped and could not run go to a last FIFO, `aside`, taken after
 * everything else (nrt_sched_put_aside).
 */
#include "nrt.h"

#include <stdlib.h>
#include <string.h>

const char nrt_sched_default[] = "dbf";
const struct nrt_sched *nrt_sched = &nrt_sched_dbf;   /* set at start, then read-only */

static const struct nrt_sched *const policies[] = {
    &nrt_sched_bf, &nrt_sched_dbf, &nrt_sched_wf, &nrt_sched_versioning, &nrt_sched_affinity,
};
#define NPOLICIES (sizeof policies / sizeof policies[0])

const struct nrt_sched *nrt_sched_nth(unsigned i)
{
    return i < NPOLICIES ? policies[i] : NULL;
}

const char *nrt_sched_name(unsigned i, const char **help)
{
    if (i >= NPOLICIES)
        return NULL;
    *help = policies[i]->help;
    return policies[i]->name;
}

void nrt_sched_select(void)
{
    nrt_sched = nrt_sched_nth((unsigned)nrt_cfg.schedule);
    NRT_ASSERT(nrt_sched != NULL);   /* config.c validated the name */
}

/* ---- the priority heaps ----------------------------------------------------------- */

/* A binary heap of tasks under a lock, ordered by `before` (ties: the order of pushes). */
struct theap {
    struct nrt_lock lock;
    struct nanort_task **heap;         /* lock */
    size_t n, cap;                  /* lock */
    uint64_t seq;                   /* lock */
    atomic_long count;              /* == n; relaxed reads decide whether to look */
    bool (*before)(const struct nanort_task *a, const struct nanort_task *b);
};

static bool prio_before(const struct nanort_task *a, const struct nanort_task *b)
{
    return a->priority > b->priority || (a->priority == b->priority && a->seq < b->seq);
}

/* --critical-path: the longest path to the end of the graph first (nrt_deps_rank). */
static bool rank_before(const struct nanort_task *a, const struct nanort_task *b)
{
    return a->rank > b->rank || (a->rank == b->rank && a->seq < b->seq);
}

static struct theap prio = {.before = prio_before};
static struct theap ranked = {.before = rank_before};
static struct nrt_tqueue urgent;     /* --critical-successors: see the header */
static struct nrt_tqueue aside;      /* nrt_sched_put_aside */

static void theap_init(struct theap *h)
{
    nrt_lock_init_plain(&h->lock);
    free(h->heap);
    h->heap = NULL;
    h->n = h->cap = 0;
    h->seq = 0;
    atomic_store(&h->count, 0);
}

void nrt_prio_init(void)
{
    nrt_tqueue_init(&urgent);
    nrt_tqueue_init(&aside);
    theap_init(&prio);
    theap_init(&ranked);
}

static void heap_swap(struct theap *h, size_t i, size_t j)
{
    NRT_ASSERT_HELD(&h->lock);
    struct nanort_task *x = h->heap[i];
    h->heap[i] = h->heap[j];
    h->heap[j] = x;
}

static void theap_push(struct theap *h, struct nanort_task *t)
{
    nrt_lock_acquire(&h->lock);
    if (h->n == h->cap) {
        h->cap = h->cap ? 2 * h->cap : 64;
        h->heap = nrt_xrealloc(h->heap, h->cap * sizeof *h->heap);
    }
    t->seq = h->seq++;
    size_t i = h->n++;
    h->heap[i] = t;
    while (i > 0 && h->before(h->heap[i], h->heap[(i - 1) / 2])) {
        heap_swap(h, i, (i - 1) / 2);
        i = (i - 1) / 2;
    }
    atomic_store(&h->count, (long)h->n);   /* seq_cst: see nrt_sched::queued */
    nrt_lock_release(&h->lock);
}

static void heap_sift_down(struct theap *h, size_t i)
{
    NRT_ASSERT_HELD(&h->lock);
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, best = i;
        if (l < h->n && h->before(h->heap[l], h->heap[best]))
            best = l;
        if (r < h->n && h->before(h->heap[r], h->heap[best]))
            best = r;
        if (best == i)
            return;
        heap_swap(h, i, best);
        i = best;
    }
}

/* The first task of h (with a positive priority only, when positive_only), or NULL. */
static struct nanort_task *theap_pop(struct theap *h, bool positive_only)
{
    struct nanort_task *t = NULL;
    if (atomic_load_explicit(&h->count, memory_order_relaxed) == 0)
        return NULL;
    nrt_lock_acquire(&h->lock);
    if (h->n > 0 && (!positive_only || h->heap[0]->priority > 0)) {
        t = h->heap[0];
        h->heap[0] = h->heap[--h->n];
        heap_sift_down(h, 0);
        atomic_store_explicit(&h->count, (long)h->n, memory_order_relaxed);
    }
    nrt_lock_release(&h->lock);
    return t;
}

void nrt_prio_push(struct nanort_task *t)
{
    theap_push(&prio, t);
}

struct nanort_task *nrt_prio_pop(bool positive_only)
{
    return theap_pop(&prio, positive_only);
}

bool nrt_prio_waiting(void)
{
    /* relaxed: a stale answer only changes who runs a new task, never whether it runs. */
    return atomic_load_explicit(&prio.count, memory_order_relaxed) > 0;
}

/* ---- what the core calls ---------------------------------------------------------- */

void nrt_sched_push(struct nanort_task *t)
{
    if (nrt_dev_wanted(t) && nrt_dev_dispatch_ready(t))
        return;                     /* on a device's queue: its manager runs it */
    if (t->priority != 0)
        nrt_prio_push(t);
    else
        nrt_sched->push(nrt_self, t);
    nrt_wake_worker();
}

/*
 * The critical path first (--critical-successors): a task that many others wait for
 * (cholesky's potrf and trsm) runs before the tasks already queued, whichever worker
 * queued them, so that the next step's tasks become ready while the workers still have
 * this step's.  On per-worker deques such a task waited behind its finisher's own tasks
 * or for a thief, and at the end of each step the workers idled.  One shared FIFO: the
 * tasks it gets are few (one or a few per step), its lock costs nothing beside them.
 */
/* A task with a priority goes where nrt_sched_push puts it, one a device takes to that
 * device's queue: true when t went there. */
static bool queued_elsewhere(struct nanort_task *t)
{
    if (t->priority != 0) {
        nrt_sched_push(t);
        return true;
    }
    return nrt_dev_wanted(t) && nrt_dev_dispatch(t);
}

void nrt_sched_push_critical(struct nanort_task *t)
{
    if (queued_elsewhere(t))
        return;
    nrt_tqueue_push_back(&urgent, t);  /* seq_cst count: see nrt_sched::queued */
    nrt_wake_worker();
}

/*
 * The longest path first (--critical-path): a task whose rank (nrt_deps_rank: the
 * longest chain of measured bodies from it to the end of its graph) is known goes to one
 * shared heap, taken after the urgent FIFO and before the policy's queues, highest rank
 * first.  A global list schedule by that rank is the classic one for a graph known in
 * advance (Hu's levels, HLFET): cholesky's next panel runs before the trailing updates
 * that became ready earlier, and parallel chains advance together.  The heap's lock
 * costs nothing beside the bodies that come here (deps.c: --critical-path-us or more).
 */
void nrt_sched_push_ranked(struct nanort_task *t)
{
    if (queued_elsewhere(t))
        return;
    theap_push(&ranked, t);            /* seq_cst count: see nrt_sched::queued */
    nrt_wake_worker();
}

struct nanort_task *nrt_sched_pop(void)
{
    struct nanort_task *t = nrt_prio_pop(true);
    if (!t)
        t = nrt_tqueue_pop_front(&urgent);
    if (!t)
        t = theap_pop(&ranked, false);
    if (!t)
        t = nrt_sched->pop(nrt_self);
    if (!t)
        t = nrt_prio_pop(false);
    if (!t)
        t = nrt_tqueue_pop_front(&aside);
    return t;
}

/*
 * A task that waits under the tied-task rule (omp_api.c) runs only its descendants: the
 * others it pops come here.  Pushed back where they came from (the heap of priorities,
 * dbf's deque, which gives the newest first) they were the first again, its next pops
 * took the same ones, and a child queued behind 33 of them was never reached: the run
 * spun for ever (compat/omp_lock_contended with one worker under dbf, about one run in
 * six).  Taken last, they come up again once the other queues hold no more of them, in
 * the order they were popped (their priority is a hint: they wait for the queues ahead).
 */
void nrt_sched_put_aside(struct nanort_task *const *tasks, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        struct nanort_task *t = tasks[i];
        if (nrt_dev_wanted(t) && nrt_dev_dispatch_ready(t))
            continue;                   /* on a device's queue: its manager runs it */
        nrt_tqueue_push_back(&aside, t);   /* seq_cst count: see nrt_sched::queued */
        nrt_wake_worker();
    }
}

bool nrt_sched_has_work(void)
{
    return atomic_load(&prio.count) > 0 || atomic_load(&urgent.n) > 0 ||
           atomic_load(&ranked.count) > 0 || atomic_load(&aside.n) > 0 ||
           nrt_sched->queued(NULL) > 0;
}

/* ---- a locked FIFO of tasks --------------------------------------------------------- */

void nrt_tqueue_init(struct nrt_tqueue *q)
{
    nrt_lock_init(&q->lock);
    q->head = q->tail = NULL;
    atomic_store(&q->n, 0);
}

void nrt_tqueue_destroy(struct nrt_tqueue *q)
{
    NRT_ASSERT(q->head == NULL);
    (void)q;
}

void nrt_tqueue_push_back(struct nrt_tqueue *q, struct nanort_task *t)
{
    t->next = NULL;
    nrt_lock_acquire(&q->lock);
    if (q->tail)
        q->tail->next = t;
    else
        q->head = t;
    q->tail = t;
    atomic_fetch_add(&q->n, 1);                /* seq_cst: see nrt_sched::queued */
    nrt_lock_release(&q->lock);
}

struct nanort_task *nrt_tqueue_pop_front(struct nrt_tqueue *q)
{
    /* relaxed: an empty-looking queue is retried at the next poll. */
    if (atomic_load_explicit(&q->n, memory_order_relaxed) == 0)
        return NULL;
    nrt_lock_acquire(&q->lock);
    struct nanort_task *t = q->head;
    if (t) {
        q->head = t->next;
        if (!q->head)
            q->tail = NULL;
        atomic_fetch_sub_explicit(&q->n, 1, memory_order_relaxed);
    }
    nrt_lock_release(&q->lock);
    return t;
}
