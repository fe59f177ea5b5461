/*
 * space.c - rank 0: every other rank is a memory space of the cache and a place tasks run.
 *
 * The device ops of a remote rank.  Its "allocations" are only bookkeeping: the cache
 * mirrors host byte ranges, and the bytes of host address h live at cl_xlate(h) on that
 * rank (addr.c), so a copy needs only the host address.  A copy becomes a WRITE or READ
 * message and its data, posted by the communication thread; running a task becomes a RUN
 * message carrying its argument block with every pointer translated; each returns an
 * event that the communication thread completes (the sends have completed, the data has
 * arrived, the DONE has come back).  The manager thread of the space keeps up to
 * --cluster-inflight tasks started there, so transfers of the next tasks overlap the
 * running ones, and the rank's workers always have work queued.
 *
 * Which tasks may go (accepts): tasks with regions, whose type and implementations are in
 * the executable's image, whose regions lie in a window, and whose argument block holds
 * no pointer to rank 0's data other than into its regions (a pointer to a global, a
 * function or a string constant is fine: the image is the same on every rank).
 */
#include "cluster.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One remote rank, as rank 0 sees it. */
struct cl_space {
    int rank;
    intptr_t d_img, d_heap, d_high;  /* what to add to an address of each window */
    /* Its manager sleeps on its own condition, woken only by its own tasks' DONEs and by
     * tasks queued for it (not by every event of every rank: with one condition for all,
     * most wake-ups found nothing to do). */
    struct nrt_lock lock;
    pthread_cond_t cond;
    bool woken;                     /* lock: ev_wake() since the last ev_wait_any() */
    bool asleep;                    /* lock: the manager waits on cond */
    /* --cluster-profile: its manager's wake-ups, and those that found neither a finished
     * task nor a new one (the manager's thread only) */
    unsigned long wakeups, futile;
};
static struct cl_space *remotes;     /* [cl_size]; written at probe, read-only after */
static int nopen;                    /* spaces opened (manager threads: at close only) */

struct cl_event {
    atomic_int left;                /* operations not complete; the comm thread decrements */
    uint64_t ns;                    /* RUN: the body's time on its rank */
    uint64_t cost_ns;               /* RUN: from the RUN to the DONE, less the time it
                                     * waited there for a worker (versioning's model) */
    uint64_t t0;                    /* when posted (device timeline) */
    size_t bytes;
    enum nrt_lane lane;
    struct nrt_space *space;
    const struct nanort_task *task; /* RUN */
    const char *label;              /* RUN: its task's (--cluster-profile) */
    int slot;                       /* RUN: its entry in the in-flight table */
    uint64_t prof[CL_PROF_STEPS];   /* RUN, --cluster-profile: its steps (prof.c) */
};

/* Threads waiting for one event (the cache for a copy, a manager staging a task): woken
 * after a completion when there are any (n_waiting, changed under wait_lock; seq_cst
 * against the events' counts, so that either the waiter sees its event complete or the
 * completer sees the waiter). */
static struct nrt_lock wait_lock = NRT_LOCK_INITIALIZER;
static pthread_cond_t wait_cond = PTHREAD_COND_INITIALIZER;
static atomic_int n_waiting;

/* ---- runs in flight, for the message when mpirun stops the run ------------------------- */

#define INFLIGHT_SLOTS 1024
static struct {
    _Atomic(const char *) label;    /* NULL: free; relaxed, read by a signal handler */
    atomic_int rank;
} inflight[INFLIGHT_SLOTS];

static int slot_take(const struct nanort_task *t, int rank)
{
    const char *label = t->type->label ? t->type->label : "(unnamed)";
    for (int i = 0; i < INFLIGHT_SLOTS; i++) {
        const char *none = NULL;
        if (atomic_compare_exchange_strong(&inflight[i].label, &none, label)) {
            atomic_store(&inflight[i].rank, rank);
            return i;
        }
    }
    return -1;
}

static void slot_free(int i)
{
    if (i >= 0)
        atomic_store(&inflight[i].label, NULL);
}

static void say(const char *s)
{
    ssize_t r = write(2, s, strlen(s));
    (void)r;
}

