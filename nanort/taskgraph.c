/*
 * taskgraph.c - recorded task graphs: OpenMP 6.0's `taskgraph`, OmpSs-2's taskiter, and
 * the data-driven multithreading model of TFlux (precomputed ready counts and consumer
 * lists, a software scheduling unit that counts them down, bounded metadata).
 *
 * Recording.  nanort_taskgraph_begin() marks the encountering task NRT_TF_RECORDING, and
 * submit_heap() hands every task it creates to nrt_tg_record(), which keeps it: nothing
 * runs yet.  While recording, the encountering thread runs no task it creates at once (its
 * crit_depth is raised, as inside a critical section), so no task becomes an inline frame.
 * nanort_taskgraph_end() registers the kept tasks, in creation order, in a private
 * dependence domain: the successor lists and predecessor counts that deps.c builds there,
 * exactly as for ordinary siblings, ARE the graph.  The edges are copied into one array
 * per graph and the domain is discarded whole (nrt_domain_discard).  Commutative accesses
 * become inout (creation order is one of the orders they allow), so no token is needed.
 *
 * The gate.  A graph meets its siblings (the encountering task's other children) through
 * one more task, the gate: its regions are the union of the graph's (inout where a task of
 * the graph writes, in otherwise), registered in the encountering task's domain like any
 * sibling; they only order (NRT_TF_GATE: no host coherence for them, the data are the
 * graph tasks' to move).  When the gate is ready its body queues the graph's roots; the graph's tasks
 * are the gate's children, so the gate completes, releasing later siblings, when they all
 * have, and the implicit taskgroup at the end waits for it.  Earlier siblings that touch
 * the graph's data are waited for by the whole graph, later ones wait for the whole graph:
 * extra ordering, never less.
 *
 * Replay.  A replay submits the gate again.  Nothing is allocated and no dependence is
 * analysed: tasks keep their blocks (owner NRT_OWNER_GRAPH, so free_block() hands them to
 * nrt_tg_task_done() instead of freeing them), and a task that finished resets itself for
 * the next replay (counts, flags, its argument block copied back from the recorded one),
 * which is safe because its predecessors in the graph have all counted it down already.
 * A finished task counts down its successors (nrt_tg_release) and queues those that became
 * ready in recorded order, the first handed over to its own thread (what it wrote is in
 * this core's cache); the gate queues the roots in recorded order, and runs itself the
 * leaves among them whose type the adaptive cut-off finds tiny, as creation would have.
 * This is DDM's software TSU, with the scheduler's queues as its ready stacks.  Metadata stays bounded: one block per
 * task, one edge per dependence, and one run of a graph in flight at a time (a construct
 * met again while its last replay still runs, under nogroup, waits for it).
 *
 * What the standard leaves open, decided from taskiter and DDM: a graph is identified by
 * its construct and graph_id (one record per pair); the encountering task's other children
 * are ordered against the graph as a whole (above); the argument blocks are those of the
 * recording (OpenMP 6.0 replays the recorded data environment; pointers captured there must
 * still be valid); a record whose tasks hold addresses in the recording thread's stack
 * (variables captured by address) is recorded again when the construct is met from
 * another place (its function called from elsewhere, a task body on another stack, another
 * copy the C compiler inlined); if(false) runs the block as plain code and keeps the record; a task
 * created with if(false) while recording, or a wait, is a fatal error (OpenMP forbids
 * both), and so is a taskgraph met while this thread records one.
 *
 * Locking: tg_lock guards the list of sites, each site's graphs and each graph's record
 * (written only by the thread that owns the graph's `busy` flag).  `busy` is 1 from the
 * encounter that records or replays until the gate of that run completed.
 */
#include "nrt.h"

#include <stdlib.h>
#include <string.h>

struct nrt_graph;

/* A task of a recorded graph: nodes[t->tg_node] of the graph of its gate (its parent). */
struct nrt_tg_node {
    struct nrt_graph *g;
    int npred;                      /* predecessors inside the graph */
    unsigned flags;                 /* the task's flags at the start of every run */
    size_t args_size;               /* bytes of its argument block */
    void *args0;                    /* the argument block as recorded */
    int owner;                      /* the block's owner before the graph kept it */
};

struct tg_site {
    struct nanort_taskgraph *handle;   /* the construct's static handle (handle->rt == us) */
    struct nrt_graph *graphs;       /* tg_lock */
    struct tg_site *next;           /* all sites: tg_lock */
};

