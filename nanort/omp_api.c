/*
 * omp_api.c - the OpenMP 4.5 runtime routines that make sense for nanort (mcc's omp.h
 * declares them): locks and nestable locks, the execution-environment queries and the
 * setters programs call (accepted, their values kept), omp_get_wtick, and the parallel
 * region hooks behind omp_get_level().  runtime.c keeps the older omp_get_num_threads,
 * omp_get_max_threads, omp_get_thread_num, omp_get_num_procs and omp_get_wtime.
 *
 * The OmpSs execution model (OMPSS.md): there is no team of threads; a `parallel` region
 * runs once in the encountering task, its team being all the workers when it is active,
 * one thread when it is not (its own body then says 1 and 0 for omp_get_num_threads and
 * omp_get_thread_num).  Outside any region the levels are those of OpenMP's initial
 * thread (level 0); tasks, which run on every worker, say the worker count and number
 * (docs/porting.md).
 *
 * Locks are owned by tasks (OpenMP 4.5 3.3).  A task waiting for a lock waits as in a
 * taskwait.  Tasks are tied to the thread that started them and a waiting task runs
 * others on its own stack, so once a program uses locks its waits keep OpenMP's
 * scheduling constraint for tied tasks (nrt_omp_restricted below): no unrelated task can
 * then wait above a suspended task for a lock that task's completion is needed to free.
 * A task holding a lock does not run the tasks it creates at once (as inside a critical
 * section).  A descendant that wants the lock its suspended ancestor holds would deadlock
 * under any runtime: that stops the program with a message instead of hanging.
 */
#include "nrt.h"

#include <ctype.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* The public types (mcc/include/omp.h): opaque blocks of these sizes. */
#define OMP_LOCK_WORDS 2
#define OMP_NEST_LOCK_WORDS 4

struct lock {
    atomic_uint word;                   /* a word lock (nrt.h): the holding thread, a waiter */
    _Atomic(void *) owner;              /* the holding task (an identity, never freed by us) */
};
struct nest_lock {
    struct lock l;
    int count;                          /* the owner's nesting (owner only) */
};
_Static_assert(sizeof(struct lock) <= OMP_LOCK_WORDS * sizeof(void *), "omp_lock_t too small");
_Static_assert(sizeof(struct nest_lock) <= OMP_NEST_LOCK_WORDS * sizeof(void *),
               "omp_nest_lock_t too small");

typedef struct { void *w[OMP_LOCK_WORDS]; } omp_lock_t;
typedef struct { void *w[OMP_NEST_LOCK_WORDS]; } omp_nest_lock_t;
typedef enum { omp_sched_static = 1, omp_sched_dynamic, omp_sched_guided, omp_sched_auto } omp_sched_t;
typedef enum { omp_proc_bind_false, omp_proc_bind_true, omp_proc_bind_master, omp_proc_bind_close,
               omp_proc_bind_spread } omp_proc_bind_t;
typedef enum { omp_lock_hint_none = 0 } omp_lock_hint_t;

/* ---- copyin ------------------------------------------------------------------------------ */

/*
 * copyin(x): OpenMP sets every thread's copy of the threadprivate x to the encountering
 * thread's at the start of the region.  Here the region's work runs on all the workers,
 * so each worker takes the value before it runs its next task (run_body, task.c): a
 * relaxed load and a compare per task, the lock only when there is something new.  One
 * record per setter (per variable and translation unit) keeps the latest value; they are
 * taken in the order they were given.
 */
struct copyin_value {
    void (*set)(const void *value);
    void *value;
    uint64_t given;                     /* its number in the order of nanort_copyin calls */
};
static struct nrt_lock copyin_lock = NRT_LOCK_INITIALIZER;
static struct copyin_value *copyins;
static int ncopyins, copyins_cap;
_Atomic uint64_t nrt_copyin_given;
__thread uint64_t nrt_copyin_taken __attribute__((tls_model("initial-exec")));

void nrt_copyin_catch_up(void)
{
    nrt_lock_acquire(&copyin_lock);
    uint64_t now = atomic_load_explicit(&nrt_copyin_given, memory_order_relaxed);
    for (;;) {                          /* the records not taken yet, oldest first */
        struct copyin_value *next = NULL;
        for (int i = 0; i < ncopyins; i++)
            if (copyins[i].given > nrt_copyin_taken && (!next || copyins[i].given < next->given))
                next = &copyins[i];
        if (!next)
            break;
        next->set(next->value);
        nrt_copyin_taken = next->given;
    }
    nrt_copyin_taken = now;
    nrt_lock_release(&copyin_lock);
}

void nanort_copyin(void (*set)(const void *value), const void *value, size_t bytes)
{
    nrt_lock_acquire(&copyin_lock);
    struct copyin_value *c = NULL;
    for (int i = 0; i < ncopyins && !c; i++)
        if (copyins[i].set == set)
            c = &copyins[i];
    if (!c) {
        if (ncopyins == copyins_cap) {
            copyins_cap = copyins_cap ? 2 * copyins_cap : 8;
            copyins = realloc(copyins, (size_t)copyins_cap * sizeof *copyins);
            if (!copyins)
                nrt_fatal("out of memory for copyin");
        }
        c = &copyins[ncopyins++];
        *c = (struct copyin_value){set, NULL, 0};
    }
    free(c->value);
    c->value = malloc(bytes ? bytes : 1);
    if (!c->value)
        nrt_fatal("out of memory for copyin");
    memcpy(c->value, value, bytes);
    c->given = atomic_load_explicit(&nrt_copyin_given, memory_order_relaxed) + 1;
    atomic_store_explicit(&nrt_copyin_given, c->given, memory_order_relaxed);
    nrt_lock_release(&copyin_lock);
    nrt_copyin_catch_up();              /* (the others' values; this one is ours already) */
}

/*
 * The threadprivate variables of every unit mcc compiled, each registered by its unit's
 * constructor, so that a region's body that calls another unit's function can give every
 * worker what the call changed, the variables a `static` of that unit included, which the
 * calling unit cannot name.  The list only grows; copyin_lock guards it.  A program with
 * threadprivate variables keeps OpenMP's scheduling constraint in its waits (below): a task
 * that set its thread's copy and waits for its children reads the copy back after the
 * wait, which an unrelated task run on its stack would have set for itself.
 */
struct tp_var {
    void *(*addr)(void);                /* the calling thread's copy */
    void (*set)(const void *value);     /* its copyin setter */
    size_t bytes;
};
static struct tp_var *tp_vars;          /* guarded by copyin_lock */
static int ntp_vars, tp_vars_cap;       /* guarded by copyin_lock */

void nanort_threadprivate_register(void *(*addr)(void), void (*set)(const void *value),
                                   size_t bytes)
{
    nrt_lock_acquire(&copyin_lock);
    if (ntp_vars == tp_vars_cap) {
        tp_vars_cap = tp_vars_cap ? 2 * tp_vars_cap : 16;
        tp_vars = realloc(tp_vars, (size_t)tp_vars_cap * sizeof *tp_vars);
        if (!tp_vars)
            nrt_fatal("out of memory registering threadprivate variables");
    }
    tp_vars[ntp_vars++] = (struct tp_var){addr, set, bytes};
    nrt_lock_release(&copyin_lock);
    /* (a constructor's store, before the workers start: their creation publishes it) */
    atomic_store_explicit(&nrt_omp_tsc, true, memory_order_relaxed);
}

void nanort_thread_data_used(void)
{
    /* (a constructor's store, as above) */
    atomic_store_explicit(&nrt_omp_tsc, true, memory_order_relaxed);
}

/* What nanort_threadprivate_keep returns: how many variables it kept, their bytes after. */
struct tp_kept {
    int n;
    unsigned char bytes[];
};

void *nanort_threadprivate_keep(void)
{
    nrt_lock_acquire(&copyin_lock);
    if (!ntp_vars) {                    /* (no unit registered any: nothing to compare) */
        nrt_lock_release(&copyin_lock);
        return NULL;
    }
    size_t total = 0;
    for (int i = 0; i < ntp_vars; i++)
        total += tp_vars[i].bytes;
    struct tp_kept *k = malloc(sizeof *k + total);
    if (!k)
        nrt_fatal("out of memory keeping threadprivate variables");
    k->n = ntp_vars;
    size_t off = 0;
    for (int i = 0; i < ntp_vars; i++) {
        memcpy(k->bytes + off, tp_vars[i].addr(), tp_vars[i].bytes);
        off += tp_vars[i].bytes;
    }
    nrt_lock_release(&copyin_lock);
    return k;
}

void nanort_threadprivate_changed(void *kept, const void *const *skip, unsigned nskip)
{
    struct tp_kept *k = kept;
    if (!k)
        return;
    size_t off = 0;
    for (int i = 0; i < k->n; i++) {
        nrt_lock_acquire(&copyin_lock);     /* (a copy: nanort_copyin takes the lock) */
        struct tp_var v = tp_vars[i];
        nrt_lock_release(&copyin_lock);
        const void *now = v.addr();
        bool skipped = false;
        for (unsigned j = 0; j < nskip && !skipped; j++)
            skipped = skip[j] == now;
        if (!skipped && memcmp(k->bytes + off, now, v.bytes) != 0)
            nanort_copyin(v.set, now, v.bytes);
        off += v.bytes;
    }
    free(k);
}

/* ---- who holds what ----------------------------------------------------------------------- */

static __thread char foreign_self __attribute__((tls_model("initial-exec")));
                                        /* the identity of a thread outside the runtime */

/* The task that owns what the caller takes: the running task, main's implicit task, or
 * for a thread outside the runtime the thread itself. */
static void *me_slow(void)
{
    nrt_ensure_started();               /* main holds its locks as the root task */
    if (nrt_current)
        return nrt_current;
    return nrt_self ? (void *)nrt_root : (void *)&foreign_self;
}

static inline void *me(void)
{
    void *t = nrt_current;
    return NRT_LIKELY(t) ? t : me_slow();
}

/* A held lock counts as a critical section for the thread that runs its owner: no task
 * run at once by its creator (task.c), waits restricted to descendants. */
static inline void held_add(void)
{
    struct nrt_worker *w = nrt_self;
    if (w)
        w->crit_depth++;
}

static inline void held_drop(void)
{
    struct nrt_worker *w = nrt_self;
    if (w && w->crit_depth > 0)
        w->crit_depth--;
}

