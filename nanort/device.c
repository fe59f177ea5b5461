/*
 * device.c - memory spaces, dispatch of ready tasks to devices, the manager threads.
 *
 * Space 0 is the host.  At start every registered accelerator plugin (ops->open set) is
 * probed and each device it finds becomes one more space with a FIFO of ready tasks and
 * a manager thread.  The manager runs a pipeline of depth 2: while task A's kernels run
 * it stages and launches the next task B (B's copies overlap A's kernels), then waits for
 * A, completes it in the cache and finishes it like an smp body.
 *
 * Dispatch happens when a task becomes ready (nrt_sched_push) or is about to run on a
 * worker (nrt_task_execute, undeferred tasks): only for types with accelerator
 * implementations, and only when spaces exist (nrt_dev_wanted), so the smp path pays a
 * predictable branch.
 */
#include "nrt.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct nrt_space *nrt_spaces[NRT_MAX_SPACES];
int nrt_nspaces = 1;
bool nrt_dev_runs_smp;
static struct nrt_space host_space = {.id = 0, .ops = &nrt_smp_device, .name = "host"};

/* One space's ready tasks and its manager. */
struct nrt_dev_queue {
    struct nrt_lock lock;
    pthread_cond_t cond;            /* the manager sleeps on it when it has nothing to do */
    struct nanort_task *head, *tail;    /* lock */
    bool stop;                      /* lock */
    /* Tasks queued or in flight here: changed under lock, read relaxed by dispatch (a
     * stale value only makes a worse choice). */
    atomic_long load;
    pthread_t thread;
    uint64_t busy_until;            /* manager only: end of the last busy interval */
    /* Tasks the manager has started (its ring's count) and how many it may: written by
     * the manager, read relaxed by nrt_dev_take_back() (a stale value only delays or
     * hastens a take-back). */
    atomic_int started;
    int cap;                        /* set before the manager starts */
};

/* The context of the device task the calling manager thread is running (OmpSs's
 * nanos_get_kernel_execution_stream() has no argument). */
static __thread nanort_ctx *cur_ctx __attribute__((tls_model("initial-exec")));
/* --dispatch=round-robin: rotation over the candidates; relaxed, any order is fine. */
static atomic_uint rr_next;
/* When the spaces opened and stopped (busy %): the starting / stopping thread. */
static uint64_t dev_t0, dev_t1;

/* The name of the plugin registered for kind k (its ops table). */
static const char *kind_name(enum nanort_device_kind k)
{
    const struct nrt_device_ops *ops = nrt_device(k);
    return ops ? ops->name : "unregistered";
}

/* ---- the queue of a space ----------------------------------------------------------- */

static void offer_take_back(const struct nrt_space *s);

/* A task queued for s now waits behind its full in-flight window, among the next ones
 * to start there (as many as its workers); relaxed hints. */
static bool next_to_start(const struct nrt_space *s)
{
    const struct nrt_dev_queue *q = s->queue;
    int started = atomic_load_explicit(&q->started, memory_order_relaxed);
    long waiting = atomic_load_explicit(&q->load, memory_order_relaxed) - started;
    return started >= q->cap && waiting < (s->width > 1 ? s->width : 1);
}

static void queue_push(struct nrt_space *s, struct nanort_task *t)
{
    struct nrt_dev_queue *q = s->queue;
    /* --cluster-prefetch: behind a full window, the next tasks to start there (as many as
     * its workers) get their inputs sent now, so that they are there when a slot frees
     * (before it is queued: once it is, its manager may run and free it; not a commutative
     * task, whose staging waits for its token).  Such a task stays with the rank: taken
     * back, the host could write its inputs while their copies still read them, and a
     * later copy of the same bytes could land before the stale one.  Deeper ones stay
     * free for take-back. */
    if (NRT_UNLIKELY(s->ops->runs_smp) && nrt_cluster.prefetch &&
        !(t->flags & NRT_TF_COMMUTATIVE) && next_to_start(s)) {
        t->flags |= NRT_TF_PREFETCHED;
        nrt_cache_prefetch(t, s);
    }
    t->next = NULL;
    nrt_lock_acquire(&q->lock);
    if (q->tail)
        q->tail->next = t;
    else
        q->head = t;
    q->tail = t;
    atomic_fetch_add_explicit(&q->load, 1, memory_order_relaxed);
    NRT_PCHECK(pthread_cond_signal(&q->cond));
    nrt_lock_release(&q->lock);
    /* its manager may be waiting for tasks in flight; not when its window is full (it
     * could start nothing: it pops the queue anyway once a task finishes, after it stored
     * the smaller count that this load then sees) */
    if (s->ops->mem->wake &&
        atomic_load_explicit(&q->started, memory_order_relaxed) < q->cap)
        s->ops->mem->wake(s);
    offer_take_back(s);
}

/* The next task; when `block`, sleep until one comes or the space stops (NULL).  *stop
 * (when given): whether it stopped. */
static struct nanort_task *queue_pop(struct nrt_space *s, bool block, bool *stop)
{
    struct nrt_dev_queue *q = s->queue;
    nrt_lock_acquire(&q->lock);
    while (block && !q->head && !q->stop)
        nrt_cond_wait(&q->cond, &q->lock);
    struct nanort_task *t = q->head;
    if (t) {
        q->head = t->next;
        if (!q->head)
            q->tail = NULL;
    }
    if (stop)
        *stop = q->stop;
    nrt_lock_release(&q->lock);
    return t;
}

static void queue_done_one(struct nrt_space *s)
{
    atomic_fetch_sub_explicit(&s->queue->load, 1, memory_order_relaxed);
}

/* ---- take-back: an idle host runs a task queued for a busy remote space -------------- */