/* mpirun ends every rank with SIGTERM when one of them died or failed. */
static void on_sigterm(int sig)
{
    (void)sig;
    char buf[256];
    snprintf(buf, sizeof buf, "nanort: cluster rank 0: stopped by mpirun (SIGTERM: another "
             "rank died or failed; mpirun names it)");
    say(buf);
    /* one entry per (label, rank), with how many such tasks were there */
    int n = 0;
    for (int i = 0; i < INFLIGHT_SLOTS; i++) {
        const char *l = atomic_load_explicit(&inflight[i].label, memory_order_relaxed);
        int r = atomic_load_explicit(&inflight[i].rank, memory_order_relaxed), count = 0;
        bool seen = false;
        for (int j = 0; j < i && !seen; j++)
            seen = atomic_load_explicit(&inflight[j].label, memory_order_relaxed) == l &&
                   atomic_load_explicit(&inflight[j].rank, memory_order_relaxed) == r;
        if (!l || seen)
            continue;
        for (int j = i; j < INFLIGHT_SLOTS; j++)
            count += atomic_load_explicit(&inflight[j].label, memory_order_relaxed) == l &&
                     atomic_load_explicit(&inflight[j].rank, memory_order_relaxed) == r;
        snprintf(buf, sizeof buf, "%s%d x '%s' on rank %d", n++ ? ", " :
                 "; tasks that were running on other ranks: ", count, l, r);
        say(buf);
    }
    say(n ? "\n" : "; no task was running on another rank\n");
    _exit(1);
}

/* ---- events --------------------------------------------------------------------------- */

static struct cl_event *ev_new(struct nrt_space *s, int ops, enum nrt_lane lane, size_t bytes)
{
    struct cl_event *e = nrt_xcalloc(1, sizeof *e);
    atomic_init(&e->left, ops);
    e->space = s;
    e->lane = lane;
    e->bytes = bytes;
    e->t0 = nrt_now_ns();
    e->slot = -1;
    return e;
}

/* One operation of e completed (communication thread: the only one that decrements, so
 * e is alive until its own last step). */
static void ev_step(struct cl_event *e)
{
    if (atomic_load_explicit(&e->left, memory_order_relaxed) == 1) {
        uint64_t now = nrt_now_ns();
        if (e->lane == NRT_LANE_KERNEL) {
            slot_free(e->slot);
            cl_busy(-1);
            if (nrt_devtime_on)
                nrt_devtime_record(e->space, NRT_LANE_KERNEL,
                                   now > e->ns && now - e->ns > e->t0 ? now - e->ns : e->t0,
                                   now, 0, e->task);
        } else if (nrt_devtime_on) {
            nrt_devtime_record(e->space, e->lane, e->t0, now, e->bytes, NULL);
        }
    }
    /* release: the waiter's acquire sees the data landed (and e->ns); seq_cst against
     * n_waiting (above) */
    /* (e may be freed once its count is 0: what the wake-up needs, read first) */
    struct cl_space *r = e->lane == NRT_LANE_KERNEL && e->space ? e->space->priv : NULL;
    if (atomic_fetch_sub(&e->left, 1) != 1)
        return;
    if (r) {
        /* a task's DONE: only its rank's manager waits for it (ev_wait_any) */
        nrt_lock_acquire(&r->lock);
        if (r->asleep)
            NRT_PCHECK(pthread_cond_signal(&r->cond));
        nrt_lock_release(&r->lock);
    }
    if (atomic_load(&n_waiting) > 0) {
        nrt_lock_acquire(&wait_lock);
        NRT_PCHECK(pthread_cond_broadcast(&wait_cond));
        nrt_lock_release(&wait_lock);
    }
}

static void ev_step_cb(void *arg, MPI_Status *st)
{
    (void)st;
    ev_step(arg);
}

static bool ev_query(struct nrt_space *s, nrt_event e)
{
    (void)s;
    return atomic_load_explicit(&((struct cl_event *)e)->left, memory_order_acquire) == 0;
}

