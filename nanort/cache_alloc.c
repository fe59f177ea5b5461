/*
 * cache_alloc.c - the allocations of the data directory (cache_stage.c describes the
 * whole): device memory per space in LRU order, indexed by host address; eviction when a
 * space's limit or its device memory runs out; pinning for staged and running tasks; the
 * "does not fit" error.
 */
#include "nrt.h"

#include <stdlib.h>
#include <string.h>

/* C: the directory's state (cache_map.c), under the same short name in the three files. */
#define C nrt_cache_dir

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
void nrt_alloc_free(struct nrt_alloc *a)
{
    NRT_ASSERT_HELD(&C.lock);
    struct nrt_space *s = a->space;
    size_t i = nrt_seg_after(a->lo), i1 = i;
    for (; i1 < C.nseg && C.seg[i1].lo < a->hi; i1++) {
        struct nrt_seg *g = &C.seg[i1];
        if (g->wb == a || g->landing_from == a)
            nrt_seg_host_ready(g);
        if (!nrt_seg_has(g, a))
            continue;
        if (g->n == 1 && !g->host) {
            nrt_alloc_copy_to_host(a, g->lo, g->hi);
            nrt_seg_set_host(g, true);
        }
        nrt_seg_drop_copy(g, a);
    }
    nrt_seg_compact(i, i1);
    nrt_alloc_wait(a);
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
    nrt_alloc_free(a);
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

/* ---- groups: the regions of a task that share one allocation ------------------------- */

/* A kernel reaches every block of an array from the one pointer it gets: regions of a
 * task with the same base pointer (the blocks of a multidependence `in({a[i*bs;bs],
 * i=0:n})` or `depend(iterator(i=0:n), in: a[i])`, two sections of one array), and the
 * regions of one multidependence (NANORT_REGION_JOIN: `{[bs](a + i*bs), i=0;n}`, a base
 * per block) get one allocation covering them all, in which every byte sits at its offset
 * from the others as on the host.  (Regions of other bases that merely overlap or touch
 * stay apart: two arrays side by side in memory are two buffers, each starting where its
 * kernel argument points, as OpenCL sub-buffers must.) */
struct rkey {
    uintptr_t k;
    unsigned i;
};

static int rkey_cmp(const void *x, const void *y)
{
    const struct rkey *a = x, *b = y;
    return a->k != b->k ? (a->k < b->k ? -1 : 1) : (a->i > b->i) - (a->i < b->i);
}

static unsigned lead_of(unsigned *lead, unsigned i)
{
    while (lead[i] != i)
        i = lead[i] = lead[lead[i]];
    return i;
}

/* Join the groups of i and j; the lower index leads. */
static void join(unsigned *lead, unsigned i, unsigned j)
{
    i = lead_of(lead, i);
    j = lead_of(lead, j);
    if (i < j)
        lead[j] = i;
    else if (j < i)
        lead[i] = j;
}

/* For every copied region i of t: rng[i], the host range of its group's allocation in s,
 * and lead[i], the group's first region (lead[i] == i for a region not copied, whose rng
 * is empty). */
static void alloc_groups(const struct nanort_task *t, const struct nrt_space *s,
                         uintptr_t (*rng)[2], unsigned *lead)
{
    unsigned n = t->nregions, m = 0;
    struct rkey *key = nrt_xmalloc((n ? n : 1) * sizeof *key);
    for (unsigned i = 0; i < n; i++) {
        const struct nrt_region *r = &t->regions[i];
        lead[i] = i;
        rng[i][0] = rng[i][1] = 0;
        if (!nrt_cache_copied(r))
            continue;
        alloc_range(r, s, &rng[i][0], &rng[i][1]);
        key[m++] = (struct rkey){(uintptr_t)r->base, i};
        /* the block before it in its multidependence, past blocks of no bytes (they have
           no allocation) */
        if ((r->flags & NANORT_REGION_JOIN) && i > 0) {
            unsigned j = i - 1;
            while (j > 0 && !nrt_cache_copied(&t->regions[j]) &&
                   (t->regions[j].flags & NANORT_REGION_JOIN))
                j--;
            if (nrt_cache_copied(&t->regions[j]))
                join(lead, i, j);
        }
    }
    qsort(key, m, sizeof *key, rkey_cmp);
    for (unsigned k = 1; k < m; k++)
        if (key[k].k == key[k - 1].k)
            join(lead, key[k].i, key[k - 1].i);
    for (unsigned i = 0; i < n; i++) {          /* each group's hull, on its leader */
        unsigned l = lead_of(lead, i);
        if (l != i && nrt_cache_copied(&t->regions[i])) {
            rng[l][0] = rng[i][0] < rng[l][0] ? rng[i][0] : rng[l][0];
            rng[l][1] = rng[i][1] > rng[l][1] ? rng[i][1] : rng[l][1];
        }
    }
    for (unsigned i = 0; i < n; i++) {
        unsigned l = lead_of(lead, i);
        lead[i] = l;
        rng[i][0] = rng[l][0];
        rng[i][1] = rng[l][1];
    }
    free(key);
}

/* ---- pinning for a staged task, and what does not fit ------------------------------ */

void nrt_alloc_unpin(struct nrt_alloc *a)
{
    if (--a->pin == 0 && a->doomed)
        nrt_alloc_free(a);
}

void nrt_cache_unpin(struct nrt_staging *st)
{
    for (unsigned i = 0; i < st->task->nregions; i++)
        if (st->a[i])
            nrt_alloc_unpin(st->a[i]);
}

/* The scratch of alloc_groups for t (free it with free(g->rng)). */
struct groups {
    uintptr_t (*rng)[2];
    unsigned *lead;
};

static struct groups groups_of(const struct nanort_task *t, const struct nrt_space *s)
{
    unsigned n = t->nregions ? t->nregions : 1;
    char *mem = nrt_xmalloc(n * (sizeof(uintptr_t[2]) + sizeof(unsigned)));
    struct groups g = {(uintptr_t (*)[2])mem, (unsigned *)(mem + n * sizeof(uintptr_t[2]))};
    alloc_groups(t, s, g.rng, g.lead);
    return g;
}

/* The bytes of t's copied regions in s, and in *largest those of its largest allocation. */
static size_t task_bytes(const struct nanort_task *t, const struct nrt_space *s,
                         size_t *largest)
{
    size_t n = 0, big = 0;
    struct groups g = groups_of(t, s);
    for (unsigned i = 0; i < t->nregions; i++)
        if (nrt_cache_copied(&t->regions[i]) && g.lead[i] == i) {
            size_t b = g.rng[i][1] - g.rng[i][0];
            n += b;
            big = b > big ? b : big;
        }
    free(g.rng);
    if (largest)
        *largest = big;
    return n;
}

bool nrt_cache_fits(const struct nanort_task *t, const struct nrt_space *s)
{
    size_t largest;
    return task_bytes(t, s, &largest) <= s->mem_limit && largest <= s->max_alloc;
}

void nrt_cache_does_not_fit(const struct nanort_task *t, const struct nrt_space *s)
{
    const char *label = t->type->label ? t->type->label : "(unnamed)";
    const char *opt = s->mem_option ? s->mem_option
                      : s->ops->mem_option ? s->ops->mem_option : "the device's memory option";
    if (s->mem_limit == SIZE_MAX)   /* no limit: the device itself ran out */
        nrt_fatal("task '%s' needs %zu bytes on %s but the device has no room for them (%zu "
                  "bytes of other tasks in flight): use smaller tasks", label,
                  task_bytes(t, s, NULL), s->name, C.sp[s->id].used);
    nrt_fatal("task '%s' needs %zu bytes on %s but %s allows %zu: raise the limit or use "
              "smaller tasks", label, task_bytes(t, s, NULL), s->name, opt, s->mem_limit);
}

/* Pin an allocation for every copied region, one per group (alloc_groups); false when one
 * does not fit. */
bool nrt_cache_stage_allocs(struct nrt_staging *st)
{
    struct nanort_task *t = st->task;
    struct groups g = groups_of(t, st->space);
    bool ok = true;
    for (unsigned i = 0; ok && i < t->nregions; i++) {
        const struct nrt_region *r = &t->regions[i];
        if (!nrt_cache_copied(r))
            continue;
        struct nrt_alloc *a = g.lead[i] != i ? st->a[g.lead[i]] : NULL;
        if (!a)
            a = alloc_find(st->space, g.rng[i][0], g.rng[i][1]);
        if (!a && !(a = alloc_new(st->space, g.rng[i][0], g.rng[i][1]))) {
            ok = false;
            break;
        }
        a->pin++;
        lru_unlink(a);              /* most recently used */
        lru_append(a);
        st->a[i] = a;
    }
    free(g.rng);
    return ok;
}
