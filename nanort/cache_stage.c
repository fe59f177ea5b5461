/*
 * cache_stage.c - the data directory across memory spaces (the software data cache).
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
 * clear lock first (STYLE.md); transfers from several threads at once are rare.  The
 * exception: a host task's fetch from a space that orders its copies out before later
 * uses of their bytes itself (ordered_out: cluster ranks) marks the segments (landing),
 * releases the lock, and waits; other threads needing those bytes wait for the mark.
 *
 * Three files, one lock (C.lock): cache_map.c the segment map (its state, overlap,
 * lookups), cache_alloc.c the allocations (device memory, LRU order, eviction, pinning,
 * "does not fit"), and this one the staging (transfers in and out, write-back, the host
 * side's fetches and the taskwait flushes).  Their shared structures are in nrt.h's
 * cache section.
 */
#include "nrt.h"

#include <malloc.h>
#include <stdlib.h>
#include <string.h>

/* C: the directory's state (cache_map.c), under the same short name in the three files. */
#define C nrt_cache_dir

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

/* ---- transfers (lock held) ------------------------------------------------------------- */

/* Before the host's bytes of g are read, written or replaced: an eager write-back into
 * them must have landed. */
void nrt_seg_host_ready(struct nrt_seg *g)
{
    NRT_ASSERT_HELD(&C.lock);
    if (g->landing) {               /* another thread's fetch (host_fetch): it releases it */
        struct nrt_space *s = g->landing_from->space;
        s->ops->mem->wait(s, g->landing);
        g->landing = NULL;
        g->landing_from = NULL;
    }
    if (g->wb) {
        nrt_alloc_wait(g->wb);
        g->wb = NULL;
    }
}

/* nrt_seg_host_ready() for every segment overlapping the host bytes [lo, hi). */
static void range_ready(uintptr_t lo, uintptr_t hi)
{
    NRT_ASSERT_HELD(&C.lock);
    for (size_t k = nrt_seg_after(lo); k < C.nseg && C.seg[k].lo < hi; k++)
        nrt_seg_host_ready(&C.seg[k]);
}

