/*
 * worker.c - worker threads and waiting.
 *
 * Worker 0 is the thread that started the runtime (main); workers 1..n-1 are pthreads.
 * A thread with nothing to run polls the queues --spins times, then sleeps:
 *   idle workers on idle_cond, woken by a push (nrt_wake_worker);
 *   waiting threads (taskwait, undeferred tasks, taskwait on) on wait_cond, woken by a
 *   push or by the event they wait for (nrt_wake_waiters).
 * No lost wake-up: the sleeper increments its counter and then reads the state it waits
 * for; the waker changes that state and then reads the counter.  All four accesses are
 * sequentially consistent, so at least one of the two sees the other; the waker
 * signals under sleep_lock, which the sleeper holds until it waits on the condition.
 * A waker of an idle worker claims one sleeper (takes it off n_idle_sleep and leaves a
 * token), so the pushes that follow while that worker is still waking up see no sleeper
 * and do not take sleep_lock again (one signal per sleeper, not one per push).
 */
#include "nrt.h"

#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int nrt_nworkers;
struct nrt_worker *nrt_workers;
__thread struct nrt_worker *nrt_self __attribute__((tls_model("initial-exec")));
__thread struct nanort_task *nrt_current __attribute__((tls_model("initial-exec")));
/* Each hot counter on its own cache line. */
_Alignas(NRT_CACHELINE) atomic_int nrt_idle;  /* workers polling or sleeping; a hint for wf */
_Alignas(NRT_CACHELINE) atomic_bool nrt_stopping;

static struct nrt_lock sleep_lock = NRT_LOCK_INITIALIZER;
static pthread_cond_t idle_cond = PTHREAD_COND_INITIALIZER;
static pthread_cond_t wait_cond = PTHREAD_COND_INITIALIZER;
/* Idle sleepers not yet claimed by a waker, and sleeping waiters: changed under
 * sleep_lock with seq_cst (see above); read without it as a hint. */
static atomic_int n_idle_sleep, n_wait_sleep;
/* Wake-ups claimed but not yet taken by an idle sleeper (sleep_lock).  The idle sleepers
 * in idle_sleep() always number n_idle_sleep + idle_tokens. */
static int idle_tokens;
static long idle_claims;            /* sleep_lock: idle sleepers claimed so far */
static cpu_set_t allowed;           /* the process's cores at start */
static bool bind_workers;           /* --binding and as many workers as allowed cores */
/* The main thread (worker 0) is bound from the program's first task on, not when the
 * runtime starts with main (--eager-start): until then it runs the program's serial code,
 * and the threads and processes it starts (pthread_create, system, popen, fork) inherit
 * its cores, as they would without nanort.  When the runtime stops (exit, the restart of
 * omp_set_num_threads) and in a child of fork() it gets the cores it had (`allowed`).
 * main_attached: release by nrt_attach_main() after it wrote nrt_workers[0].thread, acquire
 * by the binder; main_bound: an exchange, so that one thread binds it. */
static atomic_bool main_attached, main_bound;
static void bind_to_core(pthread_t th, int id);
/* Polls of the queues before sleeping: --spins, scaled down by cores / workers when there
 * are more workers than cores (set at start, read-only while running).  A spinning worker
 * then holds a core another one needs for work, so with 1,024 workers on 2 cores each
 * polls a few times only (libgomp throttles its spin count the same way). */
static long spin_limit;
/* With more workers than cores every worker starts asleep, counted among the idle
 * sleepers before any task exists (nrt_workers_start), so it sleeps without polling the
 * queues or reading them all first: a push wakes one with a token, as it does any
 * sleeper.  Polling every queue at start cost each of 4,096 workers 8,192 loads. */
static bool start_asleep;           /* set before the threads exist, read-only after */

/* Adaptive: spins a little before sleeping in the kernel (measured better than both a
 * plain mutex and a pure spin lock for the domain and queue locks). */
void nrt_lock_init(struct nrt_lock *l)
{
    pthread_mutexattr_t a;
    NRT_PCHECK(pthread_mutexattr_init(&a));
#ifndef NRT_LOCK_PLAIN
    NRT_PCHECK(pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ADAPTIVE_NP));
#endif
    NRT_PCHECK(pthread_mutex_init(&l->m, &a));
    NRT_PCHECK(pthread_mutexattr_destroy(&a));
    nrt_lock_mark_free(l);
}

void nrt_lock_init_plain(struct nrt_lock *l)
{
    NRT_PCHECK(pthread_mutex_init(&l->m, NULL));
    nrt_lock_mark_free(l);
}