static void ev_wait(struct nrt_space *s, nrt_event e)
{
    if (ev_query(s, e))
        return;
    uint64_t t0 = cl_prof_on ? nrt_now_ns() : 0;
    /* a copy someone waits for (not a task's run: the manager waits for it, and that
     * takes as long as the task) */
    bool copy = ((struct cl_event *)e)->lane != NRT_LANE_KERNEL;
    if (copy)
        cl_urgent(+1);
    nrt_lock_acquire(&wait_lock);
    atomic_fetch_add(&n_waiting, 1);
    while (atomic_load(&((struct cl_event *)e)->left) != 0)
        nrt_cond_wait(&wait_cond, &wait_lock);
    atomic_fetch_sub(&n_waiting, 1);
    nrt_lock_release(&wait_lock);
    if (copy)
        cl_urgent(-1);
    if (cl_prof_on)
        cl_prof_wait((int)((struct cl_event *)e)->lane, nrt_now_ns() - t0);
}

/* The manager of s: the first of its tasks in flight that is done, or n when a task was
 * queued for s meanwhile (ev_wake). */
static unsigned ev_wait_any(struct nrt_space *s, unsigned n, const nrt_event *e)
{
    struct cl_space *r = s->priv;
    uint64_t t0 = cl_prof_on ? nrt_now_ns() : 0;
    unsigned k = n;
    bool slept = false;
    nrt_lock_acquire(&r->lock);
    for (;;) {
        for (unsigned i = 0; i < n && k == n; i++)
            if (ev_query(s, e[i]))
                k = i;
        if (k < n || r->woken)
            break;
        r->futile += slept;         /* woken for nothing (the previous round) */
        r->asleep = true;
        nrt_cond_wait(&r->cond, &r->lock);
        r->asleep = false;
        r->wakeups++;
        slept = true;
    }
    r->woken = false;
    nrt_lock_release(&r->lock);
    if (cl_prof_on && k < n)
        cl_prof_wait(NRT_LANE_KERNEL, nrt_now_ns() - t0);
    return k;
}

/* A task was queued for s (any thread): its manager's ev_wait_any returns. */
static void ev_wake(struct nrt_space *s)
{
    struct cl_space *r = s->priv;
    nrt_lock_acquire(&r->lock);
    r->woken = true;
    if (r->asleep)
        NRT_PCHECK(pthread_cond_signal(&r->cond));
    nrt_lock_release(&r->lock);
}

static void ev_release(struct nrt_space *s, nrt_event e)
{
    (void)s;
    struct cl_event *ev = e;
    if (cl_prof_on && ev->lane == NRT_LANE_KERNEL && ev->label) {
        ev->prof[8] = nrt_now_ns();
        cl_prof_run(ev->label, ((const struct cl_space *)s->priv)->rank, ev->prof);
    }
    free(e);
}

/* ---- addresses -------------------------------------------------------------------------- */

static bool xlate(const struct cl_space *r, uintptr_t a, uintptr_t *out)
{
    switch (cl_window(&cl_win0, a)) {
    case CL_WIN_IMG: *out = a + (uintptr_t)r->d_img; return true;
    case CL_WIN_HEAP: *out = a + (uintptr_t)r->d_heap; return true;
    case CL_WIN_HIGH: *out = a + (uintptr_t)r->d_high; return true;
    default: return false;
    }
}

static uintptr_t xlate_or_die(const struct cl_space *r, const void *host)
{
    uintptr_t out;
    if (!xlate(r, (uintptr_t)host, &out))
        cl_die("host address %p is in none of rank 0's windows (internal: accepts() let a "
               "task through that it could not place)", host);
    return out;
}

/* Does word w of an argument block name one of t's regions (a byte of it, or its base)? */
static bool names_region(const struct nanort_task *t, uintptr_t w)
{
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct nrt_region *r = &t->regions[i];
        if (r->nd && ((w >= r->lo && w < r->hi) || w == (uintptr_t)r->base))
            return true;
    }
    return false;
}

/* Every 8-byte word of t's argument block that is a pointer to rank 0's data: false when
 * one points outside t's regions into data rank 0 may have changed (the heap, stacks,
 * mappings, writable globals: the other rank would not have it), true for a pointer into
 * the image's read-only part (a function, a string, a constant table: the same on every
 * rank).  With `out`, writes the block with its pointers translated. */
