/*
 * instr.c - recording what users see of a run: the events behind --trace (written by
 * instr_trace.c as Chrome/Perfetto trace-event JSON, by instr_prv.c for Paraver) and
 * --graph (written by instr_graph.c), the per-implementation timing behind --summary, and
 * the device timeline (spans the devices timed themselves).
 *
 * Every thread that records (workers, device managers, foreign threads creating tasks)
 * gets its own buffer the first time, registered once in a list under buf_lock; after
 * that an event is a store into the thread's current chunk, no lock and no shared line
 * except the task-id counter.  The files are written at nrt_instr_stop(), after the
 * workers and device managers stopped (their joins order their writes before our reads),
 * or, when the process ends otherwise (a signal, exit() inside a task: ending.c), by
 * nrt_instr_write_now() while the threads still run: an event is filled first and then
 * published by a release store of its chunk's count, so a reader sees only whole events.
 * The buffers hold at most --trace-memory bytes; past that, events are not recorded and
 * one message says so.
 *
 * With none of --trace, --graph, --summary given nrt_instr_on is false and the runtime's
 * only cost is the predictable branch in front of each hook.
 */
#include "nrt.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool nrt_instr_on;
bool nrt_devtime_on;
bool nrt_devtime_kernels;
/* The last kernel span this thread reported (nrt_devtime_take_kernel). */
static __thread const struct nanort_task *kernel_task __attribute__((tls_model("initial-exec")));
static __thread uint64_t kernel_ns __attribute__((tls_model("initial-exec")));
static bool recording;              /* --trace or --graph: keep events, not only timing */
static bool graphing;               /* --graph: also keep the creation events */
static const char *trace_path;      /* --trace; "" = off */
static const char *graph_path;      /* --graph; "" = off */
static uint64_t t_base;             /* nrt_now_ns() at start: trace time 0 */
/* Task ids: relaxed, only uniqueness matters (0 is main's implicit task). */
static atomic_uint_fast64_t next_id;
static const char *trace_memory;    /* --trace-memory: the cap of the event buffers */
static size_t max_chunks;           /* from it, at start */
/* Chunks allocated (relaxed: a count against the cap, taken once per 2048 events), and
 * whether the cap was hit (the message is printed once: exchange). */
static atomic_size_t nchunks;
static atomic_bool full;
static uint64_t full_at;            /* when it was hit (the thread that set `full`) */

static const struct nrt_option instr_options[] = {
    {"trace", NRT_OPT_STRING, "",
     "at exit, write a Chrome/Perfetto trace-event JSON of the run to this file (one track "
     "per worker and device queue, a span per task and transfer, arrows for dependences; "
     "open it in ui.perfetto.dev); a name ending in .prv gets Paraver's format instead "
     "(FILE.prv, FILE.pcf, FILE.row)", &trace_path, NULL},
    {"graph", NRT_OPT_STRING, "",
     "at exit, write the task dependency graph to this file in Graphviz dot (render it with "
     "dot -Tsvg FILE -o graph.svg)", &graph_path, NULL},
    {"trace-memory", NRT_OPT_STRING, "256M",
     "the most memory --trace and --graph keep events in (64 bytes an event, two or three a "
     "task); past it later events are not recorded and a message says so (bytes with K, M, "
     "G)", &trace_memory, NULL},
};

__attribute__((constructor(150))) static void instr_register_options(void)
{
    nrt_config_add(instr_options, sizeof instr_options / sizeof instr_options[0]);
}

/* ---- per-thread buffers -------------------------------------------------------------- */

#define CHUNK_EVENTS 2048
/* Written by the buffer's thread only.  `n` counts the published events: the writer fills
 * ev[n], then stores n + 1 (release); a reader loads n (acquire) and reads ev[0..n).  The
 * link `next` is set (release) before the new chunk gets events. */
struct chunk {
    struct chunk *next;
    atomic_uint n;
    struct nrt_ev ev[CHUNK_EVENTS];
};

