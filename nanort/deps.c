/*
 * deps.c - dependence domains.
 *
 * Every task that creates children owns a domain; its children's regions are registered
 * there, so dependences exist between siblings only.  A domain keeps one "object" per
 * distinct normalised region (same byte set, whatever base pointer the program used).
 * An object remembers two generations of live accesses:
 *   cur   the latest run of accesses: one writer, or readers, or a run of concurrent,
 *         or a run of commutative accesses
 *   prev  the run before it (what every member of cur waits for)
 * A new access on the same object either joins cur (a compatible run: R, C or M; it then
 * waits for prev) or starts a new run (it waits for all of cur; prev is then dropped,
 * since cur's members already wait for it).  Objects that partially overlap the new
 * region (found in an interval treap) are consulted conservatively: only read after
 * read is treated as compatible across different objects.  Extra ordering is correct;
 * a missed one would not be.
 *
 * Everything in a domain is guarded by its lock.  Fast path: an exact match found in
 * the hash on the start address, when no two objects of the domain overlap.
 */
#include "nrt.h"

#include <stdlib.h>
#include <string.h>

/* A run of commutative accesses: at most one member runs at a time. */
struct nrt_token {
    struct nrt_lock lock;
    bool busy;                      /* lock */
    struct nanort_task *parked;        /* lock: members that found it busy */
    unsigned refs;                  /* domain lock: the object (while current) + members */
};

/* Every field: the lock of the domain the object belongs to. */
struct nrt_dobj {
    uintptr_t lo, hi;               /* the normalised region (key) */
    unsigned nd;
    size_t len[NRT_MAX_DIMS], stride[NRT_MAX_DIMS];
    struct nrt_region *cur, *prev;  /* live accesses of the two generations */
    unsigned char cur_kind, prev_kind;
    unsigned nlive;                 /* accesses listed in cur + prev */
    struct nrt_token *token;        /* token of cur when it is a commutative run */
    struct nrt_dobj *hnext;         /* hash chain, or the domain's free list */
    struct nrt_dobj *left, *right;  /* interval treap ordered by lo */
    uintptr_t maxhi;                /* largest hi in this subtree */
    unsigned prio;
    bool empty;                     /* no live access: kept for reuse, on the LRU list */
    struct nrt_dobj *lru_next, *lru_prev;
};

#define SMALL_BUCKETS 16

struct nrt_domain {
    struct nrt_lock lock;
    /* All below: lock. */
    struct nrt_dobj **buckets;
    size_t nbuckets, nobj;
    struct nrt_dobj *root;          /* interval treap of all objects */
    bool overlap_seen;              /* two live objects overlapped since none was live */
    size_t nlive_obj;               /* objects with live accesses */
    /* Empty objects, oldest first: a region used again soon (a chain, a stencil's cells)
     * finds its object without a treap insertion and removal. */
    struct nrt_dobj *lru_head, *lru_tail;
    size_t nempty;
    unsigned rng;
    struct nrt_dobj *free_objs;
    struct nrt_edge *free_edges;
    struct nrt_dobj *small[SMALL_BUCKETS];
    /* --critical-path: the registered tasks not released yet, oldest first (a task's
     * successors are all after it), linked through live_prev and live_next. */
    struct nanort_task *live_head, *live_tail;
};

static void token_unref(struct nrt_token *k);

/* ---- regions --------------------------------------------------------------------- */

static unsigned char kind_of(unsigned flags)
{
    switch (flags & NANORT_DEP_MODE_MASK) {
    case NANORT_DEP_IN: return NRT_KIND_R;
    case NANORT_DEP_OUT:
    case NANORT_DEP_INOUT: return NRT_KIND_W;
    case NANORT_DEP_CONCURRENT: return NRT_KIND_C;
    case NANORT_DEP_COMMUTATIVE: return NRT_KIND_M;
    default: return NRT_KIND_NONE;
    }
}

/* Drop dimensions of length 1 and merge dimensions that are contiguous with the next
 * one, so that equal byte sets get equal keys (A[i][0:M-1] is a 1-D range). */
static unsigned simplify_dims(unsigned n, size_t *len, size_t *stride)
{
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++) {
        if (len[i] == 1 && i > 0)
            continue;
        if (k > 0 && len[k - 1] * stride[k - 1] == stride[i]) {
            len[k - 1] *= len[i];
            continue;
        }
        len[k] = len[i];
        stride[k] = stride[i];
        k++;
    }
    return k;
}