/* t is h or one of its descendants. */
static bool descends(const struct nanort_task *t, const void *h)
{
    for (; t; t = t->parent)
        if (t == h)
            return true;
    return false;
}

/* "task 'L' (file.c:12)" or "main", for messages. */
static const char *describe(const struct nanort_task *t, char *buf, size_t n)
{
    if (!t || (t->flags & NRT_TF_ROOT) || !t->type)
        return "main";
    snprintf(buf, n, "task '%s'%s%s%s", t->type->label ? t->type->label : "(unnamed)",
             t->type->source ? " (" : "", t->type->source ? t->type->source : "",
             t->type->source ? ")" : "");
    return buf;
}

/*
 * Once a program has initialised an omp lock, or a task has asked its thread number
 * (nrt_omp_thread_num_asked), and in a program with threadprivate or `__thread` variables
 * (nanort_threadprivate_register, nanort_thread_data_used), a thread waiting on behalf of a task (a
 * taskwait, a lock, an undeferred task's dependences) runs only that task's descendants:
 * OpenMP's scheduling constraint for tied tasks, which libgomp keeps always.  Without it
 * a task K waiting for its children could run an unrelated task S on its stack that then
 * waits for a lock held by a task that waits for K: three tasks that wait for each other
 * forever.  The same holds for a task that waits inside a critical section (crit_depth):
 * an unrelated task run on its stack that enters the section would wait for itself
 * (critical.c stopped the program then; libgomp runs it).  Programs without locks and
 * per-thread variables, whose tasks never ask their thread number, keep running any
 * ready task in their waits outside critical sections.
 */
atomic_bool nrt_omp_tsc;

bool nrt_omp_restricted(void)
{
    return nrt_current && !(nrt_current->flags & NRT_TF_ROOT) &&
           (atomic_load_explicit(&nrt_omp_tsc, memory_order_relaxed) ||
            (nrt_self && nrt_self->crit_depth > 0) || nrt_team_thread);
}

/* A descendant of the waiting task, or nothing.  Other tasks popped on the way are put
 * aside after the search (all of them, so that the same one is not popped again at once):
 * behind the others (nrt_sched_put_aside), so the descendants behind them come up.  A task
 * whose children all finished has no descendant left to find: a task waiting for a lock
 * mostly (bench/sync's contended lock, where each poll popped and pushed back the 32
 * other tasks before). */
bool nrt_omp_run_one(void)
{
    struct nanort_task *w = nrt_current;
    nrt_handoff_requeue();
    if (nrt_children_done(w))
        return false;
    struct nanort_task *aside[33], *t;
    unsigned n = 0;
    while ((t = nrt_sched_pop()) && !descends(t, w) && n < 32)
        aside[n++] = t;
    if (t && !descends(t, w)) {         /* the 33rd: none of them will do */
        aside[n++] = t;
        t = NULL;
    }
    nrt_sched_put_aside(aside, n);
    if (!t)
        return false;
    nrt_task_execute(t);
    return true;
}

/* ---- simple and nestable locks ----------------------------------------------------------- */

static struct lock *L(omp_lock_t *lock)
{
    return (struct lock *)(void *)lock;
}

static struct nest_lock *NL(omp_nest_lock_t *lock)
{
    return (struct nest_lock *)(void *)lock;
}

static void __attribute__((noreturn, noinline, cold)) self_deadlock(const char *call, void *owner)
{
    char a[256], b[256];
    nrt_fatal("%s in %s: the lock is held by %s, which waits (in a taskwait, or for another "
              "lock) for this task to finish: both would wait forever. Unset the lock before "
              "waiting for tasks that take it", call, describe(nrt_current, b, sizeof b),
              describe(owner, a, sizeof a));
}

static void __attribute__((noreturn, noinline, cold)) holds_already(const char *call)
{
    char b[256];
    nrt_fatal("%s in %s: it holds this simple lock already and would wait for itself forever "
              "(use omp_nest_lock_t to take a lock again)", call, describe(nrt_current, b, sizeof b));
}

/* The holder waits for us: beneath us on this thread (the lock word names the thread, and
 * a task on it other than the running one is suspended below it: tasks are tied), or an
 * ancestor in a taskwait (it cannot return from it before we finish), as critical.c
 * reasons for its sections. */
static void check_deadlock(const char *call, struct lock *l, void *self, unsigned id)
{
    void *owner = atomic_load_explicit(&l->owner, memory_order_acquire);
    if (nrt_wlock_held_by(&l->word, id) && owner != self)
        self_deadlock(call, owner);
    if (!owner || owner == self || !nrt_current)
        return;
    for (const struct nanort_task *a = nrt_current->parent; a; a = a->parent)
        if (a == owner && atomic_load(&a->wait_target) != -1)
            self_deadlock(call, owner);
}

struct lock_wait {
    struct lock *l;
    const char *call;
    void *self;
    unsigned id;
    unsigned polls;
    uint64_t next_check;
    bool got;
};

#define LOCK_CHECK_NS (50 * 1000 * 1000)    /* how often a waiter looks for a deadlock */
/* The most pauses between two looks of a waiter with nothing to run (nrt_wait_backoff): a
 * look takes the word's cache line from the holder, and a waiter that looked after every
 * pause (about 60 ns on the development machine) made bench/sync's contended lock 2 to 3
 * times slower than one whose looks were a queue search apart (the runtime before); 1,024
 * pauses, about 60 us at most, were the fastest of 1, 64, 256 and 1,024 there. */
#define LOCK_BACKOFF_MAX 1024

/* nrt_wait_backoff's condition: it may be asked again after it said yes (the sleep path
 * checks it, then the loop does), so taking the lock is remembered.  The clock (a call of
 * about 50 ns on the development machine) is read every 64th look only. */
static bool took_it(void *arg)
{
    struct lock_wait *w = arg;
    if (w->got || (w->got = !nrt_wlock_poll(&w->l->word, NRT_WLOCK_MINE(w->id))))
        return true;
    if (++w->polls % 64 == 0) {
        uint64_t now = nrt_now_ns();
        if (now >= w->next_check) {
            w->next_check = now + LOCK_CHECK_NS;
            check_deadlock(w->call, w->l, w->self, w->id);
        }
    }
    return false;
}

/* Take l, held elsewhere, running other ready tasks meanwhile.  A waiter sets the word's
 * waiter bit (nrt_wlock_poll) before it sleeps in nrt_wait_backoff, and the release that
 * finds it wakes the sleepers (worker.c's protocol). */
static __attribute__((noinline)) void take_slow(struct lock *l, const char *call, void *self,
                                                unsigned id)
{
    nrt_ensure_started();
    check_deadlock(call, l, self, id);
    struct lock_wait w = {l, call, self, id, 0, nrt_now_ns() + LOCK_CHECK_NS, false};
    nrt_wait_backoff(took_it, &w, LOCK_BACKOFF_MAX);
}

static inline void take(struct lock *l, const char *call, void *self)
{
    unsigned id = nrt_thread_id();
    if (NRT_UNLIKELY(!nrt_wlock_try(&l->word, id)))
        take_slow(l, call, self, id);
    nrt_tsan_acquire(l);                /* the previous holder's writes (tsan.c) */
    atomic_store_explicit(&l->owner, self, memory_order_relaxed);
    held_add();
}

static inline bool try_take(struct lock *l, void *self)
{
    if (!nrt_wlock_try(&l->word, nrt_thread_id()))
        return false;
    nrt_tsan_acquire(l);
    atomic_store_explicit(&l->owner, self, memory_order_relaxed);
    held_add();
    return true;
}

/* The release in a program that TSan watches (out of line: the common one needs no frame). */
static __attribute__((noinline)) void give_watched(struct lock *l)
{
    nrt_tsan_release(l);
    if (nrt_wlock_release(&l->word))
        nrt_wake_waiters();
}

static inline void give(struct lock *l)
{
    held_drop();
    atomic_store_explicit(&l->owner, NULL, memory_order_relaxed);
    if (NRT_UNLIKELY(nrt_tsan_on))
        give_watched(l);
    else if (nrt_wlock_release(&l->word))
        nrt_wake_waiters();
}

/* The short way, without a call or a stack frame: a task on one of the runtime's workers,
 * with its number given, in a program that TSan does not watch.  The other callers, a lock
 * held by the caller itself and a lock held elsewhere go the general way. */
static inline bool fast_ok(const void *self, unsigned id, const struct nrt_worker *w)
{
    return NRT_LIKELY(self && id && w && !nrt_tsan_on);
}

static inline void took(struct lock *l, void *self, struct nrt_worker *w)
{
    atomic_store_explicit(&l->owner, self, memory_order_relaxed);
    w->crit_depth++;                    /* held_add */
}

/* A program that uses locks: the waits keep OpenMP's scheduling constraint from now on
 * (a lock is initialised before any task can take it). */
static void locks_in_use(void)
{
    if (!atomic_load_explicit(&nrt_omp_tsc, memory_order_relaxed))
        atomic_store(&nrt_omp_tsc, true);
}

/* A task asked its thread number: it may keep data by it (`scratch[omp_get_thread_num()]`,
 * a random generator's state per thread), which an unrelated task run on its stack while
 * it waits would use as its own (OpenMP's scheduling constraint keeps tied tasks from
 * that, libgomp's waits run only the waiter's children).  The waits keep the constraint
 * from now on, as in a program with locks: this task's own waits come after its question
 * on this thread, so they see the flag. */
void nrt_omp_thread_num_asked(void)
{
    if (nrt_current && !(nrt_current->flags & NRT_TF_ROOT))
        locks_in_use();
}

void omp_init_lock(omp_lock_t *lock)
{
    memset(lock, 0, sizeof *lock);
    atomic_init(&L(lock)->word, 0);
    locks_in_use();
}

void omp_init_lock_with_hint(omp_lock_t *lock, omp_lock_hint_t hint)
{
    (void)hint;
    omp_init_lock(lock);
}

void omp_destroy_lock(omp_lock_t *lock)
{
    (void)lock;
}

static __attribute__((noinline)) void set_lock_slow(struct lock *l)
{
    void *self = me();
    if (NRT_UNLIKELY(atomic_load_explicit(&l->owner, memory_order_relaxed) == self))
        holds_already("omp_set_lock");
    take(l, "omp_set_lock", self);
}

