/*
 * task.c - the life of a task: one allocation (header, argument block, regions, dims),
 * submission (dependences, throttling, undeferred and final tasks), execution on the
 * smp device, completion (release of dependences once the task and all its
 * descendants finished) and reuse through per-worker freelists.
 */
#include "nrt.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct nrt_lock nrt_types_lock = NRT_LOCK_INITIALIZER;
struct nrt_type_info *nrt_types;         /* nrt_types_lock */
static atomic_long foreign_live;         /* tasks of threads that are not workers */

#define ALIGN16(x) (((x) + 15) & ~(size_t)15)

/* ---- task types ------------------------------------------------------------------- */

static void info_add_impl(struct nrt_type_info *info, const struct nanort_impl *impl)
{
    if (info->nimpls == info->cap) {
        info->cap = info->cap ? 2 * info->cap : 4;
        info->impls = nrt_xrealloc(info->impls, info->cap * sizeof *info->impls);
    }
    info->impls[info->nimpls++] = impl;
    if (impl->device != NANORT_DEVICE_SMP)
        info->has_dev = true;
}

/* Caller holds nrt_types_lock. */
static struct nrt_type_info *type_info_locked(struct nanort_task_type *type)
{
    NRT_ASSERT_HELD(&nrt_types_lock);
    struct nrt_type_info *info = type->rt;
    if (info)
        return info;
    info = nrt_xcalloc_aligned(1, sizeof *info);   /* mean_ns's line of its own */
    info->type = type;
    for (unsigned i = 0; i < type->nimpls; i++)
        info_add_impl(info, &type->impls[i]);
    nrt_clcpu_extend(info);         /* translated OpenCL kernels (clcpu.c) */
    info->next = nrt_types;
    nrt_types = info;
    /* release: a thread that reads type->rt sees the filled structure. */
    __atomic_store_n(&type->rt, info, __ATOMIC_RELEASE);
    return info;
}

struct nrt_type_info *nrt_type_info_slow(struct nanort_task_type *type)
{
    nrt_lock_acquire(&nrt_types_lock);
    struct nrt_type_info *info = type_info_locked(type);
    nrt_lock_release(&nrt_types_lock);
    return info;
}

/* An implementation added from another translation unit (its constructor) that the type
 * already has: a version declared with implements() in a header that several units
 * include is compiled into each of them, under one name.  Kept twice, it had two
 * models of one (type, name, device), written twice to --perf-model-dir, whose next
 * run dropped one as a duplicate. */
static bool info_has_impl(const struct nrt_type_info *info, const struct nanort_impl *impl)
{
    for (unsigned i = 0; i < info->nimpls; i++) {
        const struct nanort_impl *o = info->impls[i];
        if (o == impl || (o->device == impl->device && o->name && impl->name &&
                          strcmp(o->name, impl->name) == 0))
            return true;
    }
    return false;
}

void nanort_task_type_add_impl(struct nanort_task_type *type, const struct nanort_impl *impl)
{
    nrt_lock_acquire(&nrt_types_lock);
    struct nrt_type_info *info = type_info_locked(type);
    if (info_has_impl(info, impl)) {
        nrt_lock_release(&nrt_types_lock);
        return;
    }
    info_add_impl(info, impl);
    nrt_clcpu_extend(info);
    nrt_lock_release(&nrt_types_lock);
}

/* An implementation a worker thread can run itself (smp; accelerators have no run). */
static bool runs_on_host(const struct nanort_impl *impl)
{
    const struct nrt_device_ops *d = nrt_device(impl->device);
    return d && d->run;
}

/* The implementation this instance runs on the host.  Several smp versions: the
 * versioning choice (fastest measured, after trying each), or round-robin under
 * --dispatch=round-robin|affinity so that every version gets exercised. */
static const struct nanort_impl *choose_impl(struct nanort_task *t)
{
    struct nrt_type_info *info = t->info;
    unsigned n = info->nimpls, start;
    if (n == 0)
        nrt_fatal("task type '%s' has no implementation", info->type->label);
    if (n == 1 && info->impls[0]->device == NANORT_DEVICE_SMP)
        return info->impls[0];      /* the common case: smp is always present */
    if (nrt_versioning_on() && (!info->has_dev || nrt_nspaces == 1)) {
        const struct nanort_impl *impl = info->impls[nrt_vers_choose_smp(t)];
        if (runs_on_host(impl))
            return impl;
    }
    /* relaxed: only spreads instances, any interleaving is fine. */
    start = atomic_fetch_add_explicit(&info->rr, 1, memory_order_relaxed);
    for (unsigned k = 0; k < n; k++) {
        const struct nanort_impl *impl = info->impls[(start + k) % n];
        if (runs_on_host(impl))
            return impl;
    }
    nrt_dev_no_impl(info);
}

/* ---- inline frames ------------------------------------------------------------------ */

/*
 * A task without regions that its creator will run at once anyway (its queue is full)
 * gets a frame on the creator's inline stack instead of a heap block: it runs in
 * nanort_task_submit() and, with its children, finishes before submit returns, so the
 * frames are freed in LIFO order.  Only one frame may be between create and submit.
 */
#define INLINE_STACK (64 * 1024)

/* Enough ready tasks are queued to keep every other worker busy: the creator runs a new
 * ready task at once instead of queueing it (work first, as libgomp does past 64 per
 * thread), which costs a function call instead of a trip through the queues. */
static bool queue_is_full(void)
{
    /* relaxed: a heuristic. */
    return nrt_self && nrt_cfg.queue_limit > 0 &&
           nrt_sched->queued(nrt_self) > nrt_cfg.queue_limit;
}

/* Whether this thread may run a task it creates at once: not inside a critical section
 * (critical.c), not with a nearly full stack (stack.c). */
static bool may_run_at_once(void)
{
    return nrt_self && nrt_self->crit_depth == 0 && !nrt_tasks_block && !nrt_stack_low();
}

/* ---- adaptive cut-off ------------------------------------------------------------ */