/* Ready tasks parked until the versioning choice knows more (nrt_vers_choose's `wait`):
 * dispatched again, all of them, whenever a versioned instance finishes.  The choice
 * waits only while trials are in flight, so that news comes.  Initialised at start. */
static struct nrt_tqueue parked;

bool nrt_take_back = true;          /* --cluster-take-back */
/* Whether idle host workers look for tasks to take back: set (release) once the spaces
 * are open, after the workers started, so that they read it atomically. */
atomic_bool nrt_take_back_on;

static const struct nanort_impl *host_impl(const struct nrt_type_info *info);

/* Tasks wait in s's queue beyond its full in-flight window (relaxed hints). */
static bool beyond_window(const struct nrt_space *s)
{
    const struct nrt_dev_queue *q = s->queue;
    int started = atomic_load_explicit(&q->started, memory_order_relaxed);
    return started >= q->cap && atomic_load_explicit(&q->load, memory_order_relaxed) > started;
}

/* A sleeping host worker may take a task back from s: wake one (it finds the task in
 * nrt_run_one()). */
static void offer_take_back(const struct nrt_space *s)
{
    if (NRT_UNLIKELY(s->ops->runs_smp) && nrt_take_back && beyond_window(s))
        nrt_wake_worker();
}

/* A queued task the host may run instead: it has an smp implementation, no creator waits
 * for its device run (dev_done), it holds no commutative token, and its inputs were not
 * prefetched to that rank. */
static bool host_may_run(const struct nanort_task *t)
{
    return !t->dev_done && !(t->flags & (NRT_TF_COMMUTATIVE | NRT_TF_PREFETCHED)) &&
           host_impl(t->info);
}

/*
 * A worker of the host found nothing to run.  A space that runs smp implementations
 * elsewhere (a cluster rank) and has every slot of its in-flight window taken keeps the
 * tasks queued beyond it waiting until one of its tasks finishes, while the host idles:
 * take the oldest such task back and let the caller run it (its smp implementation; the
 * cache fetches its inputs from wherever they are, as for any host task).  The window
 * must be full, so that the ranks' workers always have tasks started and the host only
 * takes what they could not start yet.  NULL when there is none.
 */
struct nanort_task *nrt_dev_take_back(void)
{
    for (int i = 1; i < nrt_nspaces; i++) {
        struct nrt_space *s = nrt_spaces[i];
        struct nrt_dev_queue *q = s->queue;
        if (!s->ops->runs_smp || !q)
            continue;
        if (!beyond_window(s))
            continue;
        nrt_lock_acquire(&q->lock);
        struct nanort_task *t = q->head, *prev = NULL;
        while (t && !host_may_run(t)) {
            prev = t;
            t = t->next;
        }
        if (t) {
            if (prev)
                prev->next = t->next;
            else
                q->head = t->next;
            if (q->tail == t)
                q->tail = prev;
            t->next = NULL;
        }
        nrt_lock_release(&q->lock);
        if (!t)
            continue;
        queue_done_one(s);
        atomic_fetch_add_explicit(&s->stats.taken_back, 1, memory_order_relaxed);
        nrt_vers_forget(t);         /* (before the space changes: it names the queue) */
        t->impl = host_impl(t->info);
        t->space = 0;
        return t;
    }
    return NULL;
}

/* ---- the manager thread ---------------------------------------------------------------- */

/* A task launched on the device and not yet finished. */
struct inflight {
    struct nanort_task *t;
    nanort_ctx ctx;
    nrt_event ev;
    uint64_t t0;
};

enum start_result { STARTED, PARKED, NO_ROOM, ON_HOST };

/* The first implementation of the type that a worker thread runs (smp), or NULL. */
static const struct nanort_impl *host_impl(const struct nrt_type_info *info)
{
    for (unsigned i = 0; i < info->nimpls; i++) {
        const struct nrt_device_ops *d = nrt_device(info->impls[i]->device);
        if (d && d->run)
            return info->impls[i];
    }
    return NULL;
}

/* Run t's host implementation smp instead of the one s was to run (an undeferred task's
 * creator runs it, the others are queued for the workers). */
static void run_on_host(struct nanort_task *t, const struct nanort_impl *smp)
{
    nrt_vers_forget(t);
    t->impl = smp;
    t->space = 0;
    atomic_int *done = t->dev_done;
    if (done) {
        t->dev_done = NULL;
        /* release: the creator sees impl and space before it runs the task itself. */
        atomic_store_explicit(done, 2, memory_order_release);
        nrt_wake_waiters();
    } else {
        nrt_sched_push(t);          /* not wanted by a device any more (nrt_dev_wanted) */
    }
}

/* t's data can never fit in s (nothing else holds its memory, and still no room): run
 * its smp implementation instead when it has one; otherwise the "does not fit" error. */
static void fit_elsewhere(struct nrt_space *s, struct nanort_task *t)
{
    const struct nanort_impl *smp = host_impl(t->info);
    if (!smp)
        nrt_cache_does_not_fit(t, s);
    if (nrt_cfg.verbose)
        fprintf(stderr, "nanort: task '%s' does not fit on %s: it runs on the host (%s)\n",
                t->type->label ? t->type->label : "(unnamed)", s->name, smp->name);
    run_on_host(t, smp);
}

struct nrt_impl_list {
    const struct nanort_impl *impl;
    struct nrt_impl_list *next;
};

static bool unusable_on(const struct nrt_space *s, const struct nanort_impl *impl)
{
    for (const struct nrt_impl_list *u = atomic_load_explicit(&s->unusable,
                                                              memory_order_acquire);
         u; u = u->next)
        if (u->impl == impl)
            return true;
    return false;
}

