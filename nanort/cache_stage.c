/*
 * cache.c - the data directory across memory spaces (the software data cache).
 *
 * The host is space 0; every device is another space.  Two structures, under one lock:
 *   allocations  per space, each covering a host byte range [lo, hi) (a region's hull),
 *                in LRU order, pinned while a staged or running task uses it;
 *   segments     a sorted array of disjoint host byte ranges, split at the boundaries of
 *                the region chunks (rows) tasks used, each with host_valid and the
 *                allocations that hold a valid copy.  Bytes in no segment are valid on
 *                the host only.
 * Only region bytes move (rows of a tile, never the gaps of its hull).  Copies into an
 * allocation may still be in flight: their events stay with the allocation; the launch
 * of the task that staged them waits for them, and any copy out of the allocation waits
 * for them first.  Events are released only by the space's manager thread (at the
 * completion of one of its tasks), never between a staging and its launch.
 *
 * Copies are issued under the lock, and copies to the host are waited for under it: one
 * clear lock first (STYLE.md); transfers from several threads at once are rare.
 */
#include "nrt.h"

#include <stdlib.h>
#include <string.h>

struct nrt_alloc {
    struct nrt_space *space;
    uintptr_t lo, hi;               /* host bytes it mirrors (buf + (x - lo) holds x) */
    void *buf;
    int pin;                        /* staged or running tasks using it */
    bool doomed;                    /* nocache: freed when unpinned */
    struct nrt_alloc *prev, *next;  /* the space's list, least recently used first */
    nrt_event *ev;                  /* copies into it that may be in flight */
    unsigned nev, cap;
};

struct seg {
    uintptr_t lo, hi;
    bool host;                      /* the host copy is valid */
    /* Not NULL: the host copy is valid once wb's copies have landed (an eager write-back
     * from wb is in flight, --eager-writeback); set only with host, and wb holds a copy. */
    struct nrt_alloc *wb;
    int writers;                    /* staged or running device tasks that write it */
    unsigned n, cap;
    struct nrt_alloc **a;           /* allocations with a valid copy */
};

/* What a staged task holds: per region its allocation (NULL when not copied). */
struct nrt_staging {
    struct nanort_task *task;
    struct nrt_space *space;
    nrt_event *ev;                  /* copies its launch waits for */
    unsigned nev;
    struct nrt_alloc *a[];
};

/* Everything below: `lock`. */
static struct {
    struct nrt_lock lock;
    struct seg *seg;
    size_t nseg, cap;
    struct {
        struct nrt_alloc *head, *tail;
        size_t used;
        struct nrt_alloc **by_lo;   /* its allocations sorted by lo (lookups) */
        size_t n, cap;
        size_t max_len;             /* longest allocation so far (bounds lookups) */
    } sp[NRT_MAX_SPACES];
} C = {.lock = {.m = PTHREAD_MUTEX_INITIALIZER}};

/* Set once a device task was staged: until then the host holds everything and smp
 * tasks skip the directory.  Release/acquire: a task that sees it set sees the
 * directory's state of the staging (conflicting tasks are ordered by dependences). */
static atomic_bool cache_used;
/* C.nseg, published for the taskwait flush to skip the lock when no device holds
 * anything: stored with release under the lock after every change, read with acquire. */
static atomic_size_t nseg_pub;

static void publish_nseg(void)
{
    atomic_store_explicit(&nseg_pub, C.nseg, memory_order_release);
}

static enum nrt_cache_policy policy(void)
{
    return (enum nrt_cache_policy)nrt_cfg.cache_policy;
}

static bool reads(unsigned flags)
{
    unsigned m = flags & NANORT_DEP_MODE_MASK;
    return m == NANORT_DEP_IN || m == NANORT_DEP_INOUT || m == NANORT_DEP_CONCURRENT ||
           m == NANORT_DEP_COMMUTATIVE;
}

static bool writes(unsigned flags)
{
    unsigned m = flags & NANORT_DEP_MODE_MASK;
    return m == NANORT_DEP_OUT || m == NANORT_DEP_INOUT || m == NANORT_DEP_CONCURRENT ||
           m == NANORT_DEP_COMMUTATIVE;
}

/* ---- region chunks: the contiguous rows of a normalised region -------------------- */

struct chunk_it {
    const struct nrt_region *r;
    size_t k[NRT_MAX_DIMS];
    bool done;
};

static void chunk_start(struct chunk_it *it, const struct nrt_region *r)
{
    memset(it, 0, sizeof *it);
    it->r = r;
    it->done = r->nd == 0 || r->len[0] == 0;
}

static bool chunk_next(struct chunk_it *it, uintptr_t *lo, uintptr_t *hi)
{
    const struct nrt_region *r = it->r;
    if (it->done)
        return false;
    uintptr_t x = r->lo;
    for (unsigned d = 1; d < r->nd; d++)
        x += it->k[d] * r->stride[d];
    *lo = x;
    *hi = x + r->len[0];
    unsigned d = 1;
    for (; d < r->nd; d++) {
        if (++it->k[d] < r->len[d])
            break;
        it->k[d] = 0;
    }
    it->done = d >= r->nd;
    return true;
}

/* ---- the segment map ----------------------------------------------------------------- */

