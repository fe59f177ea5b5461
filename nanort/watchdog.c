/*
 * watchdog.c - --watchdog=SECONDS: when no task has completed for that long while tasks
 * are pending, print once what is pending (running tasks and for how long, tasks that
 * wait for their children, tasks blocked and on which data, ready tasks not started),
 * and keep going.  A completion re-arms it.
 *
 * With the option every task is kept in a list (a node per task, wd_lock, found from the
 * task through a hash table) from its submission to its completion; the hooks in task.c
 * and device.c (through hooks.c) cost a branch when it is off.  Tasks never run in their creator's inline frames under it (task.c), so every
 * task a worker runs is in the list.  The check runs on ending.c's monitor thread.
 *
 * Lock order: wd_lock, then a domain's lock (nrt_deps_is_pred); the hooks never hold a
 * domain lock when they take wd_lock.  A task leaves the list before its dependences are
 * released, so a listed task's successor list is intact.
 */
#include "nrt.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

bool nrt_watchdog_on;
static long watchdog_s;             /* --watchdog */

static const struct nrt_option watchdog_options[] = {
    {"watchdog", NRT_OPT_COUNT, "0",
     "seconds: when no task has completed for this long while tasks are pending, print "
     "once what is pending (tasks running and for how long, tasks blocked and on which "
     "data) and keep going; every task is then queued, none runs inline in its creator "
     "(0: off)", &watchdog_s, NULL},
};

__attribute__((constructor(150))) static void watchdog_register_options(void)
{
    nrt_config_add(watchdog_options, sizeof watchdog_options / sizeof watchdog_options[0]);
}

enum wd_state { WD_CREATED, WD_RUNNING, WD_CHILDREN };

struct nrt_wd_node {
    struct nanort_task *t;
    struct nrt_wd_node *next, *prev;    /* wd_lock */
    struct nrt_wd_node *hnext;          /* wd_lock: hash chain */
    enum wd_state state;                /* wd_lock */
    int where;                          /* worker id, -1: another thread; or the space */
    bool on_device;
    uint64_t seq;                       /* creation number, as in the report */
    uint64_t since;                     /* nrt_now_ns() of the state change */
};

static struct nrt_lock wd_lock = NRT_LOCK_INITIALIZER;
static struct nrt_wd_node *live;    /* wd_lock */
static size_t nlive;                /* wd_lock */
static uint64_t progress_ns;        /* wd_lock: last completion, or when tasks appeared */
static bool reported;               /* wd_lock: this stall was reported */
static uint64_t nseq;               /* wd_lock: tasks listed so far */
static struct nrt_wd_node **hash;   /* wd_lock: by task address, nhash (a power of 2) */
static size_t nhash;

static size_t hash_of(const struct nanort_task *t)
{
    uintptr_t h = (uintptr_t)t >> 6;
    return (size_t)(h ^ (h >> 17)) & (nhash - 1);
}

/* Caller holds wd_lock. */
static void hash_grow(void)
{
    NRT_ASSERT_HELD(&wd_lock);
    size_t n = nhash ? 2 * nhash : 1024;
    struct nrt_wd_node **tab = nrt_xcalloc(n, sizeof *tab);
    size_t old = nhash;
    nhash = n;
    for (size_t i = 0; i < old; i++)
        for (struct nrt_wd_node *v = hash[i], *nx; v; v = nx) {
            nx = v->hnext;
            size_t b = hash_of(v->t);
            v->hnext = tab[b];
            tab[b] = v;
        }
    free(hash);
    hash = tab;
}

/* t's node, unlinked from the hash when `take` (caller holds wd_lock); NULL if none. */
static struct nrt_wd_node *hash_find(const struct nanort_task *t, bool take)
{
    NRT_ASSERT_HELD(&wd_lock);
    if (!nhash)
        return NULL;
    for (struct nrt_wd_node **p = &hash[hash_of(t)]; *p; p = &(*p)->hnext)
        if ((*p)->t == t) {
            struct nrt_wd_node *v = *p;
            if (take)
                *p = v->hnext;
            return v;
        }
    return NULL;
}

