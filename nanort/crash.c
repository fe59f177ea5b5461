/*
 * crash.c - a task that crashes says which task it was.
 *
 * A fatal signal raised while a thread runs a task body prints
 *   nanort: task 'LABEL' (implementation 'NAME' on DEVICE) crashed: SIGSEGV (...) at
 *   address 0x...; run it under gdb ...
 *   nanort: backtrace (addr2line -f -e PROGRAM OFFSET gives the line of a frame):
 *     ./app(+0x1234) [0x5555...]
 * (the faulting address is the data address for SIGSEGV and SIGBUS, the instruction for
 * SIGFPE and SIGILL; the backtrace starts at the faulting frame, its callers' frames at
 * their call instruction, at most BT_FRAMES) and then behaves as if we were not there:
 * the handler the program installed before the runtime started is called, or the
 * signal's default action kills the process, so the exit status is still the signal's
 * (shells, Check and CI see a SIGSEGV); before the default action, the trace, graph and
 * summary asked for are written (ending.c).
 *
 * A task whose locals overflow its thread's stack faults below the stack, where no handler
 * can run: every thread that runs tasks gets an alternate signal stack (SA_ONSTACK), and a
 * fault whose stack pointer is below the thread's stack is reported as an overflow, naming
 * --stack-size.
 *
 * Everything here runs in a signal handler: only write(2), nanosleep(2), sigaction(2),
 * raise(3) and lock-free atomics, no stdio, no locks, no allocation.  nrt_current is initial-exec TLS, safe to read.
 * backtrace(3) loads libgcc's unwinder at its first call, which allocates: that call is
 * made at install time, so that the one in the handler does not; backtrace_symbols_fd(3)
 * writes to the descriptor without allocating.
 */
#include "nrt.h"

#include <execinfo.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

static const struct {
    int sig;
    const char *name;
} fatal[] = {
    {SIGSEGV, "SIGSEGV (segmentation fault: a bad pointer)"},
    {SIGBUS, "SIGBUS (bus error: a misaligned or unmapped access)"},
    {SIGFPE, "SIGFPE (arithmetic exception, e.g. an integer division by zero)"},
    {SIGILL, "SIGILL (illegal instruction)"},
    {SIGABRT, "SIGABRT (aborted, e.g. a failed assert)"},
};
#define NFATAL (sizeof fatal / sizeof fatal[0])

/* The actions before ours: written at start (no task runs yet), read by the handler. */
static struct sigaction prev[NFATAL];

/* Appends to a fixed buffer; no formatting functions are async-signal-safe. */
struct msg {
    char buf[512];
    size_t n;
};

static void put(struct msg *m, const char *s)
{
    while (s && *s && m->n < sizeof m->buf - 1)
        m->buf[m->n++] = *s++;
}

static void put_hex(struct msg *m, uintptr_t v)
{
    char d[2 + 2 * sizeof v];
    int k = 0;
    do
        d[k++] = "0123456789abcdef"[v & 15];
    while ((v >>= 4) && k < (int)sizeof d);
    put(m, "0x");
    while (k > 0 && m->n < sizeof m->buf - 1)
        m->buf[m->n++] = d[--k];
}

static void put_uint(struct msg *m, unsigned long v)
{
    char d[24];
    int k = 0;
    do
        d[k++] = (char)('0' + v % 10);
    while ((v /= 10) && k < 24);
    while (k > 0 && m->n < sizeof m->buf - 1)
        m->buf[m->n++] = d[--k];
}

static const struct nanort_impl *crashed_impl(const struct nanort_task *t)
{
    if (t->impl)
        return t->impl;
    return t->info && t->info->nimpls == 1 ? t->info->impls[0] : NULL;
}