/* Index of the first segment ending after x. */
static size_t seg_after(uintptr_t x)
{
    size_t lo = 0, hi = C.nseg;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (C.seg[mid].hi <= x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static struct seg *seg_insert(size_t i, uintptr_t lo, uintptr_t hi)
{
    if (C.nseg == C.cap) {
        C.cap = C.cap ? 2 * C.cap : 256;
        C.seg = nrt_xrealloc(C.seg, C.cap * sizeof *C.seg);
    }
    memmove(&C.seg[i + 1], &C.seg[i], (C.nseg - i) * sizeof *C.seg);
    C.nseg++;
    publish_nseg();
    C.seg[i] = (struct seg){.lo = lo, .hi = hi, .host = true};
    return &C.seg[i];
}

static void seg_add_copy(struct seg *g, struct nrt_alloc *a)
{
    for (unsigned k = 0; k < g->n; k++)
        if (g->a[k] == a)
            return;
    if (g->n == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 2;
        g->a = nrt_xrealloc(g->a, g->cap * sizeof *g->a);
    }
    g->a[g->n++] = a;
}

static bool seg_has(const struct seg *g, const struct nrt_alloc *a)
{
    for (unsigned k = 0; k < g->n; k++)
        if (g->a[k] == a)
            return true;
    return false;
}

static void seg_drop_copy(struct seg *g, const struct nrt_alloc *a)
{
    for (unsigned k = 0; k < g->n; k++)
        if (g->a[k] == a) {
            g->a[k] = g->a[--g->n];
            return;
        }
}

/* Split segment i at x (inside it): [lo, x) stays at i, [x, hi) goes to i + 1. */
static void seg_split(size_t i, uintptr_t x)
{
    struct seg *g = seg_insert(i + 1, x, C.seg[i].hi);
    struct seg *f = &C.seg[i];
    f->hi = x;
    g->host = f->host;
    g->wb = f->wb;
    g->writers = f->writers;
    for (unsigned k = 0; k < f->n; k++)
        seg_add_copy(g, f->a[k]);
}

/* Make segments tile [a, b) exactly (new ones valid on the host only); their indices
 * are [*i0, *i1). */
static void seg_cover(uintptr_t a, uintptr_t b, size_t *i0, size_t *i1)
{
    size_t i = seg_after(a);
    if (i < C.nseg && C.seg[i].lo < a)
        seg_split(i++, a);
    size_t j = i;
    uintptr_t x = a;
    while (x < b) {
        if (j < C.nseg && C.seg[j].lo <= x) {
            if (C.seg[j].hi > b)
                seg_split(j, b);
        } else {
            uintptr_t end = j < C.nseg && C.seg[j].lo < b ? C.seg[j].lo : b;
            seg_insert(j, x, end);
        }
        x = C.seg[j++].hi;
    }
    *i0 = i;
    *i1 = j;
}

/* Remove segments [i0, i1) that are valid on the host only (the default state). */
static void seg_compact(size_t i0, size_t i1)
{
    size_t w = i0;
    for (size_t i = i0; i < i1; i++) {
        if (C.seg[i].n == 0 && C.seg[i].host && C.seg[i].writers == 0)
            free(C.seg[i].a);
        else
            C.seg[w++] = C.seg[i];
    }
    memmove(&C.seg[w], &C.seg[i1], (C.nseg - i1) * sizeof *C.seg);
    C.nseg -= i1 - w;
    publish_nseg();
}

/* ---- transfers (lock held) ------------------------------------------------------------- */

static void wait_alloc(struct nrt_alloc *a);

/* Before the host's bytes of g are read, written or replaced: an eager write-back into
 * them must have landed. */
static void host_ready(struct seg *g)
{
    NRT_ASSERT_HELD(&C.lock);
    if (g->wb) {
        wait_alloc(g->wb);
        g->wb = NULL;
    }
}

/* host_ready() for every segment overlapping the host bytes [lo, hi). */
static void range_ready(uintptr_t lo, uintptr_t hi)
{
    NRT_ASSERT_HELD(&C.lock);
    for (size_t k = seg_after(lo); k < C.nseg && C.seg[k].lo < hi; k++)
        host_ready(&C.seg[k]);
}

static void set_host(struct seg *g, bool valid)
{
    NRT_ASSERT_HELD(&C.lock);
    host_ready(g);
    g->host = valid;
}

/* Copies this thread waited for under the lock, timed: given to the performance model
 * (versioning's transfer costs) once the lock is released (perf_lock is never taken under
 * the cache lock: nrt.h's lock order). */
#define TIMED_MAX 8
static __thread struct timed_copy {
    int src, dst;
    size_t bytes;
    uint64_t ns;
} timed[TIMED_MAX];
static __thread unsigned ntimed;

static void note_timed(int src, int dst, size_t bytes, uint64_t t0)
{
    NRT_ASSERT_HELD(&C.lock);
    if (ntimed < TIMED_MAX)
        timed[ntimed++] = (struct timed_copy){src, dst, bytes, nrt_now_ns() - t0};
}

static void cache_unlock(void)
{
    NRT_ASSERT_HELD(&C.lock);
    nrt_lock_release(&C.lock);
    for (unsigned i = 0; i < ntimed; i++)
        nrt_perf_transfer_record(timed[i].src, timed[i].dst, timed[i].bytes, timed[i].ns);
    ntimed = 0;
}

static void note_transfer(int src, int dst, size_t bytes, uint64_t t0, int track)
{
    NRT_ASSERT_HELD(&C.lock);
    if (nrt_instr_on)
        nrt_instr_transfer(src, dst, bytes, t0, nrt_now_ns(), track);
}

static void add_event(struct nrt_alloc *a, nrt_event e)
{
    if (!e)
        return;
    if (a->nev == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 4;
        a->ev = nrt_xrealloc(a->ev, a->cap * sizeof *a->ev);
    }
    a->ev[a->nev++] = e;
}

/* Before reading a: the copies into it must have landed. */
static void wait_alloc(struct nrt_alloc *a)
{
    for (unsigned k = 0; k < a->nev; k++)
        a->space->ops->mem->wait(a->space, a->ev[k]);
}

/* Rows of x starting at host address lo, from a to the host; waits for the copy. */
static void copy_rect_to_host(struct nrt_alloc *a, uintptr_t lo, const struct nrt_xfer *x)
{
    struct nrt_space *s = a->space;
    size_t bytes = x->width * x->rows;
    uint64_t t0 = nrt_now_ns();
    wait_alloc(a);
    nrt_event e = s->ops->mem->copy_out(s, (void *)lo, a->buf, lo - a->lo, x, NULL);
    if (e) {
        s->ops->mem->wait(s, e);
        s->ops->mem->release(s, e);
    }
    atomic_fetch_add_explicit(&s->stats.bytes_out, bytes, memory_order_relaxed);
    note_transfer(s->id, 0, bytes, t0, NRT_TRACK_SPACE(s->id, 2));
    note_timed(s->id, 0, bytes, t0);
}

static void copy_to_host(struct nrt_alloc *a, uintptr_t lo, uintptr_t hi)
{
    struct nrt_xfer x = {hi - lo, 1, hi - lo};
    copy_rect_to_host(a, lo, &x);
}

/* Rows of x starting at host address lo, from the host into a (queued). */
static void copy_rect_from_host(struct nrt_alloc *a, uintptr_t lo, const struct nrt_xfer *x)
{
    struct nrt_space *s = a->space;
    size_t bytes = x->width * x->rows;
    uint64_t t0 = nrt_now_ns();
    add_event(a, s->ops->mem->copy_in(s, a->buf, lo - a->lo, (const void *)lo, x, NULL));
    atomic_fetch_add_explicit(&s->stats.bytes_in, bytes, memory_order_relaxed);
    note_transfer(0, s->id, bytes, t0, NRT_TRACK_SPACE(s->id, 1));
}

static void copy_from_host(struct nrt_alloc *a, uintptr_t lo, uintptr_t hi)
{
    struct nrt_xfer x = {hi - lo, 1, hi - lo};
    copy_rect_from_host(a, lo, &x);
}

/* Device to device when the plugin can; false when it cannot. */
static bool copy_peer(struct nrt_alloc *dst, struct nrt_alloc *src, uintptr_t lo, uintptr_t hi)
{
    struct nrt_space *d = dst->space, *s = src->space;
    if (d->ops != s->ops || !(d->ops->mem->copy_peer || d->ops->mem->copy_peer_at))
        return false;
    struct nrt_xfer x = {hi - lo, 1, hi - lo};
    uint64_t t0 = nrt_now_ns();
    if (d->ops->mem->copy_peer_at) {
        add_event(dst, d->ops->mem->copy_peer_at(d, s, (const void *)lo, &x));
        atomic_fetch_add_explicit(&d->stats.bytes_peer, hi - lo, memory_order_relaxed);
        note_transfer(s->id, d->id, hi - lo, t0, NRT_TRACK_SPACE(d->id, 1));
        return true;
    }
    wait_alloc(src);
    nrt_event e = d->ops->mem->copy_peer(d, dst->buf, lo - dst->lo, s, src->buf, lo - src->lo,
                                         &x, NULL);
    if (e == NRT_EVENT_UNSUPPORTED)
        return false;
    /* Waited for here: the source space may evict (free) its copy as soon as the lock
     * is released, and only its own manager would know of a copy still reading it. */
    if (e) {
        d->ops->mem->wait(d, e);
        d->ops->mem->release(d, e);
    }
    atomic_fetch_add_explicit(&d->stats.bytes_peer, hi - lo, memory_order_relaxed);
    note_transfer(s->id, d->id, hi - lo, t0, NRT_TRACK_SPACE(s->id, 2));
    note_timed(s->id, d->id, hi - lo, t0);
    return true;
}

/* Make segment g valid in a: from the host, from another copy directly, or through the
 * host (which then holds a valid copy too). */
static void seg_fetch(struct seg *g, struct nrt_alloc *a)
{
    if (!g->host) {
        struct nrt_alloc *src = g->a[0];
        for (unsigned k = 0; k < g->n; k++)
            if (g->a[k]->space->ops == a->space->ops && g->a[k]->space != a->space)
                src = g->a[k];      /* a peer of the same plugin first */
        if (src->space != a->space && copy_peer(a, src, g->lo, g->hi)) {
            seg_add_copy(g, a);
            return;
        }
        copy_to_host(src, g->lo, g->hi);
        set_host(g, true);
    }
    host_ready(g);
    copy_from_host(a, g->lo, g->hi);
    seg_add_copy(g, a);
}

/* Whether g is valid in a: a holds it, or another allocation of a's space does when the
 * space's allocations are views of the same memory (shared_views: a is added). */
static bool seg_held(struct seg *g, struct nrt_alloc *a)
{
    if (seg_has(g, a))
        return true;
    if (!a->space->ops->shared_views)
        return false;
    for (unsigned k = 0; k < g->n; k++)
        if (g->a[k]->space == a->space) {
            seg_add_copy(g, a);
            return true;
        }
    return false;
}

/* Segments [i0, i1) made valid in a; consecutive ones the host holds go in one copy.
 * Returns false when something had to be copied (a miss). */
static bool segs_fetch(size_t i0, size_t i1, struct nrt_alloc *a)
{
    bool hit = true;
    size_t run = i1;                /* start of a run of host-valid segments to copy */
    for (size_t i = i0; i <= i1; i++) {
        bool need = i < i1 && !seg_held(&C.seg[i], a);
        bool joins = need && C.seg[i].host && run < i && C.seg[i - 1].hi == C.seg[i].lo;
        if (run < i && !joins) {    /* the run ends before i */
            copy_from_host(a, C.seg[run].lo, C.seg[i - 1].hi);
            for (size_t k = run; k < i; k++)
                seg_add_copy(&C.seg[k], a);
            run = i1;
        }
        if (!need)
            continue;
        hit = false;
        if (C.seg[i].host) {
            host_ready(&C.seg[i]);
            if (run == i1)
                run = i;
        } else {
            seg_fetch(&C.seg[i], a);
        }
    }
    return hit;
}

/* ---- allocations --------------------------------------------------------------------- */

static void lru_unlink(struct nrt_alloc *a)
{
    int s = a->space->id;
    if (a->prev)
        a->prev->next = a->next;
    else
        C.sp[s].head = a->next;
    if (a->next)
        a->next->prev = a->prev;
    else
        C.sp[s].tail = a->prev;
    a->prev = a->next = NULL;
}

static void lru_append(struct nrt_alloc *a)
{
    int s = a->space->id;
    a->prev = C.sp[s].tail;
    a->next = NULL;
    if (a->prev)
        a->prev->next = a;
    else
        C.sp[s].head = a;
    C.sp[s].tail = a;
}

/* ---- the per-space index of allocations by lo --------------------------------------- */

/* Index of the first allocation of space s starting after lo. */
static size_t index_after(int s, uintptr_t lo)
{
    size_t l = 0, h = C.sp[s].n;
    while (l < h) {
        size_t m = (l + h) / 2;
        if (C.sp[s].by_lo[m]->lo <= lo)
            l = m + 1;
        else
            h = m;
    }
    return l;
}

static void index_add(struct nrt_alloc *a)
{
    int s = a->space->id;
    if (C.sp[s].n == C.sp[s].cap) {
        C.sp[s].cap = C.sp[s].cap ? 2 * C.sp[s].cap : 64;
        C.sp[s].by_lo = nrt_xrealloc(C.sp[s].by_lo, C.sp[s].cap * sizeof *C.sp[s].by_lo);
    }
    size_t i = index_after(s, a->lo);
    memmove(&C.sp[s].by_lo[i + 1], &C.sp[s].by_lo[i], (C.sp[s].n - i) * sizeof a);
    C.sp[s].by_lo[i] = a;
    C.sp[s].n++;
    if (a->hi - a->lo > C.sp[s].max_len)
        C.sp[s].max_len = a->hi - a->lo;
}

static void index_del(struct nrt_alloc *a)
{
    int s = a->space->id;
    for (size_t i = index_after(s, a->lo); i-- > 0 && C.sp[s].by_lo[i]->lo == a->lo;)
        if (C.sp[s].by_lo[i] == a) {
            memmove(&C.sp[s].by_lo[i], &C.sp[s].by_lo[i + 1], (C.sp[s].n - i - 1) * sizeof a);
            C.sp[s].n--;
            return;
        }
}

/* An allocation of s holding [lo, hi) (starting exactly at lo on exact_base spaces).
 * Candidates start at or before lo; none starting before lo - max_len can reach hi. */
static struct nrt_alloc *alloc_find(struct nrt_space *s, uintptr_t lo, uintptr_t hi)
{
    size_t max_len = C.sp[s->id].max_len;
    for (size_t i = index_after(s->id, lo); i-- > 0;) {
        struct nrt_alloc *a = C.sp[s->id].by_lo[i];
        if ((s->exact_base && a->lo != lo) || a->lo + max_len < hi)
            break;
        if (!a->doomed && hi <= a->hi)
            return a;
    }
    return NULL;
}

/* Write back what only a holds, take it out of the map, free its memory. */
static void alloc_free(struct nrt_alloc *a)
{
    NRT_ASSERT_HELD(&C.lock);
    struct nrt_space *s = a->space;
    size_t i = seg_after(a->lo), i1 = i;
    for (; i1 < C.nseg && C.seg[i1].lo < a->hi; i1++) {
        struct seg *g = &C.seg[i1];
        if (g->wb == a)
            host_ready(g);
        if (!seg_has(g, a))
            continue;
        if (g->n == 1 && !g->host) {
            copy_to_host(a, g->lo, g->hi);
            set_host(g, true);
        }
        seg_drop_copy(g, a);
    }
    seg_compact(i, i1);
    wait_alloc(a);
    for (unsigned k = 0; k < a->nev; k++)
        s->ops->mem->release(s, a->ev[k]);
    free(a->ev);
    s->ops->mem->free(s, a->buf);
    C.sp[s->id].used -= a->hi - a->lo;
    index_del(a);
    lru_unlink(a);
    free(a);
}

/* Evict the least recently used unpinned allocation of s; false when none. */
static bool evict_one(struct nrt_space *s)
{
    struct nrt_alloc *a = C.sp[s->id].head;
    while (a && a->pin > 0)
        a = a->next;
    if (!a)
        return false;
    alloc_free(a);
    atomic_fetch_add_explicit(&s->stats.evictions, 1, memory_order_relaxed);
    return true;
}

/* A new allocation of [lo, hi) in s, evicting as needed; NULL when it cannot fit. */
static struct nrt_alloc *alloc_new(struct nrt_space *s, uintptr_t lo, uintptr_t hi)
{
    size_t bytes = hi - lo;
    while (C.sp[s->id].used + bytes > s->mem_limit)
        if (!evict_one(s))
            return NULL;
    void *buf;
    while (!(buf = s->ops->mem->alloc(s, bytes)))
        if (!evict_one(s))
            return NULL;
    struct nrt_alloc *a = nrt_xcalloc(1, sizeof *a);
    a->space = s;
    a->lo = lo;
    a->hi = hi;
    a->buf = buf;
    C.sp[s->id].used += bytes;
    lru_append(a);
    index_add(a);
    return a;
}

/* The host range a region's allocation covers in s.  Kernels on exact_base devices
 * (OpenCL) index their buffer from the pointer they were given, usually the region's
 * base: the allocation starts there when the base is at or below the region. */
static void alloc_range(const struct nrt_region *r, const struct nrt_space *s, uintptr_t *lo,
                        uintptr_t *hi)
{
    uintptr_t base = (uintptr_t)r->base;
    *lo = s->exact_base && base <= r->lo ? base : r->lo;
    *hi = r->hi;
}


static bool copied(const struct nrt_region *r)
{
    return r->nd > 0 && (r->flags & NANORT_COPY_INOUT);
}

/* ---- staging and completion (device tasks) ------------------------------------------ */

static void unpin(struct nrt_alloc *a)
{
    if (--a->pin == 0 && a->doomed)
        alloc_free(a);
}

static void staging_unpin(struct nrt_staging *st)
{
    for (unsigned i = 0; i < st->task->nregions; i++)
        if (st->a[i])
            unpin(st->a[i]);
}

static size_t task_bytes(const struct nanort_task *t, const struct nrt_space *s)
{
    size_t n = 0;
    for (unsigned i = 0; i < t->nregions; i++)
        if (copied(&t->regions[i])) {
            uintptr_t lo, hi;
            alloc_range(&t->regions[i], s, &lo, &hi);
            n += hi - lo;
        }
    return n;
}

bool nrt_cache_fits(const struct nanort_task *t, const struct nrt_space *s)
{
    return task_bytes(t, s) <= s->mem_limit;
}

void nrt_cache_does_not_fit(const struct nanort_task *t, const struct nrt_space *s)
{
    const char *label = t->type->label ? t->type->label : "(unnamed)";
    const char *opt = s->mem_option ? s->mem_option
                      : s->ops->mem_option ? s->ops->mem_option : "the device's memory option";
    if (s->mem_limit == SIZE_MAX)   /* no limit: the device itself ran out */
        nrt_fatal("task '%s' needs %zu bytes on %s but the device has no room for them (%zu "
                  "bytes of other tasks in flight): use smaller tasks", label, task_bytes(t, s),
                  s->name, C.sp[s->id].used);
    nrt_fatal("task '%s' needs %zu bytes on %s but %s allows %zu: raise the limit or use "
              "smaller tasks", label, task_bytes(t, s), s->name, opt, s->mem_limit);
}

/* Pin an allocation for every copied region; false when one does not fit. */
static bool stage_allocs(struct nrt_staging *st)
{
    struct nanort_task *t = st->task;
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct nrt_region *r = &t->regions[i];
        if (!copied(r))
            continue;
        uintptr_t lo, hi;
        alloc_range(r, st->space, &lo, &hi);
        struct nrt_alloc *a = alloc_find(st->space, lo, hi);
        if (!a && !(a = alloc_new(st->space, lo, hi)))
            return false;
        a->pin++;
        lru_unlink(a);              /* most recently used */
        lru_append(a);
        st->a[i] = a;
    }
    return true;
}

/* The rows of a region of 2 or more dimensions, plane by plane: one rectangle each. */
static struct nrt_xfer plane_of(const struct nrt_region *r)
{
    return (struct nrt_xfer){r->len[0], r->len[1], r->stride[1]};
}

/* True when the host holds every byte of r and a none (r's first use there). */
static bool host_only_for(const struct nrt_region *r, const struct nrt_alloc *a)
{
    struct chunk_it it;
    uintptr_t lo, hi;
    for (chunk_start(&it, r); chunk_next(&it, &lo, &hi);)
        for (size_t k = seg_after(lo); k < C.nseg && C.seg[k].lo < hi; k++)
            if (!C.seg[k].host || seg_has(&C.seg[k], a))
                return false;
    return true;
}

/* A tile the device lacks and the host holds moves as rectangles (one copy per plane
 * instead of one per row); false when that does not apply. */
static bool stage_rect(const struct nrt_region *r, struct nrt_alloc *a)
{
    if (r->nd < 2 || !host_only_for(r, a))
        return false;
    struct nrt_xfer x = plane_of(r);
    struct chunk_it it;
    uintptr_t lo, hi;
    size_t row = 0, i0, i1;
    /* a plane's copy reads rows of later chunks too: all of them first */
    for (chunk_start(&it, r); chunk_next(&it, &lo, &hi);)
        range_ready(lo, hi);
    for (chunk_start(&it, r); chunk_next(&it, &lo, &hi); row++) {
        if (row % r->len[1] == 0)
            copy_rect_from_host(a, lo, &x);
        seg_cover(lo, hi, &i0, &i1);
        for (size_t k = i0; k < i1; k++)
            seg_add_copy(&C.seg[k], a);
    }
    return true;
}

/* Copy in what the copy-in regions lack; count hits and misses. */
static void stage_inputs(struct nrt_staging *st)
{
    struct nanort_task *t = st->task;
    struct nrt_space_stats *stats = &st->space->stats;
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct nrt_region *r = &t->regions[i];
        if (!st->a[i] || !(r->flags & NANORT_COPY_IN))
            continue;
        if (stage_rect(r, st->a[i])) {
            atomic_fetch_add_explicit(&stats->misses, 1, memory_order_relaxed);
            continue;
        }
        bool hit = true;
        struct chunk_it it;
        uintptr_t lo, hi;
        size_t i0, i1;
        for (chunk_start(&it, r); chunk_next(&it, &lo, &hi);) {
            seg_cover(lo, hi, &i0, &i1);
            hit &= segs_fetch(i0, i1, st->a[i]);
        }
        atomic_fetch_add_explicit(hit ? &stats->hits : &stats->misses, 1, memory_order_relaxed);
    }
}

