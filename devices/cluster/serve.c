/*
 * serve.c - a rank other than 0 in cluster mode: it carries out rank 0's messages.
 *
 * The main thread starts MPI (comm.c), then acts as worker 0 of this rank's own runtime:
 * it runs tasks until rank 0 says STOP, then finalises MPI and exits; main is never run.
 * The communication thread receives the control messages in order:
 *   WRITE   posts the receives of the data straight into place (the address is already
 *           this rank's: rank 0 translated it);
 *   READ, RUN, STOP wait in a list until every WRITE received before them that overlaps
 *           their bytes has landed (a RUN: the ranges of its regions; and until data being
 *           sent from those ranges has left); then READ sends the data from place, RUN
 *           creates a task of the given type whose implementation is a wrapper: it calls
 *           the real one on the (translated) argument block, waits for the children it
 *           created, and sends DONE with the body's time; STOP ends the service once no
 *           task is left.  A waiting item does not hold back later ones (a RUN whose
 *           inputs landed does not wait for an earlier task's, a READ rank 0 waits for does
 *           not wait behind a RUN), except STOP, which waits for all before it.
 * Tasks rank 0 sends are independent of each other while they are in flight here (rank 0
 * sends only ready tasks), so they need no dependences on this rank.
 */
#include "cluster.h"
#include "order.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What a task's argument block starts with here. */
struct run_head {
    uint64_t id;                    /* rank 0's event */
    nanort_run_fn *run;             /* the real implementation */
    uint64_t created;               /* when this rank created the task */
    uint64_t recv;                  /* when its RUN came */
};
#define HEAD 32
_Static_assert(sizeof(struct run_head) <= HEAD && HEAD % 16 == 0,
               "run_head must fit in HEAD, a multiple of 16 (the real block stays aligned)");

/* A READ, RUN or STOP waiting for earlier WRITEs (or for its argument block). */
struct item {
    struct cl_msg m;
    uint64_t writes_before;         /* WRITEs received before it */
    uint64_t recv;                  /* when it came */
    char *args;                     /* RUN: the argument block, then its ranges */
    bool args_pending;
    struct cl_span *spans;          /* the bytes it touches here (order.h); NULL: a RUN's,
                                     * not read from its block yet */
    int nspans;
    struct item *next;
};

/* Communication thread only. */
static struct {
    char ctrl[CL_CTRL_MAX];
    struct cl_xfer_at *writes, *writes_tail;   /* incomplete WRITEs and PRECVs, oldest first */
    uint64_t nwrites;
    struct cl_xfer_at *sends;       /* READs and PSENDs whose data has not all left */
    struct item *head, *tail;
    bool stop_seen;
} S;

static atomic_int running;          /* tasks created and not DONE; seq_cst */
static atomic_bool stopped;         /* STOP carried out: the main thread may leave */

/* ---- running tasks ----------------------------------------------------------------------- */

#define RUNNING_SLOTS 1024
static struct {
    _Atomic(const char *) label;    /* NULL: free */
} here[RUNNING_SLOTS];

static int slot_take(const char *label)
{
    for (int i = 0; i < RUNNING_SLOTS; i++) {
        const char *none = NULL;
        if (atomic_compare_exchange_strong(&here[i].label, &none, label))
            return i;
    }
    return -1;
}

static void say(const char *s)
{
    ssize_t r = write(2, s, strlen(s));
    (void)r;
}

static void on_sigterm(int sig)
{
    (void)sig;
    char buf[256];
    snprintf(buf, sizeof buf, "nanort: cluster rank %d: stopped by mpirun (SIGTERM: another "
             "rank died or failed)", cl_rank);
    say(buf);
    int n = 0;
    for (int i = 0; i < RUNNING_SLOTS; i++) {
        const char *l = atomic_load_explicit(&here[i].label, memory_order_relaxed);
        if (l) {
            snprintf(buf, sizeof buf, "%s'%s'", n++ ? ", " : "; tasks running here: ", l);
            say(buf);
        }
    }
    say("\n");
    _exit(1);
}