static bool scan_args(const struct cl_space *r, const struct nanort_task *t, void *out)
{
    size_t n = t->args_size / sizeof(uintptr_t);
    const uintptr_t *in = t->args;
    uintptr_t *o = out;
    if (out)
        memcpy(out, t->args, t->args_size);
    for (size_t i = 0; i < n; i++) {
        uintptr_t w = in[i];
        enum cl_win win = cl_window(&cl_win0, w);
        if (win == CL_WIN_NONE)
            continue;               /* a value, or an address no window holds */
        bool fixed = win == CL_WIN_IMG && !(w >= cl_win0.data_lo && w < cl_win0.data_hi);
        if (!fixed && !names_region(t, w))
            return false;
        if (o && r)
            xlate(r, w, &o[i]);
    }
    return true;
}

static bool in_image(const void *p)
{
    return cl_window(&cl_win0, (uintptr_t)p) == CL_WIN_IMG;
}

static bool accepts(struct nrt_space *s, const struct nanort_task *t)
{
    (void)s;
    if (t->nregions == 0 || !in_image(t->type) || (t->flags & NRT_TF_INLINE))
        return false;
    for (unsigned i = 0; i < t->info->nimpls; i++) {
        const struct nanort_impl *impl = t->info->impls[i];
        if (impl->device == NANORT_DEVICE_SMP && (!in_image(impl) || !in_image((void *)impl->run)))
            return false;
    }
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct nrt_region *r = &t->regions[i];
        if (!r->nd)
            continue;
        enum cl_win w = cl_window(&cl_win0, r->lo);
        if (w == CL_WIN_NONE || cl_window(&cl_win0, r->hi - 1) != w)
            return false;
    }
    return scan_args(NULL, t, NULL);
}

/* ---- transfers ---------------------------------------------------------------------------- */

static atomic_ulong next_tag;

static int data_tag(void)
{
    return CL_TAG_DATA + (int)(atomic_fetch_add(&next_tag, 1) % (uint64_t)(1 << 30));
}

struct xfer {
    struct cl_msg m;                /* sent as is: alive until its send completes */
    int rank;
    char *host;
    struct cl_event *ev;
};

static void post_pieces(struct xfer *x, bool send)
{
    unsigned n = cl_pieces(x->m.width, x->m.rows, x->m.chunk);
    for (unsigned k = 0; k < n; k++) {
        size_t off;
        int count;
        MPI_Datatype type;
        cl_piece(x->m.width, x->m.rows, x->m.pitch, x->m.chunk, k, &off, &count, &type);
        MPI_Request r;
        if (send)
            cl_mpi_check(PMPI_Isend(x->host + off, count, type, x->rank, (int)x->m.id,
                                    cl_comm, &r), "MPI_Isend", "sending data to a rank");
        else
            cl_mpi_check(PMPI_Irecv(x->host + off, count, type, x->rank, (int)x->m.id,
                                    cl_comm, &r), "MPI_Irecv", "receiving data from a rank");
        if (type != MPI_BYTE)
            PMPI_Type_free(&type);
        cl_watch(r, ev_step_cb, x->ev, false);
    }
}

static void header_sent(void *arg, MPI_Status *st)
{
    (void)st;
    struct xfer *x = arg;
    struct cl_event *ev = x->ev;
    free(x);
    ev_step(ev);
}


static void send_header(struct xfer *x)
{
    MPI_Request r;
    cl_mpi_check(PMPI_Isend(&x->m, sizeof x->m, MPI_BYTE, x->rank, CL_TAG_CTRL, cl_comm, &r),
                 "MPI_Isend", "sending a message to a rank");
    cl_watch(r, header_sent, x, false);
}

/* (Completions run on this same thread, after the job: x outlives both calls.) */
static void post_write(void *arg)
{
    struct xfer *x = arg;
    post_pieces(x, true);
    send_header(x);
}

static void post_read(void *arg)
{
    struct xfer *x = arg;
    post_pieces(x, false);          /* the receives first: the data lands in place */
    send_header(x);
}

static struct xfer *xfer_new(struct nrt_space *s, enum cl_op op, const void *host,
                             const struct nrt_xfer *g, enum nrt_lane lane)
{
    const struct cl_space *r = s->priv;
    struct xfer *x = nrt_xcalloc(1, sizeof *x);
    x->m.op = op;
    x->m.id = (uint64_t)data_tag();
    x->m.addr = xlate_or_die(r, host);
    x->m.width = g->width;
    x->m.rows = g->rows;
    x->m.pitch = g->rows > 1 ? g->pitch : g->width;
    x->m.chunk = nrt_cluster.chunk;
    x->rank = r->rank;
    x->host = (char *)host;
    unsigned pieces = cl_pieces(x->m.width, x->m.rows, x->m.chunk);
    x->ev = ev_new(s, (int)pieces + 1, lane, g->width * g->rows);
    return x;
}

