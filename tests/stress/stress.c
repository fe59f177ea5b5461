/*
 * stress.c - random task graphs against a sequential run.
 *
 *   stress [SEEDS [TASKS [FIRST_SEED]]]      (defaults 40 2000 1)
 *
 * For each seed it builds a graph of TASKS top-level tasks over a small shared array
 * of 256 words (also viewed as a 16x16 matrix): each task has 1-3 disjoint regions
 * (1-D sections, 2-D tiles, aligned blocks described either as a section or as a
 * matrix row) with random modes in / out / inout / concurrent / commutative; about one
 * task in ten creates 2-3 children on parts of its regions (then taskwait, taskwait on,
 * or nothing), and some children get children of their own; a few are undeferred or
 * have a priority.  Writers do order-sensitive
 * arithmetic (x = x*3 + id), readers hash what they see into their own slot,
 * concurrent tasks add atomically, commutative ones add without atomics.
 *
 * The same graph runs sequentially on a copy at creation time.  Checked: the final
 * array and every reader's hash equal the sequential ones; at random points main does
 * taskwait on a section and compares it with the sequential state at that point; a
 * parent's taskwait on covers its writer children; and a per-element occupancy
 * checker catches two tasks with conflicting accesses to an element running at once.
 * Exit 0 when everything matched, 1 otherwise (with the seed and the first mismatch).
 *
 * Built with -DSTRESS_DEVICES and tests/unit/fakedev.c (stress_dev), leaf tasks without
 * concurrent regions (concurrent writers on separate device copies would lose updates)
 * also get a version for the fake accelerator, whose memory is separate from the host's:
 * the runtime picks per instance (--dispatch) and the data cache keeps host and devices
 * coherent (--cache-policy, FAKEDEV_MEM for evictions).
 */
#include <nanort.h>

#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SIDE = 16, N = SIDE * SIDE, MAXR = 3, MAXKIDS = 3, MAXDEPTH = 2 };
/* Units per top-level task at most: itself, its children, their children. */
enum { UNITS_PER_TOP = 1 + MAXKIDS + MAXKIDS * MAXKIDS };

enum region_kind { SEC, TILE, BLOCK_SEC, BLOCK_ROW };
enum occ_class { OCC_IN, OCC_CONC, OCC_EXCL };

struct region {
    enum region_kind kind;
    unsigned mode;          /* NANORT_DEP_* */
    int a, b, c, d;         /* SEC: lo, len; TILE: r0, h, c0, w; BLOCK_*: block index */
};

struct unit {               /* one task: a work body, or a parent of children */
    int nr;
    struct region r[MAXR];
    int nkids, first_kid;   /* children are units first_kid .. first_kid+nkids-1 */
    int wait;               /* parent: 0 nothing, 1 taskwait, 2 taskwait on first kid */
    unsigned flags;
    int prio;
};

static unsigned long D[N];  /* the array the tasks work on */
static unsigned long R[N];  /* the sequential run, updated at creation */
static struct unit *units;
static int nunits;
static unsigned long *seen, *seen_ref;
static atomic_int *finished;
static atomic_int occ[N][3];
static atomic_int failures;
static char first_failure[256];

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...)
{
    if (atomic_fetch_add(&failures, 1) == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(first_failure, sizeof first_failure, fmt, ap);
        va_end(ap);
    }
}

/* ---- regions ------------------------------------------------------------------------ */

static int region_elems(const struct region *r, int *e)
{
    int n = 0;
    switch (r->kind) {
    case SEC:
        for (int i = r->a; i < r->a + r->b; i++)
            e[n++] = i;
        break;
    case TILE:
        for (int y = r->a; y < r->a + r->b; y++)
            for (int x = r->c; x < r->c + r->d; x++)
                e[n++] = y * SIDE + x;
        break;
    case BLOCK_SEC:
    case BLOCK_ROW:
        for (int i = 0; i < SIDE; i++)
            e[n++] = r->a * SIDE + i;
        break;
    }
    return n;
}