void nrt_region_normalise(struct nrt_region *r)
{
    size_t len[64], stride[64], s = 1;
    uintptr_t lo = (uintptr_t)r->base, last = 0;
    unsigned n = r->ndims < 64 ? r->ndims : 64;
    r->kind = kind_of(r->flags);
    r->nd = 0;
    for (unsigned i = 0; i < n; i++) {
        const struct nanort_dim *d = &r->dims[i];
        if (d->length == 0)
            return;                 /* empty: no dependence */
        lo += d->lower * s;
        last += (d->length - 1) * s;
        len[i] = d->length;
        stride[i] = s;
        s *= d->size ? d->size : 1;
    }
    r->lo = lo;
    r->hi = lo + last + 1;
    n = simplify_dims(n, len, stride);
    if (n > NRT_MAX_DIMS) {         /* too many dimensions: use the hull */
        n = 1;
        len[0] = r->hi - r->lo;
        stride[0] = 1;
    }
    r->nd = n;
    memcpy(r->len, len, n * sizeof *len);
    memcpy(r->stride, stride, n * sizeof *stride);
}

static bool same_key(const struct nrt_dobj *o, const struct nrt_region *r)
{
    if (o->lo != r->lo || o->hi != r->hi || o->nd != r->nd)
        return false;
    for (unsigned i = 0; i < r->nd; i++)
        if (o->len[i] != r->len[i] || o->stride[i] != r->stride[i])
            return false;
    return true;
}

/*
 * Does sum_{j >= i} e_j * stride[j] == delta have a solution with
 * -(lb[j]-1) <= e_j <= la[j]-1?  Solved digit by digit: e_i is fixed modulo
 * stride[i+1]/stride[i].  Too many candidates (boxes longer than their row) or
 * strides that do not divide: answer "maybe" (true), which is conservative.
 */
static bool digits_solvable(unsigned i, unsigned nd, intptr_t delta, const size_t *la,
                            const size_t *lb, const size_t *stride)
{
    intptr_t s = (intptr_t)stride[i];
    if (delta % s != 0)
        return i == 0;              /* stride[0] == 1 always divides */
    intptr_t d = delta / s, emin = 1 - (intptr_t)lb[i], emax = (intptr_t)la[i] - 1;
    if (i == nd - 1)
        return d >= emin && d <= emax;
    if (stride[i + 1] % stride[i] != 0)
        return true;
    intptr_t m = (intptr_t)(stride[i + 1] / stride[i]);
    if ((emax - emin + 1) / m > 4)
        return true;
    intptr_t e = emin + (((d - emin) % m) + m) % m;
    for (; e <= emax; e += m)
        if (digits_solvable(i + 1, nd, delta - e * s, la, lb, stride))
            return true;
    return false;
}

static bool overlaps(const struct nrt_dobj *o, const struct nrt_region *r)
{
    if (!(o->lo < r->hi && r->lo < o->hi))
        return false;
    if (o->nd != r->nd || o->nd == 1)
        return true;                /* contiguous ranges, or different shapes: hulls */
    for (unsigned i = 1; i < o->nd; i++)
        if (o->stride[i] != r->stride[i])
            return true;
    return digits_solvable(0, o->nd, (intptr_t)(r->lo - o->lo), o->len, r->len, o->stride);
}

/* ---- the interval treap ------------------------------------------------------------ */

static void treap_update(struct nrt_dobj *n)
{
    uintptr_t m = n->hi;
    if (n->left && n->left->maxhi > m)
        m = n->left->maxhi;
    if (n->right && n->right->maxhi > m)
        m = n->right->maxhi;
    n->maxhi = m;
}

static bool treap_before(const struct nrt_dobj *a, const struct nrt_dobj *b)
{
    return a->lo < b->lo || (a->lo == b->lo && (uintptr_t)a < (uintptr_t)b);
}