static nrt_event copy_in(struct nrt_space *s, void *buf, size_t off, const void *host,
                         const struct nrt_xfer *g, nrt_event after)
{
    (void)buf;
    (void)off;
    if (after)
        ev_wait(s, after);
    struct xfer *x = xfer_new(s, CL_WRITE, host, g, NRT_LANE_IN);
    struct cl_event *ev = x->ev;
    cl_job(post_write, x);
    return ev;
}

/* Between two ranks: PRECV to the destination, PSEND to the source; done once both
 * messages are sent (each rank orders the rest: the destination's next task waits for the
 * data, like a WRITE's). */
static void post_peer(void *arg)
{
    send_header(arg);
}

static nrt_event copy_peer_at(struct nrt_space *d, struct nrt_space *s, const void *host,
                              const struct nrt_xfer *g)
{
    const struct cl_space *dr = d->priv, *sr = s->priv;
    uint64_t tag = (uint64_t)data_tag();
    struct cl_event *ev = ev_new(d, 2, NRT_LANE_PEER, g->width * g->rows);
    for (int k = 0; k < 2; k++) {
        const struct cl_space *r = k ? sr : dr;
        struct xfer *x = nrt_xcalloc(1, sizeof *x);
        x->m.op = k ? CL_PSEND : CL_PRECV;
        x->m.peer = k ? dr->rank : sr->rank;
        x->m.id = tag;
        x->m.addr = xlate_or_die(r, host);
        x->m.width = g->width;
        x->m.rows = g->rows;
        x->m.pitch = g->rows > 1 ? g->pitch : g->width;
        x->m.chunk = nrt_cluster.chunk;
        x->rank = r->rank;
        x->ev = ev;
        cl_job(post_peer, x);
    }
    return ev;
}

static bool async_out(struct nrt_space *s, const void *host, const struct nrt_xfer *x)
{
    (void)s;
    (void)host;
    (void)x;
    return true;                    /* a READ never blocks its caller */
}

static nrt_event copy_out(struct nrt_space *s, void *host, void *buf, size_t off,
                          const struct nrt_xfer *g, nrt_event after)
{
    (void)buf;
    (void)off;
    if (after)
        ev_wait(s, after);
    struct xfer *x = xfer_new(s, CL_READ, host, g, NRT_LANE_OUT);
    struct cl_event *ev = x->ev;
    cl_job(post_read, x);
    return ev;
}

/* The cache mirrors host ranges; the bytes are where cl_xlate puts them on the rank. */
static char alloc_token;

static void *cl_alloc(struct nrt_space *s, size_t bytes)
{
    (void)s;
    (void)bytes;
    return &alloc_token;
}

static void cl_free(struct nrt_space *s, void *buf)
{
    (void)s;
    (void)buf;
}

/* ---- running tasks -------------------------------------------------------------------------- */

struct run {
    int rank;
    const char *label;              /* the task's (messages) */
    size_t len;                     /* header + argument block */
    bool args_follow;
    struct cl_event *ev;
    char buf[];                     /* struct cl_msg, then the argument block */
};

static void run_sent(void *arg, MPI_Status *st)
{
    (void)st;
    struct run *r = arg;
    struct cl_event *ev = r->ev;
    free(r);
    ev->prof[1] = nrt_now_ns();
    ev_step(ev);
}

static void post_run(void *arg)
{
    struct run *r = arg;
    MPI_Request q;
    char what[160];
    snprintf(what, sizeof what, "sending task '%s' to rank %d", r->label, r->rank);
    size_t head = r->args_follow ? sizeof(struct cl_msg) : r->len;
    cl_mpi_check(PMPI_Isend(r->buf, (int)head, MPI_BYTE, r->rank, CL_TAG_CTRL, cl_comm, &q),
                 "MPI_Isend", what);
    if (r->args_follow) {
        MPI_Request a;
        cl_mpi_check(PMPI_Isend(r->buf + head, (int)(r->len - head), MPI_BYTE, r->rank,
                                CL_TAG_ARGS, cl_comm, &a),
                     "MPI_Isend", what);
        cl_watch(q, ev_step_cb, r->ev, false);
        cl_watch(a, run_sent, r, false);
    } else {
        cl_watch(q, run_sent, r, false);
    }
}