static void put_device(struct msg *m, const struct nanort_task *t)
{
    if (t->space > 0 && t->space < nrt_nspaces && nrt_spaces[t->space]) {
        put(m, nrt_spaces[t->space]->name);
    } else if (nrt_self) {
        put(m, "smp worker ");
        put_uint(m, (unsigned long)nrt_self->id);
        if (nrt_cluster.active) {       /* cluster mode: which rank's worker */
            put(m, " of cluster rank ");
            put_uint(m, (unsigned long)nrt_cluster.rank);
        }
    } else {
        put(m, "smp, a thread that is not a worker");
    }
}

#define BT_FRAMES 12

/* The frames from the faulting one on: the handler's own frame and the kernel's signal
 * trampoline come first; the trampoline is found as the frame before the faulting PC
 * when the kernel told it (SIGSEGV's context), else the first two are dropped. */
static void write_backtrace(void)
{
    void *frames[BT_FRAMES + 2];
    int n = backtrace(frames, BT_FRAMES + 2);
    int first = n > 2 ? 2 : n;
    static const char head[] = "nanort: backtrace (addr2line -f -e PROGRAM OFFSET gives "
                               "the function and line of a frame):\n";
    ssize_t w = write(STDERR_FILENO, head, sizeof head - 1);
    for (int i = first; i < n; i++) {
        /* a caller's frame holds the return address, whose line is the one after the
           call's (main.c:12 for a taskwait on line 11): the call's last byte is on it */
        if (i > first)
            frames[i] = (char *)frames[i] - 1;
        w = write(STDERR_FILENO, "  ", 2);
        backtrace_symbols_fd(&frames[i], 1, STDERR_FILENO);
    }
    (void)w;
}