/* ---- waking ------------------------------------------------------------------------ */

void nrt_wake_worker(void)
{
    /* seq_cst load: see the header comment. */
    if (atomic_load(&n_idle_sleep) > 0) {
        nrt_lock_acquire(&sleep_lock);
        if (atomic_load_explicit(&n_idle_sleep, memory_order_relaxed) > 0) {
            /* claim one sleeper; relaxed under the lock, which orders it. */
            atomic_fetch_sub_explicit(&n_idle_sleep, 1, memory_order_relaxed);
            idle_tokens++;
            idle_claims++;
            NRT_PCHECK(pthread_cond_signal(&idle_cond));
        }
        nrt_lock_release(&sleep_lock);
    } else if (atomic_load(&n_wait_sleep) > 0) {
        nrt_lock_acquire(&sleep_lock);
        NRT_PCHECK(pthread_cond_signal(&wait_cond));
        nrt_lock_release(&sleep_lock);
    }
}

/* Bind the main thread to its core (the first allowed one) once the program's first task
 * exists, if the workers are bound and main has met the runtime (else nrt_attach_main()
 * does it when it does). */
static void bind_main(void)
{
    if (!bind_workers || !atomic_load(&nrt_tasks_made) ||
        !atomic_load_explicit(&main_attached, memory_order_acquire) ||
        atomic_exchange(&main_bound, true))
        return;
    bind_to_core(nrt_workers[0].thread, 0);
}

/* The program's first task after a start with main (--eager-start): the workers have
 * polled and gone to sleep while main ran alone, and a push would wake them one at a time
 * as tasks become ready, each wake-up taking tens of microseconds.  Wake them all now
 * (claimed, so they poll before sleeping again), as an OpenMP parallel region starts its
 * team: the first ready tasks then find them polling.  Not with more workers than cores
 * (start_asleep): they would take turns on the cores only to poll. */
static void wake_all_idle(void)
{
    if (start_asleep || atomic_load(&n_idle_sleep) == 0)
        return;
    nrt_lock_acquire(&sleep_lock);
    int n = atomic_load_explicit(&n_idle_sleep, memory_order_relaxed);
    if (n > 0) {
        atomic_fetch_sub_explicit(&n_idle_sleep, n, memory_order_relaxed);
        idle_tokens += n;
        idle_claims += n;
        NRT_PCHECK(pthread_cond_broadcast(&idle_cond));
    }
    nrt_lock_release(&sleep_lock);
}

void nrt_workers_first_task(void)
{
    bind_main();
    wake_all_idle();
}

void nrt_wake_waiters(void)
{
    /* seq_cst load after the seq_cst read-modify-write that changed the state. */
    if (atomic_load(&n_wait_sleep) > 0) {
        nrt_lock_acquire(&sleep_lock);
        NRT_PCHECK(pthread_cond_broadcast(&wait_cond));
        nrt_lock_release(&sleep_lock);
    }
}

int nrt_waiters_asleep(void)
{
    return atomic_load(&n_wait_sleep);
}

int nrt_idle_asleep(void)
{
    return atomic_load(&n_idle_sleep);
}

long nrt_idle_claimed(void)
{
    nrt_lock_acquire(&sleep_lock);
    long n = idle_claims;
    nrt_lock_release(&sleep_lock);
    return n;
}

static bool work_queued(void)
{
    return nrt_sched_has_work();
}

static void idle_sleep(void)
{
    nrt_task_flush_frees();
    nrt_lock_acquire(&sleep_lock);
    atomic_fetch_add(&n_idle_sleep, 1);
    /* The cheap conditions first: work_queued() reads every queue's count, and every
     * sleeper woken at shutdown or by a token would pay that (quadratic in the workers). */
    while (!atomic_load(&nrt_stopping) && idle_tokens == 0 &&
           !atomic_load(&nrt_self->slot_wanted) && !work_queued())
        nrt_cond_wait(&idle_cond, &sleep_lock);
    if (idle_tokens > 0)
        idle_tokens--;              /* a waker already took one of us off the count */
    else
        atomic_fetch_sub(&n_idle_sleep, 1);
    nrt_lock_release(&sleep_lock);
}

struct timespec nrt_deadline(long ns)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_sec += ns / 1000000000L;
    t.tv_nsec += ns % 1000000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    return t;
}