static void add_region(nanort_task *t, const struct region *r)
{
    const size_t w = sizeof(unsigned long);
    struct nanort_dim d[2];
    switch (r->kind) {
    case SEC:
        nanort_task_region1(t, r->mode, &D[r->a], r->b * w);
        break;
    case BLOCK_SEC: /* the block as a section of the whole array */
        d[0] = (struct nanort_dim){N * w, r->a * SIDE * w, SIDE * w};
        nanort_task_region(t, r->mode, D, 1, d);
        break;
    case BLOCK_ROW: /* the same bytes as row a of the matrix */
        d[0] = (struct nanort_dim){SIDE * w, 0, SIDE * w};
        d[1] = (struct nanort_dim){SIDE, r->a, 1};
        nanort_task_region(t, r->mode, D, 2, d);
        break;
    case TILE:
        d[0] = (struct nanort_dim){SIDE * w, r->c * w, r->d * w};
        d[1] = (struct nanort_dim){SIDE, r->a, r->b};
        nanort_task_region(t, r->mode, D, 2, d);
        break;
    }
}

static int rnd(unsigned *s, int n)
{
    return (int)(rand_r(s) % (unsigned)n);
}

static void random_region(unsigned *s, struct region *r)
{
    static const unsigned modes[] = {NANORT_DEP_IN, NANORT_DEP_IN, NANORT_DEP_IN,
                                     NANORT_DEP_OUT, NANORT_DEP_INOUT, NANORT_DEP_INOUT,
                                     NANORT_DEP_CONCURRENT, NANORT_DEP_COMMUTATIVE};
    r->mode = modes[rnd(s, 8)];
    if (r->mode == NANORT_DEP_CONCURRENT || r->mode == NANORT_DEP_COMMUTATIVE) {
        /* runs are formed on whole aligned blocks, in either description */
        r->kind = rnd(s, 2) ? BLOCK_SEC : BLOCK_ROW;
        r->a = rnd(s, SIDE);
    } else if (rnd(s, 3) == 0) {
        r->kind = TILE;
        r->a = rnd(s, SIDE);
        r->b = 1 + rnd(s, SIDE - r->a < 6 ? SIDE - r->a : 6);
        r->c = rnd(s, SIDE);
        r->d = 1 + rnd(s, SIDE - r->c < 6 ? SIDE - r->c : 6);
    } else {
        r->kind = SEC;
        r->a = rnd(s, N);
        r->b = 1 + rnd(s, N - r->a < 40 ? N - r->a : 40);
    }
}

/* True when the regions of a unit share no element (a task never overlaps itself). */
static bool disjoint(const struct region *r, int nr)
{
    bool used[N] = {false};
    int e[N];
    for (int i = 0; i < nr; i++) {
        int n = region_elems(&r[i], e);
        for (int j = 0; j < n; j++) {
            if (used[e[j]])
                return false;
            used[e[j]] = true;
        }
    }
    return true;
}

/* A child's region: inside the parent's, with a mode the parent's allows. */
static void child_region(unsigned *s, const struct region *p, struct region *c)
{
    *c = *p;
    if (p->mode == NANORT_DEP_OUT || p->mode == NANORT_DEP_INOUT) {
        static const unsigned m[] = {NANORT_DEP_IN, NANORT_DEP_OUT, NANORT_DEP_INOUT};
        c->mode = m[rnd(s, 3)];
    }
    if (p->kind == SEC && p->b > 1 && rnd(s, 2)) {
        int lo = rnd(s, p->b);
        c->a = p->a + lo;
        c->b = 1 + rnd(s, p->b - lo);
    }
}

/* ---- the work ------------------------------------------------------------------------ */

static enum occ_class occ_class(unsigned mode)
{
    return mode == NANORT_DEP_IN ? OCC_IN : mode == NANORT_DEP_CONCURRENT ? OCC_CONC : OCC_EXCL;
}

/* Mark the unit's elements as in use; report any conflicting user already there.
 * Both sides increment before they look (seq_cst), so of two overlapping conflicting
 * users at least one sees the other. */
static void occupy(int id, const struct unit *u, int delta)
{
    int e[N];
    for (int i = 0; i < u->nr; i++) {
        enum occ_class c = occ_class(u->r[i].mode);
        int n = region_elems(&u->r[i], e);
        for (int j = 0; j < n; j++) {
            atomic_int *o = occ[e[j]];
            int before = atomic_fetch_add(&o[c], delta);
            if (delta < 0)
                continue;
            bool clash = (c == OCC_EXCL && before > 0) ||
                         (c != OCC_IN && atomic_load(&o[OCC_IN]) > 0) ||
                         (c != OCC_CONC && atomic_load(&o[OCC_CONC]) > 0) ||
                         (c != OCC_EXCL && atomic_load(&o[OCC_EXCL]) > 0);
            if (clash)
                fail("task %d ran while a conflicting task used element %d", id, e[j]);
        }
    }
}