void omp_set_lock(omp_lock_t *lock)
{
    struct lock *l = L(lock);
    void *self = nrt_current;
    unsigned id = nrt_tid;
    struct nrt_worker *w = nrt_self;
    if (fast_ok(self, id, w) && nrt_wlock_try(&l->word, id))
        took(l, self, w);
    else
        set_lock_slow(l);
}

void omp_unset_lock(omp_lock_t *lock)
{
    give(L(lock));
}

int omp_test_lock(omp_lock_t *lock)
{
    struct lock *l = L(lock);
    void *self = nrt_current;
    unsigned id = nrt_tid;
    struct nrt_worker *w = nrt_self;
    if (!fast_ok(self, id, w))
        return try_take(l, me());
    if (!nrt_wlock_try(&l->word, id))
        return 0;
    took(l, self, w);
    return 1;
}

void omp_init_nest_lock(omp_nest_lock_t *lock)
{
    memset(lock, 0, sizeof *lock);
    atomic_init(&NL(lock)->l.word, 0);
    locks_in_use();
}

void omp_init_nest_lock_with_hint(omp_nest_lock_t *lock, omp_lock_hint_t hint)
{
    (void)hint;
    omp_init_nest_lock(lock);
}

void omp_destroy_nest_lock(omp_nest_lock_t *lock)
{
    (void)lock;
}

/* The owner's nesting: each level counts as one hold (held_add), as before. */
static __attribute__((noinline)) void set_nest_lock_slow(struct nest_lock *n)
{
    void *self = me();
    if (atomic_load_explicit(&n->l.owner, memory_order_relaxed) != self) {
        take(&n->l, "omp_set_nest_lock", self);
        n->count = 1;
        return;
    }
    n->count++;
    held_add();
}

void omp_set_nest_lock(omp_nest_lock_t *lock)
{
    struct nest_lock *n = NL(lock);
    void *self = nrt_current;
    unsigned id = nrt_tid;
    struct nrt_worker *w = nrt_self;
    if (!fast_ok(self, id, w)) {
        set_nest_lock_slow(n);
    } else if (atomic_load_explicit(&n->l.owner, memory_order_relaxed) == self) {
        n->count++;
        w->crit_depth++;
    } else if (nrt_wlock_try(&n->l.word, id)) {
        took(&n->l, self, w);
        n->count = 1;
    } else {
        set_nest_lock_slow(n);
    }
}

void omp_unset_nest_lock(omp_nest_lock_t *lock)
{
    struct nest_lock *n = NL(lock);
    if (--n->count == 0) {
        give(&n->l);
        return;
    }
    held_drop();
}

int omp_test_nest_lock(omp_nest_lock_t *lock)
{
    struct nest_lock *n = NL(lock);
    void *self = me();
    if (atomic_load_explicit(&n->l.owner, memory_order_relaxed) != self) {
        if (!try_take(&n->l, self))
            return 0;
        n->count = 1;
        return 1;
    }
    held_add();
    return ++n->count;
}

/* ---- parallel regions (OmpSs: run once, the team is all the workers) ------------------ */

static struct nanort_task *current(void)
{
    nrt_ensure_started();
    return nrt_current ? nrt_current : nrt_root;
}

/* struct nanort_task's `par`: the level in the low byte, the active levels above. */
#define PAR_LEVEL(p) ((p) & 0xff)
#define PAR_ACTIVE(p) ((p) >> 8)
#define PAR_MASK_LEVELS 32                  /* levels par_active can tell active */

int omp_get_max_active_levels(void);

/*
 * A region is active when its `if` and `num_threads` let it be, there is more than one
 * worker, and fewer than max-active-levels-var regions around it are active (OpenMP 4.5
 * 2.5.1: the team of a region nested deeper has one thread).  Level l's activity is bit
 * l - 1 of par_active; a level past 32 is never active.
 */
void nanort_parallel_begin(int active)
{
    nanort_parallel_begin_team(active, 0);
}

/* OMP_NUM_THREADS's list: nthreads-var of the regions at each level ("4,2": 2 threads at
 * level 2, and past the list its last value); level 1's team is the workers. */
#define NTHREADS_LEVELS 8
static long nthreads_list[NTHREADS_LEVELS];
static int nthreads_levels;         /* how many of them (0: none, or malformed) */

/* main's nthreads-var outside its regions: what its last omp_set_num_threads() asked (0:
 * nothing).  Before the start that is the worker count too, unless NX_ARGS or
 * NX_SMP_WORKERS gives one; after it the workers stay.  Either way the regions main opens
 * have a team that large: one narrower than the workers keeps its thread numbers below
 * it (par_narrow), since codes size per-thread data by the number they asked for.
 * (relaxed: main's own value, read by main and by the tasks it creates after setting it) */
static atomic_int main_nthreads;

static void icvs_from_env(void);

/* The team a region opened at LEVEL (1 up) asks for without num_threads: the task's
 * nthreads-var (omp_set_num_threads() in a task or a region's body), else at a nested
 * level OMP_NUM_THREADS's value for it, else main's; 0: the workers. */
static long nthreads_var(const struct nanort_task *t, unsigned level)
{
    if (t->icv.set && t->icv.nthreads > 0)
        return t->icv.nthreads;
    icvs_from_env();
    if (level < 2 || nthreads_levels == 0)
        return atomic_load_explicit(&main_nthreads, memory_order_relaxed);
    int i = (int)level - 1;
    long n = nthreads_list[i < nthreads_levels ? i : nthreads_levels - 1];
    return n < INT_MAX ? n : INT_MAX;
}

/* ---- SPMD bodies (nanort.h): a region's body run once per thread number in turn ---- */

/* The team size the calling thread's last region asked for (nanort_parallel_begin_team),
 * which nanort_spmd_begin reads right after it. */
static __thread int spmd_asked __attribute__((tls_model("initial-exec"))) = 1;

/* The body the calling thread runs as thread `num` of `size`: the body of the region its
 * task `task` opened at `level` (not the tasks this thread runs while the body waits). */
struct spmd {
    const struct nanort_task *task;
    unsigned level;
    int num, size;
};
static __thread struct spmd spmd __attribute__((tls_model("initial-exec")));
_Static_assert(sizeof(struct spmd) <= sizeof(struct nanort_spmd), "nanort_spmd too small");

static const struct nanort_task *par_task(void);

int nanort_spmd_begin(struct nanort_spmd *s)
{
    memcpy(s, &spmd, sizeof spmd);
    const struct nanort_task *t = par_task();
    spmd = (struct spmd){t, PAR_LEVEL(t->par), -1, spmd_asked > 0 ? spmd_asked : 1};
    return spmd.size;
}

void nanort_spmd_member(int num)
{
    spmd.num = num;
}

void nanort_spmd_end(const struct nanort_spmd *s)
{
    memcpy(&spmd, s, sizeof spmd);
}

bool nrt_omp_spmd(int *num, int *size)
{
    if (spmd.num < 0 || !spmd.task)
        return false;
    const struct nanort_task *t = par_task(), *now = t;
    /* (a member's chunk of a `for`, run at once on the member's thread: as the member,
       unless the chunk is in a region it opened, whose team it is then in) */
    while (t != spmd.task && (t->flags & NRT_TF_TEAM_CHUNK) && t->parent)
        t = t->parent;
    if (t != spmd.task || PAR_LEVEL(now->par) != spmd.level)
        return false;
    *num = spmd.num;
    *size = spmd.size;
    return true;
}

/* ---- concurrent teams (nanort.h): an SPMD body whose threads wait for each other ---- */

/* The team: its members (tasks mcc created, one per thread number, in order), the
 * barrier's count and generation, the singles claimed, how many members still run. */
struct team {
    int size, added;
    unsigned level;                 /* the region's (omp_get_level() in its body) */
    unsigned spins, yields;         /* how its waiters wait (word_wait_while) */
    atomic_uint singles;            /* the singles claimed so far */
    atomic_int ws_cancelled;        /* the `for` or `sections` the members run now was
                                       cancelled (nrt_omp_team_cancelled): set by a cancel,
                                       cleared by the last member to reach a barrier, which
                                       every member reaches after the construct, before the
                                       next one */
    atomic_int refs;                /* their threads and the encountering one: the last frees */
    /* (a line each: the arrivals' increments, the generation the others spin on, the count
       of members still running that the encountering thread spins on at the end; on one
       line, every arrival took the line from under all the spinners: 16 threads passed a
       barrier in 4 times libgomp's time) */
    _Alignas(NRT_CACHELINE) atomic_int arrived;
    _Alignas(NRT_CACHELINE) atomic_uint gen;
    atomic_int sleepers;            /* members asleep in a barrier (on gen's futex) */
    _Alignas(NRT_CACHELINE) atomic_uint running;    /* members 1 and up whose bodies have not
                                                       returned */
    atomic_int ender_asleep;        /* the encountering thread sleeps on running's futex */
    void *const *copies;            /* the items of the single copyprivate being handed on:
                                       written by the member that ran it before a barrier,
                                       read by the others after it, not written again before
                                       the barrier that follows (nanort_team_copyprivate) */
    /* the chunks of the team's ordered loops that have ended, in order (the token of
       nanort_team_ordered_end): written only by the member whose chunk is next, which
       waits for its value first */
    _Alignas(NRT_CACHELINE) atomic_uint ordered;
    atomic_int ordered_sleepers;    /* members asleep on ordered's futex */
    _Alignas(NRT_CACHELINE) struct nanort_task *members[];
};
struct member {
    struct team *team;
    int num;
};
/* The last team had more threads than cores.  Its waiters then spin briefly and sleep, and
 * never yield: with 16 threads on 2 cores a yield hands the core to another spinner, and a
 * region of 16 took 15 times libgomp's time (whose waiters spin 100 times when its threads
 * outnumber the cores, then sleep). */
static atomic_bool pool_crowded;
#define CROWDED_SPINS 100u
#define PINNED_SPINS 20000u         /* threads pinned beside main's worker (team_begin) */
#define WAIT_YIELDS 200u            /* after the spins, unless crowded */
_Static_assert(sizeof(struct team *) <= sizeof(struct nanort_team), "nanort_team too small");

/* The team and thread number the calling thread runs a member's body as (NULL: none). */
static __thread struct team *team_now __attribute__((tls_model("initial-exec")));
static __thread int team_num __attribute__((tls_model("initial-exec")));
static __thread unsigned team_singles __attribute__((tls_model("initial-exec")));
/* The member's place in the team's ordered loops: the chunks of those it has left (the
 * token's value when the current one began), and the chunk of it it runs now (-1: none). */