static void wait_sleep(nrt_cond_fn *done, void *arg)
{
    nrt_task_flush_frees();
    nrt_lock_acquire(&sleep_lock);
    /* seq_cst read-modify-write: done()'s acquire loads cannot move above it (it is a
     * full barrier on x86 and RCsc on Arm), which is what the protocol needs. */
    atomic_fetch_add(&n_wait_sleep, 1);
    while (!done(arg) && !work_queued() && !(nrt_self && atomic_load(&nrt_self->slot_wanted))) {
        /* Timed: a safety net for the rare waits nobody signals exactly (two threads
         * waiting on the root task's children at once share one wait_target). */
        struct timespec until = nrt_deadline(5 * 1000 * 1000);
        int rc = nrt_cond_timedwait(&wait_cond, &sleep_lock, &until);
        if (rc != 0 && rc != ETIMEDOUT)
            nrt_pthread_fail("pthread_cond_timedwait(&wait_cond, &sleep_lock, &until)", rc);
    }
    atomic_fetch_sub(&n_wait_sleep, 1);
    nrt_lock_release(&sleep_lock);
    /* We may have taken a wake-up meant for an idle worker: pass it on. */
    if (work_queued())
        nrt_wake_worker();
}

/* ---- running and waiting ------------------------------------------------------------ */

/* A task made ready by one this thread just finished, run next without going through
 * the queues (chains hand over in place).  Only this thread touches it; every loop that
 * can leave with it set pushes it to the scheduler (nrt_handoff_flush).
 * Not while this thread's own queue holds a few tasks (1 to NRT_HANDOFF_PLENTY - 1): then
 * the successor goes behind them, so that parallel chains advance together and the
 * workers finish them together, where a chain kept by one worker from head to end left
 * the last chains on a few workers while the others idled.  With an empty queue nothing
 * else is waiting, and with plenty queued the end is far: the hand-over keeps what the
 * finished task wrote in this core's cache.  GPU host, matmul 1024/128 on 16 workers,
 * median of 9 (bench/ompss/README.md): 0.0517 s against 0.0563 always handing over and
 * 0.0559 never handing over with a non-empty queue (libgomp 0.0489); on 2 workers the
 * three rules were within the noise of each other. */
#define NRT_HANDOFF_PLENTY 16
static __thread struct nanort_task *handoff __attribute__((tls_model("initial-exec")));

bool nrt_handoff(struct nanort_task *t)
{
    if (!nrt_self || handoff || t->priority != 0)
        return false;
    /* A coarse task (NRT_COARSE_US) waits its turn behind every queued one. */
    if (atomic_load_explicit(&t->info->coarse, memory_order_relaxed))
        return nrt_sched->queued(NULL) == 0 &&
               !(NRT_UNLIKELY(nrt_speed_on) && nrt_speed_defer(nrt_self, 1, true)) && (handoff = t, true);
    long q = nrt_sched->queued(nrt_self);
    if (q > 0 && q < NRT_HANDOFF_PLENTY)
        return false;
    handoff = t;
    return true;
}

bool nrt_handoff_critical(struct nanort_task *t)
{
    if (!nrt_self || handoff || t->priority != 0)
        return false;
    handoff = t;
    return true;
}

void nrt_handoff_requeue(void)
{
    struct nanort_task *t = handoff;
    if (t) {
        handoff = NULL;
        nrt_sched_push(t);
    }
}

/* Every loop that runs tasks ends here: a thread that waited with a nearly full stack
 * (stack.c) no longer does. */
void nrt_handoff_flush(void)
{
    nrt_handoff_requeue();
    if (NRT_UNLIKELY(nrt_stack_waiting))
        nrt_stack_release();
}

static inline bool run_plain(void)
{
    struct nanort_task *t = handoff;
    if (t)
        handoff = NULL;
    else if (!(t = nrt_sched_pop()) &&
             !(NRT_UNLIKELY(atomic_load_explicit(&nrt_take_back_on, memory_order_acquire)) &&
               (t = nrt_dev_take_back())))
        return false;               /* (take-back: a cluster rank's queued task, device.c) */
    nrt_speed_idle(nrt_self, NRT_BUSY);
    nrt_task_execute(t);
    return true;
}

/* A nearly full stack leaves the ready tasks to the others (stack.c); in a program that
 * uses omp locks, and inside a critical section, a waiting task runs only its descendants
 * (omp_api.c). */
static __attribute__((noinline)) bool run_guarded(void)
{
    if (nrt_stack_hold())
        return false;
    if (nrt_omp_restricted())
        return nrt_omp_run_one();
    return run_plain();
}

