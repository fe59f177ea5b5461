/*
 * stack.c - the threads' stacks: --stack-size, and what a thread does when its stack is
 * nearly full of nested tasks.
 *
 * A task waiting in a taskwait runs other tasks on its own stack, so a chain of nested
 * tasks (each creating the next and waiting for it) grows one thread's stack by a few
 * hundred bytes a level: 27,000 levels filled the main thread's 8 MiB and ended in a bare
 * SIGSEGV.  Now:
 *   - worker threads get --stack-size bytes (64 MiB by default: address space only, the
 *     pages are touched as they are used), and the main thread's stack, which the kernel
 *     grows on demand up to the soft RLIMIT_STACK, may grow as far (the limit is raised
 *     when lower and the hard limit allows it);
 *   - a thread whose stack has less than a reserve left (an eighth, at least 256 KiB and
 *     at most 4 MiB) starts no more tasks: its waits leave the ready tasks to the other
 *     workers, whose stacks are fresh, and tasks it creates are queued, not run at once;
 *   - when that cannot go on (every worker is in that state while tasks are queued and no
 *     task finishes for a second), or an undeferred task (if(0), final) must run on a
 *     stack with less than a quarter of that reserve left, the program stops with a
 *     message that names stack exhaustion and --stack-size.
 */
#include "nrt.h"

#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define STACK_DEFAULT "64M"
#define RESERVE_MIN (256u << 10)
#define RESERVE_MAX (4u << 20)
#define STUCK_NS 1000000000ull      /* no progress for this long: stop */

static const char *opt_stack_size;  /* --stack-size (config.c keeps the text) */
static size_t stack_bytes;          /* parsed at start (start lock), read-only after */

/* Below these addresses the calling thread starts no task / runs none at all (0: not a
 * thread whose stack we know, never).  nrt_stack_soft is the guard (nrt.h): soft_real, or
 * UINTPTR_MAX while a slow condition holds. */
__thread uintptr_t nrt_stack_soft __attribute__((tls_model("initial-exec")));
static __thread uintptr_t soft_real, stack_hard;
static __thread uintptr_t stack_lo, stack_hi;   /* the thread's stack [lo, hi) */
/* This thread is waiting with a nearly full stack (counted in n_low). */
__thread bool nrt_stack_waiting __attribute__((tls_model("initial-exec")));
static __thread uint64_t stuck_since;           /* ns, 0: not stuck */
static __thread long stuck_live;                /* nrt_live_tasks() then */

/* Workers waiting with a nearly full stack; relaxed: a hint checked again over a second. */
static atomic_int n_low;

static const struct nrt_option stack_options[] = {
    {"stack-size", NRT_OPT_STRING, STACK_DEFAULT,
     "stack of each worker thread, and how far the main thread's stack may grow (its soft "
     "RLIMIT_STACK is raised to it): bytes with K, M, G. Tasks waiting in a taskwait run "
     "other tasks on their own stack, so deeply nested tasks need it; a thread whose stack "
     "is nearly full leaves new tasks to the others, and the program stops with a message "
     "when none can go on", &opt_stack_size, NULL},
};

__attribute__((constructor(150))) static void stack_register_options(void)
{
    nrt_config_add(stack_options, sizeof stack_options / sizeof stack_options[0]);
}

size_t nrt_stack_size(void)
{
    return stack_bytes;
}

/* OMP_STACKSIZE (else GOMP_STACKSIZE, as libgomp reads them): "N[B|K|M|G]", blanks
 * around, kilobytes without a unit (OpenMP 5.0 6.6).  0 when unset or malformed (after a
 * warning, once: the runtime may start again). */
static size_t omp_stacksize(void)
{
    static bool warned;
    const char *name = getenv("OMP_STACKSIZE") ? "OMP_STACKSIZE" : "GOMP_STACKSIZE";
    const char *v = getenv(name), *p = v;
    if (!v)
        return 0;
    while (*p == ' ' || *p == '\t')
        p++;
    char *end;
    errno = 0;
    unsigned long long n = isdigit((unsigned char)*p) ? strtoull(p, &end, 10) : 0;
    unsigned shift = 10;
    if (isdigit((unsigned char)*p) && !errno) {
        while (*end == ' ' || *end == '\t')
            end++;
        const char *unit = strchr("BKMG", toupper((unsigned char)*end));
        if (*end && unit) {
            shift = 10 * (unsigned)(unit - "BKMG");
            end++;
        }
        while (*end == ' ' || *end == '\t')
            end++;
        if (!*end && n > 0 && n <= (SIZE_MAX >> 1) >> shift)
            return (size_t)n << shift;
    }
    if (!warned)
        fprintf(stderr, "nanort: warning: ignoring %s='%s' (expected a size: a positive number "
                "with an optional B, K, M or G suffix, K without one, e.g. 512M)\n", name, v);
    warned = true;
    return 0;
}