struct nrt_graph {
    struct tg_site *site;
    long long id;                   /* graph_id */
    struct nrt_graph *next;         /* the site's graphs: tg_lock */
    /* The record: written by the thread that holds `busy`, read-only while it runs. */
    bool recorded;
    struct nanort_task **tasks;     /* in creation order */
    unsigned ntasks, cap;
    struct nrt_tg_node *nodes;      /* nodes[i] is tasks[i]'s */
    struct nanort_task **roots;     /* tasks without predecessor, in creation order */
    unsigned nroots;
    /* Roots without successors, one smp implementation and no priority, in creation
     * order: the gate runs them itself while their type is tiny (gate_run). */
    struct tg_leaf *leaves;
    unsigned nleaves;
    struct nrt_edge *edges;         /* every task's successors, contiguous per task */
    size_t nedges;
    char *args;                     /* the recorded argument blocks, one after the other */
    unsigned nouter;                /* regions of the gate */
    struct nanort_task *gate;
    int gate_owner;                 /* the gate block's owner before the graph kept it */
    bool gate_fresh;                /* not submitted yet since it was created */
    struct nanort_task *enc;        /* the encountering task, while recording */
    /* Where it was recorded: begin's frame (the caller's stack pointer) and return
     * address (copies of the construct that the C compiler inlined differ there, their
     * variables lying apart in one frame); on_stack: the record holds addresses in the
     * recording thread's stack, so it is good for that place only. */
    const void *frame, *call;
    bool on_stack;
    /* The values of the variables from outside the block that the block read (mcc's watch
     * list: loop bounds, firstprivate captures, call arguments) when the block that
     * recorded it began, one after the other; a later encounter where one differs records
     * again.  (At the block's beginning, not its end: a value the block reads and then
     * changes, an offset it advances, would be read changed by the sequential program's
     * next run of the block, so the next encounter records again.) */
    unsigned char *seen;
    size_t nseen;
    unsigned nwatch;
    bool verifying;                 /* --taskgraph-verify: the block runs to be compared */
    unsigned vpos;                  /* the recorded task the next one is compared with */
    unsigned long records;          /* --summary: times recorded */
    unsigned long changed;          /* ... of which because a watched value changed */
    unsigned long record_run;       /* the number of the run that recorded it */
    /* 1 from an encounter that records or replays until that run's gate completed.
     * seq_cst: the wait protocol of worker.c (store, then nrt_wake_waiters). */
    atomic_int busy;
    /* The gate of the run in flight, NULL between runs: claim() reads it without holding
     * busy (the record's gate may be written meanwhile).  seq_cst as busy. */
    _Atomic(struct nanort_task *) in_flight;
    /* Runs started (1: the recorded one) and finished; seq_cst as busy. */
    atomic_ulong runs, done;
};

/* A leaf root, with what running it in place needs at hand. */
struct tg_leaf {
    struct nanort_task *t;
    nanort_run_fn *run;
    const struct nanort_impl *impl;
    const atomic_bool *tiny;        /* its type's cut-off verdict (task.c) */
    const void *args0;              /* its node's recorded arguments */
    size_t args_size;               /* a multiple of 16 (task.c aligns the block) */
};

/* The recorded arguments back into the task's block: args_size is a multiple of 16, and
 * most blocks are a few such words (cheaper than a call to memcpy). */
static inline void args_restore(void *dst, const void *src, size_t n)
{
    char *d = dst;
    const char *s = src;
    for (size_t i = 0; i < n; i += 16)
        __builtin_memcpy(d + i, s + i, 16);
}

/* The gate's argument block. */
struct gate_args {
    struct nrt_graph *g;
};

/* The node of a task of a graph (NRT_TF_REPLAY): its parent is the graph's gate. */
static inline struct nrt_tg_node *node_of(const struct nanort_task *t)
{
    return &((const struct gate_args *)t->parent->args)->g->nodes[t->tg_node];
}

enum { MODE_PLAIN, MODE_RECORD, MODE_REPLAY, MODE_VERIFY };

/* --taskgraph-verify: written by the option parser before the runtime starts. */
static bool opt_verify;

static const struct nrt_option tg_options[] = {
    {"taskgraph-verify", NRT_OPT_BOOL, "no",
     "run the block of a taskgraph again at every replay, only to check that it creates the "
     "tasks it created when the graph was recorded (types, arguments, regions), and stop "
     "with a message where it does not (slow: for debugging)", &opt_verify, NULL},
};

__attribute__((constructor(150))) static void tg_register_options(void)
{
    nrt_config_add(tg_options, sizeof tg_options / sizeof tg_options[0]);
}

static struct nrt_lock tg_lock = NRT_LOCK_INITIALIZER;
static struct tg_site *sites;       /* tg_lock */
/* The graph this thread records (between begin and end), NULL when none. */
static __thread struct nrt_graph *recording __attribute__((tls_model("initial-exec")));

static void gate_run(void *args, nanort_ctx *ctx);
static const struct nanort_impl gate_impls[] = {
    {NANORT_DEVICE_SMP, gate_run, "taskgraph_replay", NULL},
};
static struct nanort_task_type gate_type = {"taskgraph", NULL, 1, gate_impls, NULL};

static const char *source_of(const struct nrt_graph *g)
{
    return g->site->handle->source ? g->site->handle->source : "?";
}

/* ---- recording ---------------------------------------------------------------------- */

