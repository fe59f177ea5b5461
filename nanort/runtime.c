/*
 * runtime.c - start-up at first use, shutdown at exit, fork handling, the device
 * registry and the small query functions (nanort_* and omp_*).
 *
 * NX_ARGS and NX_<OPT> are parsed at the first use of the runtime, when the workers start
 * (nrt_start_slow: NX_ARGS=--help and option errors stop the program there, not before
 * main; a program with CUDA parts starts the runtime from a constructor: cuda.c).  That
 * keeps a process that forks before using the runtime (Check's fork mode) free of
 * threads; a child that inherited a running runtime starts a fresh one at first use.
 */
#include "nrt.h"

#include <dlfcn.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/syscall.h>
#include <unistd.h>

atomic_int nrt_started;
static struct nrt_lock start_lock = NRT_LOCK_INITIALIZER;
static bool exit_hook_set;       /* start_lock */
static bool exit_hook_ran;       /* start_lock: at_exit() ran: the process is ending */
/* exit_hook_set of a running runtime, read by __cxa_atexit() below without start_lock */
static atomic_bool exit_hook_armed;
static uint64_t start_ns;        /* start_lock: when the workers started (--summary) */
static unsigned generation;      /* starts so far: start_lock; read after nrt_started */
static bool restarting;          /* start_lock: stopped by nrt_restart_for_request() */
struct nanort_task *nrt_root;

/* ---- errors and allocation -------------------------------------------------------- */

/* "nanort: <message>" in one locked write, so that messages of two threads do not mix. */
static void vmessage(const char *fmt, va_list ap)
{
    flockfile(stderr);
    fputs("nanort: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    funlockfile(stderr);
}

/* A user mistake or an exhausted resource (a task that cannot run, a device failure, a
 * bad launch): the message says what to do, and the process ends with exit status 1,
 * not abort()'s core dump (the problem is not the runtime's, a core would not help).
 * _exit: atexit handlers would wait for the tasks (nanort_shutdown) and library
 * destructors would run under the device managers still at work; what the program
 * printed so far is flushed first. */
void nrt_fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmessage(fmt, ap);
    va_end(ap);
    fflush(NULL);
    _exit(1);
}

/* Broken invariants of the runtime itself: abort(), a core to debug. */
static void __attribute__((noreturn, format(printf, 1, 2))) internal_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmessage(fmt, ap);
    va_end(ap);
    abort();
}

void nrt_assert_fail(const char *what, const char *file, int line)
{
    internal_error("internal error: assertion '%s' failed at %s:%d", what, file, line);
}

void nrt_pthread_fail(const char *call, int rc)
{
    internal_error("%s failed: %s", call, strerror(rc));
}

void *nrt_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        nrt_fatal("out of memory (allocating %zu bytes)", n);
    return p;
}

void *nrt_xcalloc(size_t n, size_t m)
{
    void *p = calloc(n ? n : 1, m ? m : 1);
    if (!p)
        nrt_fatal("out of memory (allocating %zu x %zu bytes)", n, m);
    return p;
}

void *nrt_xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        nrt_fatal("out of memory (allocating %zu bytes)", n);
    return p;
}

void *nrt_xcalloc_aligned(size_t n, size_t m)
{
    size_t bytes = (n * m + NRT_CACHELINE - 1) / NRT_CACHELINE * NRT_CACHELINE;
    void *p = aligned_alloc(NRT_CACHELINE, bytes ? bytes : NRT_CACHELINE);
    if (!p)
        nrt_fatal("out of memory (allocating %zu bytes)", bytes);
    return memset(p, 0, bytes);
}

uint64_t nrt_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---- devices ---------------------------------------------------------------------- */

/* Written by constructors before main and at start (under start_lock, before any
 * worker exists), read-only afterwards. */
const struct nrt_device_ops *nrt_devices[NRT_KIND_SLOTS];

void nrt_device_register(const struct nrt_device_ops *ops)
{
    if ((unsigned)ops->kind >= NRT_KIND_SLOTS)
        nrt_fatal("device '%s' has an unknown kind %d", ops->name, (int)ops->kind);
    nrt_devices[ops->kind] = ops;
}


/* ---- start and shutdown ------------------------------------------------------------ */