static struct nrt_dobj *treap_insert(struct nrt_dobj *n, struct nrt_dobj *x)
{
    if (!n)
        return x;
    if (treap_before(x, n)) {
        n->left = treap_insert(n->left, x);
        if (n->left->prio > n->prio) {
            struct nrt_dobj *l = n->left;
            n->left = l->right;
            l->right = n;
            treap_update(n);
            n = l;
        }
    } else {
        n->right = treap_insert(n->right, x);
        if (n->right->prio > n->prio) {
            struct nrt_dobj *r = n->right;
            n->right = r->left;
            r->left = n;
            treap_update(n);
            n = r;
        }
    }
    treap_update(n);
    return n;
}

static struct nrt_dobj *treap_join(struct nrt_dobj *a, struct nrt_dobj *b)
{
    if (!a)
        return b;
    if (!b)
        return a;
    if (a->prio > b->prio) {
        a->right = treap_join(a->right, b);
        treap_update(a);
        return a;
    }
    b->left = treap_join(a, b->left);
    treap_update(b);
    return b;
}

static struct nrt_dobj *treap_erase(struct nrt_dobj *n, struct nrt_dobj *x)
{
    NRT_ASSERT(n != NULL);
    if (n == x)
        return treap_join(x->left, x->right);
    if (treap_before(x, n))
        n->left = treap_erase(n->left, x);
    else
        n->right = treap_erase(n->right, x);
    treap_update(n);
    return n;
}

struct visit {
    const struct nrt_region *r;
    const struct nrt_dobj *skip;
    void (*fn)(struct nrt_domain *d, struct nrt_dobj *o, struct visit *v);
    struct nanort_task *t;
    unsigned char kind;             /* kind the visiting access has */
    unsigned found;
};

/* Call v->fn on every object other than v->skip whose bytes may meet v->r. */
static void treap_visit(struct nrt_domain *d, struct nrt_dobj *n, struct visit *v)
{
    while (n && n->maxhi > v->r->lo) {
        treap_visit(d, n->left, v);
        if (n->lo >= v->r->hi)
            return;
        if (n != v->skip && overlaps(n, v->r))
            v->fn(d, n, v);
        n = n->right;
    }
}

/* ---- objects ------------------------------------------------------------------------- */

static size_t hash_lo(uintptr_t lo, size_t nbuckets)
{
    return (size_t)(((uint64_t)lo * 0x9E3779B97F4A7C15ull) >> 32) & (nbuckets - 1);
}

static struct nrt_dobj *obj_find(struct nrt_domain *d, const struct nrt_region *r)
{
    for (struct nrt_dobj *o = d->buckets[hash_lo(r->lo, d->nbuckets)]; o; o = o->hnext)
        if (same_key(o, r))
            return o;
    return NULL;
}

static void hash_grow(struct nrt_domain *d)
{
    size_t n = d->nbuckets * 4;
    struct nrt_dobj **b = nrt_xcalloc(n, sizeof *b);
    for (size_t i = 0; i < d->nbuckets; i++)
        for (struct nrt_dobj *o = d->buckets[i], *next; o; o = next) {
            next = o->hnext;
            size_t h = hash_lo(o->lo, n);
            o->hnext = b[h];
            b[h] = o;
        }
    if (d->buckets != d->small)
        free(d->buckets);
    d->buckets = b;
    d->nbuckets = n;
}

static void note_overlap(struct nrt_domain *d, struct nrt_dobj *o, struct visit *v)
{
    (void)d;
    v->found += !o->empty;
}

/* o (not yet live) becomes live: does it overlap a live object? */
static void check_new_overlap(struct nrt_domain *d, struct nrt_dobj *o,
                              const struct nrt_region *r)
{
    d->nlive_obj++;
    if (!d->overlap_seen) {
        struct visit v = {.r = r, .skip = o, .fn = note_overlap};
        treap_visit(d, d->root, &v);
        d->overlap_seen = v.found > 0;
    }
}

static struct nrt_dobj *obj_new(struct nrt_domain *d, const struct nrt_region *r)
{
    struct nrt_dobj *o = d->free_objs;
    if (o)
        d->free_objs = o->hnext;
    else
        o = nrt_xmalloc(sizeof *o);
    memset(o, 0, sizeof *o);
    o->lo = r->lo;
    o->hi = o->maxhi = r->hi;
    o->nd = r->nd;
    memcpy(o->len, r->len, sizeof o->len);
    memcpy(o->stride, r->stride, sizeof o->stride);
    d->rng = d->rng * 1103515245u + 12345u;
    o->prio = d->rng >> 8;
    if (d->nobj >= 2 * d->nbuckets)
        hash_grow(d);
    size_t h = hash_lo(o->lo, d->nbuckets);
    o->hnext = d->buckets[h];
    d->buckets[h] = o;
    d->nobj++;
    check_new_overlap(d, o, r);
    d->root = treap_insert(d->root, o);
    return o;
}

