/*
 * cache_map.c - the segment map of the data directory (cache_stage.c describes the whole):
 * the sorted array of disjoint host byte ranges with, per segment, host validity and the
 * allocations holding a valid copy; splitting, covering and compacting it; lookups of a
 * host address in a staged task's allocations and of the bytes a space holds (affinity);
 * the directory's state, its start and stop.
 */
#include "nrt.h"

#include <stdlib.h>
#include <string.h>

/* C: the directory's state (cache_map.c), under the same short name in the three files. */
#define C nrt_cache_dir

struct nrt_cache_dir nrt_cache_dir = {.lock = {.m = PTHREAD_MUTEX_INITIALIZER}};
atomic_bool nrt_cache_used;
atomic_size_t nrt_cache_nseg_pub;
atomic_uintptr_t nrt_cache_hull_pub[2];

static void publish_nseg(void)
{
    atomic_store_explicit(&nrt_cache_hull_pub[0], C.nseg ? C.seg[0].lo : 0, memory_order_relaxed);
    atomic_store_explicit(&nrt_cache_hull_pub[1], C.nseg ? C.seg[C.nseg - 1].hi : 0,
                          memory_order_relaxed);
    atomic_store_explicit(&nrt_cache_nseg_pub, C.nseg, memory_order_release);
}

/* ---- the segment map ----------------------------------------------------------------- */

static struct nrt_seg *seg_insert(size_t i, uintptr_t lo, uintptr_t hi)
{
    if (C.nseg == C.cap) {
        C.cap = C.cap ? 2 * C.cap : 256;
        C.seg = nrt_xrealloc(C.seg, C.cap * sizeof *C.seg);
    }
    memmove(&C.seg[i + 1], &C.seg[i], (C.nseg - i) * sizeof *C.seg);
    C.nseg++;
    C.seg[i] = (struct nrt_seg){.lo = lo, .hi = hi, .host = true};
    publish_nseg();
    return &C.seg[i];
}

void nrt_seg_add_copy(struct nrt_seg *g, struct nrt_alloc *a)
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

void nrt_seg_drop_copy(struct nrt_seg *g, const struct nrt_alloc *a)
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
    struct nrt_seg *g = seg_insert(i + 1, x, C.seg[i].hi);
    struct nrt_seg *f = &C.seg[i];
    f->hi = x;
    g->host = f->host;
    g->wb = f->wb;
    g->landing = f->landing;
    g->landing_from = f->landing_from;
    g->writers = f->writers;
    for (unsigned k = 0; k < f->n; k++)
        nrt_seg_add_copy(g, f->a[k]);
}

/* Make segments tile [a, b) exactly (new ones valid on the host only); their indices
 * are [*i0, *i1). */
void nrt_seg_cover(uintptr_t a, uintptr_t b, size_t *i0, size_t *i1)
{
    size_t i = nrt_seg_after(a);
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

void nrt_seg_clip(uintptr_t a, uintptr_t b)
{
    size_t i = nrt_seg_after(a);
    if (i < C.nseg && C.seg[i].lo < a)
        seg_split(i, a);
    size_t j = nrt_seg_after(b);
    if (j < C.nseg && C.seg[j].lo < b)
        seg_split(j, b);
}

/* Remove segments [i0, i1) that are valid on the host only (the default state). */
void nrt_seg_compact(size_t i0, size_t i1)
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

/* ---- lookups ------------------------------------------------------------------------ */

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
    /* The base of a copied region of no bytes (`[n]p` with n == 0, a kernel that loops
     * over nothing): it has no allocation, the kernel gets a null buffer. */
    for (unsigned i = 0; i < st->task->nregions; i++) {
        const struct nrt_region *r = &st->task->regions[i];
        if (r->nd == 0 && (r->flags & NANORT_COPY_INOUT) && (uintptr_t)r->base == h) {
            *buf = NULL;
            *off = 0;
            return true;
        }
    }
    return false;
}