/* --taskgraph-verify found the block creating other tasks than the recorded ones. */
static void __attribute__((noreturn)) differs(const struct nrt_graph *g, unsigned k,
                                              const char *what)
{
    nrt_fatal("the block of the taskgraph at %s (graph_id %lld) created %s (task %u of %u) "
              "than when the graph was recorded: a replay runs the recorded tasks. What a "
              "taskgraph creates must not depend on data that changes between its runs "
              "(OpenMP 6.0): give it graph_reset(...) when the graph changes, or one graph_id "
              "per shape", source_of(g), g->id, what, k + 1, g->ntasks);
}

/* A task the block created again: the same as the recorded one?  Then it is dropped. */
static void verify_task(struct nrt_graph *g, struct nanort_task *t)
{
    unsigned k = g->vpos++;
    if (k >= g->ntasks)
        differs(g, k, "more tasks");
    const struct nanort_task *r = g->tasks[k];
    const struct nrt_tg_node *n = &g->nodes[k];
    size_t args = (size_t)((char *)t->regions - (char *)t->args);
    if (t->type != r->type)
        differs(g, k, "a task of another type");
    if (args != n->args_size || memcmp(t->args, n->args0, args) != 0)
        differs(g, k, "a task with other arguments");
    if (t->nregions != r->nregions)
        differs(g, k, "a task with another number of regions");
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct nrt_region *a = &t->regions[i], *b = &r->regions[i];
        if (a->base != b->base || a->flags != b->flags || a->ndims != b->ndims ||
            memcmp(a->dims, b->dims, a->ndims * sizeof *a->dims) != 0)
            differs(g, k, "a task with other regions");
    }
    nrt_task_free(t);
}

bool nrt_tg_record(struct nanort_task *t, unsigned flags, int priority)
{
    struct nrt_graph *g = recording;
    if (!g || g->enc != t->parent)
        return false;
    if (flags & NANORT_TASK_UNDEFERRED)
        nrt_fatal("task '%s' is undeferred (if(false)) inside the taskgraph at %s, which is being "
                  "recorded: its tasks only start at the end of the block, so it cannot run now. "
                  "Drop the if clause, or create the task outside the taskgraph",
                  t->type->label, source_of(g));
    if (t->flags & NRT_TF_DETACHED)
        nrt_fatal("task '%s' has a detach clause inside the taskgraph at %s: a replay could not "
                  "give the program a new event for it. Create the detached task outside the "
                  "taskgraph", t->type->label, source_of(g));
    t->priority = priority;
    if (flags & NANORT_TASK_FINAL)
        t->flags |= NRT_TF_FINAL;   /* its descendants run undeferred; itself: a graph task */
    if (g->verifying) {
        verify_task(g, t);
        return true;
    }
    if (g->ntasks == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 64;
        g->tasks = nrt_xrealloc(g->tasks, g->cap * sizeof *g->tasks);
    }
    g->tasks[g->ntasks++] = t;
    return true;
}

void nrt_tg_no_wait(const char *what)
{
    struct nrt_graph *g = recording;
    nrt_fatal("a %s inside the block of the taskgraph at %s, which is being recorded: the block "
              "may only create tasks (OpenMP 6.0), and the tasks it created only start at its "
              "end. Move the wait after the taskgraph (a taskloop needs nogroup there)",
              what, g ? source_of(g) : "?");
}

/* Commutative accesses of a graph task become inout: the recorded order is one of the
 * orders commutative allows, and replays need no token. */
static void no_commutative(struct nanort_task *t)
{
    for (unsigned i = 0; i < t->nregions; i++)
        if (t->regions[i].kind == NRT_KIND_M)
            t->regions[i].kind = NRT_KIND_W;
    t->flags &= ~(unsigned)NRT_TF_COMMUTATIVE;
}

/* t's successors (from the private domain, newest first, malloc'd one by one) move into
 * g->edges[*at...] in creation order; t->succ points there. */
static void take_edges(struct nrt_graph *g, struct nanort_task *t, size_t *at)
{
    size_t n = 0;
    for (struct nrt_edge *e = t->succ; e; e = e->next)
        n++;
    struct nrt_edge *mine = &g->edges[*at];
    size_t k = n;
    for (struct nrt_edge *e = t->succ, *next; e; e = next) {
        next = e->next;
        mine[--k].task = e->task;
        free(e);
    }
    for (size_t i = 0; i < n; i++)
        mine[i].next = i + 1 < n ? &mine[i + 1] : NULL;
    t->succ = n ? mine : NULL;
    *at += n;
}

static size_t count_edges(struct nanort_task *t)
{
    size_t n = 0;
    for (struct nrt_edge *e = t->succ; e; e = e->next)
        n++;
    return n;
}

/* ---- the gate's regions: the union of the graph's ----------------------------------- */

struct outer {
    const struct nrt_region *r;     /* a region with this key (its base and dims are used) */
    bool writes;
};

static bool same_bytes(const struct nrt_region *a, const struct nrt_region *b)
{
    if (a->lo != b->lo || a->hi != b->hi || a->nd != b->nd)
        return false;
    for (unsigned i = 0; i < a->nd; i++)
        if (a->len[i] != b->len[i] || a->stride[i] != b->stride[i])
            return false;
    return true;
}