static void obj_free(struct nrt_domain *d, struct nrt_dobj *o)
{
    struct nrt_dobj **pp = &d->buckets[hash_lo(o->lo, d->nbuckets)];
    while (*pp != o)
        pp = &(*pp)->hnext;
    *pp = o->hnext;
    d->root = treap_erase(d->root, o);
    d->nobj--;
    o->hnext = d->free_objs;
    d->free_objs = o;
}

#define EMPTY_KEEP 256

static void lru_unlink(struct nrt_domain *d, struct nrt_dobj *o)
{
    *(o->lru_prev ? &o->lru_prev->lru_next : &d->lru_head) = o->lru_next;
    *(o->lru_next ? &o->lru_next->lru_prev : &d->lru_tail) = o->lru_prev;
    o->empty = false;
    d->nempty--;
}

/* The object of region r, live. */
static struct nrt_dobj *obj_get(struct nrt_domain *d, const struct nrt_region *r)
{
    NRT_ASSERT_HELD(&d->lock);
    struct nrt_dobj *o = obj_find(d, r);
    if (!o)
        return obj_new(d, r);
    if (o->empty) {
        lru_unlink(d, o);
        check_new_overlap(d, o, r);
    }
    return o;
}

/* o's last live access went away: keep it for reuse, drop the oldest empty one. */
static void obj_retire(struct nrt_domain *d, struct nrt_dobj *o)
{
    NRT_ASSERT_HELD(&d->lock);
    token_unref(o->token);
    o->token = NULL;
    o->cur_kind = o->prev_kind = NRT_KIND_NONE;
    o->empty = true;
    o->lru_next = NULL;
    o->lru_prev = d->lru_tail;
    *(d->lru_tail ? &d->lru_tail->lru_next : &d->lru_head) = o;
    d->lru_tail = o;
    d->nempty++;
    if (--d->nlive_obj == 0)
        d->overlap_seen = false;
    if (d->nempty > EMPTY_KEEP) {
        struct nrt_dobj *old = d->lru_head;
        lru_unlink(d, old);
        obj_free(d, old);
    }
}

/* ---- tokens ------------------------------------------------------------------------ */

static struct nrt_token *token_new(void)
{
    struct nrt_token *k = nrt_xcalloc(1, sizeof *k);
    nrt_lock_init_plain(&k->lock);
    k->refs = 1;
    nrt_tsan_release(&k->refs);     /* its creation, for the members' threads (tsan.c) */
    return k;
}

static void token_unref(struct nrt_token *k)
{
    if (k && --k->refs == 0) {
        NRT_ASSERT(!k->busy && !k->parked);
        nrt_lock_destroy(&k->lock);
        free(k);
    }
}

/* Is token i of t also an earlier region's token (taken once only)? */
static bool token_seen_before(struct nanort_task *t, unsigned i)
{
    for (unsigned j = 0; j < i; j++)
        if (t->regions[j].token == t->regions[i].token)
            return true;
    return false;
}

static void token_give_back(struct nrt_token *k)
{
    nrt_tsan_release(k);            /* the next member runs after this one (tsan.c) */
    nrt_lock_acquire(&k->lock);
    k->busy = false;
    struct nanort_task *parked = k->parked;
    k->parked = NULL;
    nrt_lock_release(&k->lock);
    while (parked) {
        struct nanort_task *next = parked->next;
        nrt_sched_push(parked);
        parked = next;
    }
}

static void tokens_release_upto(struct nanort_task *t, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (t->regions[i].token && !token_seen_before(t, i))
            token_give_back(t->regions[i].token);
}

/* Take k if free; else queue t on it (t belongs to k from then on). */
static bool token_take_or_park(struct nrt_token *k, struct nanort_task *t)
{
    nrt_tsan_acquire(&k->refs);
    nrt_lock_acquire(&k->lock);
    bool busy = k->busy;
    if (!busy)
        k->busy = true;
    else {
        t->next = k->parked;
        k->parked = t;
    }
    nrt_lock_release(&k->lock);
    if (!busy)
        nrt_tsan_acquire(k);
    return !busy;
}