/* Mark the bytes st's task writes: flushes leave them alone until it completes. */
static void stage_writers(struct nrt_staging *st)
{
    struct nanort_task *t = st->task;
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct nrt_region *r = &t->regions[i];
        struct chunk_it it;
        uintptr_t lo, hi;
        size_t i0, i1;
        if (st->a[i] && (r->flags & NANORT_COPY_OUT))
            for (chunk_start(&it, r); chunk_next(&it, &lo, &hi);) {
                seg_cover(lo, hi, &i0, &i1);
                for (size_t k = i0; k < i1; k++)
                    C.seg[k].writers++;
            }
    }
}

/* The events of every allocation st uses: its launch waits for them. */
static void stage_events(struct nrt_staging *st)
{
    unsigned n = 0;
    for (unsigned i = 0; i < st->task->nregions; i++)
        if (st->a[i])
            n += st->a[i]->nev;
    st->ev = n ? nrt_xmalloc(n * sizeof *st->ev) : NULL;
    for (unsigned i = 0; i < st->task->nregions; i++)
        for (unsigned k = 0; st->a[i] && k < st->a[i]->nev; k++) {
            bool dup = false;
            for (unsigned j = 0; j < st->nev; j++)
                dup |= st->ev[j] == st->a[i]->ev[k];
            if (!dup)
                st->ev[st->nev++] = st->a[i]->ev[k];
        }
}