/* Whether t's implementation can run on s (compute->usable, asked only when the type has
 * a host implementation): when it cannot, t runs that instead and the implementation is
 * no candidate on s any more (manager thread).  Without one, the launch reports the
 * failure, as before. */
static bool usable_here(struct nrt_space *s, struct nanort_task *t)
{
    bool (*usable)(struct nrt_space *, const struct nanort_impl *) = s->ops->compute->usable;
    const struct nanort_impl *smp;
    if (!usable || !(smp = host_impl(t->info)) || usable(s, t->impl))
        return true;
    if (!unusable_on(s, t->impl)) {
        struct nrt_impl_list *u = nrt_xmalloc(sizeof *u);
        u->impl = t->impl;
        u->next = atomic_load_explicit(&s->unusable, memory_order_relaxed);
        atomic_store_explicit(&s->unusable, u, memory_order_release);
        fprintf(stderr, "nanort: warning: implementation '%s' of task '%s' cannot run on %s "
                "(above): its tasks run their other implementations ('%s' on the host)\n",
                t->impl->name, t->type->label ? t->type->label : "(unnamed)", s->name,
                smp->name);
    }
    run_on_host(t, smp);
    return false;
}

/* Stage t's data, then run its implementation (which queues the kernels). */
static enum start_result start_task(struct nrt_space *s, struct inflight *f,
                                    struct nanort_task *t, bool others_in_flight)
{
    if (!usable_here(s, t))
        return ON_HOST;
    if ((t->flags & NRT_TF_COMMUTATIVE) && !nrt_tokens_acquire(t, true))
        return PARKED;              /* re-pushed (and re-queued here) when the token frees */
    struct nrt_staging *st = nrt_cache_stage(t, s, others_in_flight);
    if (!st) {
        if (t->flags & NRT_TF_COMMUTATIVE)
            nrt_tokens_release(t);
        if (others_in_flight)
            return NO_ROOM;
        fit_elsewhere(s, t);
        return ON_HOST;
    }
    const struct nrt_compute_ops *c = s->ops->compute;
    const nrt_event *ev;
    unsigned nev = nrt_cache_events(st, &ev);
    f->t = t;
    f->ctx = (nanort_ctx){t, t->impl, NULL, s, st};
    f->t0 = nrt_now_ns();
    if (t->vtrial)
        nrt_vers_started(t);
    if (nrt_instr_on)
        nrt_instr_task_begin(t, NRT_TRACK_SPACE(s->id, 0));
    if (NRT_UNLIKELY(nrt_hooks_on)) nrt_hooks_run(t, s->id, true);
    if (c->begin)
        c->begin(s, &f->ctx, nev, ev);
    cur_ctx = &f->ctx;
    nrt_current = t;
    if (c->run)
        c->run(s, &f->ctx);         /* elsewhere (cluster: on its rank) */
    else
        t->impl->run(t->args, &f->ctx);
    nrt_current = NULL;
    cur_ctx = NULL;
    f->ev = c->end ? c->end(s, &f->ctx) : NULL;
    return STARTED;
}

/* Busy time is the union of the intervals tasks were on the device. */
static void count_busy(struct nrt_space *s, uint64_t t0, uint64_t t1)
{
    struct nrt_dev_queue *q = s->queue;
    if (t0 < q->busy_until)
        t0 = q->busy_until;
    if (t1 > t0)
        atomic_fetch_add_explicit(&s->stats.busy_ns, t1 - t0, memory_order_relaxed);
    if (t1 > q->busy_until)
        q->busy_until = t1;
}

/* Wait for f's device work, complete it in the cache, finish the task. */
static void finish_task(struct nrt_space *s, struct inflight *f)
{
    struct nanort_task *t = f->t;
    uint64_t own = UINT64_MAX;      /* measured by the device, when it says */
    if (f->ev) {
        s->ops->mem->wait(s, f->ev);
        if (s->ops->compute->run_ns)
            own = s->ops->compute->run_ns(s, f->ev);
        s->ops->mem->release(s, f->ev);
    }
    nrt_cache_complete(f->ctx.staging);
    uint64_t t1 = nrt_now_ns();
    /* its own time on the device: its kernels as the device timed them (reported when
     * its event was released above); for a device that times nothing, from when it
     * started or the previous task ended (the manager's interval, which also holds the
     * staging and the waits of the pipeline: only an estimate) */
    uint64_t from = f->t0 > s->queue->busy_until ? f->t0 : s->queue->busy_until;
    uint64_t dev = nrt_devtime_take_kernel(t);
    if (own == UINT64_MAX)
        own = dev ? dev : t1 > from ? t1 - from : 0;
    /* (every instance the versioning placed: a type with one implementation has a choice
     * of devices when there are several) */
    if (t->vchosen && nrt_versioning_on())
        nrt_vers_done(t, nrt_impl_index(t->info, t->impl), own);
    count_busy(s, f->t0, t1);
    atomic_fetch_add_explicit(&s->stats.tasks, 1, memory_order_relaxed);
    if (nrt_instr_on)
        nrt_instr_task_end(t, NRT_TRACK_SPACE(s->id, 0));
    atomic_int *done = t->dev_done;
    nrt_task_body_done(t);          /* t may be freed from here on */
    queue_done_one(s);
    if (done) {
        /* release: the creator's acquire load sees the finished task's effects. */
        atomic_store_explicit(done, 1, memory_order_release);
        nrt_wake_waiters();
    }
}

/* --device-inflight: tasks a manager keeps started on its device at once.  Starting a
 * task queues its input copies and its kernels; with several started, the copies of the
 * next ones run while the current kernels do, and the manager's own work on a task
 * (staging, completion, releasing its successors) overlaps the device's. */