static int cores_allowed(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

static void shutdown(bool outputs);

static void at_exit(void)
{
    /* exit() inside a task or on another thread: the tasks cannot all finish, but the
     * outputs asked for are written from what finished (ending.c) */
    if (atomic_load_explicit(&nrt_started, memory_order_acquire) &&
        (nrt_self != &nrt_workers[0] || nrt_current != nrt_root))
        nrt_ending_outputs(true, nrt_current && nrt_current != nrt_root
                                     ? "exit() called inside a task"
                                     : "exit() called on a thread other than main");
    /* An exit handler that ran after this one (registered before the runtime started: by
     * a constructor, or in main under --no-eager-start) and created tasks started the
     * runtime again, and registered this hook again, which glibc runs next (handlers
     * added during exit() are run): its tasks are waited for here; the outputs stay those
     * of the run (these would replace its trace). */
    nrt_lock_acquire(&start_lock);
    bool again = exit_hook_ran;
    exit_hook_ran = true;
    nrt_lock_release(&start_lock);
    shutdown(!again);
    nrt_lock_acquire(&start_lock);
    exit_hook_set = false;
    atomic_store_explicit(&exit_hook_armed, false, memory_order_release);
    nrt_lock_release(&start_lock);
}

/* ---- the exit hook stays ahead of what device libraries register -------------------- *
 *
 * exit() runs the handlers and C++ destructors registered with atexit/__cxa_atexit in the
 * reverse order of their registration.  Device libraries register some while they work:
 * LLVM's function-local statics (llvm::errs(), the real file system) are first built, and
 * their destructors registered, during a program's first OpenCL build on PoCL, on the
 * device's manager thread, after the runtime's hook.  A build still running when the
 * program ended (one built ahead, --opencl-prebuild) then met their destructors, which
 * ran first, and crashed in clang (exit status 139) or hung.  So every registration made
 * by a thread other than the program's main thread (the managers, the drivers' own
 * threads) after the runtime started registers the runtime's hook again after it: the
 * hook runs first and waits for the managers before any of those destructors runs.
 * Registrations of the main thread keep their order (their tasks run, docs/debugging.md),
 * but each gets drain_at_exit registered after it: a handler that main registered
 * (atexit(report) and later exit(0) in main, tasks still pending) sees what the tasks
 * created before exit() wrote, as it does in the sequential program.
 * Sanitizers intercept __cxa_atexit too and call this one as the next definition.  Weak:
 * a program linked with -static takes libc.a's (whose object defines exit's own lists
 * too) and goes without the re-registration. */
static void at_exit_again(void *unused)
{
    (void)unused;
    at_exit();
}

/* exit() on main's thread outside any task: wait for the tasks, and flush the devices'
 * copies, before the handler registered just before this runs.  Inside a task, on another
 * thread or recording a taskgraph the tasks cannot all finish (as at_exit says). */
static void drain_at_exit(void *unused)
{
    (void)unused;
    if (atomic_load_explicit(&nrt_started, memory_order_acquire) &&
        nrt_self == &nrt_workers[0] && nrt_current == nrt_root &&
        !(nrt_root->flags & NRT_TF_RECORDING))
        nanort_taskwait();
}

typedef int cxa_atexit_fn(void (*)(void *), void *, void *);
extern void *__dso_handle;

__attribute__((weak)) int __cxa_atexit(void (*fn)(void *), void *arg, void *dso)
{
    static cxa_atexit_fn *next;
    cxa_atexit_fn *f = __atomic_load_n(&next, __ATOMIC_ACQUIRE);
    if (!f) {
        f = (cxa_atexit_fn *)dlsym(RTLD_NEXT, "__cxa_atexit");
        if (!f) {
            static const char msg[] = "nanort: internal error: no __cxa_atexit after libnanort\n";
            if (write(2, msg, sizeof msg - 1) < 0)
                _exit(127);
            abort();
        }
        __atomic_store_n(&next, f, __ATOMIC_RELEASE);
    }
    int r = f(fn, arg, dso);
    if (r == 0 && fn != at_exit_again && fn != drain_at_exit &&
        atomic_load_explicit(&exit_hook_armed, memory_order_acquire))
        f((pid_t)syscall(SYS_gettid) != getpid() ? at_exit_again : drain_at_exit, NULL,
          &__dso_handle);
    return r;
}

/* More workers than cores works (each polls less before sleeping, worker.c), but they
 * take turns on the cores: say so once per process. */
static void warn_oversubscribed(int n)
{
    static bool warned;             /* start_lock */
    int cores = cores_allowed();
    if (n <= cores || warned)
        return;
    warned = true;
    fprintf(stderr, "nanort: warning: %d smp workers on %d cores: the workers take turns on "
                    "the cores; --smp-workers=%d or fewer runs fastest\n", n, cores, cores);
}

static struct nanort_task *root_new(void)
{
    struct nanort_task *r = nrt_xcalloc(1, sizeof *r);
    r->flags = NRT_TF_ROOT;
    r->owner = -1;
    nrt_task_init_counts(r);
    r->domain = nrt_domain_new();
    return r;
}

/*
 * One worker per allowed core, less a core per accelerator space when at least 2 are left:
 * each space's manager thread stages copies and launches kernels, and behind 16 busy
 * workers bound to the 16 cores it waited for a core.  On the GPU host, matmul_dev
 * 2048/256 with smp, OpenCL-as-C and CUDA versions took 1.35 to 1.78 times as long as
 * CUDA alone with 16 workers, 0.95 to 1.06 with 15 (the CUDA tasks' mean time from
 * start to end 980 us against 160).  StarPU gives each GPU's driver thread a core too.
 */
static int default_workers(int accel)
{
    int cores = cores_allowed();
    return cores - accel >= 2 ? cores - accel : cores;
}

void nrt_start_slow(void)
{
    nrt_lock_acquire(&start_lock);
    if (!atomic_load_explicit(&nrt_started, memory_order_relaxed)) {
        nrt_config_load();
        nrt_clcpu_start();
        nrt_perf_load();
        nrt_instr_start();
        nrt_watchdog_start();
        nrt_tsan_start();
        nrt_hooks_start();
        nrt_device_register(&nrt_smp_device);
        nrt_sched_select();
        nrt_root = root_new();
        nrt_cancel_setup();         /* cancel-var, before any task exists */
        int accel = nrt_devices_open();
        int n = nrt_config_thread_limit(nrt_cfg.smp_workers > 0 ? nrt_cfg.smp_workers
                                                                : default_workers(accel));
        start_ns = nrt_now_ns();
        warn_oversubscribed(n);
        nrt_throttle_setup(n);
        nrt_stack_setup();
        nrt_workers_start(n);
        nrt_cluster_start();
        nrt_devices_start();
        nrt_ending_start(start_ns);
        generation++;
        if (!exit_hook_set && atexit(at_exit) == 0)
            exit_hook_set = true;
        atomic_store_explicit(&exit_hook_armed, exit_hook_set, memory_order_release);
        if (!restarting)
            nrt_help_display_env(); /* OMP_DISPLAY_ENV, once: not again after a restart */
        restarting = false;
        if (nrt_cfg.verbose)
            fprintf(stderr, "nanort: %d smp workers (%s), schedule=%s, throttle-limit=%ld, "
                            "spins=%ld\n", n, nrt_workers_bound() ? "bound to cores" : "not bound",
                    nrt_sched->name, nrt_cfg.throttle_limit, nrt_cfg.spins);
        /* release: everything above is visible to threads that see nrt_started. */
        atomic_store_explicit(&nrt_started, 1, memory_order_release);
    }
    nrt_lock_release(&start_lock);
}

atomic_bool nrt_tasks_made;

void nrt_first_task(void)
{
    if (!atomic_exchange(&nrt_tasks_made, true))
        nrt_workers_first_task();
}

static __thread unsigned thread_seen __attribute__((tls_model("initial-exec")));

void nrt_thread_first_use(void)
{
    if (thread_seen == generation)
        return;                      /* a foreign thread seen before */
    thread_seen = generation;
    if ((pid_t)syscall(SYS_gettid) == getpid()) {
        nrt_attach_main();
        nrt_current = nrt_root;
    }
}

int nanort_init(void)
{
    nrt_ensure_started();
    return 0;
}

/* OUTPUTS: the trace, graph, model and summary of the run (none when the runtime only
 * starts again with another worker count). */
static void shutdown(bool outputs)
{
    if (!atomic_load_explicit(&nrt_started, memory_order_acquire))
        return;
    /* From inside a task or another thread the remaining tasks cannot all finish
     * (the caller's own task is one of them): leave them, as exit() would. */
    if (nrt_self != &nrt_workers[0] || nrt_current != nrt_root)
        return;
    nrt_wait_children(nrt_root);
    nrt_devices_flush();
    nrt_workers_stop();
    nrt_devices_stop();
    if (outputs)
        nrt_ending_outputs(false, NULL);
    nrt_ending_stop();
    nrt_tg_free_all();
    nrt_devices_release();
    nrt_lock_acquire(&start_lock);
    nrt_domain_free(nrt_root->domain);
    nrt_omp_icvs_free(nrt_root);
    free(nrt_root);
    nrt_root = NULL;
    nrt_current = NULL;
    nrt_workers_release();
    atomic_store(&nrt_tasks_made, false);
    atomic_store_explicit(&nrt_started, 0, memory_order_release);
    nrt_lock_release(&start_lock);
}

void nanort_shutdown(void)
{
    shutdown(true);
}

/* The runtime started with main and the program then asks for another team size before
 * its first task (omp_set_num_threads() at the top of main, as OpenMP programs do): the
 * workers of the first start never ran anything, so they stop, and the first task starts
 * the runtime again with the count asked for. */
void nrt_restart_for_request(void)
{
    if (!atomic_load_explicit(&nrt_started, memory_order_acquire) ||
        atomic_load(&nrt_tasks_made) || !nrt_self || nrt_self != &nrt_workers[0] ||
        nrt_current != nrt_root || !nrt_config_take_request(nrt_nworkers))
        return;
    shutdown(false);
    nrt_lock_acquire(&start_lock);
    restarting = true;
    nrt_lock_release(&start_lock);
}

/* In a child of fork() only the forking thread exists: forget the parent's runtime
 * (its memory is leaked on purpose) and start afresh at first use. */
static void after_fork_child(void)
{
    nrt_lock_init_plain(&start_lock);
    nrt_lock_init_plain(&nrt_types_lock);
    nrt_critical_reset();
    nrt_workers_after_fork();
    nrt_devices_after_fork();
    nrt_tg_after_fork();
    nrt_ending_after_fork();
    nrt_instr_after_fork();
    nrt_root = NULL;
    atomic_store(&nrt_started, 0);
    atomic_store(&nrt_tasks_made, false);
    nrt_config_reset();
}

/* NX_ARGS is parsed at start (first use), not here: with a shared libnanort this
 * constructor runs before those of the program, where device plugins linked into the
 * executable (libnanort-cuda.a) add their options. */
__attribute__((constructor)) static void nrt_constructor(void)
{
    NRT_PCHECK(pthread_atfork(NULL, NULL, after_fork_child));
}

/* ---- queries ---------------------------------------------------------------------- */

int nanort_in_final(void)
{
    return nrt_current && (nrt_current->flags & NRT_TF_FINAL) ? 1 : 0;
}

int nanort_num_workers(void)
{
    nrt_ensure_started();
    return nrt_nworkers;
}

int nanort_worker_id(void)
{
    nrt_ensure_started();
    return nrt_self ? nrt_self->id : -1;
}

const char *nanort_current_label(void)
{
    struct nanort_task *t = nrt_current;
    if (!t || (t->flags & NRT_TF_ROOT) || !t->type)
        return "main";
    return t->type->label ? t->type->label : "(unnamed)";
}

int omp_get_num_threads(void)
{
    int num, size;
    if (nrt_omp_spmd(&num, &size))
        return size;
    if (!nrt_omp_team_of_one())
        return nrt_omp_member_team_size();
    nrt_omp_team_asked();
    return 1;
}

int omp_get_max_threads(void)
{
    return nanort_num_workers();
}

int omp_get_thread_num(void)
{
    int num, size;
    if (nrt_omp_spmd(&num, &size))
        return num;
    if (NRT_UNLIKELY(nrt_team_thread))
        return nrt_omp_team_num();  /* a team member's task its own thread runs */
    /* a master's body: the team's thread 0; a `masked filter(n)`'s: n (also in an
       inactive region whose num_threads asked for more threads) */
    int masked = nrt_omp_masked_num();
    if (masked >= 0)
        return masked;
    if (nrt_omp_team_of_one()) {
        nrt_omp_team_asked();
        return 0;
    }
    nrt_omp_thread_num_asked();     /* (per-thread data: the waits keep it this thread's) */
    int id = nanort_worker_id();
    return id < 0 ? 0 : id;
}

int omp_get_num_procs(void)
{
    return cores_allowed();
}

double omp_get_wtime(void)
{
    return (double)nrt_now_ns() * 1e-9;
}