struct nrt_staging *nrt_cache_stage(struct nanort_task *t, struct nrt_space *s,
                                    bool others_pinned)
{
    struct nrt_staging *st = nrt_xcalloc(1, sizeof *st + t->nregions * sizeof st->a[0]);
    st->task = t;
    st->space = s;
    atomic_store_explicit(&cache_used, true, memory_order_release);
    nrt_lock_acquire(&C.lock);
    if (!stage_allocs(st)) {
        staging_unpin(st);
        (void)others_pinned;        /* false: it never fits here; the caller decides */
        cache_unlock();
        free(st);
        return NULL;
    }
    stage_inputs(st);
    stage_writers(st);
    stage_events(st);
    cache_unlock();
    return st;
}

unsigned nrt_cache_events(const struct nrt_staging *st, const nrt_event **ev)
{
    *ev = st->ev;
    return st->nev;
}

/* A copy-out region's chunk [lo, hi) was written in a (and copied back when `back`;
 * `eager`: that copy is still in flight, see struct seg's wb). */
static void complete_chunk(struct nrt_alloc *a, uintptr_t lo, uintptr_t hi, bool back,
                           bool eager)
{
    size_t i0, i1;
    seg_cover(lo, hi, &i0, &i1);
    for (size_t i = i0; i < i1; i++) {
        struct seg *g = &C.seg[i];
        g->n = 0;
        seg_add_copy(g, a);
        set_host(g, back);
        if (eager)
            g->wb = a;
        NRT_ASSERT(g->writers > 0);
        g->writers--;
    }
}

