/*
 * nrt.h - the one internal header of the nanort runtime, a section per .c file.
 *
 * Contents: the sections below, in order (make check-layout compares this list, the
 * section headers and the .c files of nanort/: scripts/check-toc.py).
 *
 *   config.c        the option table, NX_ARGS / NX_<OPT> parsing
 *   help.c          NX_ARGS=--help, OMP_DISPLAY_ENV
 *   nanos_options.c Nanos++ options nanort does not have (warned, mapped or ignored)
 *   deps.c          dependence domains: regions, overlap, predecessor edges, release
 *   task.c          task allocation (one block per task), creation, submission, completion
 *   cancel.c        OpenMP cancellation: cancellable regions, discarded tasks
 *   worker.c        worker threads, idle spinning and sleeping, waiting while running tasks
 *   speed.c         cores of unequal speed: slow workers leave coarse tasks to fast ones
 *   block.c         pausing a task whose thread blocks (task-aware MPI)
 *   omp_api.c       OpenMP locks
 *   omp_alloc.c     OpenMP 5.0 memory allocators, affinity format, device-memory routines
 *   stack.c         --stack-size, nearly full stacks
 *   sched.c, sched_bf.c, sched_dbf.c, sched_wf.c   the table of policies, the policies
 *   critical.c      named critical sections
 *   reduction.c     tasks' private reduction copies, for the tasks created inside them
 *   taskgraph.c     recorded task graphs: record once, replay with counted dependences
 *   events.c        detach(event) and event counters
 *   depobj.c        OpenMP depend objects (depobj)
 *   poll.c          polling services, nanort_wait_until
 *   nest.c          the iterations of a non-rectangular collapsed loop nest
 *   stats.c         --summary counters, and every --summary table printed at exit
 *   device.c        the device ops tables, spaces, dispatch, manager threads
 *   cache_map.c, cache_alloc.c, cache_stage.c   the data directory across memory spaces:
 *                   the segment map, the allocations and eviction, the staging
 *   instr.c         the recorded events, --summary's timing, the device timeline
 *   instr_trace.c   --trace=FILE (Chrome JSON), what the trace writers share
 *   instr_graph.c   --graph=FILE (Graphviz dot)
 *   instr_prv.c     --trace=FILE.prv (Paraver)
 *   crash.c         a fatal signal inside a task names the task
 *   ending.c        outputs on SIGTERM/SIGINT and exit() in a task; exit status on failures
 *   hooks.c         the task-life hooks of the debugging tools
 *   watchdog.c      --watchdog: what is pending when nothing completes
 *   tsan.c          happens-before annotations for ThreadSanitizer
 *   perfmodel.c     learned execution and transfer times
 *   perfmodel_file.c the model file, read as untrusted input (also nanort-perfmodel)
 *   versioning.c    choosing among implementations (earliest estimated finish)
 *   cluster.c       cluster mode's options and plugin
 *   clcpu.c         OpenCL kernels translated to C, run on the workers
 *   kernel_args.c   the arguments of an OpenCL kernel that takes fewer than its task
 *   nanos_api.c     the Nanos++ calls of OmpSs programs
 *   runtime.c       start-up, shutdown, fork handling, the omp_* and query functions
 *
 * The device plugins live in devices/<name>/ (devices/smp/smp.c is the reference plugin)
 * and include this header.
 *
 * Locks.  Every lock is a struct nrt_lock (pthread condition variables wait through
 * nrt_cond_wait / nrt_cond_timedwait), every struct field names the lock that guards it,
 * and a helper that needs a lock held asserts it (NRT_ASSERT_HELD).  A checking build
 * (-DNRT_CHECKING: libnanort-debug.so, which mcc --debug links, and the sanitizer builds
 * the unit and stress suites run against, make check-tsan / check-asan) turns these and
 * the NRT_ASSERT invariants on.  The hot path takes one lock at a time: tasks made ready
 * under a domain or token lock are queued after it is released, a thief moves stolen
 * tasks to its own deque after leaving the victim's, and the performance model hears of
 * the copies the cache timed once the cache lock is released.  Where locks do nest, the
 * order is (outer first; a thread holding a lock never takes one listed before it):
 *   nrt_types_lock (task.c)   -> registry_lock (clcpu.c: nrt_clcpu_extend)
 *   wd_lock (watchdog.c)      -> a domain's lock (deps.c: nrt_deps_is_pred)
 *   C.lock (cache_*.c)        -> the plugins' locks its memory ops take: the CUDA staging
 *                                and pool locks (devices/cuda), OpenCL's timed_lock
 *                                (devices/opencl), the cluster's job queue J.lock
 *                                (devices/cluster/comm.c); freed_lock (cache_stage.c, a
 *                                leaf: the blocks free() queued while C.lock was busy)
 *   P.lock (poll.c)           -> the locks of the polling services it runs (the TAMPI
 *                                queue Q.lock, devices/cluster/tampi.c)
 *   start_lock (runtime.c)    -> every lock the start-up takes (nothing else holds one
 *                                then)
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
#include <string.h>

#define NRT_LIKELY(x) __builtin_expect(!!(x), 1)
#define NRT_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define NRT_CACHELINE 64

#ifdef NRT_CHECKING
#define NRT_ASSERT(c) ((c) ? (void)0 : nrt_assert_fail(#c, __FILE__, __LINE__))
#else
#define NRT_ASSERT(c) ((void)0)
#endif

/* Print "nanort: <message>" and exit with status 1 (user mistakes, exhausted resources,
 * device failures); broken invariants abort (nrt_assert_fail, nrt_pthread_fail). */
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
/* Every lock of the runtime and its plugins is an nrt_lock (so that NRT_ASSERT_HELD can
 * check it).  The hot-path locks are adaptive (nrt_lock_init); the others are plain, as
 * NRT_LOCK_INITIALIZER and nrt_lock_init_plain make them (also to reinitialise a lock in
 * the child of fork()). */
#define NRT_LOCK_INITIALIZER {.m = PTHREAD_MUTEX_INITIALIZER}
void nrt_lock_init_plain(struct nrt_lock *l);
static inline void nrt_lock_destroy(struct nrt_lock *l)
{
    NRT_PCHECK(pthread_mutex_destroy(&l->m));
}
static inline void nrt_lock_mark_held(struct nrt_lock *l)
{
#ifdef NRT_CHECKING
    l->holder = pthread_self();
    atomic_store_explicit(&l->held, true, memory_order_relaxed);
#else
    (void)l;
#endif
}
static inline void nrt_lock_mark_free(struct nrt_lock *l)
{
#ifdef NRT_CHECKING
    atomic_store_explicit(&l->held, false, memory_order_relaxed);
#else
    (void)l;
#endif
}
/* pthread_mutex_trylock: true when taken. */
static inline bool nrt_lock_try(struct nrt_lock *l)
{
    if (pthread_mutex_trylock(&l->m) != 0)
        return false;
    nrt_lock_mark_held(l);
    return true;
}
/* pthread_mutex_timedlock: its return code (0: taken). */
static inline int nrt_lock_timed(struct nrt_lock *l, const struct timespec *until)
{
    int rc = pthread_mutex_timedlock(&l->m, until);
    if (rc == 0)
        nrt_lock_mark_held(l);
    return rc;
}
/* The condition-variable companions: wait on c with l held (l is released while waiting
 * and held again on return, by this thread). */
static inline void nrt_cond_wait(pthread_cond_t *c, struct nrt_lock *l)
{
    NRT_ASSERT_HELD(l);
    nrt_lock_mark_free(l);
    NRT_PCHECK(pthread_cond_wait(c, &l->m));
    nrt_lock_mark_held(l);
}
/* pthread_cond_timedwait's return code (0 or ETIMEDOUT; l held again either way). */
static inline int nrt_cond_timedwait(pthread_cond_t *c, struct nrt_lock *l,
                                     const struct timespec *until)
{
    NRT_ASSERT_HELD(l);
    nrt_lock_mark_free(l);
    int rc = pthread_cond_timedwait(c, &l->m, until);
    nrt_lock_mark_held(l);
    return rc;
}

/* ---- config.c ------------------------------------------------------------------- */

/*
 * Choice options are enums from X-macro lists: X(enum constant, name, help) gives the enum
 * (NRT_ENUM_ENTRY), the names the option accepts and the text --help shows (NRT_CHOICES).
 * Short names of the same values (help NULL) come in a second list, which only the
 * option's choices expand.
 */
struct nrt_choice {
    const char *name;
    int value;                      /* the enum constant stored */
    const char *help;               /* NULL: another name of a value listed before */
};
#define NRT_ENUM_ENTRY(e, name, help) e,
#define NRT_CHOICE_ENTRY(e, name, help) {name, e, help},
#define NRT_CHOICES(list) ((const struct nrt_choice[]){list(NRT_CHOICE_ENTRY) {NULL, 0, NULL}})
#define NRT_NO_CHOICES(X)
/* A plugin's options.def entry as a row of its own table (see devices/opencl/options.def):
 * #define NRT_PLUGIN_OPTION NRT_PLUGIN_OPTION_ROW, then #include "options.def". */
#define NRT_PLUGIN_OPTION_ROW(plugin, name, type, def, help, var, choices)                \
    {name, type, def, help, &var, NRT_CHOICES(choices)},

#define NRT_CACHE_POLICIES(X)                                                              \
    X(NRT_CACHE_WRITEBACK, "writeback", "keeps outputs on the device until the host needs them") \
    X(NRT_CACHE_WRITETHROUGH, "writethrough", "also copies them back after each task")    \
    X(NRT_CACHE_NOCACHE, "nocache", "copies back and frees the device copy after each task")
#define NRT_CACHE_POLICY_SHORT_NAMES(X)                                                    \
    X(NRT_CACHE_WRITEBACK, "wb", NULL) X(NRT_CACHE_WRITETHROUGH, "wt", NULL)
enum nrt_cache_policy { NRT_CACHE_POLICIES(NRT_ENUM_ENTRY) };
#define NRT_DISPATCH_POLICIES(X)                                                           \
    X(NRT_DISPATCH_VERSIONING, "versioning",                                               \
      "earliest estimated finish from measured times of each implementation and transfer " \
      "costs, after --versioning-min-trials runs of each")                                 \
    X(NRT_DISPATCH_AFFINITY, "affinity",                                                   \
      "a device where most of its input bytes already are, then the least loaded")        \
    X(NRT_DISPATCH_ROUND_ROBIN, "round-robin",                                             \
      "rotate over the devices, and the host when the task also has an smp version")
enum nrt_dispatch { NRT_DISPATCH_POLICIES(NRT_ENUM_ENTRY) };

struct nrt_config {
    int smp_workers;      /* --smp-workers; 0 = one per core (or OMP_NUM_THREADS) */
    int schedule;         /* --schedule: the index of the policy (nrt_sched_nth) */
    long throttle_limit;  /* --throttle-limit: pending tasks before the creator helps */
    long spins;           /* --spins: idle polls before sleeping */
    long queue_limit;     /* --queue-limit: ready tasks per worker before creators run
                           * new ready tasks at once */
    long inline_below;    /* --inline-below: ns; shorter task bodies run in their creator */
    long critical_successors; /* --critical-successors: tasks made ready with this many
                               * successors or more go first (0: off) */
    long critical_reach;  /* --critical-reach: the same, counting the successors'
                           * successors too (0: off) */
    long coarse_us;       /* --coarse-us: bodies this long are coarse (0: none is) */
    bool critical_path;   /* --critical-path: at a taskwait, rank the waiting tasks by
                           * their longest path to the end (deps.c, sched.c) */
    long critical_path_us; /* --critical-path-us: bodies this long take the ranked heap */
    bool tree_start;      /* --tree-start: workers start workers (worker.c) */
    bool speed_aware;     /* --speed-aware: slow cores leave coarse tasks to idle fast
                           * ones (speed.c) */
    long chain_spread_us; /* --chain-spread: a worker leaves the coarse successor of its
                           * body (bodies this long) to an idle worker (speed.c; 0: off) */
    long steal_batch;     /* --steal-batch: most tasks a dbf thief takes at once */
    bool summary;         /* --summary */
    bool verbose;         /* --verbose */
    bool eager_start;     /* --eager-start: nanort_main_enter() starts the runtime */
    bool binding;         /* --binding / --no-binding */
    int cache_policy;     /* --cache-policy: enum nrt_cache_policy */
    int dispatch;         /* --dispatch: enum nrt_dispatch */
};
/* Written once by nrt_config_load() before any worker exists; read-only afterwards. */
extern struct nrt_config nrt_cfg;