/* A span begun and not yet ended on this thread: nested task bodies (a taskwait runs
 * other tasks) end in LIFO order, a device's pipeline in FIFO order, so the search from
 * the top is short either way. */
struct open_span {
    const struct nanort_task *t;
    uint64_t t0;
    uint64_t nested_ns;             /* spent in tasks run inside it (smp: taskwait) */
    int track;
};

/* Never freed: its thread keeps a pointer to it across restarts of the runtime (a new
 * start empties it instead). */
struct tbuf {
    struct tbuf *next;              /* all buffers: buf_lock */
    struct chunk *head, *cur;       /* this thread only until the stop; head and the links
                                     * are published with release stores (see chunk) */
    struct open_span *open;
    unsigned nopen, capopen;
    struct nrt_instr_stat *stats;   /* open addressing on (type, impl, space) */
    unsigned nstats, capstats;
};

static struct nrt_lock buf_lock = NRT_LOCK_INITIALIZER;
static struct tbuf *bufs;           /* buf_lock */
static __thread struct tbuf *my_buf __attribute__((tls_model("initial-exec")));

static struct tbuf *buf_slow(void)
{
    struct tbuf *b = nrt_xcalloc(1, sizeof *b);
    nrt_lock_acquire(&buf_lock);
    b->next = bufs;
    bufs = b;
    nrt_lock_release(&buf_lock);
    my_buf = b;
    return b;
}

static inline struct tbuf *buf(void)
{
    struct tbuf *b = my_buf;
    return NRT_LIKELY(b != NULL) ? b : buf_slow();
}

/* The cap is reached: say so once. */
static void buffers_full(void)
{
    if (atomic_exchange_explicit(&full, true, memory_order_relaxed))
        return;
    full_at = nrt_now_ns();
    fprintf(stderr, "nanort: --trace/--graph: the event buffers reached --trace-memory=%s "
                    "after %.3f s; later events are not recorded (the files show the run up "
                    "to then: raise --trace-memory to record more)\n",
            trace_memory, (double)(full_at - t_base) * 1e-9);
}

/* A new event slot of b, zeroed, or NULL past the cap; ev_commit() publishes it. */
static struct nrt_ev *ev_new(struct tbuf *b, enum nrt_ev_kind kind)
{
    struct chunk *c = b->cur;
    unsigned k = c ? atomic_load_explicit(&c->n, memory_order_relaxed) : CHUNK_EVENTS;
    if (NRT_UNLIKELY(k == CHUNK_EVENTS)) {
        if (atomic_fetch_add_explicit(&nchunks, 1, memory_order_relaxed) >= max_chunks) {
            buffers_full();
            return NULL;
        }
        struct chunk *n = nrt_xmalloc(sizeof *n);
        n->next = NULL;
        atomic_init(&n->n, 0);
        /* release: a concurrent reader that follows the link sees an initialised chunk */
        if (c)
            __atomic_store_n(&c->next, n, __ATOMIC_RELEASE);
        else
            __atomic_store_n(&b->head, n, __ATOMIC_RELEASE);
        b->cur = c = n;
        k = 0;
    }
    struct nrt_ev *e = &c->ev[k];
    memset(e, 0, sizeof *e);
    e->kind = (unsigned char)kind;
    return e;
}

/* Publish the event ev_new() gave (release: its fields are written before the count). */
static void ev_commit(struct tbuf *b)
{
    struct chunk *c = b->cur;
    atomic_store_explicit(&c->n, atomic_load_explicit(&c->n, memory_order_relaxed) + 1,
                          memory_order_release);
}

static void buf_drop_events(struct tbuf *b)
{
    for (struct chunk *c = b->head, *n; c; c = n) {
        n = c->next;
        free(c);
    }
    b->head = b->cur = NULL;
}

/* Empty it for a new start (its thread may still use it). */
static void buf_reset(struct tbuf *b)
{
    buf_drop_events(b);
    if (b->stats)
        memset(b->stats, 0, b->capstats * sizeof *b->stats);
    b->nstats = 0;
    b->nopen = 0;
}