static __thread unsigned team_ordered_base __attribute__((tls_model("initial-exec")));
static __thread long long team_ordered_chunk __attribute__((tls_model("initial-exec"))) = -1;
__thread bool nrt_team_thread __attribute__((tls_model("initial-exec")));

int nrt_omp_team_num(void)
{
    /* (a task of a region nested in the member's code, which its thread runs: that
       region's, a team of one unless an SPMD body's, nrt_omp_spmd) */
    const struct nanort_task *t = nrt_current;
    if (team_now && t && PAR_LEVEL(t->par) != team_now->level)
        return 0;
    return team_num;
}

bool nrt_omp_crowded(void)
{
    return nrt_nworkers > nrt_cores_allowed() ||
           atomic_load_explicit(&pool_crowded, memory_order_relaxed);
}

atomic_int *nrt_omp_team_cancelled(void)
{
    /* (a team of one: its member's scope is the construct's; its barriers clear nothing) */
    return team_now && team_now->size > 1 ? &team_now->ws_cancelled : NULL;
}

int nanort_team_begin(struct nanort_team *T)
{
    struct nanort_task *t = current();
    if (NRT_UNLIKELY(t->flags & NRT_TF_RECORDING))
        nrt_tg_no_wait("a parallel region whose threads wait at barriers");
    int n = spmd_asked > 0 ? spmd_asked : 1;
    size_t bytes = sizeof(struct team) + (size_t)n * sizeof(struct nanort_task *);
    bytes = (bytes + NRT_CACHELINE - 1) / NRT_CACHELINE * NRT_CACHELINE;
    struct team *tm = aligned_alloc(NRT_CACHELINE, bytes);
    if (!tm)
        nrt_fatal("out of memory for a team of %d threads", n);
    memset(tm, 0, bytes);
    tm->size = n;
    tm->level = PAR_LEVEL(t->par);
    bool crowded = n > nrt_cores_allowed();
    /* pinned threads (nrt_attr_team_core) beside worker 0 lose nothing to a long spin;
       floating ones, spun long, were preempted by each other (16 threads, barriers 1.3 to
       2.3 times slower), and another worker's team may have a thread on its own core */
    tm->spins = crowded ? CROWDED_SPINS : nrt_workers_bound() && nrt_self &&
                nrt_self->id == 0 ? PINNED_SPINS : 2000;
    tm->yields = crowded ? 0 : WAIT_YIELDS;
    atomic_store_explicit(&pool_crowded, crowded, memory_order_relaxed);
    memcpy(T, &tm, sizeof tm);
    return n;
}

nanort_task *nanort_team_task_create(struct nanort_task_type *type, size_t args_size,
                                     unsigned nregions, unsigned ndims_total, void **args)
{
    /* (a heap block: another thread runs it, never an inline frame of this worker) */
    return nrt_task_create_heap(type, args_size, 16, nregions, ndims_total, args);
}

void nanort_team_add(struct nanort_team *T, nanort_task *t)
{
    struct team *tm;
    memcpy(&tm, T, sizeof tm);
    NRT_ASSERT(tm->added < tm->size);
    tm->members[tm->added++] = t;
}

/* Run member num's body on the calling thread, as thread num of the team (omp_get_thread_num
 * num there, and in the functions it calls; not in the tasks it creates). */
static void member_run(struct team *tm, int num)
{
    struct nanort_task *t = tm->members[num];
    struct spmd saved = spmd;
    struct team *saved_team = team_now;
    int saved_num = team_num;
    unsigned saved_singles = team_singles, saved_base = team_ordered_base;
    long long saved_chunk = team_ordered_chunk;
    spmd = (struct spmd){t, PAR_LEVEL(t->par), num, tm->size};
    nrt_tsan_acquire(tm);           /* what the encountering thread did before (tsan.c) */
    team_now = tm;
    team_num = num;
    team_singles = 0;
    team_ordered_base = 0;
    team_ordered_chunk = -1;
    nrt_task_submit_here(t);
    spmd = saved;
    team_now = saved_team;
    team_num = saved_num;
    team_singles = saved_singles;
    team_ordered_base = saved_base;
    team_ordered_chunk = saved_chunk;
}

/* Futex waits on a 32-bit word while it holds `value` (a timeout besides, `ns`). */
static void word_wait(atomic_uint *w, unsigned value, long ns)
{
    const struct timespec nap = {0, ns};
    syscall(SYS_futex, w, FUTEX_WAIT_PRIVATE, value, &nap, NULL, 0);
}