/* An option of the table --help lists.  Device plugins add theirs with nrt_config_add()
 * from a constructor with a priority below 200, e.g. __attribute__((constructor(150))):
 * the tables are parsed at the runtime's start (first use; a constructor of default
 * priority in programs with CUDA parts), after every such registration. */
enum nrt_opt_type {
    NRT_OPT_POS_INT,    /* int: a positive integer (the default 0 means "automatic") */
    NRT_OPT_COUNT,      /* long: a non-negative integer */
    NRT_OPT_BOOL,       /* bool: --flag, --no-flag, --flag=yes|no */
    NRT_OPT_CHOICE,     /* int: the value of one of `choices` (an enum constant) */
    NRT_OPT_CHOICE_SET, /* int: several of `choices`, "NAME[,NAME...]" (any case, as
                         * Nanos++ users write NX_OPENCL_DEVICE_TYPE=GPU,CPU): bit
                         * 1 << value of each (values 0 to 30); NRT_CHOICE_BIT */
    NRT_OPT_HELP,       /* bool: --help */
    NRT_OPT_STRING,     /* const char *: any text; its user checks it (e.g. sizes) */
};
struct nrt_option {
    const char *name;              /* without the leading "--" */
    enum nrt_opt_type type;
    const char *def;               /* the default, as a value (shown by --help) */
    const char *help;
    void *value;                   /* where the value goes (type above) */
    const struct nrt_choice *choices;  /* NRT_OPT_CHOICE(_SET): ended by a NULL name */
};
/* The bit of choice value v in an NRT_OPT_CHOICE_SET option's int. */
#define NRT_CHOICE_BIT(v) (1 << (v))
void nrt_config_add(const struct nrt_option *opts, unsigned n);
/* The options of every device plugin of the source tree, gathered from their
 * devices/<name>/options.def into build/gen/nanort/plugin_options.c (nanort/module.mk), for
 * programs that lack a plugin: --help lists them (help.c), NX_ARGS accepts and ignores
 * them (config.c).  Ended by a NULL plugin. */
struct nrt_plugin_option {
    const char *plugin;             /* its heading: "OpenCL", "CUDA" */
    struct nrt_option opt;          /* value NULL */
};
extern const struct nrt_plugin_option nrt_plugin_options[];
#define NRT_PLUGIN_OPTION_ABSENT(plugin_, name, type, def, help, var, choices)             \
    {plugin_, {name, type, def, help, NULL, NRT_CHOICES(choices)}},

/* omp_set_num_threads(n) before the runtime starts: the worker count, unless NX_ARGS or
 * NX_SMP_WORKERS gives one (it wins over OMP_NUM_THREADS, as a call does in OpenMP);
 * after the start, the count for the next start (nrt_config_take_request()). */
void nrt_config_request_workers(int n);
/* Parse NX_ARGS and NX_<OPT> (once; again after nrt_config_reset()).  Prints --help and
 * exits 0, or prints the error and exits 1. */
void nrt_config_load(void);
bool nrt_config_peek_bool(const char *name, const char *env, bool dflt);
bool nrt_config_take_request(int n);
/* The worker count n, lowered to OMP_THREAD_LIMIT unless NX_ARGS / NX_SMP_WORKERS gave it. */
int nrt_config_thread_limit(int n);
/* OMP_NUM_THREADS's levels ("4,2": 2, the first `max` in values[]); 0: unset; -1:
 * malformed. */
int nrt_config_omp_num_threads(long *values, int max);
void nrt_config_reset(void);
/* Parse a memory size for option `opt`: bytes with an optional K, M, G suffix (powers of
 * 1024), or a percentage "N%" of `total` (NRT_SIZE_BYTES: no percentage, a size of no
 * device's memory).  A malformed value is a fatal error naming the option and the
 * accepted forms. */
#define NRT_SIZE_BYTES SIZE_MAX
size_t nrt_parse_size(const char *opt, const char *value, size_t total);
/* Edit distance, exported for the "did you mean" suggestion of other tables. */
size_t nrt_edit_distance(const char *a, const char *b);
/* Option i of all the tables, in --help order; NULL past the end. */
const struct nrt_option *nrt_config_nth(unsigned i);
/* The name of the value choice option o holds (its first name: "writethrough", not "wt"). */
const char *nrt_config_choice_name(const struct nrt_option *o);
/* The same for the option --`name` of any table (for messages). */
const char *nrt_config_value_name(const char *name);
/* The value of choice or choice-set option --`name` as names, comma-separated (a set's in
 * the order of its choices), into out. */
void nrt_config_value_text(const char *name, char *out, size_t size);
/* The same for option o (NRT_OPT_CHOICE or NRT_OPT_CHOICE_SET). */
void nrt_config_choices_text(const struct nrt_option *o, char *out, size_t size);

/* ---- help.c: NX_ARGS=--help and OMP_DISPLAY_ENV ------------------------------------- */
/* Every option (also of device plugins this program lacks), wrapped to the terminal. */
void nrt_help_print(FILE *f);
/* OMP_DISPLAY_ENV=true|verbose: the settings in effect, to stderr (at start). */
void nrt_help_print_env(void);
/* OMP_DISPLAY_ENV's OMP_SCHEDULE value: run-sched-var as omp_get_schedule() has it
 * (omp_api.c). */
const char *nrt_omp_schedule_text(void);
/* omp_get_proc_bind()'s answer as OMP_DISPLAY_ENV prints it (TRUE, SPREAD, ...). */
const char *nrt_omp_proc_bind_text(void);
void nrt_help_display_env(void);

/* ---- nanos_options.c: the Nanos++ options nanort does not have ------------------- */
/* `name` (from NX_ARGS, or from the variable `where`), with its attached `value` or NULL
 * and the word after it, is one: warn once; *alias is the nanort option that takes its
 * place (NULL: ignored) with the value *alias_value (NULL: a flag); *consumed when `next`
 * was its value. */
bool nrt_nanos_option(const char *name, const char *value, const char *next, const char *where,
                      const char **alias, const char **alias_value, bool *consumed);
/* The Nanos++ option closest to `name` (edit distance in *dist), for "did you mean":
 * a typo of one (--disable-cache) is nearer to it than to any option of nanort's. */
const char *nrt_nanos_closest(const char *name, size_t *dist);
/* A Nanos++ value of a choice option nanort lacks (a scheduling policy): warn once and
 * return the choice used instead, or NULL. */
const struct nrt_choice *nrt_nanos_choice(const struct nrt_option *o, const char *v);
/* --help: the i-th accepted Nanos++ option (its spelling, and what nanort does with it);
 * false past the last. */
bool nrt_nanos_help_nth(size_t i, char *lhs, size_t lsize, char *text, size_t tsize);

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
/* Free d with the accesses still registered in it: taskgraph.c registers the tasks of a
 * graph being recorded in a domain of their own only to learn their dependences (the
 * successor lists stay theirs, their regions' access records are dropped unread). */
void nrt_domain_discard(struct nrt_domain *d);
/* Normalise t's region `r` (fills nd, lo, hi, len, stride). */
void nrt_region_normalise(struct nrt_region *r);
/* Register t's regions in d; returns true when t has no unfinished predecessor.  `live`:
 * t is a child of d's owner (not a graph being recorded), kept on d's live list for
 * nrt_deps_rank when --critical-path is on. */
bool nrt_deps_submit(struct nrt_domain *d, struct nanort_task *t, bool live);
/* --critical-path: rank d's live tasks (their longest path to the end of the graph, in
 * microseconds of their types' measured bodies); the owner calls it as it starts to wait. */
void nrt_deps_rank(struct nrt_domain *d);
/* t and its descendants finished: detach its accesses, release successors; the ones that
 * became ready are pushed to the scheduler. */
void nrt_deps_release(struct nrt_domain *d, struct nanort_task *t);
/* Whether some task (or taskwait) created so far waits for t (t not released yet). */
bool nrt_deps_has_successors(struct nanort_task *t);
/* Whether succ waits for pred (both alive; watchdog.c, which holds no domain lock). */
bool nrt_deps_is_pred(struct nanort_task *pred, const struct nanort_task *succ);
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
    NRT_TF_RECORDING = 1u << 7,  /* its thread records the tasks it creates (taskgraph.c) */
    NRT_TF_REPLAY = 1u << 8,     /* a task of a recorded graph: released by taskgraph.c */
    NRT_TF_GATE = 1u << 9,       /* a graph's gate: its regions only order (no host data) */
    NRT_TF_DETACHED = 1u << 10,  /* completes on events too (events.c): set before submission
                                  * (detach) or by the body's own thread (event counters) */
    NRT_TF_PREFETCHED = 1u << 11,/* its inputs were sent to the rank it is queued for
                                  * (--cluster-prefetch): never taken back (device.c; set
                                  * before it is queued, read under the queue's lock) */
    NRT_TF_TEAM_ONE = 1u << 12,  /* undeferred by the program, created where its creator ran
                                  * as a region's team of one (omp_api.c): runs as that
                                  * thread, omp_get_thread_num() 0 */
    NRT_TF_TEAM_CHUNK = 1u << 13,/* a team member's chunk of a `for` (NANORT_TASK_TEAM_CHUNK):
                                  * runs undeferred as that member, its number and team size */
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
/* Bodies this long (us) or longer go through one shared FIFO in ready order (sched_dbf.c):
 * --coarse-us's default. */
