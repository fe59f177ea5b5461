/*
 * comm.c - MPI in cluster mode: start, handshake, the communication thread, stop.
 *
 * Each rank has one communication thread, the only thread that calls MPI in cluster mode.
 * Other threads hand it jobs (cl_job: post a transfer, send a DONE); it posts non-blocking
 * operations and tests them all with one MPI_Testsome per round.  It never spins: after a
 * round in which nothing happened it sleeps on a condition, 1 us, then twice as long each
 * time up to --cluster-poll us while something is pending (a request, a task running on
 * another rank), and 1 ms when only its always-posted receive is (an idle rank); a new job
 * wakes it at once.  So a worker never polls MPI, and an idle rank costs ~1000 wake-ups a
 * second.  (Open MPI's own blocking waits spin: we never call them.)  The exception: while
 * another thread of this rank blocks until a transfer completes (cl_urgent: a worker
 * whose task reads data another rank holds), the thread yields between rounds instead of
 * napping: the waiter's core is free, and a nap would add to the wait.
 *
 * Locking: `J.lock` guards the job queue and the sleeping; the request arrays belong to the
 * communication thread alone.
 */
#include "cluster.h"

#include <errno.h>
#include <sched.h>
#include <sys/prctl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

MPI_Comm cl_comm = MPI_COMM_NULL;
int cl_rank = -1, cl_size;
struct cl_windows cl_win0;
struct cl_rank_info *cl_ranks;
void (*cl_after_round)(void);
bool (*cl_finished)(void);

struct job {
    cl_job_fn *fn;
    void *arg;
    struct job *next;
};

static struct {
    struct nrt_lock lock;
    pthread_cond_t cond;            /* the thread sleeps on it */
    struct job *head, *tail;        /* lock */
    bool stop;                      /* lock: cl_stop() asked */
    bool asleep;                    /* lock: the thread waits on cond */
    pthread_t thread;
} J = {.lock = NRT_LOCK_INITIALIZER, .cond = PTHREAD_COND_INITIALIZER};

static atomic_int busy;             /* cl_busy(); seq_cst */
static atomic_int urgent;           /* cl_urgent(); seq_cst */

/* Communication thread only. */
static struct {
    MPI_Request *req;
    struct watch {
        cl_done_fn *done;
        void *arg;
        bool background;
    } *w;
    int n, cap, nbackground;
    int *idx;
    MPI_Status *st;
} R;

_Noreturn void cl_die(const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "nanort: cluster rank %d: %s\n", cl_rank, msg);
    fflush(stderr);
    int init = 0, fin = 0;
    MPI_Initialized(&init);
    MPI_Finalized(&fin);
    if (init && !fin)
        PMPI_Abort(MPI_COMM_WORLD, 1);
    _exit(1);
}

void cl_mpi_check(int rc, const char *call, const char *what)
{
    if (NRT_LIKELY(rc == MPI_SUCCESS))
        return;
    char msg[MPI_MAX_ERROR_STRING] = "";
    int len = 0;
    if (PMPI_Error_string(rc, msg, &len) != MPI_SUCCESS)
        snprintf(msg, sizeof msg, "error code %d", rc);
    cl_die("%s failed (%s) while %s; the run stops", call, msg, what);
}

void cl_job(cl_job_fn *fn, void *arg)
{
    struct job *j = nrt_xmalloc(sizeof *j);
    *j = (struct job){fn, arg, NULL};
    nrt_lock_acquire(&J.lock);
    if (J.tail)
        J.tail->next = j;
    else
        J.head = j;
    J.tail = j;
    if (J.asleep)
        NRT_PCHECK(pthread_cond_signal(&J.cond));
    nrt_lock_release(&J.lock);
}

void cl_busy(int delta)
{
    atomic_fetch_add(&busy, delta);
}

void cl_urgent(int delta)
{
    atomic_fetch_add(&urgent, delta);
    if (delta > 0) {                /* it may be napping: the wait starts now */
        nrt_lock_acquire(&J.lock);
        if (J.asleep)
            NRT_PCHECK(pthread_cond_signal(&J.cond));
        nrt_lock_release(&J.lock);
    }
}

void cl_watch(MPI_Request r, cl_done_fn *done, void *arg, bool background)
{
    if (R.n == R.cap) {
        R.cap = R.cap ? 2 * R.cap : 256;
        R.req = nrt_xrealloc(R.req, (size_t)R.cap * sizeof *R.req);
        R.w = nrt_xrealloc(R.w, (size_t)R.cap * sizeof *R.w);
        R.idx = nrt_xrealloc(R.idx, (size_t)R.cap * sizeof *R.idx);
        R.st = nrt_xrealloc(R.st, (size_t)R.cap * sizeof *R.st);
    }
    R.req[R.n] = r;
    R.w[R.n++] = (struct watch){done, arg, background};
    R.nbackground += background;
}

/* One MPI_Testsome over every posted request; calls the completions.  Returns how many
 * completed. */
