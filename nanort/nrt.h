/*
 * nrt.h - the one internal header of the nanort runtime, a section per .c file.
 *
 *   runtime.c   start-up, shutdown, fork handling, the omp_* and query functions
 *   config.c    the option table, NX_ARGS / NX_<OPT> parsing, --help
 *   task.c      task allocation (one block per task), creation, submission, completion
 *   deps.c      dependence domains: regions, overlap, predecessor edges, release
 *   worker.c    worker threads, idle spinning and sleeping, waiting while running tasks
 *   sched.c     the table of scheduling policies and the shared priority queue
 *   sched_bf.c, sched_dbf.c, sched_wf.c   the policies
 *   critical.c  named critical sections
 *   stats.c     --summary counters and the table printed at exit
 *   devices/smp/smp.c   the smp device (reference device plugin)
 *
 * Locks never nest: tasks made ready under a domain or token lock are queued after it is
 * released, and a thief moves stolen tasks to its own deque after leaving the victim's.
 * A checking build (-DNRT_CHECKING) turns on the NRT_ASSERT invariants.
 */
#ifndef NRT_H
#define NRT_H

#include "nanort.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define NRT_LIKELY(x) __builtin_expect(!!(x), 1)
#define NRT_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define NRT_CACHELINE 64

#ifdef NRT_CHECKING
#define NRT_ASSERT(c) ((c) ? (void)0 : nrt_assert_fail(#c, __FILE__, __LINE__))
#else
#define NRT_ASSERT(c) ((void)0)
#endif