static int inflight_max;            /* 0 (the default): NRT_INFLIGHT_DEFAULT */
#define NRT_INFLIGHT_DEFAULT 4

bool nrt_eager_writeback;

static const struct nrt_option device_options[] = {
    {"device-inflight", NRT_OPT_POS_INT, "4",
     "tasks each device manager keeps started at once (their copies and kernels queued on "
     "the device); 1 runs one task at a time", &inflight_max, NULL},
    {"eager-writeback", NRT_OPT_BOOL, "yes",
     "under --cache-policy=writeback, copy a device task's results back to the host as soon "
     "as it completes when no task created so far needs them (overlaps the copies with the "
     "next kernels instead of leaving them all to the taskwait; only where the copy does "
     "not block, e.g. CUDA with pinned host memory)", &nrt_eager_writeback, NULL},
};

__attribute__((constructor(150))) static void device_register_options(void)
{
    nrt_config_add(device_options, sizeof device_options / sizeof device_options[0]);
}

/* The tasks in flight on one device, oldest first: a ring of `cap` slots. */
struct ring {
    struct inflight *slot;
    unsigned cap, head, n;
};

/* Finish the task in flight that completes first (the oldest when the space cannot
 * wait for any of several): a finished task's successors must not wait behind an older,
 * longer one still running (cluster ranks run several at once).  With wait_any, it
 * returns without finishing anything when a task was queued meanwhile (the manager then
 * starts it when a slot is free). */
static void finish_oldest(struct nrt_space *s, struct ring *r)
{
    const struct nrt_mem_ops *m = s->ops->mem;
    if (m->wait_any) {
        nrt_event ev[r->n];
        unsigned k = 0;
        for (; k < r->n; k++)
            if (!(ev[k] = r->slot[(r->head + k) % r->cap].ev))
                break;              /* nothing to wait for */
        if (k == r->n && (k = m->wait_any(s, r->n, ev)) == r->n)
            return;                 /* woken: a task was queued */
        if (k > 0) {                /* it takes the oldest's place; order does not matter */
            struct inflight tmp = r->slot[r->head];
            r->slot[r->head] = r->slot[(r->head + k) % r->cap];
            r->slot[(r->head + k) % r->cap] = tmp;
        }
    }
    finish_task(s, &r->slot[r->head]);
    r->head = (r->head + 1) % r->cap;
    r->n--;
}

/* Start t in the next free slot, completing the oldest tasks first while t's data needs
 * their memory. */
static void start_next(struct nrt_space *s, struct ring *r, struct nanort_task *t)
{
    for (;;) {
        struct inflight *f = &r->slot[(r->head + r->n) % r->cap];
        enum start_result res = start_task(s, f, t, r->n > 0);
        if (res == STARTED) {
            r->n++;
            return;
        }
        if (res == PARKED || res == ON_HOST) {
            queue_done_one(s);
            return;
        }
        NRT_ASSERT(r->n > 0);       /* with nothing in flight the cache stops the run */
        finish_oldest(s, r);
    }
}

static unsigned manager_cap(const struct nrt_space *s)
{
    return s->inflight > 0 ? (unsigned)s->inflight
           : inflight_max > 0 ? (unsigned)inflight_max : NRT_INFLIGHT_DEFAULT;
}

static void *manager_main(void *arg)
{
    struct nrt_space *s = arg;
    struct nrt_dev_queue *q = s->queue;
    struct ring r = {.cap = manager_cap(s)};
    r.slot = nrt_xcalloc(r.cap, sizeof *r.slot);
    bool (*idle)(struct nrt_space *) = s->ops->compute->idle;
    for (;;) {
        /* Sleep only when nothing is in flight (nor work to do ahead); with every slot
         * busy, take nothing. */
        bool stop = false;
        struct nanort_task *t = r.n < r.cap ? queue_pop(s, r.n == 0 && !idle, &stop) : NULL;
        if (!t && r.n == 0) {
            if (stop || !idle)
                break;              /* stopped */
            if (!idle(s))
                idle = NULL;        /* nothing more ahead: sleep from now on */
            continue;
        }
        if (t) {
            start_next(s, &r, t);
            atomic_store_explicit(&q->started, (int)r.n, memory_order_relaxed);
            if (r.n < r.cap)
                continue;           /* look for more before waiting for the device */
            offer_take_back(s);     /* the window is full: the rest may wait long */
        }
        finish_oldest(s, &r);
        atomic_store_explicit(&q->started, (int)r.n, memory_order_relaxed);
    }
    free(r.slot);
    return NULL;
}

/* ---- start and stop --------------------------------------------------------------------- */

static void queue_start(struct nrt_space *s)
{
    struct nrt_dev_queue *q = nrt_xcalloc(1, sizeof *q);
    nrt_lock_init_plain(&q->lock);
    NRT_PCHECK(pthread_cond_init(&q->cond, NULL));
    atomic_init(&q->load, 0);
    atomic_init(&q->started, 0);
    q->cap = (int)manager_cap(s);
    s->queue = q;
    NRT_PCHECK(pthread_create(&q->thread, NULL, manager_main, s));
}

/* Open every device of one accelerator plugin as a new space. */
static void open_plugin(const struct nrt_device_ops *ops)
{
    int n = ops->probe ? ops->probe() : 0;
    for (int i = 0; i < n; i++) {
        if (nrt_nspaces == NRT_MAX_SPACES) {
            fprintf(stderr, "nanort: warning: more than %d memory spaces; %s device %d and "
                            "later ones are not used\n", NRT_MAX_SPACES - 1, ops->name, i);
            return;
        }
        struct nrt_space *s = nrt_xcalloc(1, sizeof *s);
        s->id = nrt_nspaces;
        s->ops = ops;
        s->index = i;
        s->mem_limit = SIZE_MAX;
        s->max_alloc = SIZE_MAX;
        snprintf(s->name, sizeof s->name, "%s%d", ops->name, i);
        if (!ops->open(i, s)) {
            if (nrt_cfg.verbose)
                fprintf(stderr, "nanort: %s device %d not used\n", ops->name, i);
            free(s);
            continue;
        }
        nrt_spaces[nrt_nspaces++] = s;
    }
}