static bool token_try(struct nrt_token *k)
{
    nrt_tsan_acquire(&k->refs);     /* it was made by the thread that registered a member */
    nrt_lock_acquire(&k->lock);
    bool busy = k->busy;
    k->busy = true;
    nrt_lock_release(&k->lock);
    if (!busy)
        nrt_tsan_acquire(k);
    return !busy;
}

/* Tokens are taken in region order without blocking.  On a busy one, the tokens already
 * held are given back first: once t is parked another thread may run and free it. */
bool nrt_tokens_acquire(struct nanort_task *t, bool park)
{
    unsigned i = 0;
    while (i < t->nregions) {
        struct nrt_token *k = t->regions[i].token;
        if (!k || token_seen_before(t, i) || token_try(k)) {
            i++;
            continue;
        }
        tokens_release_upto(t, i);
        if (!park || !token_take_or_park(k, t))
            return false;
        /* k became free meanwhile and is now ours: take the others again */
        token_give_back(k);
        i = 0;
    }
    return true;
}

void nrt_tokens_release(struct nanort_task *t)
{
    tokens_release_upto(t, t->nregions);
}

/* ---- edges and access lists ---------------------------------------------------------- */

/* t must wait for pred (a live sibling). */
static void add_pred(struct nrt_domain *d, struct nanort_task *pred, struct nanort_task *t)
{
    NRT_ASSERT_HELD(&d->lock);
    if (pred == t || (pred->succ && pred->succ->task == t))
        return;                     /* itself, or already (edges of t are added together) */
    struct nrt_edge *e = d->free_edges;
    if (e)
        d->free_edges = e->next;
    else
        e = nrt_xmalloc(sizeof *e);
    e->task = t;
    e->next = pred->succ;
    pred->succ = e;
    /* relaxed: changed under the domain lock only. */
    atomic_fetch_add_explicit(&t->npred, 1, memory_order_relaxed);
    if (NRT_UNLIKELY(nrt_instr_on)) nrt_instr_dep(pred, t, 0);
}

static void preds_from(struct nrt_domain *d, struct nrt_region *list, struct nanort_task *t)
{
    for (struct nrt_region *a = list; a; a = a->next)
        add_pred(d, a->task, t);
}

static void list_push(struct nrt_region **head, struct nrt_region *a)
{
    a->next = *head;
    if (*head)
        (*head)->pprev = &a->next;
    a->pprev = head;
    *head = a;
}

static void list_remove(struct nrt_region *a)
{
    *a->pprev = a->next;
    if (a->next)
        a->next->pprev = a->pprev;
}

/* The prev generation is superseded: cur's members wait for it already. */
static void drop_prev(struct nrt_dobj *o)
{
    for (struct nrt_region *a = o->prev; a; a = a->next) {
        a->obj = NULL;
        o->nlive--;
    }
    o->prev = NULL;
}

static void start_run(struct nrt_dobj *o, struct nrt_region *r)
{
    drop_prev(o);
    o->prev = o->cur;
    if (o->prev)
        o->prev->pprev = &o->prev;
    o->prev_kind = o->cur_kind;
    o->cur = NULL;
    o->cur_kind = r->kind;
    token_unref(o->token);
    o->token = r->kind == NRT_KIND_M ? token_new() : NULL;
}

static bool compatible(unsigned char a, unsigned char b)
{
    return a == b && a != NRT_KIND_W;
}

/* Access r of t on its own object o. */
static void access_own(struct nrt_domain *d, struct nrt_dobj *o, struct nrt_region *r,
                       struct nanort_task *t)
{
    NRT_ASSERT_HELD(&d->lock);
    if (o->cur && compatible(r->kind, o->cur_kind)) {
        preds_from(d, o->prev, t);          /* join the run */
    } else if (o->cur) {
        preds_from(d, o->cur, t);           /* a new run after cur */
        start_run(o, r);
    } else {
        if (o->prev && !compatible(r->kind, o->prev_kind))
            preds_from(d, o->prev, t);
        o->cur_kind = r->kind;
        token_unref(o->token);
        o->token = r->kind == NRT_KIND_M ? token_new() : NULL;
    }
    if (o->token) {
        r->token = o->token;
        o->token->refs++;
    }
    list_push(&o->cur, r);
    r->obj = o;
    o->nlive++;
}