/* AddressSanitizer's fake stacks (detect_stack_use_after_return, on by default in newer
 * ASan runtimes): a function's locals live in a frame ASan allocates for the call, not on
 * the thread's stack.  Its interface, found when the program is built with ASan. */
typedef void *asan_fake_stack_fn(void);
typedef void *asan_in_fake_fn(void *fake_stack, void *addr, void **beg, void **end);
static asan_fake_stack_fn *asan_fake_stack;
static asan_in_fake_fn *asan_in_fake;
bool nrt_asan_fake_stacks;

bool nrt_stack_fake_frame(const void *addr, uintptr_t *lo, uintptr_t *hi)
{
    void *fs = asan_fake_stack(), *beg, *end;
    if (!fs || !asan_in_fake(fs, (void *)(uintptr_t)addr, &beg, &end))
        return false;
    *lo = (uintptr_t)beg;
    *hi = (uintptr_t)end;
    return true;
}

void nrt_stack_setup(void)
{
    asan_fake_stack = (asan_fake_stack_fn *)dlsym(RTLD_DEFAULT, "__asan_get_current_fake_stack");
    asan_in_fake = (asan_in_fake_fn *)dlsym(RTLD_DEFAULT, "__asan_addr_is_in_fake_stack");
    nrt_asan_fake_stacks = asan_fake_stack && asan_in_fake;
    const char *v = opt_stack_size ? opt_stack_size : STACK_DEFAULT;
    stack_bytes = nrt_parse_size("stack-size", v, NRT_SIZE_BYTES);
    /* Without --stack-size (NX_ARGS, NX_STACK_SIZE), OMP_STACKSIZE raises the default: a
     * thread whose local arrays fit the size it names must not overflow.  A smaller value
     * keeps the default (a larger stack costs only address space, and nested tasks use it). */
    size_t omp = omp_stacksize();
    if ((!opt_stack_size || opt_stack_size == stack_options[0].def) && omp > stack_bytes)
        stack_bytes = omp;
    if (stack_bytes < (size_t)PTHREAD_STACK_MIN || stack_bytes < 2 * RESERVE_MIN) {
        fprintf(stderr, "nanort: --stack-size=%s is too small (at least %uK)\n", v,
                2 * RESERVE_MIN >> 10);
        exit(1);
    }
    /* The main thread's stack grows on demand up to the soft limit. */
    struct rlimit rl;
    if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        rl.rlim_cur < stack_bytes) {
        rlim_t want = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > stack_bytes ? stack_bytes
                                                                                 : rl.rlim_max;
        if (want > rl.rlim_cur) {
            rl.rlim_cur = want;
            (void)setrlimit(RLIMIT_STACK, &rl);   /* failure: the main thread keeps its own */
        }
    }
}

void nrt_stack_attr(pthread_attr_t *a)
{
    NRT_PCHECK(pthread_attr_setstacksize(a, stack_bytes));
}

void nrt_stack_guard(void)
{
    nrt_stack_soft = nrt_stack_waiting ? UINTPTR_MAX : soft_real;
}

static bool really_low(void)
{
    return (uintptr_t)__builtin_frame_address(0) < soft_real;
}

void nrt_stack_attach(void)
{
    pthread_attr_t a;
    void *addr;
    size_t size;
    soft_real = stack_hard = 0;
    nrt_stack_waiting = false;
    stuck_since = 0;
    nrt_stack_guard();
    if (pthread_getattr_np(pthread_self(), &a) != 0)
        return;                     /* unknown: never counted as low */
    int rc = pthread_attr_getstack(&a, &addr, &size);
    pthread_attr_destroy(&a);
    if (rc != 0 || size < 2 * RESERVE_MIN)
        return;
    size_t reserve = size / 8;
    reserve = reserve < RESERVE_MIN ? RESERVE_MIN : reserve > RESERVE_MAX ? RESERVE_MAX : reserve;
    stack_lo = (uintptr_t)addr;
    stack_hi = stack_lo + size;
    soft_real = stack_lo + reserve;
    stack_hard = stack_lo + reserve / 4;
    nrt_stack_guard();
}