bool nrt_run_one(void)
{
    /* relaxed: nrt_omp_tsc is set once, before any lock can be taken (omp_api.c);
     * crit_depth is this thread's own. */
    if (NRT_UNLIKELY(nrt_stack_low() || atomic_load_explicit(&nrt_omp_tsc, memory_order_relaxed) ||
                     (nrt_self && nrt_self->crit_depth > 0) || nrt_team_thread))
        return run_guarded();
    return run_plain();
}

/* nrt_wait_until and nrt_wait_backoff: with nothing to run, a look at done() is followed by
 * `pauses` relaxes, doubled after each such look up to backoff_max (1: the plain wait), back
 * to 1 when a task ran; the pauses count towards spin_limit, so the thread goes to sleep
 * after as long a time either way. */
static inline void wait_loop(nrt_cond_fn *done, void *arg, unsigned backoff_max)
{
    /* --summary: a wait outside task bodies (main's) counts its idle time */
    struct nrt_worker *w = nrt_cfg.summary && nrt_self && nrt_self->depth == 0 ? nrt_self : NULL;
    uint64_t t0 = w ? nrt_now_ns() : 0, busy0 = w ? w->busy_ns : 0;
    long spins = 0;
    unsigned pauses = 1;
    while (!done(arg)) {
        if (nrt_run_one()) {
            spins = 0;
            pauses = 1;
        } else if (spins < spin_limit) {
            spins += pauses;
            nrt_speed_idle(nrt_self, NRT_POLLING);
            for (unsigned i = 0; i < pauses; i++)
                nrt_cpu_relax();
            if (pauses < backoff_max)
                pauses *= 2;
        } else if (NRT_UNLIKELY(nrt_self && atomic_load(&nrt_self->slot_wanted)) &&
                   nrt_slot_give_waiting(done, arg)) {
            spins = 0;                  /* a paused task took the slot meanwhile (block.c) */
        } else {
            nrt_speed_idle(nrt_self, NRT_ASLEEP);
            wait_sleep(done, arg);
            spins = 0;
        }
    }
    nrt_speed_idle(nrt_self, NRT_BUSY);     /* back to the task that waited */
    nrt_handoff_flush();
    if (w && w == nrt_self)
        w->wait_idle_ns += nrt_now_ns() - t0 - (w->busy_ns - busy0);
}

void nrt_wait_until(nrt_cond_fn *done, void *arg)
{
    wait_loop(done, arg, 1);
}

void nrt_wait_backoff(nrt_cond_fn *done, void *arg, unsigned backoff_max)
{
    wait_loop(done, arg, backoff_max);
}

/* `idle`: the thread is counted in nrt_idle already (it started asleep). */
static void idle_loop(bool idle)
{
    long spins = 0;
    while (!atomic_load_explicit(&nrt_stopping, memory_order_relaxed)) {
        /* relaxed: a hint; the sleeps check it again under sleep_lock */
        if (NRT_UNLIKELY(atomic_load_explicit(&nrt_self->slot_wanted, memory_order_relaxed))) {
            if (idle)
                atomic_fetch_sub_explicit(&nrt_idle, 1, memory_order_relaxed);
            idle = false;
            spins = 0;
            if (nrt_slot_give_top())
                return;             /* a spare gave its borrowed slot back (block.c) */
            continue;
        }
        if (nrt_run_one()) {
            if (idle)
                atomic_fetch_sub_explicit(&nrt_idle, 1, memory_order_relaxed);
            idle = false;
            spins = 0;
            continue;
        }
        if (!idle)
            atomic_fetch_add_explicit(&nrt_idle, 1, memory_order_relaxed);
        idle = true;
        if (spins++ < spin_limit) {
            nrt_speed_idle(nrt_self, NRT_POLLING);
            nrt_cpu_relax();
        } else {
            nrt_speed_idle(nrt_self, NRT_ASLEEP);
            idle_sleep();
            nrt_speed_idle(nrt_self, NRT_POLLING);
            spins = 0;
        }
    }
    if (idle)
        atomic_fetch_sub_explicit(&nrt_idle, 1, memory_order_relaxed);
    nrt_handoff_flush();
    nrt_task_flush_frees();
}

void nrt_worker_loop(void)
{
    idle_loop(false);
}

/* ---- threads ------------------------------------------------------------------------ */

static void attr_all_cores(pthread_attr_t *a)
{
    if (CPU_COUNT(&allowed) > 0)
        (void)pthread_attr_setaffinity_np(a, sizeof allowed, &allowed);  /* failure: inherit */
}