/* Access of kind v->kind by v->t on an object o that overlaps without being equal:
 * only read after read is compatible. */
static void access_cross(struct nrt_domain *d, struct nrt_dobj *o, struct visit *v)
{
    if (!o->cur)
        preds_from(d, o->prev, v->t);
    else if (v->kind == NRT_KIND_R && o->cur_kind == NRT_KIND_R)
        preds_from(d, o->prev, v->t);
    else
        preds_from(d, o->cur, v->t);
}

/* ---- the domain API ------------------------------------------------------------------ */

struct nrt_domain *nrt_domain_new(void)
{
    struct nrt_domain *d = nrt_xcalloc(1, sizeof *d);
    nrt_lock_init(&d->lock);
    d->buckets = d->small;
    d->nbuckets = SMALL_BUCKETS;
    d->rng = (unsigned)(uintptr_t)d;
    return d;
}

void nrt_domain_discard(struct nrt_domain *d)
{
    for (size_t h = 0; h < d->nbuckets; h++)
        for (struct nrt_dobj *o = d->buckets[h], *next; o; o = next) {
            next = o->hnext;
            token_unref(o->token);
            free(o);
        }
    d->lru_head = d->lru_tail = NULL;
    d->nlive_obj = d->nobj = 0;
    nrt_domain_free(d);
}

void nrt_domain_free(struct nrt_domain *d)
{
    NRT_ASSERT(d->nlive_obj == 0 && d->live_head == NULL);
    while (d->lru_head) {
        struct nrt_dobj *o = d->lru_head;
        lru_unlink(d, o);
        obj_free(d, o);
    }
    NRT_ASSERT(d->nobj == 0);
    for (struct nrt_dobj *o = d->free_objs, *next; o; o = next) {
        next = o->hnext;
        free(o);
    }
    for (struct nrt_edge *e = d->free_edges, *next; e; e = next) {
        next = e->next;
        free(e);
    }
    if (d->buckets != d->small)
        free(d->buckets);
    free(d);
}

static bool registrable(const struct nrt_region *r)
{
    return r->nd > 0 && r->kind != NRT_KIND_NONE;
}

/* Caller holds d->lock. */
static void register_region(struct nrt_domain *d, struct nanort_task *t, struct nrt_region *r)
{
    NRT_ASSERT_HELD(&d->lock);
    struct nrt_dobj *o = obj_get(d, r);
    if (d->overlap_seen) {
        struct visit v = {.r = r, .skip = o, .fn = access_cross, .t = t, .kind = r->kind};
        treap_visit(d, d->root, &v);
    }
    access_own(d, o, r, t);
}

bool nrt_deps_submit(struct nrt_domain *d, struct nanort_task *t, bool live)
{
    /* relaxed: nobody else sees t before it is registered under the lock. */
    atomic_store_explicit(&t->npred, 1, memory_order_relaxed);
    t->flags |= NRT_TF_REGISTERED;
    t->rank = 0;
    t->live = live && nrt_cfg.critical_path;
    nrt_lock_acquire(&d->lock);
    if (t->live) {
        t->live_next = NULL;
        t->live_prev = d->live_tail;
        if (d->live_tail)
            d->live_tail->live_next = t;
        else
            d->live_head = t;
        d->live_tail = t;
    }
    for (unsigned i = 0; i < t->nregions; i++) {
        struct nrt_region *r = &t->regions[i];
        r->task = t;
        r->obj = NULL;
        r->token = NULL;
        if (registrable(r))
            register_region(d, t, r);
    }
    int left = atomic_fetch_sub(&t->npred, 1) - 1;
    nrt_lock_release(&d->lock);
    return left == 0;
}

bool nrt_deps_wait_on(struct nrt_domain *d, struct nanort_task *waiter, unsigned n,
                      struct nrt_region *regs)
{
    atomic_store_explicit(&waiter->npred, 1, memory_order_relaxed);
    nrt_lock_acquire(&d->lock);
    for (unsigned i = 0; i < n; i++) {
        struct nrt_region *r = &regs[i];
        if (r->nd == 0)
            continue;
        unsigned char kind = r->kind == NRT_KIND_R ? NRT_KIND_R : NRT_KIND_W;
        struct visit v = {.r = r, .fn = access_cross, .t = waiter, .kind = kind};
        treap_visit(d, d->root, &v);
    }
    /* seq_cst: as in nrt_deps_release(). */
    int left = atomic_fetch_sub(&waiter->npred, 1) - 1;
    nrt_lock_release(&d->lock);
    return left == 0;
}