static void run_remote(struct nrt_space *s, nanort_ctx *ctx)
{
    const struct cl_space *rs = s->priv;
    struct nanort_task *t = ctx->task;
    unsigned nr = 0;
    for (unsigned i = 0; i < t->nregions; i++)
        nr += t->regions[i].nd != 0;
    size_t len = sizeof(struct cl_msg) + t->args_size + nr * sizeof(struct cl_span);
    struct run *r = nrt_xmalloc(sizeof *r + len);
    r->rank = rs->rank;
    r->label = t->type->label ? t->type->label : "(unnamed)";
    r->len = len;
    r->args_follow = len > CL_CTRL_MAX;
    struct cl_msg *m = (struct cl_msg *)r->buf;
    memset(m, 0, sizeof *m);
    if (!scan_args(rs, t, r->buf + sizeof *m))
        cl_die("task '%s' changed its arguments after it was placed (internal)", t->type->label);
    /* the bytes its regions span there (accepts(): each lies in one window) */
    char *rg = r->buf + sizeof *m + t->args_size;
    for (unsigned i = 0, j = 0; i < t->nregions; i++) {
        const struct nrt_region *g = &t->regions[i];
        if (!g->nd)
            continue;
        struct cl_span x = {xlate_or_die(rs, (const void *)g->lo),
                             xlate_or_die(rs, (const void *)(g->hi - 1)) + 1};
        memcpy(rg + j++ * sizeof x, &x, sizeof x);  /* the block may leave it unaligned */
    }
    m->nranges = (int32_t)nr;
    struct cl_event *ev = ev_new(s, r->args_follow ? 3 : 2, NRT_LANE_KERNEL, 0);
    ev->task = t;
    ev->label = r->label;
    ev->prof[0] = ev->t0;
    ev->slot = slot_take(t, rs->rank);
    r->ev = ev;
    m->op = CL_RUN;
    m->args_follow = r->args_follow;
    m->id = (uint64_t)(uintptr_t)ev;
    m->type = xlate_or_die(rs, t->type);
    m->impl = xlate_or_die(rs, ctx->impl);
    m->run = xlate_or_die(rs, (const void *)ctx->impl->run);
    m->args = t->args_size;         /* (the ranges follow: RUN's length is the sum) */
    ctx->device_data = ev;
    cl_busy(+1);
    cl_job(post_run, r);
}

static nrt_event run_end(struct nrt_space *s, nanort_ctx *ctx)
{
    (void)s;
    return ctx->device_data;
}

static uint64_t run_ns(struct nrt_space *s, nrt_event done)
{
    (void)s;
    return ((struct cl_event *)done)->cost_ns;
}

void cl_space_done(int from, const struct cl_msg *m)
{
    (void)from;
    struct cl_event *ev = (struct cl_event *)(uintptr_t)m->id;
    ev->ns = m->ns;
    /* the body, and what sending it and its DONE cost (tiny tasks lose on another rank) */
    uint64_t rtt = nrt_now_ns() - ev->t0;
    ev->cost_ns = rtt > m->queued_ns + m->ns ? rtt - m->queued_ns : m->ns;
    ev->prof[2] = m->t_recv;
    ev->prof[3] = m->t_start;
    ev->prof[4] = m->t_body0;
    ev->prof[5] = m->t_body0 + m->ns;
    ev->prof[6] = m->t_reply;
    ev->prof[7] = nrt_now_ns();
    ev_step(ev);
}

/* ---- the replies ------------------------------------------------------------------------------ */

static struct cl_msg reply;         /* communication thread */

static void post_reply_recv(void);

static void reply_came(void *arg, MPI_Status *st)
{
    (void)arg;
    struct cl_msg m = reply;
    post_reply_recv();
    if (m.op == CL_DONE)
        cl_space_done(st->MPI_SOURCE, &m);
    else
        cl_die("unexpected message %u from rank %d", m.op, st->MPI_SOURCE);
}