/* Distinct byte sets the graph's tasks access, in a table of `cap` slots (a power of
 * two, at least twice their number); returns their number and the dimensions they need. */
static unsigned outer_collect(struct nrt_graph *g, struct outer *tab, size_t cap,
                              unsigned *ndims)
{
    unsigned n = 0;
    *ndims = 0;
    for (unsigned i = 0; i < g->ntasks; i++) {
        struct nanort_task *t = g->tasks[i];
        for (unsigned k = 0; k < t->nregions; k++) {
            const struct nrt_region *r = &t->regions[k];
            if (!r->nd || r->kind == NRT_KIND_NONE)
                continue;
            size_t h = (size_t)((r->lo * 0x9E3779B97F4A7C15ull) >> 29) & (cap - 1);
            while (tab[h].r && !same_bytes(tab[h].r, r))
                h = (h + 1) & (cap - 1);
            if (!tab[h].r) {
                tab[h].r = r;
                n++;
                *ndims += r->ndims;
            }
            tab[h].writes |= r->kind != NRT_KIND_R;
        }
    }
    return n;
}

/* The gate: a task whose regions are the union of the graph's (created by the encountering
 * task, so it is that task's child and its accesses go to that task's domain). */
static struct nanort_task *gate_new(struct nrt_graph *g)
{
    size_t nreg = 0;
    for (unsigned i = 0; i < g->ntasks; i++)
        nreg += g->tasks[i]->nregions;
    size_t cap = 16;
    while (cap < 2 * nreg)
        cap *= 2;
    struct outer *tab = nrt_xcalloc(cap, sizeof *tab);
    unsigned ndims;
    unsigned n = outer_collect(g, tab, cap, &ndims);
    void *args;
    /* one region more than needed: a task created with none could become an inline frame */
    struct nanort_task *gate = nanort_task_create(&gate_type, sizeof(struct gate_args), n + 1,
                                                  ndims + 1, &args);
    ((struct gate_args *)args)->g = g;
    gate->cancel = NULL;            /* never discarded: its body starts the run (cancel.c) */
    for (size_t h = 0; h < cap; h++)
        if (tab[h].r)
            nanort_task_region(gate, tab[h].writes ? NANORT_DEP_INOUT : NANORT_DEP_IN,
                               tab[h].r->base, tab[h].r->ndims, tab[h].r->dims);
    free(tab);
    g->gate_owner = gate->owner;
    gate->owner = NRT_OWNER_GRAPH;
    gate->flags |= NRT_TF_GATE;
    g->nouter = n;
    return gate;
}

/* The recorded tasks' dependences among themselves, from a private domain. */
static void learn_dependences(struct nrt_graph *g)
{
    struct nrt_domain *d = nrt_domain_new();
    for (unsigned i = 0; i < g->ntasks; i++) {
        no_commutative(g->tasks[i]);
        nrt_deps_submit(d, g->tasks[i], false);
    }
    g->nedges = 0;
    for (unsigned i = 0; i < g->ntasks; i++)
        g->nedges += count_edges(g->tasks[i]);
    g->edges = nrt_xmalloc((g->nedges ? g->nedges : 1) * sizeof *g->edges);
    g->nodes = nrt_xcalloc(g->ntasks ? g->ntasks : 1, sizeof *g->nodes);
    g->roots = nrt_xmalloc((g->ntasks ? g->ntasks : 1) * sizeof *g->roots);
    g->leaves = nrt_xmalloc((g->ntasks ? g->ntasks : 1) * sizeof *g->leaves);
    g->nroots = g->nleaves = 0;
    size_t at = 0;
    for (unsigned i = 0; i < g->ntasks; i++) {
        struct nanort_task *t = g->tasks[i];
        /* relaxed: only this thread has seen t */
        int npred = atomic_load_explicit(&t->npred, memory_order_relaxed);
        take_edges(g, t, &at);
        g->nodes[i].npred = npred;
        const struct nrt_type_info *info = t->info;
        if (npred == 0 && !t->succ && t->priority == 0 && info->nimpls == 1 &&
            info->impls[0]->device == NANORT_DEVICE_SMP)
            g->leaves[g->nleaves++] = (struct tg_leaf){t, info->impls[0]->run, info->impls[0],
                                                       &info->tiny, NULL, 0};
        else if (npred == 0)
            g->roots[g->nroots++] = t;
    }
    nrt_domain_discard(d);      /* the regions' access records go with it (never read) */
}

/* Each task keeps its block for every run: its node, the flags and arguments it starts
 * each run with, the gate as its parent. */