static void word_wake(atomic_uint *w)
{
    syscall(SYS_futex, w, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

/* Wait while *w holds `value`, for what another thread of the team does soon: `spins`
 * relaxes, then `yields` times yield the core, then sleep on its futex (`ns` timeout
 * besides), counted in *sleepers when given: the waker then wakes only when one sleeps
 * (its change and that count are seq_cst: one sees the other). */
static void word_wait_while(atomic_uint *w, unsigned value, unsigned spins, unsigned yields,
                            long ns, atomic_int *sleepers)
{
    for (unsigned i = 0; atomic_load_explicit(w, memory_order_acquire) == value; i++) {
        if (i < spins) {
            nrt_cpu_relax();
        } else if (i < spins + yields) {
            sched_yield();
        } else {
            if (sleepers)
                atomic_fetch_add(sleepers, 1);
            if (atomic_load(w) == value)
                word_wait(w, value, ns);
            if (sleepers)
                atomic_fetch_sub(sleepers, 1);
        }
    }
}

/* The threads teams run their members on (numbers 1 and up), kept for the next team once
 * their member's body returned (a region in a time loop starts no thread each time).  A
 * parked thread sleeps on its `go` word until it is given a member.  The parked ones are
 * a stack without a lock: a thread pushes itself (a compare-and-swap, safe as such), a
 * team takes the whole stack at once (an exchange: nothing to take twice) and pushes back
 * what it does not need.  (Under a mutex, the 15 threads of a team whose bodies ended
 * together queued on it, each woken in turn by the kernel.) */
struct pooled {
    atomic_uint go;                 /* 0 parked; 1 `job` is set */
    atomic_int asleep;              /* 1 while on go's futex (word_wait_while) */
    struct member job;
    int last;                       /* the thread number it ran its last member as */
    struct pooled *next;
};
static _Atomic(struct pooled *) pool_idle;

/* Park the chain first..last (linked by next). */
static void pool_park(struct pooled *first, struct pooled *last)
{
    struct pooled *top = atomic_load_explicit(&pool_idle, memory_order_relaxed);
    do
        last->next = top;
    while (!atomic_compare_exchange_weak_explicit(&pool_idle, &top, first, memory_order_release,
                                                  memory_order_relaxed));
}

static void *pooled_main(void *arg)
{
    struct pooled *p = arg;
    nrt_stack_attach();
    nrt_team_thread = true;
    for (;;) {
        /* (longer spins: a region in a loop comes back soon) */
        bool crowded = atomic_load_explicit(&pool_crowded, memory_order_relaxed);
        word_wait_while(&p->go, 0,
                        crowded ? CROWDED_SPINS : nrt_workers_bound() ? PINNED_SPINS : 4000,
                        crowded ? 0 : WAIT_YIELDS, 100000000L, &p->asleep);
        nrt_tsan_acquire(&p->go);   /* its job (tsan.c) */
        struct team *tm = p->job.team;
        member_run(tm, p->job.num);
        nrt_task_flush_frees();
        atomic_store_explicit(&p->go, 0, memory_order_relaxed);
        pool_park(p, p);
        nrt_tsan_release(&tm->running);     /* the member's writes, for the region's end */
        if (atomic_fetch_sub(&tm->running, 1) == 1 && atomic_load(&tm->ender_asleep))
            word_wake(&tm->running);
        if (atomic_fetch_sub(&tm->refs, 1) == 1)
            free(tm);
    }
    return NULL;
}

/* Member num of tm on the parked thread p, or on a new one when p is NULL. */
static void pool_start(struct team *tm, int num, struct pooled *p)
{
    if (!p) {
        p = calloc(1, sizeof *p);
        if (!p)
            nrt_fatal("out of memory for thread %d of a parallel region's team of %d", num,
                      tm->size);
        pthread_attr_t a;
        NRT_PCHECK(pthread_attr_init(&a));
        nrt_stack_attr(&a);
        static atomic_uint made;
        nrt_attr_team_core(&a, atomic_fetch_add_explicit(&made, 1, memory_order_relaxed) + 1);
        NRT_PCHECK(pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED));
        pthread_t th;
        int e = pthread_create(&th, &a, pooled_main, p);
        pthread_attr_destroy(&a);
        if (e)
            nrt_fatal("cannot start thread %d of a parallel region's team of %d: %s (its "
                      "threads wait for each other at barriers, so each needs a thread of "
                      "its own: ask fewer with num_threads or OMP_NUM_THREADS)", num, tm->size,
                      strerror(e));
    }
    p->job = (struct member){tm, num};
    p->last = num;
    nrt_tsan_release(&p->go);
    atomic_store(&p->go, 1);        /* (seq_cst: against its count of itself asleep) */
    if (atomic_load(&p->asleep))
        word_wake(&p->go);
}

/* The parked thread of the chain *parked to run thread number num of a team of `size`
 * (NULL: none left), taken off the chain: the one that ran number num last, whose
 * threadprivate copies a team of the same size finds again as thread num's (OpenMP keeps
 * them between such regions: NPB-style codes set them in one region, read them in the
 * next); else one no later number of the team ran last; else any. */
static struct pooled *pool_take(struct pooled **parked, int num, int size)
{
    struct pooled **pp = parked;
    while (*pp && (*pp)->last != num)
        pp = &(*pp)->next;
    if (!*pp) {
        pp = parked;
        while (*pp && (*pp)->last > num && (*pp)->last < size)
            pp = &(*pp)->next;
        if (!*pp)
            pp = parked;
    }
    struct pooled *p = *pp;
    if (p)
        *pp = p->next;
    return p;
}

void nanort_team_run(struct nanort_team *T)
{
    struct team *tm;
    memcpy(&tm, T, sizeof tm);
    NRT_ASSERT(tm->added == tm->size);
    atomic_store(&tm->running, (unsigned)tm->size - 1);
    atomic_store(&tm->refs, tm->size);
    nrt_tsan_release(tm);           /* the members start after what this thread did */
    struct pooled *parked = atomic_exchange_explicit(&pool_idle, NULL, memory_order_acquire);
    for (int k = 1; k < tm->size; k++)
        pool_start(tm, k, pool_take(&parked, k, tm->size));
    if (parked) {                   /* (the ones this team does not need) */
        struct pooled *last = parked;
        while (last->next)
            last = last->next;
        pool_park(parked, last);
    }
    member_run(tm, 0);
    unsigned left;
    while ((left = atomic_load(&tm->running)) != 0)
        word_wait_while(&tm->running, left, tm->spins, tm->yields, 10000000L,
                        &tm->ender_asleep);
    nrt_tsan_acquire(&tm->running);     /* the other members' writes (tsan.c) */
    if (atomic_fetch_sub(&tm->refs, 1) == 1)
        free(tm);
}

bool nrt_omp_in_team(void)
{
    int num, size;
    return team_now && nrt_omp_spmd(&num, &size);
}

int nanort_team_size(void)
{
    return team_now ? team_now->size : 1;
}

int nanort_team_chunk(long long k)
{
    return !team_now || k % team_now->size == team_num;
}

/* Every member meets the team's singles in the same order: the first to reach the n-th
 * claims it (the earlier ones are claimed by then: it passed them). */
int nanort_team_single(void)
{
    struct team *tm = team_now;
    if (!tm)
        return 1;
    unsigned mine = team_singles++, want = mine;
    return atomic_compare_exchange_strong_explicit(&tm->singles, &want, mine + 1,
                                                   memory_order_acq_rel,
                                                   memory_order_relaxed);
}

/* The token of the team's ordered loops passes from chunk to chunk in the loop's order: a
 * member's ordered regions wait until every earlier chunk has ended (nanort.h). */
static void ordered_wait(struct team *tm, unsigned want)
{
    unsigned now;
    /* (acquire: what the earlier chunks wrote before they passed the token) */
    while ((now = atomic_load_explicit(&tm->ordered, memory_order_acquire)) != want)
        word_wait_while(&tm->ordered, now, tm->spins, tm->yields, 10000000L,
                        &tm->ordered_sleepers);
    nrt_tsan_acquire(&tm->ordered);     /* (tsan.c: the earlier chunks' writes) */
}

void nanort_team_ordered_begin(long long k)
{
    if (team_now)
        team_ordered_chunk = k;
}

void nanort_ordered(void)
{
    if (team_now && team_ordered_chunk >= 0)
        ordered_wait(team_now, team_ordered_base + (unsigned)team_ordered_chunk);
}

void nanort_team_ordered_end(long long k)
{
    struct team *tm = team_now;
    if (!tm)
        return;
    ordered_wait(tm, team_ordered_base + (unsigned)k);
    team_ordered_chunk = -1;
    nrt_tsan_release(&tm->ordered);
    /* (seq_cst: against the sleepers, as the barrier's gen; only the token's holder adds) */
    atomic_fetch_add(&tm->ordered, 1);
    if (atomic_load(&tm->ordered_sleepers))
        word_wake(&tm->ordered);
}

void nanort_team_ordered_done(long long chunks)
{
    if (team_now)
        team_ordered_base += (unsigned)chunks;
}

/* The members' barriers order the accesses to tm->copies: the runner's write before its
 * arrival (acq_rel) and gen's increment (seq_cst), the others' reads after their acquire
 * load of the new gen; the others' reads before their arrival at the second barrier, which
 * the runner passes only after them. */
void nanort_team_copyprivate(int ran, void *const *items, const size_t *bytes, unsigned n)
{
    struct team *tm = team_now;
    if (!tm || tm->size == 1) {
        nanort_team_barrier();      /* (a taskwait: no one else to hand them to) */
        return;
    }
    if (ran)
        tm->copies = items;
    nanort_team_barrier();
    for (unsigned i = 0; !ran && i < n; i++)
        memcpy(items[i], tm->copies[i], bytes[i]);
    nanort_team_barrier();
}

void nanort_team_barrier(void)
{
    struct team *tm = team_now;
    nanort_taskwait();              /* the thread's own tasks first */
    if (!tm || tm->size == 1)
        return;
    unsigned gen = atomic_load_explicit(&tm->gen, memory_order_acquire);
    /* (tsan.c: every member's writes before the barrier, for every member after it) */
    nrt_tsan_release(&tm->gen);
    if (atomic_fetch_add_explicit(&tm->arrived, 1, memory_order_acq_rel) + 1 == tm->size) {
        atomic_store_explicit(&tm->arrived, 0, memory_order_relaxed);
        /* (every member left the construct a cancel ended; relaxed: the increment of gen
           publishes it to the members that wait for it) */
        atomic_store_explicit(&tm->ws_cancelled, 0, memory_order_relaxed);
        nrt_tsan_acquire(&tm->gen);
        atomic_fetch_add(&tm->gen, 1);                  /* (seq_cst: against sleepers) */
        if (atomic_load(&tm->sleepers))
            word_wake(&tm->gen);
        return;
    }
    /* The others come soon in a balanced phase; the last one wakes the sleepers.  Not
     * running tasks meanwhile: the member's own are done, and the others' creators wait
     * for them in their own taskwaits. */
    word_wait_while(&tm->gen, gen, tm->spins, tm->yields, 10000000L, &tm->sleepers);
    nrt_tsan_acquire(&tm->gen);
}


void nanort_spmd_orphan(const char *construct, const char *where)
{
    int num, size;
    if (!nrt_omp_spmd(&num, &size) || size == 1)
        return;
    if (team_now && strcmp(construct, "barrier") == 0) {
        nanort_team_barrier();      /* (one of the team's barriers, then a taskwait) */
        return;
    }
    if (team_now)
        nrt_fatal("%s: '#pragma omp %s' reached from the body of a parallel region that a "
                  "team of threads runs, through a "
                  "function of a file compiled apart from it: the team cannot share it "
                  "there (a loop whose iterations run in order: ordered, "
                  "lastprivate(conditional:), an inscan reduction).  Move it into the "
                  "region's own body", where, construct);
    nrt_fatal("%s: '#pragma omp %s' reached from the body of a parallel region that "
              "mcc runs once per thread number, one after the other (the body asks "
              "omp_get_thread_num() but not omp_get_num_threads()), through a function "
              "of a file compiled apart from it: the other threads' code before it has "
              "not run yet.  Split the region's work with '#pragma omp for', or by "
              "omp_get_num_threads() (a team of threads then runs the body at once)",
              where, construct);
}

int nanort_team_orphan(const char *construct, const char *where)
{
    int num, size;
    if (!nrt_omp_spmd(&num, &size) || size == 1)
        return 0;
    if (team_now)
        return size;
    nanort_spmd_orphan(construct, where);   /* (a body run once per thread number: stops) */
    return 0;
}

int nanort_spmd_number(void)
{
    int num, size;
    return nrt_omp_spmd(&num, &size) ? num : -1;
}

static void par_size_save(struct nanort_task *t);

void nanort_parallel_begin_team(int active, int nthreads)
{
    struct nanort_task *t = current();
    unsigned level = PAR_LEVEL(t->par), act = PAR_ACTIVE(t->par);
    if (nthreads <= 0)
        nthreads = (int)nthreads_var(t, level + 1);
    /* a team of one (num_threads(1), nthreads-var 1) is no active region */
    bool on = active && (nthreads <= 0 || nthreads > 1) && nrt_nworkers > 1 &&
              level < PAR_MASK_LEVELS &&
              (int)act < omp_get_max_active_levels();
    /* the region around it, inactive here (one worker) but of an OpenMP team of more than
       one thread (run per thread number, or by a team of threads): active for OpenMP,
       whose nested team then has one thread, as on more workers */
    int around = t->par_own > 0 ? t->par_size : t->par_team;
    int omp_act = (int)act + (around > 1 && level > 0 && level <= PAR_MASK_LEVELS &&
                              !(t->par_active >> (level - 1) & 1));
    par_size_save(t);
    level += level < 0xff;
    act += on;
    if (on)
        t->par_active |= UINT32_C(1) << (level - 1);
    if (on && nthreads > 1 && nthreads < nrt_nworkers && level <= PAR_MASK_LEVELS)
        t->par_narrow |= UINT32_C(1) << (level - 1);
    t->par = (uint16_t)(level | act << 8);
    t->par_own += t->par_own < UINT8_MAX;
    /* the team an SPMD body runs as (nanort_spmd_begin): OpenMP's size, whatever the
       workers (a program's own count names num_threads(4) on one worker too) */
    spmd_asked = !active || nthreads == 1 || level > PAR_MASK_LEVELS ||
                 omp_act >= omp_get_max_active_levels()
                 ? 1 : nthreads > 0 ? nthreads : nrt_nworkers;
    t->par_size = (uint16_t)(spmd_asked < UINT16_MAX ? spmd_asked : UINT16_MAX);
}

static void icvs_restore(struct nanort_task *t);
static void par_size_restore(struct nanort_task *t);

void nanort_parallel_end(void)
{
    struct nanort_task *t = current();
    icvs_restore(t);
    unsigned level = PAR_LEVEL(t->par), act = PAR_ACTIVE(t->par);
    if (level > 0 && level <= PAR_MASK_LEVELS && (t->par_active >> (level - 1) & 1)) {
        t->par_active &= ~(UINT32_C(1) << (level - 1));
        act--;
    }
    if (level > 0 && level <= PAR_MASK_LEVELS) {
        t->par_member &= ~(UINT32_C(1) << (level - 1));
        t->par_asked &= ~(UINT32_C(1) << (level - 1));
        t->par_narrow &= ~(UINT32_C(1) << (level - 1));
        t->par_primary &= ~(UINT32_C(1) << (level - 1));
    }
    level -= level > 0;
    t->par = (uint16_t)(level | act << 8);
    t->par_own -= t->par_own > 0;
    par_size_restore(t);            /* (an outer region's own size: kept) */
}

int nanort_team_member(int on)
{
    struct nanort_task *t = current();
    unsigned level = PAR_LEVEL(t->par);
    if (t->par_own == 0 || level == 0 || level > PAR_MASK_LEVELS)
        return 1;               /* a task, or outside regions: a worker already */
    uint32_t bit = UINT32_C(1) << (level - 1);
    int was = ((t->par_member & bit) != 0) | ((t->par_primary & bit) != 0) << 1 |
              t->par_masked << 2;
    t->par_member = on & 1 ? t->par_member | bit : t->par_member & ~bit;
    t->par_primary = on & 2 ? t->par_primary | bit : t->par_primary & ~bit;
    t->par_masked = (uint16_t)((unsigned)on >> 2);
    return was;
}

int nanort_team_masked(int num)
{
    return nanort_team_member(1 | (num + 1) << 2);
}

static bool level_active(int l);

/* The team a `masked` outside SPMD bodies binds to: the region's own code (a team of one)
 * has the team OpenMP would give it; a task of an active region, that team too (its
 * par_team; the workers when unknown), as though it ran on the thread of the filter's
 * number when the team has one (gcc's runs it only on that thread: a thread number past
 * the team never runs it); outside regions, or in an inactive one, one thread. */
static int masked_team_size(void)
{
    const struct nanort_task *t = par_task();
    unsigned level = t ? PAR_LEVEL(t->par) : 0;
    if (level == 0)
        return 1;
    if (t->par_own > 0 && t->par_size > 0 && nrt_omp_team_of_one())
        return t->par_size;
    if (!level_active((int)level))
        return 1;
    return t->par_own == 0 && t->par_team > 0 ? t->par_team : nanort_num_workers();
}

int nanort_masked(int filter)
{
    int num, size;
    if (nrt_omp_spmd(&num, &size))
        return num == filter;
    if (NRT_UNLIKELY(nrt_team_thread))
        return nrt_omp_team_num() == filter;
    return filter >= 0 && filter < masked_team_size() && filter < UINT16_MAX - 1;
}


static const struct nanort_task *par_task(void)
{
    return nrt_current ? nrt_current : nrt_root;
}

/* The caller runs a master's body (or masked's without a filter) of a region its task
 * opened: thread 0 of the team, whichever worker runs it; a `masked filter(n)`'s: n. */
int nrt_omp_masked_num(void)
{
    const struct nanort_task *t = par_task();
    unsigned level = t ? PAR_LEVEL(t->par) : 0;
    if (!t || t->par_own == 0 || level == 0 || level > PAR_MASK_LEVELS)
        return -1;
    if (t->par_primary >> (level - 1) & 1)
        return 0;
    return (t->par_member >> (level - 1) & 1) && t->par_masked ? t->par_masked - 1 : -1;
}

int nrt_omp_member_team_size(void)
{
    const struct nanort_task *t = par_task();
    unsigned level = t ? PAR_LEVEL(t->par) : 0;
    if (!t || t->par_own == 0 || level == 0 || level > PAR_MASK_LEVELS ||
        !(t->par_member >> (level - 1) & 1) || !(t->par_narrow >> (level - 1) & 1) ||
        t->par_size == 0)
        return nanort_num_workers();
    return t->par_size;
}

static unsigned par_now(void)
{
    const struct nanort_task *t = par_task();
    return t ? t->par : 0;
}

/* Level l (1 <= l <= the current level) is an active region. */
static bool level_active(int l)
{
    const struct nanort_task *t = par_task();
    return t && l >= 1 && l <= PAR_MASK_LEVELS && (t->par_active >> (l - 1) & 1);
}

/* The caller runs as the team of one thread of a region: in the body of a region that its
 * own task opened, active or not (the body runs once: code that splits work by
 * omp_get_thread_num() and omp_get_num_threads(), in the body or in a function it calls,
 * does all of it), and in a `single`, `master` or `masked` of an inactive one; not in
 * those of an active one (nanort_team_member), nor in a task created inside it, which
 * runs on any worker (omp_get_num_threads() is the worker count there, as in tasks
 * outside regions), except an undeferred one created there, which that thread runs
 * (NRT_TF_TEAM_ONE: a loop mcc runs as one task on the region's thread). */
bool nrt_omp_team_of_one(void)
{
    const struct nanort_task *t = par_task();
    if (t && (t->flags & NRT_TF_TEAM_ONE))
        return true;
    if (!t || t->par_own == 0)
        return false;
    int level = (int)PAR_LEVEL(t->par);
    return !level_active(level) || level > PAR_MASK_LEVELS ||
           !(t->par_member >> (level - 1) & 1);
}

/* The caller is the team of one thread of an inactive region (if(false), num_threads(1),
 * nested past max-active-levels-var, one worker): its own body, or an undeferred task it
 * created. */
bool nrt_omp_inactive_team(void)
{
    const struct nanort_task *t = par_task();
    return t && (t->par_own > 0 || (t->flags & NRT_TF_TEAM_ONE)) &&
           PAR_LEVEL(t->par) > 0 && !level_active((int)PAR_LEVEL(t->par));
}

/* The region's own body asked its team of one its thread number or size (in a function of
 * another file too: mcc saw only those of the unit it compiled). */
void nrt_omp_team_asked(void)
{
    struct nanort_task *t = nrt_current ? nrt_current : nrt_root;
    unsigned level = t ? PAR_LEVEL(t->par) : 0;
    if (t && t->par_own > 0 && level > 0 && level <= PAR_MASK_LEVELS)
        t->par_asked |= UINT32_C(1) << (level - 1);
}

/* Does a worksharing chunk that asks its thread number (NANORT_TASK_THREAD_NUM), created
 * here, run as this thread, number 0?  In an inactive region's team of one; in the body of
 * an active one that asked its team of one: per-thread data it sized by 1 or set up for
 * number 0 (as mcc decides for the calls it sees, lower_inline.c); and in a region whose
 * num_threads is below the worker count (par_narrow), also in its single or master: a
 * worker's number could reach past data sized by the team. */
bool nrt_omp_narrow_team(void)
{
    const struct nanort_task *t = par_task();
    unsigned level = t ? PAR_LEVEL(t->par) : 0;
    return level > 0 && level <= PAR_MASK_LEVELS && (t->par_narrow >> (level - 1) & 1);
}

bool nrt_omp_numbers_serial(void)
{
    if (nrt_omp_inactive_team() || nrt_omp_narrow_team())
        return true;
    const struct nanort_task *t = par_task();
    unsigned level = t ? PAR_LEVEL(t->par) : 0;
    return t && t->par_own > 0 && level > 0 && level <= PAR_MASK_LEVELS &&
           nrt_omp_team_of_one() && (t->par_asked >> (level - 1) & 1);
}

int omp_get_level(void)
{
    return (int)PAR_LEVEL(par_now());
}

int omp_get_active_level(void)
{
    return (int)PAR_ACTIVE(par_now());
}

int omp_in_parallel(void)
{
    return omp_get_active_level() > 0;
}

int omp_get_ancestor_thread_num(int level)
{
    int now = omp_get_level();
    if (level < 0 || level > now)
        return -1;
    return level == now && level > 0 ? omp_get_thread_num() : 0;   /* (0: the initial thread) */
}

int omp_get_team_size(int level)
{
    int now = omp_get_level(), num, size;
    if (level < 0 || level > now)
        return -1;
    if (level == now && nrt_omp_spmd(&num, &size))
        return size;
    return level_active(level) ? nanort_num_workers() : 1;
}

/* ---- the rest of the execution environment -------------------------------------------- */

/* Values programs set and read back (OpenMP's ICVs, one for the whole program; libgomp's
 * defaults).  Relaxed: each is one int a program sets from one thread before it relies on
 * it. */
static atomic_int dynamic_var, default_device_var, max_active_levels_var = 1;
static atomic_int thread_limit_var = INT_MAX, max_task_priority_var;
static atomic_int sched_kind = omp_sched_dynamic, sched_chunk = 1;

/* The most active levels counted (libgomp's number, omp_alloc.c's
 * omp_get_supported_active_levels()): max-active-levels-var's ceiling. */
#define SUPPORTED_ACTIVE_LEVELS 255

/* An OMP_ variable's value: a boolean "true"/"false" (any case, blanks around), or an
 * integer from lo up; false when it is none, after saying so on stderr (libgomp ignores
 * such a value too). */
static bool env_value(const char *name, bool boolean, long lo, long *out)
{
    const char *v = getenv(name);
    if (!v)
        return false;
    while (*v == ' ' || *v == '	')
        v++;
    char *end = (char *)v;
    if (boolean) {
        size_t n = strcspn(v, " \t");
        *out = n == 4 && !strncasecmp(v, "true", 4) ? 1 : n == 5 && !strncasecmp(v, "false", 5) ? 0 : -1;
        end = (char *)v + n;
    } else if (*v != '-') {
        *out = strtol(v, &end, 10);
    }
    while (*end == ' ' || *end == '\t')
        end++;
    if (end == v || *end || *out < lo || *out > INT_MAX) {
        fprintf(stderr, "nanort: warning: ignoring %s='%s' (expected %s)\n", name, getenv(name),
                boolean ? "true or false" : lo ? "a positive integer" : "a non-negative integer");
        return false;
    }
    return true;
}

bool nrt_omp_env_true(const char *name)
{
    long v;
    return env_value(name, true, 0, &v) && v == 1;
}

/* OMP_PROC_BIND's words, in omp_proc_bind_t's order ("primary" is OpenMP 5.1's master). */
static const char *const proc_bind_words[] = {"false", "true", "master", "close", "spread",
                                              "primary"};
static int proc_bind_env = -1;      /* its first value, -1: unset or malformed (once) */

/* The comma-separated words of OMP_ variable NAME, each one of WORDS (any case, blanks
 * around): the index of the first, -1 when unset; when malformed, -1 after a warning that
 * lists WORDS, as libgomp ignores such a value. */
static int env_words(const char *name, const char *const *words, int nwords, bool list)
{
    const char *v = getenv(name), *p = v;
    int first = -1;
    if (!v)
        return -1;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        size_t n = strcspn(p, ", \t");
        int k = -1;
        for (int i = 0; i < nwords && k < 0; i++)
            if (strlen(words[i]) == n && !strncasecmp(p, words[i], n))
                k = i;
        if (k < 0)
            break;
        if (first < 0)
            first = k;
        for (p += n; *p == ' ' || *p == '\t'; p++)
            ;
        if (!*p)
            return first;
        if (*p++ != ',' || !list)
            break;
    }
    char expected[128] = "";
    for (int i = 0; i < nwords; i++)
        snprintf(expected + strlen(expected), sizeof expected - strlen(expected), "%s%s",
                 i ? i == nwords - 1 ? " or " : ", " : "", words[i]);
    fprintf(stderr, "nanort: warning: ignoring %s='%s' (expected %s%s)\n", name, v, expected,
            list ? ", or a list of them" : "");
    return -1;
}