/*
 * Handing a task to another worker costs its creator a queue push and the cache misses of
 * a block another core touched (about 200 ns on the machines we measured, bench/README.md),
 * and the thief as much again.  A task without dependences whose body is shorter than that
 * finishes sooner run at once by its creator (as libgomp does once its queue is full), so
 * every thread times one body in NRT_SAMPLE_EVERY it runs and each type keeps a moving
 * mean; the type is `tiny` while that mean is below --inline-below.  Timed samples are
 * clamped (a preempted body must not keep a type out for long), the mean needs
 * NRT_SAMPLE_MIN samples first, and a type whose instances create tasks is never tiny:
 * running it at once would make its creator wait for its children.  Tiny instances run
 * inline are sampled too, so a type whose bodies grow goes back to the queues.
 */
#define NRT_SAMPLE_EVERY 16
#define NRT_SAMPLE_MIN 8

static bool sample_this(struct nrt_worker *w)
{
    return nrt_cfg.inline_below > 0 && w && ++w->sample_tick % NRT_SAMPLE_EVERY == 0;
}

/* Fold a sample into a moving mean (7/8 old, 1/8 new; the first sample alone) and count
 * it, up to NRT_SAMPLE_MIN; the mean and the count so far. */
static uint64_t fold_sample(atomic_uint *mean_v, atomic_uint *count, uint64_t x, unsigned *n_out)
{
    unsigned n = atomic_load_explicit(count, memory_order_relaxed);
    uint64_t mean = n ? atomic_load_explicit(mean_v, memory_order_relaxed) : x;
    mean = (7 * mean + x) / 8;
    atomic_store_explicit(mean_v, (unsigned)mean, memory_order_relaxed);
    if (n < NRT_SAMPLE_MIN)
        atomic_store_explicit(count, ++n, memory_order_relaxed);
    *n_out = n;
    return mean;
}

static void sample_record(struct nrt_type_info *info, uint64_t ns)
{
    uint64_t cap = 8 * (uint64_t)nrt_cfg.inline_below;
    if (cap > UINT32_MAX)           /* mean_ns holds 32 bits */
        cap = UINT32_MAX;
    if (ns > cap)
        ns = cap;
    unsigned n;
    uint64_t mean = fold_sample(&info->mean_ns, &info->nsampled, ns, &n);
    bool tiny = n >= NRT_SAMPLE_MIN && mean < (uint64_t)nrt_cfg.inline_below &&
                !atomic_load_explicit(&info->spawns, memory_order_relaxed);
    if (tiny != atomic_load_explicit(&info->tiny, memory_order_relaxed))
        atomic_store_explicit(&info->tiny, tiny, memory_order_relaxed);
}

/* Every body's sample, unclamped: is the type coarse (--coarse-us, NRT_COARSE_US)? */
static void coarse_record(struct nrt_type_info *info, uint64_t ns)
{
    uint64_t us = ns / 1000 > UINT32_MAX ? UINT32_MAX : ns / 1000;
    unsigned n;
    uint64_t mean = fold_sample(&info->long_mean_us, &info->nlong, us, &n);
    /* a spawner's body may include its taskwait: kept on the deques (depth first) */
    bool coarse = n >= NRT_SAMPLE_MIN && nrt_cfg.coarse_us > 0 &&
                  mean >= (uint64_t)nrt_cfg.coarse_us &&
                  !atomic_load_explicit(&info->spawns, memory_order_relaxed);
    if (coarse != atomic_load_explicit(&info->coarse, memory_order_relaxed))
        atomic_store_explicit(&info->coarse, coarse, memory_order_relaxed);
}

/* Time this body: one in NRT_SAMPLE_EVERY, and every one until the type has
 * NRT_SAMPLE_MIN samples (so that a coarse type is known after its first bodies). */
static bool time_this(struct nrt_worker *w, struct nrt_type_info *info)
{
    return w && (++w->sample_tick % NRT_SAMPLE_EVERY == 0 ||
                 atomic_load_explicit(&info->nlong, memory_order_relaxed) < NRT_SAMPLE_MIN);
}

/* The task running on this thread creates one: its type is a spawner, never tiny. */
static void note_spawner(void)
{
    struct nanort_task *p = nrt_current;
    struct nrt_type_info *pi = p ? p->info : NULL;
    if (pi && !atomic_load_explicit(&pi->spawns, memory_order_relaxed)) {
        atomic_store_explicit(&pi->spawns, true, memory_order_relaxed);
        atomic_store_explicit(&pi->tiny, false, memory_order_relaxed);
        atomic_store_explicit(&pi->coarse, false, memory_order_relaxed);
    }
}

static bool is_tiny(struct nrt_type_info *info)
{
    return atomic_load_explicit(&info->tiny, memory_order_relaxed);
}

static bool inline_eligible(struct nrt_type_info *info, unsigned nregions)
{
    struct nrt_worker *w = nrt_self;
    return nregions == 0 && may_run_at_once() && !w->inl_open && info->nimpls == 1 &&
           !nrt_watchdog_on &&
           info->impls[0]->device == NANORT_DEVICE_SMP && (is_tiny(info) || queue_is_full());
}

static struct nanort_task *inline_frame(size_t need)
{
    struct nrt_worker *w = nrt_self;
    if (NRT_UNLIKELY(!w->inl_base)) {
        w->inl_base = w->inl_top = nrt_xmalloc(INLINE_STACK);
        w->inl_end = w->inl_base + INLINE_STACK;
    }
    if ((size_t)(w->inl_end - w->inl_top) < need)
        return NULL;
    struct nanort_task *t = (struct nanort_task *)w->inl_top;
    w->inl_top += need;
    w->inl_open = true;
    return t;
}

static void inline_free_all(struct nrt_worker *w)
{
    free(w->inl_base);
    w->inl_base = w->inl_top = w->inl_end = NULL;
    w->inl_open = false;
}

/* ---- allocation --------------------------------------------------------------------- */

static const size_t class_size[NRT_SIZE_CLASSES] = {256, 512, 1024, 2048, 4096, 8192};
#define FREELIST_MAX 4096

static int size_class(size_t n)
{
    for (int c = 0; c < NRT_SIZE_CLASSES; c++)
        if (n <= class_size[c])
            return c;
    return -1;
}

static struct nanort_task *alloc_block(size_t need)
{
    struct nrt_worker *w = nrt_self;
    int c = size_class(need);
    struct nanort_task *t;
    if (!w || c < 0) {
        t = nrt_xmalloc(need);
        t->owner = -1;
        t->size = need;
        return t;
    }
    t = w->freel[c];
    if (!t) {
        /* acquire: pairs with the release push in free_block(). */
        t = atomic_exchange_explicit(&w->remote[c], NULL, memory_order_acquire);
        w->nfree[c] = 0;
    }
    if (t) {
        w->freel[c] = t->next;
        if (w->nfree[c])
            w->nfree[c]--;
        nrt_tsan_acquire(t);        /* after the previous task's release in free_block() */
        return t;
    }
    t = nrt_xmalloc(class_size[c]);
    t->owner = w->id;
    t->size = class_size[c];
    return t;
}