static int test_round(void)
{
    if (R.n == 0)
        return 0;
    int out = 0;
    cl_mpi_check(PMPI_Testsome(R.n, R.req, &out, R.idx, R.st), "MPI_Testsome",
                 "testing transfers and messages");
    if (out == MPI_UNDEFINED || out == 0)
        return 0;
    /* copy the completions out first: their callbacks may post more */
    struct watch *done = nrt_xmalloc((size_t)out * sizeof *done);
    MPI_Status *st = nrt_xmalloc((size_t)out * sizeof *st);
    for (int k = 0; k < out; k++) {
        done[k] = R.w[R.idx[k]];
        st[k] = R.st[k];
        R.nbackground -= done[k].background;
    }
    int w = 0;
    for (int i = 0; i < R.n; i++)
        if (R.req[i] != MPI_REQUEST_NULL) {
            R.req[w] = R.req[i];
            R.w[w++] = R.w[i];
        }
    R.n = w;
    for (int k = 0; k < out; k++)
        done[k].done(done[k].arg, &st[k]);
    free(done);
    free(st);
    return out;
}

static int run_jobs(void)
{
    nrt_lock_acquire(&J.lock);
    struct job *j = J.head;
    J.head = J.tail = NULL;
    nrt_lock_release(&J.lock);
    int n = 0;
    while (j) {
        struct job *next = j->next;
        j->fn(j->arg);
        free(j);
        j = next;
        n++;
    }
    return n;
}

static long poll_max_ns(void)
{
    return (nrt_cluster.poll_us > 0 ? nrt_cluster.poll_us : 100) * 1000L;
}

/* Nothing happened this round: sleep until a job comes or `ns` passed. */
static void nap(long ns)
{
    nrt_lock_acquire(&J.lock);
    if (!J.head && !J.stop) {
        J.asleep = true;
        struct timespec until = nrt_deadline(ns);
        int rc = nrt_cond_timedwait(&J.cond, &J.lock, &until);
        if (rc != 0 && rc != ETIMEDOUT)
            nrt_pthread_fail("pthread_cond_timedwait(&J.cond, &J.lock, &until)", rc);
        J.asleep = false;
    }
    nrt_lock_release(&J.lock);
}

static bool stop_asked(void)
{
    nrt_lock_acquire(&J.lock);
    bool s = J.stop && !J.head;
    nrt_lock_release(&J.lock);
    return s;
}

/* How long an idle rank keeps polling at --cluster-poll after its last message: rank 0
 * often waits for one reply at a time (a copy back to the host). */
#define RECENT_NS (200 * 1000 * 1000L)

/* Time this thread spent yielding (a waiter's copy is urgent): CPU time it gives away to
 * any runnable thread, not a cost to rank 0's workers (communication thread only). */
static uint64_t yield_ns;

/* The share of a core this thread used over the last ~20 ms (EWMA) for its work, its
 * yielding left out, for placement: rank 0's workers share the cores with it
 * (nrt_cluster.comm_permille). */
static void measure_own_cpu(uint64_t *wall0, uint64_t *cpu0, uint64_t *yield0)
{
    uint64_t wall = nrt_now_ns();
    if (wall - *wall0 < 20 * 1000 * 1000)
        return;
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return;
    uint64_t cpu = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
    uint64_t used = cpu - *cpu0, yielded = yield_ns - *yield0;
    used = used > yielded ? used - yielded : 0;
    int now = (int)(1000 * used / (wall - *wall0));
    int old = atomic_load_explicit(&nrt_cluster.comm_permille, memory_order_relaxed);
    atomic_store_explicit(&nrt_cluster.comm_permille, (3 * old + (now > 1000 ? 1000 : now)) / 4,
                          memory_order_relaxed);
    *wall0 = wall;
    *cpu0 = cpu;
    *yield0 = yield_ns;
}

static void *comm_main(void *arg)
{
    (void)arg;
    /* short naps must be short: the default timer slack (50 us) would round them up */
    prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
    long sleep_ns = 1000;
    uint64_t last = nrt_now_ns(), wall0 = last, cpu0 = 0, yield0 = 0;
    for (;;) {
        measure_own_cpu(&wall0, &cpu0, &yield0);
        int n = run_jobs();
        n += test_round();
        if (cl_after_round)
            cl_after_round();
        if (n > 0) {
            sleep_ns = 1000;
            last = nrt_now_ns();
            continue;
        }
        bool pending = R.n > R.nbackground || atomic_load(&busy) > 0;
        if (pending && atomic_load(&urgent) > 0) {
            uint64_t y0 = nrt_now_ns();
            sched_yield();          /* a thread waits for this round's result */
            yield_ns += nrt_now_ns() - y0;
            continue;
        }
        if (!pending && stop_asked() && (!cl_finished || cl_finished()))
            break;
        bool recent = nrt_now_ns() - last < (uint64_t)RECENT_NS;
        long cap = pending || recent ? poll_max_ns() : 1000 * 1000L;
        nap(sleep_ns < cap ? sleep_ns : cap);
        if (sleep_ns < cap)
            sleep_ns *= 2;
    }
    /* the receives that are always posted: nobody sends to them any more */
    for (int i = 0; i < R.n; i++) {
        PMPI_Cancel(&R.req[i]);
        PMPI_Request_free(&R.req[i]);
    }
    R.n = 0;
    return NULL;
}