/* ---- per-implementation timing (--summary) --------------------------------------------- */

static size_t stat_hash(const struct nanort_task_type *type, const struct nanort_impl *impl,
                        int space)
{
    uintptr_t h = (uintptr_t)type * 31 + (uintptr_t)impl * 17 + (uintptr_t)space;
    return (size_t)(h ^ (h >> 13));
}

static struct nrt_instr_stat *stat_slot(struct nrt_instr_stat *tab, unsigned cap,
                                        const struct nanort_task_type *type,
                                        const struct nanort_impl *impl, int space)
{
    size_t i = stat_hash(type, impl, space) & (cap - 1);
    while (tab[i].count && !(tab[i].type == type && tab[i].impl == impl && tab[i].space == space))
        i = (i + 1) & (cap - 1);
    return &tab[i];
}

static void stats_grow(struct tbuf *b)
{
    unsigned cap = b->capstats ? 2 * b->capstats : 16;
    struct nrt_instr_stat *tab = nrt_xcalloc(cap, sizeof *tab);
    for (unsigned i = 0; i < b->capstats; i++)
        if (b->stats[i].count)
            *stat_slot(tab, cap, b->stats[i].type, b->stats[i].impl, b->stats[i].space) =
                b->stats[i];
    free(b->stats);
    b->stats = tab;
    b->capstats = cap;
}

static void stats_add(struct tbuf *b, const struct nanort_task *t, uint64_t ns)
{
    if (2 * (b->nstats + 1) > b->capstats)
        stats_grow(b);
    struct nrt_instr_stat *s = stat_slot(b->stats, b->capstats, t->type, t->impl, t->space);
    if (!s->count) {
        s->type = t->type;
        s->impl = t->impl;
        s->space = t->space;
        b->nstats++;
    }
    s->count++;
    s->total_ns += ns;
}

void nrt_instr_each_stat(void (*fn)(void *arg, const struct nrt_instr_stat *s), void *arg)
{
    nrt_lock_acquire(&buf_lock);
    for (struct tbuf *b = bufs; b; b = b->next)
        for (unsigned i = 0; i < b->capstats; i++)
            if (b->stats[i].count)
                fn(arg, &b->stats[i]);
    nrt_lock_release(&buf_lock);
}

/* ---- the hooks -------------------------------------------------------------------------- */

void nrt_instr_task_created(struct nanort_task *t)
{
    t->id = atomic_fetch_add_explicit(&next_id, 1, memory_order_relaxed) + 1;
    if (!graphing)
        return;
    struct tbuf *b = buf();
    struct nrt_ev *e = ev_new(b, NRT_EV_CREATE);
    if (!e)
        return;
    e->a = t->id;
    e->b = t->parent ? t->parent->id : 0;
    e->p = t->type;
    ev_commit(b);
}

/* Which kind of dependence joins two accesses (OpenMP's names). */
static bool mode_reads(unsigned flags)
{
    unsigned m = flags & NANORT_DEP_MODE_MASK;
    return m == NANORT_DEP_IN || m == NANORT_DEP_INOUT || m >= NANORT_DEP_CONCURRENT;
}

static bool mode_writes(unsigned flags)
{
    unsigned m = flags & NANORT_DEP_MODE_MASK;
    return m == NANORT_DEP_OUT || m == NANORT_DEP_INOUT || m >= NANORT_DEP_CONCURRENT;
}

static enum nrt_dep_class classify_pair(const struct nrt_region *p, const struct nrt_region *s)
{
    if (mode_writes(p->flags) && mode_reads(s->flags))
        return NRT_DEP_TRUE;
    if (mode_writes(p->flags))
        return NRT_DEP_OUTPUT;
    return NRT_DEP_ANTI;
}

/* The strongest kind among the overlapping region pairs (true > output > anti).  Only
 * the predecessor's accesses still listed in the domain (obj set: not superseded by a
 * later writer) can have made the edge, so the others do not count. */