/* --eager-writeback: queue the copy of rows x starting at lo from a to the host without
 * waiting for it (its event joins a's: later users of a, and host_ready, wait for it). */
static void copy_rect_to_host_async(struct nrt_alloc *a, uintptr_t lo, const struct nrt_xfer *x)
{
    struct nrt_space *s = a->space;
    size_t bytes = x->width * x->rows;
    uint64_t t0 = nrt_now_ns();
    add_event(a, s->ops->mem->copy_out(s, (void *)lo, a->buf, lo - a->lo, x, NULL));
    atomic_fetch_add_explicit(&s->stats.bytes_out, bytes, memory_order_relaxed);
    note_transfer(s->id, 0, bytes, t0, NRT_TRACK_SPACE(s->id, 2));
}

/* Whether every plane x of r's copy back can be queued without blocking. */
static bool eager_possible(const struct nrt_region *r, const struct nrt_alloc *a,
                           const struct nrt_xfer *x)
{
    struct nrt_space *s = a->space;
    struct chunk_it it;
    uintptr_t lo, hi;
    size_t row = 0;
    for (chunk_start(&it, r); chunk_next(&it, &lo, &hi); row++)
        if (row % x->rows == 0 && !s->ops->async_out(s, (const void *)lo, x))
            return false;
    return true;
}