int nrt_devices_open(void)
{
    nrt_spaces[0] = &host_space;
    nrt_nspaces = 1;
    nrt_tqueue_init(&parked);
    dev_t0 = nrt_now_ns();
    dev_t1 = 0;
    nrt_dev_runs_smp = false;
    for (int k = 0; k < NANORT_DEVICE_KIND_COUNT; k++) {
        const struct nrt_device_ops *ops = nrt_devices[k];
        if (ops && ops->open)
            open_plugin(ops);
    }
    return nrt_nspaces - 1;
}

/* Spaces of one physical device: the same UUID, or the same PCI address, as their
 * plugins report them. */
static bool same_device(const struct nrt_space *a, const struct nrt_space *b)
{
    if (a->has_uuid && b->has_uuid)
        return memcmp(a->uuid, b->uuid, sizeof a->uuid) == 0;
    return a->pci[0] && strcmp(a->pci, b->pci) == 0;
}

static void find_shared_devices(void)
{
    for (int i = 0; i < nrt_nspaces; i++) {
        struct nrt_space *s = nrt_spaces[i];
        s->device_of = i;
        for (int j = 1; j < i; j++)
            if (same_device(nrt_spaces[j], s)) {
                s->device_of = nrt_spaces[j]->device_of;
                if (nrt_cfg.verbose)
                    fprintf(stderr, "nanort: %s and %s are one device: their queued work is "
                                    "counted together\n", nrt_spaces[j]->name, s->name);
                break;
            }
    }
}

bool nrt_space_shares_device(const struct nrt_space *s)
{
    for (int i = 1; i < nrt_nspaces; i++)
        if (nrt_spaces[i] != s && nrt_spaces[i]->device_of == s->device_of)
            return true;
    return false;
}

void nrt_devices_start(void)
{
    for (int k = NANORT_DEVICE_KIND_COUNT; k < NRT_KIND_SLOTS; k++) {
        const struct nrt_device_ops *ops = nrt_devices[k];
        if (ops && ops->open)
            open_plugin(ops);
    }
    find_shared_devices();
    for (int i = 1; i < nrt_nspaces; i++) {
        nrt_dev_runs_smp |= nrt_spaces[i]->ops->runs_smp;
        queue_start(nrt_spaces[i]);
        if (nrt_spaces[i]->ops->runs_smp && nrt_take_back)
            atomic_store_explicit(&nrt_take_back_on, true, memory_order_release);
        if (nrt_cfg.verbose)
            fprintf(stderr, "nanort: memory space %d: %s, cache limit %zu MiB\n", i,
                    nrt_spaces[i]->name, nrt_spaces[i]->mem_limit >> 20);
    }
    if (nrt_cfg.verbose && nrt_nspaces > 1)
        fprintf(stderr, "nanort: cache-policy=%s, dispatch=%s\n",
                nrt_config_value_name("cache-policy"), nrt_config_value_name("dispatch"));
}

void nrt_devices_stop(void)
{
    atomic_store_explicit(&nrt_take_back_on, false, memory_order_relaxed);
    for (int i = 1; i < nrt_nspaces; i++) {
        struct nrt_dev_queue *q = nrt_spaces[i]->queue;
        nrt_lock_acquire(&q->lock);
        q->stop = true;
        NRT_PCHECK(pthread_cond_signal(&q->cond));
        nrt_lock_release(&q->lock);
        NRT_PCHECK(pthread_join(q->thread, NULL));
    }
    dev_t1 = nrt_now_ns();
    nrt_cache_stop();
    for (int i = 1; i < nrt_nspaces; i++)
        if (nrt_spaces[i]->ops->close)
            nrt_spaces[i]->ops->close(nrt_spaces[i]);
}

void nrt_devices_release(void)
{
    for (int i = 1; i < nrt_nspaces; i++) {
        struct nrt_dev_queue *q = nrt_spaces[i]->queue;
        nrt_lock_destroy(&q->lock);
        NRT_PCHECK(pthread_cond_destroy(&q->cond));
        free(q);
        for (struct nrt_impl_list *u = nrt_spaces[i]->unusable, *next; u; u = next) {
            next = u->next;
            free(u);
        }
        free(nrt_spaces[i]);
        nrt_spaces[i] = NULL;
    }
    nrt_nspaces = 1;
    nrt_tqueue_destroy(&parked);
}

void nrt_devices_after_fork(void)
{
    for (int i = 1; i < nrt_nspaces; i++)
        nrt_spaces[i] = NULL;       /* their managers did not survive the fork */
    nrt_nspaces = 1;
    nrt_cache_after_fork();
}

/* ---- dispatch ---------------------------------------------------------------------------- */

/* Candidate (implementation, space) pairs of a ready task. */
struct candidates {
    unsigned n;
    const struct nanort_impl *impl[NRT_MAX_SPACES + 1];
    int space[NRT_MAX_SPACES + 1];
    const struct nanort_impl *smp;  /* a host implementation, or NULL */
};

/* Whether space s can run implementation impl of t: its own kind, or an smp one on a
 * space that runs them elsewhere (cluster) when it accepts this task. */