struct done {
    struct cl_msg m;
};

static void done_sent(void *arg, MPI_Status *st)
{
    (void)st;
    free(arg);
    atomic_fetch_sub(&running, 1);
}

static void send_done(void *arg)
{
    struct done *d = arg;
    MPI_Request r;
    d->m.t_reply = nrt_now_ns();
    cl_mpi_check(PMPI_Isend(&d->m, sizeof d->m, MPI_BYTE, 0, CL_TAG_REPLY, cl_comm, &r),
                 "MPI_Isend", "telling rank 0 a task finished");
    cl_watch(r, done_sent, d, false);
}

/* The implementation of every task rank 0 sends: the real one, its children, DONE. */
static void wrapper_run(void *args, nanort_ctx *ctx)
{
    (void)ctx;
    struct run_head *h = args;
    const char *label = nanort_current_label();
    int slot = slot_take(label);
    uint64_t t0 = nrt_now_ns();
    h->run((char *)args + HEAD, ctx);
    nanort_taskwait_noflush();      /* its children write its data too */
    uint64_t ns = nrt_now_ns() - t0;
    if (slot >= 0)
        atomic_store(&here[slot].label, NULL);
    struct done *d = nrt_xcalloc(1, sizeof *d);
    d->m.op = CL_DONE;
    d->m.id = h->id;
    d->m.ns = ns;
    d->m.queued_ns = t0 > h->created ? t0 - h->created : 0;
    d->m.t_recv = h->recv;
    d->m.t_start = h->created;
    d->m.t_body0 = t0;
    cl_job(send_done, d);
}

/* One wrapper implementation per real one (its name is the real one's, for --trace and
 * crash reports).  Communication thread only. */
static struct wrapper {
    const struct nanort_impl *real;
    struct nanort_impl impl;
    struct wrapper *next;
} *wrappers;

static const struct nanort_impl *wrapper_of(const struct nanort_impl *real)
{
    for (struct wrapper *w = wrappers; w; w = w->next)
        if (w->real == real)
            return &w->impl;
    struct wrapper *w = nrt_xcalloc(1, sizeof *w);
    w->real = real;
    w->impl = (struct nanort_impl){NANORT_DEVICE_SMP, wrapper_run, real->name, NULL};
    w->next = wrappers;
    wrappers = w;
    return &w->impl;
}

static void start_task(const struct cl_msg *m, const char *args, uint64_t recv)
{
    struct nanort_task_type *type = (struct nanort_task_type *)(uintptr_t)m->type;
    const struct nanort_impl *real = (const struct nanort_impl *)(uintptr_t)m->impl;
    void *a;
    nanort_task *t = nanort_task_create(type, HEAD + m->args, 0, 0, &a);
    struct run_head *h = a;
    h->id = m->id;
    h->run = (nanort_run_fn *)(uintptr_t)m->run;
    h->created = nrt_now_ns();
    h->recv = recv;
    memcpy((char *)a + HEAD, args, m->args);
    t->impl = wrapper_of(real);
    atomic_fetch_add(&running, 1);
    nanort_task_submit(t, 0, 0);
}

/* ---- the control messages ---------------------------------------------------------------- */

static void post_ctrl_recv(void);

/* Drop the finished entries of a list (the others stay in order); returns its new tail. */
static struct cl_xfer_at *drop_done(struct cl_xfer_at **p)
{
    struct cl_xfer_at *tail = NULL;
    while (*p) {
        if ((*p)->left == 0) {
            struct cl_xfer_at *x = *p;
            *p = x->next;
            free(x);
        } else {
            tail = *p;
            p = &(*p)->next;
        }
    }
    return tail;
}

static void write_landed(void *arg, MPI_Status *st)
{
    (void)st;
    struct cl_xfer_at *w = arg;
    if (--w->left == 0)
        S.writes_tail = drop_done(&S.writes);
}