static void make_nodes(struct nrt_graph *g)
{
    size_t bytes = 0, at = 0;
    for (unsigned i = 0; i < g->ntasks; i++)
        bytes += (size_t)((char *)g->tasks[i]->regions - (char *)g->tasks[i]->args);
    g->args = nrt_xmalloc(bytes ? bytes : 1);     /* 16-aligned pieces (sizes are) */
    for (unsigned i = 0; i < g->ntasks; i++) {
        struct nanort_task *t = g->tasks[i];
        struct nrt_tg_node *n = &g->nodes[i];
        n->g = g;
        n->flags = (t->flags & (NRT_TF_FINAL)) | NRT_TF_REPLAY;
        n->args_size = (size_t)((char *)t->regions - (char *)t->args);
        n->args0 = g->args + at;
        at += n->args_size;
        memcpy(n->args0, t->args, n->args_size);
        t->tg_node = i;
        t->flags = n->flags;
        t->parent = g->gate;
        t->cancel = NULL;           /* a graph's tasks are never discarded (cancel.c) */
        n->owner = t->owner;
        t->owner = NRT_OWNER_GRAPH;
        t->impl = NULL;
        t->space = 0;
    }
    for (unsigned k = 0; k < g->nleaves; k++) {
        const struct nrt_tg_node *n = &g->nodes[g->leaves[k].t->tg_node];
        g->leaves[k].args0 = n->args0;
        g->leaves[k].args_size = n->args_size;
    }
}

/* Whether the recorded tasks' arguments or regions hold an address in the recording
 * thread's stack (a variable of the block's function or of its callers): any aligned word
 * of an argument block that falls there counts (a number that only looks like one costs a
 * record more, no more). */
static bool record_on_stack(const struct nrt_graph *g)
{
    for (unsigned i = 0; i < g->ntasks; i++) {
        const struct nanort_task *t = g->tasks[i];
        const struct nrt_tg_node *n = &g->nodes[i];
        for (size_t o = 0; o + sizeof(uintptr_t) <= n->args_size; o += sizeof(uintptr_t)) {
            uintptr_t w;
            memcpy(&w, (const char *)n->args0 + o, sizeof w);
            if (nrt_stack_holds(w))
                return true;
        }
        for (unsigned k = 0; k < t->nregions; k++)
            if (nrt_stack_holds((uintptr_t)t->regions[k].base))
                return true;
    }
    return false;
}

static void finish_record(struct nrt_graph *g, struct nanort_task *cur)
{
    cur->flags &= ~(unsigned)NRT_TF_RECORDING;
    recording = NULL;
    learn_dependences(g);
    g->gate = gate_new(g);
    g->gate_fresh = true;
    if (nrt_self)
        nrt_self->crit_depth--;     /* after the gate was created: it must not be inline */
    make_nodes(g);
    g->on_stack = record_on_stack(g);
    g->recorded = true;
    g->records++;
}

/* ---- replay ----------------------------------------------------------------------------- */

/* The gate's body: the graph's tasks become its children; its roots are queued in
 * recorded order, then its leaves (roots nothing waits for in the graph) are queued too,
 * or, while their type's bodies are shorter than handing them to another worker (task.c's
 * adaptive cut-off, --inline-below), run here, as at creation: like an inline frame (a
 * tiny type never creates tasks), their arguments copied back after.  Such a leaf is not
 * one of the gate's children any more.  One in 64 is timed for the type's moving mean (a
 * type whose bodies grow goes back to the queues).  --summary and --trace take the
 * general path. */
static void gate_run(void *args, nanort_ctx *ctx)
{
    struct nrt_graph *g = ((struct gate_args *)args)->g;
    struct nanort_task *gate = ctx->task;
    bool quick = !nrt_cfg.summary && !nrt_instr_on;
    /* The body's thread is the only writer of nchildren (task.c); children completed on
     * this thread come off it too. */
    atomic_store_explicit(&gate->nchildren, (long)g->ntasks, memory_order_relaxed);
    long inline_leaves = 0;
    _Alignas(16) char scratch[256];
    nrt_task_count_submitted((long)g->ntasks);
    for (unsigned i = 0; i < g->nroots; i++)
        nrt_sched_push(g->roots[i]);
    for (unsigned i = 0; i < g->nleaves; i++) {
        const struct tg_leaf *l = &g->leaves[i];
        struct nanort_task *t = l->t;
        bool tiny = nrt_cfg.inline_below > 0 && atomic_load_explicit(l->tiny, memory_order_relaxed);
        if (quick && tiny && l->args_size <= sizeof scratch && t->args_align == 0) {
            /* on a copy of the recorded arguments: the task's own block is not touched */
            struct nanort_ctx c = {t, l->impl, NULL, NULL, NULL};
            args_restore(scratch, l->args0, l->args_size);
            nrt_current = t;
            if (i % 64 == 63) {     /* keep sampling the type's bodies (task.c) */
                uint64_t t0 = nrt_now_ns();
                l->run(scratch, &c);
                nrt_task_sample_body(t->info, nrt_now_ns() - t0);
            } else {
                l->run(scratch, &c);
            }
            inline_leaves++;
        } else if (tiny) {
            nrt_current = gate;
            nrt_task_execute(t);
        } else {
            nrt_sched_push(t);
        }
    }
    nrt_current = gate;
    if (inline_leaves) {
        atomic_store_explicit(&gate->nchildren,
                              atomic_load_explicit(&gate->nchildren, memory_order_relaxed) -
                                  inline_leaves, memory_order_relaxed);
        nrt_task_count_submitted(-inline_leaves);
    }
}