long nrt_watchdog_period_ms(void)
{
    if (!nrt_watchdog_on)
        return 0;
    long ms = watchdog_s * 1000 / 4;    /* reported at most a quarter late */
    return ms < 10 ? 10 : ms > 1000 ? 1000 : ms;
}

void nrt_watchdog_start(void)
{
    nrt_lock_init_plain(&wd_lock);  /* a child of fork() */
    nrt_watchdog_on = watchdog_s > 0;
    live = NULL;
    nlive = 0;
    nseq = 0;
    free(hash);                     /* the nodes of an earlier start were freed with it */
    hash = NULL;
    nhash = 0;
    reported = false;
    progress_ns = nrt_now_ns();
}

void nrt_wd_created(struct nanort_task *t)
{
    struct nrt_wd_node *n = nrt_xcalloc(1, sizeof *n);
    n->t = t;
    n->state = WD_CREATED;
    n->since = nrt_now_ns();
    nrt_lock_acquire(&wd_lock);
    if (nlive + 1 > 2 * nhash)
        hash_grow();
    size_t b = hash_of(t);
    n->hnext = hash[b];
    hash[b] = n;
    n->seq = ++nseq;
    if (nlive++ == 0)
        progress_ns = n->since;     /* an idle stretch is not a stall */
    n->next = live;
    if (live)
        live->prev = n;
    live = n;
    nrt_lock_release(&wd_lock);
}

static void set_state(struct nanort_task *t, enum wd_state s, int where, bool dev)
{
    nrt_lock_acquire(&wd_lock);
    struct nrt_wd_node *n = hash_find(t, false);
    if (n) {                        /* inline frames and undeferred waits are not listed */
        n->state = s;
        n->where = where;
        n->on_device = dev;
        n->since = nrt_now_ns();
    }
    nrt_lock_release(&wd_lock);
}

void nrt_wd_running(struct nanort_task *t, int where, bool on_device)
{
    set_state(t, WD_RUNNING, where, on_device);
}

void nrt_wd_body_done(struct nanort_task *t)
{
    set_state(t, WD_CHILDREN, -1, false);
}

void nrt_wd_done(struct nanort_task *t)
{
    nrt_lock_acquire(&wd_lock);
    struct nrt_wd_node *n = hash_find(t, true);
    if (!n) {
        nrt_lock_release(&wd_lock);
        return;
    }
    if (n->prev)
        n->prev->next = n->next;
    else
        live = n->next;
    if (n->next)
        n->next->prev = n->prev;
    nlive--;
    progress_ns = nrt_now_ns();
    reported = false;
    nrt_lock_release(&wd_lock);
    free(n);
}

/* ---- the report ------------------------------------------------------------------- */

#define MAX_LINES 20                /* per kind of state */

static const char *label(const struct nanort_task *t)
{
    return t->type && t->type->label ? t->type->label : "(unnamed)";
}

static void where_text(const struct nrt_wd_node *n, char *out, size_t size)
{
    if (n->on_device && n->where > 0 && n->where < nrt_nspaces && nrt_spaces[n->where])
        snprintf(out, size, "%.*s", (int)strcspn(nrt_spaces[n->where]->name, " "),
                 nrt_spaces[n->where]->name);
    else if (n->where >= 0)
        snprintf(out, size, "smp worker %d", n->where);
    else
        snprintf(out, size, "a thread that is not a worker");
}

static const char *mode_text(unsigned flags)
{
    switch (flags & NANORT_DEP_MODE_MASK) {
    case NANORT_DEP_IN: return "in";
    case NANORT_DEP_OUT: return "out";
    case NANORT_DEP_INOUT: return "inout";
    case NANORT_DEP_CONCURRENT: return "concurrent";
    case NANORT_DEP_COMMUTATIVE: return "commutative";
    default: return "?";
    }
}