/* The bytes of a transfer here: rows of width bytes, pitch apart. */
static struct cl_span span_of(const struct cl_msg *m)
{
    return (struct cl_span){m->addr,
                            m->addr + (m->rows > 1 ? (m->rows - 1) * m->pitch : 0) + m->width};
}

static struct cl_xfer_at *xfer_at(const struct cl_msg *m)
{
    struct cl_xfer_at *w = nrt_xcalloc(1, sizeof *w);
    w->left = (int)cl_pieces(m->width, m->rows, m->chunk);
    w->at = span_of(m);
    return w;
}

/* The data of m, to or from `rank` (rank 0, or the peer of a PSEND / PRECV). */
static void post_data(const struct cl_msg *m, int rank, bool send, cl_done_fn *done, void *arg)
{
    unsigned n = cl_pieces(m->width, m->rows, m->chunk);
    for (unsigned k = 0; k < n; k++) {
        size_t off;
        int count;
        MPI_Datatype type;
        cl_piece(m->width, m->rows, m->pitch, m->chunk, k, &off, &count, &type);
        char *at = (char *)(uintptr_t)m->addr + off;
        MPI_Request r;
        if (send)
            cl_mpi_check(PMPI_Isend(at, count, type, rank, (int)m->id, cl_comm, &r),
                         "MPI_Isend", "sending data to another rank");
        else
            cl_mpi_check(PMPI_Irecv(at, count, type, rank, (int)m->id, cl_comm, &r),
                         "MPI_Irecv", "receiving data from another rank");
        if (type != MPI_BYTE)
            PMPI_Type_free(&type);
        cl_watch(r, done, arg, false);
    }
}

static void sent(void *arg, MPI_Status *st)
{
    (void)st;
    struct cl_xfer_at *w = arg;
    if (--w->left == 0)
        drop_done(&S.sends);
}

/* A RUN's ranges, after its argument block (where they may be unaligned). */
static void read_ranges(struct item *it)
{
    it->nspans = it->m.nranges;
    it->spans = nrt_xmalloc(((size_t)it->nspans + 1) * sizeof *it->spans);
    memcpy(it->spans, it->args + it->m.args, (size_t)it->nspans * sizeof *it->spans);
}

static void args_came(void *arg, MPI_Status *st)
{
    (void)st;
    struct item *it = arg;
    it->args_pending = false;
    read_ranges(it);
}

static void queue_item(const struct cl_msg *m, const char *inline_args)
{
    struct item *it = nrt_xcalloc(1, sizeof *it);
    it->m = *m;
    it->writes_before = S.nwrites;
    it->recv = nrt_now_ns();
    if (m->op == CL_RUN) {
        size_t len = m->args + (size_t)m->nranges * sizeof(struct cl_span);
        it->args = nrt_xmalloc(len ? len : 1);
        if (m->args_follow) {
            MPI_Request r;
            it->args_pending = true;
            cl_mpi_check(PMPI_Irecv(it->args, (int)len, MPI_BYTE, 0, CL_TAG_ARGS, cl_comm, &r),
                         "MPI_Irecv", "receiving a task's arguments from rank 0");
            cl_watch(r, args_came, it, false);
        } else {
            memcpy(it->args, inline_args, len);
            read_ranges(it);
        }
    } else if (m->op == CL_READ || m->op == CL_PSEND) {
        it->nspans = 1;
        it->spans = nrt_xmalloc(sizeof *it->spans);
        it->spans[0] = span_of(m);
    }
    if (S.tail)
        S.tail->next = it;
    else
        S.head = it;
    S.tail = it;
}