/* ---- transfer pieces ----------------------------------------------------------------- */

static uint64_t rows_per_piece(uint64_t width, uint64_t chunk)
{
    uint64_t r = width ? chunk / width : 1;
    return r ? r : 1;
}

unsigned cl_pieces(uint64_t width, uint64_t rows, uint64_t chunk)
{
    if (rows <= 1)
        return width ? (unsigned)((width + chunk - 1) / chunk) : 1;
    uint64_t r = rows_per_piece(width, chunk);
    return (unsigned)((rows + r - 1) / r);
}

void cl_piece(uint64_t width, uint64_t rows, uint64_t pitch, uint64_t chunk, unsigned k,
              size_t *off, int *count, MPI_Datatype *type)
{
    if (rows <= 1) {
        uint64_t lo = (uint64_t)k * chunk, hi = lo + chunk < width ? lo + chunk : width;
        *off = lo;
        *count = (int)(hi - lo);
        *type = MPI_BYTE;
        return;
    }
    if (width > (uint64_t)INT32_MAX || pitch > (uint64_t)INT32_MAX)
        cl_die("a transfer of rows of %llu bytes, %llu apart, is too large for MPI's int "
               "counts: use smaller tiles", (unsigned long long)width,
               (unsigned long long)pitch);
    uint64_t r = rows_per_piece(width, chunk), lo = (uint64_t)k * r;
    uint64_t n = lo + r < rows ? r : rows - lo;
    *off = lo * pitch;
    *count = 1;
    cl_mpi_check(PMPI_Type_vector((int)n, (int)width, (int)pitch, MPI_BYTE, type),
                 "MPI_Type_vector", "describing a tile transfer");
    cl_mpi_check(PMPI_Type_commit(type), "MPI_Type_commit", "describing a tile transfer");
}

/* ---- start and stop ---------------------------------------------------------------------- */

static void handshake(void)
{
    struct cl_rank_info me = {0};
    if (cl_rank == 0)
        cl_windows_of_rank0(&cl_win0);
    cl_mpi_check(PMPI_Bcast(&cl_win0, sizeof cl_win0, MPI_BYTE, 0, cl_comm), "MPI_Bcast",
                 "starting (handshake)");
    if (cl_rank != 0)
        cl_reserve_windows(&cl_win0, &me);
    uintptr_t base;
    cl_image(&base, &me.img_size);
    me.img_base = base;
    me.workers = nrt_nworkers;
    me.pid = (int32_t)getpid();
    gethostname(me.host, sizeof me.host - 1);
    cl_ranks = nrt_xcalloc((size_t)cl_size, sizeof *cl_ranks);
    cl_mpi_check(PMPI_Gather(&me, sizeof me, MPI_BYTE, cl_ranks, sizeof me, MPI_BYTE, 0,
                             cl_comm),
                 "MPI_Gather", "starting (handshake)");
    if (cl_rank != 0)
        return;
    for (int r = 1; r < cl_size; r++)
        if (cl_ranks[r].img_size != me.img_size)
            cl_die("rank %d runs another program (its executable's image is %llu bytes, "
                   "rank 0's %llu): run the same executable on every rank", r,
                   (unsigned long long)cl_ranks[r].img_size, (unsigned long long)me.img_size);
}

void cl_start(void)
{
    cl_prof_init();
    int init = 0, provided = 0;
    MPI_Initialized(&init);
    if (init)
        cl_die("MPI was already initialised: cluster mode initialises MPI itself, for "
               "programs that do not use it");
    int rc = PMPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided);
    if (rc != MPI_SUCCESS) {
        fprintf(stderr, "nanort: cluster: MPI_Init_thread failed (%d)\n", rc);
        exit(1);
    }
    if (provided < MPI_THREAD_SERIALIZED)
        cl_die("this MPI library provides thread level %d; cluster mode needs at least "
               "MPI_THREAD_SERIALIZED (its communication thread is not the main thread)",
               provided);
    PMPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    cl_mpi_check(PMPI_Comm_dup(MPI_COMM_WORLD, &cl_comm), "MPI_Comm_dup", "starting");
    PMPI_Comm_set_errhandler(cl_comm, MPI_ERRORS_RETURN);
    PMPI_Comm_rank(cl_comm, &cl_rank);
    PMPI_Comm_size(cl_comm, &cl_size);
    if (cl_rank != nrt_cluster.rank)
        cl_die("MPI says this is rank %d, the environment said %d", cl_rank,
               nrt_cluster.rank);
    handshake();
    if (cl_rank != 0)
        cl_serve_start();
    NRT_PCHECK(pthread_create(&J.thread, NULL, comm_main, NULL));
}

void cl_stop(void)
{
    nrt_lock_acquire(&J.lock);
    J.stop = true;
    NRT_PCHECK(pthread_cond_signal(&J.cond));
    nrt_lock_release(&J.lock);
    NRT_PCHECK(pthread_join(J.thread, NULL));
    PMPI_Comm_free(&cl_comm);
    PMPI_Finalize();
}