#define RBATCH_MAX 32

/* Push the list first..last onto the remote freelist of worker `owner`. */
static void give_back(int owner, int c, struct nanort_task *first, struct nanort_task *last)
{
    struct nrt_worker *o = &nrt_workers[owner];
    struct nanort_task *head = atomic_load_explicit(&o->remote[c], memory_order_relaxed);
    do
        last->next = head;
    /* release: the owner's acquire exchange sees the links. */
    while (!atomic_compare_exchange_weak_explicit(&o->remote[c], &head, first,
                                                  memory_order_release, memory_order_relaxed));
}

static void flush_batch(struct nrt_worker *w, int c)
{
    give_back(w->rbatch_owner[c], c, w->rbatch[c], w->rbatch_tail[c]);
    w->rbatch[c] = w->rbatch_tail[c] = NULL;
    w->rbatch_n[c] = 0;
}

/* always_inline: nrt_task_free() calls it too, and complete() must keep it inline. */
static inline __attribute__((always_inline)) void free_block(struct nanort_task *t)
{
    struct nrt_worker *w = nrt_self;
    int c = size_class(t->size);
    nrt_tsan_release(t);
    if (t->owner < 0 || c < 0 || t->owner >= nrt_nworkers) {
        if (t->owner == NRT_OWNER_GRAPH) {
            nrt_tg_task_done(t);    /* kept for the graph's next replay */
            return;
        }
        /* (a child's completer on another thread between its decrement and its read of
           wait_target: complete()) */
        while (atomic_load_explicit(&t->readers, memory_order_acquire))
            nrt_cpu_relax();
        free(t);
        return;
    }
    if (w && w->id == t->owner && w->nfree[c] < FREELIST_MAX) {
        t->next = w->freel[c];
        w->freel[c] = t;
        w->nfree[c]++;
        return;
    }
    if (!w) {
        give_back(t->owner, c, t, t);
        return;
    }
    if (w->rbatch_n[c] && (w->rbatch_owner[c] != t->owner || w->rbatch_n[c] >= RBATCH_MAX))
        flush_batch(w, c);
    if (!w->rbatch_n[c]) {
        w->rbatch_owner[c] = t->owner;
        w->rbatch_tail[c] = t;
    }
    t->next = w->rbatch[c];
    w->rbatch[c] = t;
    w->rbatch_n[c]++;
}

void nrt_task_flush_frees(void)
{
    struct nrt_worker *w = nrt_self;
    for (int c = 0; w && c < NRT_SIZE_CLASSES; c++)
        if (w->rbatch_n[c])
            flush_batch(w, c);
}

static void free_list(struct nanort_task *t)
{
    while (t) {
        struct nanort_task *next = t->next;
        free(t);
        t = next;
    }
}

/* At shutdown, after the workers stopped. */
void nrt_task_free_all(void)
{
    for (int i = 0; i < nrt_nworkers; i++)
        for (int c = 0; c < NRT_SIZE_CLASSES; c++) {
            free_list(nrt_workers[i].rbatch[c]);
            nrt_workers[i].rbatch[c] = NULL;
            nrt_workers[i].rbatch_n[c] = 0;
            free_list(nrt_workers[i].freel[c]);
            free_list(atomic_exchange(&nrt_workers[i].remote[c], NULL));
            nrt_workers[i].freel[c] = NULL;
            nrt_workers[i].nfree[c] = 0;
        }
    for (int i = 0; i < nrt_nworkers; i++)
        inline_free_all(&nrt_workers[i]);
}

/* ---- live task accounting (throttling) ------------------------------------------ */

/* Single writer: a relaxed load and store is an increment nobody else can race with. */
static void count_up(atomic_long *c)
{
    atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + 1,
                          memory_order_relaxed);
}

static void count_submitted(void)
{
    if (nrt_self)
        count_up(&nrt_self->submitted);
    else
        atomic_fetch_add_explicit(&foreign_live, 1, memory_order_relaxed);
}

void nrt_task_count_submitted(long n)
{
    if (nrt_self)           /* single writer, as count_up */
        atomic_store_explicit(&nrt_self->submitted,
                              atomic_load_explicit(&nrt_self->submitted, memory_order_relaxed) + n,
                              memory_order_relaxed);
    else
        atomic_fetch_add_explicit(&foreign_live, n, memory_order_relaxed);
}

static void count_completed(void)
{
    if (nrt_self)
        count_up(&nrt_self->completed);
    else
        atomic_fetch_sub_explicit(&foreign_live, 1, memory_order_relaxed);
}

long nrt_live_tasks(void)
{
    long n = atomic_load_explicit(&foreign_live, memory_order_relaxed);
    for (int i = 0; i < nrt_nworkers; i++)
        n += atomic_load_explicit(&nrt_workers[i].submitted, memory_order_relaxed) -
             atomic_load_explicit(&nrt_workers[i].completed, memory_order_relaxed);
    return n;
}

/* Look at the sum every THROTTLE_PERIOD submissions of a thread only: it costs a read of
 * every worker's counters.  With more workers, as many submissions as workers (a power of
 * two), so that the check stays O(1) a task (throttle_mask, set at start). */
#define THROTTLE_PERIOD 16
static unsigned long throttle_mask = THROTTLE_PERIOD - 1;

void nrt_throttle_setup(int nworkers)
{
    unsigned long period = THROTTLE_PERIOD;
    while (period < (unsigned long)nworkers)
        period *= 2;
    throttle_mask = period - 1;
}

static bool over_throttle_limit(void)
{
    if (nrt_cfg.throttle_limit <= 0)
        return false;
    if (nrt_self && ((unsigned long)atomic_load_explicit(&nrt_self->submitted,
                                                          memory_order_relaxed) & throttle_mask))
        return false;
    return nrt_live_tasks() > nrt_cfg.throttle_limit;
}

/* ---- creation ------------------------------------------------------------------------ */

/* What a new task takes from its parent: its OpenMP nesting (omp_get_level(),
 * omp_api.c) and the settings of a task (omp_get_dynamic(), omp_get_schedule()). */