#define NRT_COARSE_US 50
extern struct nrt_lock nrt_types_lock;
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
    /* --critical-path (deps.c): the parent domain's live tasks in creation order, and
     * the longest path in microseconds of measured bodies from this task to the end of
     * the graph as ranked at the parent's last taskwait (0: not ranked).  Lock: as succ. */
    struct nanort_task *live_prev, *live_next;
    uint32_t rank;
    bool live;                      /* on that list (not in flags: its creator reads them) */
    struct nrt_domain *domain;      /* children's domain: created by the body's thread,
                                     * read by completing children, freed at completion */
    uint64_t seq;                   /* order of pushes to sched.c's heaps: FIFO among equals */
    /* NRT_BODY_BIAS - completed children while the body runs (see NRT_BODY_BIAS). */
    atomic_long pending;
    /* The value of `pending` a sleeping taskwait waits for, -1 when none. */
    atomic_long wait_target;
    /* Children completing on other threads that may still read wait_target after their
     * decrement of `pending` let the body end (complete()): counted for a block that is
     * freed (owner -1), which waits for them; a worker's free list keeps its blocks. */
    atomic_int readers;
    size_t size;                    /* allocation size (size class) */
    int owner;                      /* worker whose freelist it returns to, -1: malloc */
    /* Chosen when it became ready (device.c; smp: the type's only implementation). */
    const struct nanort_impl *impl;
    int space;                      /* memory space it runs in, 0 = host */
    /* taskgraph.c: with NRT_TF_REPLAY, its node's index in its graph (a hole before id:
     * the header keeps its size). */
    unsigned tg_node;
    uint64_t id;                    /* --trace/--graph: creation number (instr.c) */
    long long vpred_ns;             /* versioning.c: predicted time counted in its space */
    bool vchosen;                   /* versioning.c: chosen by nrt_vers_choose() */
    /* versioning.c: 1 when chosen while its (implementation, space) had no measured run
     * (a trial), 2 once that trial started (nrt_vers_started). */
    unsigned char vtrial;
    /* Undeferred device task: the creator's flag, set to 1 by the manager once the task
     * finished (device.c), NULL otherwise.  Written before the task is queued. */
    atomic_int *dev_done;
    unsigned args_size;             /* bytes of the argument block (heap tasks) */
    /* The argument block's alignment when more than 16 (nanort_task_create_aligned), else
     * 0: taskgraph.c runs a leaf on a 16-aligned copy of its block only when it is 0. */
    unsigned args_align;
    /* events.c, with NRT_TF_DETACHED: 1 + events not yet fulfilled; the 1 stands for the
     * end of the body and of the children.  Whoever takes it to 0 completes the task. */
    atomic_long events;
    /* `parallel` regions around it (omp_api.c): level | active levels << 8, and which
     * levels are active (bit l - 1 for level l, levels 1 to 32), set at creation from the
     * parent, changed by the body's thread only. */
    uint16_t par;
    /* OpenMP's team size of the innermost region its own body opened (par_own > 0): its
     * num_threads's value, else the worker count, 1 when inactive (nanort_parallel_begin_team);
     * 0 unknown (a nested region's end puts the outer one's back: omp_api.c
     * par_size_save).  Changed by the body's thread only. */
    uint16_t par_size;
    uint32_t par_active;
    /* How many of the innermost regions its own body opened (0 at creation): there it
     * runs as the region's team, elsewhere as one of the workers (omp_api.c). */
    uint8_t par_own;
    /* 1 + the thread number of the `masked filter(n)` body it runs at the level whose
     * par_member bit says so (nanort_team_masked), 0 none: omp_get_thread_num() there */
    uint16_t par_masked;
    /* OpenMP's team size of the innermost region around it, from the parent at creation
     * (its par_size where its own body opened that region): the team a `masked` in a
     * task binds to (omp_api.c masked_team_size); 0 unknown */
    uint16_t par_team;
    /* Which of those regions (bit l - 1 for level l) it is inside a single, master or
     * masked body of (nanort_team_member): there it runs as one of the workers. */
    uint32_t par_member;
    /* ... and which of those bodies are a master's (or masked's without a filter): thread
     * 0 there (nrt_omp_masked_num) */
    uint32_t par_primary;
    /* ... and which of them its body (a function it called) asked omp_get_thread_num() or
     * omp_get_num_threads() of, as their team of one (0 and 1) */
    uint32_t par_asked;
    /* Which levels are regions whose num_threads is below the worker count (bit l - 1),
     * from the parent at creation (nrt_omp_narrow_team) */
    uint32_t par_narrow;
    /* cancel.c: the innermost cancellable region (taskgroup, parallel, for, sections) of
     * its data environment, from the parent's at creation (NULL: none, always when
     * cancellation is off); changed by the body's thread as it opens and closes them. */
    struct nrt_cancel *cancel;
    /* OpenMP's dyn-var, run-sched-var and nthreads-var of its data environment once a
     * task set one (icv.set; omp_api.c), copied from the parent at creation; main's are the
     * program's.  Changed by the body's thread only.  And the copy it had before it
     * changed one in the body of a region it opened, restored at that region's end
     * (omp_api.c; NULL when none). */
    struct nrt_icvs {
        int sched_chunk;
        int nthreads;               /* 0: the worker count; 1: its regions are inactive */
        uint8_t sched_kind, dynamic, set;
    } icv;
    struct nrt_icv_saved *icv_saved;
    /* reduction.c: its private reduction copies, pushed by its body's thread before it
     * creates a child; read by its descendants (created after), so no lock. */
    struct nanort_red_copy *red_copies;
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
    atomic_init(&t->readers, 0);
    atomic_init(&t->npred, 0);
    atomic_init(&t->events, 0);
    t->red_copies = NULL;
}

/* The implicit task of main (also the parent of tasks created by foreign threads). */
extern struct nanort_task *nrt_root;
/* Tasks created and not finished, summed over the workers' counters (approximate). */
long nrt_live_tasks(void);
/* At start: how often a creating thread compares that sum with --throttle-limit. */
void nrt_throttle_setup(int nworkers);

/* Run a ready task on the calling thread (takes commutative tokens first; false when it
 * was parked instead of run). */
bool nrt_task_execute(struct nanort_task *t);
/* A device task's implementation finished on its device (manager thread): release its
 * dependences and tell its parent, as the end of an smp body does. */
void nrt_task_body_done(struct nanort_task *t);
/* Whether ready task t must go through nrt_dev_dispatch(): only types with accelerator
 * implementations when spaces exist, so the smp path pays one predictable branch. */
extern int nrt_nspaces;             /* device.c: constant after start; 1 = host only */
/* A space runs smp implementations (cluster mode): every type may go there.  Set at
 * start before any task exists (device.c), read-only afterwards. */
extern bool nrt_dev_runs_smp;
static inline bool nrt_dev_wanted(const struct nanort_task *t)
{
    return NRT_UNLIKELY(nrt_nspaces > 1) && t->info && (t->info->has_dev || nrt_dev_runs_smp) &&
           (t->impl == NULL || t->space > 0);
}
void nrt_task_free_all(void);
/* A heap task (never an inline frame), for tasks that complete on events (events.c) and
 * for argument blocks aligned to args_align (a power of two) when that is more than 16. */
nanort_task *nrt_task_create_heap(struct nanort_task_type *type, size_t args_size,
                                  size_t args_align, unsigned nregions, unsigned ndims_total,
                                  void **args);
/* nanort_task_create_detach() with its argument block aligned to args_align. */
nanort_task *nrt_task_create_detach(struct nanort_task_type *type, size_t args_size,
                                    size_t args_align, unsigned nregions, unsigned ndims_total,
                                    void **args, void *event);
/* The last event of a detached task whose body and children ended: complete it. */
void nrt_task_events_done(struct nanort_task *t);
/* Give back the blocks batched for other workers (before sleeping or stopping). */
void nrt_task_flush_frees(void);
/* taskgraph.c: n replayed tasks enter (throttling's count), and a replay's gate task is
 * submitted again (no new number for --trace/--graph, which drew it once). */
void nrt_task_count_submitted(long n);
void nrt_task_resubmit(struct nanort_task *t, unsigned flags);
/* omp_api.c: a member of a concurrent team (heap-made, no regions) runs at once on the
 * calling thread, a child of its creator as an undeferred task is. */
void nrt_task_submit_here(struct nanort_task *t);
/* A graph's blocks go back to the allocator when its record is dropped (owner restored):
 * as for any finished task, a child may still read its parent's header just after its
 * last decrement (task.c, complete()), so the block is recycled, not given to free(). */
void nrt_task_free(struct nanort_task *t);
/* A body of a type without dependences, run in place by taskgraph.c, took ns: the
 * adaptive cut-off's sample. */
void nrt_task_sample_body(struct nrt_type_info *info, uint64_t ns);

/* ---- cancel.c: OpenMP cancellation (OMP_CANCELLATION=true; the API is in nanort.h) -- */
/* cancel-var: set at start from OMP_CANCELLATION, read-only afterwards. */
extern bool nrt_cancel_on;
void nrt_cancel_setup(void);
/* Task t, not started, is in a cancelled region (a taskgroup or parallel region around it,
 * or the for or sections it is a chunk or section of): it must finish without running.
 * Call only when t->cancel is set. */
bool nrt_cancel_discarded(const struct nanort_task *t);

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
    /* block.c: a paused thread wants this slot back from the thread holding it; set and
     * cleared under block.c's lock, seq_cst; the holder reads it in its loops. */
    atomic_int slot_wanted;
    bool slot_orphan;               /* block.c, B.lock: a spare left it at stop, unheld */
    /* Inline frames (task.c): a bump-allocated LIFO stack of tasks without regions that
     * run in nanort_task_submit(); inl_open: one was created and not yet submitted.
     * This thread only. */
    char *inl_base, *inl_top, *inl_end;
    bool inl_open;
    /* --summary: written by this thread only, read after it stopped.  body_first/last:
     * when its first task began and its last ended (busy shares over the tasks' span,
     * --cluster-profile). */
    unsigned long tasks_run;
    uint64_t busy_ns, t_start, body_first, body_last;
    /* --summary: time in waits (taskwait and the like) outside any task body that ran no
     * task: the idle time of the main thread, whose other time outside tasks is main's own
     * code.  This thread only. */
    uint64_t wait_idle_ns;
    /* --speed-aware (speed.c): this thread only. */
    uint64_t defer_since;           /* when it first left a coarse task to a faster one */
    uint64_t coarse_ns;             /* moving mean of the coarse bodies it ran */
    bool defer_woke;                /* it woke the sleepers for that task */
    /* --speed-aware: written by this thread, read by every one (relaxed: hints).
     * slowness: moving mean of its coarse bodies' times over their types' means, 256 for
     * the mean (more: slower); nslow: its samples, up to NRT_SPEED_SAMPLES; idle: an
     * enum nrt_idle_state. */
    _Alignas(NRT_CACHELINE) atomic_uint slowness;
    atomic_uint nslow;
    atomic_int idle;
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
/* Idle workers asleep and not yet claimed by a waker now (a hint), and the sleepers
 * claimed by wakers so far: for tests. */
int nrt_idle_asleep(void);
long nrt_idle_claimed(void);
typedef bool nrt_cond_fn(void *arg);
/* Run ready tasks until done(arg) holds; spin, then sleep when nothing is ready. */
void nrt_wait_until(nrt_cond_fn *done, void *arg);
/* The same for a condition that other threads keep false for a while and whose looks cost
 * them (a lock's word: each look takes its cache line from the holder): with nothing to
 * run, the pauses between looks double up to backoff_max. */
void nrt_wait_backoff(nrt_cond_fn *done, void *arg, unsigned backoff_max);
/* Run the handed-over task, or pop a ready one and run it; false when none was ready. */
bool nrt_run_one(void);
/* Keep t (just made ready by this thread) to run next; false when it must be queued. */
bool nrt_handoff(struct nanort_task *t);
/* The same for a task on the critical path (--critical-successors): whenever this thread
 * is a worker with no hand-over pending, whatever its queue holds. */
bool nrt_handoff_critical(struct nanort_task *t);
/* Queue the kept task, if any (before leaving a loop that runs tasks). */
void nrt_handoff_flush(void);
/* The same, staying in the loop (stack.c). */
void nrt_handoff_requeue(void);
uint64_t nrt_now_ns(void);
/* The worker loop of a thread that holds a slot (spares, block.c); returns at stop, or
 * when a spare gave its borrowed slot back. */
void nrt_worker_loop(void);
/* Bind the calling thread to slot w's core (when the workers are bound). */
void nrt_worker_bind(struct nrt_worker *w);
/* Wake every thread asleep in a worker loop or a wait (a slot of theirs is wanted). */
void nrt_wake_sleepers(void);
/* The program's first task since the start: bind the main thread (if the workers are
 * bound) and wake every idle worker. */
void nrt_workers_first_task(void);

/* ---- speed.c: cores of unequal speed (--speed-aware) ----------------------------------- */
enum nrt_idle_state { NRT_BUSY, NRT_POLLING, NRT_ASLEEP };
extern bool nrt_speed_on;                   /* set at start, read-only while running */
void nrt_speed_start(int nworkers);
void nrt_speed_record(struct nrt_worker *w, const struct nrt_type_info *info, uint64_t ns);
bool nrt_speed_defer(struct nrt_worker *self, long waiting, bool successor);
static inline void nrt_speed_idle(struct nrt_worker *w, enum nrt_idle_state s)
{
    if (NRT_UNLIKELY(nrt_speed_on) && w &&
        atomic_load_explicit(&w->idle, memory_order_relaxed) != (int)s) {
        atomic_store_explicit(&w->idle, (int)s, memory_order_relaxed);
        if (s != NRT_POLLING)
            w->defer_since = 0;     /* a new episode when it next leaves a task */
    }
}