static bool space_runs(const struct nrt_space *s, const struct nanort_impl *impl,
                       const struct nanort_task *t)
{
    const struct nrt_device_ops *o = s->ops;
    if (o->kind == impl->device)
        return !unusable_on(s, impl);
    return o->runs_smp && impl->device == NANORT_DEVICE_SMP &&
           (!o->accepts || o->accepts((struct nrt_space *)s, t));
}

static void find_candidates(const struct nanort_task *t, struct candidates *c)
{
    const struct nrt_type_info *info = t->info;
    c->n = 0;
    c->smp = NULL;
    for (unsigned i = 0; i < info->nimpls; i++) {
        const struct nanort_impl *impl = info->impls[i];
        const struct nrt_device_ops *d = nrt_device(impl->device);
        if (d && d->run && !c->smp)
            c->smp = impl;
        for (int s = 1; s < nrt_nspaces; s++) {
            bool dup = false;
            for (unsigned k = 0; k < c->n; k++)
                dup |= c->space[k] == s;
            if (!dup && space_runs(nrt_spaces[s], impl, t)) {
                c->impl[c->n] = impl;
                c->space[c->n++] = s;
            }
        }
    }
}

/* Most copy-in bytes already there, then the least loaded. */
static unsigned pick_affinity(const struct nanort_task *t, const struct candidates *c)
{
    unsigned best = 0;
    size_t best_bytes = 0;
    long best_load = 0;
    for (unsigned k = 0; k < c->n; k++) {
        const struct nrt_space *s = nrt_spaces[c->space[k]];
        size_t bytes = nrt_cache_affinity(t, s);
        long load = atomic_load_explicit(&s->queue->load, memory_order_relaxed);
        if (k == 0 || bytes > best_bytes || (bytes == best_bytes && load < best_load)) {
            best = k;
            best_bytes = bytes;
            best_load = load;
        }
    }
    return best;
}

/* Bytes of t's regions a device must copy in. */
static size_t copy_in_bytes(const struct nanort_task *t)
{
    size_t bytes = 0;
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct nrt_region *r = &t->regions[i];
        if (r->flags & NANORT_COPY_IN)
            bytes += nrt_region_bytes(r);
    }
    return bytes;
}

/* ---- tasks whose versioning choice waits ------------------------------------------- */

/* Dispatching parked tasks again may park them again, and news may come meanwhile (on
 * this thread too: a dispatch that finds news re-runs the loop instead of recursing). */
static _Thread_local bool unparking;    /* this thread is in nrt_dev_unpark's loop */
static _Thread_local bool unpark_again; /* and news came meanwhile */

static void park(struct nanort_task *t, unsigned long seen)
{
    nrt_tqueue_push_back(&parked, t);
    /* A run recorded between the choice and the push found no t to dispatch again: */
    if (nrt_vers_news_since(seen))
        nrt_dev_unpark();
}

void nrt_dev_unpark(void)
{
    if (atomic_load_explicit(&parked.n, memory_order_seq_cst) == 0)
        return;
    if (unparking) {                /* a dispatch below parked a task again */
        unpark_again = true;
        return;
    }
    unparking = true;
    do {
        unpark_again = false;
        /* those parked now only: what parks again waits for the next news */
        for (long n = atomic_load_explicit(&parked.n, memory_order_seq_cst); n > 0; n--) {
            struct nanort_task *t = nrt_tqueue_pop_front(&parked);
            if (!t)
                break;
            nrt_sched_push(t);
        }
    } while (unpark_again);
    unparking = false;
}

/*
 * The versioning choice among the device candidates and every smp implementation
 * (versioning.c).  A device candidate must copy in what it does not hold yet; the host
 * must copy back what it lacks (what only devices hold: written there), from the device
 * holding most of the inputs.  One pass over the directory gives both.  False when an smp
 * implementation won (t->impl set); else *k is the device candidate.  With `wait`, the
 * choice may also be put off: *parked set, t in the parked queue.
 */
static bool choose_versioned(struct nanort_task *t, const struct candidates *c, unsigned *k,
                             bool wait, bool *parked_now)
{
    const struct nrt_type_info *info = t->info;
    struct nrt_vcand v[NRT_MAX_SPACES + 16];
    unsigned n = 0;
    size_t need = copy_in_bytes(t), held_max = 0, held[NRT_MAX_SPACES] = {0}, host_lacks = 0;
    int from = 0;
    nrt_cache_holdings(t, held, &host_lacks);
    for (unsigned i = 0; i < c->n; i++) {
        int s = c->space[i];
        size_t h = held[s];
        if (h > held_max) {
            held_max = h;
            from = s;
        }
        v[n++] = (struct nrt_vcand){nrt_impl_index(info, c->impl[i]), s, need > h ? need - h : 0,
                                    0};
    }
    for (unsigned i = 0; i < info->nimpls && n < sizeof v / sizeof v[0]; i++) {
        const struct nrt_device_ops *d = nrt_device(info->impls[i]->device);
        if (d && d->run)
            v[n++] = (struct nrt_vcand){i, 0, host_lacks, from};
    }
    unsigned pick = 0;
    unsigned long seen = 0;
    if (!nrt_vers_choose(t, n, v, &pick, wait ? &seen : NULL) && wait && n > 0) {
        *parked_now = true;
        park(t, seen);
        return true;
    }
    if (pick >= c->n) {
        t->impl = info->impls[v[pick].impl];
        return false;
    }
    *k = pick;
    return true;
}

/* A type that also runs on the host leaves out the devices its data can never fit
 * (more than their memory limit, or a region more than one allocation): the host runs
 * those instances. */
static void drop_unfit(const struct nanort_task *t, struct candidates *c)
{
    unsigned n = 0;
    for (unsigned k = 0; k < c->n; k++) {
        if (!nrt_cache_fits(t, nrt_spaces[c->space[k]]))
            continue;
        c->impl[n] = c->impl[k];
        c->space[n++] = c->space[k];
    }
    c->n = n;
}