static enum nrt_dep_class classify(const struct nanort_task *pred, const struct nanort_task *succ)
{
    enum nrt_dep_class best = NRT_DEP_OTHER;
    for (unsigned i = 0; i < pred->nregions; i++) {
        const struct nrt_region *p = &pred->regions[i];
        if (!p->obj)
            continue;
        for (unsigned j = 0; j < succ->nregions; j++) {
            const struct nrt_region *s = &succ->regions[j];
            if (!p->nd || !s->nd || p->hi <= s->lo || s->hi <= p->lo)
                continue;
            if (!mode_writes(p->flags) && !mode_writes(s->flags))
                continue;
            enum nrt_dep_class k = classify_pair(p, s);
            if (best == NRT_DEP_OTHER || k < best)
                best = k;
        }
    }
    return best;
}

/* Called under the domain's lock, which guards the regions' obj fields. */
void nrt_instr_dep(struct nanort_task *pred, struct nanort_task *succ, unsigned kind)
{
    if (!recording || (succ->flags & NRT_TF_WAITER))
        return;
    struct tbuf *b = buf();
    struct nrt_ev *e = ev_new(b, NRT_EV_DEP);
    if (!e)
        return;
    e->a = pred->id;
    e->b = succ->id;
    e->src = (short)(kind ? kind : classify(pred, succ));
    ev_commit(b);
}

void nrt_instr_task_begin(struct nanort_task *t, int track)
{
    (void)track;
    struct tbuf *b = buf();
    if (NRT_UNLIKELY(b->nopen == b->capopen)) {
        b->capopen = b->capopen ? 2 * b->capopen : 32;
        b->open = nrt_xrealloc(b->open, b->capopen * sizeof *b->open);
    }
    b->open[b->nopen++] = (struct open_span){t, nrt_now_ns(), 0, track};
}

static bool smp_track(int track)
{
    return track < NRT_TRACK_SPACE(0, 0);
}

/* Remove t's open span on this thread: its begin time and its own time (without the
 * tasks nested in it, which count for the span around it on an smp track).  A span not
 * begun here (a device ending tasks on another thread) is empty. */
static uint64_t take_open(struct tbuf *b, const struct nanort_task *t, uint64_t now,
                          uint64_t *own_ns)
{
    for (unsigned i = b->nopen; i-- > 0;) {
        if (b->open[i].t != t)
            continue;
        struct open_span o = b->open[i];
        uint64_t d = now - o.t0;
        *own_ns = d > o.nested_ns ? d - o.nested_ns : 0;
        memmove(&b->open[i], &b->open[i + 1], (b->nopen - i - 1) * sizeof o);
        b->nopen--;
        for (unsigned k = i; smp_track(o.track) && k-- > 0;)
            if (smp_track(b->open[k].track)) {
                b->open[k].nested_ns += d;
                break;
            }
        return o.t0;
    }
    *own_ns = 0;
    return now;
}

void nrt_instr_task_end(struct nanort_task *t, int track)
{
    struct tbuf *b = buf();
    uint64_t now = nrt_now_ns();
    uint64_t own;
    uint64_t t0 = take_open(b, t, now, &own);
    if (nrt_cfg.summary)
        stats_add(b, t, own);
    if (!recording)
        return;
    struct nrt_ev *e = ev_new(b, NRT_EV_TASK);
    if (!e)
        return;
    e->t0 = t0;
    e->t1 = now;
    e->a = t->id;
    bool replayed = false;
    e->b = nrt_tg_instance(t, &replayed);
    e->dst = replayed;              /* unused by task events otherwise */
    e->p = t->type;
    e->impl = t->impl;
    e->track = track;
    e->src = (short)t->space;
    ev_commit(b);
}

void nrt_instr_user_event(unsigned key, uint64_t value)
{
    if (!recording)
        return;
    struct tbuf *b = buf();
    struct nrt_ev *e = ev_new(b, NRT_EV_USER);
    if (!e)
        return;
    e->t0 = e->t1 = nrt_now_ns();
    e->a = key;
    e->b = value;
    e->track = nrt_self ? nrt_self->id : -1;
    ev_commit(b);
}