/* The lowest address of this thread's stack that a region of a task it created named
 * while devices were in use (UINTPTR_MAX: none since the last frame_end below it):
 * nanort_frame_end has nothing to do for a frame above it. */
__thread uintptr_t nrt_stack_cached_lo __attribute__((tls_model("initial-exec"))) = UINTPTR_MAX;

void nrt_stack_note_region(uintptr_t addr)
{
    if (addr < nrt_stack_cached_lo && addr >= stack_lo && addr < stack_hi)
        nrt_stack_cached_lo = addr;
}

bool nrt_stack_overflowed(uintptr_t addr, uintptr_t sp)
{
    if (!stack_lo)
        return false;               /* a thread whose stack we do not know */
    if (sp)
        return sp < stack_lo + 4096;
    return addr < stack_lo + 4096 && addr + (64u << 10) >= stack_lo;   /* the guard's reach */
}

bool nrt_stack_holds(uintptr_t addr)
{
    return !stack_lo || (addr >= stack_lo && addr < stack_hi);
}

size_t nrt_stack_size_here(void)
{
    return stack_hi - stack_lo;
}

/* "12.0 MiB of 64.0 MiB" */
static void stack_use(char *buf, size_t n)
{
    uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
    snprintf(buf, n, "%.1f MiB of its %.1f MiB", (double)(stack_hi - sp) / 1048576.0,
             (double)(stack_hi - stack_lo) / 1048576.0);
}

static const char *label_of(const struct nanort_task *t)
{
    return t && t->type && t->type->label ? t->type->label : "main";
}

void nrt_stack_check_undeferred(const struct nanort_task *t)
{
    if (NRT_LIKELY((uintptr_t)__builtin_frame_address(0) >= stack_hard))
        return;
    char use[96];
    stack_use(use, sizeof use);
    nrt_fatal("stack exhausted: undeferred task '%s' (if(0), final or throttled) cannot run on "
              "worker %d, whose stack is full of nested tasks (%s used); raise --stack-size "
              "(now %zu MiB) or nest fewer undeferred tasks", label_of(t),
              nrt_self ? nrt_self->id : -1, use, stack_bytes >> 20);
}

/* Every worker waits with a full stack, tasks are queued that none of them may start, and
 * nothing has finished for a while. */
static void check_stuck(void)
{
    int low = atomic_load_explicit(&n_low, memory_order_relaxed);
    if (low < nrt_nworkers || !nrt_sched_has_work()) {
        stuck_since = 0;
        return;
    }
    uint64_t now = nrt_now_ns();
    long live = nrt_live_tasks();
    if (!stuck_since || live != stuck_live) {
        stuck_since = now;
        stuck_live = live;
        return;
    }
    if (now - stuck_since < STUCK_NS)
        return;
    char use[96];
    stack_use(use, sizeof use);
    nrt_fatal("stack exhausted: tasks are nested so deeply that every worker's stack is nearly "
              "full (worker %d: %s used, in task '%s') and the ready tasks cannot start; raise "
              "--stack-size (now %zu MiB; it also sets how far the main thread's stack grows), "
              "use more workers, or nest tasks less deeply", nrt_self ? nrt_self->id : -1, use,
              label_of(nrt_current), stack_bytes >> 20);
}

void nrt_stack_release(void)
{
    if (!nrt_stack_waiting)
        return;
    nrt_stack_waiting = false;
    stuck_since = 0;
    atomic_fetch_sub_explicit(&n_low, 1, memory_order_relaxed);
    nrt_stack_guard();
}

bool nrt_stack_hold(void)
{
    if (!really_low()) {            /* back above the reserve (or never below it) */
        nrt_stack_release();
        return false;
    }
    nrt_handoff_requeue();          /* a kept successor is for the others now */
    if (!nrt_stack_waiting) {
        nrt_stack_waiting = true;
        atomic_fetch_add_explicit(&n_low, 1, memory_order_relaxed);
        nrt_stack_guard();
    }
    check_stuck();
    /* The waits around us poll again at once while tasks are queued: do not take the core
     * from the workers that can run them. */
    struct timespec ts = {0, 200 * 1000};
    nanosleep(&ts, NULL);
    return true;
}