/* t, which another space could have run, runs on the host: with --cluster-prefetch, its
 * inputs held by cluster ranks start back now (they overlap its wait for a worker). */
static bool on_host(struct nanort_task *t)
{
    if (nrt_dev_runs_smp && nrt_cluster.prefetch)
        nrt_cache_prefetch_host(t);
    return false;
}

static bool dispatch(struct nanort_task *t, bool wait);

bool nrt_dev_dispatch(struct nanort_task *t)
{
    return dispatch(t, false);
}

bool nrt_dev_dispatch_ready(struct nanort_task *t)
{
    return dispatch(t, true);
}

static bool dispatch(struct nanort_task *t, bool wait)
{
    if (t->space > 0) {             /* a parked commutative task coming back */
        queue_push(nrt_spaces[t->space], t);
        return true;
    }
    struct candidates c;
    find_candidates(t, &c);
    if (c.smp && t->nregions > 0)
        drop_unfit(t, &c);
    if (c.n == 0) {
        if (!c.smp)
            nrt_dev_no_impl(t->info);
        t->impl = c.smp;
        return false;
    }
    unsigned k;
    if (nrt_versioning_on()) {
        /* earliest estimated finish, learning the implementations' times (versioning.c) */
        bool parked_now = false;
        if (!choose_versioned(t, &c, &k, wait, &parked_now))
            return on_host(t);      /* an smp implementation won */
        if (parked_now)
            return true;
    } else if (nrt_cfg.dispatch == NRT_DISPATCH_ROUND_ROBIN) {
        /* The host takes its turn when the type has an smp version. */
        unsigned n = c.n + (c.smp != NULL);
        k = atomic_fetch_add_explicit(&rr_next, 1, memory_order_relaxed) % n;
        if (k == c.n) {
            t->impl = c.smp;
            return on_host(t);
        }
    } else {
        k = pick_affinity(t, &c);
    }
    t->impl = c.impl[k];
    t->space = c.space[k];
    queue_push(nrt_spaces[t->space], t);
    return true;
}

void nrt_dev_no_impl(const struct nrt_type_info *info)
{
    char kinds[64] = "", names[256] = "", hints[256] = "";
    unsigned seen = 0;
    for (unsigned i = 0; i < info->nimpls; i++) {
        const struct nanort_impl *impl = info->impls[i];
        size_t n = strlen(names);
        snprintf(names + n, sizeof names - n, "%s%s", n ? ", " : "",
                 impl->name ? impl->name : "?");
        if (!(seen & (1u << impl->device))) {
            n = strlen(kinds);
            snprintf(kinds + n, sizeof kinds - n, "%s%s", n ? "/" : "", kind_name(impl->device));
            seen |= 1u << impl->device;
            const struct nrt_device_ops *ops = nrt_device(impl->device);
            const char *cause = ops && ops->no_device_cause ? ops->no_device_cause() : NULL;
            n = strlen(hints);
            if (cause || (ops && ops->install_hint))
                snprintf(hints + n, sizeof hints - n, "; %s", cause ? cause : ops->install_hint);
        }
    }
    const char *label = info->type->label ? info->type->label : "(unnamed)";
    nrt_fatal("task '%s' has only %s implementations (%s) and no %s device is available (run "
              "with NX_ARGS=--verbose to see why%s)", label, kinds, names, kinds, hints);
}

/* ---- what device implementations call ------------------------------------------------------ */

static struct nrt_space *ctx_space(nanort_ctx *ctx, const char *call)
{
    if (!ctx || !ctx->space)
        nrt_fatal("%s() called outside a device implementation (task '%s'): call it from the "
                  "version of a task for a device (device(...) clause)", call,
                  nanort_current_label());
    return ctx->space;
}

/* A size as the program wrote it: values with the top bit set come from negative ones. */
static int print_size(char *buf, size_t n, size_t v)
{
    return v > (size_t)PTRDIFF_MAX ? snprintf(buf, n, "%td", (ptrdiff_t)v)
                                   : snprintf(buf, n, "%zu", v);
}

void nrt_launch_refuse(const nanort_ctx *ctx, const struct nanort_launch *l, const char *fmt,
                       ...)
{
    char range[256], why[320];
    int k = snprintf(range, sizeof range, "ndrange(%u", l->ndims);
    bool local = false;
    for (unsigned i = 0; i < l->ndims && i < 3; i++)
        local |= l->local[i] != 0;
    for (unsigned i = 0; i < l->ndims && i < 3 && k < (int)sizeof range - 24; i++) {
        range[k++] = ',';
        range[k++] = ' ';
        k += print_size(range + k, sizeof range - (size_t)k, l->global[i]);
    }
    for (unsigned i = 0; local && i < l->ndims && i < 3 && k < (int)sizeof range - 24; i++) {
        range[k++] = ',';
        range[k++] = ' ';
        k += print_size(range + k, sizeof range - (size_t)k, l->local[i]);
    }
    snprintf(range + k, sizeof range - (size_t)k, ")");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    const char *label = ctx->task && ctx->task->type->label ? ctx->task->type->label : "?";
    const char *kernel = ctx->impl && ctx->impl->name ? ctx->impl->name : "?";
    nrt_fatal("task '%s', kernel '%s' on %s: %s: %s; fix the ndrange clause (or the values "
              "it is computed from)", label, kernel,
              ctx->space ? ctx->space->name : "the CPU cores", range, why);
}

