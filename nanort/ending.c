/*
 * ending.c - what a run leaves behind however the process ends.
 *
 * The trace, graph, summary and performance model a user asked for are written at the
 * runtime's shutdown, after main returned.  A process can also end
 *   - by SIGTERM or SIGINT (a batch job at its time limit, Ctrl-C): the handler only posts
 *     a semaphore; the monitor thread writes the files from what was recorded so far
 *     (instr.c reads the threads' buffers while they run), then the process dies of the
 *     same signal (SIG_DFL and raise again), so shells and batch systems see it;
 *   - by a task's crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) with no handler of the
 *     program's: crash.c's handler reports it and hands over to the monitor thread as
 *     above, and waits; the files hold what was recorded up to the crash (the crashed
 *     task is not in them), which shows what ran before it and what it waited for;
 *   - by exit() inside a task, or from a thread that is not main: the shutdown cannot
 *     wait for the tasks (the caller is one of them), so it writes what was recorded so
 *     far and lets exit() go on with the program's status.
 * A second signal while the files are written ends the process at once.  The handlers
 * are installed only when something is to be written (or --watchdog is on), and only
 * over the default action: a program's own handler, or a signal ignored (nohup, a
 * background job), is left alone.
 *
 * A requested file that cannot be written makes the exit status 1 when the program's
 * was 0: an on_exit() handler registered before any other (constructor 101) runs last,
 * sees the status, flushes stdio and _exits with 1.
 *
 * The monitor thread also runs the --watchdog's periodic check (watchdog.c).
 */
#include "nrt.h"

#include <errno.h>
#include <semaphore.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- the exit status after a failed output ---------------------------------------- */

static atomic_bool output_failed;   /* relaxed: read after the writers in the same thread
                                     * or after exit() began (all writers have run) */

void nrt_output_failed(void)
{
    atomic_store_explicit(&output_failed, true, memory_order_relaxed);
}

static void status_hook(int status, void *arg)
{
    (void)arg;
    if (status != 0 || !atomic_load_explicit(&output_failed, memory_order_relaxed))
        return;
    fputs("nanort: exit status 1 instead of 0: a requested output could not be written "
          "(see above)\n", stderr);
    fflush(NULL);
    _exit(1);
}

__attribute__((constructor(101))) static void ending_register_status_hook(void)
{
    if (on_exit(status_hook, NULL) != 0)
        fputs("nanort: warning: on_exit() failed: a failed trace, graph or model write will "
              "not change the exit status\n", stderr);
}

/* ---- writing the outputs once --------------------------------------------------------- */

/* Held while the outputs are written; `written` (end_lock) makes it once per start. */
static struct nrt_lock end_lock = NRT_LOCK_INITIALIZER;
static bool written;
static uint64_t run_start_ns;       /* start (the starting thread, before any other) */

void nrt_ending_outputs(bool partial, const char *why)
{
    nrt_lock_acquire(&end_lock);
    if (!written) {
        written = true;
        bool any = nrt_instr_files_wanted() || nrt_cfg.summary || nrt_perf_dir_on();
        if (partial && any)
            fprintf(stderr, "nanort: %s: writing the trace, graph, summary and model "
                            "requested, with the tasks finished so far\n", why);
        if (partial)
            nrt_instr_write_now();
        else
            nrt_instr_stop();
        nrt_perf_save();
        if (nrt_cfg.summary) {
            if (partial)
                fprintf(stderr, "nanort: the summary below stops at the %s; tasks still "
                                "running are not in it\n", why);
            nrt_stats_print(nrt_now_ns() - run_start_ns);
        }
        fflush(stderr);
    }
    nrt_lock_release(&end_lock);
}

/* ---- SIGTERM and SIGINT ---------------------------------------------------------------- */

static const int term_sig[] = {SIGTERM, SIGINT};
#define NTERM (sizeof term_sig / sizeof term_sig[0])
static bool term_installed[NTERM];  /* start/stop (no worker exists or all stopped) */

/* The signal being handled (0: none); the handler's compare-exchange makes a second one
 * end the process at once.  `monitor_up` (release/acquire): the monitor exists, so the
 * handler may hand the work over. */
static atomic_int pending_sig;
static atomic_bool monitor_up;
static sem_t wake;
static atomic_bool monitor_stop;
static pthread_t monitor;
static bool monitor_started;        /* start/stop thread */

/* Die of sig with its default action (async-signal-safe: sigaction, sigprocmask, raise). */
static void die_of(int sig)
{
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    sigset_t one;
    sigemptyset(&one);
    sigaddset(&one, sig);
    pthread_sigmask(SIG_UNBLOCK, &one, NULL);
    raise(sig);
    kill(getpid(), sig);            /* if raise returned (the thread blocks it somehow) */
}

static void on_term(int sig)
{
    int none = 0;
    if (atomic_compare_exchange_strong(&pending_sig, &none, sig) &&
        atomic_load_explicit(&monitor_up, memory_order_acquire)) {
        sem_post(&wake);            /* async-signal-safe */
        return;
    }
    die_of(sig);
}