/* The stack pointer where the signal came, 0 where unknown. */
static uintptr_t fault_sp(const void *uctx)
{
    const ucontext_t *uc = uctx;
    if (!uc)
        return 0;
#if defined(__x86_64__)
    return (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
#elif defined(__aarch64__)
    return (uintptr_t)uc->uc_mcontext.sp;
#else
    return 0;
#endif
}

static void put_overflow(struct msg *m)
{
    put(m, ": the task overflowed its thread's stack (");
    put_uint(m, (unsigned long)((nrt_stack_size_here() + (512u << 10)) >> 20));
    put(m, " MiB) with its local variables or a deep recursion; allocate large arrays "
           "with malloc, or raise --stack-size\n");
}

/* Does a handler installed before ours (the program's, a sanitizer's) run after the
 * report? */
static bool chains(int sig)
{
    for (unsigned i = 0; i < NFATAL; i++)
        if (fatal[i].sig == sig)
            return (prev[i].sa_flags & SA_SIGINFO)
                       ? prev[i].sa_sigaction != NULL
                       : prev[i].sa_handler != SIG_DFL && prev[i].sa_handler != SIG_IGN;
    return false;
}

static void report(const struct nanort_task *t, const char *signame, int sig,
                   const siginfo_t *info, const void *uctx)
{
    struct msg m = {.n = 0};
    const struct nanort_impl *impl = crashed_impl(t);
    put(&m, "nanort: task '");
    put(&m, t->type->label ? t->type->label : "(unnamed)");
    put(&m, "' (implementation '");
    put(&m, impl && impl->name ? impl->name : "?");
    put(&m, "' on ");
    put_device(&m, t);
    put(&m, ") crashed: ");
    put(&m, signame);
    if (info && (sig == SIGSEGV || sig == SIGBUS)) {
        put(&m, " at address ");
        put_hex(&m, (uintptr_t)info->si_addr);
    } else if (info && (sig == SIGFPE || sig == SIGILL)) {
        put(&m, " at instruction ");
        put_hex(&m, (uintptr_t)info->si_addr);
    }
    if (sig == SIGSEGV && nrt_stack_overflowed(info ? (uintptr_t)info->si_addr : 0,
                                               fault_sp(uctx)))
        put_overflow(&m);
    else if (chains(sig))       /* e.g. AddressSanitizer's, which reports the line itself */
        put(&m, "; the handler installed before nanort's (a sanitizer's, or the program's) "
                "runs next\n");
    else
        put(&m, "; run it under gdb, or rebuild with -g -fsanitize=address, to see where\n");
    ssize_t w = write(STDERR_FILENO, m.buf, m.n);
    (void)w;                        /* nothing better to do when stderr is gone */
    write_backtrace();
}

/* 0: nothing reported, 1: a thread is writing its report, 2: written.  Two tasks that
 * crash at once: one reports, and the other must not kill the process before the
 * report is out, so it waits (at most about a second) for state 2. */
static int report_state;

static void report_once(const struct nanort_task *t, const char *signame, int sig,
                        const siginfo_t *info, const void *uctx)
{
    int none = 0;
    if (__atomic_compare_exchange_n(&report_state, &none, 1, false, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE)) {
        report(t, signame, sig, info, uctx);
        __atomic_store_n(&report_state, 2, __ATOMIC_RELEASE);
        return;
    }
    struct timespec ms = {0, 1000000};
    for (int k = 0; k < 1000 && __atomic_load_n(&report_state, __ATOMIC_ACQUIRE) == 1; k++)
        nanosleep(&ms, NULL);
}

static void on_fatal(int sig, siginfo_t *info, void *uctx)
{
    unsigned i = 0;
    while (i < NFATAL - 1 && fatal[i].sig != sig)
        i++;
    const struct nanort_task *t = nrt_current;
    if (t && !(t->flags & NRT_TF_ROOT) && t->type)
        report_once(t, fatal[i].name, sig, info, uctx);
    const struct sigaction *p = &prev[i];
    if ((p->sa_flags & SA_SIGINFO) && p->sa_sigaction) {
        p->sa_sigaction(sig, info, uctx);
        return;
    }
    if (!(p->sa_flags & SA_SIGINFO) && p->sa_handler != SIG_DFL && p->sa_handler != SIG_IGN) {
        p->sa_handler(sig);
        return;
    }
    /* The outputs asked for are written (by the monitor thread, which then ends the
     * process) before the default action. */
    if (t && !(t->flags & NRT_TF_ROOT) && t->type)
        nrt_ending_on_crash(sig);
    /* Default action: delivered when the handler returns (the signal is blocked while it
     * runs); a fault would also recur at the same instruction. */
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    raise(sig);
}

void nrt_crash_install(void)
{
    void *warm[1];
    backtrace(warm, 1);             /* loads the unwinder now, not in the handler */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_fatal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (unsigned i = 0; i < NFATAL; i++) {
        struct sigaction old;
        if (sigaction(fatal[i].sig, NULL, &old) != 0)
            continue;
        if ((old.sa_flags & SA_SIGINFO) && old.sa_sigaction == on_fatal)
            continue;               /* a restart: keep the program's handler saved then */
        prev[i] = old;
        if (sigaction(fatal[i].sig, &sa, NULL) != 0)
            fprintf(stderr, "nanort: warning: sigaction(%d) failed; a crashing task will not "
                            "be named\n", fatal[i].sig);
    }
}

/* The alternate signal stack of this thread (NULL: none of ours). */
static __thread void *alt_stack;
#define ALT_BYTES (128u << 10)

void nrt_crash_thread_attach(void)
{
    stack_t old;
    if (alt_stack || sigaltstack(NULL, &old) != 0 || !(old.ss_flags & SS_DISABLE))
        return;                     /* ours already, or the program's own */
    void *p = mmap(NULL, ALT_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return;                     /* an overflow then dies unnamed, as it did */
    stack_t ss = {.ss_sp = p, .ss_size = ALT_BYTES, .ss_flags = 0};
    if (sigaltstack(&ss, NULL) != 0) {
        munmap(p, ALT_BYTES);
        return;
    }
    alt_stack = p;
}

void nrt_crash_thread_detach(void)
{
    if (!alt_stack)
        return;
    stack_t ss = {.ss_sp = NULL, .ss_size = 0, .ss_flags = SS_DISABLE};
    if (sigaltstack(&ss, NULL) == 0)
        munmap(alt_stack, ALT_BYTES);
    alt_stack = NULL;
}