/* Call fn(g, bytes, arg) for every segment g overlapping the inputs of t the cache copies,
 * with the bytes of the overlap (lock held). */
static void inputs_walk(const struct nanort_task *t,
                        void (*fn)(const struct nrt_seg *g, size_t bytes, void *arg), void *arg)
{
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct nrt_region *r = &t->regions[i];
        if (!nrt_cache_copied(r) || !(r->flags & NANORT_COPY_IN))
            continue;
        struct nrt_chunk_it it;
        uintptr_t lo, hi;
        for (nrt_chunk_start(&it, r); nrt_chunk_next(&it, &lo, &hi);)
            for (size_t k = nrt_seg_after(lo); k < C.nseg && C.seg[k].lo < hi; k++) {
                const struct nrt_seg *g = &C.seg[k];
                fn(g, (g->hi < hi ? g->hi : hi) - (g->lo > lo ? g->lo : lo), arg);
            }
    }
}

struct affinity {
    const struct nrt_space *s;
    size_t bytes;
};

static void count_affinity(const struct nrt_seg *g, size_t bytes, void *arg)
{
    struct affinity *a = arg;
    for (unsigned j = 0; j < g->n; j++)
        if (g->a[j]->space == a->s) {
            a->bytes += bytes;
            return;
        }
}

size_t nrt_cache_affinity(const struct nanort_task *t, const struct nrt_space *s)
{
    struct affinity a = {s, 0};
    if (!atomic_load_explicit(&nrt_cache_used, memory_order_acquire))
        return 0;
    nrt_cache_lock();
    inputs_walk(t, count_affinity, &a);
    nrt_cache_unlock();
    return a.bytes;
}

struct holdings {
    size_t *held;                   /* [NRT_MAX_SPACES] */
    size_t host_lacks;
};

static void count_holdings(const struct nrt_seg *g, size_t bytes, void *arg)
{
    struct holdings *h = arg;
    unsigned seen = 0;              /* spaces counted for g (one allocation each) */
    for (unsigned j = 0; j < g->n; j++) {
        int s = g->a[j]->space->id;
        if (s > 0 && s < NRT_MAX_SPACES && !(seen & (1u << s))) {
            seen |= 1u << s;
            h->held[s] += bytes;
        }
    }
    if (!g->host)
        h->host_lacks += bytes;
}

void nrt_cache_holdings(const struct nanort_task *t, size_t held[NRT_MAX_SPACES],
                        size_t *host_lacks)
{
    struct holdings h = {held, 0};
    *host_lacks = 0;
    if (!atomic_load_explicit(&nrt_cache_used, memory_order_acquire))
        return;
    nrt_cache_lock();
    inputs_walk(t, count_holdings, &h);
    nrt_cache_unlock();
    *host_lacks = h.host_lacks;
}

/* ---- start and stop -------------------------------------------------------------------- */

void nrt_cache_stop(void)
{
    nrt_cache_lock();
    nrt_cache_prefetch_drain();
    for (int s = 1; s < nrt_nspaces; s++) {
        C.sp[s].n = 0;              /* no index upkeep: everything goes */
        while (C.sp[s].head)
            nrt_alloc_free(C.sp[s].head);
        free(C.sp[s].by_lo);
    }
    for (size_t k = 0; k < C.nseg; k++)
        free(C.seg[k].a);
    free(C.seg);
    C.seg = NULL;
    C.nseg = C.cap = 0;
    publish_nseg();
    memset(C.sp, 0, sizeof C.sp);
    atomic_store(&nrt_cache_used, false);
    nrt_cache_unlock();
}

void nrt_cache_after_fork(void)
{
    /* The parent's device memory is not ours: forget it (leaked on purpose). */
    nrt_lock_init(&C.lock);
    nrt_cache_prefetch_forget();
    nrt_cache_freed_forget();
    C.seg = NULL;
    C.nseg = C.cap = 0;
    publish_nseg();
    memset(C.sp, 0, sizeof C.sp);
    atomic_store(&nrt_cache_used, false);
}