void nrt_tg_release(struct nanort_task *t)
{
    struct nanort_task *ready = NULL, **tail = &ready;
    bool prio = false;
    for (struct nrt_edge *e = t->succ; e; e = e->next) {
        struct nanort_task *s = e->task;
        /* acq_rel: the decrement that reaches 0 acquires every predecessor's release (they
         * form one release sequence on npred), and s's runner gets them through the queue. */
        if (atomic_fetch_sub_explicit(&s->npred, 1, memory_order_acq_rel) == 1) {
            s->next = NULL;
            *tail = s;
            tail = &s->next;
            prio |= s->priority != 0;
        }
    }
    /* As nrt_deps_release: the first is handed over to this thread when no priorities
     * are involved. */
    while (ready) {
        struct nanort_task *next = ready->next;
        if (prio || !nrt_handoff(ready))
            nrt_sched_push(ready);
        ready = next;
    }
}

/* nrt_task_init_counts() with atomic stores: a child that finished on another thread may
 * still read wait_target after its decrement of pending (complete() in task.c) while the
 * task, completed by its body's thread, is reset here.  relaxed: what such a late reader
 * sees does not matter (it compares with a pending count >= NRT_BODY_BIAS / 2). */
static void reset_counts(struct nanort_task *t, int npred)
{
    atomic_store_explicit(&t->nchildren, 0, memory_order_relaxed);
    atomic_store_explicit(&t->nchildren_foreign, 0, memory_order_relaxed);
    atomic_store_explicit(&t->pending, NRT_BODY_BIAS, memory_order_relaxed);
    atomic_store_explicit(&t->wait_target, -1, memory_order_relaxed);
    atomic_store_explicit(&t->npred, npred, memory_order_relaxed);
    t->red_copies = NULL;           /* its run's copies were on its run's stack */
}

/* t finished its run: ready it for the next one.  Its predecessors have all counted it
 * down, and the next run starts after the gate completed, which happens after this. */
static void node_reset(struct nanort_task *t)
{
    const struct nrt_tg_node *n = node_of(t);
    reset_counts(t, n->npred);
    t->flags = n->flags;
    t->impl = NULL;
    t->space = 0;
    t->vchosen = false;
    t->vtrial = 0;
    t->vpred_ns = 0;
    t->dev_done = NULL;
    t->domain = NULL;               /* complete() freed it */
    args_restore(t->args, n->args0, n->args_size);
}

static void gate_reset(struct nanort_task *gate)
{
    reset_counts(gate, 0);
    gate->flags = NRT_TF_GATE;
    gate->impl = NULL;
    gate->space = 0;
    gate->priority = 0;
    gate->domain = NULL;
}

void nrt_tg_task_done(struct nanort_task *t)
{
    if (t->flags & NRT_TF_REPLAY) {
        node_reset(t);
        return;
    }
    /* The gate: every task of the run finished (and reset itself) before it. */
    struct nrt_graph *g = ((struct gate_args *)t->args)->g;
    atomic_fetch_add(&g->done, 1);
    atomic_store(&g->in_flight, NULL);
    atomic_store(&g->busy, 0);      /* from here on another encounter may take the graph */
    nrt_wake_waiters();
}

/* Start a run: submit the gate.  Unless nogroup, the encountering thread waits for the
 * run anyway: the gate is then undeferred (its body runs here once the graph's outer
 * predecessors finished) instead of queued, which would wake a sleeping worker for it. */
static void replay(struct nrt_graph *g, struct nanort_task *cur, bool nogroup)
{
    struct nanort_task *gate = g->gate;
    unsigned flags = nogroup ? 0 : NANORT_TASK_UNDEFERRED;
    atomic_fetch_add(&g->runs, 1);
    atomic_store(&g->in_flight, gate);
    gate->parent = cur;
    gate->cancel = NULL;            /* nor its gate, whose body starts the run (cancel.c) */
    if (g->gate_fresh) {
        g->gate_fresh = false;
        nanort_task_submit(gate, flags, 0);     /* --trace/--graph number it once */
    } else {
        gate_reset(gate);
        nrt_task_resubmit(gate, flags);
    }
}

/* ---- the construct -------------------------------------------------------------------- */

static struct nrt_graph *graph_of(struct nanort_taskgraph *tg, long long id)
{
    nrt_lock_acquire(&tg_lock);
    struct tg_site *s = tg->rt;
    if (!s) {
        s = nrt_xcalloc(1, sizeof *s);
        s->handle = tg;
        s->next = sites;
        sites = s;
        tg->rt = s;
    }
    struct nrt_graph *g = s->graphs;
    while (g && g->id != id)
        g = g->next;
    if (!g) {
        g = nrt_xcalloc(1, sizeof *g);
        g->site = s;
        g->id = id;
        g->next = s->graphs;
        s->graphs = g;
    }
    nrt_lock_release(&tg_lock);
    return g;
}