static void post_reply_recv(void)
{
    MPI_Request r;
    cl_mpi_check(PMPI_Irecv(&reply, sizeof reply, MPI_BYTE, MPI_ANY_SOURCE, CL_TAG_REPLY,
                            cl_comm, &r),
                 "MPI_Irecv", "waiting for messages from the other ranks");
    cl_watch(r, reply_came, NULL, true);
}

static void start_replies(void *arg)
{
    (void)arg;
    post_reply_recv();
}

/* ---- start and stop ---------------------------------------------------------------------------- */

static int cl_probe(void)
{
    if (!nrt_cluster.active || nrt_cluster.rank != 0)
        return 0;
    cl_start();
    remotes = nrt_xcalloc((size_t)cl_size, sizeof *remotes);
    for (int r = 1; r < cl_size; r++) {
        const struct cl_rank_info *i = &cl_ranks[r];
        remotes[r].rank = r;
        nrt_lock_init_plain(&remotes[r].lock);
        NRT_PCHECK(pthread_cond_init(&remotes[r].cond, NULL));
        remotes[r].d_img = (intptr_t)(i->img_base - cl_win0.img_base);
        remotes[r].d_heap = (intptr_t)(i->heap_win - cl_win0.heap_lo);
        remotes[r].d_high = (intptr_t)(i->high_win - cl_win0.high_lo);
    }
    cl_job(start_replies, NULL);
    struct sigaction sa = {0};
    sa.sa_handler = on_sigterm;
    sigaction(SIGTERM, &sa, NULL);
    return cl_size - 1;
}

static bool cl_open(int index, struct nrt_space *s)
{
    int rank = index + 1;
    const struct cl_rank_info *i = &cl_ranks[rank];
    s->priv = &remotes[rank];
    snprintf(s->name, sizeof s->name, "rank%d (%.24s, pid %d, %d workers)", rank, i->host,
             (int)i->pid, (int)i->workers);
    s->mem_limit = SIZE_MAX;
    s->mem_option = "(cluster ranks have no limit)";
    s->width = i->workers > 0 ? i->workers : 1;
    int def = 2 * s->width < 4 ? 4 : 2 * s->width;
    s->inflight = nrt_cluster.inflight > 0 ? nrt_cluster.inflight : def;
    nopen++;
    return true;
}

static void send_stop(void *arg)
{
    struct xfer *x = arg;
    send_header(x);
}

static void cl_close(struct nrt_space *s)
{
    const struct cl_space *r = s->priv;
    if (cl_prof_on)                 /* (its manager has stopped) */
        cl_prof_space(r->rank, r->wakeups, r->futile, atomic_load(&s->stats.taken_back));
    if (--nopen > 0)
        return;
    for (int r = 1; r < cl_size; r++) {
        struct xfer *x = nrt_xcalloc(1, sizeof *x);
        x->m.op = CL_STOP;
        x->rank = r;
        x->ev = ev_new(NULL, 1, NRT_LANE_IN, 0);
        x->ev->lane = NRT_NLANES;   /* nothing to record */
        cl_job(send_stop, x);
    }
    cl_stop();
    cl_prof_print();
}

static const struct nrt_mem_ops cl_mem = {
    .alloc = cl_alloc,
    .free = cl_free,
    .copy_in = copy_in,
    .copy_out = copy_out,
    .copy_peer_at = copy_peer_at,
    .wait = ev_wait,
    .query = ev_query,
    .wait_any = ev_wait_any,
    .wake = ev_wake,
    .release = ev_release,
};

static const struct nrt_compute_ops cl_compute = {
    .run = run_remote,
    .end = run_end,
    .run_ns = run_ns,
};

const struct nrt_device_ops cl_device = {
    .name = "cluster",
    .kind = NRT_DEVICE_CLUSTER,
    .probe = cl_probe,
    .open = cl_open,
    .close = cl_close,
    .mem = &cl_mem,
    .compute = &cl_compute,
    .runs_smp = true,
    .accepts = accepts,
    .shared_views = true,
    .ordered_out = true,            /* a rank runs nothing over bytes a READ still sends */
    .async_out = async_out,
};