void nrt_instr_transfer(int src_space, int dst_space, size_t bytes, uint64_t t0_ns,
                        uint64_t t1_ns, int track)
{
    if (!recording)
        return;
    struct tbuf *b = buf();
    struct nrt_ev *e = ev_new(b, NRT_EV_XFER);
    if (!e)
        return;
    e->t0 = t0_ns;
    e->t1 = t1_ns >= t0_ns ? t1_ns : t0_ns;
    e->a = bytes;
    e->track = track;
    e->src = (short)src_space;
    e->dst = (short)dst_space;
    ev_commit(b);
}

/* ---- the device timeline ------------------------------------------------------------------ */

/* The spans each space reported, per lane, for --summary (stats.c merges them).  A lock
 * per space: reports come from its manager, from workers and from taskwaits (copies
 * back), at most a few per task. */
static struct devtl {
    struct nrt_lock lock;
    struct nrt_span *span[NRT_NLANES];  /* lock */
    size_t n[NRT_NLANES], cap[NRT_NLANES];  /* lock */
} devtl[NRT_MAX_SPACES];

static void devtl_reset(void)
{
    for (int i = 0; i < NRT_MAX_SPACES; i++) {
        /* no other thread exists now; a child of fork() may have inherited it held */
        nrt_lock_init_plain(&devtl[i].lock);
        for (int l = 0; l < NRT_NLANES; l++)
            devtl[i].n[l] = 0;
    }
}

static void devtl_add(struct devtl *d, enum nrt_lane lane, uint64_t t0, uint64_t t1)
{
    nrt_lock_acquire(&d->lock);
    if (d->n[lane] == d->cap[lane]) {
        d->cap[lane] = d->cap[lane] ? 2 * d->cap[lane] : 256;
        d->span[lane] = nrt_xrealloc(d->span[lane], d->cap[lane] * sizeof *d->span[lane]);
    }
    d->span[lane][d->n[lane]++] = (struct nrt_span){t0, t1};
    nrt_lock_release(&d->lock);
}

/* Lane -> track: copies between devices run on the destination's host->device queue. */
static int lane_track(int space, enum nrt_lane lane)
{
    static const int queue[NRT_NLANES] = {0, 1, 2, 1};
    return NRT_TRACK_SPACE(space, queue[lane]);
}

void nrt_devtime_record(struct nrt_space *s, enum nrt_lane lane, uint64_t t0_ns,
                        uint64_t t1_ns, size_t bytes, const struct nanort_task *t)
{
    if (!s || s->id <= 0 || s->id >= NRT_MAX_SPACES || (unsigned)lane >= NRT_NLANES)
        return;
    if (t1_ns < t0_ns)
        t1_ns = t0_ns;
    /* the task's time as the device measured it, for versioning: the manager that
     * releases the task's event (and so reports it) takes it right after */
    if (lane == NRT_LANE_KERNEL && t) {
        kernel_task = t;
        kernel_ns = t1_ns - t0_ns ? t1_ns - t0_ns : 1;
    }
    if (!nrt_devtime_on)
        return;
    devtl_add(&devtl[s->id], lane, t0_ns, t1_ns);
    if (!recording)
        return;
    struct tbuf *b = buf();
    struct nrt_ev *e = ev_new(b, lane == NRT_LANE_KERNEL ? NRT_EV_TASK : NRT_EV_XFER);
    if (!e)
        return;
    if (lane == NRT_LANE_KERNEL) {
        if (t) {
            e->a = t->id;
            e->p = t->type;
            e->impl = t->impl;
        }
        e->src = (short)s->id;
    } else {
        e->a = bytes;
        e->src = (short)(lane == NRT_LANE_IN ? 0 : lane == NRT_LANE_OUT ? s->id : -1);
        e->dst = (short)(lane == NRT_LANE_OUT ? 0 : s->id);
    }
    e->t0 = t0_ns;
    e->t1 = t1_ns;
    e->track = lane_track(s->id, lane);
    e->dev = true;
    ev_commit(b);
}