static bool graph_idle(void *arg)
{
    return atomic_load(&((struct nrt_graph *)arg)->busy) == 0;
}

/* Whether cur runs inside the run of g in flight (a task of g, or a descendant of one). */
static bool inside_run(struct nrt_graph *g, const struct nanort_task *cur)
{
    const struct nanort_task *gate = atomic_load(&g->in_flight);
    for (const struct nanort_task *a = cur; gate && a; a = a->parent)
        if (a == gate)
            return true;
    return false;
}

/* Take g for this encounter: wait (running tasks) while another run of it is in flight. */
static void claim(struct nrt_graph *g, struct nanort_task *cur)
{
    for (;;) {
        int idle = 0;
        if (atomic_compare_exchange_strong(&g->busy, &idle, 1))
            return;
        if (inside_run(g, cur))
            nrt_fatal("the taskgraph at %s (graph_id %lld) is met again by one of its own tasks "
                      "while it runs: that task would wait for itself. Give the inner one "
                      "another graph_id, or move it out of the graph", source_of(g), g->id);
        nrt_wait_until(graph_idle, g);
    }
}

/* Give the block back to the task allocator (see nrt_task_free). */
static void block_free(struct nanort_task *t, int owner)
{
    t->owner = owner;
    nrt_task_free(t);
}

/* Drop the record (graph_reset, shutdown); g is idle. */
static void discard(struct nrt_graph *g)
{
    for (unsigned i = 0; i < g->ntasks; i++) {
        struct nrt_tg_node *n = g->nodes ? &g->nodes[i] : NULL;
        block_free(g->tasks[i], n ? n->owner : g->tasks[i]->owner);
    }
    if (g->gate)
        block_free(g->gate, g->gate_owner);
    free(g->tasks);
    free(g->nodes);
    free(g->roots);
    free(g->leaves);
    free(g->edges);
    free(g->args);
    g->args = NULL;
    g->tasks = NULL;
    g->nodes = NULL;
    g->roots = NULL;
    g->leaves = NULL;
    g->edges = NULL;
    g->gate = NULL;
    g->ntasks = g->cap = g->nroots = g->nleaves = g->nouter = 0;
    g->nedges = 0;
    g->recorded = g->on_stack = false;
}

/* Whether a variable of the list has another value than when g was recorded. */
static bool values_changed(const struct nrt_graph *g, const struct nanort_taskgraph_watch *w,
                           unsigned n)
{
    if (n != g->nwatch)
        return true;
    const unsigned char *at = g->seen;
    for (unsigned i = 0; i < n; i++) {
        if (memcmp(at, w[i].addr, w[i].size) != 0)
            return true;
        at += w[i].size;
    }
    return false;
}

static void values_keep(struct nrt_graph *g, const struct nanort_taskgraph_watch *w, unsigned n)
{
    size_t bytes = 0;
    for (unsigned i = 0; i < n; i++)
        bytes += w[i].size;
    if (bytes > g->nseen) {
        free(g->seen);
        g->seen = nrt_xmalloc(bytes);
        g->nseen = bytes;
    }
    unsigned char *at = g->seen;
    for (unsigned i = 0; i < n; i++) {
        memcpy(at, w[i].addr, w[i].size);
        at += w[i].size;
    }
    g->nwatch = n;
}

/* begin's work; frame and call: the caller's stack frame and return address. */
static int begin(struct nanort_taskgraph *tg, struct nanort_taskgraph_exec *x,
                 long long graph_id, unsigned flags, const struct nanort_taskgraph_watch *w,
                 unsigned nw, const void *frame, const void *call)
{
    nrt_ensure_started();
    struct nanort_task *cur = nrt_current ? nrt_current : nrt_root;
    x->graph = NULL;
    x->flags = flags;
    x->mode = MODE_PLAIN;
    x->run = 0;
    if (recording)
        nrt_fatal("the taskgraph at %s is met while this thread records the one at %s: the "
                  "block of a taskgraph may only create tasks (OpenMP 6.0). Move the inner "
                  "taskgraph into a task", tg->source ? tg->source : "?", source_of(recording));
    /* Plain code: if(false); inside a final task (everything there runs undeferred); on a
     * thread that is no worker, whose parent is main's task, shared with main. */
    if ((flags & NANORT_TASKGRAPH_NORECORD) || (cur->flags & NRT_TF_FINAL) || !nrt_self)
        return 1;
    struct nrt_graph *g = graph_of(tg, graph_id);
    claim(g, cur);
    x->graph = g;
    /* Variables on the stack are captured by address: met from another place (its function
     * called from elsewhere, a task on another worker's stack, another inlined copy), the
     * recorded tasks would use the recording's.  Record again there. */
    bool moved = g->on_stack && (g->frame != frame || g->call != call);
    /* A value the block read from outside has changed (a bound, a firstprivate without
     * `saved`, a pointer swapped between steps): the sequential program would create other
     * tasks, or the same with other arguments.  Record again, as graph_reset would. */
    bool changed = g->recorded && values_changed(g, w, nw);
    if (g->recorded && ((flags & NANORT_TASKGRAPH_RESET) || moved || changed)) {
        discard(g);
        g->changed += changed && !(flags & NANORT_TASKGRAPH_RESET) && !moved;
    }
    if (g->recorded && !opt_verify) {
        x->mode = MODE_REPLAY;
        x->run = atomic_load(&g->runs) + 1;
        replay(g, cur, flags & NANORT_TASKGRAPH_NOGROUP);
        return 0;
    }
    x->mode = g->recorded ? MODE_VERIFY : MODE_RECORD;
    g->enc = cur;
    g->verifying = g->recorded;
    g->vpos = 0;
    if (!g->recorded) {
        g->ntasks = 0;
        g->frame = frame;
        g->call = call;
        values_keep(g, w, nw);
    }
    cur->flags |= NRT_TF_RECORDING;
    recording = g;
    nrt_self->crit_depth++;         /* no task it creates runs at once (task.c) */
    return 1;
}

