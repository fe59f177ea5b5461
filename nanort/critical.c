/*
 * critical.c - critical sections: one lock per name in a small hash table, plus the
 * unnamed one.  Locks are created at first use and live until exit.
 *
 * A section's lock is a word lock (nrt.h) and a futex: entering is one compare-and-swap,
 * leaving one exchange, and only a leave that finds the waiter bit wakes a sleeper.  A
 * pthread mutex's calls cost twice that: an uncontended section took 2.2 times libgomp's
 * time (bench/sync).  The word names the thread inside, which tells a thread that enters
 * a section it is inside already without a store of its own.
 */
#include "nrt.h"

#include <errno.h>
#include <linux/futex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define CRIT_BUCKETS 64

struct crit {
    char *name;
    atomic_uint word;               /* a word lock (nrt.h): the thread inside, a waiter */
    /* The task inside (NULL: none): stored by the holder after it locks, cleared before it
     * unlocks; read by a thread that waits long for the lock (see wait_for_lock). */
    _Atomic(struct nanort_task *) holder;
    struct crit *next;              /* set before the entry is published, then constant */
};

static struct nrt_lock table_lock = NRT_LOCK_INITIALIZER;
/* Entries are only added (at a bucket's head, under table_lock, published with a release
 * store) and never removed, so a lookup reads a chain without the lock: a program that
 * enters a named section in a hot loop paid for a process-wide lock twice per entry
 * (4.8 times libgomp's time on 2 cores, probe7). */
static _Atomic(struct crit *) table[CRIT_BUCKETS];
static struct crit unnamed = {NULL, 0, NULL, NULL};

__thread unsigned nrt_tid __attribute__((tls_model("initial-exec")));
static atomic_uint last_tid;

__attribute__((noinline, cold)) unsigned nrt_tid_assign(void)
{
    /* relaxed: only that no two threads get one number matters */
    unsigned id = atomic_fetch_add_explicit(&last_tid, 1, memory_order_relaxed) + 1;
    if (id >= 1u << 31)             /* the word keeps 31 bits of it */
        nrt_fatal("more than %u threads took locks", (1u << 31) - 1);
    nrt_tid = id;
    return id;
}

static unsigned hash_name(const char *s)
{
    unsigned h = 5381;
    while (*s)
        h = h * 33 + (unsigned char)*s++;
    return h % CRIT_BUCKETS;
}

static struct crit *crit_of(const char *name)
{
    if (!name)
        return &unnamed;
    unsigned h = hash_name(name);
    /* acquire: pairs with the release store that published the entry (its name, lock,
     * next) */
    struct crit *first = atomic_load_explicit(&table[h], memory_order_acquire);
    nrt_tsan_acquire(&table[h]);    /* (a TSan-built program sees no atomics of ours: tsan.c) */
    for (struct crit *c = first; c; c = c->next)
        if (strcmp(c->name, name) == 0)
            return c;
    nrt_lock_acquire(&table_lock);
    /* relaxed: table_lock orders the writers; another may have added it meanwhile */
    struct crit *head = atomic_load_explicit(&table[h], memory_order_relaxed), *c = head;
    while (c && strcmp(c->name, name) != 0)
        c = c->next;
    if (!c) {
        c = nrt_xcalloc(1, sizeof *c);
        c->name = strdup(name);
        if (!c->name)
            nrt_fatal("out of memory (critical section name)");
        atomic_init(&c->word, 0);
        c->next = head;
        nrt_tsan_release(&table[h]);
        atomic_store_explicit(&table[h], c, memory_order_release);
    }
    nrt_lock_release(&table_lock);
    return c;
}

static void stop_self_wait(const char *name, const char *how)
{
    const char *task = nrt_current && nrt_current->type ? nrt_current->type->label : NULL;
    nrt_fatal("critical section %s%s%s %s%s%s%s: it would wait forever. Do not nest critical "
              "sections of the same name, and do not wait for tasks (taskwait, taskyield) inside "
              "a critical section that those tasks enter", name ? "'" : "(unnamed)",
              name ? name : "", name ? "'" : "", how, task ? " (in task '" : "",
              task ? task : "", task ? "')" : "");
}

/* How often a thread that waits for a section looks whether it waits in vain. */
#define CRIT_POLL_NS 50000000L
/* How many times a thread that finds a section taken looks again before it sleeps, when
 * the threads do not outnumber the cores.  Sections are short and their holder runs on a
 * core of its own: the 16 threads of a team combining a reduction at the end of a region
 * each slept and were woken in turn, a futex wake-up per section (a region of 16 threads
 * took 13 times libgomp's time on 16 cores, bench/sync's teams). */
#define CRIT_SPINS 2000u

/* The lock is taken: wait for it, and stop the program when its holder is an ancestor of
 * the calling task that sits in a taskwait.  That wait ends only when this task completes,
 * and this task cannot complete without the lock, so the two threads would wait for each
 * other forever.  No false alarm: a wait_target other than -1 is a taskwait of the ancestor
 * still in progress (its earlier ones ended before the branch leading here was created,
 * and their ends happen before this read); reading it synchronises with the wait's start,
 * so the holder read after it is what the ancestor held then or later, and the ancestor
 * neither enters nor leaves a section during that wait.  Every waiter sets the word's
 * waiter bit, so a leave wakes one (which takes it with the bit: others may still sleep).
 * First it looks again CRIT_SPINS times, unless the threads outnumber the cores; taking
 * the lock there without the bit is safe, as a woken sleeper that then finds it taken
 * sets the bit again before it sleeps. */