static inline void inherit_from_parent(struct nanort_task *t)
{
    t->par = t->parent->par;
    t->par_active = t->parent->par_active;
    t->par_own = 0;
    t->par_member = 0;
    t->par_primary = 0;
    t->par_size = 0;
    t->par_masked = 0;
    t->par_team = t->parent->par_own > 0 && t->parent->par_size > 0 ? t->parent->par_size
                                                                     : t->parent->par_team;
    t->par_asked = 0;
    t->par_narrow = t->parent->par_narrow;
    t->icv = t->parent->icv;
    t->icv_saved = NULL;
    t->cancel = t->parent->cancel;  /* (NULL unless OMP_CANCELLATION=true: cancel.c) */
}

/* The header of an inline frame: only what run, taskwait and the queries read. */
static nanort_task *create_inline(struct nanort_task *t, struct nrt_type_info *info,
                                  size_t args_size, void **args)
{
    t->type = info->type;
    t->info = info;
    t->parent = nrt_current ? nrt_current : nrt_root;
    t->args = (char *)t + ALIGN16(sizeof(struct nanort_task));
    memset(t->args, 0, args_size);
    t->nregions = t->max_regions = t->ndims = t->max_dims = 0;
    t->flags = NRT_TF_INLINE;
    t->space = 0;                   /* the host (read by --summary, traces, crash reports) */
    t->priority = 0;
    t->domain = NULL;
    t->id = 0;                      /* numbered again (--trace, nanos_get_wd_id) */
    t->owner = nrt_self->id;
    inherit_from_parent(t);
    nrt_task_init_counts(t);
    if (nrt_cfg.summary)
        atomic_fetch_add_explicit(&info->created, 1, memory_order_relaxed);
    *args = t->args;
    return t;
}

/* The general case: a heap block (from the worker's freelists) with room for regions.
 * The block starts 16-aligned (malloc's alignment); an argument block that must be
 * aligned to more (args_align, a power of two: a firstprivate `_Alignas(64)` array or an
 * __m256d) starts at the next multiple of args_align, the block being that much longer. */
static __attribute__((noinline)) nanort_task *
create_heap(struct nanort_task_type *type, struct nrt_type_info *info, size_t args_size,
            size_t args_align, unsigned nregions, unsigned ndims_total, void **args)
{
    size_t head = ALIGN16(sizeof(struct nanort_task));
    size_t pad = args_align > 16 ? args_align - 16 : 0;
    size_t regs = ALIGN16(args_size);
    size_t dims = regs + (size_t)nregions * sizeof(struct nrt_region);
    size_t need = head + pad + dims + (size_t)ndims_total * sizeof(struct nanort_dim);
    struct nanort_task *t = alloc_block(need);
    int owner = t->owner;
    size_t size = t->size;
    memset(t, 0, head);
    t->owner = owner;
    t->size = size;
    t->type = type;
    t->info = info;
    t->parent = nrt_current ? nrt_current : nrt_root;
    t->args = (char *)t + head;
    if (pad) {
        t->args = (void *)(((uintptr_t)t->args + pad) & ~(uintptr_t)(args_align - 1));
        t->args_align = (unsigned)args_align;
    }
    memset(t->args, 0, regs);       /* the padding too: taskgraph.c compares whole blocks */
    t->regions = (struct nrt_region *)((char *)t->args + regs);
    t->dims = (struct nanort_dim *)((char *)t->args + dims);
    t->max_regions = nregions;
    t->max_dims = ndims_total;
    t->args_size = (unsigned)args_size;
    inherit_from_parent(t);
    nrt_task_init_counts(t);
    if (nrt_cfg.summary)
        atomic_fetch_add_explicit(&t->info->created, 1, memory_order_relaxed);
    *args = t->args;
    return t;
}

nanort_task *nanort_task_create(struct nanort_task_type *type, size_t args_size,
                                unsigned nregions, unsigned ndims_total, void **args)
{
    nrt_ensure_started();
    nrt_note_task_made();
    struct nrt_type_info *info = nrt_type_info(type);
    note_spawner();
    /* Device tasks run on their space's manager, a thread that is not a worker. */
    if (NRT_UNLIKELY(!nrt_self) && nrt_current && nrt_current->space > 0)
        nrt_fatal("the device implementation of task '%s' tried to create a task '%s': device "
                  "tasks cannot create tasks (create them from an smp task, or give '%s' an "
                  "smp version)", nrt_current->type->label, type->label,
                  nrt_current->type->label);
    if (inline_eligible(info, nregions)) {
        struct nanort_task *t = inline_frame(ALIGN16(sizeof(struct nanort_task)) +
                                             ALIGN16(args_size));
        if (t)
            return create_inline(t, info, args_size, args);
    }
    return create_heap(type, info, args_size, 16, nregions, ndims_total, args);
}

nanort_task *nrt_task_create_heap(struct nanort_task_type *type, size_t args_size,
                                  size_t args_align, unsigned nregions, unsigned ndims_total,
                                  void **args)
{
    nrt_ensure_started();
    nrt_note_task_made();
    note_spawner();
    return create_heap(type, nrt_type_info(type), args_size, args_align, nregions,
                       ndims_total, args);
}

/* Only for blocks that need more than 16 bytes of alignment (mcc calls it when
 * _Alignof its argument struct says so): always a heap block, since an inline frame is
 * 16-aligned; taskgraph.c runs such a task's recorded leaves in their own block. */
nanort_task *nanort_task_create_aligned(struct nanort_task_type *type, size_t args_size,
                                        size_t args_align, unsigned nregions,
                                        unsigned ndims_total, void **args, void *event)
{
    if (args_align == 0 || (args_align & (args_align - 1)) != 0 || args_align > UINT_MAX)
        nrt_fatal("task '%s': argument block alignment %zu is not a power of two",
                  type->label, args_align);
    if (event)
        return nrt_task_create_detach(type, args_size, args_align, nregions, ndims_total,
                                      args, event);
    if (args_align <= 16)
        return nanort_task_create(type, args_size, nregions, ndims_total, args);
    return nrt_task_create_heap(type, args_size, args_align, nregions, ndims_total, args);
}