void nrt_karg_not_copied(const nanort_ctx *ctx, unsigned i, const char *kernel)
{
    nrt_fatal("task '%s': argument %u of kernel '%s' is a buffer (__global or __constant) in "
              "the kernel, but the task copies nothing for it and passes __local memory: name "
              "it in copy_in, copy_out or copy_inout (or in a dependence, without "
              "no_copy_deps)",
              ctx->task && ctx->task->type->label ? ctx->task->type->label : "?", i + 1,
              kernel);
}

void nrt_karg_local_empty(const nanort_ctx *ctx, unsigned i, const char *kernel)
{
    nrt_fatal("task '%s': argument %u of kernel '%s' is __local memory, of 0 bytes: give the "
              "task's target pragma shmem(bytes), the size of each __local pointer parameter",
              ctx->task && ctx->task->type->label ? ctx->task->type->label : "?", i + 1,
              kernel);
}

/* What no device accepts: negative sizes, a local size of 0 beside others, a global size
 * that overflows when rounded up to a multiple of the local one.  A global size of 0 is
 * an empty range (nothing runs); every local size 0 lets the device choose. */
static void check_ndrange(const nanort_ctx *ctx, const struct nanort_launch *l)
{
    bool any_local = false;
    for (unsigned i = 0; i < l->ndims; i++)
        any_local |= l->local[i] != 0;
    for (unsigned i = 0; i < l->ndims; i++) {
        size_t g = l->global[i], b = l->local[i];
        if (g > (size_t)PTRDIFF_MAX)
            nrt_launch_refuse(ctx, l, "the global size of dimension %u is negative (%td)", i + 1,
                              (ptrdiff_t)g);
        if (b > (size_t)PTRDIFF_MAX)
            nrt_launch_refuse(ctx, l, "the local size of dimension %u is negative (%td)", i + 1,
                              (ptrdiff_t)b);
        if (any_local && b == 0)
            nrt_launch_refuse(ctx, l, "the local size of dimension %u is 0 (give every local "
                              "size, or none to let the device choose)", i + 1);
        if (b && g % b && g > SIZE_MAX - (b - g % b))
            nrt_launch_refuse(ctx, l, "the global size of dimension %u overflows when rounded "
                              "up to a multiple of the local size", i + 1);
    }
}

void nanort_kernel_launch(nanort_ctx *ctx, const struct nanort_launch *launch)
{
    nanort_kernel_launch_named(ctx, launch, NULL);
}

void nanort_kernel_launch_named(nanort_ctx *ctx, const struct nanort_launch *launch,
                                const char *arg_names)
{
    bool translated = ctx && !ctx->space && ctx->impl && nrt_clcpu_impl(ctx->impl);
    struct nrt_space *s = translated ? NULL : ctx_space(ctx, "nanort_kernel_launch");
    if (launch->ndims < 1 || launch->ndims > 3)
        nrt_fatal("task '%s': kernel launch with %u dimensions (ndrange takes 1, 2 or 3)",
                  ctx->task->type->label, launch->ndims);
    check_ndrange(ctx, launch);     /* the same sizes are wrong wherever the kernel runs */
    struct nanort_launch picked, resolved;
    struct nanort_karg args[launch->nargs ? launch->nargs : 1];
    struct nanort_karg autos[launch->nargs ? launch->nargs : 1];
    launch = nrt_kargs_pick(ctx, launch, arg_names, &picked, args);
    launch = nrt_kargs_auto(ctx, launch, &resolved, autos);
    if (translated)
        nrt_clcpu_launch(ctx, launch);  /* a translated kernel on the workers (clcpu.c) */
    else
        s->ops->compute->launch(s, ctx, launch);
}

void nanort_launch_reads(nanort_ctx *ctx, const void *base, unsigned ndims,
                         const struct nanort_dim *dims)
{
    if (!ctx || !ctx->space || ndims == 0)
        return;                         /* on the host: its copy is current */
    struct nrt_region r = {.base = base, .dims = dims, .ndims = ndims, .flags = NANORT_DEP_IN};
    nrt_region_normalise(&r);
    nrt_cache_host_read(&r);
}

void nanort_launch_reads1(nanort_ctx *ctx, const void *addr, size_t bytes)
{
    struct nanort_dim d = {bytes, 0, bytes};
    nanort_launch_reads(ctx, addr, 1, &d);
}

void *nanort_device_ptr(nanort_ctx *ctx, const void *host)
{
    void *buf;
    size_t off;
    if (!host)
        return NULL;
    if (!ctx || !ctx->space)
        return (void *)host;
    if (!nrt_cache_translate(ctx, host, &buf, &off))
        nrt_fatal("task '%s': nanort_device_ptr(%p) is outside the task's copied data (add it "
                  "to copy_in/copy_out/copy_inout or a dependence with copy_deps)",
                  ctx->task->type->label, host);
    if (!buf)
        return NULL;                    /* the base of an empty region */
    if (!ctx->space->ops->mem->address)
        nrt_fatal("task '%s': %s memory has no addresses (pass buffers as kernel arguments)",
                  ctx->task->type->label, ctx->space->ops->name);
    return ctx->space->ops->mem->address(ctx->space, buf, off);
}

void *nanort_cuda_stream(nanort_ctx *ctx)
{
    if (!ctx || !ctx->space || ctx->space->ops->kind != NANORT_DEVICE_CUDA ||
        !ctx->space->ops->compute->stream)
        return NULL;
    return ctx->space->ops->compute->stream(ctx->space, ctx);
}

void *nanos_get_kernel_execution_stream(void);
void *nanos_get_kernel_execution_stream(void)
{
    return nanort_cuda_stream(cur_ctx);
}

/* ---- --summary ----------------------------------------------------------------------------- */

uint64_t nrt_devices_wall_ns(void)
{
    return (dev_t1 ? dev_t1 : nrt_now_ns()) - dev_t0;
}