static __attribute__((noinline)) void wait_for_lock(struct crit *c, unsigned id)
{
    if (!nrt_omp_crowded()) {
        for (unsigned i = 0; i < CRIT_SPINS; i++) {
            nrt_cpu_relax();
            if (atomic_load_explicit(&c->word, memory_order_relaxed) == 0 &&
                nrt_wlock_try(&c->word, id))
                return;
        }
    }
    struct nanort_task *self = nrt_current ? nrt_current : nrt_root;
    const struct timespec poll = {0, CRIT_POLL_NS};
    /* taken with the waiter bit: others may sleep still, and the leave wakes one only */
    unsigned held;
    while ((held = nrt_wlock_poll(&c->word, NRT_WLOCK_MINE(id) | NRT_WLOCK_WAITER))) {
        if (syscall(SYS_futex, &c->word, FUTEX_WAIT_PRIVATE, held, &poll, NULL, 0) == 0 ||
            errno != ETIMEDOUT)
            continue;               /* woken, or the word changed already (EAGAIN, EINTR) */
        for (struct nanort_task *a = self ? self->parent : NULL; a; a = a->parent) {
            if (atomic_load(&a->wait_target) == -1)
                continue;
            if (atomic_load_explicit(&c->holder, memory_order_acquire) == a)
                stop_self_wait(c->name, "entered by a task whose ancestor holds it and waits "
                                        "in a taskwait for its children");
        }
    }
}

/* A worker inside a critical section never runs a task it creates at once (task.c): the
 * task could enter the same section, and the locks are not recursive; a task waiting
 * inside one runs only its own descendants meanwhile (nrt_omp_restricted).  A thread that
 * enters a section it already holds (a nested critical of the same name, or a descendant
 * run while its thread waited inside the section) would wait for itself forever, and so would
 * a task whose ancestor waits for it inside the section on another thread: both stop the
 * program with a message instead. */
static __attribute__((noinline)) void enter_slow(struct crit *c)
{
    unsigned id = nrt_thread_id();
    if (NRT_UNLIKELY(nrt_wlock_held_by(&c->word, id)))
        stop_self_wait(c->name, "entered by a thread that is already inside it");
    if (NRT_UNLIKELY(!nrt_wlock_try(&c->word, id)))
        wait_for_lock(c, id);
    nrt_tsan_acquire(c);            /* the previous holder's section (tsan.c) */
    if (!nrt_current)
        nrt_ensure_started();       /* nrt_root exists (a critical may come first) */
    atomic_store_explicit(&c->holder, nrt_current ? nrt_current : nrt_root,
                          memory_order_release);
    if (nrt_self)
        nrt_self->crit_depth++;
}

/* The short way, without a call or a stack frame: a task on one of the runtime's workers,
 * with its number given, enters a free section in a program that TSan does not watch. */
static inline void enter(struct crit *c)
{
    unsigned id = nrt_tid;
    struct nanort_task *cur = nrt_current;
    struct nrt_worker *w = nrt_self;
    if (NRT_LIKELY(id && cur && w && !nrt_tsan_on) && nrt_wlock_try(&c->word, id)) {
        atomic_store_explicit(&c->holder, cur, memory_order_release);
        w->crit_depth++;
    } else {
        enter_slow(c);
    }
}

/* The leave in a program that TSan watches, or one that wakes a sleeper (out of line: the
 * common one needs no frame). */
static __attribute__((noinline)) void leave_slow(struct crit *c, bool wake)
{
    nrt_tsan_release(c);
    if (wake || nrt_wlock_release(&c->word))
        syscall(SYS_futex, &c->word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

static inline void leave(struct crit *c)
{
    struct nrt_worker *w = nrt_self;
    if (w)
        w->crit_depth--;
    atomic_store_explicit(&c->holder, NULL, memory_order_relaxed);
    if (NRT_UNLIKELY(nrt_tsan_on))
        leave_slow(c, false);
    else if (nrt_wlock_release(&c->word))
        leave_slow(c, true);
}

void nanort_critical_enter(const char *name)
{
    enter(crit_of(name));
}

void nanort_critical_leave(const char *name)
{
    leave(crit_of(name));
}

/* mcc's constructs: the slot keeps the lock after the first lookup (entries are never
 * removed, and after fork they stay, reset).  Two threads may both look it up at first:
 * they find the same entry.  Acquire: pairs with the release that stored it, so the
 * entry's fields are seen. */
static __attribute__((noinline)) void enter_first(void **slot, const char *name)
{
    struct crit *c = crit_of(name);
    __atomic_store_n(slot, c, __ATOMIC_RELEASE);
    enter(c);
}

void nanort_critical_enter_at(void **slot, const char *name)
{
    struct crit *c = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (NRT_UNLIKELY(!c))
        enter_first(slot, name);
    else
        enter(c);
}

void nanort_critical_leave_at(void **slot)
{
    /* relaxed: this thread stored or loaded it in its enter */
    leave(__atomic_load_n(slot, __ATOMIC_RELAXED));
}

/* After fork: a lock another thread held would stay locked forever in the child. */
void nrt_critical_reset(void)
{
    nrt_lock_init_plain(&table_lock);
    atomic_store(&unnamed.word, 0);
    atomic_store(&unnamed.holder, NULL);
    for (unsigned h = 0; h < CRIT_BUCKETS; h++)
        for (struct crit *c = atomic_load(&table[h]); c; c = c->next) {
            atomic_store(&c->word, 0);
            atomic_store(&c->holder, NULL);
        }
}