void nanort_task_region(nanort_task *t, unsigned flags, const void *base, unsigned ndims,
                        const struct nanort_dim *dims)
{
    if (t->nregions >= t->max_regions || t->ndims + ndims > t->max_dims || ndims == 0)
        nrt_fatal("task '%s': region %u with %u dimensions does not fit the %u regions / %u "
                  "dimensions given to nanort_task_create()", t->type->label, t->nregions + 1,
                  ndims, t->max_regions, t->max_dims);
    struct nanort_dim *copy = &t->dims[t->ndims];
    memcpy(copy, dims, ndims * sizeof *dims);
    t->ndims += ndims;
    struct nrt_region *r = &t->regions[t->nregions++];
    memset(r, 0, sizeof *r);
    r->base = base;
    r->dims = copy;
    r->ndims = ndims;
    /* concurrent tasks that copy the data to devices would each write back a copy of
     * their own, losing the others' updates: run them one at a time (commutative), which
     * concurrent allows.  So do OpenCL kernels translated to C (clcpu.c): written for
     * such devices, they update the data without atomics. */
    if ((flags & NANORT_DEP_MODE_MASK) == NANORT_DEP_CONCURRENT && (flags & NANORT_COPY_OUT) &&
        ((NRT_UNLIKELY(nrt_nspaces > 1) && (t->info->has_dev || nrt_dev_runs_smp)) ||
         nrt_clcpu_type(t->info)))
        flags = (flags & ~(unsigned)NANORT_DEP_MODE_MASK) | NANORT_DEP_COMMUTATIVE;
    r->flags = flags;
    if (NRT_UNLIKELY(nrt_nspaces > 1))
        nrt_stack_note_region((uintptr_t)base);     /* (nanort_frame_end) */
    nrt_region_normalise(r);
    if ((flags & NANORT_DEP_MODE_MASK) == NANORT_DEP_COMMUTATIVE && r->nd)
        t->flags |= NRT_TF_COMMUTATIVE;
}

void nanort_task_region1(nanort_task *t, unsigned flags, const void *addr, size_t bytes)
{
    struct nanort_dim d = {bytes, 0, bytes};
    nanort_task_region(t, flags, addr, 1, &d);
}

/* ---- execution ----------------------------------------------------------------------- */

/* Space 0 must hold valid copies of what an smp body reads, and owns what it writes
 * (not a taskgraph's gate: its body only starts the graph, whose tasks use the data). */
static bool host_coherence(const struct nanort_task *t)
{
    return NRT_UNLIKELY(nrt_nspaces > 1) && t->nregions > 0 && !(t->flags & NRT_TF_GATE);
}

/* A task that has not started, of a cancelled region (cancel.c): it finishes unrun. */
static inline bool discarded(const struct nanort_task *t)
{
    return NRT_UNLIKELY(t->cancel != NULL) && nrt_cancel_discarded(t);
}

static void run_body(struct nanort_task *t)
{
    if (discarded(t)) {
        if (t->vchosen)             /* chosen where it was to run (versioning.c): not now */
            nrt_vers_forget(t);
        return;
    }
    if (NRT_UNLIKELY(atomic_load_explicit(&nrt_copyin_given, memory_order_relaxed) !=
                     nrt_copyin_taken))
        nrt_copyin_catch_up();      /* a region's copyin values (omp_api.c) */
    const struct nanort_impl *impl = t->impl ? t->impl : choose_impl(t);
    bool coherent = host_coherence(t);
    if (coherent)
        nrt_cache_host_acquire(t);
    struct nanort_ctx ctx = {t, impl, NULL, NULL, NULL};
    struct nanort_task *prev = nrt_current;
    struct nrt_worker *w = nrt_self;
    uint64_t t0 = 0;
    if (nrt_cfg.summary) {
        atomic_fetch_add_explicit(&t->info->run, 1, memory_order_relaxed);
        if (w && w->depth++ == 0)
            t0 = nrt_now_ns();
    }
    nrt_current = t;
    t->impl = impl;                 /* named by --trace, --summary and crash reports */
    if (NRT_UNLIKELY(nrt_hooks_on)) nrt_hooks_run(t, w ? w->id : -1, false);
    if (NRT_UNLIKELY(nrt_instr_on)) nrt_instr_task_begin(t, w ? w->id : -1);
    if (NRT_UNLIKELY(t->info->nimpls > 1 || t->vchosen) && nrt_versioning_on()) {
        uint64_t v0 = nrt_now_ns();
        if (t->vtrial)
            nrt_vers_started(t);
        nrt_device(impl->device)->run(impl, t->args, &ctx);
        nrt_vers_done(t, nrt_impl_index(t->info, impl), nrt_now_ns() - v0);
    } else if (time_this(w, t->info) ||
               (NRT_UNLIKELY(nrt_speed_on) && atomic_load_explicit(&t->info->coarse, memory_order_relaxed))) {
        uint64_t s0 = nrt_now_ns();
        nrt_device(impl->device)->run(impl, t->args, &ctx);
        uint64_t ns = nrt_now_ns() - s0;
        if (nrt_cfg.inline_below > 0 && t->nregions == 0)
            sample_record(t->info, ns);
        coarse_record(t->info, ns);
        if (NRT_UNLIKELY(nrt_speed_on) && atomic_load_explicit(&t->info->coarse, memory_order_relaxed))
            nrt_speed_record(w, t->info, ns);  /* every coarse body: speed.c */
    } else {
        nrt_device(impl->device)->run(impl, t->args, &ctx);
    }
    if (NRT_UNLIKELY(nrt_instr_on)) nrt_instr_task_end(t, w ? w->id : -1);
    nrt_current = prev;
    if (coherent)
        nrt_cache_host_release(t);
    if (nrt_cfg.summary && w) {
        w->tasks_run++;
        if (--w->depth == 0) {
            uint64_t t1 = nrt_now_ns();
            w->busy_ns += t1 - t0;
            if (!w->body_first)
                w->body_first = t0;
            w->body_last = t1;
        }
    }
}

/* t and all its descendants finished: release its dependences, free it, and tell the
 * parent (which completes in turn when this was its last child and its body is done).
 * A detached task also waits for its events (events.c): `event_done` when the caller
 * fulfilled the last one. */