uint64_t nrt_devtime_take_kernel(const struct nanort_task *t)
{
    uint64_t ns = kernel_task == t ? kernel_ns : 0;
    kernel_task = NULL;
    return ns;
}

const struct nrt_span *nrt_devtime_spans(int space, enum nrt_lane lane, size_t *n)
{
    if (space <= 0 || space >= NRT_MAX_SPACES || (unsigned)lane >= NRT_NLANES) {
        *n = 0;
        return NULL;
    }
    *n = devtl[space].n[lane];
    return devtl[space].span[lane];
}

struct nrt_span *nrt_devtime_copy(int space, enum nrt_lane lane, size_t *n)
{
    *n = 0;
    if (space <= 0 || space >= NRT_MAX_SPACES || (unsigned)lane >= NRT_NLANES)
        return NULL;
    struct devtl *d = &devtl[space];
    /* under the lock: a device may still report (a summary written before the end) */
    nrt_lock_acquire(&d->lock);
    struct nrt_span *copy = NULL;
    if (d->n[lane]) {
        copy = nrt_xmalloc(d->n[lane] * sizeof *copy);
        memcpy(copy, d->span[lane], d->n[lane] * sizeof *copy);
        *n = d->n[lane];
    }
    nrt_lock_release(&d->lock);
    return copy;
}

/* ---- start and stop --------------------------------------------------------------------- */

void nrt_instr_start(void)
{
    nrt_crash_install();
    recording = (trace_path && *trace_path) || (graph_path && *graph_path);
    graphing = graph_path && *graph_path;
    nrt_instr_on = recording || nrt_cfg.summary;
    nrt_devtime_on = (trace_path && *trace_path) || nrt_cfg.summary;
    nrt_devtime_kernels = nrt_devtime_on || nrt_versioning_on();
    size_t cap = nrt_parse_size("trace-memory", trace_memory, NRT_SIZE_BYTES);
    max_chunks = cap ? cap / sizeof(struct chunk) : SIZE_MAX;     /* 0: no cap */
    atomic_store_explicit(&nchunks, 0, memory_order_relaxed);
    atomic_store_explicit(&full, false, memory_order_relaxed);
    devtl_reset();
    /* No other thread of the runtime exists now; a child of fork() may have inherited
     * the lock held. */
    nrt_lock_init_plain(&buf_lock);
    for (struct tbuf *b = bufs; b; b = b->next)
        buf_reset(b);
    /* --summary's tasks created are this start's, as its runs are (a start after a
     * shutdown, the first start of a child of fork()) */
    nrt_lock_acquire(&nrt_types_lock);
    for (struct nrt_type_info *i = nrt_types; i; i = i->next)
        atomic_store_explicit(&i->created, 0, memory_order_relaxed);
    nrt_lock_release(&nrt_types_lock);
    atomic_store_explicit(&next_id, 0, memory_order_relaxed);
    t_base = nrt_now_ns();
}

bool nrt_instr_files_wanted(void)
{
    return recording;
}

/* Every published event of every thread in one array (caller holds buf_lock).  The
 * threads may still run (ending.c): the acquire loads pair with ev_new()'s and
 * ev_commit()'s release stores, so only whole events are copied. */
static struct nrt_ev *collect(size_t *n)
{
    NRT_ASSERT_HELD(&buf_lock);
    size_t total = 0, k = 0;
    for (struct tbuf *b = bufs; b; b = b->next)
        for (struct chunk *c = __atomic_load_n(&b->head, __ATOMIC_ACQUIRE); c;
             c = __atomic_load_n(&c->next, __ATOMIC_ACQUIRE))
            total += atomic_load_explicit(&c->n, memory_order_acquire);
    struct nrt_ev *all = nrt_xmalloc((total ? total : 1) * sizeof *all);
    for (struct tbuf *b = bufs; b; b = b->next)
        for (struct chunk *c = __atomic_load_n(&b->head, __ATOMIC_ACQUIRE); c && k < total;
             c = __atomic_load_n(&c->next, __ATOMIC_ACQUIRE)) {
            size_t m = atomic_load_explicit(&c->n, memory_order_acquire);
            if (m > total - k)      /* published since the count above */
                m = total - k;
            memcpy(all + k, c->ev, m * sizeof *all);
            k += m;
        }
    *n = k;
    return all;
}