void nrt_seg_set_host(struct nrt_seg *g, bool valid)
{
    NRT_ASSERT_HELD(&C.lock);
    nrt_seg_host_ready(g);
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
static __thread unsigned ntimed __attribute__((tls_model("initial-exec")));

static void note_timed(int src, int dst, size_t bytes, uint64_t t0)
{
    NRT_ASSERT_HELD(&C.lock);
    if (ntimed < TIMED_MAX)
        timed[ntimed++] = (struct timed_copy){src, dst, bytes, nrt_now_ns() - t0};
}

/* Whether this thread holds C.lock (nanort_realloc: a realloc that a plugin makes under
 * it must not wait for it). */
static __thread bool locked_here __attribute__((tls_model("initial-exec")));

void nrt_cache_lock(void)
{
    nrt_lock_acquire(&C.lock);
    locked_here = true;
}

static bool cache_try_lock(void)
{
    if (locked_here || !nrt_lock_try(&C.lock))
        return false;
    locked_here = true;
    return true;
}

static void drain_freed(void);
static size_t freed_pending(void);

void nrt_cache_unlock(void)
{
    NRT_ASSERT_HELD(&C.lock);
    drain_freed();
    locked_here = false;
    nrt_lock_release(&C.lock);
    for (unsigned i = 0; i < ntimed; i++)
        nrt_perf_transfer_record(timed[i].src, timed[i].dst, timed[i].bytes, timed[i].ns);
    ntimed = 0;
    /* Blocks freed while it was held, queued after the drain above (nanort_free): seq_cst,
     * against nanort_free's queue-then-try (either its try sees the lock free, or this load
     * sees its block). */
    atomic_thread_fence(memory_order_seq_cst);
    while (freed_pending() && cache_try_lock()) {
        drain_freed();
        locked_here = false;
        nrt_lock_release(&C.lock);
        atomic_thread_fence(memory_order_seq_cst);
    }
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
void nrt_alloc_wait(struct nrt_alloc *a)
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
    nrt_alloc_wait(a);
    nrt_event e = s->ops->mem->copy_out(s, (void *)lo, a->buf, lo - a->lo, x, NULL);
    if (e) {
        s->ops->mem->wait(s, e);
        s->ops->mem->release(s, e);
    }
    atomic_fetch_add_explicit(&s->stats.bytes_out, bytes, memory_order_relaxed);
    note_transfer(s->id, 0, bytes, t0, NRT_TRACK_SPACE(s->id, 2));
    note_timed(s->id, 0, bytes, t0);
}

void nrt_alloc_copy_to_host(struct nrt_alloc *a, uintptr_t lo, uintptr_t hi)
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
    nrt_alloc_wait(src);
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
static void seg_fetch(struct nrt_seg *g, struct nrt_alloc *a)
{
    if (!g->host) {
        struct nrt_alloc *src = g->a[0];
        for (unsigned k = 0; k < g->n; k++)
            if (g->a[k]->space->ops == a->space->ops && g->a[k]->space != a->space)
                src = g->a[k];      /* a peer of the same plugin first */
        if (src->space != a->space && copy_peer(a, src, g->lo, g->hi)) {
            nrt_seg_add_copy(g, a);
            return;
        }
        nrt_alloc_copy_to_host(src, g->lo, g->hi);
        nrt_seg_set_host(g, true);
    }
    nrt_seg_host_ready(g);
    copy_from_host(a, g->lo, g->hi);
    nrt_seg_add_copy(g, a);
}

/* Whether g is valid in a: a holds it, or another allocation of a's space does when the
 * space's allocations are views of the same memory (shared_views: a is added). */
static bool seg_held(struct nrt_seg *g, struct nrt_alloc *a)
{
    if (nrt_seg_has(g, a))
        return true;
    if (!a->space->ops->shared_views)
        return false;
    for (unsigned k = 0; k < g->n; k++)
        if (g->a[k]->space == a->space) {
            nrt_seg_add_copy(g, a);
            return true;
        }
    return false;
}

/* Make g valid in a by an asynchronous copy from another space of a's plugin that holds
 * it (the plugin copies between them itself, copy_peer_at); false when none can. */
static bool peer_fetch(struct nrt_seg *g, struct nrt_alloc *a)
{
    if (!a->space->ops->mem->copy_peer_at)
        return false;
    for (unsigned k = 0; k < g->n; k++) {
        struct nrt_alloc *src = g->a[k];
        if (src->space != a->space && src->space->ops == a->space->ops &&
            copy_peer(a, src, g->lo, g->hi)) {
            nrt_seg_add_copy(g, a);
            return true;
        }
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
        /* the host's copy is still landing (a fetch or a prefetch back from a rank): copy
         * from a peer holding it rather than wait for it under the lock */
        if (need && C.seg[i].host && C.seg[i].landing && peer_fetch(&C.seg[i], a)) {
            need = false;
            hit = false;
        }
        bool joins = need && C.seg[i].host && run < i && C.seg[i - 1].hi == C.seg[i].lo;
        if (run < i && !joins) {    /* the run ends before i */
            copy_from_host(a, C.seg[run].lo, C.seg[i - 1].hi);
            for (size_t k = run; k < i; k++)
                nrt_seg_add_copy(&C.seg[k], a);
            run = i1;
        }
        if (!need)
            continue;
        hit = false;
        if (C.seg[i].host) {
            nrt_seg_host_ready(&C.seg[i]);
            if (run == i1)
                run = i;
        } else {
            seg_fetch(&C.seg[i], a);
        }
    }
    return hit;
}
/* ---- staging and completion (device tasks) ------------------------------------------ */

/* The rows of a region of 2 or more dimensions, plane by plane: one rectangle each. */
static struct nrt_xfer plane_of(const struct nrt_region *r)
{
    return (struct nrt_xfer){r->len[0], r->len[1], r->stride[1]};
}

/* True when the host holds every byte of r and a none (r's first use there). */
static bool host_only_for(const struct nrt_region *r, const struct nrt_alloc *a)
{
    struct nrt_chunk_it it;
    uintptr_t lo, hi;
    for (nrt_chunk_start(&it, r); nrt_chunk_next(&it, &lo, &hi);)
        for (size_t k = nrt_seg_after(lo); k < C.nseg && C.seg[k].lo < hi; k++)
            if (!C.seg[k].host || nrt_seg_has(&C.seg[k], a))
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
    struct nrt_chunk_it it;
    uintptr_t lo, hi;
    size_t row = 0, i0, i1;
    /* a plane's copy reads rows of later chunks too: all of them first */
    for (nrt_chunk_start(&it, r); nrt_chunk_next(&it, &lo, &hi);)
        range_ready(lo, hi);
    for (nrt_chunk_start(&it, r); nrt_chunk_next(&it, &lo, &hi); row++) {
        if (row % r->len[1] == 0)
            copy_rect_from_host(a, lo, &x);
        nrt_seg_cover(lo, hi, &i0, &i1);
        for (size_t k = i0; k < i1; k++)
            nrt_seg_add_copy(&C.seg[k], a);
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
        struct nrt_chunk_it it;
        uintptr_t lo, hi;
        size_t i0, i1;
        for (nrt_chunk_start(&it, r); nrt_chunk_next(&it, &lo, &hi);) {
            nrt_seg_cover(lo, hi, &i0, &i1);
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
        struct nrt_chunk_it it;
        uintptr_t lo, hi;
        size_t i0, i1;
        if (st->a[i] && (r->flags & NANORT_COPY_OUT))
            for (nrt_chunk_start(&it, r); nrt_chunk_next(&it, &lo, &hi);) {
                nrt_seg_cover(lo, hi, &i0, &i1);
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
    atomic_store_explicit(&nrt_cache_used, true, memory_order_release);
    nrt_cache_lock();
    if (!nrt_cache_stage_allocs(st)) {
        nrt_cache_unpin(st);
        (void)others_pinned;        /* false: it never fits here; the caller decides */
        nrt_cache_unlock();
        free(st);
        return NULL;
    }
    stage_inputs(st);
    stage_writers(st);
    stage_events(st);
    nrt_cache_unlock();
    return st;
}

unsigned nrt_cache_events(const struct nrt_staging *st, const nrt_event **ev)
{
    *ev = st->ev;
    return st->nev;
}

/* A copy-out region's chunk [lo, hi) was written in a (and copied back when `back`;
 * `eager`: that copy is still in flight, see struct nrt_seg's wb). */
static void complete_chunk(struct nrt_alloc *a, uintptr_t lo, uintptr_t hi, bool back,
                           bool eager)
{
    size_t i0, i1;
    nrt_seg_cover(lo, hi, &i0, &i1);
    for (size_t i = i0; i < i1; i++) {
        struct nrt_seg *g = &C.seg[i];
        g->n = 0;
        nrt_seg_add_copy(g, a);
        nrt_seg_set_host(g, back);
        if (eager)
            g->wb = a;
        NRT_ASSERT(g->writers > 0);
        g->writers--;
    }
}

/* Queue the copy of rows x starting at lo from a to the host, counted as a transfer begun
 * at t0; its event (NULL: already landed) is the caller's to wait for. */
static nrt_event queue_copy_out(struct nrt_alloc *a, uintptr_t lo, const struct nrt_xfer *x,
                                uint64_t t0)
{
    struct nrt_space *s = a->space;
    size_t bytes = x->width * x->rows;
    nrt_event e = s->ops->mem->copy_out(s, (void *)lo, a->buf, lo - a->lo, x, NULL);
    atomic_fetch_add_explicit(&s->stats.bytes_out, bytes, memory_order_relaxed);
    note_transfer(s->id, 0, bytes, t0, NRT_TRACK_SPACE(s->id, 2));
    return e;
}

/* --eager-writeback: queue the copy of rows x starting at lo from a to the host without
 * waiting for it (its event joins a's: later users of a, and nrt_seg_host_ready, wait for it). */
static void copy_rect_to_host_async(struct nrt_alloc *a, uintptr_t lo, const struct nrt_xfer *x)
{
    add_event(a, queue_copy_out(a, lo, x, nrt_now_ns()));
}

/* Whether every plane x of r's copy back can be queued without blocking. */
static bool eager_possible(const struct nrt_region *r, const struct nrt_alloc *a,
                           const struct nrt_xfer *x)
{
    struct nrt_space *s = a->space;
    struct nrt_chunk_it it;
    uintptr_t lo, hi;
    size_t row = 0;
    for (nrt_chunk_start(&it, r); nrt_chunk_next(&it, &lo, &hi); row++)
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
    nrt_cache_lock();
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct nrt_region *r = &t->regions[i];
        struct nrt_alloc *a = st->a[i];
        if (!a)
            continue;
        struct nrt_chunk_it it;
        uintptr_t lo, hi;
        size_t row = 0;
        bool back = pol != NRT_CACHE_WRITEBACK;
        struct nrt_xfer x = r->nd >= 2 ? plane_of(r) : (struct nrt_xfer){r->len[0], 1, r->len[0]};
        bool async = !back && eager && (r->flags & NANORT_COPY_OUT) && eager_possible(r, a, &x);
        if (r->flags & NANORT_COPY_OUT)
            for (nrt_chunk_start(&it, r); nrt_chunk_next(&it, &lo, &hi); row++) {
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
    nrt_cache_unpin(st);
    nrt_cache_unlock();
    free(st->ev);
    free(st);
}

/* ---- the host side (smp tasks, taskwait) ---------------------------------------------- */

/* A copy of g to read from: for a flush, not one a running task is writing (the flush
 * does not wait for that task, whose completion makes its copy the only valid one). */
static struct nrt_alloc *flush_source(const struct nrt_seg *g, bool flush)
{
    return flush && g->writers > 0 ? NULL : g->a[0];
}

/* A copy back to the host that lands without the lock held: its segments are marked
 * (g->landing) until whoever owns it has waited for it and cleared them. */
struct landing {
    nrt_event e;
    struct nrt_alloc *a;            /* its source, pinned until it landed */
    uintptr_t lo, hi;
    uint64_t t0;
    bool timed;                     /* its wait measures the transfer (not a prefetch) */
};
/* Copies back a host task's fetch waits for after releasing the lock (host_acquire). */
#define LANDINGS_MAX 16
struct landings {
    unsigned n;
    struct landing l[LANDINGS_MAX];
};
/* --cluster-prefetch: copies back started when their task was placed on the host, that no
 * fetch has taken over yet (C.lock).  Released once landed (prefetch_reap), or taken over
 * by the fetch of a task that needs them (it waits for them without the lock). */
#define PREFETCH_MAX 64
static struct landing prefetched[PREFETCH_MAX];
static unsigned nprefetched;

/* Queue the copy of g back from src (an ordered_out space): the host holds g once it
 * lands (g->landing); *l says what its owner waits for without the lock.  False when
 * there is nothing to wait for (it landed already). */
static bool fetch_landing(struct nrt_seg *g, struct nrt_alloc *src, struct landing *l)
{
    struct nrt_xfer x = {g->hi - g->lo, 1, g->hi - g->lo};
    uint64_t t0 = nrt_now_ns();
    nrt_alloc_wait(src);
    nrt_event e = queue_copy_out(src, g->lo, &x, t0);
    nrt_seg_set_host(g, true);
    if (!e)
        return false;               /* (already landed) */
    g->landing = e;
    g->landing_from = src;
    src->pin++;
    *l = (struct landing){e, src, g->lo, g->hi, t0, true};
    return true;
}

/* l has landed (lock held): clear the segments that still name it, release its event and
 * unpin its source. */
static void landing_clear(struct landing *l)
{
    NRT_ASSERT_HELD(&C.lock);
    /* (splits copied the mark; segments stay inside [lo, hi) or merge over it) */
    for (size_t k = nrt_seg_after(l->lo); k < C.nseg && C.seg[k].lo < l->hi; k++)
        if (C.seg[k].landing == l->e) {
            C.seg[k].landing = NULL;
            C.seg[k].landing_from = NULL;
        }
    struct nrt_space *s = l->a->space;
    s->ops->mem->release(s, l->e);
    nrt_alloc_unpin(l->a);
}

/* Release the prefetches that have landed (all of them, waiting, when `all`). */
static void prefetch_reap(bool all)
{
    NRT_ASSERT_HELD(&C.lock);
    unsigned w = 0;
    for (unsigned i = 0; i < nprefetched; i++) {
        struct landing *l = &prefetched[i];
        struct nrt_space *s = l->a->space;
        if (all)
            s->ops->mem->wait(s, l->e);
        else if (!s->ops->mem->query(s, l->e)) {
            prefetched[w++] = *l;
            continue;
        }
        landing_clear(l);
    }
    nprefetched = w;
}

/* A fetch meets a segment landing from prefetch e: it takes the prefetch over into *l
 * (then it waits for it without the lock).  False when e is no pending prefetch. */
static bool prefetch_take(nrt_event e, struct landing *l)
{
    NRT_ASSERT_HELD(&C.lock);
    for (unsigned i = 0; i < nprefetched; i++)
        if (prefetched[i].e == e) {
            *l = prefetched[i];
            prefetched[i] = prefetched[--nprefetched];
            return true;
        }
    return false;
}

static bool landings_hold(const struct landings *w, nrt_event e)
{
    for (unsigned i = 0; i < w->n; i++)
        if (w->l[i].e == e)
            return true;
    return false;
}

/* Copy back the segments overlapping [lo, hi) that the host lacks (with `w`: from
 * ordered_out spaces without waiting, while w has room; and taking over the prefetches
 * still landing there).  Only bytes of [lo, hi) are copied: a task that runs on the host
 * meanwhile may be writing the rest of a segment (its writes enter the directory when it
 * ends), and a copy of the whole segment would land on what it wrote. */
static void host_fetch(uintptr_t lo, uintptr_t hi, bool flush, struct landings *w)
{
    nrt_seg_clip(lo, hi);
    for (size_t k = nrt_seg_after(lo); k < C.nseg && C.seg[k].lo < hi; k++) {
        struct nrt_seg *g = &C.seg[k];
        struct nrt_alloc *src = g->host ? NULL : flush_source(g, flush);
        if (src && w && w->n < LANDINGS_MAX && src->space->ops->ordered_out) {
            w->n += fetch_landing(g, src, &w->l[w->n]);
        } else if (src) {
            nrt_alloc_copy_to_host(src, g->lo, g->hi);
            nrt_seg_set_host(g, true);
        } else if (g->host && g->landing && w && landings_hold(w, g->landing)) {
            continue;               /* waited for with the others */
        } else if (g->host && g->landing && w && w->n < LANDINGS_MAX &&
                   prefetch_take(g->landing, &w->l[w->n])) {
            w->n++;
            atomic_fetch_add_explicit(&nrt_cluster.prefetch_late, 1, memory_order_relaxed);
        } else if (g->host) {
            nrt_seg_host_ready(g);
        }
    }
}

/* The lock is released: wait for w's copies, then (locked again) clear the segments
 * that still name them, unpin their sources and release them. */
static void landings_wait(struct landings *w)
{
    for (unsigned i = 0; i < w->n; i++) {
        struct nrt_space *s = w->l[i].a->space;
        s->ops->mem->wait(s, w->l[i].e);
    }
    uint64_t t1 = nrt_now_ns();
    /* Each source's space, read while it is pinned: once landing_clear has unpinned it and
     * the lock is released, another thread may evict and free the allocation (the stress
     * test's ordered-evict run crashed reading a->space here, about once in 300 runs). */
    int from[LANDINGS_MAX];
    nrt_cache_lock();
    for (unsigned i = 0; i < w->n; i++) {
        from[i] = w->l[i].a->space->id;
        landing_clear(&w->l[i]);
    }
    nrt_cache_unlock();
    for (unsigned i = 0; i < w->n; i++)
        if (w->l[i].timed)
            nrt_perf_transfer_record(from[i], 0, w->l[i].hi - w->l[i].lo, t1 - w->l[i].t0);
}

static bool directory_in_use(void)
{
    return atomic_load_explicit(&nrt_cache_used, memory_order_acquire);
}

/* Whether every copy into a has landed (a copy out of it would not wait). */
static bool alloc_landed(struct nrt_alloc *a)
{
    for (unsigned k = 0; k < a->nev; k++)
        if (!a->space->ops->mem->query(a->space, a->ev[k]))
            return false;
    return true;
}

void nrt_cache_prefetch_drain(void)
{
    prefetch_reap(true);
}

void nrt_cache_prefetch_forget(void)
{
    nprefetched = 0;
}

void nrt_cache_prefetch_host(struct nanort_task *t)
{
    if (!directory_in_use() || t->nregions == 0)
        return;
    nrt_cache_lock();
    prefetch_reap(false);
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct nrt_region *r = &t->regions[i];
        struct nrt_chunk_it it;
        uintptr_t lo, hi;
        if (!reads(r->flags))
            continue;
        for (nrt_chunk_start(&it, r); nrt_chunk_next(&it, &lo, &hi);) {
            nrt_seg_clip(lo, hi);   /* no byte outside the region (host_fetch) */
            for (size_t k = nrt_seg_after(lo); k < C.nseg && C.seg[k].lo < hi; k++) {
                struct nrt_seg *g = &C.seg[k];
                /* valid now elsewhere: nobody writes it, and its copies there landed */
                struct nrt_alloc *src = g->host ? NULL : flush_source(g, true);
                if (!src || !src->space->ops->ordered_out || !alloc_landed(src) ||
                    nprefetched == PREFETCH_MAX)
                    continue;
                if (fetch_landing(g, src, &prefetched[nprefetched]))
                    prefetched[nprefetched++].timed = false;
                atomic_fetch_add_explicit(&nrt_cluster.prefetch_host, 1, memory_order_relaxed);
            }
        }
    }
    nrt_cache_unlock();
}

/* Make g valid in a if that needs only asynchronous copies of data valid now (from the
 * host, or from another space of a's plugin that copies between them itself). */
static void prefetch_seg(struct nrt_seg *g, struct nrt_alloc *a)
{
    if (g->writers > 0 || seg_held(g, a))
        return;
    if (g->host) {
        if (g->wb || g->landing)
            return;                 /* the host's copy is still landing */
        copy_from_host(a, g->lo, g->hi);
        nrt_seg_add_copy(g, a);
        atomic_fetch_add_explicit(&nrt_cluster.prefetch_remote, 1, memory_order_relaxed);
        return;
    }
    if (peer_fetch(g, a))
        atomic_fetch_add_explicit(&nrt_cluster.prefetch_remote, 1, memory_order_relaxed);
}

void nrt_cache_prefetch(struct nanort_task *t, struct nrt_space *s)
{
    if (!directory_in_use() || t->nregions == 0)
        return;
    struct nrt_staging *st = nrt_xcalloc(1, sizeof *st + t->nregions * sizeof st->a[0]);
    st->task = t;
    st->space = s;
    nrt_cache_lock();
    if (nrt_cache_stage_allocs(st)) {
        for (unsigned i = 0; i < t->nregions; i++) {
            const struct nrt_region *r = &t->regions[i];
            struct nrt_chunk_it it;
            uintptr_t lo, hi;
            size_t i0, i1;
            if (!st->a[i] || !(r->flags & NANORT_COPY_IN))
                continue;
            for (nrt_chunk_start(&it, r); nrt_chunk_next(&it, &lo, &hi);) {
                nrt_seg_cover(lo, hi, &i0, &i1);
                for (size_t k = i0; k < i1; k++)
                    prefetch_seg(&C.seg[k], st->a[i]);
            }
        }
    }
    nrt_cache_unpin(st);
    nrt_cache_unlock();
    free(st);
}

static void host_wrote(uintptr_t lo, uintptr_t hi, bool parent);

/* Before a host task's body: the host gets what it reads, and the bytes it writes are the
 * host's from now on (device copies of them dropped, not only when it ends): otherwise
 * they stay marked valid on a device while the body writes them, and a copy of them back
 * to the host meanwhile (another task's fetch, an eviction, a sibling's taskwait) would
 * land on what it wrote. */
void nrt_cache_host_acquire(struct nanort_task *t)
{
    if (!directory_in_use())
        return;
    struct landings w;
    w.n = 0;
    bool updates = false;           /* a region it reads and writes */
    nrt_cache_lock();
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct nrt_region *r = &t->regions[i];
        struct nrt_chunk_it it;
        uintptr_t lo, hi;
        if (reads(r->flags)) {
            for (nrt_chunk_start(&it, r); nrt_chunk_next(&it, &lo, &hi);)
                host_fetch(lo, hi, false, &w);
            updates |= writes(r->flags);
        } else if (writes(r->flags)) {
            /* (an eager write-back still landing there is waited for first) */
            for (nrt_chunk_start(&it, r); nrt_chunk_next(&it, &lo, &hi);)
                host_wrote(lo, hi, false);
        }
    }
    nrt_cache_unlock();
    if (w.n)
        landings_wait(&w);
    if (!updates)
        return;
    nrt_cache_lock();               /* what it fetched, it now writes */
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct nrt_region *r = &t->regions[i];
        struct nrt_chunk_it it;
        uintptr_t lo, hi;
        if (reads(r->flags) && writes(r->flags))
            for (nrt_chunk_start(&it, r); nrt_chunk_next(&it, &lo, &hi);)
                host_wrote(lo, hi, false);
    }
    nrt_cache_unlock();
}

/* The host may have written [lo, hi): device copies of it are stale.  `parent`: the
 * task created children with regions; segments the host does not hold were written by
 * one of them later, on a device (the body can only have written what it held: it read
 * it, or a taskwait flushed it), so they stay as they are. */
static void host_wrote(uintptr_t lo, uintptr_t hi, bool parent)
{
    size_t i = nrt_seg_after(lo);
    if (i == C.nseg || C.seg[i].lo >= hi)
        return;                     /* nothing cached there */
    size_t i0, i1;
    nrt_seg_cover(lo, hi, &i0, &i1);
    for (size_t k = i0; k < i1; k++) {
        if (parent && !C.seg[k].host)
            continue;
        C.seg[k].n = 0;
        nrt_seg_set_host(&C.seg[k], true);
    }
    nrt_seg_compact(i0, i1);
}

void nrt_cache_host_release(struct nanort_task *t)
{
    if (!directory_in_use())
        return;
    bool parent = t->domain != NULL;    /* the body's thread created it, and runs this */
    nrt_cache_lock();
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct nrt_region *r = &t->regions[i];
        struct nrt_chunk_it it;
        uintptr_t lo, hi;
        if (writes(r->flags))
            for (nrt_chunk_start(&it, r); nrt_chunk_next(&it, &lo, &hi);)
                host_wrote(lo, hi, parent);
    }
    nrt_cache_unlock();
}

/* After a flush the host may write what it got back, so the host becomes the only
 * valid copy of segments [i0, i1) (skipping those a running device task writes: its
 * completion decides). */
static void host_takes(size_t i0, size_t i1)
{
    for (size_t k = i0; k < i1; k++)
        if (C.seg[k].writers == 0) {
            NRT_ASSERT(C.seg[k].host);
            nrt_seg_host_ready(&C.seg[k]);
            C.seg[k].n = 0;
        }
    nrt_seg_compact(i0, i1);
}

static bool nothing_cached(void)
{
    return nrt_nspaces <= 1 || atomic_load_explicit(&nrt_cache_nseg_pub, memory_order_acquire) == 0;
}

/* realloc's flush of the host bytes [lo, hi): copied back, device copies dropped (lock held). */
static void flush_range(uintptr_t lo, uintptr_t hi)
{
    host_fetch(lo, hi, true, NULL);
    size_t i0 = nrt_seg_after(lo), i1 = i0;
    while (i1 < C.nseg && C.seg[i1].lo < hi)
        i1++;
    host_takes(i0, i1);
}

/*
 * taskwait: copy back what the host lacks, and drop the device copies, since the code
 * after a taskwait may write the data on the host (OmpSs programs do: main refills an
 * array, then creates device tasks on it again).  taskwait on(...) and an undeferred
 * device task do the same (the host may touch any data whose tasks finished: ones that
 * tasks waited for completed before).  taskwait noflush keeps them.
 */
void nrt_devices_flush(void)
{
    if (nothing_cached())
        return;
    nrt_cache_lock();
    for (size_t k = 0; k < C.nseg; k++) {
        struct nrt_seg *g = &C.seg[k];
        struct nrt_alloc *src = g->host ? NULL : flush_source(g, true);
        if (!src)
            continue;
        /* one copy for a run of contiguous segments held by the same allocation */
        size_t e = k + 1;
        while (e < C.nseg && !C.seg[e].host && C.seg[e].lo == C.seg[e - 1].hi &&
               C.seg[e].writers == 0 && nrt_seg_has(&C.seg[e], src))
            e++;
        nrt_alloc_copy_to_host(src, g->lo, C.seg[e - 1].hi);
        for (size_t j = k; j < e; j++)
            nrt_seg_set_host(&C.seg[j], true);
        k = e - 1;
    }
    host_takes(0, C.nseg);
    prefetch_reap(false);
    nrt_cache_unlock();
}

/* ---- blocks the program frees or moves (nanort_free, nanort_realloc) ----------------- */

/* Does [lo, hi) meet the segments' published hull (read without the lock: segments made
 * for these bytes before the caller's look were published before it)? */
static bool meets_hull(uintptr_t lo, uintptr_t hi)
{
    return hi > atomic_load_explicit(&nrt_cache_hull_pub[0], memory_order_relaxed) &&
           lo < atomic_load_explicit(&nrt_cache_hull_pub[1], memory_order_relaxed);
}

/* The bytes of the heap block at p: its usable size, which covers what was asked for.
 * False when no segment can hold any of them (nothing cached, or outside the segments'
 * hull: a block's own segments were made before the program freed it, and every hull
 * published since covers them). */
static bool block_bytes(void *p, uintptr_t *lo, uintptr_t *hi)
{
    if (!p || nothing_cached())
        return false;
    *lo = (uintptr_t)p;
    *hi = *lo + malloc_usable_size(p);
    return meets_hull(*lo, *hi);
}

/* The block [lo, hi) at p is freed (keep false) or moved (keep: what only a device holds
 * comes back first, as for a taskwait on(...) of it); its device copies are dropped: none
 * is written back into it once it is free, none is taken for a new block at its address.
 * After `taskwait noflush` its tasks are done; eager write-backs landing in it are waited
 * for.  (lock held) */
static bool still_written(uintptr_t lo, uintptr_t hi)
{
    NRT_ASSERT_HELD(&C.lock);
    for (size_t k = nrt_seg_after(lo); k < C.nseg && C.seg[k].lo < hi; k++)
        if (C.seg[k].writers > 0)
            return true;
    return false;
}

static void release_block(void *p, uintptr_t lo, uintptr_t hi, bool keep)
{
    NRT_ASSERT_HELD(&C.lock);
    if (still_written(lo, hi))
        nrt_fatal("%s(%p): a device task still writes bytes of the block (a task that "
                  "uses it has not finished): wait for it (taskwait) before the %s",
                  keep ? "realloc" : "free", p, keep ? "realloc" : "free");
    if (keep)
        flush_range(lo, hi);
    else
        host_wrote(lo, hi, false);  /* the host's alone, as after a host task wrote it */
}

/* The C library's free and realloc.  In a program linked statically with the wrapping
 * (mcc -static), the runtime's own calls of free and realloc are wrapped too and would
 * come back here: ld then resolves __real_free to the library's; elsewhere it is left
 * undefined (weak: null) and free is the library's. */
extern void __real_free(void *p) __attribute__((weak));
extern void *__real_realloc(void *p, size_t size) __attribute__((weak));

static void libc_free(void *p)
{
    if (__real_free)
        __real_free(p);
    else
        free(p);
}

static void *libc_realloc(void *p, size_t size)
{
    return __real_realloc ? __real_realloc(p, size) : realloc(p, size);
}

/* free() may come from code that holds a lock a holder of C.lock waits for: every object
 * of the program is linked with --wrap=free, the CUDA plugin and the static CUDA runtime
 * too, and this thread may hold C.lock itself.  So nanort_free never waits for C.lock:
 * when it is busy the block waits in `freed` until its holder releases it
 * (nrt_cache_unlock drains them: drops their copies, then frees them). */
static struct nrt_lock freed_lock = NRT_LOCK_INITIALIZER;  /* a leaf: nothing is called under it */
static struct {
    void **p;                       /* freed_lock */
    size_t n, cap;                  /* freed_lock */
    atomic_size_t npub;             /* n, seq_cst (nrt_cache_unlock's look without the lock) */
} freed;

static size_t freed_pending(void)
{
    return atomic_load(&freed.npub);
}

static void *freed_pop(void)
{
    nrt_lock_acquire(&freed_lock);
    void *p = freed.n ? freed.p[--freed.n] : NULL;
    atomic_store(&freed.npub, freed.n);
    nrt_lock_release(&freed_lock);
    return p;
}

static void freed_push(void *p)
{
    nrt_lock_acquire(&freed_lock);
    if (freed.n == freed.cap) {
        freed.cap = freed.cap ? 2 * freed.cap : 16;
        freed.p = libc_realloc(freed.p, freed.cap * sizeof *freed.p);  /* (under a leaf lock) */
        if (!freed.p)
            nrt_fatal("out of memory");
    }
    freed.p[freed.n++] = p;
    atomic_store(&freed.npub, freed.n);
    nrt_lock_release(&freed_lock);
}

/* After fork: the child's only thread starts with freed_lock free (a parent's thread may
 * have held it) and the list empty (its blocks leak in the child). */
void nrt_cache_freed_forget(void)
{
    nrt_lock_init(&freed_lock);
    freed.p = NULL;
    freed.n = freed.cap = 0;
    atomic_store(&freed.npub, 0);
}

/* (lock held) */
static void drain_freed(void)
{
    if (!freed_pending())
        return;
    for (void *p; (p = freed_pop());) {
        uintptr_t lo, hi;
        if (block_bytes(p, &lo, &hi))
            release_block(p, lo, hi, false);
        libc_free(p);
    }
}

void nanort_free(void *p)
{
    uintptr_t lo, hi;
    if (!block_bytes(p, &lo, &hi)) {
        libc_free(p);
        return;
    }
    if (cache_try_lock()) {
        release_block(p, lo, hi, false);
        libc_free(p);
        nrt_cache_unlock();
        return;
    }
    freed_push(p);
    atomic_thread_fence(memory_order_seq_cst);      /* (nrt_cache_unlock's) */
    if (cache_try_lock())
        nrt_cache_unlock();
}

/* A function that creates tasks returns (mcc declares `__nrt_frame` at the top of its body
 * with this as its cleanup, holding the frame's CFA: the stack pointer before the call).
 * Its frame dies, and so did the frames below it: the device copies of what tasks of this
 * thread named there (nrt_stack_cached_lo: the lowest such address) are dropped without
 * copying anything back, so that no later flush writes into a dead frame and the next
 * function's locals at those addresses are not taken for them (docs/devices.md).  A
 * device task still writing them is a task the function did not wait for. */
/* The frame [lo, hi) is dead: drop its device copies (a task still writing there is the
 * program's error). */
static void frame_dies(uintptr_t lo, uintptr_t hi)
{
    if (nothing_cached() || !meets_hull(lo, hi))
        return;
    nrt_cache_lock();
    if (still_written(lo, hi))
        nrt_fatal("a function returned while a device task still writes one of its local "
                  "variables (%#lx-%#lx): wait for the task (taskwait) before the function "
                  "returns", (unsigned long)lo, (unsigned long)hi);
    host_wrote(lo, hi, false);
    nrt_cache_unlock();
}

void nanort_frame_end(void *const *cfa)
{
    uintptr_t lo = nrt_stack_cached_lo, hi = (uintptr_t)*cfa, flo, fhi;
    /* Under ASan's fake stacks the locals are in the call's fake frame, which holds the
     * cleanup variable cfa points to; ASan reuses the frame after the return. */
    if (NRT_UNLIKELY(nrt_asan_fake_stacks) && nrt_stack_fake_frame(cfa, &flo, &fhi))
        frame_dies(flo, fhi);
    if (NRT_LIKELY(hi <= lo))
        return;
    nrt_stack_cached_lo = hi;       /* (what stays cached on this stack is above it) */
    frame_dies(lo, hi);
}

/* realloc() must have the data before it copies them: this waits for C.lock, except where
 * the block cannot be a program's (a plugin's realloc under C.lock; on a thread that is no
 * worker, when C.lock is busy: the runtime's own threads and a library's). */
void nrt_cache_block_back(void *p)
{
    uintptr_t lo, hi;
    if (!block_bytes(p, &lo, &hi) || locked_here || (!nrt_self && !cache_try_lock()))
        return;
    if (!locked_here)
        nrt_cache_lock();
    release_block(p, lo, hi, true);
    nrt_cache_unlock();
}

void *nanort_realloc(void *p, size_t size)
{
    nrt_cache_block_back(p);
    return libc_realloc(p, size);
}

/* What programs linked by mcc call for free() and realloc(): it links them with
 * `-Wl,--wrap=free,--wrap=realloc`, so that every object of the program, compiled by mcc or
 * not, calls nanort_free and nanort_realloc (the libraries it loads keep the C library's:
 * their blocks are never task data). */
void __wrap_free(void *p)
{
    nanort_free(p);
}

void *__wrap_realloc(void *p, size_t size)
{
    return nanort_realloc(p, size);
}

/* A device task's launch reads r on the host (its ndrange and shmem: nanort_launch_reads):
 * copy back what the host lacks.  r is the task's own data: its dependences keep other
 * writers away, and its own copies on the device, staged and not yet written, are the
 * values it reads. */
void nrt_cache_host_read(const struct nrt_region *r)
{
    if (nothing_cached() || r->nd == 0)
        return;
    struct nrt_chunk_it it;
    uintptr_t lo, hi;
    nrt_cache_lock();
    for (nrt_chunk_start(&it, r); nrt_chunk_next(&it, &lo, &hi);)
        host_fetch(lo, hi, false, NULL);
    nrt_cache_unlock();
}