/* ---- block.c: pausing a task whose thread blocks (task-aware MPI) ------------------ */
/* The calling task waits until done(arg) without holding its worker: a spare thread runs
 * the slot meanwhile, and the slot comes back after.  False (nothing done) when the slot
 * cannot be lent now (inline frames, critical section, foreign thread): wait nested. */
bool nrt_block_until(nrt_cond_fn *done, void *arg);
/* Tasks may block (nanort_tasks_may_block()): a creator never runs a new task at once
 * (work-first, full queue, cut-off), since a task that blocks would pause its creator,
 * which may have to create what unblocks it.  Set before tasks exist, read-only after. */
extern bool nrt_tasks_block;
/* The holder of a wanted slot, between two tasks of its loop: give it; true when the
 * caller (a spare) has no slot any more and must leave its loop. */
bool nrt_slot_give_top(void);
/* The holder of a wanted slot about to sleep in a wait for done(arg): give the slot,
 * sleep until done, take it back; false when it could not (wait as usual). */
bool nrt_slot_give_waiting(nrt_cond_fn *done, void *arg);
/* A condition a blocked thread waits for may hold now. */
void nrt_block_wake(void);
/* At shutdown, after the workers stopped: stop and join the spares. */
void nrt_block_stop(void);
void nrt_block_after_fork(void);

/* ---- omp_api.c: OpenMP locks -------------------------------------------------------- */
/* The OMP_ variable `name` is "true" (any case, blanks around); a value that is neither
 * true nor false is ignored with a warning, as the other OMP_ variables. */
bool nrt_omp_env_true(const char *name);
/* The program has initialised an omp lock or has threadprivate or `__thread` variables, or
 * a task asked its thread number (set once, read relaxed by nrt_run_one). */
extern atomic_bool nrt_omp_tsc;
/* A task asked omp_get_thread_num(): the waits keep the scheduling constraint from now on. */
void nrt_omp_thread_num_asked(void);
/* Whether this thread's waits may run only descendants of the task waiting here (locks
 * in use, threadprivate variables or a task's thread number asked, this thread inside a
 * critical section, or a team's own thread, and a task, not main, is waiting), and
 * running one such: false when none. */
bool nrt_omp_restricted(void);
/* The calling thread is one a team started for a member (nanort_team_run), not a worker:
 * waiting, it runs only its member's descendants (the tasks OpenMP's thread of that number
 * could run there), which see the member's number as omp_get_thread_num() (0 in a task
 * of a region nested in the member's code). */
extern __thread bool nrt_team_thread __attribute__((tls_model("initial-exec")));
int nrt_omp_team_num(void);
/* The threads may outnumber the cores: more workers than cores, or the last team of
 * threads had more members than cores (waiters then sleep at once instead of spinning). */
bool nrt_omp_crowded(void);
bool nrt_omp_run_one(void);
/* The caller runs as an inactive parallel region's team of one thread (the body of a region
 * its own task opened): omp_get_num_threads() is 1 and omp_get_thread_num() 0 (runtime.c). */
bool nrt_omp_team_of_one(void);
bool nrt_omp_inactive_team(void);
void nrt_omp_team_asked(void);
bool nrt_omp_numbers_serial(void);
/* The thread number of the master or masked body of a region its task opened that the
 * caller runs (0 a master's, n a `masked filter(n)`'s), -1 none. */
int nrt_omp_masked_num(void);
/* omp_get_num_threads() outside a team of one: in the single, master or masked body of a
 * region its task opened whose num_threads is below the worker count (par_narrow), that
 * value; elsewhere the worker count. */
int nrt_omp_member_team_size(void);
/* The caller runs an SPMD body (nanort_spmd_member) as thread *num of *size. */
bool nrt_omp_spmd(int *num, int *size);
/* ... as a member of a team of threads (nanort_team_run), in its body or in a task it runs
 * at once as the member (NRT_TF_TEAM_CHUNK). */
bool nrt_omp_in_team(void);
/* The flag a cancel of the team's `for` or `sections` sets for every member (cancel.c),
 * cleared by the team's next barrier; NULL outside a member of a team of two threads or
 * more. */
atomic_int *nrt_omp_team_cancelled(void);
/* The innermost region around the caller has a num_threads below the worker count. */
bool nrt_omp_narrow_team(void);
/* Drop what t's region bodies saved of its ICVs (a region left by exit()). */
void nrt_omp_icvs_free(struct nanort_task *t);

/* ---- omp_alloc.c: OpenMP 5.0 allocators and routines (the API is in mcc's omp.h) ---- */

/* ---- stack.c: --stack-size, nearly full stacks ---------------------------------------- */
/* At start (after the options): parse --stack-size, raise the main thread's soft
 * RLIMIT_STACK to it. */
void nrt_stack_setup(void);
size_t nrt_stack_size(void);
/* The stack size of the worker threads, on their attributes. */
void nrt_stack_attr(pthread_attr_t *a);
/* worker.c: the k-th thread (from 1) made for teams (omp_api.c), on its attributes.  When
 * the workers are bound: on the core of worker 1 + (k - 1) % (cores - 1), beside the worker
 * that sleeps there while main's region runs (left to float, woken threads were put beside
 * their waker and preempted each other: 16 threads passed a barrier in 3 times libgomp's
 * time on 16 cores).  Otherwise on every core the process may use at start (it would
 * inherit its creator's: a bound worker's one core, where the members would take turns). */
void nrt_attr_team_core(pthread_attr_t *a, unsigned k);
/* The number of cores the process may use at start (at least 1). */
int nrt_cores_allowed(void);
/* The calling thread (a worker) learns its stack's bounds. */
void nrt_stack_attach(void);
/* Async-signal-safe, for the crash report: whether a fault at ADDR with stack pointer SP
 * (0: unknown) is the calling thread overflowing its stack, and that stack's size. */
bool nrt_stack_overflowed(uintptr_t addr, uintptr_t sp);
/* A task region at addr (devices in use): noted when it is on this thread's stack. */
extern __thread uintptr_t nrt_stack_cached_lo __attribute__((tls_model("initial-exec")));
void nrt_stack_note_region(uintptr_t addr);
/* The program runs under AddressSanitizer, whose fake stacks may hold a function's locals;
 * then whether addr lies in the calling thread's current fake frame, and its bounds. */
extern bool nrt_asan_fake_stacks;
bool nrt_stack_fake_frame(const void *addr, uintptr_t *lo, uintptr_t *hi);
size_t nrt_stack_size_here(void);
/* Whether addr lies in the calling thread's stack (true when that stack is unknown). */
bool nrt_stack_holds(uintptr_t addr);
/* The calling thread's guard address: below it (a nearly full stack) it starts no task
 * at once, and nrt_run_one takes its guarded path.  Raised above every address while the
 * thread waits with a nearly full stack (0: a thread whose stack is unknown). */
extern __thread uintptr_t nrt_stack_soft __attribute__((tls_model("initial-exec")));
extern __thread bool nrt_stack_waiting __attribute__((tls_model("initial-exec")));
static inline bool nrt_stack_low(void)
{
    return (uintptr_t)__builtin_frame_address(0) < nrt_stack_soft;
}
/* Recompute the guard after nrt_stack_waiting changed. */
void nrt_stack_guard(void);
/* In nrt_run_one's guarded path: true when this thread must not start a task now (its
 * stack is nearly full; stops the program when no worker can go on). */
bool nrt_stack_hold(void);
/* The loop that held ended. */
void nrt_stack_release(void);
/* Before an undeferred task runs on this thread: stop with a message when its stack is
 * exhausted. */
void nrt_stack_check_undeferred(const struct nanort_task *t);

/* ---- sched.c, sched_bf.c, sched_dbf.c, sched_wf.c: the policies and their table --- */

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
/* The i-th policy of the table (--schedule's value); NULL past the end. */
const struct nrt_sched *nrt_sched_nth(unsigned i);
/* Name and help line of policy i (NULL past the end), for --help and validation. */
const char *nrt_sched_name(unsigned i, const char **help);
void nrt_sched_select(void);
/* Queue a ready task (priority-aware), count it, wake a sleeper. */
void nrt_sched_push(struct nanort_task *t);
/* Queue a ready task on the critical path (--critical-successors): before the policy's
 * own queues (a task with a priority goes to nrt_sched_push). */
void nrt_sched_push_critical(struct nanort_task *t);
/* Queue a ready task with a rank (--critical-path): highest rank first, before the
 * policy's own queues (a task with a priority goes to nrt_sched_push). */
void nrt_sched_push_ranked(struct nanort_task *t);
struct nanort_task *nrt_sched_pop(void);
/* Queue again tasks[0..n-1], popped (in that order) by a thread that may run only some
 * tasks and found none of those: taken after every other queue, so that its next pops
 * reach the tasks queued behind them. */
void nrt_sched_put_aside(struct nanort_task *const *tasks, unsigned n);
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

/*
 * Word locks: the lock of a critical section (critical.c) and of an omp_lock_t
 * (omp_api.c).  The word is 0 when free, else the holding thread's number shifted left
 * (NRT_WLOCK_MINE), with NRT_WLOCK_WAITER set while a thread that failed to take it may
 * sleep: taking is one compare-and-swap, releasing one exchange, and only a release that
 * finds the waiter bit wakes anyone.  The holder's number in the word tells a thread that
 * wants a lock its own stack already holds (a nested section, or a task run by a waiting
 * one) without a store of its own, nor a list of what this thread holds.
 */
#define NRT_WLOCK_WAITER 1u
#define NRT_WLOCK_MINE(id) ((id) << 1)
/* The calling thread's number (1, 2, ...; never reused), given at its first lock. */
extern __thread unsigned nrt_tid __attribute__((tls_model("initial-exec")));
unsigned nrt_tid_assign(void);

static inline unsigned nrt_thread_id(void)
{
    unsigned id = nrt_tid;
    return NRT_LIKELY(id) ? id : nrt_tid_assign();
}

/* The word's holder is thread `id`. */
static inline bool nrt_wlock_held_by(atomic_uint *w, unsigned id)
{
    /* relaxed: only this thread's own earlier store can match */
    return atomic_load_explicit(w, memory_order_relaxed) >> 1 == id;
}

static inline bool nrt_wlock_try(atomic_uint *w, unsigned id)
{
    unsigned free_ = 0;
    /* acquire: what the previous holder wrote before its release is seen */
    return atomic_compare_exchange_strong_explicit(w, &free_, NRT_WLOCK_MINE(id),
                                                   memory_order_acquire, memory_order_relaxed);
}

/* Free the word; true when a waiter may sleep (the caller wakes it).  Seq_cst: the release
 * of a lock whose waiters sleep in worker.c's waits, which then read the sleepers' count
 * (its protocol); the same instruction as a release exchange on x86. */
static inline bool nrt_wlock_release(atomic_uint *w)
{
    return atomic_exchange(w, 0) & NRT_WLOCK_WAITER;
}

/* One look of a waiter: take the word, storing `mine`, when it is free (0 returned), else
 * see that its waiter bit is set and return the word (with the bit) that was held.
 * Reads before it writes, so that polling a held lock does not take its cache line from
 * the holder.  Seq_cst: a waiter that sleeps after this finds it held, and the holder's
 * release then sees the bit. */
static inline unsigned nrt_wlock_poll(atomic_uint *w, unsigned mine)
{
    unsigned v = atomic_load(w);
    for (;;) {
        if (v == 0) {
            if (atomic_compare_exchange_weak(w, &v, mine))
                return 0;
        } else if ((v & NRT_WLOCK_WAITER) ||
                   atomic_compare_exchange_weak(w, &v, v | NRT_WLOCK_WAITER)) {
            return v | NRT_WLOCK_WAITER;
        }
    }
}