/* Drop the events of a's copies that have landed (manager thread of a's space only:
 * nobody holds them between a staging and its launch then). */
static void release_done_events(struct nrt_alloc *a)
{
    unsigned w = 0;
    const struct nrt_mem_ops *m = a->space->ops->mem;
    for (unsigned k = 0; k < a->nev; k++) {
        if (m->query(a->space, a->ev[k]))
            m->release(a->space, a->ev[k]);
        else
            a->ev[w++] = a->ev[k];
    }
    a->nev = w;
}

void nrt_cache_complete(struct nrt_staging *st)
{
    struct nanort_task *t = st->task;
    enum nrt_cache_policy pol = policy();
    /* Results no task created so far reads or overwrites: their copy back can start now,
     * overlapping the next kernels, instead of at the taskwait (a later task that does
     * use them still finds them on the device). */
    bool eager = pol == NRT_CACHE_WRITEBACK && nrt_eager_writeback && st->space->ops->async_out &&
                 !nrt_deps_has_successors(t);
    nrt_lock_acquire(&C.lock);
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct nrt_region *r = &t->regions[i];
        struct nrt_alloc *a = st->a[i];
        if (!a)
            continue;
        struct chunk_it it;
        uintptr_t lo, hi;
        size_t row = 0;
        bool back = pol != NRT_CACHE_WRITEBACK;
        struct nrt_xfer x = r->nd >= 2 ? plane_of(r) : (struct nrt_xfer){r->len[0], 1, r->len[0]};
        bool async = !back && eager && (r->flags & NANORT_COPY_OUT) && eager_possible(r, a, &x);
        if (r->flags & NANORT_COPY_OUT)
            for (chunk_start(&it, r); chunk_next(&it, &lo, &hi); row++) {
                if (async && row % x.rows == 0)
                    copy_rect_to_host_async(a, lo, &x);
                else if (back && row % x.rows == 0)
                    copy_rect_to_host(a, lo, &x);   /* write-through: plane by plane */
                complete_chunk(a, lo, hi, back || async, async);
            }
        if (pol == NRT_CACHE_NOCACHE)
            a->doomed = true;
        release_done_events(a);
    }
    staging_unpin(st);
    cache_unlock();
    free(st->ev);
    free(st);
}