static void complete(struct nanort_task *t, bool event_done)
{
    for (;;) {
        /* seq_cst: pairs with the decrement of nanort_task_events_decrease(). */
        if (NRT_UNLIKELY(t->flags & NRT_TF_DETACHED) && !event_done &&
            atomic_fetch_sub(&t->events, 1) != 1)
            return;                 /* the last event fulfilled completes it */
        event_done = false;
        struct nanort_task *parent = t->parent;
        if (NRT_UNLIKELY(nrt_hooks_on)) nrt_hooks_complete(t);
        /* commutative exclusion lasts until the descendants finished too */
        if (t->flags & NRT_TF_COMMUTATIVE)
            nrt_tokens_release(t);
        if (t->flags & NRT_TF_REGISTERED)
            nrt_deps_release(parent->domain, t);
        else if (NRT_UNLIKELY(t->flags & NRT_TF_REPLAY))
            nrt_tg_release(t);      /* successors counted when the graph was recorded */
        if (t->domain)
            nrt_domain_free(t->domain);
        free_block(t);
        count_completed();
        if (parent == nrt_current) {
            /* We run the parent's body (it is on this stack), so the parent cannot
             * complete now and nobody else waits for its children: take the child back
             * from the count only this thread writes, no read-modify-write. */
            atomic_store_explicit(&parent->nchildren,
                                  atomic_load_explicit(&parent->nchildren,
                                                       memory_order_relaxed) - 1,
                                  memory_order_relaxed);
            return;
        }
        nrt_tsan_release(&parent->pending);
        /* a parent whose block is freed (not a worker's: free_block) stays until this
           thread no longer reads it, below: its body may end as soon as the decrement */
        bool freed = parent->owner == -1;
        if (NRT_UNLIKELY(freed))
            atomic_fetch_add_explicit(&parent->readers, 1, memory_order_relaxed);
        /* seq_cst: a waiter that sleeps after reading pending sees it (worker.c). */
        long v = atomic_fetch_sub(&parent->pending, 1) - 1;
        if (v >= NRT_BODY_BIAS / 2) {
            /* the parent's body still ran: is it waiting for exactly this? */
            if (v == atomic_load(&parent->wait_target))
                nrt_wake_waiters();
            if (NRT_UNLIKELY(freed))
                atomic_fetch_sub_explicit(&parent->readers, 1, memory_order_release);
            return;
        }
        if (NRT_UNLIKELY(freed))
            atomic_fetch_sub_explicit(&parent->readers, 1, memory_order_release);
        if (v != 0)
            return;
        t = parent;                 /* body done and this was the last child */
    }
}

static long children_of(struct nanort_task *t)
{
    return atomic_load_explicit(&t->nchildren, memory_order_relaxed) +
           atomic_load_explicit(&t->nchildren_foreign, memory_order_relaxed);
}

static void finish_body(struct nanort_task *t)
{
    long n = children_of(t);
    if (n && NRT_UNLIKELY(nrt_hooks_on))
        nrt_hooks_body_end(t);
    /* No children: nobody else touches pending, no read-modify-write needed. */
    if (n == 0 || atomic_fetch_add(&t->pending, n - NRT_BODY_BIAS) + (n - NRT_BODY_BIAS) == 0)
        complete(t, false);         /* seq_cst RMW above: as in complete() */
}

void nrt_task_events_done(struct nanort_task *t)
{
    complete(t, true);
}

/* One more child of parent, submitted by the calling thread. */
static void count_child(struct nanort_task *parent)
{
    if (NRT_LIKELY(parent == nrt_current))
        atomic_store_explicit(&parent->nchildren,
                              atomic_load_explicit(&parent->nchildren, memory_order_relaxed) + 1,
                              memory_order_relaxed);
    else
        atomic_fetch_add_explicit(&parent->nchildren_foreign, 1, memory_order_relaxed);
}

bool nrt_children_done(struct nanort_task *t)
{
    long n = children_of(t);
    /* acquire: the children's writes are visible once their completion is. */
    return atomic_load_explicit(&t->pending, memory_order_acquire) == NRT_BODY_BIAS - n;
}

void nrt_task_body_done(struct nanort_task *t)
{
    if (nrt_cfg.summary)
        atomic_fetch_add_explicit(&t->info->run, 1, memory_order_relaxed);
    finish_body(t);
}

bool nrt_task_execute(struct nanort_task *t)
{
    if (nrt_dev_wanted(t) && nrt_dev_dispatch(t))
        return true;                /* queued on a device: its manager runs it */
    bool comm = t->flags & NRT_TF_COMMUTATIVE;
    if (comm) {
        nrt_tsan_acquire(t);        /* before its tokens are taken (tsan.c) */
        if (!nrt_tokens_acquire(t, true))
            return false;
    }
    run_body(t);
    finish_body(t);
    return true;
}

/* ---- submission -------------------------------------------------------------------- */

static bool npred_zero(void *arg)
{
    struct nanort_task *t = arg;
    /* acquire: pairs with the decrement in deps.c, so the predecessors' writes are seen. */
    return atomic_load_explicit(&t->npred, memory_order_acquire) == 0;
}

static bool flag_set(void *arg)
{
    /* acquire: pairs with the manager's release store, after the task finished. */
    return atomic_load_explicit((atomic_int *)arg, memory_order_acquire) != 0;
}

/* An undeferred task that runs on a device: the creator waits until it finished there
 * (done = 1), or until the device hands it back because its data can never fit there
 * (done = 2, t->impl is then an smp one: the creator runs it).  With `flush` (the program
 * asked for it undeferred: if(false), final) the host's data are current before the
 * creator goes on, as after a call: as after a taskwait on(...) of its data. */
static bool run_undeferred_on_device(struct nanort_task *t, bool flush)
{
    atomic_int done = 0;
    t->dev_done = &done;
    if (!nrt_dev_dispatch(t)) {
        t->dev_done = NULL;
        return false;
    }
    nrt_wait_until(flag_set, &done);
    bool ran = atomic_load_explicit(&done, memory_order_relaxed) == 1;
    if (ran && flush)
        nrt_devices_flush();
    return ran;
}

/* if(false), final, or throttled (flush: the program asked for it, run_undeferred_on_device):
 * wait for the dependences, then run it here. */
static void run_undeferred(struct nanort_task *t, bool flush)
{
    if (!npred_zero(t))
        nrt_wait_until(npred_zero, t);
    if (nrt_dev_wanted(t) && run_undeferred_on_device(t, flush))
        return;
    nrt_stack_check_undeferred(t);
    bool comm = t->flags & NRT_TF_COMMUTATIVE;
    while (comm && !nrt_tokens_acquire(t, false))
        if (!nrt_run_one())
            nrt_cpu_relax();
    run_body(t);
    finish_body(t);
    nrt_handoff_flush();
}