static void ctrl_came(void *arg, MPI_Status *st)
{
    (void)arg;
    (void)st;
    struct cl_msg m;
    memcpy(&m, S.ctrl, sizeof m);
    if (m.op == CL_WRITE || m.op == CL_PRECV) {
        struct cl_xfer_at *w = xfer_at(&m);
        w->seq = S.nwrites++;
        if (S.writes_tail)
            S.writes_tail->next = w;
        else
            S.writes = w;
        S.writes_tail = w;
        post_data(&m, m.op == CL_PRECV ? m.peer : 0, false, write_landed, w);
    } else if (m.op == CL_READ || m.op == CL_PSEND || m.op == CL_RUN || m.op == CL_STOP) {
        queue_item(&m, S.ctrl + sizeof m);
    } else {
        cl_die("unexpected message %u from rank 0", m.op);
    }
    post_ctrl_recv();
}

static void post_ctrl_recv(void)
{
    MPI_Request r;
    cl_mpi_check(PMPI_Irecv(S.ctrl, sizeof S.ctrl, MPI_BYTE, 0, CL_TAG_CTRL, cl_comm, &r),
                 "MPI_Irecv", "waiting for messages from rank 0");
    cl_watch(r, ctrl_came, NULL, true);
}

/* Must it wait (order.h)?  `queued`: the spans of the READs and PSENDs before it. */
static bool must_wait(const struct item *it, const struct cl_span *queued, int nqueued)
{
    if (it->args_pending)
        return true;
    struct cl_wants w = {it->m.op == CL_RUN, it->writes_before, it->nspans, it->spans};
    return cl_must_wait(&w, S.writes, S.sends, queued, nqueued);
}

/* Carry out the queued items whose transfers allow it (see the top of the file). */
static void after_round(void)
{
    struct item **p = &S.head, *prev = NULL;
    struct cl_span queued[64];      /* READs and PSENDs left waiting so far */
    int nqueued = 0;
    bool full = false;              /* more than fit: later RUNs wait for them all */
    while (*p) {
        struct item *it = *p;
        bool wait;
        if (it->m.op == CL_STOP)
            wait = it != S.head || (S.writes && S.writes->seq < it->writes_before);
        else
            wait = (full && it->m.op == CL_RUN) || must_wait(it, queued, nqueued);
        if (wait) {
            if (it->m.op == CL_READ || it->m.op == CL_PSEND) {
                if (nqueued < (int)(sizeof queued / sizeof queued[0]))
                    queued[nqueued++] = it->spans[0];
                else
                    full = true;
            }
            prev = it;
            p = &it->next;
            continue;
        }
        *p = it->next;
        if (S.tail == it)
            S.tail = prev;
        struct cl_xfer_at *w;
        switch (it->m.op) {
        case CL_READ:
        case CL_PSEND:
            w = xfer_at(&it->m);
            w->next = S.sends;
            S.sends = w;
            post_data(&it->m, it->m.op == CL_READ ? 0 : it->m.peer, true, sent, w);
            break;
        case CL_RUN: start_task(&it->m, it->args, it->recv); break;
        case CL_STOP: S.stop_seen = true; break;
        }
        free(it->spans);
        free(it->args);
        free(it);
    }
    if (S.stop_seen && atomic_load(&running) == 0 && !atomic_load(&stopped)) {
        atomic_store(&stopped, true);
        nanort_wake_waiters();
    }
}

static bool finished(void)
{
    return atomic_load(&stopped);
}

void cl_serve_start(void)
{
    cl_after_round = after_round;
    cl_finished = finished;
    post_ctrl_recv();               /* before the thread starts: it owns the requests after */
}

static int is_stopped(void *arg)
{
    (void)arg;
    return atomic_load(&stopped);
}

void cl_serve(void)
{
    struct sigaction sa = {0};
    sa.sa_handler = on_sigterm;
    sigaction(SIGTERM, &sa, NULL);
    cl_start();
    nanort_wait_until(is_stopped, NULL);
    cl_stop();
    exit(0);
}

static const struct nrt_cluster_plugin plugin = {.serve = cl_serve};

__attribute__((constructor(160))) static void cl_register(void)
{
    nrt_device_register(&cl_device);
    nrt_cluster_register(&plugin);
}