/* Whether byte h is one of the region's bytes (not only inside its hull). */
static bool region_holds(const struct nrt_region *r, uintptr_t h)
{
    if (r->nd == 0 || h < r->lo || h >= r->hi)
        return false;
    uintptr_t off = h - r->lo;
    for (unsigned d = r->nd - 1; d > 0; d--) {
        size_t k = off / r->stride[d];
        if (k >= r->len[d])
            return false;
        off -= k * r->stride[d];
    }
    return off < r->len[0];
}

bool nrt_cache_translate(nanort_ctx *ctx, const void *host, void **buf, size_t *off)
{
    struct nrt_staging *st = ctx->staging;
    uintptr_t h = (uintptr_t)host;
    if (!st)
        return false;
    /* The region that holds the byte (its allocation has it valid), else one whose
     * allocation covers it (a pointer into the gaps of a tile), else the region whose
     * base pointer it is (the kernel indexes from the base: the offset may then be
     * "negative", which wraps around to the right device address). */
    for (unsigned pass = 0; pass < 3; pass++)
        for (unsigned i = 0; i < st->task->nregions; i++) {
            const struct nrt_region *r = &st->task->regions[i];
            struct nrt_alloc *a = st->a[i];
            bool in = a && (pass == 0 ? region_holds(r, h)
                            : pass == 1 ? a->lo <= h && h < a->hi
                                        : (uintptr_t)r->base == h);
            if (in) {
                *buf = a->buf;
                *off = h - a->lo;
                return true;
            }
        }
    return false;
}

size_t nrt_cache_affinity(const struct nanort_task *t, const struct nrt_space *s)
{
    size_t bytes = 0;
    if (!atomic_load_explicit(&cache_used, memory_order_acquire))
        return 0;
    nrt_lock_acquire(&C.lock);
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct nrt_region *r = &t->regions[i];
        if (!copied(r) || !(r->flags & NANORT_COPY_IN))
            continue;
        struct chunk_it it;
        uintptr_t lo, hi;
        for (chunk_start(&it, r); chunk_next(&it, &lo, &hi);)
            for (size_t k = seg_after(lo); k < C.nseg && C.seg[k].lo < hi; k++) {
                const struct seg *g = &C.seg[k];
                bool there = false;
                for (unsigned j = 0; j < g->n; j++)
                    there |= g->a[j]->space == s;
                if (there)
                    bytes += (g->hi < hi ? g->hi : hi) - (g->lo > lo ? g->lo : lo);
            }
    }
    cache_unlock();
    return bytes;
}

/* ---- the host side (smp tasks, taskwait) ---------------------------------------------- */

/* A copy of g to read from: for a flush, not one a running task is writing (the flush
 * does not wait for that task, whose completion makes its copy the only valid one). */
static struct nrt_alloc *flush_source(const struct seg *g, bool flush)
{
    return flush && g->writers > 0 ? NULL : g->a[0];
}

/* Copy back the segments overlapping [lo, hi) that the host lacks. */
static void host_fetch(uintptr_t lo, uintptr_t hi, bool flush)
{
    for (size_t k = seg_after(lo); k < C.nseg && C.seg[k].lo < hi; k++) {
        struct seg *g = &C.seg[k];
        struct nrt_alloc *src = g->host ? NULL : flush_source(g, flush);
        if (src) {
            copy_to_host(src, g->lo, g->hi);
            set_host(g, true);
        } else if (g->host) {
            host_ready(g);
        }
    }
}

static bool directory_in_use(void)
{
    return atomic_load_explicit(&cache_used, memory_order_acquire);
}