/* The set of one core: the k-th of the allowed ones (from 0, k below their count). */
static cpu_set_t allowed_core(int k)
{
    cpu_set_t one;
    CPU_ZERO(&one);
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (CPU_ISSET(cpu, &allowed) && k-- == 0) {
            CPU_SET(cpu, &one);
            break;
        }
    }
    return one;
}

void nrt_attr_team_core(pthread_attr_t *a, unsigned k)
{
    int n = CPU_COUNT(&allowed);
    if (!bind_workers || n < 2 || k == 0) {
        attr_all_cores(a);
        return;
    }
    cpu_set_t one = allowed_core(1 + (int)((k - 1) % (unsigned)(n - 1)));
    if (CPU_COUNT(&one))
        (void)pthread_attr_setaffinity_np(a, sizeof one, &one);    /* failure: inherit */
}

int nrt_cores_allowed(void)
{
    int n = CPU_COUNT(&allowed);
    return n > 0 ? n : 1;
}

static void bind_to_core(pthread_t th, int id)
{
    int n = CPU_COUNT(&allowed);
    cpu_set_t one = allowed_core(id % (n > 0 ? n : 1));
    if (CPU_COUNT(&one))
        (void)pthread_setaffinity_np(th, sizeof one, &one); /* failure: run unbound */
}

static void first_sleep(void)
{
    nrt_lock_acquire(&sleep_lock);
    while (!atomic_load(&nrt_stopping) && idle_tokens == 0 &&
           !atomic_load(&nrt_self->slot_wanted))
        nrt_cond_wait(&idle_cond, &sleep_lock);
    if (idle_tokens > 0)
        idle_tokens--;              /* a waker took us off the count */
    else
        atomic_fetch_sub(&n_idle_sleep, 1);
    nrt_lock_release(&sleep_lock);
}

/* --tree-start: worker i starts workers 2i + 1 and 2i + 2, so the last of n starts after
 * about log2(n) thread creations instead of n - 1 made one after the other by the thread
 * that starts the runtime (16 workers on the GPU host: the traces showed workers starting
 * 2 to 4 ms into a 50 ms run).  `spawned` counts the threads created (release: their ids
 * are in nrt_workers[].thread); nrt_workers_stop() waits for all before joining. */
static atomic_int spawned;

static void spawn_worker(const pthread_attr_t *attr, int i);

static void spawn_children(int i)
{
    pthread_attr_t attr;
    NRT_PCHECK(pthread_attr_init(&attr));
    nrt_stack_attr(&attr);          /* --stack-size */
    for (int c = 2 * i + 1; c <= 2 * i + 2 && c < nrt_nworkers; c++)
        spawn_worker(&attr, c);
    NRT_PCHECK(pthread_attr_destroy(&attr));
}

static void *worker_main(void *arg)
{
    struct nrt_worker *w = arg;
    nrt_self = w;
    nrt_current = NULL;
    /* named for gdb's `info threads`, top -H and perf: "nanort-w3" is smp worker 3 */
    char name[16];
    snprintf(name, sizeof name, "nanort-w%d", w->id);
    (void)pthread_setname_np(pthread_self(), name);     /* failure: the program's name */
    if (nrt_cfg.tree_start)
        spawn_children(w->id);
    nrt_stack_attach();
    nrt_crash_thread_attach();
    w->t_start = nrt_now_ns();
    if (start_asleep)
        first_sleep();
    idle_loop(start_asleep);
    nrt_crash_thread_detach();
    return NULL;
}

static void spawn_worker(const pthread_attr_t *attr, int i)
{
    NRT_PCHECK(pthread_create(&nrt_workers[i].thread, attr, worker_main, &nrt_workers[i]));
    if (bind_workers)
        bind_to_core(nrt_workers[i].thread, i);
    /* release: the joining thread's acquire load sees the thread id written above. */
    atomic_fetch_add_explicit(&spawned, 1, memory_order_release);
}