/* Detach t's accesses from their objects (caller holds d->lock). */
static void detach_accesses(struct nrt_domain *d, struct nanort_task *t)
{
    NRT_ASSERT_HELD(&d->lock);
    if (t->live) {
        t->live = false;
        if (t->live_prev)
            t->live_prev->live_next = t->live_next;
        else
            d->live_head = t->live_next;
        if (t->live_next)
            t->live_next->live_prev = t->live_prev;
        else
            d->live_tail = t->live_prev;
    }
    for (unsigned i = 0; i < t->nregions; i++) {
        struct nrt_region *r = &t->regions[i];
        struct nrt_dobj *o = r->obj;
        token_unref(r->token);
        r->token = NULL;
        if (!o)
            continue;
        list_remove(r);
        r->obj = NULL;
        if (--o->nlive == 0)
            obj_retire(d, o);
    }
}

/* Whether s, just made ready, has at least nrt_cfg.critical_successors successors
 * (--critical-successors), or at least nrt_cfg.critical_reach successors and
 * successors' successors together (--critical-reach; a task reached twice counts twice):
 * the tasks that feed many others, and the ones that feed those.  Both stop counting at
 * their threshold, so the cost is bounded by it. */
static bool critical(struct nrt_domain *d, const struct nanort_task *s)
{
    NRT_ASSERT_HELD(&d->lock);      /* it guards s->succ and its successors' succ */
    (void)d;
    long need = nrt_cfg.critical_successors;
    if (need > 0) {
        for (const struct nrt_edge *e = s->succ; e && need > 0; e = e->next)
            need--;
        if (need == 0)
            return true;
    }
    need = nrt_cfg.critical_reach;
    if (need <= 0)
        return false;
    for (const struct nrt_edge *e = s->succ; e && need > 0; e = e->next) {
        need--;
        for (const struct nrt_edge *f = e->task->succ; f && need > 0; f = f->next)
            need--;
    }
    return need == 0;
}

/*
 * --critical-path: every live task's rank is the longest path from it to the end of the
 * graph, weighing each task by its type's mean body (microseconds, at least 1; 1 for a
 * type not timed yet): Hu's level, the priority of the classic list schedule for a graph
 * known in advance.  The owner calls it as it starts a taskwait, when the graph is
 * whole (it creates nothing while it waits); tasks it creates later are ranked at its
 * next taskwait.  One pass from the newest task back: a task's successors are newer.
 * Its cost, O(tasks + edges) under the lock, is paid once per taskwait.
 */
/* The mean of the type's timed bodies in microseconds, 0 before its first one (task.c's
 * samples; relaxed: a heuristic's input). */
static unsigned long measured_us(const struct nrt_type_info *info)
{
    return atomic_load_explicit(&info->nlong, memory_order_relaxed) > 0
               ? atomic_load_explicit(&info->long_mean_us, memory_order_relaxed) : 0;
}

void nrt_deps_rank(struct nrt_domain *d)
{
    nrt_lock_acquire(&d->lock);
    for (struct nanort_task *t = d->live_tail; t; t = t->live_prev) {
        uint64_t below = 0;
        for (const struct nrt_edge *e = t->succ; e; e = e->next)
            if (!(e->task->flags & NRT_TF_WAITER) && e->task->rank > below)
                below = e->task->rank;
        uint64_t w = measured_us(t->info);
        uint64_t r = below + (w ? w : 1);
        t->rank = r > UINT32_MAX ? UINT32_MAX : (uint32_t)r;
    }
    nrt_lock_release(&d->lock);
}

/* Bodies of --critical-path-us (10 by default; the type's measured mean) or longer go
 * through the shared heap of ranked tasks; shorter ones keep the policy's queues, where
 * they cost less: bench/micro's 5 us bodies took 2 to 7% longer through the heap on 2
 * workers (chain, stencil, fan).  Their ranks still count in their predecessors'. */