void nrt_cache_host_acquire(struct nanort_task *t)
{
    if (!directory_in_use())
        return;
    nrt_lock_acquire(&C.lock);
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct nrt_region *r = &t->regions[i];
        struct chunk_it it;
        uintptr_t lo, hi;
        if (reads(r->flags)) {
            for (chunk_start(&it, r); chunk_next(&it, &lo, &hi);)
                host_fetch(lo, hi, false);
        } else if (writes(r->flags)) {
            /* an eager write-back still landing would overwrite what the body writes */
            for (chunk_start(&it, r); chunk_next(&it, &lo, &hi);)
                range_ready(lo, hi);
        }
    }
    cache_unlock();
}

/* The host may have written [lo, hi): device copies of it are stale.  `parent`: the
 * task created children with regions; segments the host does not hold were written by
 * one of them later, on a device (the body can only have written what it held: it read
 * it, or a taskwait flushed it), so they stay as they are. */
static void host_wrote(uintptr_t lo, uintptr_t hi, bool parent)
{
    size_t i = seg_after(lo);
    if (i == C.nseg || C.seg[i].lo >= hi)
        return;                     /* nothing cached there */
    size_t i0, i1;
    seg_cover(lo, hi, &i0, &i1);
    for (size_t k = i0; k < i1; k++) {
        if (parent && !C.seg[k].host)
            continue;
        C.seg[k].n = 0;
        set_host(&C.seg[k], true);
    }
    seg_compact(i0, i1);
}

void nrt_cache_host_release(struct nanort_task *t)
{
    if (!directory_in_use())
        return;
    bool parent = t->domain != NULL;    /* the body's thread created it, and runs this */
    nrt_lock_acquire(&C.lock);
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct nrt_region *r = &t->regions[i];
        struct chunk_it it;
        uintptr_t lo, hi;
        if (writes(r->flags))
            for (chunk_start(&it, r); chunk_next(&it, &lo, &hi);)
                host_wrote(lo, hi, parent);
    }
    cache_unlock();
}

/* After a flush the host may write what it got back, so the host becomes the only
 * valid copy of segments [i0, i1) (skipping those a running device task writes: its
 * completion decides). */
static void host_takes(size_t i0, size_t i1)
{
    for (size_t k = i0; k < i1; k++)
        if (C.seg[k].writers == 0) {
            NRT_ASSERT(C.seg[k].host);
            host_ready(&C.seg[k]);
            C.seg[k].n = 0;
        }
    seg_compact(i0, i1);
}

static bool nothing_cached(void)
{
    return nrt_nspaces <= 1 || atomic_load_explicit(&nseg_pub, memory_order_acquire) == 0;
}

/*
 * taskwait: copy back what the host lacks, and drop the device copies, since the code
 * after a taskwait may write the data on the host (OmpSs programs do: main refills an
 * array, then creates device tasks on it again).  taskwait noflush keeps them.
 */
void nrt_devices_flush(void)
{
    if (nothing_cached())
        return;
    nrt_lock_acquire(&C.lock);
    for (size_t k = 0; k < C.nseg; k++) {
        struct seg *g = &C.seg[k];
        struct nrt_alloc *src = g->host ? NULL : flush_source(g, true);
        if (!src)
            continue;
        /* one copy for a run of contiguous segments held by the same allocation */
        size_t e = k + 1;
        while (e < C.nseg && !C.seg[e].host && C.seg[e].lo == C.seg[e - 1].hi &&
               C.seg[e].writers == 0 && seg_has(&C.seg[e], src))
            e++;
        copy_to_host(src, g->lo, C.seg[e - 1].hi);
        for (size_t j = k; j < e; j++)
            set_host(&C.seg[j], true);
        k = e - 1;
    }
    host_takes(0, C.nseg);
    cache_unlock();
}

/* taskwait on(...): the same as a taskwait's flush, for the segments the regions touch. */
void nrt_cache_flush_regions(unsigned n, const struct nrt_region *regs)
{
    if (nothing_cached())
        return;
    nrt_lock_acquire(&C.lock);
    for (unsigned i = 0; i < n; i++) {
        struct chunk_it it;
        uintptr_t lo, hi;
        for (chunk_start(&it, &regs[i]); chunk_next(&it, &lo, &hi);) {
            host_fetch(lo, hi, true);
            size_t i0 = seg_after(lo), i1 = i0;
            while (i1 < C.nseg && C.seg[i1].lo < hi)
                i1++;
            host_takes(i0, i1);
        }
    }
    cache_unlock();
}

/* ---- start and stop -------------------------------------------------------------------- */

void nrt_cache_stop(void)
{
    nrt_lock_acquire(&C.lock);
    for (int s = 1; s < nrt_nspaces; s++) {
        C.sp[s].n = 0;              /* no index upkeep: everything goes */
        while (C.sp[s].head)
            alloc_free(C.sp[s].head);
        free(C.sp[s].by_lo);
    }
    for (size_t k = 0; k < C.nseg; k++)
        free(C.seg[k].a);
    free(C.seg);
    C.seg = NULL;
    C.nseg = C.cap = 0;
    publish_nseg();
    memset(C.sp, 0, sizeof C.sp);
    atomic_store(&cache_used, false);
    cache_unlock();
}

void nrt_cache_after_fork(void)
{
    /* The parent's device memory is not ours: forget it (leaked on purpose). */
    nrt_lock_init(&C.lock);
    C.seg = NULL;
    C.nseg = C.cap = 0;
    publish_nseg();
    memset(C.sp, 0, sizeof C.sp);
    atomic_store(&cache_used, false);
}