/* OMP_PLACES: an abstract name with an optional count (cores, threads(4)) is checked;
 * nanort places one worker on each allowed core whatever it says (omp_get_num_places() is
 * 0), so an explicit list ({0,1},{2,3}) is taken as is. */
static void places_check(void)
{
    static const char *const names[] = {"threads", "cores", "sockets", "ll_caches",
                                        "numa_domains"};
    const char *v = getenv("OMP_PLACES"), *p = v;
    if (!v)
        return;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == '{')
        return;
    size_t n = strcspn(p, "( \t");
    bool ok = false;
    for (int i = 0; i < 5; i++)
        ok |= strlen(names[i]) == n && !strncasecmp(p, names[i], n);
    p += n;
    while (*p == ' ' || *p == '\t')
        p++;
    if (ok && *p == '(') {
        char *end;
        ok = strtol(p + 1, &end, 10) > 0 && isdigit((unsigned char)p[1]);
        for (p = end; *p == ' ' || *p == '\t'; p++)
            ;
        ok = ok && *p++ == ')';
        while (*p == ' ' || *p == '\t')
            p++;
    }
    if (!ok || *p)
        fprintf(stderr, "nanort: warning: ignoring OMP_PLACES='%s' (expected threads, cores, "
                "sockets, ll_caches or numa_domains, with an optional count: cores(4), or a "
                "list of places: {0,1},{2,3})\n", v);
}