/* Abort with "nanort: <message>" (user mistakes and exhausted resources). */
void nrt_fatal(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void nrt_assert_fail(const char *what, const char *file, int line) __attribute__((noreturn));
/* Check a pthread return code; `call` names the call in the message. */
#define NRT_PCHECK(call)                                                                   \
    do {                                                                                   \
        int nrt_rc_ = (call);                                                              \
        if (NRT_UNLIKELY(nrt_rc_ != 0))                                                    \
            nrt_pthread_fail(#call, nrt_rc_);                                              \
    } while (0)
void nrt_pthread_fail(const char *call, int rc) __attribute__((noreturn));
void *nrt_xmalloc(size_t n);
void *nrt_xcalloc(size_t n, size_t m);
void *nrt_xrealloc(void *p, size_t n);
/* Zero-filled, aligned to a cache line (per-worker arrays). */
void *nrt_xcalloc_aligned(size_t n, size_t m);

static inline void nrt_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/*
 * The lock of the short critical sections on the hot path (queues, dependence domains).
 * An adaptive pthread mutex (spins briefly, then sleeps in the kernel): a pure
 * test-and-test-and-set spin lock measured slower on the 2-vCPU development machine (a
 * preempted holder stalls the spinner).
 */
struct nrt_lock {
    pthread_mutex_t m;
#ifdef NRT_CHECKING
    pthread_t holder;               /* m; valid while held */
    atomic_bool held;               /* relaxed: only the holder's own check reads it true */
#endif
};
void nrt_lock_init(struct nrt_lock *l);
static inline void nrt_lock_acquire(struct nrt_lock *l)
{
    NRT_PCHECK(pthread_mutex_lock(&l->m));
#ifdef NRT_CHECKING
    l->holder = pthread_self();
    atomic_store_explicit(&l->held, true, memory_order_relaxed);
#endif
}
static inline void nrt_lock_release(struct nrt_lock *l)
{
#ifdef NRT_CHECKING
    atomic_store_explicit(&l->held, false, memory_order_relaxed);
#endif
    NRT_PCHECK(pthread_mutex_unlock(&l->m));
}
/* Functions that need a lock held assert it (checking builds). */
#ifdef NRT_CHECKING
#define NRT_ASSERT_HELD(l)                                                                 \
    NRT_ASSERT(atomic_load_explicit(&(l)->held, memory_order_relaxed) &&                   \
               pthread_equal((l)->holder, pthread_self()))
#else
#define NRT_ASSERT_HELD(l) ((void)0)
#endif

/* ---- config.c ------------------------------------------------------------------- */

struct nrt_config {
    int smp_workers;      /* --smp-workers; 0 = one per core (or OMP_NUM_THREADS) */
    const char *schedule; /* --schedule */
    long throttle_limit;  /* --throttle-limit: pending tasks before the creator helps */
    long spins;           /* --spins: idle polls before sleeping */
    long queue_limit;     /* --queue-limit: ready tasks per worker before creators run
                           * new ready tasks at once */
    long inline_below;    /* --inline-below: ns; shorter task bodies run in their creator */
    bool summary;         /* --summary */
    bool verbose;         /* --verbose */
    bool binding;         /* --binding / --no-binding */
    const char *cache_policy; /* --cache-policy: writeback|writethrough|nocache|wb|wt */
    const char *dispatch;     /* --dispatch: affinity|round-robin */
};
/* Written once by nrt_config_load() before any worker exists; read-only afterwards. */
extern struct nrt_config nrt_cfg;

/* An option of the table --help lists.  Device plugins add theirs with nrt_config_add()
 * from a constructor with a priority below 200, e.g. __attribute__((constructor(150))):
 * the core parses every table in its own (default priority) constructor, before main. */
enum nrt_opt_type {
    NRT_OPT_POS_INT,    /* int: a positive integer (the default 0 means "automatic") */
    NRT_OPT_COUNT,      /* long: a non-negative integer */
    NRT_OPT_BOOL,       /* bool: --flag, --no-flag, --flag=yes|no */
    NRT_OPT_CHOICE,     /* const char *: one of `choices` (the stored pointer is into it) */
    NRT_OPT_HELP,       /* bool: --help */
    NRT_OPT_STRING,     /* const char *: any text; its user checks it (e.g. sizes) */
};
struct nrt_option {
    const char *name;              /* without the leading "--" */
    enum nrt_opt_type type;
    const char *def;               /* the default, as a value (shown by --help) */
    const char *help;
    void *value;                   /* where the value goes (type above) */
    const char *const *choices;    /* NRT_OPT_CHOICE: NULL-terminated names */
};
void nrt_config_add(const struct nrt_option *opts, unsigned n);

/* Parse NX_ARGS and NX_<OPT> (once; again after nrt_config_reset()).  Prints --help and
 * exits 0, or prints the error and exits 1. */
void nrt_config_load(void);
void nrt_config_reset(void);
/* Parse a memory size for option `opt`: bytes with an optional K, M, G suffix (powers of
 * 1024), or a percentage "N%" of `total`.  A malformed value is a fatal error naming the
 * option and the accepted forms. */
size_t nrt_parse_size(const char *opt, const char *value, size_t total);
/* Edit distance, exported for the "did you mean" suggestion of other tables. */
size_t nrt_edit_distance(const char *a, const char *b);

/* ---- deps.c --------------------------------------------------------------------- */

#define NRT_MAX_DIMS 4

/* Access kinds after mapping the dependence modes: runs of equal R, C or M are compatible. */
enum nrt_kind { NRT_KIND_NONE, NRT_KIND_R, NRT_KIND_W, NRT_KIND_C, NRT_KIND_M };

struct nrt_dobj;
struct nrt_token;

/*
 * One region of a task (lives in the task's tail).  The normalised form is the byte set
 *   { lo + sum_i k_i * stride[i] : 0 <= k_i < len[i] }   (stride[0] == 1)
 * which does not depend on the base pointer the program used.
 */
struct nrt_region {
    /* Set by nanort_task_region() before submission; read-only afterwards. */
    const void *base;               /* as given (devices copy through it) */
    const struct nanort_dim *dims;  /* as given, copied into the task's tail */
    unsigned ndims;
    unsigned flags;                 /* enum nanort_access */
    unsigned nd;                    /* normalised dimensions; 0 = empty region */
    uintptr_t lo, hi;               /* byte hull [lo, hi) */
    size_t len[NRT_MAX_DIMS];
    size_t stride[NRT_MAX_DIMS];
    /* The access record, guarded by the lock of the domain the task is registered in. */
    struct nanort_task *task;          /* the task the region belongs to */
    struct nrt_dobj *obj;           /* object it is listed in, NULL once detached */
    struct nrt_region *next, **pprev; /* in obj's cur or prev list */
    struct nrt_token *token;        /* commutative run token (reference held) */
    unsigned char kind;             /* enum nrt_kind */
};

/* Bytes the normalised region covers (0 for an empty region). */
static inline size_t nrt_region_bytes(const struct nrt_region *r)
{
    size_t n = r->nd ? 1 : 0;
    for (unsigned d = 0; d < r->nd; d++)
        n *= r->len[d];
    return n;
}

/* Successor edge, owned by the predecessor; guarded by its domain's lock. */
struct nrt_edge {
    struct nanort_task *task;
    struct nrt_edge *next;
};

struct nrt_domain;
struct nrt_domain *nrt_domain_new(void);
void nrt_domain_free(struct nrt_domain *d);
/* Normalise t's region `r` (fills nd, lo, hi, len, stride). */
void nrt_region_normalise(struct nrt_region *r);
/* Register t's regions in d; returns true when t has no unfinished predecessor. */
bool nrt_deps_submit(struct nrt_domain *d, struct nanort_task *t);
/* t and its descendants finished: detach its accesses, release successors; the ones that
 * became ready are pushed to the scheduler. */
void nrt_deps_release(struct nrt_domain *d, struct nanort_task *t);
/* Whether some task (or taskwait) created so far waits for t (t not released yet). */
bool nrt_deps_has_successors(struct nanort_task *t);
/* Make `waiter` (a pseudo task, never run) depend on the children of d that conflict with
 * the given accesses.  Returns true when there is nothing to wait for. */
bool nrt_deps_wait_on(struct nrt_domain *d, struct nanort_task *waiter, unsigned n,
                      struct nrt_region *regs);
/* Commutative exclusion: try to take every token of t; when one is busy, t is parked
 * on it when `park` (re-pushed when freed) and false is returned. */
bool nrt_tokens_acquire(struct nanort_task *t, bool park);
void nrt_tokens_release(struct nanort_task *t);

/* ---- task.c ---------------------------------------------------------------------- */

enum nrt_task_flag {
    NRT_TF_UNDEFERRED = 1u << 0, /* the creator runs it once ready */
    NRT_TF_FINAL = 1u << 1,      /* it and its descendants run undeferred */
    NRT_TF_WAITER = 1u << 2,     /* pseudo task of taskwait on: never runs */
    NRT_TF_ROOT = 1u << 3,       /* the implicit task of main */
    NRT_TF_COMMUTATIVE = 1u << 4,/* has commutative regions: take tokens before running */
    NRT_TF_REGISTERED = 1u << 5, /* its regions are in the parent's domain */
    NRT_TF_INLINE = 1u << 6,     /* in its creator's inline frame stack: runs in submit */
};

/* Per task type runtime data (type->rt), created at the type's first use. */
struct nrt_type_info {
    struct nanort_task_type *type;
    /* impls: guarded by nrt_types_lock while adding; read-only once tasks exist. */
    const struct nanort_impl **impls;
    unsigned nimpls, cap;
    atomic_uint rr;                 /* round-robin among smp implementations; relaxed: any order is fine */
    bool has_dev;                   /* an implementation is not smp (nrt_types_lock, as impls) */
    atomic_ulong created, run;      /* --summary counters; relaxed: read after join */
    struct nrt_type_info *next;     /* all types (nrt_types_lock) */
    /* Adaptive cut-off (task.c, --inline-below): `tiny` is read at every creation and
     * written only when the verdict changes; the running mean that decides it sits on a
     * line of its own, written by the threads that time a sample of the bodies.  All
     * relaxed: a heuristic, a lost update only delays the verdict. */
    atomic_bool tiny;               /* bodies measure shorter than --inline-below */
    atomic_bool spawns;             /* an instance created a task: never tiny */
    _Alignas(NRT_CACHELINE) atomic_uint mean_ns;   /* moving mean of sampled bodies */
    atomic_uint nsampled;
    /* Coarse tasks (task.c, sched_dbf.c): the moving mean of the sampled bodies, without
     * the cut-off's clamp, in microseconds; `coarse` while it is NRT_COARSE_US or more.
     * The first NRT_SAMPLE_MIN bodies of a type are all timed.  Relaxed, as above. */
    atomic_uint long_mean_us, nlong;
    atomic_bool coarse;
};
/* Bodies this long (us) or longer go through one shared FIFO in ready order (sched_dbf.c). */
#define NRT_COARSE_US 50
extern pthread_mutex_t nrt_types_lock;
extern struct nrt_type_info *nrt_types;
/* Create it at the type's first use (under nrt_types_lock). */
struct nrt_type_info *nrt_type_info_slow(struct nanort_task_type *type);
static inline struct nrt_type_info *nrt_type_info(struct nanort_task_type *type)
{
    /* acquire: pairs with the release store that publishes the filled structure. */
    struct nrt_type_info *info = __atomic_load_n(&type->rt, __ATOMIC_ACQUIRE);
    return NRT_LIKELY(info != NULL) ? info : nrt_type_info_slow(type);
}

/* A task's pending count while its body runs: children's completions subtract from it,
 * the end of the body adds (children - NRT_BODY_BIAS), and whoever brings it to 0
 * completes the task.  So the creating thread never touches the line the completing
 * threads write, and the body can end before or after its children. */
#define NRT_BODY_BIAS (1L << 40)

struct nanort_task {
    struct nanort_task *next;          /* queue, freelist or park list link: owner of that list */
    struct nanort_task_type *type;  /* immutable after creation */
    struct nrt_type_info *info;
    struct nanort_task *parent;
    void *args;
    struct nrt_region *regions;     /* tail array; filled before submit, then read-only */
    struct nanort_dim *dims;
    /* Children submitted so far by the body's thread (its only writer: a relaxed load
     * and store, no read-modify-write), and by foreign threads (the root only: atomic
     * increments).  At least 64 bytes away from `pending`. */
    atomic_long nchildren, nchildren_foreign;
    unsigned nregions, max_regions;
    unsigned ndims, max_dims;
    unsigned flags;                 /* enum nrt_task_flag: set before submission */
    int priority;
    /* Unsatisfied predecessors (+1 while being registered).  Changed under the parent
     * domain's lock; waiters read it with acquire ordering. */
    atomic_int npred;
    struct nrt_edge *succ;          /* successors: parent domain's lock */
    struct nrt_domain *domain;      /* children's domain: created by the body's thread,
                                     * read by completing children, freed at completion */
    uint64_t seq;                   /* order of priority pushes, FIFO among equal priorities */
    /* NRT_BODY_BIAS - completed children while the body runs (see NRT_BODY_BIAS). */
    atomic_long pending;
    /* The value of `pending` a sleeping taskwait waits for, -1 when none. */
    atomic_long wait_target;
    size_t size;                    /* allocation size (size class) */
    int owner;                      /* worker whose freelist it returns to, -1: malloc */
    /* Chosen when it became ready (device.c; smp: the type's only implementation). */
    const struct nanort_impl *impl;
    int space;                      /* memory space it runs in, 0 = host */
    uint64_t id;                    /* --trace/--graph: creation number (instr.c) */
    long long vpred_ns;             /* versioning.c: predicted time counted in its space */
    bool vchosen;                   /* versioning.c: chosen by nrt_vers_choose() */
    /* Undeferred device task: the creator's flag, set to 1 by the manager once the task
     * finished (device.c), NULL otherwise.  Written before the task is queued. */
    atomic_int *dev_done;
};
_Static_assert(offsetof(struct nanort_task, pending) - offsetof(struct nanort_task, nchildren)
                   >= NRT_CACHELINE, "creator and completers would share a cache line");

/* True when every child submitted so far has finished (the body's thread asks). */
bool nrt_children_done(struct nanort_task *t);
/* Wait (running other tasks) until it is (the body's thread, or main for the root). */
void nrt_wait_children(struct nanort_task *t);
static inline void nrt_task_init_counts(struct nanort_task *t)
{
    atomic_init(&t->nchildren, 0);
    atomic_init(&t->nchildren_foreign, 0);
    atomic_init(&t->pending, NRT_BODY_BIAS);
    atomic_init(&t->wait_target, -1);
    atomic_init(&t->npred, 0);
}

/* The implicit task of main (also the parent of tasks created by foreign threads). */
extern struct nanort_task *nrt_root;
/* Tasks created and not finished, summed over the workers' counters (approximate). */
long nrt_live_tasks(void);

/* Run a ready task on the calling thread (takes commutative tokens first; false when it
 * was parked instead of run). */
bool nrt_task_execute(struct nanort_task *t);
/* A device task's implementation finished on its device (manager thread): release its
 * dependences and tell its parent, as the end of an smp body does. */
void nrt_task_body_done(struct nanort_task *t);
/* Whether ready task t must go through nrt_dev_dispatch(): only types with accelerator
 * implementations when spaces exist, so the smp path pays one predictable branch. */
extern int nrt_nspaces;
static inline bool nrt_dev_wanted(const struct nanort_task *t)
{
    return NRT_UNLIKELY(nrt_nspaces > 1) && t->info && t->info->has_dev &&
           (t->impl == NULL || t->space > 0);
}
void nrt_task_free_all(void);
/* Give back the blocks batched for other workers (before sleeping or stopping). */
void nrt_task_flush_frees(void);

/* ---- worker.c -------------------------------------------------------------------- */

#define NRT_SIZE_CLASSES 6

struct nrt_worker {
    int id;
    pthread_t thread;
    struct nanort_task *freel[NRT_SIZE_CLASSES];          /* own freelists: this thread only */
    unsigned nfree[NRT_SIZE_CLASSES];
    /* Tasks other threads freed for us: Treiber push (release), the owner takes the
     * whole list with an exchange (acquire), so there is no ABA. */
    _Atomic(struct nanort_task *) remote[NRT_SIZE_CLASSES];
    /* Blocks of one other worker waiting to be given back in one push: this thread only. */
    struct nanort_task *rbatch[NRT_SIZE_CLASSES], *rbatch_tail[NRT_SIZE_CLASSES];
    unsigned rbatch_n[NRT_SIZE_CLASSES];
    int rbatch_owner[NRT_SIZE_CLASSES];
    /* Tasks this thread submitted / completed: written by this thread only, read by any
     * (relaxed: the sum is an estimate for throttling). */
    atomic_long submitted, completed;
    int depth;                      /* nesting of task bodies on this thread (stats) */
    unsigned sample_tick;           /* bodies run here, to time one in NRT_SAMPLE_EVERY */
    int crit_depth;                 /* critical sections this thread is in (this thread only) */
    /* Inline frames (task.c): a bump-allocated LIFO stack of tasks without regions that
     * run in nanort_task_submit(); inl_open: one was created and not yet submitted.
     * This thread only. */
    char *inl_base, *inl_top, *inl_end;
    bool inl_open;
    /* --summary: written by this thread only, read after it stopped. */
    unsigned long tasks_run;
    uint64_t busy_ns, t_start;
} __attribute__((aligned(NRT_CACHELINE)));

extern int nrt_nworkers;                    /* set at start, constant while running */
extern struct nrt_worker *nrt_workers;
extern __thread struct nrt_worker *nrt_self __attribute__((tls_model("initial-exec")));
extern __thread struct nanort_task *nrt_current __attribute__((tls_model("initial-exec")));
extern atomic_bool nrt_stopping;

extern atomic_int nrt_idle;                 /* workers polling or asleep (a hint) */

void nrt_workers_start(int n);
/* Stop and join workers 1..n-1 (their statistics stay readable). */
void nrt_workers_stop(void);
/* Free the workers, their freelists and the policy's data. */
void nrt_workers_release(void);
void nrt_workers_after_fork(void);
/* Make the calling thread (the process's main thread) worker 0. */
void nrt_attach_main(void);
/* Whether the workers are bound to cores (--binding, and they fill the allowed cores). */
bool nrt_workers_bound(void);
/* New work was queued: wake one sleeper if any. */
void nrt_wake_worker(void);
/* A waited-for condition may have become true: wake sleeping waiters. */
void nrt_wake_waiters(void);
/* CLOCK_REALTIME now + ns: the absolute time that the pthread timed waits take. */
struct timespec nrt_deadline(long ns);
/* Threads asleep in a wait (taskwait and the like) now: a hint, for tests. */
int nrt_waiters_asleep(void);
typedef bool nrt_cond_fn(void *arg);
/* Run ready tasks until done(arg) holds; spin, then sleep when nothing is ready. */
void nrt_wait_until(nrt_cond_fn *done, void *arg);
/* Run the handed-over task, or pop a ready one and run it; false when none was ready. */
bool nrt_run_one(void);
/* Keep t (just made ready by this thread) to run next; false when it must be queued. */
bool nrt_handoff(struct nanort_task *t);
/* Queue the kept task, if any (before leaving a loop that runs tasks). */
void nrt_handoff_flush(void);
uint64_t nrt_now_ns(void);

/* ---- sched.c and the policies ---------------------------------------------------- */

struct nrt_sched {
    const char *name;
    const char *help;
    void (*init)(int nworkers);
    void (*fini)(void);
    void (*push)(struct nrt_worker *self, struct nanort_task *t);  /* self NULL: foreign */
    struct nanort_task *(*pop)(struct nrt_worker *self);
    /* Tasks queued: in self's own queue (self != NULL), or in all queues (NULL).  The
     * counts a push stores must be seq_cst (the sleep protocol in worker.c reads them). */
    long (*queued)(struct nrt_worker *self);
    /* Optional: true when the creator should run the new ready task itself. */
    bool (*run_now)(struct nrt_worker *self, struct nanort_task *t);
};
extern const struct nrt_sched nrt_sched_bf, nrt_sched_dbf, nrt_sched_wf;
extern const struct nrt_sched nrt_sched_versioning, nrt_sched_affinity;
/* dbf's functions, shared by the policies built on it (wf, versioning, affinity). */
void nrt_dbf_init(int nworkers);
void nrt_dbf_fini(void);
void nrt_dbf_push(struct nrt_worker *self, struct nanort_task *t);
long nrt_dbf_queued(struct nrt_worker *self);
struct nanort_task *nrt_dbf_pop(struct nrt_worker *self);
#define NRT_DBF_OPS .init = nrt_dbf_init, .fini = nrt_dbf_fini, .push = nrt_dbf_push, \
                    .pop = nrt_dbf_pop, .queued = nrt_dbf_queued
extern const struct nrt_sched *nrt_sched;   /* selected at start */
extern const char nrt_sched_default[];
const struct nrt_sched *nrt_sched_find(const char *name);
/* Name and help line of policy i (NULL past the end), for --help and validation. */
const char *nrt_sched_name(unsigned i, const char **help);
void nrt_sched_select(void);
/* Queue a ready task (priority-aware), count it, wake a sleeper. */
void nrt_sched_push(struct nanort_task *t);
struct nanort_task *nrt_sched_pop(void);
/* Any task queued (seq_cst reads: see worker.c)? */
bool nrt_sched_has_work(void);

/* The priority queue the policies share for tasks with priority != 0. */
void nrt_prio_init(void);
void nrt_prio_push(struct nanort_task *t);
/* Pop the best task with priority > 0 (positive_only) or any priority; NULL if none. */
struct nanort_task *nrt_prio_pop(bool positive_only);
/* Whether tasks with a priority are queued (a hint, read without the lock). */
bool nrt_prio_waiting(void);

/* A FIFO of tasks under a lock (bf's queue), linked through the tasks' `next`. */
struct nrt_tqueue {
    struct nrt_lock lock;
    struct nanort_task *head, *tail;   /* lock */
    /* Length: written under the lock with seq_cst (see nrt_sched::queued); relaxed
     * reads decide whether to take the lock at all. */
    atomic_long n;
} __attribute__((aligned(NRT_CACHELINE)));
void nrt_tqueue_init(struct nrt_tqueue *q);
void nrt_tqueue_destroy(struct nrt_tqueue *q);
void nrt_tqueue_push_back(struct nrt_tqueue *q, struct nanort_task *t);
struct nanort_task *nrt_tqueue_pop_front(struct nrt_tqueue *q);

/* ---- critical.c ------------------------------------------------------------------ */
void nrt_critical_reset(void);

/* ---- stats.c --------------------------------------------------------------------- */
void nrt_stats_print(uint64_t wall_ns);
struct nrt_span;                    /* instr.c section */
/* Interval arithmetic of the device timeline.  merge: sort s and replace it by its union
 * (disjoint, ascending; returns the new count); length: the total of disjoint spans;
 * overlap: the time two merged lists have in common (one pass over both). */
size_t nrt_spans_merge(struct nrt_span *s, size_t n);
uint64_t nrt_spans_length(const struct nrt_span *s, size_t n);
uint64_t nrt_spans_overlap(const struct nrt_span *a, size_t na, const struct nrt_span *b,
                           size_t nb);

/* ---- devices: the ops tables every device implements (devices/<name>/) ------------ */

/*
 * Memory spaces.  Space 0 is the host; every accelerator device the plugins find at start
 * (each OpenCL device, each GPU) is one more space with its own manager thread
 * (device.c).  The core never names a device: plugins register ops tables.
 *
 * Life of a device task (device.c, cache.c):
 *   ready -> nrt_dev_dispatch() picks the implementation and the space -> the space's queue
 *   -> manager thread: nrt_cache_stage() makes the copied regions valid in the space
 *      (allocating, evicting, queueing copies; collects their events)
 *   -> mem->... copies, compute->begin(events) -> impl->run() on the manager thread
 *      (generated code calls nanort_kernel_launch() -> compute->launch())
 *   -> compute->end() gives the completion event; while it runs the manager stages the
 *      next task of its queue (transfers overlap kernels)
 *   -> event done: nrt_cache_complete() marks outputs owned by the space (write-through
 *      also copies them back), the task finishes like an smp task body.
 */
#define NRT_MAX_SPACES 16

struct nrt_space;
struct nrt_staging;
struct nanort_ctx {
    struct nanort_task *task;
    const struct nanort_impl *impl;
    void *device_data;              /* the device's per-launch data (NULL for smp) */
    struct nrt_space *space;        /* where it runs (NULL: host, smp) */
    struct nrt_staging *staging;    /* cache.c: the allocations of its copied regions */
};

typedef void *nrt_event;             /* plugin event (cl_event, cudaEvent_t), NULL = done */

/* A rectangular transfer: `rows` rows of `width` bytes, `pitch` bytes apart both in host
 * memory (starting at the host address) and in the device buffer (starting at `off`):
 * device buffers mirror the host layout of the byte range they cover. */
struct nrt_xfer {
    size_t width, rows, pitch;
};

struct nrt_space;

/* Memory hooks (StarPU's split: memory and compute tables).  Copies are queued on the
 * space's transfer queues (host->device and device->host are separate), after `after`
 * when not NULL, and return the event of their completion (the caller releases it). */
struct nrt_mem_ops {
    void *(*alloc)(struct nrt_space *s, size_t bytes);     /* NULL: out of memory */
    void (*free)(struct nrt_space *s, void *buf);
    nrt_event (*copy_in)(struct nrt_space *s, void *buf, size_t off, const void *host,
                         const struct nrt_xfer *x, nrt_event after);
    nrt_event (*copy_out)(struct nrt_space *s, void *host, void *buf, size_t off,
                          const struct nrt_xfer *x, nrt_event after);
    /* Device to device, between two spaces of the same plugin; NULL (or returning
     * NRT_EVENT_UNSUPPORTED) makes the cache go through the host. */
    nrt_event (*copy_peer)(struct nrt_space *dst, void *dbuf, size_t doff,
                           struct nrt_space *src, void *sbuf, size_t soff,
                           const struct nrt_xfer *x, nrt_event after);
    void (*wait)(struct nrt_space *s, nrt_event e);        /* block until e is done */
    bool (*query)(struct nrt_space *s, nrt_event e);       /* true when e is done */
    void (*release)(struct nrt_space *s, nrt_event e);
    /* The kernel-visible address of buf+off (CUDA: a device pointer), or NULL when the
     * device has no addresses (OpenCL). */
    void *(*address)(struct nrt_space *s, void *buf, size_t off);
};
#define NRT_EVENT_UNSUPPORTED ((nrt_event)(uintptr_t)1)

/* Compute hooks, called on the space's manager thread only. */
struct nrt_compute_ops {
    /* Order the work the next implementation queues after these events. */
    void (*begin)(struct nrt_space *s, nanort_ctx *ctx, unsigned nevents, const nrt_event *ev);
    /* nanort_kernel_launch() of the running implementation. */
    void (*launch)(struct nrt_space *s, nanort_ctx *ctx, const struct nanort_launch *l);
    /* After impl->run returned: the event of the completion of everything it queued. */
    nrt_event (*end)(struct nrt_space *s, nanort_ctx *ctx);
    /* nanort_cuda_stream(): the queue the task's own launches must use, or NULL. */
    void *(*stream)(struct nrt_space *s, nanort_ctx *ctx);
};

struct nrt_device_ops {
    const char *name;               /* "smp", "opencl", "cuda": --summary, messages */
    enum nanort_device_kind kind;
    /* Number of devices of this kind usable here (0 when the library, the driver or the
     * hardware is missing: say why under --verbose).  Called once at start. */
    int (*probe)(void);
    /* smp: run the implementation in the calling worker.  NULL for accelerators. */
    void (*run)(const struct nanort_impl *impl, void *args, nanort_ctx *ctx);
    /* Accelerators: open device `index` (< probe()) as space `s` (fill s->name,
     * s->mem_limit, s->priv; s->exact_base when kernel buffers cannot start inside an
     * allocation, as OpenCL's); false when it cannot be used (say why). */
    bool (*open)(int index, struct nrt_space *s);
    void (*close)(struct nrt_space *s);
    const struct nrt_mem_ops *mem;
    const struct nrt_compute_ops *compute;
    /* Optional: true when mem->copy_out of these host bytes returns at once and completes
     * on its own (CUDA: pinned host memory).  Only then does the cache write finished
     * results back eagerly (--eager-writeback): a copy that blocked would stall the
     * manager's next launches. */
    bool (*async_out)(struct nrt_space *s, const void *host, const struct nrt_xfer *x);
};

/* --summary counters of a space: written by its manager thread (or under the cache lock),
 * read after the managers stopped; relaxed atomics. */
struct nrt_space_stats {
    atomic_ulong tasks, bytes_in, bytes_out, bytes_peer, hits, misses, evictions;
    atomic_ulong busy_ns;
};

struct nrt_space {
    int id;                         /* index in nrt_spaces[]; 0 = host */
    const struct nrt_device_ops *ops;
    int index;                      /* the plugin's device index */
    char name[64];                  /* e.g. "opencl0 (pthread-Intel(R) Xeon...)" */
    size_t mem_limit;               /* bytes the cache may allocate here */
    bool exact_base;                /* a kernel buffer must start at its allocation */
    const char *mem_option;         /* option that sets mem_limit, e.g. "--gpu-max-memory"
                                     * (for the "does not fit" message); NULL: generic */
    void *priv;                     /* the plugin's per-device data */
    struct nrt_space_stats stats;
    struct nrt_dev_queue *queue;    /* device.c: ready tasks, manager thread */
};
extern struct nrt_space *nrt_spaces[NRT_MAX_SPACES];
extern int nrt_nspaces;             /* constant after start; 1 = host only */

/* Devices register from a constructor; the core never names a device. */
void nrt_device_register(const struct nrt_device_ops *ops);
/* Registered devices by kind (runtime.c): written before main and at start (before any
 * worker exists), read-only afterwards.  Looked up on every task run, hence inline. */
extern const struct nrt_device_ops *nrt_devices[NANORT_DEVICE_KIND_COUNT];
static inline const struct nrt_device_ops *nrt_device(enum nanort_device_kind kind)
{
    return (unsigned)kind < NANORT_DEVICE_KIND_COUNT ? nrt_devices[kind] : NULL;
}
extern const struct nrt_device_ops nrt_smp_device;   /* always present */

/* ---- device.c: spaces, dispatch, manager threads ---------------------------------- */
/* Probe the registered accelerator plugins and open their spaces; start the managers. */
void nrt_devices_start(void);
void nrt_devices_stop(void);
/* A ready task whose type has accelerator implementations: choose the implementation
 * and the space; true when it was queued on a device (else t->impl is an smp one). */
bool nrt_dev_dispatch(struct nanort_task *t);
/* Free the spaces (after nrt_devices_stop() and the --summary table). */
void nrt_devices_release(void);
/* In a forked child: forget the parent's spaces and managers (leaked on purpose). */
void nrt_devices_after_fork(void);
/* No usable implementation for a task of this type here: the fatal error saying why. */
void nrt_dev_no_impl(const struct nrt_type_info *info) __attribute__((noreturn));

/* ---- cache.c: the data directory across memory spaces ------------------------------ */
enum nrt_cache_policy { NRT_CACHE_WRITEBACK, NRT_CACHE_WRITETHROUGH, NRT_CACHE_NOCACHE };
/* --eager-writeback (device.c): under writeback, results nobody waits for yet are copied
 * back to the host as soon as their task completes, where the copy does not block. */
extern bool nrt_eager_writeback;
/* Manager thread of s: make t's copied regions valid in s (allocating, evicting, queueing
 * copies).  NULL when they do not fit now but `others_pinned` (tasks of s in flight will
 * unpin memory: complete them and retry); fatal when they can never fit. */
struct nrt_staging *nrt_cache_stage(struct nanort_task *t, struct nrt_space *s,
                                    bool others_pinned);
/* Events the launch must wait for (the copies it needs). */
unsigned nrt_cache_events(const struct nrt_staging *st, const nrt_event **ev);
/* t's device work finished: its outputs are owned by the space (policy), unpin, free st. */
void nrt_cache_complete(struct nrt_staging *st);
/* Bytes of t's copy-in regions valid in s now (dispatch by affinity). */
size_t nrt_cache_affinity(const struct nanort_task *t, const struct nrt_space *s);
/* Shutdown (after the flush): free every allocation of every space. */
void nrt_cache_stop(void);
void nrt_cache_after_fork(void);
/* Before an smp task with regions runs (only when nrt_nspaces > 1): make its inputs
 * valid on the host; after it: its outputs are owned by the host. */
void nrt_cache_host_acquire(struct nanort_task *t);
void nrt_cache_host_release(struct nanort_task *t);
/* For plugins' launch: the allocation and offset holding host address `host` for the
 * running task ctx: the region holding that byte, else an allocation covering it, else a
 * region whose base pointer it is (then the offset may be negative, i.e. wrap around);
 * false when it is outside them. */
bool nrt_cache_translate(nanort_ctx *ctx, const void *host, void **buf, size_t *off);
/* --summary: the per-device table (device.c), printed by stats.c. */
void nrt_devices_print_summary(FILE *out);
/* taskwait: copy back everything the host does not hold, then drop the device copies
 * (the code after a taskwait may write on the host); bytes a running device task writes
 * are left to it.  taskwait on(...): the same for the segments the regions touch.
 * taskwait noflush calls neither. */
void nrt_devices_flush(void);
void nrt_cache_flush_regions(unsigned n, const struct nrt_region *regs);

/* ---- instr.c: --trace (Chrome trace-event JSON) and --graph (Graphviz dot) --------- */
/* Tracks: smp worker i is track i (-1: a thread that is not a worker); space s's kernel
 * queue and transfer queues are NRT_TRACK_SPACE(s, q) with q = 0 kernels,
 * 1 host->device, 2 device->host/peer. */
#define NRT_TRACK_SPACE(s, q) (1000 + 4 * (s) + (q))
/* --trace, --graph or --summary given (--summary alone: per-implementation timing only);
 * set by nrt_instr_start(), constant while tasks run.  Hot paths test it first:
 *     if (NRT_UNLIKELY(nrt_instr_on)) nrt_instr_task_begin(t, track);  */
extern bool nrt_instr_on;
/* At start, before any task exists (also installs the crash handlers of crash.c). */
void nrt_instr_start(void);
/* At shutdown, after workers and device managers stopped: writes the files. */
void nrt_instr_stop(void);
/* Every call below is made only when nrt_instr_on.  task_created: at submission, after
 * the regions were added and before the dependences are registered (gives t->id). */
void nrt_instr_task_created(struct nanort_task *t);
/* Kinds of dependence edges (the graph's edge styles): strongest first. */
enum nrt_dep_class { NRT_DEP_TRUE = 1, NRT_DEP_OUTPUT, NRT_DEP_ANTI, NRT_DEP_OTHER };
/* succ waits for pred (both in the domain, under its lock); kind: an nrt_dep_class, or 0
 * to let instr.c find it from the overlapping regions of the two tasks. */
void nrt_instr_dep(struct nanort_task *pred, struct nanort_task *succ, unsigned kind);
/* The body (smp) or the kernels (device) of t run from begin to end, on `track`; t->impl
 * and t->space say which implementation and where.  Begin and end of one task are
 * called by the same thread. */
void nrt_instr_task_begin(struct nanort_task *t, int track);
void nrt_instr_task_end(struct nanort_task *t, int track);
/* A finished copy of `bytes` from src_space to dst_space (times from nrt_now_ns()). */
void nrt_instr_transfer(int src_space, int dst_space, size_t bytes, uint64_t t0_ns,
                        uint64_t t1_ns, int track);
/* The device timeline (what a device did, on its own clock): plugins measure each copy
 * and each task's kernels only when nrt_devtime_on (--trace or --summary; set by
 * nrt_instr_start() before the spaces open, constant while tasks run), and report each
 * once it finished, converted to the nrt_now_ns() clock.  A copy between devices is
 * reported by the destination (it runs on its host->device queue).  --summary prints
 * per space the busy time of each lane and how much of the copy time overlapped kernels;
 * --trace draws the spans on the space's tracks instead of the host-timed ones. */
enum nrt_lane { NRT_LANE_KERNEL, NRT_LANE_IN, NRT_LANE_OUT, NRT_LANE_PEER, NRT_NLANES };
extern bool nrt_devtime_on;
/* Any thread; t (NRT_LANE_KERNEL: the task whose kernels ran from t0 to t1) may be NULL. */
void nrt_devtime_record(struct nrt_space *s, enum nrt_lane lane, uint64_t t0_ns,
                        uint64_t t1_ns, size_t bytes, const struct nanort_task *t);
/* A time interval [t0, t1) in ns. */
struct nrt_span {
    uint64_t t0, t1;
};
/* The spans of (space, lane) recorded since the start (after the threads stopped). */
const struct nrt_span *nrt_devtime_spans(int space, enum nrt_lane lane, size_t *n);
/* --summary: time per (task type, implementation, space), one record per thread. */
struct nrt_instr_stat {
    const struct nanort_task_type *type;
    const struct nanort_impl *impl;
    int space;
    unsigned long count;
    uint64_t total_ns;              /* body (smp; without the tasks it ran in a taskwait)
                                     * or begin..end (device) */
};
/* Call fn for every record (after the threads stopped; stats.c sums them). */
void nrt_instr_each_stat(void (*fn)(void *arg, const struct nrt_instr_stat *s), void *arg);

/* ---- crash.c: a fatal signal inside a task names the task --------------------------- */
/* SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT: print "nanort: task 'L' (implementation 'I'
 * on D) crashed: SIG", then chain to the handler installed before, or die of the signal. */
void nrt_crash_install(void);

/* ---- perfmodel.c: learned execution and transfer times (versioning) ---------------- */
#define NRT_PERF_WINDOW 16          /* runs the median is taken over */
/* Bytes a task's regions cover, and its footprint class (powers of two). */
size_t nrt_perf_footprint(const struct nanort_task *t);
unsigned nrt_perf_bucket(size_t bytes);
/* A run of implementation `impl` (index in info->impls) in `space` took `ns`. */
void nrt_perf_record(const struct nrt_type_info *info, unsigned impl, int space,
                     size_t footprint, uint64_t ns);
/* Runs recorded for that footprint class (the discarded first run not counted). */
unsigned nrt_perf_samples(const struct nrt_type_info *info, unsigned impl, int space,
                          size_t footprint);
/* An instance was given to (impl, space): counted as in flight until its record. */
void nrt_perf_chosen(const struct nrt_type_info *info, unsigned impl, int space,
                     size_t footprint);
/* Runs recorded plus runs in flight (learning spreads the trials with it). */
long nrt_perf_tries(const struct nrt_type_info *info, unsigned impl, int space,
                    size_t footprint);
/* Predicted ns (median; other footprints scaled linearly), or -1 when never measured. */
double nrt_perf_predict(const struct nrt_type_info *info, unsigned impl, int space,
                        size_t footprint);
void nrt_perf_transfer_record(int src, int dst, size_t bytes, uint64_t ns);
double nrt_perf_transfer_ns(int src, int dst, size_t bytes);
void nrt_perf_print(FILE *out);
bool nrt_perf_dir_on(void);
void nrt_perf_load(void);           /* --perf-model-dir: at start */
void nrt_perf_save(void);           /* and at shutdown */

/* ---- versioning.c: choosing among implementations (earliest estimated finish) ------- */
struct nrt_vcand {
    unsigned impl;                  /* index in t->info->impls */
    int space;                      /* where it would run: 0 = the smp pool */
    size_t missing_bytes;           /* copy-in bytes not valid there yet */
};
/* Pick one of the candidates for ready task t (sets *pick; false when ncand == 0) and
 * count its predicted time as queued work of that space. */
bool nrt_vers_choose(struct nanort_task *t, unsigned ncand, const struct nrt_vcand *cand,
                     unsigned *pick);
/* The implementation for an instance of a type whose implementations are all smp. */
unsigned nrt_vers_choose_smp(struct nanort_task *t);
/* t (run with implementation index `impl` in t->space) took `ns`: learn, unqueue. */
void nrt_vers_done(struct nanort_task *t, unsigned impl, uint64_t ns);
/* --dispatch=versioning (the default): read-only after start. */
static inline bool nrt_versioning_on(void)
{
    return nrt_cfg.dispatch && nrt_cfg.dispatch[0] == 'v';
}
/* Index of impl in info->impls. */
unsigned nrt_impl_index(const struct nrt_type_info *info, const struct nanort_impl *impl);

/* ---- clcpu.c: OpenCL kernels translated to C, run on the workers ----------------- */
/* An smp implementation that runs a translated OpenCL kernel (include/nanort.h). */
static inline bool nrt_clcpu_impl(const struct nanort_impl *impl)
{
    return impl->device == NANORT_DEVICE_SMP && impl->device_info != NULL;
}
/* The configuration is read: extend the types made so far (runtime.c, at start). */
void nrt_clcpu_start(void);
/* Give a type the translations of its OpenCL implementations' kernels (--opencl-cpu);
 * nrt_types_lock held, before the type's first task. */
void nrt_clcpu_extend(struct nrt_type_info *info);
/* nanort_kernel_launch() of such an implementation, on a worker. */
void nrt_clcpu_launch(nanort_ctx *ctx, const struct nanort_launch *l);
/* Has the type such an implementation? */
bool nrt_clcpu_type(const struct nrt_type_info *info);

/* ---- runtime.c ------------------------------------------------------------------- */
/* Start the runtime at first use (cheap check on the hot path). */
extern atomic_int nrt_started;
void nrt_start_slow(void);
/* A thread met the runtime for the first time (since the last start): main becomes
 * worker 0, any other thread stays foreign. */
void nrt_thread_first_use(void);
static inline void nrt_ensure_started(void)
{
    /* acquire: pairs with the release store at the end of nrt_start_slow(). */
    if (NRT_UNLIKELY(!atomic_load_explicit(&nrt_started, memory_order_acquire)))
        nrt_start_slow();
    if (NRT_UNLIKELY(!nrt_self))
        nrt_thread_first_use();
}

#endif /* NRT_H */