static bool rank_queued(const struct nanort_task *s)
{
    return nrt_cfg.critical_path_us <= 0 ||
           measured_us(s->info) >= (unsigned long)nrt_cfg.critical_path_us;
}

/* Take the successors whose last predecessor was t; returns the ones to queue, linked
 * through next (those that are ranked in *ranked, critical() in *crit), and whether a
 * waiting thread must be woken. */
static struct nanort_task *release_successors(struct nrt_domain *d, struct nanort_task *t,
                                              struct nanort_task **ranked,
                                              struct nanort_task **crit, bool *wake)
{
    NRT_ASSERT_HELD(&d->lock);
    struct nanort_task *ready = NULL;
    struct nrt_edge *e = t->succ, *next;
    for (; e; e = next) {
        next = e->next;
        struct nanort_task *s = e->task;
        /* read before the decrement: a waiter or an undeferred task may be gone after */
        bool waited = s->flags & (NRT_TF_WAITER | NRT_TF_UNDEFERRED);
        nrt_tsan_release(s);        /* t's effects, for s's runner (tsan.c) */
        /* seq_cst: a waiter that sleeps after reading npred sees it (worker.c);
         * release: s's runner sees t's writes. */
        if (atomic_fetch_sub(&s->npred, 1) == 1) {
            if (waited) {
                *wake = true;
            } else if (s->rank && rank_queued(s)) {
                s->next = *ranked;
                *ranked = s;
            } else if (critical(d, s)) {
                s->next = *crit;
                *crit = s;
            } else {
                s->next = ready;
                ready = s;
            }
        }
        e->next = d->free_edges;
        d->free_edges = e;
    }
    t->succ = NULL;
    return ready;
}

/* Queue the critical tasks: the first one runs next on this thread (it is the one the
 * others wait for, and what t wrote is in this core's cache), the others before every
 * task the policy holds (nrt_sched_push_critical).  Returns whether one was handed over. */
static bool queue_critical(struct nanort_task *crit, bool handed)
{
    while (crit) {
        struct nanort_task *next = crit->next;
        if (handed || !nrt_handoff_critical(crit))
            nrt_sched_push_critical(crit);
        else
            handed = true;
        crit = next;
    }
    return handed;
}

void nrt_deps_release(struct nrt_domain *d, struct nanort_task *t)
{
    bool wake = false;
    struct nanort_task *crit = NULL, *ranked = NULL;
    nrt_lock_acquire(&d->lock);
    detach_accesses(d, t);
    struct nanort_task *ready = release_successors(d, t, &ranked, &crit, &wake);
    nrt_lock_release(&d->lock);
    while (NRT_UNLIKELY(ranked != NULL)) {
        struct nanort_task *next = ranked->next;
        nrt_sched_push_ranked(ranked);
        ranked = next;
    }
    /* Hand one over to this thread only when no priorities are involved. */
    bool prio = false;
    for (struct nanort_task *r = ready; r; r = r->next)
        prio |= r->priority != 0;
    for (struct nanort_task *r = crit; r; r = r->next)
        prio |= r->priority != 0;
    if (NRT_UNLIKELY(crit != NULL))
        queue_critical(crit, prio);
    while (ready) {
        struct nanort_task *next = ready->next;
        if (prio || !nrt_handoff(ready))
            nrt_sched_push(ready);
        ready = next;
    }
    if (wake)
        nrt_wake_waiters();
}

bool nrt_deps_has_successors(struct nanort_task *t)
{
    if (t->flags & NRT_TF_REPLAY)
        return true;                /* in a replayed graph (taskgraph.c): assume so */
    struct nrt_domain *d = t->parent->domain;     /* alive: t is one of its members */
    nrt_lock_acquire(&d->lock);
    bool any = t->succ != NULL;
    nrt_lock_release(&d->lock);
    return any;
}

bool nrt_deps_is_pred(struct nanort_task *pred, const struct nanort_task *succ)
{
    if (!(pred->flags & NRT_TF_REGISTERED) || pred->parent != succ->parent ||
        !pred->parent->domain)
        return false;
    struct nrt_domain *d = pred->parent->domain;  /* alive: pred is one of its members */
    nrt_lock_acquire(&d->lock);
    bool found = false;
    for (struct nrt_edge *e = pred->succ; e && !found; e = e->next)
        found = e->task == succ;
    nrt_lock_release(&d->lock);
    return found;
}