/* OMP_DYNAMIC, OMP_NESTED, OMP_MAX_ACTIVE_LEVELS, OMP_THREAD_LIMIT, OMP_MAX_TASK_PRIORITY and
 * OMP_DEFAULT_DEVICE give the ICVs' first values, as in libgomp: OMP_NESTED=true, or a list
 * in OMP_NUM_THREADS, lets every level be active unless OMP_MAX_ACTIVE_LEVELS says
 * otherwise.  OMP_PROC_BIND, OMP_PLACES, OMP_WAIT_POLICY and OMP_DISPLAY_ENV are checked
 * here too, so that a value libgomp would refuse is named, not silently ignored. */
static void icvs_read_env(void)
{
    static const char *const wait_words[] = {"active", "passive"};
    static const char *const display_words[] = {"true", "false", "verbose"};
    long v;
    proc_bind_env = env_words("OMP_PROC_BIND", proc_bind_words, 6, true);
    if (proc_bind_env == 5)
        proc_bind_env = omp_proc_bind_master;
    places_check();
    (void)env_words("OMP_WAIT_POLICY", wait_words, 2, false);
    (void)env_words("OMP_DISPLAY_ENV", display_words, 3, false);
    if (env_value("OMP_DEFAULT_DEVICE", false, 0, &v))
        atomic_store_explicit(&default_device_var, (int)v, memory_order_relaxed);
    if (env_value("OMP_DYNAMIC", true, 0, &v))
        atomic_store_explicit(&dynamic_var, (int)v, memory_order_relaxed);
    int n = nrt_config_omp_num_threads(nthreads_list, NTHREADS_LEVELS);
    nthreads_levels = n < NTHREADS_LEVELS ? n : NTHREADS_LEVELS;
    bool nested = n > 1;
    nested |= proc_bind_env >= 0 && strchr(getenv("OMP_PROC_BIND"), ',');   /* a level each */
    if (env_value("OMP_NESTED", true, 0, &v))
        nested = v;
    if (nested)
        atomic_store_explicit(&max_active_levels_var, SUPPORTED_ACTIVE_LEVELS, memory_order_relaxed);
    if (env_value("OMP_MAX_ACTIVE_LEVELS", false, 0, &v))
        atomic_store_explicit(&max_active_levels_var,
                              v < SUPPORTED_ACTIVE_LEVELS ? (int)v : SUPPORTED_ACTIVE_LEVELS,
                              memory_order_relaxed);
    if (env_value("OMP_THREAD_LIMIT", false, 1, &v))
        atomic_store_explicit(&thread_limit_var, (int)v, memory_order_relaxed);
    if (env_value("OMP_MAX_TASK_PRIORITY", false, 0, &v))
        atomic_store_explicit(&max_task_priority_var, (int)v, memory_order_relaxed);
}

static pthread_once_t icvs_once = PTHREAD_ONCE_INIT;

static void icvs_from_env(void)
{
    NRT_PCHECK(pthread_once(&icvs_once, icvs_read_env));
}


static void schedule_start(void);

/*
 * dyn-var, run-sched-var and nthreads-var belong to a task's data environment (OpenMP 4.5
 * 2.3.3): a task that sets one changes its own copy, which its children inherit, not its
 * parent's.  main's (the initial task's) are the globals above, which survive a restart
 * of the runtime, and the worker count for nthreads-var; NULL: main's.
 *
 * A region's body runs in the task that opened it, where OpenMP runs it in the region's
 * implicit tasks, each with its own copy: a change made there lasts until the region ends.
 * So the first change a body makes saves the task's values with the region's depth
 * (par_own), and the region's end puts them back; main's body changes a copy of its own
 * (icv.set), never the globals.
 */
/* The monotonic modifier of a kind (omp.h), kept in a task's 8-bit copy as SCHED_MONO. */
#define OMP_SCHED_MONOTONIC 0x80000000u
#define SCHED_MONO 0x80u

static uint8_t sched_pack(unsigned kind)
{
    return (uint8_t)((kind & ~OMP_SCHED_MONOTONIC) | (kind & OMP_SCHED_MONOTONIC ? SCHED_MONO : 0));
}

struct nrt_icv_saved {
    struct nrt_icv_saved *up;
    uint8_t depth;                      /* the task's par_own inside that region */
    uint16_t size;                      /* its par_size, while a region nested in its body
                                           runs (par_size_save) */
    struct nrt_icvs icv;
};

static struct nanort_task *icv_task(void)
{
    struct nanort_task *t = nrt_current ? nrt_current : nrt_root;
    return t && (!(t->flags & NRT_TF_ROOT) || t->icv.set) ? t : NULL;
}

/* The calling task's own copy, from what it inherited, before it changes one (NULL:
 * main outside its regions, whose values are the globals). */
static struct nanort_task *icv_task_own(void)
{
    struct nanort_task *t = nrt_current ? nrt_current : nrt_root;
    if (!t || ((t->flags & NRT_TF_ROOT) && t->par_own == 0))
        return NULL;
    if (t->par_own > 0 && (!t->icv_saved || t->icv_saved->depth != t->par_own)) {
        struct nrt_icv_saved *s = nrt_xmalloc(sizeof *s);
        *s = (struct nrt_icv_saved){t->icv_saved, t->par_own, 0, t->icv};
        t->icv_saved = s;
    }
    if (!t->icv.set) {
        icvs_from_env();
        schedule_start();
        t->icv.dynamic = (uint8_t)atomic_load_explicit(&dynamic_var, memory_order_relaxed);
        t->icv.sched_kind =
            sched_pack((unsigned)atomic_load_explicit(&sched_kind, memory_order_relaxed));
        t->icv.sched_chunk = atomic_load_explicit(&sched_chunk, memory_order_relaxed);
        t->icv.set = 1;
    }
    return t;
}

/* A region nested in the body of one the task opened (its team's size par_size): the size
 * is kept with the outer region's saved values, taken when its body has changed none (the
 * task's are then those from before the body), for par_size_restore at the nested one's
 * end. */
static void par_size_save(struct nanort_task *t)
{
    if (t->par_own == 0 || t->par_size == 0)
        return;
    struct nrt_icv_saved *s = t->icv_saved;
    if (!s || s->depth != t->par_own) {
        s = nrt_xmalloc(sizeof *s);
        *s = (struct nrt_icv_saved){t->icv_saved, t->par_own, 0, t->icv};
        t->icv_saved = s;
    }
    s->size = t->par_size;
}

/* After a nested region ended: the size of the region around it (0 when none was kept). */
static void par_size_restore(struct nanort_task *t)
{
    struct nrt_icv_saved *s = t->icv_saved;
    t->par_size = t->par_own > 0 && s && s->depth == t->par_own ? s->size : 0;
}

/* At the end of a region the task opened: its values from before the region's body
 * changed them (nothing when it changed none). */
static void icvs_restore(struct nanort_task *t)
{
    struct nrt_icv_saved *s = t->icv_saved;
    if (!s || s->depth != t->par_own)
        return;
    t->icv = s->icv;
    t->icv_saved = s->up;
    free(s);
}

void nrt_omp_icvs_free(struct nanort_task *t)
{
    while (t->icv_saved) {
        struct nrt_icv_saved *s = t->icv_saved;
        t->icv_saved = s->up;
        free(s);
    }
}

/* main outside its regions: the worker count (before the runtime starts, or at once while
 * main has created no task) and main's nthreads-var.  Elsewhere the caller's nthreads-var
 * (see icv_task).  Either only tells whether the regions it opens have a team of one or
 * one narrower than the workers: omp_get_max_threads() stays the worker count, since any
 * worker may run their tasks (docs/porting.md). */
void omp_set_num_threads(int n)
{
    struct nanort_task *t = icv_task_own();
    if (t) {
        if (n > 0)
            t->icv.nthreads = n;
        return;
    }
    if (n > 0)
        atomic_store_explicit(&main_nthreads, n, memory_order_relaxed);
    nrt_config_request_workers(n);
    nrt_restart_for_request();
}

/* Accepted and read back; nanort never gives a region fewer workers by itself. */
void omp_set_dynamic(int v)
{
    icvs_from_env();
    struct nanort_task *t = icv_task_own();
    if (t)
        t->icv.dynamic = v != 0;
    else
        atomic_store_explicit(&dynamic_var, v != 0, memory_order_relaxed);
}

int omp_get_dynamic(void)
{
    icvs_from_env();
    const struct nanort_task *t = icv_task();
    if (t && t->icv.set)
        return t->icv.dynamic;
    return atomic_load_explicit(&dynamic_var, memory_order_relaxed);
}

/* OpenMP 5.0's meaning of the deprecated pair, as libgomp has it: nested parallelism is
 * max-active-levels-var above 1. */
void omp_set_nested(int v)
{
    icvs_from_env();
    if (v)
        atomic_store_explicit(&max_active_levels_var, SUPPORTED_ACTIVE_LEVELS, memory_order_relaxed);
    else if (atomic_load_explicit(&max_active_levels_var, memory_order_relaxed) > 1)
        atomic_store_explicit(&max_active_levels_var, 1, memory_order_relaxed);
}