/* Throttling: past the limit the creator runs ready tasks itself; when none is ready the
 * new task runs undeferred (once its dependences are met).  Memory stays bounded.  Not a
 * task with dependences while events are unfulfilled: its predecessors may wait for an
 * omp_fulfill_event that its creator makes after creating it (the creator would wait for
 * itself); nor on a nearly full stack.  Those are queued. */
static void throttle(struct nanort_task *t)
{
    while (nrt_live_tasks() > nrt_cfg.throttle_limit) {
        if (!nrt_run_one()) {
            if (!nrt_stack_low() && !(t->nregions && nrt_events_unfulfilled()))
                t->flags |= NRT_TF_UNDEFERRED;
            break;
        }
    }
    nrt_handoff_flush();
}

static bool register_deps(struct nanort_task *t)
{
    struct nanort_task *parent = t->parent;
    if (!parent->domain)
        parent->domain = nrt_domain_new();   /* only the parent's own thread gets here */
    bool ready = nrt_deps_submit(parent->domain, t, true);
    /* For its runner (tsan.c): what its creator wrote (arguments, the domain) and saw (the
     * predecessors that finished before it was registered, through the domain's lock)
     * when it is ready now; when it is not, its last predecessor's completer takes the
     * domain's lock after the registration and releases t with all of that. */
    nrt_tsan_release(t);
    return ready;
}

/* An inline frame: run the body here, then wait for its children, so that it is finished
 * for its parent (which never counted it) before its frame is popped. */
static void submit_inline(struct nanort_task *t, unsigned flags)
{
    struct nrt_worker *w = nrt_self;
    NRT_ASSERT(w && w->id == t->owner && w->inl_open);
    w->inl_open = false;
    if ((flags & NANORT_TASK_FINAL) || (t->parent->flags & NRT_TF_FINAL))
        t->flags |= NRT_TF_FINAL | NRT_TF_UNDEFERRED;
    struct nanort_task *prev = nrt_current;
    if (discarded(t)) {
        /* (cancelled: not run, and it created nothing) */
    } else if (NRT_UNLIKELY(nrt_cfg.summary || nrt_instr_on)) {
        t->impl = NULL;             /* a reused frame: run_body() chooses */
        run_body(t);
    } else {
        const struct nanort_impl *impl = t->info->impls[0];
        struct nanort_ctx ctx = {t, impl, NULL, NULL, NULL};
        nrt_current = t;
        if (sample_this(w)) {
            uint64_t s0 = nrt_now_ns();
            impl->run(t->args, &ctx);
            sample_record(t->info, nrt_now_ns() - s0);
        } else {
            impl->run(t->args, &ctx);
        }
    }
    if (children_of(t)) {
        nrt_current = t;            /* children completing here count as in its body */
        nrt_wait_children(t);
        nrt_handoff_flush();
    }
    if (NRT_UNLIKELY(t->flags & NRT_TF_DETACHED))
        nrt_events_wait_inline(t);  /* its frame outlives it otherwise (events.c) */
    if (t->domain)                  /* children with regions, all finished now */
        nrt_domain_free(t->domain);
    nrt_current = prev;
    w->inl_top = (char *)t;
}

static __attribute__((noinline)) void submit_heap(nanort_task *t, unsigned flags, int priority)
{
    struct nanort_task *parent = t->parent;
    if (NRT_UNLIKELY(parent->flags & NRT_TF_RECORDING) && nrt_tg_record(t, flags, priority))
        return;                     /* taken into a graph: it starts when the graph does */
    t->priority = priority;
    if (flags & NANORT_TASK_UNDEFERRED)
        t->flags |= NRT_TF_UNDEFERRED;
    if ((flags & NANORT_TASK_FINAL) || (parent->flags & NRT_TF_FINAL))
        t->flags |= NRT_TF_FINAL | NRT_TF_UNDEFERRED;
    bool asked = t->flags & NRT_TF_UNDEFERRED;  /* by the program, not by throttling */
    count_child(parent);
    count_submitted();
    if (NRT_UNLIKELY(nrt_watchdog_on)) nrt_wd_created(t);
    /* Not inside a critical section: throttling runs other tasks here (may_run_at_once). */
    if ((!nrt_self || nrt_self->crit_depth == 0) && over_throttle_limit())
        throttle(t);
    if (parent->flags & NRT_TF_FINAL) {
        /* siblings under final run one after another in program order: no dependences */
        run_undeferred(t, true);
        return;
    }
    if (t->nregions == 0)
        nrt_tsan_release(t);        /* what its creator wrote (arguments), for its runner */
    /* Read before the registration: once registered and not ready, its last predecessor's
     * completer may queue it, and another worker run and free it, before we look again. */
    bool undeferred = t->flags & NRT_TF_UNDEFERRED;
    bool ready = t->nregions == 0 || register_deps(t);
    if (undeferred)
        run_undeferred(t, asked);
    else if (ready && may_run_at_once() &&
             (queue_is_full() || (nrt_sched->run_now && nrt_sched->run_now(nrt_self, t)))) {
        nrt_task_execute(t);
        nrt_handoff_flush();
    }
    else if (ready)
        nrt_sched_push(t);
}

void nrt_task_submit_here(struct nanort_task *t)
{
    if (NRT_UNLIKELY(nrt_instr_on)) nrt_instr_task_created(t);
    submit_heap(t, NANORT_TASK_UNDEFERRED, 0);
}

void nrt_task_resubmit(struct nanort_task *t, unsigned flags)
{
    submit_heap(t, flags, 0);
}

void nrt_task_free(struct nanort_task *t)
{
    free_block(t);
}

void nrt_task_sample_body(struct nrt_type_info *info, uint64_t ns)
{
    sample_record(info, ns);
}

/* Does an ancestor of t hold a commutative region that overlaps one of t's?  Ancestors run
 * (or wait for their descendants) until t completes, so their regions, read-only since
 * they were submitted, stay valid. */