/* ---- reduction.c: tasks' private reduction copies ----------------------------------- */
/* Its functions are the public nanort_reduction_copy / nanort_reduction_original
 * (include/nanort.h); a task's list is struct nanort_task's red_copies. */

/* ---- taskgraph.c: recorded task graphs (OpenMP 6.0 taskgraph) ----------------------- */
/* A task whose parent has NRT_TF_RECORDING was created: taken into the graph this thread
 * records instead of being submitted (true), or false when this thread records nothing
 * for that parent (it is submitted as usual). */
bool nrt_tg_record(struct nanort_task *t, unsigned flags, int priority);
/* A replayed task (NRT_TF_REPLAY) finished: count down its successors in the graph and
 * queue the ones that became ready (instead of nrt_deps_release). */
void nrt_tg_release(struct nanort_task *t);
/* Blocks of a recorded graph are kept across replays: free_block() hands a task whose
 * owner is NRT_OWNER_GRAPH to nrt_tg_task_done(), which makes it ready for the next one. */
#define NRT_OWNER_GRAPH (-2)
void nrt_tg_task_done(struct nanort_task *t);
/* A task that records a graph waits (taskwait, taskwait on): the fatal error. */
void nrt_tg_no_wait(const char *what) __attribute__((noreturn));
/* --summary's taskgraph table (stats.c prints it): fn(arg, row) per recorded graph. */
struct nrt_tg_row {
    const char *source;             /* where the taskgraph construct is */
    long long id;                   /* graph_id */
    unsigned ntasks;
    size_t nedges;
    unsigned nouter;                /* regions of the gate */
    unsigned long records, runs;    /* times recorded; runs, the records included */
    unsigned long changed;          /* records made because a watched value changed */
};
void nrt_tg_each_row(void (*fn)(void *arg, const struct nrt_tg_row *r), void *arg);
/* Shutdown (after the workers stopped): free every graph; fork child: forget them. */
void nrt_tg_free_all(void);
void nrt_tg_after_fork(void);
/* --trace: 0 for a task outside graphs, else the run of its graph (1 the first); *replayed
 * tells a replay from the run that recorded it. */
unsigned long nrt_tg_instance(const struct nanort_task *t, bool *replayed);

/* ---- events.c: detach(event) and event counters (the API is in nanort.h) ---------- */
/* An inline frame whose body bound events: wait, running other tasks, until they are
 * fulfilled (its frame is popped when submit returns). */
void nrt_events_wait_inline(struct nanort_task *t);
/* Are events bound (detach, event counters) and not fulfilled yet?  Then a task's
 * dependences may wait for code its creator runs later (an omp_fulfill_event). */
bool nrt_events_unfulfilled(void);

/* ---- depobj.c: OpenMP depend objects (the API is in nanort.h) ---------------------- */

/* ---- poll.c: polling services, nanort_wait_until (the API is in nanort.h) --------- */

/* ---- nest.c: a non-rectangular nest's iterations (the API is in nanort.h) --------- */

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

/* ---- device.c: the ops tables every device implements (devices/<name>/), spaces ---- */

/*
 * Memory spaces.  Space 0 is the host; every accelerator device the plugins find at start
 * (each OpenCL device, each GPU) is one more space with its own manager thread
 * (device.c).  The core never names a device: plugins register ops tables.
 *
 * Life of a device task (device.c, cache_stage.c):
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
    struct nrt_staging *staging;    /* cache_*.c: the allocations of its copied regions */
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
    /* Optional, instead of copy_peer, for plugins whose memory is found by host address
     * and never evicted (cluster ranks): the bytes of `host` from src to dst.  Not waited
     * for: the event joins the destination's, and the plugin orders later uses itself. */
    nrt_event (*copy_peer_at)(struct nrt_space *dst, struct nrt_space *src, const void *host,
                              const struct nrt_xfer *x);
    void (*wait)(struct nrt_space *s, nrt_event e);        /* block until e is done */
    bool (*query)(struct nrt_space *s, nrt_event e);       /* true when e is done */
    /* Optional, both or neither: wait_any blocks until one of the n events is done (its
     * index) or wake(s) was called since the last wait_any (n).  The manager then
     * finishes its tasks in the order they complete (tasks on a cluster rank end out of
     * order), and starts a task queued while it waits (a push calls wake) instead of
     * only after the oldest in flight ended; without them, oldest first. */
    unsigned (*wait_any)(struct nrt_space *s, unsigned n, const nrt_event *e);
    void (*wake)(struct nrt_space *s);
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
    /* Optional: run the implementation instead of calling impl->run on the manager
     * (cluster: send it to its rank); end() then gives the event of its completion. */
    void (*run)(struct nrt_space *s, nanort_ctx *ctx);
    /* Optional: the time the task's own work took, as the device measured it (for the
     * versioning model, when the space runs several tasks at once); called after the
     * event of end() is done, before it is released. */
    uint64_t (*run_ns)(struct nrt_space *s, nrt_event done);
    /* Optional: one piece of work the device can do ahead while its manager has no task
     * (OpenCL: build a registered source), called again until it returns false; a task
     * that comes meanwhile waits for that one piece only. */
    bool (*idle)(struct nrt_space *s);
    /* Optional: whether implementation impl can run here at all (OpenCL: its kernel builds
     * for the device; false after saying why), asked by the manager before it stages a
     * task's data.  A task whose implementation cannot runs a host implementation instead
     * when its type has one, and that implementation is no candidate here from then on
     * (device.c); without one, the launch reports the failure. */
    bool (*usable)(struct nrt_space *s, const struct nanort_impl *impl);
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
    /* Spaces that run smp implementations elsewhere (cluster: a remote rank) set it; they
     * get every smp task that accepts() takes (NULL: all). */
    bool runs_smp;
    bool (*accepts)(struct nrt_space *s, const struct nanort_task *t);
    /* The allocations of one space that cover the same host bytes are the same memory
     * (cluster ranks): a byte valid in one of them is valid in all. */
    bool shared_views;
    /* A copy out (mem->copy_out) is ordered by the device itself before every later run
     * that touches its bytes (cluster ranks: order.c; and the cache sends no copy into
     * bytes while a copy out of them is in flight, nrt_seg_host_ready), so a host task's
     * fetch from such a space may wait for it outside the cache's lock. */
    bool ordered_out;
    /* What the core says about this device, so that it names none itself (all optional):
     * the option that limits its data cache ("--opencl-max-memory"), what to install when
     * probe() finds nothing ("on Debian install pocl-opencl-icd"), and the Graphviz shape
     * of its implementations in --graph (default "hexagon"). */
    const char *mem_option;
    const char *install_hint;
    const char *graph_shape;
    /* Optional: why probe() found no device when the program itself is the cause (OpenCL:
     * it registered no source, or its options left every device out), said instead of
     * install_hint; NULL otherwise. */
    const char *(*no_device_cause)(void);
    /* Optional: page-locked host memory its copy engines read and write directly, for the
     * program's data (nanos_malloc_pinned_cuda: CUDA's cudaHostAlloc), allocated through
     * space s; NULL when there is none (the caller falls back to malloc).  host_free
     * releases what host_alloc gave (nanos_api.c remembers which pointers those are). */
    void *(*host_alloc)(struct nrt_space *s, size_t bytes);
    void (*host_free)(void *p);
};

/* --summary counters of a space: written by its manager thread (or under the cache lock),
 * read after the managers stopped; relaxed atomics. */
struct nrt_space_stats {
    atomic_ulong tasks, bytes_in, bytes_out, bytes_peer, hits, misses, evictions;
    atomic_ulong busy_ns;
    atomic_ulong taken_back;        /* tasks queued here that an idle host ran instead */
};

struct nrt_space {
    int id;                         /* index in nrt_spaces[]; 0 = host */
    const struct nrt_device_ops *ops;
    int index;                      /* the plugin's device index */
    char name[64];                  /* e.g. "opencl0 (pthread-Intel(R) Xeon...)" */
    size_t mem_limit;               /* bytes the cache may allocate here */
    size_t max_alloc;               /* bytes of one allocation at most (OpenCL's
                                     * CL_DEVICE_MAX_MEM_ALLOC_SIZE); SIZE_MAX: no limit */
    bool exact_base;                /* a kernel buffer must start at its allocation */
    const char *mem_option;         /* option that sets mem_limit, e.g. "--gpu-max-memory"
                                     * (for the "does not fit" message); NULL: generic */
    void *priv;                     /* the plugin's per-device data */
    struct nrt_space_stats stats;
    struct nrt_dev_queue *queue;    /* device.c: ready tasks, manager thread */
    int width;                      /* tasks it runs at once (versioning divides its queued
                                     * work by it); 0: one */
    int inflight;                   /* tasks its manager keeps started; 0: --device-inflight */
    /* The physical device, when the plugin can tell (open() fills either or both): a GPU
     * opened through CUDA and through OpenCL is two spaces of one device, whose kernels
     * take turns on it.  pci "dddd:bb:dd.f", "" when unknown. */
    unsigned char uuid[16];
    bool has_uuid;
    char pci[16];
    int device_of;                  /* the first space of the same device (device.c, at
                                     * start; itself when alone): versioning adds up their
                                     * queued work */
    /* Implementations that cannot run here (compute->usable said so): written by the
     * manager (release), read by find_candidates on any thread (acquire); never freed
     * before the space closes. */
    struct nrt_impl_list *_Atomic unusable;
};
extern struct nrt_space *nrt_spaces[NRT_MAX_SPACES];
/* Whether another space is the same physical device (device_of; from the start). */
bool nrt_space_shares_device(const struct nrt_space *s);
/* nrt_nspaces (task.c section): the number of spaces, 1 = host only. */

/* Devices register from a constructor; the core never names a device. */
void nrt_device_register(const struct nrt_device_ops *ops);
/* The kind of the cluster plugin's spaces: no implementation targets it (remote ranks
 * run smp implementations, runs_smp), so it has a slot past the public kinds. */
#define NRT_DEVICE_CLUSTER NANORT_DEVICE_KIND_COUNT
#define NRT_KIND_SLOTS (NANORT_DEVICE_KIND_COUNT + 1)
/* Registered devices by kind (runtime.c): written before main and at start (before any
 * worker exists), read-only afterwards.  Looked up on every task run, hence inline. */
extern const struct nrt_device_ops *nrt_devices[NRT_KIND_SLOTS];
static inline const struct nrt_device_ops *nrt_device(enum nanort_device_kind kind)
{
    return (unsigned)kind < NANORT_DEVICE_KIND_COUNT ? nrt_devices[kind] : NULL;
}
extern const struct nrt_device_ops nrt_smp_device;   /* always present */

/* device.c itself: spaces, dispatch, manager threads. */
/* Probe the registered accelerator plugins and open their spaces (before the workers
 * start: the default worker count leaves their managers cores); the number opened. */
int nrt_devices_open(void);
/* Then (after the workers and the cluster's start) open the cluster plugin's spaces and
 * start every space's manager. */
void nrt_devices_start(void);
void nrt_devices_stop(void);
/* A ready task whose type has accelerator implementations: choose the implementation
 * and the space; true when it was queued on a device (else t->impl is an smp one). */
bool nrt_dev_dispatch(struct nanort_task *t);
/* The same for a task made ready (nrt_sched_push): it may also be parked until the
 * versioning choice knows more (true: taken). */
bool nrt_dev_dispatch_ready(struct nanort_task *t);
/* Dispatch the parked tasks again (versioning.c, when it learned something). */
void nrt_dev_unpark(void);
/* An idle host worker: a task queued beyond the full in-flight window of a space that runs
 * smp implementations elsewhere (cluster ranks), now the host's to run, or NULL. */