int omp_get_nested(void)
{
    return omp_get_max_active_levels() > 1;
}

void omp_set_max_active_levels(int n)
{
    icvs_from_env();
    if (n >= 0)
        atomic_store_explicit(&max_active_levels_var, n < SUPPORTED_ACTIVE_LEVELS ? n :
                              SUPPORTED_ACTIVE_LEVELS, memory_order_relaxed);
}

int omp_get_max_active_levels(void)
{
    icvs_from_env();
    return atomic_load_explicit(&max_active_levels_var, memory_order_relaxed);
}

/* OMP_THREAD_LIMIT's value, else no limit (the worker count is not lowered to it). */
int omp_get_thread_limit(void)
{
    icvs_from_env();
    return atomic_load_explicit(&thread_limit_var, memory_order_relaxed);
}

/* OMP_SCHEDULE, "[modifier:]kind[, chunk]" (kind static, dynamic, guided or auto, any
 * case; modifier monotonic or nonmonotonic; blanks around each word), is run-sched-var's
 * first value: what omp_get_schedule() answers until omp_set_schedule().  As libgomp reads
 * it: the monotonic modifier is kept (OMP_SCHED_MONOTONIC or'ed into the kind), static
 * without nonmonotonic is monotonic (OpenMP 5.0 2.9.2), a chunk of 0 is the kind's
 * default, and auto keeps the chunk it is given.  A value that does not parse is named on
 * stderr and ignored, as libgomp does.  (A schedule(runtime) loop's tasks are still cut as
 * schedule(dynamic) without a chunk: the kind changes no result.) */
static const char *skip_blanks(const char *v)
{
    while (*v == ' ' || *v == '\t')
        v++;
    return v;
}

/* The word at v (letters) if it is one of WORDS (any case): its index + 1, else 0. */
static int word_in(const char *v, size_t n, const char *const *words, int nwords)
{
    for (int k = 0; k < nwords; k++)
        if (strlen(words[k]) == n && !strncasecmp(v, words[k], n))
            return k + 1;
    return 0;
}

static bool parse_schedule(const char *v, unsigned *kind, int *chunk)
{
    static const char *const kinds[] = {"static", "dynamic", "guided", "auto"};
    static const char *const modifiers[] = {"monotonic", "nonmonotonic"};
    v = skip_blanks(v);
    size_t n = strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
    int modifier = 0;
    if (*skip_blanks(v + n) == ':') {
        if (!(modifier = word_in(v, n, modifiers, 2)))
            return false;
        v = skip_blanks(skip_blanks(v + n) + 1);
        n = strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
    }
    int k = word_in(v, n, kinds, 4);
    if (!k)
        return false;
    *kind = (unsigned)k;
    if (modifier == 1 || (modifier == 0 && k == omp_sched_static))
        *kind |= OMP_SCHED_MONOTONIC;
    *chunk = k == omp_sched_static ? 0 : 1;
    v = skip_blanks(v + n);
    if (!*v)
        return true;
    if (*v++ != ',')
        return false;
    v = skip_blanks(v);
    char *end;
    long c = strtol(v, &end, 10);
    end = (char *)skip_blanks(end);
    if (end == v || *v == '-' || *end || c > INT_MAX)
        return false;
    if (c > 0)
        *chunk = (int)c;
    return true;
}

static void schedule_from_env(void)
{
    const char *v = getenv("OMP_SCHEDULE");
    unsigned kind;
    int chunk;
    if (!v || !*v)
        return;
    if (!parse_schedule(v, &kind, &chunk)) {
        fprintf(stderr, "nanort: warning: ignoring OMP_SCHEDULE='%s' (expected "
                "[monotonic:|nonmonotonic:]static|dynamic|guided|auto[,chunk] with a "
                "non-negative chunk)\n", v);
        return;
    }
    atomic_store_explicit(&sched_kind, (int)kind, memory_order_relaxed);
    atomic_store_explicit(&sched_chunk, chunk, memory_order_relaxed);
}

static pthread_once_t schedule_once = PTHREAD_ONCE_INIT;

static void schedule_start(void)
{
    NRT_PCHECK(pthread_once(&schedule_once, schedule_from_env));
}

void omp_get_schedule(omp_sched_t *kind, int *chunk);

/* As libgomp: a kind that is none is ignored, auto keeps the chunk, a chunk below 1 is
 * static's default (0) or 1. */
void omp_set_schedule(omp_sched_t kind, int chunk)
{
    schedule_start();
    unsigned k = (unsigned)kind, base = k & ~OMP_SCHED_MONOTONIC;
    if (base < omp_sched_static || base > omp_sched_auto)
        return;
    if (base == omp_sched_auto) {
        omp_sched_t old;
        omp_get_schedule(&old, &chunk);
    } else if (chunk < 1) {
        chunk = base == omp_sched_static ? 0 : 1;
    }
    struct nanort_task *t = icv_task_own();
    if (t) {
        t->icv.sched_kind = sched_pack(k);
        t->icv.sched_chunk = chunk;
        return;
    }
    atomic_store_explicit(&sched_kind, (int)k, memory_order_relaxed);
    atomic_store_explicit(&sched_chunk, chunk, memory_order_relaxed);
}

void omp_get_schedule(omp_sched_t *kind, int *chunk)
{
    schedule_start();
    const struct nanort_task *t = icv_task();
    if (t && t->icv.set) {
        unsigned k = t->icv.sched_kind;
        *kind = (omp_sched_t)((k & ~SCHED_MONO) | (k & SCHED_MONO ? OMP_SCHED_MONOTONIC : 0));
        *chunk = t->icv.sched_chunk;
        return;
    }
    *kind = (omp_sched_t)atomic_load_explicit(&sched_kind, memory_order_relaxed);
    *chunk = atomic_load_explicit(&sched_chunk, memory_order_relaxed);
}

int nanort_team_runtime_chunk(void)
{
    omp_sched_t kind;
    int chunk;
    omp_get_schedule(&kind, &chunk);
    return ((unsigned)kind & ~OMP_SCHED_MONOTONIC) == omp_sched_static && chunk > 0 ? chunk : 0;
}

/* OMP_DISPLAY_ENV's line for it (help.c). */
const char *nrt_omp_schedule_text(void)
{
    static const char *const names[] = {"STATIC", "DYNAMIC", "GUIDED", "AUTO"};
    static char text[48];
    omp_sched_t kind;
    int chunk;
    omp_get_schedule(&kind, &chunk);
    unsigned base = (unsigned)kind & ~OMP_SCHED_MONOTONIC;
    const char *mono = (unsigned)kind & OMP_SCHED_MONOTONIC ? "MONOTONIC:" : "";
    const char *name = base >= 1 && base <= 4 ? names[base - 1] : "DYNAMIC";
    if (chunk > 0 && base != omp_sched_auto)
        snprintf(text, sizeof text, "%s%s,%d", mono, name, chunk);
    else
        snprintf(text, sizeof text, "%s%s", mono, name);
    return text;
}

int omp_in_final(void)
{
    return nanort_in_final();
}

/* cancel-var: OMP_CANCELLATION=true (cancel.c). */
int omp_get_cancellation(void)
{
    nrt_ensure_started();
    return nrt_cancel_on;
}

/* Whether nanort bound its workers (one per allowed core, when they fill them); bound, the
 * policy OMP_PROC_BIND names (false there is --no-binding unless --binding is given:
 * config.c).  Once
 * started (OMP_DISPLAY_ENV asks while starting). */
static omp_proc_bind_t proc_bind_now(void)
{
    icvs_from_env();
    if (!nrt_workers_bound())
        return omp_proc_bind_false;
    return proc_bind_env > 0 ? (omp_proc_bind_t)proc_bind_env : omp_proc_bind_true;
}

omp_proc_bind_t omp_get_proc_bind(void)
{
    nrt_ensure_started();
    return proc_bind_now();
}

const char *nrt_omp_proc_bind_text(void)
{
    static const char *const names[] = {"FALSE", "TRUE", "MASTER", "CLOSE", "SPREAD"};
    return names[proc_bind_now()];
}

int omp_get_num_places(void)
{
    return 0;
}

int omp_get_place_num_procs(int place)
{
    (void)place;
    return 0;
}

void omp_get_place_proc_ids(int place, int *ids)
{
    (void)place;
    (void)ids;
}

int omp_get_place_num(void)
{
    return -1;
}

int omp_get_partition_num_places(void)
{
    return 0;
}

void omp_get_partition_place_nums(int *places)
{
    (void)places;
}

/* No OpenMP target devices: OmpSs devices are chosen by the runtime per task. */
void omp_set_default_device(int n)
{
    icvs_from_env();
    atomic_store_explicit(&default_device_var, n, memory_order_relaxed);
}

int omp_get_default_device(void)
{
    icvs_from_env();
    return atomic_load_explicit(&default_device_var, memory_order_relaxed);
}

int omp_get_num_devices(void)
{
    return 0;
}

int omp_get_initial_device(void)
{
    return omp_get_num_devices();
}

int omp_is_initial_device(void)
{
    return 1;
}

int omp_get_num_teams(void)
{
    return 1;
}

int omp_get_team_num(void)
{
    return 0;
}

/* max-task-priority-var: 0, or OMP_MAX_TASK_PRIORITY (OpenMP 4.5 2.3.2).  Priorities are
 * hints: nanort still runs a higher `priority` first whatever this says (OmpSs). */
int omp_get_max_task_priority(void)
{
    icvs_from_env();
    return atomic_load_explicit(&max_task_priority_var, memory_order_relaxed);
}

double omp_get_wtick(void)
{
    struct timespec r;
    if (clock_getres(CLOCK_MONOTONIC, &r) != 0)
        return 1e-9;
    return (double)r.tv_sec + (double)r.tv_nsec * 1e-9;
}

/* #pragma omp error at(execution): libgomp prints the message and, when fatal, ends the
 * program with status 1; so does this, naming the directive's line. */
void nanort_omp_error(int fatal, const char *message, const char *where)
{
    fflush(stdout);
    fprintf(stderr, "nanort: %s%s: '#pragma omp error' encountered%s%s\n",
            fatal ? "" : "warning: ", where ? where : "?", message ? ": " : "",
            message ? message : "");
    if (fatal) {
        fflush(NULL);
        exit(1);
    }
}