int nanort_taskgraph_begin(struct nanort_taskgraph *tg, struct nanort_taskgraph_exec *x,
                           long long graph_id, unsigned flags)
{
    return begin(tg, x, graph_id, flags, NULL, 0, __builtin_frame_address(0),
                 __builtin_return_address(0));
}

int nanort_taskgraph_begin_watch(struct nanort_taskgraph *tg, struct nanort_taskgraph_exec *x,
                                 long long graph_id, unsigned flags,
                                 const struct nanort_taskgraph_watch *w, unsigned nw)
{
    return begin(tg, x, graph_id, flags, w, nw, __builtin_frame_address(0),
                 __builtin_return_address(0));
}

struct run_wait {
    struct nrt_graph *g;
    unsigned long run;
};

static bool run_done(void *arg)
{
    struct run_wait *w = arg;
    return (long)(atomic_load(&w->g->done) - w->run) >= 0;
}

void nanort_taskgraph_end(struct nanort_taskgraph_exec *x)
{
    struct nrt_graph *g = x->graph;
    struct nanort_task *cur = nrt_current ? nrt_current : nrt_root;
    if (x->mode == MODE_RECORD) {
        finish_record(g, cur);
        x->run = atomic_load(&g->runs) + 1;
        g->record_run = x->run;
        replay(g, cur, x->flags & NANORT_TASKGRAPH_NOGROUP);
    } else if (x->mode == MODE_VERIFY) {
        cur->flags &= ~(unsigned)NRT_TF_RECORDING;
        recording = NULL;
        nrt_self->crit_depth--;
        g->verifying = false;
        if (g->vpos != g->ntasks)
            differs(g, g->vpos, "fewer tasks");
        x->run = atomic_load(&g->runs) + 1;
        replay(g, cur, x->flags & NANORT_TASKGRAPH_NOGROUP);
    }
    if (x->flags & NANORT_TASKGRAPH_NOGROUP)
        return;
    if (x->mode == MODE_PLAIN) {
        /* The implicit taskgroup as a taskwait: it also waits for earlier children. */
        nrt_wait_children(cur);
        return;
    }
    struct run_wait w = {g, x->run};
    if (!run_done(&w))
        nrt_wait_until(run_done, &w);
}

/* ---- what users see, and the end --------------------------------------------------------- */

unsigned long nrt_tg_instance(const struct nanort_task *t, bool *replayed)
{
    if (!(t->flags & NRT_TF_REPLAY))
        return 0;
    const struct nrt_graph *g = node_of(t)->g;
    /* relaxed: the run in flight is the only one (busy), its number written before */
    unsigned long run = atomic_load_explicit(&g->runs, memory_order_relaxed);
    *replayed = run != g->record_run;
    return run;
}

void nrt_tg_each_row(void (*fn)(void *arg, const struct nrt_tg_row *r), void *arg)
{
    nrt_lock_acquire(&tg_lock);
    for (struct tg_site *s = sites; s; s = s->next)
        for (struct nrt_graph *g = s->graphs; g; g = g->next) {
            struct nrt_tg_row r = {source_of(g), g->id, g->ntasks, g->nedges, g->nouter,
                                   g->records, atomic_load(&g->runs), g->changed};
            fn(arg, &r);
        }
    nrt_lock_release(&tg_lock);
}

void nrt_tg_free_all(void)
{
    nrt_lock_acquire(&tg_lock);
    for (struct tg_site *s = sites, *sn; s; s = sn) {
        sn = s->next;
        for (struct nrt_graph *g = s->graphs, *gn; g; g = gn) {
            gn = g->next;
            discard(g);
            free(g->seen);
            free(g);
        }
        s->handle->rt = NULL;
        free(s);
    }
    sites = NULL;
    nrt_lock_release(&tg_lock);
}

/* In a fork child: the graphs belong to the parent's runtime (leaked on purpose). */
void nrt_tg_after_fork(void)
{
    nrt_lock_init_plain(&tg_lock);
    for (struct tg_site *s = sites; s; s = s->next)
        s->handle->rt = NULL;
    sites = NULL;
    recording = NULL;
}