/* "'producer' #12" and the like: the tasks of the list that t waits for. */
static void print_preds(FILE *out, const struct nanort_task *t)
{
    unsigned k = 0;
    for (const struct nrt_wd_node *p = live; p; p = p->next) {
        if (p->t == t || !nrt_deps_is_pred(p->t, t))
            continue;
        if (k++ < 8)
            fprintf(out, "%s'%s' #%" PRIu64, k > 1 ? ", " : "", label(p->t), p->seq);
    }
    if (k > 8)
        fprintf(out, " and %u more", k - 8);
    if (!k)
        fputs("(tasks that finished meanwhile)", out);
}

/* Its data: mode, bytes and address of each region (what `p &x` in gdb shows). */
static void print_data(FILE *out, const struct nanort_task *t)
{
    for (unsigned i = 0; i < t->nregions && i < 8; i++) {
        const struct nrt_region *r = &t->regions[i];
        fprintf(out, "%s%s %zu bytes at %p", i ? ", " : "", mode_text(r->flags),
                nrt_region_bytes(r), (void *)r->lo);
    }
    if (t->nregions > 8)
        fprintf(out, " and %u more regions", t->nregions - 8);
}

static unsigned kind_of(const struct nrt_wd_node *n)
{
    if (n->state == WD_RUNNING)
        return 0;
    if (n->state == WD_CHILDREN)
        return 1;
    return atomic_load_explicit(&n->t->npred, memory_order_relaxed) > 0 ? 2 : 3;
}

static void report_one(FILE *out, const struct nrt_wd_node *n, unsigned kind, uint64_t now)
{
    const struct nanort_task *t = n->t;
    double for_s = (double)(now - n->since) * 1e-9;
    char where[64];
    switch (kind) {
    case 0:
        where_text(n, where, sizeof where);
        fprintf(out, "  running for %.1f s: task '%s' #%" PRIu64 " (implementation '%s') on "
                     "%s\n", for_s, label(t), n->seq,
                t->impl && t->impl->name ? t->impl->name : "?", where);
        break;
    case 1:
        fprintf(out, "  body finished %.1f s ago, waits for its children: task '%s' #%" PRIu64
                     "\n", for_s, label(t), n->seq);
        break;
    case 2:
        fprintf(out, "  blocked for %.1f s: task '%s' #%" PRIu64 " waits for ", for_s, label(t),
                n->seq);
        print_preds(out, t);
        fputs(" on its data: ", out);
        print_data(out, t);
        fputc('\n', out);
        break;
    default:
        fprintf(out, "  ready, not started for %.1f s: task '%s' #%" PRIu64 "\n", for_s,
                label(t), n->seq);
        break;
    }
}

/* Running tasks first, then those waiting for children, blocked, ready. */
static void report(FILE *out, uint64_t now, uint64_t idle)
{
    static const char *const kind_name[4] = {"running", "waiting for their children",
                                             "blocked", "ready"};
    fprintf(out, "nanort: watchdog: no task has completed for %.1f s (--watchdog=%ld); %zu "
                 "task%s pending:\n", (double)idle * 1e-9, watchdog_s, nlive,
            nlive == 1 ? "" : "s");
    unsigned count[4] = {0};
    for (unsigned kind = 0; kind < 4; kind++) {
        for (const struct nrt_wd_node *n = live; n; n = n->next)
            if (kind_of(n) == kind && count[kind]++ < MAX_LINES)
                report_one(out, n, kind, now);
        if (count[kind] > MAX_LINES)
            fprintf(out, "  ... and %u more %s\n", count[kind] - MAX_LINES, kind_name[kind]);
    }
    if (count[3] && !count[0])
        fputs("  (ready tasks and nothing running: are all the workers inside a critical "
              "section, a lock or a task that waits for something outside the runtime?)\n",
              out);
    fputs("nanort: watchdog: the program goes on; this is printed once per stall\n", out);
    fflush(out);
}

void nrt_watchdog_tick(void)
{
    if (!nrt_watchdog_on)
        return;
    nrt_lock_acquire(&wd_lock);
    uint64_t now = nrt_now_ns();
    uint64_t idle = now - progress_ns;
    if (nlive && !reported && idle >= (uint64_t)watchdog_s * 1000000000u) {
        reported = true;
        report(stderr, now, idle);
    }
    nrt_lock_release(&wd_lock);
}