void nrt_ending_on_crash(int sig)
{
    if (!nrt_instr_files_wanted() && !nrt_cfg.summary && !nrt_perf_dir_on())
        return;
    if (!atomic_load_explicit(&monitor_up, memory_order_acquire))
        return;
    int none = 0;
    if (atomic_compare_exchange_strong(&pending_sig, &none, sig))
        sem_post(&wake);            /* async-signal-safe */
    /* the monitor ends the process (a second task that crashes meanwhile waits too, not to
       kill it mid-write); one stuck on what the crash broke (a lock the crashed task held)
       must not keep it alive */
    struct timespec ms = {0, 10000000};
    for (int k = 0; k < 6000; k++)
        nanosleep(&ms, NULL);
}

static const char *sig_name(int sig)
{
    switch (sig) {
    case SIGTERM: return "SIGTERM received";
    case SIGINT: return "SIGINT received";
    case SIGSEGV: return "crash (SIGSEGV) of a task";
    case SIGBUS: return "crash (SIGBUS) of a task";
    case SIGFPE: return "crash (SIGFPE) of a task";
    case SIGILL: return "crash (SIGILL) of a task";
    case SIGABRT: return "crash (SIGABRT) of a task";
    default: return "signal received";
    }
}

static void install_term_handlers(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_term;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    for (unsigned i = 0; i < NTERM; i++) {
        struct sigaction old;
        term_installed[i] = false;
        if (sigaction(term_sig[i], NULL, &old) != 0)
            continue;
        if (!(old.sa_flags & SA_SIGINFO) && old.sa_handler == on_term) {
            term_installed[i] = true;   /* still ours from an earlier start */
            continue;
        }
        if ((old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL)
            continue;                   /* the program's handler, or ignored: leave it */
        term_installed[i] = sigaction(term_sig[i], &sa, NULL) == 0;
    }
}

static void remove_term_handlers(void)
{
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    for (unsigned i = 0; i < NTERM; i++)
        if (term_installed[i]) {
            sigaction(term_sig[i], &dfl, NULL);
            term_installed[i] = false;
        }
}

/* ---- the monitor thread --------------------------------------------------------------- */

static void *monitor_main(void *arg)
{
    (void)arg;
    /* the signals are handled on the other threads: this one only reacts */
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL);
    (void)pthread_setname_np(pthread_self(), "nanort-monitor");
    long period_ms = nrt_watchdog_period_ms();
    for (;;) {
        int rc;
        if (period_ms > 0) {
            struct timespec dl = nrt_deadline(period_ms * 1000000L);
            while ((rc = sem_timedwait(&wake, &dl)) != 0 && errno == EINTR)
                ;
        } else {
            while ((rc = sem_wait(&wake)) != 0 && errno == EINTR)
                ;
        }
        if (atomic_load(&monitor_stop))
            return NULL;
        int sig = atomic_load(&pending_sig);
        if (sig) {
            nrt_ending_outputs(true, sig_name(sig));
            die_of(sig);
        }
        if (rc != 0)
            nrt_watchdog_tick();
    }
}

void nrt_ending_start(uint64_t start_ns)
{
    run_start_ns = start_ns;
    /* no other runtime thread exists now; a child of fork() may have inherited it held */
    nrt_lock_init_plain(&end_lock);
    written = false;
    atomic_store(&pending_sig, 0);
    atomic_store(&monitor_stop, false);
    bool outputs = nrt_instr_files_wanted() || nrt_cfg.summary || nrt_perf_dir_on();
    if (!outputs && nrt_watchdog_period_ms() == 0)
        return;
    if (sem_init(&wake, 0, 0) != 0)
        nrt_fatal("sem_init failed: %s", strerror(errno));
    int rc = pthread_create(&monitor, NULL, monitor_main, NULL);
    if (rc != 0) {
        fprintf(stderr, "nanort: warning: cannot start the monitor thread (%s): no output on "
                        "SIGTERM/SIGINT, no --watchdog\n", strerror(rc));
        return;
    }
    monitor_started = true;
    atomic_store_explicit(&monitor_up, true, memory_order_release);
    if (outputs)
        install_term_handlers();
}

void nrt_ending_stop(void)
{
    if (!monitor_started)
        return;
    /* a signal from here on ends the process at once (its outputs are written) */
    atomic_store_explicit(&monitor_up, false, memory_order_release);
    atomic_store(&monitor_stop, true);
    sem_post(&wake);
    NRT_PCHECK(pthread_join(monitor, NULL));
    monitor_started = false;
    remove_term_handlers();
    sem_destroy(&wake);
}

void nrt_ending_after_fork(void)
{
    /* the monitor thread was not copied: the handlers now end the process at once */
    atomic_store(&monitor_up, false);
    monitor_started = false;
}