struct nanort_task *nrt_dev_take_back(void);
extern bool nrt_take_back;          /* --cluster-take-back */
extern atomic_bool nrt_take_back_on;    /* spaces that take-back applies to are open */
/* Free the spaces (after nrt_devices_stop() and the --summary table). */
void nrt_devices_release(void);
/* In a forked child: forget the parent's spaces and managers (leaked on purpose). */
void nrt_devices_after_fork(void);
/* No usable implementation for a task of this type here: the fatal error saying why. */
void nrt_dev_no_impl(const struct nrt_type_info *info) __attribute__((noreturn));
/* A launch the device cannot take (plugins check their limits): "task 'T', kernel 'K' on
 * D: ndrange(n, g..., l...): <why>; fix the ndrange clause", exit 1.  nanort_kernel_launch
 * has refused negative sizes, partial local sizes and rounding overflows already. */
void nrt_launch_refuse(const nanort_ctx *ctx, const struct nanort_launch *l, const char *fmt,
                       ...) __attribute__((noreturn, format(printf, 3, 4)));
/* Argument i (from 0; the message counts from 1) of `kernel` is a buffer in the kernel but the task passes __local memory (a
 * pointer that nothing copies: no_copy_deps without a copy clause): the fatal error that
 * names the task, the argument and the clauses that copy it. */
void nrt_karg_not_copied(const nanort_ctx *ctx, unsigned i, const char *kernel)
    __attribute__((noreturn));
/* Argument i of `kernel` is __local memory and the launch gives it 0 bytes (a task without
 * shmem(...)): the fatal error that says to add it. */
void nrt_karg_local_empty(const nanort_ctx *ctx, unsigned i, const char *kernel)
    __attribute__((noreturn));

/* ---- cache_map.c, cache_alloc.c, cache_stage.c: the data directory across spaces ---- */
/* enum nrt_cache_policy: NRT_CACHE_POLICIES, config.c section. */
/* --eager-writeback (device.c): under writeback, results nobody waits for yet are copied
 * back to the host as soon as their task completes, where the copy does not block. */
extern bool nrt_eager_writeback;
/* Manager thread of s: make t's copied regions valid in s (allocating, evicting, queueing
 * copies).  NULL when they do not fit: now, when `others_pinned` (tasks of s in flight will
 * unpin memory: complete them and retry), or ever, when not (the caller runs t elsewhere
 * or calls nrt_cache_does_not_fit). */
struct nrt_staging *nrt_cache_stage(struct nanort_task *t, struct nrt_space *s,
                                    bool others_pinned);
/* Whether t's copied regions can fit in s's memory limit and each in one of its
 * allocations (max_alloc) at all (dispatch). */
bool nrt_cache_fits(const struct nanort_task *t, const struct nrt_space *s);
/* The fatal "does not fit" error: the bytes, the limit and the option that sets it. */
void nrt_cache_does_not_fit(const struct nanort_task *t, const struct nrt_space *s)
    __attribute__((noreturn));
/* Events the launch must wait for (the copies it needs). */
unsigned nrt_cache_events(const struct nrt_staging *st, const nrt_event **ev);
/* t's device work finished: its outputs are owned by the space (policy), unpin, free st. */
void nrt_cache_complete(struct nrt_staging *st);
/* Bytes of t's copy-in regions valid in s now (dispatch by affinity). */
size_t nrt_cache_affinity(const struct nanort_task *t, const struct nrt_space *s);
/* One pass for --cluster-placement=cost: held[s] = bytes of t's copy-in regions valid in
 * space s now (s > 0; held[0] is left 0), *host_lacks = those the host does not hold. */
void nrt_cache_holdings(const struct nanort_task *t, size_t held[NRT_MAX_SPACES],
                        size_t *host_lacks);
/* --cluster-prefetch: t was placed on the host: start now the copies back of its inputs
 * that another space holds and nobody writes (from spaces that order them, ordered_out),
 * without waiting; its body's nrt_cache_host_acquire() then waits for them, if at all. */
void nrt_cache_prefetch_host(struct nanort_task *t);
/* --cluster-prefetch: t was queued for space s (one that runs smp implementations) behind
 * a full in-flight window: copy its inputs there now (asynchronous copies only), so that
 * its staging finds them (the launch waits for the copies' events, as for any staging). */
void nrt_cache_prefetch(struct nanort_task *t, struct nrt_space *s);
/* Shutdown (after the flush): free every allocation of every space. */
void nrt_cache_stop(void);
void nrt_cache_after_fork(void);
/* Before an smp task with regions runs (only when nrt_nspaces > 1): make its inputs
 * valid on the host; after it: its outputs are owned by the host. */
void nrt_cache_host_acquire(struct nanort_task *t);
void nrt_cache_host_release(struct nanort_task *t);
/* A device task's launch sizes read r, its own data (nanort_launch_reads, on the manager
 * thread of its space): the host's copy of r is made valid (copies of it elsewhere stay). */
void nrt_cache_host_read(const struct nrt_region *r);
/* For plugins' launch: the allocation and offset holding host address `host` for the
 * running task ctx: the region holding that byte, else an allocation covering it, else a
 * region whose base pointer it is (then the offset may be negative, i.e. wrap around);
 * for the base of an empty region (no bytes, no allocation) *buf NULL; false when it is
 * outside them. */
bool nrt_cache_translate(nanort_ctx *ctx, const void *host, void **buf, size_t *off);
/* --summary's device table (stats.c): the time the spaces were open (device.c). */
uint64_t nrt_devices_wall_ns(void);
/* taskwait: copy back everything the host does not hold, then drop the device copies
 * (the code after a taskwait may write on the host); bytes a running device task writes
 * are left to it.  Also after taskwait on(...) and an undeferred device task (the data of
 * every finished task: the host may touch them then); taskwait noflush does not call it. */
void nrt_devices_flush(void);
/* nanort_realloc and omp_realloc, before the data of the heap block at p move: what only a
 * device holds comes back, and the block's device copies are dropped. */
void nrt_cache_block_back(void *p);
/* free() and realloc() of programs linked by mcc (-Wl,--wrap=free,--wrap=realloc). */
void __wrap_free(void *p);
void *__wrap_realloc(void *p, size_t size);

/* The directory's internals, shared by cache_map.c (the segment map), cache_alloc.c (the
 * allocations) and cache_stage.c (the staging) only.  Hidden: calls among the three go
 * direct, not through the PLT. */
#pragma GCC visibility push(hidden)
struct nrt_alloc {
    struct nrt_space *space;
    uintptr_t lo, hi;               /* host bytes it mirrors (buf + (x - lo) holds x) */
    void *buf;
    int pin;                        /* staged or running tasks using it */
    bool doomed;                    /* nocache: freed when unpinned */
    struct nrt_alloc *prev, *next;  /* the space's list, least recently used first */
    nrt_event *ev;                  /* copies into it that may be in flight */
    unsigned nev, cap;
};

struct nrt_seg {
    uintptr_t lo, hi;
    bool host;                      /* the host copy is valid */
    /* Not NULL: the host copy is valid once wb's copies have landed (an eager write-back
     * from wb is in flight, --eager-writeback); set only with host, and wb holds a copy. */
    struct nrt_alloc *wb;
    /* Not NULL: the host copy is valid once this copy from `landing_from` has landed (a
     * host task's fetch from an ordered_out space, which the fetching thread waits for
     * outside the lock, then clears and releases); set only with host.  Any other
     * thread waits for it in nrt_seg_host_ready(), and clears it. */
    nrt_event landing;
    struct nrt_alloc *landing_from;
    int writers;                    /* staged or running device tasks that write it */
    unsigned n, cap;
    struct nrt_alloc **a;           /* allocations with a valid copy */
};

/* What a staged task holds: per region its allocation (NULL when not copied). */
struct nrt_staging {
    struct nanort_task *task;
    struct nrt_space *space;
    nrt_event *ev;                  /* copies its launch waits for */
    unsigned nev;
    struct nrt_alloc *a[];
};

/* The directory's state (cache_map.c; the three files call it C); every field: `lock`. */
struct nrt_cache_dir {
    struct nrt_lock lock;
    struct nrt_seg *seg;
    size_t nseg, cap;
    struct {
        struct nrt_alloc *head, *tail;
        size_t used;
        struct nrt_alloc **by_lo;   /* its allocations sorted by lo (lookups) */
        size_t n, cap;
        size_t max_len;             /* longest allocation so far (bounds lookups) */
    } sp[NRT_MAX_SPACES];
};
extern struct nrt_cache_dir nrt_cache_dir;
/* Set once a device task was staged: until then the host holds everything and smp
 * tasks skip the directory.  Release/acquire: a task that sees it set sees the
 * directory's state of the staging (conflicting tasks are ordered by dependences). */
extern atomic_bool nrt_cache_used;
/* C.nseg, published for the taskwait flush to skip the lock when no device holds
 * anything: stored with release under the lock after every change, read with acquire. */
extern atomic_size_t nrt_cache_nseg_pub;
/* The first segment's lo and the last one's hi (0, 0: none), stored relaxed before
 * C.nseg's release (free() skips the lock for blocks outside them: a block's own segments
 * were made before the program freed it, and every value published since covers them). */
extern atomic_uintptr_t nrt_cache_hull_pub[2];

/* Region chunks: the contiguous rows of a normalised region. */

struct nrt_chunk_it {
    const struct nrt_region *r;
    size_t k[NRT_MAX_DIMS];
    bool done;
};

static inline void nrt_chunk_start(struct nrt_chunk_it *it, const struct nrt_region *r)
{
    memset(it, 0, sizeof *it);
    it->r = r;
    it->done = r->nd == 0 || r->len[0] == 0;
}

static inline bool nrt_chunk_next(struct nrt_chunk_it *it, uintptr_t *lo, uintptr_t *hi)
{
    const struct nrt_region *r = it->r;
    if (it->done)
        return false;
    uintptr_t x = r->lo;
    for (unsigned d = 1; d < r->nd; d++)
        x += it->k[d] * r->stride[d];
    *lo = x;
    *hi = x + r->len[0];
    unsigned d = 1;
    for (; d < r->nd; d++) {
        if (++it->k[d] < r->len[d])
            break;
        it->k[d] = 0;
    }
    it->done = d >= r->nd;
    return true;
}