static void drop_events(void)
{
    for (struct tbuf *b = bufs; b; b = b->next)
        buf_drop_events(b);
}

static FILE *open_output(const char *path, const char *what)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "nanort: cannot write the %s to '%s': %s (give --%s a writable "
                        "path)\n", what, path, strerror(errno), what);
        nrt_output_failed();
    }
    return f;
}

static void close_output(FILE *f, const char *path, const char *what)
{
    if (ferror(f) | fclose(f)) {
        fprintf(stderr, "nanort: writing the %s to '%s' failed: %s\n", what, path,
                strerror(errno));
        nrt_output_failed();
    }
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

static bool fork_child;          /* this process is a child of fork() */

void nrt_instr_after_fork(void)
{
    fork_child = true;
}

/* The name this process writes PATH under, so that no process writes over another's: rank
 * R > 0 of a cluster run adds ".rankR", a child of fork() ".pidN" (its parent and the
 * ranks' rank 0 keep PATH). A Paraver trace keeps .prv last (FILE.rank1.prv): its name
 * decides the format, and its .pcf and .row follow it. */
static const char *output_path(const char *path, char *buf, size_t size)
{
    if (!path || !*path)
        return path;
    char tag[64] = "";
    int k = 0, rank = nrt_cluster_file_rank();
    if (rank > 0)
        k = snprintf(tag, sizeof tag, ".rank%d", rank);
    if (fork_child)
        snprintf(tag + k, sizeof tag - (size_t)k, ".pid%ld", (long)getpid());
    if (!*tag)
        return path;
    size_t len = strlen(path), stem = ends_with(path, ".prv") ? len - 4 : len;
    snprintf(buf, size, "%.*s%s%s", (int)stem, path, tag, path + stem);
    return buf;
}

/* Write the requested files from the events in `all`: a trace whose name ends in .prv
 * in Paraver's format (instr_prv.c), any other in Chrome's JSON. */
static void write_files(struct nrt_ev *all, size_t n)
{
    FILE *f;
    char tbuf[4096], gbuf[4096];
    const char *tp = output_path(trace_path, tbuf, sizeof tbuf);
    const char *gp = output_path(graph_path, gbuf, sizeof gbuf);
    if (tp && *tp && ends_with(tp, ".prv")) {
        if (!nrt_instr_write_paraver(tp, all, n,
                                     atomic_load_explicit(&next_id, memory_order_relaxed),
                                     t_base))
            nrt_output_failed();
    } else if (tp && *tp && (f = open_output(tp, "trace"))) {
        nrt_instr_write_json(f, all, n, atomic_load_explicit(&next_id, memory_order_relaxed),
                             t_base);
        close_output(f, tp, "trace");
    }
    if (gp && *gp && (f = open_output(gp, "graph"))) {
        nrt_instr_write_graph(f, all, n, atomic_load_explicit(&next_id, memory_order_relaxed));
        close_output(f, gp, "graph");
    }
}

void nrt_instr_stop(void)
{
    if (!recording)
        return;
    nrt_lock_acquire(&buf_lock);
    size_t n;
    struct nrt_ev *all = collect(&n);
    drop_events();
    nrt_lock_release(&buf_lock);
    write_files(all, n);
    free(all);
}

void nrt_instr_write_now(void)
{
    if (!recording)
        return;
    nrt_lock_acquire(&buf_lock);
    size_t n;
    struct nrt_ev *all = collect(&n);
    nrt_lock_release(&buf_lock);
    write_files(all, n);
    free(all);
}