static bool ancestor_commutes(const struct nanort_task *t)
{
    for (const struct nanort_task *a = t->parent; a; a = a->parent) {
        if (!(a->flags & NRT_TF_COMMUTATIVE))
            continue;
        for (unsigned i = 0; i < t->nregions; i++) {
            const struct nrt_region *r = &t->regions[i];
            if ((r->flags & NANORT_DEP_MODE_MASK) != NANORT_DEP_COMMUTATIVE || !r->nd)
                continue;
            for (unsigned j = 0; j < a->nregions; j++) {
                const struct nrt_region *q = &a->regions[j];
                if ((q->flags & NANORT_DEP_MODE_MASK) == NANORT_DEP_COMMUTATIVE && q->nd &&
                    r->lo < q->hi && q->lo < r->hi)
                    return true;
            }
        }
    }
    return false;
}

void nanort_task_submit(nanort_task *t, unsigned flags, int priority)
{
    if (NRT_UNLIKELY(nrt_instr_on)) nrt_instr_task_created(t);
    /* commutative on data an ancestor holds commutative (a reduction updated in place, mcc's
       lower_reduction_in_place, by a task its reducing ancestor's body created): the
       ancestor's token excludes only the ancestor's siblings, and its body would update the
       data at the same time as t; t runs at once on this thread instead */
    if ((t->flags & NRT_TF_COMMUTATIVE) && ancestor_commutes(t))
        flags |= NANORT_TASK_UNDEFERRED;
    /* undeferred: the encountering thread runs it, as a region's team of one if that is
       what the creator is (omp_api.c) */
    if (((flags & NANORT_TASK_THREAD_NUM) && nrt_omp_numbers_serial()) ||
        ((flags & NANORT_TASK_TEAM_NUM) && nrt_omp_narrow_team())) {
        flags |= NANORT_TASK_UNDEFERRED;
        t->flags |= NRT_TF_TEAM_ONE;    /* (in a narrow team's single too: number 0) */
    }
    /* a member's chunk of a `for`, or a task asking omp_get_thread_num() that a member of a
       team of threads creates: the member runs it at once, as itself (a worker would answer
       its own number, which is another member's: per-thread data shared by two threads) */
    if ((flags & NANORT_TASK_TEAM_CHUNK) ||
        ((flags & NANORT_TASK_TEAM_NUM) && NRT_UNLIKELY(nrt_team_thread || nrt_omp_in_team()))) {
        flags |= NANORT_TASK_UNDEFERRED;
        t->flags |= NRT_TF_TEAM_CHUNK;
    }
    if ((flags & NANORT_TASK_UNDEFERRED) && nrt_omp_team_of_one())
        t->flags |= NRT_TF_TEAM_ONE;
    if (t->flags & NRT_TF_INLINE)
        submit_inline(t, flags);
    else
        submit_heap(t, flags, priority);
}

/* ---- waiting -------------------------------------------------------------------------- */

/* Checked at every turn of the wait, and last before the waiter sleeps.  The value of
 * `pending` to wait for moves while the waiter completes children itself (complete()
 * takes those off nchildren instead), so the target the completers compare with is
 * renewed here: a stale one made the last completer on another thread skip the wake-up,
 * and the waiter slept to its 5 ms timeout (the end of every program's taskwait in main).
 * Waiter: store the target, then load pending; completer: decrement pending, then load
 * the target; all seq_cst, so at least one of the two sees the other's write. */
static bool children_done(void *arg)
{
    struct nanort_task *t = arg;
    long target = NRT_BODY_BIAS - children_of(t);
    if (atomic_load_explicit(&t->wait_target, memory_order_relaxed) != target)
        atomic_store(&t->wait_target, target);
    /* seq_cst (acquire at least: the children's writes are visible once they finished) */
    return atomic_load(&t->pending) == target;
}

static struct nanort_task *current_task(void)
{
    nrt_ensure_started();
    return nrt_current ? nrt_current : nrt_root;
}

void nrt_wait_children(struct nanort_task *t)
{
    if (!nrt_children_done(t)) {
        if (nrt_cfg.critical_path && t->domain)
            nrt_deps_rank(t->domain);
        nrt_wait_until(children_done, t);
        atomic_store_explicit(&t->wait_target, -1, memory_order_relaxed);
    }
    nrt_tsan_acquire(&t->pending);  /* what the children did (their completions released) */
}

void nanort_taskwait_noflush(void)
{
    struct nanort_task *cur = current_task();
    if (NRT_UNLIKELY(cur->flags & NRT_TF_RECORDING))
        nrt_tg_no_wait("taskwait");
    nrt_wait_children(cur);
}

void nanort_taskwait(void)
{
    nanort_taskwait_noflush();
    nrt_devices_flush();
}

void nanort_taskwait_on(unsigned nregions, const unsigned *flags, const void *const *bases,
                        const unsigned *ndims, const struct nanort_dim *const *dims, int noflush)
{
    struct nanort_task *cur = current_task();
    if (NRT_UNLIKELY(cur->flags & NRT_TF_RECORDING))
        nrt_tg_no_wait("taskwait on(...) (or the end of a taskloop without nogroup)");
    struct nrt_region *regs = nrt_xcalloc(nregions, sizeof *regs);
    for (unsigned i = 0; i < nregions; i++) {
        regs[i].base = bases[i];
        regs[i].dims = dims[i];
        regs[i].ndims = ndims[i];
        regs[i].flags = flags[i];
        nrt_region_normalise(&regs[i]);
    }
    struct nanort_task waiter = {.flags = NRT_TF_WAITER, .parent = cur, .owner = -1};
    nrt_task_init_counts(&waiter);
    if (cur->domain && !nrt_deps_wait_on(cur->domain, &waiter, nregions, regs))
        nrt_wait_until(npred_zero, &waiter);
    nrt_tsan_acquire(&waiter);      /* released by the tasks it waited for */
    /* Not only the regions waited for: the code after it may read or write, on the host,
     * any data of the tasks that finished (their successors' wait covered them), and
     * device tasks created later must see what it writes. */
    if (!noflush)
        nrt_devices_flush();
    free(regs);
}

void nanort_taskwait_on1(const void *addr, size_t bytes)
{
    unsigned flags = NANORT_DEP_INOUT, nd = 1;
    struct nanort_dim d = {bytes, 0, bytes};
    const struct nanort_dim *dp = &d;
    nanort_taskwait_on(1, &flags, &addr, &nd, &dp, 0);
}

void nanort_taskyield(void)
{
    nrt_ensure_started();
    nrt_run_one();
    nrt_handoff_flush();
}