/* Where element e of region i is: a[e] on the host, its device copy on a device. */
typedef unsigned long *elem_addr_fn(void *cookie, unsigned long *a, int i, int e);

static unsigned long *host_elem(void *cookie, unsigned long *a, int i, int e)
{
    (void)cookie;
    (void)i;
    return &a[e];
}

static void apply_at(int id, const struct unit *u, unsigned long *a, unsigned long *hash,
                     elem_addr_fn *addr, void *cookie)
{
    int e[N];
    unsigned long k = (unsigned long)id + 1;
    for (int i = 0; i < u->nr; i++) {
        int n = region_elems(&u->r[i], e);
        for (int j = 0; j < n; j++) {
            unsigned long *x = addr(cookie, a, i, e[j]);
            switch (u->r[i].mode) {
            case NANORT_DEP_IN:
                *hash = *hash * 31 + *x;
                break;
            case NANORT_DEP_OUT:
            case NANORT_DEP_INOUT:
                *x = *x * 3 + k;
                break;
            case NANORT_DEP_CONCURRENT:
                __atomic_fetch_add(x, k, __ATOMIC_RELAXED);
                break;
            case NANORT_DEP_COMMUTATIVE:
                *x += k * k;
                break;
            }
        }
    }
}

static void apply(int id, const struct unit *u, unsigned long *a, unsigned long *hash)
{
    apply_at(id, u, a, hash, host_elem, NULL);
}

static void spawn_unit(int id, unsigned flags, int prio);

static bool writes(unsigned mode)
{
    return mode != NANORT_DEP_IN;
}

static bool overlaps(const struct region *p, const struct region *q)
{
    int e1[N], e2[N];
    int n1 = region_elems(p, e1), n2 = region_elems(q, e2);
    for (int i = 0; i < n1; i++)
        for (int j = 0; j < n2; j++)
            if (e1[i] == e2[j])
                return true;
    return false;
}

/* A unit and all its descendants have run their bodies. */
static bool subtree_finished(int id)
{
    const struct unit *u = &units[id];
    if (!atomic_load(&finished[id]))
        return false;
    for (int c = u->first_kid; c < u->first_kid + u->nkids; c++)
        if (!subtree_finished(c))
            return false;
    return true;
}

/* After taskwait on(first kid's first region): every writer kid of an overlapping
 * region must have finished, with all its descendants. */
static void check_kids_after_wait_on(int id, const struct unit *u, const struct region *w)
{
    for (int c = u->first_kid; c < u->first_kid + u->nkids; c++) {
        const struct unit *k = &units[c];
        for (int i = 0; i < k->nr; i++)
            if (writes(k->r[i].mode) && overlaps(&k->r[i], w) && !subtree_finished(c))
                fail("taskwait on in task %d returned before its child %d finished", id, c);
    }
}

static void unit_body(void *args, nanort_ctx *ctx)
{
    (void)ctx;
    int id = *(int *)args;
    const struct unit *u = &units[id];
    if (u->nkids == 0) {
        occupy(id, u, 1);
        apply(id, u, D, &seen[id]);
        occupy(id, u, -1);
    } else {
        for (int c = u->first_kid; c < u->first_kid + u->nkids; c++)
            spawn_unit(c, units[c].flags, units[c].prio);
        if (u->wait == 1)
            nanort_taskwait();
        if (u->wait == 2) {
            const struct region *w = &units[u->first_kid].r[0];
            int e[N];
            int n = region_elems(w, e);
            const void *base = &D[e[0]];
            /* the first region's bytes as one span: exact for sections and blocks */
            if (w->kind != TILE) {
                nanort_taskwait_on1(base, (size_t)n * sizeof D[0]);
                check_kids_after_wait_on(id, u, w);
            }
        }
    }
    atomic_store(&finished[id], 1);
}

static const struct nanort_impl unit_impl = {NANORT_DEVICE_SMP, unit_body, "unit_body", NULL};
static struct nanort_task_type unit_type = {"stress_unit", __FILE__, 1, &unit_impl, NULL};

#ifdef STRESS_DEVICES
#include "../unit/fakedev.h"