/* Index of the first segment ending after x. */
static inline size_t nrt_seg_after(uintptr_t x)
{
    size_t lo = 0, hi = nrt_cache_dir.nseg;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (nrt_cache_dir.seg[mid].hi <= x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static inline bool nrt_seg_has(const struct nrt_seg *g, const struct nrt_alloc *a)
{
    for (unsigned k = 0; k < g->n; k++)
        if (g->a[k] == a)
            return true;
    return false;
}

static inline bool nrt_cache_copied(const struct nrt_region *r)
{
    return r->nd > 0 && (r->flags & NANORT_COPY_INOUT);
}

/* cache_map.c, lock held.  Make segments tile [a, b) exactly (new ones valid on the host
 * only); their indices are [*i0, *i1).  Split the segments that straddle a or b (none is
 * added), so that a copy of whole segments inside [a, b) copies no byte outside it.
 * Remove segments [i0, i1) that are valid on the host only (the default state).  Add a
 * to g's copies (once), drop it from them. */
void nrt_seg_cover(uintptr_t a, uintptr_t b, size_t *i0, size_t *i1);
void nrt_seg_clip(uintptr_t a, uintptr_t b);
void nrt_seg_compact(size_t i0, size_t i1);
void nrt_seg_add_copy(struct nrt_seg *g, struct nrt_alloc *a);
void nrt_seg_drop_copy(struct nrt_seg *g, const struct nrt_alloc *a);
/* cache_alloc.c, lock held.  Pin an allocation for every copied region of st's task
 * (allocating, evicting); false when one does not fit.  Unpin them (nocache: freed).
 * Write back what only a holds, take it out of the map, free its memory. */
bool nrt_cache_stage_allocs(struct nrt_staging *st);
void nrt_cache_unpin(struct nrt_staging *st);
void nrt_alloc_unpin(struct nrt_alloc *a);
void nrt_alloc_free(struct nrt_alloc *a);
/* cache_stage.c, lock held.  Before the host's bytes of g are read, written or replaced:
 * an eager write-back into them must have landed; set g's host validity after that.
 * Before reading a: the copies into it must have landed.  Bytes [lo, hi) from a to the
 * host, waited for.  Release the lock, then give the performance model the copies this
 * thread timed under it. */
void nrt_seg_host_ready(struct nrt_seg *g);
void nrt_seg_set_host(struct nrt_seg *g, bool valid);
void nrt_alloc_wait(struct nrt_alloc *a);
void nrt_alloc_copy_to_host(struct nrt_alloc *a, uintptr_t lo, uintptr_t hi);
void nrt_cache_unlock(void);
/* Take C.lock (cache_*.c; released by nrt_cache_unlock, which also frees the blocks that
 * nanort_free queued while it was held). */
void nrt_cache_lock(void);
/* cache_stage.c: the prefetched copies back (--cluster-prefetch): at shutdown, wait for
 * them and release them (lock held); after fork, forget them, and the blocks nanort_free
 * queued. */
void nrt_cache_prefetch_drain(void);
void nrt_cache_prefetch_forget(void);
void nrt_cache_freed_forget(void);
#pragma GCC visibility pop

/* ---- instr.c: the recorded events, --summary's timing, the device timeline -------- */
/* Tracks: smp worker i is track i (-1: a thread that is not a worker); space s's kernel
 * queue and transfer queues are NRT_TRACK_SPACE(s, q) with q = 0 kernels,
 * 1 host->device, 2 device->host/peer. */
#define NRT_TRACK_SPACE(s, q) (1000 + 4 * (s) + (q))
/* Task-aware MPI (TAMPI.h): each request bound to a task, from binding to completion. */
#define NRT_TRACK_MPI NRT_TRACK_SPACE(0, 3)
/* --trace, --graph or --summary given (--summary alone: per-implementation timing only);
 * set by nrt_instr_start(), constant while tasks run.  Hot paths test it first:
 *     if (NRT_UNLIKELY(nrt_instr_on)) nrt_instr_task_begin(t, track);  */
extern bool nrt_instr_on;
/* At start, before any task exists (also installs the crash handlers of crash.c). */
void nrt_instr_start(void);
/* At shutdown, after workers and device managers stopped: writes the files. */
void nrt_instr_stop(void);
/* The process ends while tasks still run (ending.c): write the files from what was
 * recorded so far (the threads keep running; tasks not finished have no span). */
void nrt_instr_write_now(void);
/* --trace or --graph was given. */
bool nrt_instr_files_wanted(void);
/* In a child of fork(): its files carry its pid (FILE.pidN), its parent keeps FILE. */
void nrt_instr_after_fork(void);
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
/* A user event of the Nanos++ instrumentation calls (nanos_api.c): `key` takes `value` (0:
 * a burst ends) now, on the calling thread's track.  Any thread, any time; recorded with
 * --trace only (not only when nrt_instr_on: the program calls it, no hot path). */
void nrt_instr_user_event(unsigned key, uint64_t value);
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
/* Plugins time each task's kernels (nrt_devtime_on, or --dispatch=versioning, which learns
 * a device task's time as the device measured it: device.c); set with nrt_devtime_on. */
extern bool nrt_devtime_kernels;
/* Any thread; t (NRT_LANE_KERNEL: the task whose kernels ran from t0 to t1) may be NULL. */
void nrt_devtime_record(struct nrt_space *s, enum nrt_lane lane, uint64_t t0_ns,
                        uint64_t t1_ns, size_t bytes, const struct nanort_task *t);
/* The length of t's kernel span if the calling thread reported one since the last call
 * (the manager, releasing t's completion event), else 0: versioning learns it. */
uint64_t nrt_devtime_take_kernel(const struct nanort_task *t);
/* A time interval [t0, t1) in ns. */
struct nrt_span {
    uint64_t t0, t1;
};
/* The spans of (space, lane) recorded since the start (after the threads stopped). */
const struct nrt_span *nrt_devtime_spans(int space, enum nrt_lane lane, size_t *n);
/* A copy of the spans of (space, lane) recorded since the start (free it), NULL when
 * there are none. */
struct nrt_span *nrt_devtime_copy(int space, enum nrt_lane lane, size_t *n);
/* The recorded events, for the writers (instr_trace.c, instr_graph.c, instr_prv.c). */
enum nrt_ev_kind { NRT_EV_TASK, NRT_EV_XFER, NRT_EV_CREATE, NRT_EV_DEP, NRT_EV_DROPPED,
                  NRT_EV_USER };
/* One event.  NRT_EV_TASK: a task's span (a = id, p = type, impl, src = space).
 * NRT_EV_XFER: a transfer (a = bytes, src/dst spaces; src -1: another device).
 * NRT_EV_CREATE: a = id, b = parent id, p = type.  NRT_EV_DEP: a = predecessor id, b =
 * successor id, src = enum nrt_dep_class.  NRT_EV_DROPPED: a host-timed span the device
 * timeline replaces.  NRT_EV_USER: a user event (nrt_instr_user_event), t0 = t1 its time,
 * a = key, b = value.  `dev`: timed by the device (nrt_devtime_record), else by the host. */
struct nrt_ev {
    uint64_t t0, t1;
    uint64_t a, b;
    const struct nanort_task_type *p;
    const struct nanort_impl *impl;
    int track;
    short src, dst;
    unsigned char kind;
    bool dev;
};
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

/* ---- instr_trace.c: --trace=FILE (Chrome JSON), what the writers share --------------- */
/* The events `all` as Chrome/Perfetto trace-event JSON (nrt_instr_prepare's them; task ids
 * up to max_id; time0: the run's time 0). */
void nrt_instr_write_json(FILE *f, struct nrt_ev *all, size_t n, uint64_t max_id,
                          uint64_t time0);
/* Before writing: drop the host-timed spans the device timeline replaces, and clip device
 * spans that begin inside the previous one of their track (nested or disjoint spans). */
void nrt_instr_prepare(struct nrt_ev *all, size_t n, uint64_t max_id);
/* span_of[id]: index + 1 in all[] of task id's first span, 0 when none (free it). */
size_t *nrt_instr_index_spans(const struct nrt_ev *all, size_t n, uint64_t max_id);
const char *nrt_instr_label(const struct nanort_task_type *type);
const char *nrt_instr_impl_name(const struct nanort_impl *impl);
/* "smp", or the space's name up to its first blank; a track's name ("worker 1"). */
void nrt_instr_device_name(int space, char *out, size_t size);
void nrt_instr_track_name(int track, char *out, size_t size);

/* ---- instr_graph.c: --graph=FILE, the task graph in Graphviz dot --------------------- */
/* The events `all` (nrt_instr_prepare'd; task ids up to max_id) as a dot graph. */
void nrt_instr_write_graph(FILE *f, const struct nrt_ev *all, size_t n, uint64_t max_id);

/* ---- instr_prv.c: --trace=FILE.prv, the Paraver trace ------------------------------ */
/* Writes FILE.prv, FILE.pcf and FILE.row; false when a file could not be written (said on
 * stderr).  t_base: the run's time 0. */
bool nrt_instr_write_paraver(const char *prv_path, struct nrt_ev *all, size_t n,
                             uint64_t max_id, uint64_t t_base);

/* ---- crash.c: a fatal signal inside a task names the task --------------------------- */
/* SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT: print "nanort: task 'L' (implementation 'I'
 * on D) crashed: SIG", then chain to the handler installed before, or die of the signal. */
void nrt_crash_install(void);
/* The calling thread, which runs tasks, gets an alternate signal stack (unless it has one)
 * so that a task that overflows its stack is reported; detach: a worker that ends. */
void nrt_crash_thread_attach(void);
void nrt_crash_thread_detach(void);

/* ---- ending.c: outputs however the process ends (signals, exit() in a task) -------- */
/* At start (after the configuration; start_ns: when the run began, for --summary): the
 * monitor thread, the SIGTERM/SIGINT handlers. */
void nrt_ending_start(uint64_t start_ns);
/* Write the requested trace, graph, model and summary, once per start: at shutdown
 * (partial false), or from what was recorded so far (partial: tasks still run; `why`
 * says what ends the run). */
void nrt_ending_outputs(bool partial, const char *why);
/* At shutdown after the outputs: stop the monitor, put the handlers back. */
void nrt_ending_stop(void);
void nrt_ending_after_fork(void);
/* From the signal handler of a task's crash (crash.c), when the signal's default action
 * is to follow: has the monitor write the outputs (when some were requested) and die of
 * sig (another crash or signal already handed over: the monitor ends the process);
 * waits for that, at most a minute.  Returns when nothing is to be written or the
 * monitor is gone: the caller then dies of sig. */
void nrt_ending_on_crash(int sig);
/* A requested output could not be written: the exit status becomes 1 if it was 0. */
void nrt_output_failed(void);

/* ---- hooks.c: the task-life hooks of the debugging tools (watchdog.c, tsan.c) ------ */
/* --watchdog or ThreadSanitizer: set at start, constant while tasks run.  Where both
 * tools want to hear of an event, one test of this flag guards both. */
extern bool nrt_hooks_on __attribute__((visibility("hidden")));
/* copyin (omp_api.c): the number of values given so far, and how many this thread has
 * taken; a thread takes the new ones (nrt_copyin_catch_up) before it runs a task. */
extern _Atomic uint64_t nrt_copyin_given __attribute__((visibility("hidden")));
extern __thread uint64_t nrt_copyin_taken
    __attribute__((visibility("hidden"), tls_model("initial-exec")));
void nrt_copyin_catch_up(void) __attribute__((visibility("hidden")));
void nrt_hooks_start(void);
/* t starts running on worker or space `where` (device: on_device). */
void nrt_hooks_run(struct nanort_task *t, int where, bool on_device);
/* t's body ended with children pending; t completes (before its dependences go). */
void nrt_hooks_body_end(struct nanort_task *t);
void nrt_hooks_complete(struct nanort_task *t);

/* ---- watchdog.c: --watchdog=SECONDS ------------------------------------------------ */
/* Set at start, constant while tasks run; the hooks below are called only when true. */
extern bool nrt_watchdog_on __attribute__((visibility("hidden")));
void nrt_watchdog_start(void);
/* The monitor's check period (0: off), and the check. */
long nrt_watchdog_period_ms(void);
void nrt_watchdog_tick(void);
/* t was submitted (heap task), starts running (on worker or space `where`), its body
 * ended (it may wait for children), it completed (before its dependences are released). */
void nrt_wd_created(struct nanort_task *t);
void nrt_wd_running(struct nanort_task *t, int where, bool on_device);
void nrt_wd_body_done(struct nanort_task *t);
void nrt_wd_done(struct nanort_task *t);

/* ---- tsan.c: happens-before edges for programs built with -fsanitize=thread -------- */
/* Set at start: the TSan runtime is in the process (and this library is not built with
 * it); constant afterwards. */
extern bool nrt_tsan_on __attribute__((visibility("hidden")));
void nrt_tsan_start(void);
void nrt_tsan_acquire_slow(const void *addr);
void nrt_tsan_release_slow(const void *addr);
static inline void nrt_tsan_acquire(const void *addr)
{
    if (NRT_UNLIKELY(nrt_tsan_on))
        nrt_tsan_acquire_slow(addr);
}
static inline void nrt_tsan_release(const void *addr)
{
    if (NRT_UNLIKELY(nrt_tsan_on))
        nrt_tsan_release_slow(addr);
}

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
/* The instance given to (impl, space) will not run there: no longer in flight. */
void nrt_perf_unchosen(const struct nrt_type_info *info, unsigned impl, int space,
                       size_t footprint);
/* A trial run (chosen while (impl, space) had no measured run) started (`start`) or
 * ended. */
void nrt_perf_trial(const struct nrt_type_info *info, unsigned impl, int space,
                    size_t footprint, bool start);
/* Instances in flight there; *trial_ns: how long its trials have been running (0: none
 * runs, or a device's first run while no device is measured), a lower bound of its run
 * time before it is measured. */
long nrt_perf_inflight(const struct nrt_type_info *info, unsigned impl, int space,
                       size_t footprint, uint64_t *trial_ns);
/* Runs recorded plus runs in flight (learning spreads the trials with it). */
long nrt_perf_tries(const struct nrt_type_info *info, unsigned impl, int space,
                    size_t footprint);
/* The fastest of the runs kept for that footprint class (ns), or -1 when none: a run
 * slowed down by the machine (a preempted worker) is never the fastest of two. */
double nrt_perf_fastest(const struct nrt_type_info *info, unsigned impl, int space,
                        size_t footprint);
/* Predicted ns (median; other footprints scaled linearly), or -1 when never measured. */
double nrt_perf_predict(const struct nrt_type_info *info, unsigned impl, int space,
                        size_t footprint);
void nrt_perf_transfer_record(int src, int dst, size_t bytes, uint64_t ns);
double nrt_perf_transfer_ns(int src, int dst, size_t bytes);
/* --summary's versioning table (stats.c prints it): fn(arg, row) per learned entry of a
 * type of this run. */
struct nrt_perf_row {
    const char *label, *impl, *device;
    unsigned bucket;                /* footprints under 2^bucket bytes */
    unsigned long runs;             /* the discarded first included */
    double median_ns;               /* of the last NRT_PERF_WINDOW runs */
};
void nrt_perf_each_row(void (*fn)(void *arg, const struct nrt_perf_row *r), void *arg);
bool nrt_perf_dir_on(void);
void nrt_perf_load(void);           /* --perf-model-dir: at start */
void nrt_perf_save(void);           /* and at shutdown */

/* ---- perfmodel_file.c: the model file, read as untrusted input (also nanort-perfmodel) */
#define NRT_PM_FORMAT 1             /* the header's format version */
#define NRT_PM_CLASSES 48           /* footprint classes 0..47 */
#define NRT_PM_MAX_BYTES (16u << 20)  /* read at most this much of a file */
#define NRT_PM_MAX_LINE 4096
#define NRT_PM_MAX_NAME 255
#define NRT_PM_MAX_NS 8.64e13       /* a day: longer times are refused as absurd */
/* One record: names point into the reader's buffer (copy them to keep them). */
struct nrt_pm_line {
    const char *label, *impl, *device;
    unsigned bucket;                /* footprint class */
    unsigned long runs;             /* runs recorded, the discarded first included */
    unsigned n;                     /* times kept, 1..NRT_PERF_WINDOW */
    double ns[NRT_PERF_WINDOW];
};
/* What a read refused: the whole file (whole_file), or `dropped` lines; `why` says what
 * the first one was. */
struct nrt_pm_report {
    unsigned long dropped;
    bool whole_file;
    char why[200];
};
/* Call fn for every good record of the file at path.  Returns 1 when there is no file,
 * -1 when it cannot be read or is not a regular file, 0 otherwise (rep says what was
 * dropped). */
int nrt_pm_read(const char *path, void (*fn)(void *arg, const struct nrt_pm_line *l),
                void *arg, struct nrt_pm_report *rep);
/* The one warning about a report with drops ("WHO: warning: the performance model PATH
 * ...THEN"); nothing when nothing was dropped. */
void nrt_pm_warn(FILE *f, const char *who, const char *path, const struct nrt_pm_report *rep,
                 const char *then);
void nrt_pm_write_header(FILE *f);
void nrt_pm_write_line(FILE *f, const struct nrt_pm_line *l);

/* ---- versioning.c: choosing among implementations (earliest estimated finish) ------- */
struct nrt_vcand {
    unsigned impl;                  /* index in t->info->impls */
    int space;                      /* where it would run: 0 = the smp pool */
    size_t missing_bytes;           /* copy-in bytes not valid there yet */
    int from;                       /* the space they come from (0: the host; the host's
                                     * candidate: the space holding most of them) */
};
/* Pick one of the candidates for ready task t (sets *pick; false when ncand == 0) and
 * count its predicted time as queued work of that space.  With `wait` non-NULL it may
 * also pick none (false) while trials in flight will tell more: *wait is then what
 * nrt_vers_news_since() takes, and t is to be dispatched again after such news. */
bool nrt_vers_choose(struct nanort_task *t, unsigned ncand, const struct nrt_vcand *cand,
                     unsigned *pick, unsigned long *wait);
/* Whether a versioned instance finished or was forgotten since nrt_vers_choose() said
 * `seen`. */
bool nrt_vers_news_since(unsigned long seen);
/* t starts to run where it was chosen (a trial's running time counts from here). */
void nrt_vers_started(struct nanort_task *t);
/* The implementation for an instance of a type whose implementations are all smp. */
unsigned nrt_vers_choose_smp(struct nanort_task *t);
/* t (run with implementation index `impl` in t->space) took `ns`: learn, unqueue. */
void nrt_vers_done(struct nanort_task *t, unsigned impl, uint64_t ns);
/* t will not run where it was chosen to (it did not fit there): unqueue, learn nothing. */
void nrt_vers_forget(struct nanort_task *t);
/* --dispatch=versioning (the default): read-only after start. */
static inline bool nrt_versioning_on(void)
{
    return nrt_cfg.dispatch == NRT_DISPATCH_VERSIONING;
}
/* Index of impl in info->impls. */
unsigned nrt_impl_index(const struct nrt_type_info *info, const struct nanort_impl *impl);

/* ---- cluster.c: cluster mode's options and plugin (devices/cluster/) --------------- */
/* --cluster-placement: how rank 0 weighs itself against the other ranks (versioning.c). */
#define NRT_CLUSTER_PLACEMENTS(X)                                                          \
    X(NRT_PLACE_COST, "cost",                                                              \
      "rank 0 runs a task when one of its workers is free, unless another rank finishes "  \
      "it clearly sooner (queue wait, transfers, learned times); its share follows its "   \
      "free workers less what its communication thread uses")                              \
    X(NRT_PLACE_OLD, "old",                                                                \
      "earliest estimated finish, rank 0 counted like any rank (before issue 18's cost "   \
      "model)")
enum nrt_cluster_placement { NRT_CLUSTER_PLACEMENTS(NRT_ENUM_ENTRY) };
struct nrt_cluster_cfg {
    /* Options: written by nrt_config_load(), read-only afterwards. */
    bool on;                        /* --cluster */
    const char *chunk_opt;          /* --cluster-chunk */
    int inflight;                   /* --cluster-inflight (0: automatic) */
    int poll_us;                    /* --cluster-poll */
    bool profile;                   /* --cluster-profile */
    int placement;                  /* --cluster-placement (enum nrt_cluster_placement) */
    bool prefetch;                  /* --cluster-prefetch */
    /* The share of a core rank 0's communication thread used lately, in thousandths:
     * written by that thread (relaxed), read by placement (a stale value only shifts
     * rank 0's share a little). */
    atomic_int comm_permille;
    /* --cluster-prefetch's copies (cache_stage.c counts them, relaxed; --cluster-profile
     * prints them): back to rank 0, those of them a task's fetch found still landing, and
     * to other ranks. */
    atomic_ulong prefetch_host, prefetch_late, prefetch_remote;
    /* Set by nrt_cluster_start() before the spaces open, read-only afterwards. */
    bool active;                    /* --cluster under mpirun with 2 ranks or more */
    int rank, size;
    size_t chunk;                   /* bytes per message of a transfer */
};
extern struct nrt_cluster_cfg nrt_cluster;
/* What the plugin gives libnanort (it registers from a constructor). */
struct nrt_cluster_plugin {
    /* On a rank other than 0, once the runtime started: serve rank 0 until it stops, then
     * exit; never returns. */
    void (*serve)(void);
};
void nrt_cluster_register(const struct nrt_cluster_plugin *p);
/* The rank and size mpirun gave this process (environment), -1 when none. */
int nrt_cluster_rank(void);
int nrt_cluster_size(void);
bool nrt_cluster_active(void);
/* At start, before the devices open: decide whether cluster mode is active. */
void nrt_cluster_start(void);
/* The rank whose name an output file carries (instr.c): R > 0 on rank R of a cluster run,
 * 0 otherwise (rank 0 and a run outside a cluster write the file as named). */
int nrt_cluster_file_rank(void);
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
/* nanort_kernel_launch() of such an implementation, on a worker (its n and sizes checked
 * already: check_ndrange in device.c). */
void nrt_clcpu_launch(nanort_ctx *ctx, const struct nanort_launch *l);
/* Has the type such an implementation? */
bool nrt_clcpu_type(const struct nrt_type_info *info);
/* Is parameter i of the OpenCL implementation's kernel a buffer (__global or __constant)
 * by its translation?  (false where the kernel was not translated) */
bool nrt_clcpu_arg_is_buffer(const struct nanort_opencl_info *info, unsigned i);

/* ---- kernel_args.c: the arguments of a kernel that takes fewer than its task -------- */
/* Is the OpenCL source registered as `name` the one file(...) names: 2 as given to mcc, 1
 * by its last component only (a source of another directory may have it too: the best
 * match wins), 0 not? */
int nrt_cl_file_match(const char *name, const char *file);
/* The launch the kernel of ctx's OpenCL implementation (or its translation) takes: l
 * itself, or, for a kernel with fewer parameters than l has arguments (named arg_names,
 * "n1,n2,..."; NULL: not named), *out with l's arguments of the kernel's parameter names
 * (buf: room for l->nargs). */
const struct nanort_launch *nrt_kargs_pick(const nanort_ctx *ctx, const struct nanort_launch *l,
                                           const char *arg_names, struct nanort_launch *out,
                                           struct nanort_karg *buf);
/* l with its NANORT_KARG_AUTO arguments made BUFFER (a pointer the task's copied data,
 * on the host its regions, hold) or LOCAL (another pointer, for OpenCL and its
 * translation); *out with them (buf: room for l->nargs), or l itself when it has none.  A
 * CUDA pointer the data do not hold stops the run, naming the argument. */
const struct nanort_launch *nrt_kargs_auto(nanort_ctx *ctx, const struct nanort_launch *l,
                                           struct nanort_launch *out, struct nanort_karg *buf);

/* ---- nanos_api.c: the Nanos++ calls of OmpSs programs (the API is in nanos.h) ----- */
/* The instrumentation keys the program registered (nanos_instrument_register_key and the
 * calls that register as they go), each followed by its values: names and descriptions
 * ("" when none), for the trace writers; names stay valid to the end of the process. */
void nrt_user_keys_each(void (*key_fn)(void *arg, unsigned key, const char *name,
                                       const char *descr),
                        void (*value_fn)(void *arg, unsigned key, uint64_t value,
                                         const char *name, const char *descr),
                        void *arg);
/* The name of `key` (NULL: not registered), and in *value_name its value `value`'s (NULL:
 * not registered). */
const char *nrt_user_key_name(unsigned key, uint64_t value, const char **value_name);

/* ---- runtime.c ------------------------------------------------------------------- */
/* Start the runtime at first use (cheap check on the hot path). */
extern atomic_int nrt_started;
void nrt_start_slow(void);
/* Set by the first task created since the start (nrt_first_task()). */
extern atomic_bool nrt_tasks_made;
void nrt_first_task(void);
static inline void nrt_note_task_made(void)
{
    /* relaxed: a hint; nrt_first_task() decides under an exchange */
    if (NRT_UNLIKELY(!atomic_load_explicit(&nrt_tasks_made, memory_order_relaxed)))
        nrt_first_task();
}
/* omp_set_num_threads() after the start: when no task was created yet (the runtime started
 * with main, --eager-start) and the count changes, stop the runtime so that the next task
 * starts it with that count. */
void nrt_restart_for_request(void);
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