void nrt_workers_start(int n)
{
    nrt_workers = nrt_xcalloc_aligned((size_t)n, sizeof *nrt_workers);
    nrt_nworkers = n;
    for (int i = 0; i < n; i++)
        nrt_workers[i].id = i;
    atomic_store(&nrt_stopping, false);
    atomic_store(&nrt_idle, 0);
    atomic_store(&spawned, 0);
    nrt_prio_init();
    nrt_sched->init(n);
    nrt_speed_start(n);
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
        CPU_ZERO(&allowed);
    /* Bind only when the workers fill the cores the process may use: with fewer, the
     * runtime does not own the machine and the kernel can move a worker off a core that
     * something else keeps busy (a bound worker 0 ran at half speed beside a process
     * pinned to its core, bench/README.md).  With more, they share the cores anyway and
     * the kernel balances them better than a fixed round robin (binding 4,096 workers cost
     * 0.2 s of sched_setaffinity calls). */
    bind_workers = nrt_cfg.binding && CPU_COUNT(&allowed) > 1 && n == CPU_COUNT(&allowed);
    int cores = CPU_COUNT(&allowed) > 0 ? CPU_COUNT(&allowed) : 1;
    spin_limit = n > cores ? nrt_cfg.spins * cores / n : nrt_cfg.spins;
    start_asleep = n > cores;
    if (start_asleep) {             /* before any push can happen (first_sleep) */
        atomic_store(&n_idle_sleep, n - 1);
        atomic_store(&nrt_idle, n - 1);
    }
    nrt_workers[0].t_start = nrt_now_ns();
    if (nrt_cfg.tree_start) {
        spawn_children(0);
        return;
    }
    pthread_attr_t attr;
    NRT_PCHECK(pthread_attr_init(&attr));
    nrt_stack_attr(&attr);          /* --stack-size */
    for (int i = 1; i < n; i++)
        spawn_worker(&attr, i);
    NRT_PCHECK(pthread_attr_destroy(&attr));
}

bool nrt_workers_bound(void)
{
    return bind_workers;
}

void nrt_worker_bind(struct nrt_worker *w)
{
    if (bind_workers)
        bind_to_core(pthread_self(), w->id);
}

void nrt_wake_sleepers(void)
{
    nrt_lock_acquire(&sleep_lock);
    NRT_PCHECK(pthread_cond_broadcast(&idle_cond));
    NRT_PCHECK(pthread_cond_broadcast(&wait_cond));
    nrt_lock_release(&sleep_lock);
}

/* The process's main thread is worker 0 whichever thread started the runtime. */
void nrt_attach_main(void)
{
    nrt_self = &nrt_workers[0];
    nrt_workers[0].thread = pthread_self();
    nrt_stack_attach();
    nrt_crash_thread_attach();
    atomic_store_explicit(&main_attached, true, memory_order_release);
    bind_main();                    /* a task exists already (a foreign thread made it) */
}

/* The main thread gets back the cores it had before the runtime bound it. */
static void unbind_main(void)
{
    if (atomic_exchange(&main_bound, false))
        (void)pthread_setaffinity_np(nrt_workers[0].thread, sizeof allowed, &allowed);
    atomic_store(&main_attached, false);
}

void nrt_workers_stop(void)
{
    atomic_store(&nrt_stopping, true);
    nrt_lock_acquire(&sleep_lock);
    NRT_PCHECK(pthread_cond_broadcast(&idle_cond));
    NRT_PCHECK(pthread_cond_broadcast(&wait_cond));
    nrt_lock_release(&sleep_lock);
    /* acquire: pairs with spawn_worker()'s release (--tree-start: workers create workers) */
    while (atomic_load_explicit(&spawned, memory_order_acquire) < nrt_nworkers - 1)
        sched_yield();
    for (int i = 1; i < nrt_nworkers; i++)
        NRT_PCHECK(pthread_join(nrt_workers[i].thread, NULL));
    nrt_block_stop();
    unbind_main();
}

void nrt_workers_release(void)
{
    nrt_sched->fini();
    nrt_task_free_all();
    free(nrt_workers);
    nrt_workers = NULL;
    nrt_nworkers = 0;
    nrt_self = NULL;
}

void nrt_workers_after_fork(void)
{
    /* the forking thread (main or a worker) may be bound: the child has the process's cores */
    if (bind_workers)
        (void)sched_setaffinity(0, sizeof allowed, &allowed);
    bind_workers = false;
    atomic_store(&main_bound, false);
    atomic_store(&main_attached, false);
    nrt_lock_init_plain(&sleep_lock);
    pthread_cond_init(&idle_cond, NULL);
    pthread_cond_init(&wait_cond, NULL);
    atomic_store(&n_idle_sleep, 0);
    idle_tokens = 0;
    atomic_store(&n_wait_sleep, 0);
    nrt_workers = NULL;
    nrt_nworkers = 0;
    nrt_self = NULL;
    nrt_current = NULL;
    nrt_block_after_fork();
}