static unsigned long *device_elem(void *cookie, unsigned long *a, int i, int e)
{
    (void)i;
    return nanort_device_ptr(cookie, &a[e]);
}

/* The kernel: argv = {&ctx, &id}; elements are reached through their device copies. */
static void unit_kernel(void *const *argv)
{
    nanort_ctx *ctx = *(nanort_ctx *const *)argv[0];
    int id = *(const int *)argv[1];
    const struct unit *u = &units[id];
    occupy(id, u, 1);
    apply_at(id, u, D, &seen[id], device_elem, ctx);
    occupy(id, u, -1);
    atomic_store(&finished[id], 1);
}

static void unit_device(void *args, nanort_ctx *ctx)
{
    struct nanort_karg a[2] = {{NANORT_KARG_VALUE, sizeof ctx, &ctx},
                               {NANORT_KARG_VALUE, sizeof(int), args}};
    struct nanort_launch l = {.kernel = (const void *)(uintptr_t)unit_kernel, .ndims = 1,
                              .global = {1, 1, 1}, .nargs = 2, .args = a};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_impl leaf_impls[] = {
    {NANORT_DEVICE_SMP, unit_body, "unit_body", NULL},
    {NANORT_DEVICE_CUDA, unit_device, "unit_device", NULL},
};
static struct nanort_task_type leaf_type = {"stress_leaf", __FILE__, 2, leaf_impls, NULL};

/* Leaves without concurrent regions may run on a device. */
static struct nanort_task_type *unit_type_of(const struct unit *u)
{
    if (u->nkids)
        return &unit_type;
    for (int i = 0; i < u->nr; i++)
        if (u->r[i].mode == NANORT_DEP_CONCURRENT)
            return &unit_type;
    return &leaf_type;
}
/* Writers here read the old value (x = x*3 + id): with separate memories an out region
 * must be inout (same dependences), and copied in. */
#define DEVICE_MODE(mode) ((mode) == NANORT_DEP_OUT ? NANORT_DEP_INOUT : (mode))
#define COPY_FLAGS(mode) ((mode) == NANORT_DEP_IN ? NANORT_COPY_IN : NANORT_COPY_INOUT)
#else
static struct nanort_task_type *unit_type_of(const struct unit *u)
{
    (void)u;
    return &unit_type;
}
#define DEVICE_MODE(mode) (mode)
#define COPY_FLAGS(mode) 0u
#endif

static void spawn_unit(int id, unsigned flags, int prio)
{
    const struct unit *u = &units[id];
    int ndims = 0;
    for (int i = 0; i < u->nr; i++)
        ndims += u->r[i].kind == TILE || u->r[i].kind == BLOCK_ROW ? 2 : 1;
    void *args;
    nanort_task *t = nanort_task_create(unit_type_of(u), sizeof(int), u->nr, ndims, &args);
    *(int *)args = id;
    for (int i = 0; i < u->nr; i++) {
        struct region r = u->r[i];
        r.mode = DEVICE_MODE(r.mode) | COPY_FLAGS(r.mode);   /* copy_deps */
        add_region(t, &r);
    }
    nanort_task_submit(t, flags, prio);
}

/* Sequential reference of a unit: its body, or its children in creation order. */
static void reference(int id)
{
    const struct unit *u = &units[id];
    if (u->nkids == 0) {
        apply(id, u, R, &seen_ref[id]);
        return;
    }
    for (int c = u->first_kid; c < u->first_kid + u->nkids; c++)
        reference(c);
}

/* ---- graph generation --------------------------------------------------------------- */

static void random_unit(unsigned *s, struct unit *u)
{
    memset(u, 0, sizeof *u);
    do {
        u->nr = 1 + rnd(s, MAXR);
        for (int i = 0; i < u->nr; i++)
            random_region(s, &u->r[i]);
    } while (!disjoint(u->r, u->nr));
    if (rnd(s, 50) == 0)
        u->flags = NANORT_TASK_UNDEFERRED;
    if (rnd(s, 5) == 0)
        u->prio = rnd(s, 4);
}

/* Give unit `id` 2-3 children on parts of its regions; below MAXDEPTH a child may
 * get children of its own.  Children of one unit are numbered consecutively. */
static void make_kids(unsigned *s, int id, int depth)
{
    struct unit *u = &units[id];
    u->nkids = 2 + rnd(s, MAXKIDS - 1);
    u->first_kid = nunits;
    u->wait = rnd(s, 3);
    nunits += u->nkids;
    for (int c = 0; c < u->nkids; c++) {
        struct unit *k = &units[u->first_kid + c];
        memset(k, 0, sizeof *k);
        k->nr = 1 + rnd(s, u->nr);
        for (int j = 0; j < k->nr; j++)
            child_region(s, &u->r[(j + c) % u->nr], &k->r[j]);
        if (!disjoint(k->r, k->nr))
            k->nr = 1;
    }
    if (depth < MAXDEPTH)
        for (int c = 0; c < u->nkids; c++)
            if (rnd(s, 4) == 0)
                make_kids(s, u->first_kid + c, depth + 1);
}

static int make_graph(unsigned seed, int ntop)
{
    unsigned s = seed;
    nunits = ntop;
    for (int i = 0; i < ntop; i++) {
        random_unit(&s, &units[i]);
        if (rnd(&s, 10) == 0)
            make_kids(&s, i, 1);
    }
    return nunits;
}

/* ---- one graph ----------------------------------------------------------------------- */

static bool run_graph(unsigned seed, int ntop)
{
    int total = make_graph(seed, ntop);
    /* main writes D on the host: the last graph's taskwait dropped the device copies */
    for (int i = 0; i < N; i++)
        D[i] = R[i] = (unsigned long)i * 7 + seed;
    memset(seen, 0, total * sizeof *seen);
    memset(seen_ref, 0, total * sizeof *seen_ref);
    for (int i = 0; i < total; i++)
        atomic_store(&finished[i], 0);
    unsigned s = seed * 7919u;
    for (int i = 0; i < ntop; i++) {
        spawn_unit(i, units[i].flags, units[i].prio);
        reference(i);
        if (rnd(&s, 250) == 0) {
            /* taskwait on a random section: it must hold the sequential values now */
            int lo = rnd(&s, N), len = 1 + rnd(&s, N - lo < 32 ? N - lo : 32);
            nanort_taskwait_on1(&D[lo], len * sizeof D[0]);
            for (int e = lo; e < lo + len; e++)
                if (D[e] != R[e]) {
                    fail("seed %u: after taskwait on D[%d:%d] (task %d) D[%d]=%lu, sequential %lu",
                         seed, lo, lo + len - 1, i, e, D[e], R[e]);
                    break;
                }
        }
    }
    nanort_taskwait();
    for (int e = 0; e < N; e++)
        if (D[e] != R[e]) {
            fail("seed %u: D[%d]=%lu, sequential %lu", seed, e, D[e], R[e]);
            break;
        }
    for (int i = 0; i < total; i++)
        if (seen[i] != seen_ref[i]) {
            fail("seed %u: task %d read hash %lu, sequential %lu", seed, i, seen[i], seen_ref[i]);
            break;
        }
    return atomic_load(&failures) == 0;
}

int main(int argc, char **argv)
{
    int seeds = argc > 1 ? atoi(argv[1]) : 40;
    int ntop = argc > 2 ? atoi(argv[2]) : 2000;
    unsigned first = argc > 3 ? (unsigned)atoi(argv[3]) : 1;
    if (seeds <= 0 || ntop <= 0) {
        fprintf(stderr, "usage: %s [SEEDS [TASKS [FIRST_SEED]]]\n", argv[0]);
        return 2;
    }
    int cap = ntop * UNITS_PER_TOP;
    units = calloc(cap, sizeof *units);
    seen = calloc(cap, sizeof *seen);
    seen_ref = calloc(cap, sizeof *seen_ref);
    finished = calloc(cap, sizeof *finished);
    if (!units || !seen || !seen_ref || !finished) {
        perror("calloc");
        return 2;
    }
    long tasks = 0;
    for (unsigned seed = first; seed < first + (unsigned)seeds; seed++) {
        if (!run_graph(seed, ntop)) {
            fprintf(stderr, "stress: FAILED (%d failure(s)): %s\n", atomic_load(&failures),
                    first_failure);
            return 1;
        }
        tasks += nunits;
    }
    printf("stress: %d graphs, %ld tasks, %d workers: all equal to the sequential run\n", seeds,
           tasks, nanort_num_workers());
    free(units);
    free(seen);
    free(seen_ref);
    free(finished);
    return 0;
}
