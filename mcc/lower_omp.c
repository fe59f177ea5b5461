/*
 * lower_omp.c - the OpenMP constructs of programs ported from OpenMP tasks (OMPSS.md
 * "Execution model", "OpenMP compatibility").  There is no team of threads: the body of
 * a region runs once, in the encountering task, where it is:
 *   parallel [clauses]        { nanort_parallel_begin(active) (_team(active, n) with
 *                             num_threads(n)); privatised copies; BODY;
 *                             nanort_taskwait(); nanort_parallel_end(); reductions }
 *                             (its end waits for every task created inside it)
 *   parallel for / sections / master ...   the inner construct inside such a region
 *   single [nowait]           { copies; BODY; nanort_taskwait(); } (no wait with nowait)
 *   master, masked            BODY
 *   sections [nowait]         each section a task (worksharing rules, as `for`), then
 *                             nanort_taskwait() unless nowait
 *   taskgroup                 { BODY nanort_taskwait(); }: every task created inside has
 *                             finished (a task finishes with its descendants); it also
 *                             waits for earlier children, which changes no result
 *   threadprivate(list)       __thread on every declaration of those variables
 *   flush                     __atomic_thread_fence(__ATOMIC_SEQ_CST)
 * private / firstprivate / reduction variables of a region are new variables
 * (__nrt_pv<N>_x) that the body's uses are renamed to, through a frame of their own (the
 * frame's other variables are those of the task the region is in, so renaming composes).
 * Tasks created in a parallel region share what its whole team shares (lower_team_shared).
 */
#include "mcc.h"
#include "c.tab.h"

#include <stdlib.h>
#include <string.h>

static size_t construct_begin(const struct lower_dir *d)
{
    return d->node->pragma ? d->node->pragma->begin : d->node->begin;
}

static const char *sym_name(struct lower *L, const struct sym *s)
{
    return arena_strndup(L->a, s->name->str, s->name->len);
}

/* ---- privatised variables of a region ------------------------------------------------ */

struct privates {
    const struct omp_directive *dir;    /* the region's (its allocate clauses) */
    struct lower_frame frame;
    struct lower_buf decl;          /* the copies' declarations, first in the region's block */
    struct lower_buf pre, epi;      /* their initialisation; reductions' combine */
};

static struct lower_var *priv_find(struct privates *p, const struct sym *s)
{
    for (struct lower_var *v = p->frame.vars; v; v = v->next)
        if (v->sym == s)
            return v;
    return NULL;
}

/* reduction(op: a[lb:len]) of a region: the section's private copy on the heap, and `a`
 * inside the region placed so that a[lb] is its first element. */
static void region_section(struct lower *L, struct privates *p, const struct omp_clause *c,
                           const struct omp_ref *r, struct lower_var *v, const char *orig)
{
    struct lower_red_section sec;
    struct lower_values values = {0};
    bool ok = lower_reduction_section(L, r, v->sym, orig, &values, &sec);
    if (values.decl.s)
        lbuf_puts(&p->decl, values.decl.s);
    free(values.decl.s);
    if (!ok)
        return;
    const char *x = sym_name(L, v->sym);
    int n = ++L->serial;
    const char *rp = lower_local_name(L, LL_REGION_RED, n, x);
    const char *lb = lower_local_name(L, LL_REGION_LB, n, x);
    const char *rn = lower_local_name(L, LL_REGION_N, n, x);
    const char *inner = lower_reduction_inner_bounds(L, &sec);
    if (inner) {        /* m[lb:len][lb1:len1]: the rows' inner sections */
        sec.bounds = lower_local_name(L, LL_REGION_INNER, n, x);
        lbuf_printf(&p->decl, LOWER_PTRDIFF_T " %s[] = %s; ", sec.bounds, inner);
    }
    /* (m[i][lb:len]: the original's elements end to end) */
    const char *flat = lower_reduction_flat(L, &sec, orig);
    lbuf_printf(&p->decl, LOWER_PTRDIFF_T " %s = (" LOWER_PTRDIFF_T ")(%s); " LOWER_SIZE_T
                " %s = (" LOWER_SIZE_T ")(%s); __typeof__(&(%s)[0]) %s = __builtin_malloc(%s * "
                "sizeof *%s + 1); ", lb, sec.lb, rn, sec.len, flat, rp, rn, rp);
    lbuf_printf(&p->pre, "if (!%s) __builtin_abort(); ", rp);
    const char *at = arena_printf(L->a, "((char *)%s - %s * (" LOWER_PTRDIFF_T ")sizeof *%s)", rp,
                                  lb, rp);
    bool array = v->sym->type == TYPE_ARRAY && !v->sym->array_param;
    if (array) {
        v->use = arena_printf(L->a, "(*(__typeof__(%s) *)%s)", orig, at);
    } else {            /* a pointer: a variable of its type (an lvalue, as the original) */
        v->use = lower_local_name(L, LL_REGION_BASE, n, x);
        lbuf_printf(&p->decl, "__typeof__(%s) %s = (__typeof__(%s))%s; ", orig, v->use, orig, at);
    }
    struct lower_red_elems e;
    lower_reduction_buffer_elems(L, &sec, rn, rp, arena_printf(L->a, "(&(%s)[%s])", flat, lb),
                                 &e);
    lower_reduction_code(L, c, r, &e, &p->pre, &p->epi);
    lbuf_printf(&p->epi, "__builtin_free(" LOWER_BYTES "(%s)); ", rp);
}

/* One private, firstprivate or reduction variable of the region (clause c, item r). */
static void privatise(struct lower *L, struct privates *p, const struct omp_clause *c,
                      const struct omp_ref *r, size_t off)
{
    const struct omp_ref *root = omp_ref_root(r);
    struct sym *s = root->kind == OMP_REF_NAME
                        ? lower_resolve(L, root->text.text, strlen(root->text.text), off) : NULL;
    if (!s || (s->kind != SYM_OBJECT && s->kind != SYM_PARAM)) {
        mcc_error_at(&r->text.loc, "'%s' in '%s' is not a variable", r->text.text,
                     omp_clause_names[c->kind]);
        return;
    }
    bool section = lower_reduction_section_item(r) && c->kind == OMP_CL_REDUCTION;
    if (r->kind != OMP_REF_NAME && !section && c->kind == OMP_CL_REDUCTION) {
        lower_reduction_sorry(r);
        return;
    }
    if (r->kind != OMP_REF_NAME && !section) {
        mcc_error_at(&r->text.loc, "sorry, unimplemented: '%s' in '%s' of a region (name a "
                     "variable)", r->text.text, omp_clause_names[c->kind]);
        return;
    }
    const struct lower_var *seen = priv_find(p, s);
    if (seen && seen->red_ref && c->kind == OMP_CL_REDUCTION)   /* (e[0], e[2]: one copy) */
        mcc_error_at(&r->text.loc, "sorry, unimplemented: reductions over two parts of '%s' "
                     "('%s' and '%s') on a region; reduce one section that holds both",
                     root->text.text, seen->red_ref->text.text, r->text.text);
    if (seen)
        return;
    const char *x = sym_name(L, s);
    const char *orig = lower_expr(L, x, NULL, 0);     /* as the region's context names it */
    const char *priv = lower_local_name(L, LL_REGION_PRIV, ++L->serial, x);
    struct lower_var *v = arena_alloc(L->a, sizeof *v);
    v->sym = s;
    v->use = priv;
    v->share = c->kind == OMP_CL_PRIVATE ? LOWER_PRIVATE
               : c->kind == OMP_CL_FIRSTPRIVATE ? LOWER_FIRSTPRIVATE : LOWER_REDUCTION;
    v->region_private = true;
    v->red = c->kind == OMP_CL_REDUCTION ? c : NULL;
    v->red_ref = v->red ? r : NULL;
    v->next = p->frame.vars;
    p->frame.vars = v;
    if (section) {
        region_section(L, p, c, r, v, orig);
        return;
    }
    /* (as aligned as the original's declaration asked, `_Alignas(64) double v[8]`, which
       __typeof__ does not carry, or as an allocate clause's align(n) asks) */
    lbuf_printf(&p->decl, "__typeof__(%s) %s __attribute__((__aligned__(__alignof__(%s))))%s; ",
                orig, priv, orig, lower_allocate_align(L, p->dir, s));
    if (c->kind == OMP_CL_FIRSTPRIVATE && s->specs && (s->specs->flags & SPEC_REGISTER))
        lbuf_printf(&p->pre, "%s = %s; ", priv, orig);      /* (no address to copy from) */
    else if (c->kind == OMP_CL_FIRSTPRIVATE)
        lbuf_printf(&p->pre, "__builtin_memcpy(%s, %s, sizeof %s); ",
                    lower_bytes_at(L, arena_printf(L->a, "&%s", priv), false),
                    lower_bytes_at(L, arena_printf(L->a, "&(%s)", orig), true), priv);
    if (c->kind == OMP_CL_REDUCTION) {
        struct lower_red_elems e = {"", "", priv, orig, NULL};
        if (s->type == TYPE_ARRAY)
            lower_reduction_array_elems(L, s, priv, orig, &e);
        lower_reduction_code(L, c, r, &e, &p->pre, &p->epi);
    }
}

/* default(firstprivate) (OpenMP 5.0) and default(private) (5.1): every local the region
 * names and no clause lists is firstprivate, or private; a variable with static storage
 * must be listed (gcc: "'g' not specified in enclosing 'parallel'"; lower_inline.c's
 * implicit_sharing reports it). */
static void default_private(struct lower *L, struct privates *p, const struct lower_dir *d,
                            const struct omp_clause *def, size_t off)
{
    bool first = def->def == OMP_DEFAULT_FIRSTPRIVATE;
    struct omp_clause fp = { .kind = first ? OMP_CL_FIRSTPRIVATE : OMP_CL_PRIVATE,
                             .loc = def->loc };
    for (struct lower_var *v = lower_inline_captures(L, d, d->node, NULL, NULL); v; v = v->next) {
        if (v->share != (first ? LOWER_FIRSTPRIVATE : LOWER_PRIVATE) || priv_find(p, v->sym))
            continue;
        const char *x = sym_name(L, v->sym);
        struct omp_ref r = { .kind = OMP_REF_NAME };
        r.text.text = x;
        r.text.loc = def->loc;
        privatise(L, p, &fp, &r, off);
    }
}

static bool privates_push(struct lower *L, struct privates *p);

/* task_reduction(id: x) of a taskgroup, id's initializer reading omp_orig: x's value as the
 * taskgroup begins, which the in_reduction tasks created in its block copy
 * (lower_inline.c, capture_reduction), not what earlier ones have combined into x. */
static void taskgroup_seed(struct lower *L, struct privates *p, const struct omp_ref *r)
{
    if (r->kind != OMP_REF_NAME || !lower_reduction_reads_orig(L, r))
        return;
    const char *x = lower_expr(L, r->text.text, NULL, 0);
    lower_seed_copy(&p->decl, lower_local_name(L, LL_RED_SEED, 0, r->text.text), x);
}

/* The region's data-sharing clauses; the body is then lowered in p->frame (when it holds
 * anything: the enclosing task's variables are copied in, renamed as there). */
static bool privates_open(struct lower *L, const struct lower_dir *d, struct privates *p)
{
    memset(p, 0, sizeof *p);
    p->dir = d->dir;
    size_t off = construct_begin(d);
    for (int i = 0; i < d->dir->nclauses; i++) {
        const struct omp_clause *c = &d->dir->clauses[i];
        if (c->kind == OMP_CL_PRIVATE || c->kind == OMP_CL_FIRSTPRIVATE ||
            c->kind == OMP_CL_REDUCTION)
            for (int k = 0; k < c->nrefs; k++)
                privatise(L, p, c, c->refs[k], off);
        if (c->kind == OMP_CL_DEFAULT && c->def == OMP_DEFAULT_NONE)
            lower_inline_captures(L, d, d->node, NULL, NULL);   /* reports what no clause lists */
        if (c->kind == OMP_CL_TASK_REDUCTION)
            for (int k = 0; k < c->nrefs; k++)
                taskgroup_seed(L, p, c->refs[k]);
    }
    const struct omp_clause *def = omp_find_clause(d->dir, OMP_CL_DEFAULT);
    if (def && (def->def == OMP_DEFAULT_FIRSTPRIVATE || def->def == OMP_DEFAULT_PRIVATE))
        default_private(L, p, d, def, off);
    return privates_push(L, p);
}

/* Lower what follows in p->frame when it holds a variable. */
static bool privates_push(struct lower *L, struct privates *p)
{
    if (!p->frame.vars)
        return false;
    for (struct lower_var *v = L->frame ? L->frame->vars : NULL; v; v = v->next)
        if (!priv_find(p, v->sym)) {
            struct lower_var *c = arena_alloc(L->a, sizeof *c);
            *c = *v;
            c->next = p->frame.vars;
            p->frame.vars = c;
        }
    p->frame.up = L->frame;
    p->frame.region = true;
    L->frame = &p->frame;
    return true;
}

static void privates_close(struct lower *L, struct privates *p, bool opened)
{
    if (opened)
        L->frame = p->frame.up;
}

/* ---- target ------------------------------------------------------------------------- */

/* The variables a host target region copies (lower_omp_target). */
struct target_scan {
    struct lower *L;
    struct ast *region;
    const struct omp_target_env *e;
    struct privates *p;
    size_t off;
    const struct sym *reported[16];     /* defaultmap(none) errors said once per variable */
    int nreported;
};

static bool named_in(const struct sym *y, const char *const *names, int n)
{
    return n > 0 && lower_name_in(y->name->str, y->name->len, names, n);
}

static enum omp_tcat target_category(const struct sym *y)
{
    if (y->type == TYPE_POINTER || y->array_param || y->function_param)
        return OMP_TCAT_POINTER;
    if (y->type == TYPE_ARRAY || y->type == TYPE_STRUCT || y->type == TYPE_UNION)
        return OMP_TCAT_AGGREGATE;
    return OMP_TCAT_SCALAR;
}

static bool target_visit(struct ast *n, void *arg)
{
    struct target_scan *t = arg;
    struct sym *y = n->kind == AST_IDENT ? n->sym : NULL;
    if (!y || (y->kind != SYM_OBJECT && y->kind != SYM_PARAM) ||
        (y->declarator && y->declarator->begin >= t->region->begin &&
         y->declarator->begin < t->region->end) ||
        lower_map_get(&t->L->thread_local, y) ||
        (y->specs && (y->specs->flags & SPEC_THREAD_LOCAL)) ||
        lower_variant_declare_target(t->L, y))
        return true;
    const struct omp_target_env *e = t->e;
    if (e && named_in(y, e->mapped, e->nmapped))
        return true;
    enum omp_tcat cat = target_category(y);
    enum omp_tmap m = e ? e->defaultmap[cat] : OMP_TMAP_DEFAULT;
    if (e && named_in(y, e->copied, e->ncopied))
        m = OMP_TMAP_COPY;
    else if (m == OMP_TMAP_DEFAULT)
        m = cat == OMP_TCAT_AGGREGATE ? OMP_TMAP_SHARE : OMP_TMAP_COPY;
    if (m == OMP_TMAP_NONE) {
        for (int i = 0; i < t->nreported; i++)
            if (t->reported[i] == y)
                return true;
        if (t->nreported < 16)
            t->reported[t->nreported++] = y;
        struct mcc_loc at = source_loc(&t->L->t->src, n->begin);
        mcc_error_at(&at, "'%s' not specified in enclosing 'target' (its defaultmap is "
                     "none)", sym_name(t->L, y));
        return true;
    }
    if (m == OMP_TMAP_COPY) {
        static const struct omp_clause fp = { .kind = OMP_CL_FIRSTPRIVATE };
        struct omp_ref r = { .kind = OMP_REF_NAME };
        r.text.text = sym_name(t->L, y);
        privatise(t->L, t->p, &fp, &r, t->off);
    }
    return true;
}

void lower_omp_target(struct lower *L, struct ast *n, const struct omp_target_env *e,
                      void (*lower)(struct lower *L, struct ast *n, void *arg), void *arg)
{
    struct privates p;
    memset(&p, 0, sizeof p);
    if (!e)             /* (one with clauses: lower_block_check_host, or its host construct) */
        lower_block_check_in_place(L, n, false, "a '#pragma omp target' construct");
    size_t begin = n->pragma ? n->pragma->begin : n->begin;
    struct target_scan t = { .L = L, .region = n, .e = e, .p = &p, .off = begin };
    ast_walk(n, target_visit, &t);
    bool opened = privates_push(L, &p);
    if (opened)     /* first: the construct's own edits at `begin` go inside the block */
        rewrite_insert_before(L->rw, begin, lower_flat(L, arena_printf(L->a, "{ %s%s",
                              p.decl.s ? p.decl.s : "", p.pre.s ? p.pre.s : "")));
    bool was = L->in_target;
    const struct lower_nest *around = L->target_nest;
    L->in_target = true;            /* (declare variant's construct={target}) */
    L->target_nest = L->nest;
    lower(L, n, arg);
    L->in_target = was;
    L->target_nest = around;
    privates_close(L, &p, opened);
    if (opened)
        rewrite_insert_after(L->rw, n->end, lower_glue(L, begin, " }"));
    free(p.decl.s);
    free(p.pre.s);
    free(p.epi.s);
}

/* How code outside s's function names threadprivate s (a static local moved to file
 * scope: its new name). */
const char *lower_omp_tp_name(struct lower *L, const struct sym *s)
{
    const char *moved = lower_map_get(&L->tp_moved, s);
    return moved ? moved : sym_name(L, s);
}

const char *lower_omp_copyin_call(struct lower *L, struct sym *s)
{
    const char *x = lower_omp_tp_name(L, s);
    while (s->redecl)               /* one setter per variable, whichever declaration */
        s = s->redecl;
    const char *set = lower_map_get(&L->copyin_setters, s);
    if (!set) {
        set = lower_local_name(L, LL_COPYIN_SET, 0, x);
        lower_map_put(L, &L->copyin_setters, s, (void *)set);
        rewrite_insert_before(L->rw, L->fn->begin, arena_printf(
            L->a, "static void %s(const void *__nrt_v) { __builtin_memcpy((void *)&%s, __nrt_v, "
            "sizeof %s); }\n", set, x, x));
    }
    return arena_printf(L->a, "nanort_copyin(%s, (const void *)&%s, sizeof %s); ", set, x, x);
}

struct eval_scan {
    struct lower *L;
    bool call, local;
};

static bool eval_scan_visit(struct ast *n, void *arg)
{
    struct eval_scan *e = arg;
    e->call |= n->kind == AST_CALL;
    if (n->kind == AST_IDENT && n->sym) {
        e->local |= n->sym->depth > 0;
        for (struct lower_frame *f = e->L->frame; f; f = f->up)
            for (struct lower_var *v = f->vars; v; v = v->next)
                e->local |= v->sym == n->sym;       /* a global the region privatised */
    }
    return true;
}

const char *lower_omp_copyin_eval(struct lower *L, const struct ast *stmt, struct sym *s)
{
    const struct ast *e = stmt->kind == AST_EXPR_STMT ? stmt->kid[0] : NULL;
    if (!e || e->kind != AST_ASSIGN || e->op != '=' || !e->kid[0] ||
        e->kid[0]->kind != AST_IDENT || !e->kid[0]->sym || !e->kid[1])
        return NULL;
    struct sym *y = e->kid[0]->sym;
    while (y->redecl)
        y = y->redecl;
    struct eval_scan sc = {L, false, false};
    ast_walk(e->kid[1], eval_scan_visit, &sc);
    const char *x = lower_omp_tp_name(L, s);
    if (y == s && sc.call && sc.local) {
        struct mcc_loc at = source_user_loc(&L->t->src, e->begin);
        mcc_warning_at(&at, "every worker's copy of threadprivate '%s' gets the value this "
                       "thread computes: every thread of an OpenMP team would compute its "
                       "own, but the expression names a local of the function (use globals "
                       "or constants in it to have every worker evaluate it)", x);
    }
    if (y != s || !sc.call || sc.local)
        return NULL;
    const char *set = lower_local_name(L, LL_COPYIN_EVAL, ++L->serial, x);
    rewrite_insert_before(L->rw, L->fn->begin, arena_printf(
        L->a, "static void %s(const void *__nrt_v) { if (__builtin_memcmp((const void *)&%s, "
        "__nrt_v, sizeof %s)) %s = (%.*s); }\n", set, x, x, x,
        (int)(e->kid[1]->end - e->kid[1]->begin), L->text + e->kid[1]->begin));
    return arena_printf(L->a, "nanort_copyin(%s, (const void *)&%s, sizeof %s); ", set, x, x);
}

/* copyin(list) of a parallel region: every worker's copy of each threadprivate variable
 * takes the encountering thread's value before it runs a task of the region
 * (nanort_copyin); the setter of a variable, which writes the running thread's copy, is
 * defined once per translation unit before the first function that needs it. */
static const char *copyin_code(struct lower *L, const struct lower_dir *d)
{
    struct lower_buf b = {0};
    size_t off = construct_begin(d);
    for (int i = 0; i < d->dir->nclauses; i++) {
        const struct omp_clause *c = &d->dir->clauses[i];
        for (int k = 0; c->kind == OMP_CL_COPYIN && k < c->nrefs; k++) {
            const char *x = c->refs[k]->text.text;
            struct sym *s = lower_resolve(L, x, strlen(x), off);
            while (s && s->redecl && !lower_map_get(&L->thread_local, s))
                s = s->redecl;
            if (!s || !lower_map_get(&L->thread_local, s)) {
                mcc_error_at(&c->refs[k]->text.loc, "'%s' in 'copyin' is not threadprivate "
                             "(name it in '#pragma omp threadprivate' first)", x);
                continue;
            }
            if (s->depth > 0 && !lower_map_get(&L->tp_moved, s)) {
                mcc_error_at(&c->refs[k]->text.loc, "sorry, unimplemented: 'copyin' of '%s', "
                             "a static local that mcc cannot move to file scope (declare it "
                             "alone, with types declared outside the function, or make it a "
                             "global)", x);
                continue;
            }
            lbuf_puts(&b, lower_omp_copyin_call(L, s));
        }
    }
    return lbuf_take(&b, L->a);
}

/* Is a construct (not a standalone directive such as barrier) inside the statement? */
struct construct_find {
    struct ast *root;
    bool found;
};

static bool construct_visit(struct ast *n, void *arg)
{
    struct construct_find *f = arg;
    if (n != f->root &&
        (n->pragma || (n->kind == AST_PRAGMA && !(n->flags & AST_PRAGMA_STANDALONE))))
        f->found = true;
    return !f->found;
}

static bool has_construct(struct ast *stmt)
{
    struct construct_find f = {stmt, false};
    ast_walk(stmt, construct_visit, &f);
    return f.found;
}

/* ---- SPMD bodies ------------------------------------------------------------------------ */

/*
 * A region whose own code asks omp_get_thread_num() but not omp_get_num_threads() splits
 * its work by thread number over a count of its own (`for (i = id; i < n; i += nth)` with
 * nth from omp_get_max_threads(), `[id * N / NP, (id + 1) * N / NP)` with num_threads(NP)):
 * as a team of one (thread 0) it would do thread 0's share only.  Such a body runs once per
 * thread number of the team OpenMP would give it, one after the other on the encountering
 * thread (nanort_spmd_begin), where each run is what that thread of a team runs when nothing
 * in it waits for the others: no construct inside but critical, atomic, master, masked,
 * task, taskwait, taskyield and barriers at the very end of the body; no construct in the
 * functions of this unit it calls; no threadprivate variable written (each run would write
 * the same thread's copy).  A `for` is allowed too where the runs' code before it writes
 * only the region's private variables and creates no task (LULESH's per-thread minimum:
 * `me = omp_get_thread_num();` a `for` updating the thread's own minimum, then
 * `slot[me] = min;`): thread 0's run does all of its iterations, the others none (a
 * schedule OpenMP allows), so every run after it sees the whole loop done, as after its
 * barrier, and nothing a later run writes before it was to be seen by the loop.  So too a
 * `single` without copyprivate, there or last in the body (followed by barriers only).
 */
struct spmd_scan {
    struct lower *L;
    struct ast *root, *body;
    bool own;                       /* in the region's own code (not a master's, a task's) */
    bool split;                     /* it asks omp_get_thread_num() there */
    const char *refused;            /* what keeps it a team of one, or NULL */
    bool warn;                      /* ... a sign of threads that wait for each other */
    bool threads;                   /* its threads wait for each other: a barrier before
                                       the end of its body, a flush (team_region) */
    const struct omp_directive *dir;    /* the region's */
    bool wrote;                     /* its own code has written a variable not private to
                                       the region, called a function or created a task */
    int loops;                      /* `for` constructs run by thread 0's run (above) */
    int singles;                    /* singles in its own code */
    int copies;                     /* ... of them, with copyprivate (a team of threads) */
    int late_singles;               /* ... of them, not for thread 0's run (not last, after
                                       code that writes what the team shares) */
    int team_loops;                 /* `for` (and `sections`) constructs in its own code a
                                       team can share */
    int late_loops;                 /* ... of them, after code that writes what the team
                                       shares (not for thread 0's run) */
    int ordered_loops;              /* ... not of them: their iterations run in order in one
                                       task (lastprivate(conditional:), an inscan reduction) */
    bool counts;                    /* its own code adds up what each thread does: writes a
                                       reduction variable of the region (`n++` to count the
                                       team), or has an atomic or critical construct */
    bool nests;                     /* its own code opens a parallel region, itself or in a
                                       function of this unit it calls: each thread of the
                                       team runs it whole */
    size_t nested_begin, nested_end;    /* such a region in a function called (called_construct:
                                           its constructs bind to it) */
    bool counted_once;              /* it counts or nests, and is refused for a construct
                                       that does not share its work: run once (region
                                       warns) */
    bool own_task;                  /* in a task its own code creates, which each thread of
                                       the team creates: an atomic or critical there counts */
    bool sizes;                     /* it asks omp_get_num_threads() (asks_team_size): its
                                       split by thread number is over the team's size */
    bool tasks;                     /* it creates tasks, itself or in a function of this
                                       unit it calls */
    bool other_file;                /* its own code calls a function of another file (or
                                       through a pointer), itself or in a function of this
                                       unit it calls: an orphaned construct there may ask
                                       its thread's number */
    bool loop_numbers;              /* a `for` of its own code asks omp_get_thread_num()
                                       or omp_get_num_threads(): a team of threads shares
                                       it, each chunk on its thread (i % T with static, 1),
                                       the team's size OpenMP's */
};

/* Is dir a parallel region (alone or combined)? */
static bool parallel_dir(const struct omp_directive *dir)
{
    return dir && (dir->parallel || dir->kind == OMP_DIR_PARALLEL);
}

/* Must the iterations of `for` dir (or the sections of `sections` dir) run in order in one
 * task (lower_loop.c, lower_omp_sections)? */
static bool in_order_loop(const struct omp_directive *dir)
{
    for (int i = 0; i < dir->nclauses; i++)
        if ((dir->clauses[i].kind == OMP_CL_LASTPRIVATE && dir->clauses[i].conditional) ||
            (dir->clauses[i].kind == OMP_CL_REDUCTION && dir->clauses[i].inscan))
            return true;
    return false;
}

/* Does the code at n write one of the reduction variables of dir, or hand on its address
 * (`tick(&n)`)?  (In a region's or scope's own code: spmd_scan's counts.) */
static bool reduces_at(const struct omp_directive *dir, struct ast *n)
{
    struct ast *t = lower_write_target(n, true);
    const struct sym *v = t ? lower_lvalue_root(t) : NULL;
    for (int i = 0; v && i < dir->nclauses; i++) {
        const struct omp_clause *c = &dir->clauses[i];
        for (int k = 0; c->kind == OMP_CL_REDUCTION && k < c->nrefs; k++)
            if (omp_ref_root(c->refs[k])->kind == OMP_REF_NAME &&
                lower_name_in(v->name->str, v->name->len,
                              &omp_ref_root(c->refs[k])->text.text, 1))
                return true;
    }
    return false;
}

/* Does the code of scope `node` (directive dir) itself, not a construct in it, write one
 * of the scope's reduction variables or hand on its address?  Each thread then adds its
 * part (`scope reduction(+: n)` then `n++` counts the team); a `for` in the scope shares
 * its iterations instead. */
struct scope_write {
    struct ast *root;
    const struct omp_directive *dir;
    bool found;
};

static bool scope_write_visit(struct ast *n, void *arg)
{
    struct scope_write *w = arg;
    if (w->found || (n != w->root && n->pragma) || n->kind == AST_PRAGMA)
        return false;
    w->found = reduces_at(w->dir, n);
    return !w->found;
}

static bool scope_counts(const struct omp_directive *dir, struct ast *node)
{
    struct scope_write w = {node, dir, false};
    if (omp_find_clause(dir, OMP_CL_REDUCTION))
        ast_walk(node, scope_write_visit, &w);
    return w.found;
}

/* Is s private to each thread of the scanned region (declared in it, or in its private,
 * firstprivate or reduction clauses)? */
static bool spmd_private(const struct spmd_scan *s, const struct sym *v)
{
    if (lower_declared_inside(v, s->root))
        return true;
    for (int i = 0; i < s->dir->nclauses; i++) {
        const struct omp_clause *c = &s->dir->clauses[i];
        if (c->kind != OMP_CL_PRIVATE && c->kind != OMP_CL_FIRSTPRIVATE &&
            c->kind != OMP_CL_REDUCTION)
            continue;
        for (int k = 0; k < c->nrefs; k++)
            if (c->refs[k]->kind == OMP_REF_NAME &&
                lower_name_in(v->name->str, v->name->len, &c->refs[k]->text.text, 1))
                return true;
    }
    return false;
}

/* What the region's own code at n writes, for a `for` after it (spmd_scan's wrote). */
static void spmd_writes(struct spmd_scan *s, struct ast *n)
{
    struct ast *t = lower_write_target(n, false);
    const struct sym *v = t ? lower_lvalue_root(t) : NULL;
    if (t && (!v || !spmd_private(s, v)))
        s->wrote = true;
    struct ast *f = n->kind == AST_CALL ? n->kid[0] : NULL;
    if (f && !(f->kind == AST_IDENT && f->name->len > 4 && !memcmp(f->name->str, "omp_", 4)))
        s->wrote = true;
}

/* n among the items of the block body, or NULL. */
static struct ast *body_item(struct ast *body, struct ast *n)
{
    if (!body || body->kind != AST_COMPOUND || !body->kid[0])
        return NULL;
    struct ast *it = body->kid[0]->kid[0];
    while (it && it != n)
        it = it->next;
    return it;
}

/* Is the standalone directive n one of the last items of body, all barriers? */
static bool barrier_at_end(struct lower *L, struct ast *body, struct ast *n)
{
    struct ast *it = body_item(body, n);
    if (!it)
        return false;
    for (; it; it = it->next) {
        const struct omp_directive *dir =
            it->kind == AST_PRAGMA && (it->flags & AST_PRAGMA_STANDALONE)
            ? lower_parse_pragma(L, it) : NULL;
        if (!dir || dir->kind != OMP_DIR_BARRIER)
            return false;
    }
    return true;
}

/* Is n an item of body followed only by barriers? */
static bool last_but_barriers(struct lower *L, struct ast *body, struct ast *n)
{
    struct ast *it = body_item(body, n);
    return it && (!it->next || barrier_at_end(L, body, it->next));
}

static void spmd_refuse(struct spmd_scan *s, const char *what, bool warn)
{
    if (!s->refused) {
        s->refused = what;
        s->warn = warn;
    }
}

/* A construct of a function of this unit that the region's own code calls: a parallel
 * region, which each thread runs whole (spmd_scan's nests), or an atomic, a critical or a
 * scope with a reduction, which adds up what each thread does (its counts, as in the
 * body's own code). */
static bool called_adds(struct lower *L, struct ast *pragma, void *arg)
{
    struct spmd_scan *s = arg;
    const struct omp_directive *dir = pragma->kid[0] ? NULL : lower_parse_pragma(L, pragma);
    if (parallel_dir(dir))
        s->nests = true;
    else if (dir && (dir->kind == OMP_DIR_ATOMIC || dir->kind == OMP_DIR_CRITICAL ||
                     (dir->kind == OMP_DIR_SCOPE && pragma->target &&
                      scope_counts(dir, pragma->target))))
        s->counts = true;
    return true;
}

/* A `for` of the region's own code (n, its directive dir): a team shares it, each thread
 * its chunks, unless they must run in order in one task; an ordered one's ordered regions
 * wait for the earlier chunks. */
static void spmd_loop(struct spmd_scan *s, struct ast *n, const struct omp_directive *dir)
{
    if (in_order_loop(dir))
        s->ordered_loops++;
    else
        s->team_loops++;
    /* (or names a threadprivate variable: each thread's chunks its own copy, which a
       team of one's single task on the region's thread could not read; a per-thread seed
       or a count set in an earlier region) */
    s->loop_numbers |= !in_order_loop(dir) &&
                       (lower_reaches_call(s->L, n, "omp_get_thread_num") ||
                        lower_reaches_call(s->L, n, "omp_get_num_threads") ||
                        lower_names_thread_local(s->L, n));
    if (s->wrote)
        s->late_loops++;            /* (a team's only) */
    else
        s->loops++;                 /* (or run whole by thread 0's run: above) */
}

static bool system_function(struct lower *L, const struct sym *f);

static bool spmd_visit(struct ast *n, void *arg)
{
    struct spmd_scan *s = arg;
    if (s->refused && s->split)
        return false;               /* (refused: on only to see whether it splits) */
    if (n->kind == AST_PRAGMA) {
        if (!(n->flags & AST_PRAGMA_STANDALONE))
            return false;           /* (one attached to its construct: seen there) */
        const struct omp_directive *dir = lower_parse_pragma(s->L, n);
        enum omp_directive_kind k = dir ? dir->kind : OMP_DIR_COUNT;
        if ((k == OMP_DIR_BARRIER && !barrier_at_end(s->L, s->body, n)) || k == OMP_DIR_FLUSH)
            s->threads = true;
        else if (k != OMP_DIR_BARRIER && k != OMP_DIR_TASKWAIT && k != OMP_DIR_TASKYIELD)
            spmd_refuse(s, dir ? arena_printf(s->L->a, "a '#pragma omp %s'",
                                              omp_directive_names[k])
                           : "a standalone directive", false);
        return false;
    }
    if (n->pragma && n != s->root) {
        const struct omp_directive *dir = n->pragma->kid[0] ? NULL
                                          : lower_parse_pragma(s->L, n->pragma);
        enum omp_directive_kind k = dir && !dir->parallel ? dir->kind : OMP_DIR_COUNT;
        if (k == OMP_DIR_FOR && dir->loop && (dir->bind == 't' || !s->own))
            return true;            /* (a `loop` of the thread's own, each thread all of it:
                                       bind(thread), or in a single, master or task) */
        if (parallel_dir(dir)) {
            /* (a region of its own, whose constructs bind to it) */
            s->nests |= s->own;
            s->wrote |= s->own;
            return false;
        }
        if (k == OMP_DIR_FOR && s->own) {
            spmd_loop(s, n, dir);
            return false;
        }
        /* a single without copyprivate last in the body, or after code that wrote only
           privates: thread 0's run runs it (lower_omp_single's guard) */
        if (k == OMP_DIR_SINGLE && s->own && !omp_find_clause(dir, OMP_CL_COPYPRIVATE) &&
            (!s->wrote || last_but_barriers(s->L, s->body, n))) {
            s->singles++;
            bool own = s->own;
            s->own = false;
            for (int i = 0; i < 4; i++)
                ast_walk(n->kid[i], spmd_visit, s);
            s->own = own;
            return false;
        }
        /* (a single past those: a team of threads runs the body, below, unless with
           copyprivate) */
        if (k == OMP_DIR_SECTIONS && s->own) {
            if (in_order_loop(dir))
                s->ordered_loops++;     /* (in order in one task: lower_omp_sections) */
            else
                s->team_loops++;        /* (a team's only: each thread its sections) */
            s->late_loops++;
            return false;
        }
        if (k == OMP_DIR_SCOPE && s->own) {
            /* (every thread runs a scope's body as its own code: its reduction adds up what
               each thread does; its end, unless nowait, makes the threads wait for each
               other, as a barrier does) */
            s->counts |= scope_counts(dir, n);
            if (!omp_find_clause(dir, OMP_CL_NOWAIT) && !last_but_barriers(s->L, s->body, n))
                s->threads = true;
            return true;
        }
        if (k == OMP_DIR_TASKGRAPH)
            return true;            /* (each thread its own encounter: the block is the
                                       thread's code, its tasks below) */
        if (k == OMP_DIR_TASK)
            s->wrote = s->tasks = true;
        /* (a single: its threads wait for each other at its end, or claim it in turn:
           a team of threads runs the body; with copyprivate, the thread that ran it hands
           its values to the others at that end: a team of threads, lower_omp_single) */
        if (k == OMP_DIR_SINGLE && s->own) {
            s->singles++;
            s->late_singles++;
            s->copies += omp_find_clause(dir, OMP_CL_COPYPRIVATE) != NULL;
        } else if (k == OMP_DIR_SINGLE)
            k = OMP_DIR_COUNT;
        if (k == OMP_DIR_MASTER || k == OMP_DIR_MASKED || k == OMP_DIR_TASK ||
            k == OMP_DIR_SINGLE) {
            bool own = s->own, task = s->own_task;  /* (their code is not the region's own) */
            s->own = false;
            s->own_task = (own || task) && k == OMP_DIR_TASK;
            for (int i = 0; i < 4; i++)
                ast_walk(n->kid[i], spmd_visit, s);
            s->own = own;
            s->own_task = task;
            return false;
        }
        if (k != OMP_DIR_CRITICAL && k != OMP_DIR_ATOMIC) {
            spmd_refuse(s, dir ? arena_printf(s->L->a, "a '#pragma omp %s'",
                                              omp_directive_names[k]) : "a construct", false);
            return false;
        }
        s->counts |= s->own || s->own_task;
    }
    if (s->own && !s->counts && reduces_at(s->dir, n))
        s->counts = true;
    /* (the call itself, or one in the code of this unit's functions it calls) */
    if (s->own && n->kind == AST_CALL && lower_reaches_bare_call(s->L, n, "omp_get_thread_num"))
        s->split = true;
    if (s->own && n->kind == AST_CALL && (!s->nests || !s->counts))
        lower_reaches_construct(s->L, n, called_adds, s);
    if (s->own && n->kind == AST_CALL && !s->other_file)
        s->other_file = lower_calls_other_file(s->L, n, system_function) != NULL;
    if (s->own && !s->wrote)
        spmd_writes(s, n);
    return true;
}

/* A construct in a function of this unit the body calls that each thread runs as it would
 * in the body: critical, atomic, task, taskgraph, taskwait, taskyield; a barrier or flush, which make
 * the threads wait for each other (the orphaned barrier is the team's: nanort_spmd_orphan);
 * a `for`, a `single` (with copyprivate too) and a `sections`, which a team of threads
 * shares (the orphaned construct's code asks nanort_team_orphan: lower_loop.c, region,
 * lower_omp_sections; an `ordered` one's ordered regions, in its function or another, wait
 * for its earlier chunks: nanort_ordered; a `for` whose iterations run in order in one task
 * runs whole on the first member to reach it), and a cancel of such a `for` or `sections`
 * in it; a `scope`, which each thread runs, its end (unless nowait) the team's barrier;
 * a `master` or `masked`, which the thread of its number runs; a parallel region,
 * which each thread runs whole, with the constructs that bind to it; declarations
 * (threadprivate, declare reduction). */
static bool called_construct(struct lower *L, struct ast *pragma, void *arg)
{
    struct spmd_scan *s = arg;
    const struct omp_directive *dir = pragma->kid[0] ? NULL : lower_parse_pragma(L, pragma);
    enum omp_directive_kind k = dir && !dir->parallel ? dir->kind : OMP_DIR_COUNT;
    if (pragma->begin >= s->nested_begin && pragma->begin < s->nested_end)
        return true;                /* (bound to a region nested there, below) */
    if (parallel_dir(dir) && pragma->target) {
        s->nested_begin = pragma->begin;    /* (each thread runs it whole) */
        s->nested_end = pragma->target->end;
        return true;
    }
    if (k == OMP_DIR_MASTER || k == OMP_DIR_MASKED)
        return true;                /* (the number's own: lower_omp.c's region) */
    if (k == OMP_DIR_SIMD || (k == OMP_DIR_FOR && dir->bind == 't'))
        return true;                /* (each thread's whole, as written: a `loop` bound to
                                       the thread, which lower.c makes a simd) */
    if ((k == OMP_DIR_CANCEL || k == OMP_DIR_CANCELLATION_POINT) &&
        (dir->cancel_of == OMP_DIR_FOR || dir->cancel_of == OMP_DIR_SECTIONS))
        return true;                /* (of the team's construct: nanort_cancel) */
    if (k == OMP_DIR_BARRIER || k == OMP_DIR_FLUSH || k == OMP_DIR_FOR || k == OMP_DIR_SINGLE ||
        k == OMP_DIR_SECTIONS || (k == OMP_DIR_SCOPE && !omp_find_clause(dir, OMP_CL_NOWAIT)))
        s->threads = true;
    s->tasks |= k == OMP_DIR_TASK;
    return k == OMP_DIR_CRITICAL || k == OMP_DIR_ATOMIC || k == OMP_DIR_BARRIER ||
           k == OMP_DIR_FLUSH || k == OMP_DIR_FOR || k == OMP_DIR_SINGLE ||
           k == OMP_DIR_SECTIONS || k == OMP_DIR_SECTION || k == OMP_DIR_TASK ||
           k == OMP_DIR_TASKWAIT || k == OMP_DIR_TASKYIELD || k == OMP_DIR_ORDERED ||
           k == OMP_DIR_SCOPE || k == OMP_DIR_TASKGRAPH ||
           k == OMP_DIR_THREADPRIVATE || k == OMP_DIR_DECLARE_REDUCTION;
}

/* Is f declared by a system header (a library's: no OpenMP construct in it)? */
static bool system_function(struct lower *L, const struct sym *f)
{
    return f->decl && lower_cuda_system_header(L, f->decl->begin);
}

/* Does a reduction item of d's hold a parenthesis (`r[h():s()]`: a call, whose effects a
 * run per thread number would repeat, where OpenMP's encountering thread evaluates the
 * item's bounds once)? */
static bool reduction_item_parenthesised(const struct lower_dir *d)
{
    for (int i = 0; i < d->dir->nclauses; i++) {
        const struct omp_clause *c = &d->dir->clauses[i];
        for (int k = 0; c->kind == OMP_CL_REDUCTION && k < c->nrefs; k++)
            if (c->refs[k]->text.text && strchr(c->refs[k]->text.text, '('))
                return true;
    }
    return false;
}

/* Does the code of a region's body `root` ask omp_get_num_threads(), itself or in a
 * function of this unit it calls, outside the regions nested in it (their own teams')? */
struct size_find {
    struct lower *L;
    struct ast *root;
    bool found;
};

static bool size_visit(struct ast *n, void *arg)
{
    struct size_find *f = arg;
    if (f->found || (n != f->root && n->pragma && !n->pragma->kid[0] &&
                     parallel_dir(lower_parse_pragma(f->L, n->pragma))))
        return false;
    f->found = n->kind == AST_CALL && lower_reaches_call(f->L, n, "omp_get_num_threads");
    return !f->found;
}

static bool asks_team_size(struct lower *L, struct ast *root)
{
    struct size_find f = {L, root, false};
    ast_walk(root, size_visit, &f);
    return f.found;
}

/* Does region d's body run once per thread number (above)?  The scan says why not. */
static bool spmd_body(struct lower *L, const struct lower_dir *d, struct spmd_scan *s)
{
    /* (`parallel` then `single` on one statement: the body is the single's, no code of
       the region's own) */
    /* (`parallel` then `for` on one loop, or a combined `parallel for` (team_loop): the
       region's own code is that `for` alone) */
    const struct omp_directive *in = d->inner ? lower_parse_pragma(L, d->inner) : NULL;
    bool loop = in && in->kind == OMP_DIR_FOR && !in->parallel && !(in->loop && in->bind == 't');
    *s = (struct spmd_scan){.L = L, .root = d->node, .body = d->node, .own = !d->inner || loop,
                            .dir = d->dir};
    if (loop)
        spmd_loop(s, d->node, in);
    else
        ast_walk(d->node, spmd_visit, s);
    /* a body that adds up what each thread does: each thread of the team adds its part
       (`#pragma omp parallel reduction(+: n)` then `n++` counts the team, which later
       regions' loops index by thread number); one that opens a region: each thread runs
       it whole */
    bool counts = s->counts || s->nests;
    /* (one that asks omp_get_num_threads(), and neither counts nor nests: a team of
       threads, the size it prints or splits its work by OpenMP's, a master's or single's
       too (num_threads(2) on 4 workers: 2), where a team of one said 1; one that counts
       runs per thread number still, where the count and the size agree, as in OpenMP) */
    s->sizes = asks_team_size(L, d->node);
    /* (nor a team of one for a `for` that reports its threads' numbers or the team's
       size: a team of threads shares it, below, each chunk's number OpenMP's) */
    if (!s->split && !counts && !s->loop_numbers && !s->sizes && !s->other_file)
        return false;
    if (!counts && s->sizes && !s->loop_numbers)
        s->threads = true;
    if (!s->split && reduction_item_parenthesised(d))
        return false;
    /* (a counting body that calls a function of another file, which may hold an orphaned
       construct: a team of threads, which shares it as it runs, nanort_team_orphan, where
       runs in turn could not; so too any body whose own code calls one: a `for` there
       that asks omp_get_thread_num() gets OpenMP's numbers, where a team of one's ran
       its chunks in turn as thread 0) */
    if (s->other_file || (!s->split && lower_calls_other_file(L, d->node, system_function)))
        s->threads = true;
    struct sym *tp[1];
    bool elsewhere;
    if (!s->refused && lower_reaches_construct(L, d->node, called_construct, s))
        spmd_refuse(s, "a construct in a function it calls", true);
    /* (a counting body that creates tasks and may write threadprivate variables, which
       the tasks read on whichever worker runs them: once, as before, where mcc hands
       what it wrote to every worker's copy, region_body_copies in lower.c; a team's
       members would set their own threads' copies only; its count is 1: region warns) */
    if (!s->refused && !s->split && s->tasks &&
        (lower_writes_thread_local(L, d->node, tp, 1, &elsewhere) > 0 || elsewhere))
        spmd_refuse(s, "it creates tasks and may write threadprivate variables, which the "
                    "tasks read on any worker", true);
    /* singles without a `for` that thread 0's run does whole: a team of threads; with one,
       thread 0's run runs those it can (above) */
    if ((s->singles && !s->loops) || s->copies)
        s->threads = true;
    /* a threadprivate variable it writes: each thread its own copy, on its own thread (run
       per thread number in turn, every run would write this thread's) */
    if (!s->threads && lower_writes_thread_local(L, d->node, tp, 1, &elsewhere) > 0)
        s->threads = true;
    /* one it reads: each thread its own copy too (run in turn on the region's thread,
       `#pragma omp parallel reduction(+: s)` then `s += tp` added that thread's copy once
       per thread number) */
    if (!s->threads && lower_names_thread_local(L, d->node))
        s->threads = true;
    /* loops: a team of threads shares each one's chunks (Rodinia's kmeans indexes per-thread
       partial sums by omp_get_thread_num() in its `for`: thread 0's run had to run every
       iteration in one task), unless some must run in order in one task */
    if (s->team_loops && !s->ordered_loops)
        s->threads = true;
    if (!s->refused && s->late_loops && !s->threads)
        spmd_refuse(s, "a '#pragma omp for' after code that writes what the team shares, "
                    "calls a function or creates a task, or a '#pragma omp sections'", true);
    if (!s->refused && !s->threads && s->late_singles)
        spmd_refuse(s, "a '#pragma omp single' after code that writes what the team shares, "
                    "in a body with a '#pragma omp for'", true);
    if (!s->refused && s->threads && s->ordered_loops)
        spmd_refuse(s, "a '#pragma omp for' whose iterations run in order, in a body whose "
                    "threads wait for each other", true);
    /* (a team of threads: each its own copies of the private, firstprivate and reduction
       variables, and of the threadprivate ones, which copyin sets, on its own thread:
       team_region) */
    /* (not split, it counts or nests: here whatever refused it, which the region's count
       then misses, as a standalone directive, a `cancel parallel`, or a taskgroup) */
    s->counted_once = !s->split && s->refused && counts;
    return !s->refused;
}

/* A parallel region tells the runtime where it is (omp_get_level, omp_in_parallel): active
 * unless if(false) or num_threads(1); num_threads gives the team's size, which the runtime
 * compares with the workers. */
static const char *parallel_begin(struct lower *L, const struct lower_dir *d)
{
    const struct omp_clause *cif = lower_dir_find(d, OMP_CL_IF);
    const struct omp_clause *nt = lower_dir_find(d, OMP_CL_NUM_THREADS);
    return arena_printf(L->a, "nanort_parallel_begin%s(%s%s%s%s%s); ", nt ? "_team" : "",
                        cif ? "(" : "", cif ? lower_dir_arg(L, d, cif) : "", cif ? ") != 0" : "1",
                        nt ? ", (int)(" : "",
                        nt ? arena_printf(L->a, "%s)", lower_dir_arg(L, d, nt)) : "");
}

/*
 * An SPMD body whose threads wait for each other (a barrier before its end, a flush: a
 * spin-wait on what another thread sets) cannot run once per thread number in turn: a
 * team of threads runs it at once (nanort_team_begin).  The body is outlined as a task,
 * created once per thread number and handed to the team; what it names is shared unless
 * the region's clauses or default make it private or firstprivate (each member then has
 * its own copy, as each thread of the team has); its barriers are the team's.
 */
static void team_region(struct lower *L, struct lower_dir *d, struct lower_region *r, int n)
{
    /* (nanort.h declares it for the generated code: a program need not include omp.h to
       have a `master` or `single` guarded by it) */
    r->spmd = "nanort_spmd_number()";
    r->threads = true;
    struct lower_var *vars = lower_inline_team_captures(L, d);
    const char *team = lower_local_name(L, LL_SPMD_STATE, n, NULL);
    const char *size = lower_local_name(L, LL_SPMD_SIZE, n, NULL);
    const char *num = lower_local_name(L, LL_SPMD_NUM, n, NULL);
    struct lower_extra x = {.create = "nanort_team_task_create",
                            .submit = arena_printf(L->a, "nanort_team_add(&%s, __nrt_t);", team)};
    L->region = r;
    char *create = lower_inline_outline(L, d, d->node, vars, &x);
    L->region = r->up;
    struct lower_cancel_scope cs = lower_cancel_scope(L, "NANORT_CANCEL_PARALLEL");
    const char *begin = parallel_begin(L, d);
    /* (copyin: each member's thread takes the values before it runs its member, as a
       worker does before its next task: nanort_copyin) */
    const char *pre = arena_printf(L->a, "{ %s%s%s%s{ struct nanort_team %s; int %s = "
                                   "nanort_team_begin(&%s), %s; for (%s = 0; %s < %s; %s++) ",
                                   cs.decl, begin, copyin_code(L, d), cs.begin, team, size, team,
                                   num, num, num, size, num);
    const char *post = arena_printf(L->a, " nanort_team_run(&%s); } nanort_taskwait();%s%s "
                                    "nanort_parallel_end(); }", team,
                                    *cs.end ? " " : "", cs.end);
    rewrite_replace(L->rw, r->begin, d->node->end,
                    arena_printf(L->a, "%s%s%s", lower_flat(L, pre), create, post));
}

/*
 * The end of a `single copyprivate(list)` in the body of a team of threads (team_region),
 * or orphaned in a function such a body calls, for its barrier: the member that ran it
 * (`ran`) hands its list items to the others (nanort_team_copyprivate), each item named as
 * the code there names it (a private of the region, declared in it or listed in its
 * clauses, a local of the function, or a threadprivate variable).
 */
static const char *copyprivate_call(struct lower *L, const struct lower_dir *d, const char *ran)
{
    struct lower_buf items = {0}, sizes = {0};
    int n = 0;
    for (int i = 0; i < d->dir->nclauses; i++) {
        const struct omp_clause *c = &d->dir->clauses[i];
        for (int k = 0; c->kind == OMP_CL_COPYPRIVATE && k < c->nrefs; k++, n++) {
            const char *name = c->refs[k]->text.text;
            struct sym *y = lower_resolve(L, name, strlen(name), construct_begin(d));
            const char *x = y && lower_map_get(&L->tp_moved, y) ? lower_omp_tp_name(L, y)
                            : lower_expr(L, name, NULL, 0);
            /* (through size_t: a volatile item loses no qualifier in a cast, -Wcast-qual) */
            lbuf_printf(&items, "%s(void *)(__typeof__(sizeof 0))&(%s)", n ? ", " : "", x);
            lbuf_printf(&sizes, "%ssizeof (%s)", n ? ", " : "", x);
        }
    }
    return arena_printf(L->a, "nanort_team_copyprivate(%s, (void *const []){%s}, (const "
                        "__typeof__(sizeof 0) []){%s}, %du);", ran, lbuf_take(&items, L->a),
                        lbuf_take(&sizes, L->a), n);
}

/*
 * The threadprivate items of a `single copyprivate(list)` whose region is a team of one:
 * the workers that run the region's tasks and loop chunks stand for the team's other
 * threads, so every worker's copy takes the value the single left (nanort_copyin, as
 * after a write in the region's own body: region_body_copies in lower.c).
 */
static const char *copyprivate_threadprivate(struct lower *L, const struct lower_dir *d)
{
    struct lower_buf b = {0};
    for (int i = 0; i < d->dir->nclauses; i++) {
        const struct omp_clause *c = &d->dir->clauses[i];
        for (int k = 0; c->kind == OMP_CL_COPYPRIVATE && k < c->nrefs; k++) {
            const char *name = c->refs[k]->text.text;
            struct sym *y = lower_resolve(L, name, strlen(name), construct_begin(d));
            while (y && y->redecl && !lower_map_get(&L->thread_local, y))
                y = y->redecl;
            if (y && lower_map_get(&L->thread_local, y))
                lbuf_puts(&b, lower_omp_copyin_call(L, y));
        }
    }
    return lbuf_take(&b, L->a);
}

/*
 * A combined `parallel for` whose loop asks omp_get_thread_num() or omp_get_num_threads()
 * (`owner[i] = omp_get_thread_num()` under schedule(static)), or names a threadprivate
 * variable (each thread's chunks its own copy), as `parallel` then `for` on
 * the loop (*pd, its inner pragma made here), which a team of threads may run (spmd_body):
 * each chunk on the thread OpenMP's schedule gives it, the team's size OpenMP's.  The
 * region takes if, num_threads, proc_bind, copyin, shared and default, the loop the others
 * (allocate with the private copies it places).  Under a default other than shared the
 * region shares what the loop's clauses name and the loop's own variables (shared_for_loop),
 * as OpenMP's combined construct does with lastprivate and reduction items: the loop makes
 * them private.
 */
static struct omp_clause shared_for_loop(struct lower *L, const struct lower_dir *d,
                                         struct omp_directive *loop);

static bool team_loop(struct lower *L, const struct lower_dir *d, struct lower_dir *pd)
{
    /* (not an order(concurrent) or `loop` one, whose iterations may not ask: an error,
       check_nesting_call, at the combined construct) */
    if (d->inner || d->target || d->omp_target || d->dir->kind != OMP_DIR_FOR ||
        !d->dir->parallel || d->dir->concurrent || d->dir->loop || !d->node->pragma ||
        d->node->pragma->kid[0] ||
        (!lower_reaches_call(L, d->node, "omp_get_thread_num") &&
         !lower_reaches_call(L, d->node, "omp_get_num_threads") &&
         !lower_names_thread_local(L, d->node)))
        return false;
    struct omp_directive *par = arena_alloc(L->a, sizeof *par);
    struct omp_directive *loop = arena_alloc(L->a, sizeof *loop);
    *par = *d->dir;
    *loop = *d->dir;
    par->kind = OMP_DIR_PARALLEL;
    par->parallel = loop->parallel = false;
    par->loop = par->simd = false;
    int n = d->dir->nclauses;
    par->clauses = arena_alloc(L->a, (size_t)(n + 1) * sizeof *par->clauses);
    loop->clauses = arena_alloc(L->a, (size_t)(n ? n : 1) * sizeof *loop->clauses);
    par->nclauses = loop->nclauses = 0;
    for (int i = 0; i < n; i++) {
        const struct omp_clause *c = &d->dir->clauses[i];
        bool region = c->kind == OMP_CL_IF || c->kind == OMP_CL_NUM_THREADS ||
                      c->kind == OMP_CL_PROC_BIND || c->kind == OMP_CL_COPYIN ||
                      c->kind == OMP_CL_SHARED || c->kind == OMP_CL_DEFAULT;
        if (region)
            par->clauses[par->nclauses++] = *c;
        else
            loop->clauses[loop->nclauses++] = *c;
    }
    const struct omp_clause *def = lower_dir_find(d, OMP_CL_DEFAULT);
    if (def && def->def != OMP_DEFAULT_SHARED)
        par->clauses[par->nclauses++] = shared_for_loop(L, d, loop);
    /* (the loop's pragma: empty, at the end of the combined one's line, parsed already) */
    struct ast *pr = arena_alloc(L->a, sizeof *pr);
    *pr = *d->node->pragma;
    pr->begin = pr->end;
    pr->kid[0] = NULL;
    lower_map_put(L, &L->parsed, pr, loop);
    *pd = *d;
    pd->dir = par;
    pd->inner = pr;
    return true;
}

/* A shared clause of what the loop part of a combined `parallel for` d privatises: the
 * variables its clauses name (`lastprivate(x)` writes the region's x) and its loop
 * variables declared outside it (team_loop). */
static struct omp_clause shared_for_loop(struct lower *L, const struct lower_dir *d,
                                         struct omp_directive *loop)
{
    struct omp_clause sh = {.kind = OMP_CL_SHARED, .loc = d->dir->loc};
    int n = 0;
    for (int i = 0; i < loop->nclauses; i++)
        n += loop->clauses[i].nrefs;
    sh.refs = arena_alloc(L->a, (size_t)(n + LOWER_DIR_MAX_NEST) * sizeof *sh.refs);
    for (int i = 0; i < loop->nclauses; i++) {
        const struct omp_clause *c = &loop->clauses[i];
        bool names = c->kind == OMP_CL_PRIVATE || c->kind == OMP_CL_FIRSTPRIVATE ||
                     c->kind == OMP_CL_LASTPRIVATE || c->kind == OMP_CL_REDUCTION ||
                     c->kind == OMP_CL_LINEAR;
        for (int k = 0; names && k < c->nrefs; k++) {
            struct omp_ref *r = c->refs[k];
            while (r->base)
                r = r->base;
            sh.refs[sh.nrefs++] = r;
        }
    }
    struct lower_dir ld = *d;
    ld.dir = loop;
    struct ast *nest[LOWER_DIR_MAX_NEST];
    int depth = lower_dir_nest(&ld, nest);
    for (int k = 0; k < depth; k++) {
        const struct sym *v = lower_dir_for_var(nest[k]->kid[0]);
        if (!v || nest[k]->kid[0]->kind == AST_DECLARATION)
            continue;               /* (`for (int i = ...)`: the loop's own) */
        struct omp_ref *r = arena_alloc(L->a, sizeof *r);
        *r = (struct omp_ref){.kind = OMP_REF_NAME, .text = {.loc = d->dir->loc}};
        r->text.text = arena_printf(L->a, "%.*s", (int)v->name->len, v->name->str);
        sh.refs[sh.nrefs++] = r;
    }
    return sh;
}

/*
 * A region lowered in place: `{ pre` before the construct and `wait epi }` after it, the
 * body (d's statement, or the inner construct `kind` of a combined directive) lowered in
 * between.  team: a parallel region (tasks inside share what its team shares).
 */
static void region(struct lower *L, struct lower_dir *d, bool team, bool wait,
                   enum omp_directive_kind inner)
{
    const char *what = arena_printf(L->a, "a '#pragma omp %s%s' construct",
                                    d->dir->parallel ? "parallel " : "",
                                    omp_directive_names[d->dir->kind]);
    if (!lower_block_check_branches(L, d->node, false, what))
        return;
    struct lower_region r = {.d = d, .team = team, .begin = construct_begin(d),
                             .end = d->node->end, .frame = L->frame, .up = L->region};
    struct spmd_scan scan = {0};
    struct lower_dir pd;
    if (team && inner == OMP_DIR_FOR && team_loop(L, d, &pd) && spmd_body(L, &pd, &scan) &&
        scan.threads) {
        r.d = &pd;
        /* (what the loop nests in: the region, check_nesting.c) */
        struct lower_nest *nest = L->nest && L->nest->dir == d->dir ? L->nest : NULL;
        if (nest)
            nest->dir = pd.dir;
        team_region(L, &pd, &r, ++L->serial);
        if (nest)
            nest->dir = d->dir;
        return;
    }
    int spmd = team && inner == OMP_DIR_COUNT && spmd_body(L, d, &scan) ? ++L->serial : 0;
    if (spmd && scan.threads) {
        team_region(L, d, &r, spmd);
        return;
    }
    if (spmd)
        r.spmd = lower_local_name(L, LL_SPMD_NUM, spmd, NULL);
    /* (0 there, before the call too: lower_inline.c's team_number_use) */
    r.own_split = r.thread_num_asked = scan.split;
    /* a single or master in the code of such a body is a team of one's too (below) */
    bool of_one = !team && lower_in_region_body(L) && L->region->own_split && !L->region->spmd;
    struct privates p;
    bool opened = inner == OMP_DIR_COUNT && privates_open(L, d, &p);
    if (inner != OMP_DIR_COUNT)     /* (else p may hold a taskgroup's seeds: taskgroup_seed) */
        memset(&p, 0, sizeof p);
    L->region = &r;
    if (inner != OMP_DIR_COUNT)
        lower_construct_as(L, d, inner);
    else
        lower_body(L, d);
    L->region = r.up;
    if (spmd && !scan.loops && scan.split && !scan.sizes) {
        struct mcc_loc at = lower_dir_loc(L, d);
        mcc_warning_at(&at, "the body of this parallel region splits its work by "
                       "omp_get_thread_num(), not by a construct: mcc runs it once for each "
                       "thread number of the team, one after the other on this thread (split "
                       "the work with '#pragma omp for' to run it in parallel)");
    } else if (team && inner == OMP_DIR_COUNT && r.thread_num_split && !r.team_size_asked &&
               (!has_construct(d->node) || scan.warn) &&
               /* (asked in a single or master of it: 1 there too, above) */
               !lower_reaches_call(L, d->node, "omp_get_num_threads")) {
        struct mcc_loc at = lower_dir_loc(L, d);
        mcc_warning_at(&at, "the body of this parallel region asks omp_get_thread_num() but "
                       "not omp_get_num_threads(), and mcc can run it neither once per "
                       "thread number nor by a team of threads (%s): it runs it once, as thread 0 of a team of one, so what "
                       "it does for the other thread numbers is not done (split the work with "
                       "'#pragma omp for', or by omp_get_num_threads(), which is 1 there)",
                       scan.refused ? scan.refused : "it shares its work by no construct");
    } else if (team && inner == OMP_DIR_COUNT && scan.sizes && scan.refused &&
               !scan.counted_once) {
        struct mcc_loc at = lower_dir_loc(L, d);
        mcc_warning_at(&at, "the body of this parallel region asks omp_get_num_threads(), and "
                       "mcc cannot run it by a team of threads (%s): it runs it once, as a "
                       "team of one, where omp_get_num_threads() is 1", scan.refused);
    } else if (scan.counted_once) {
        struct mcc_loc at = lower_dir_loc(L, d);
        mcc_warning_at(&at, "the body of this parallel region %s, and mcc can run it neither "
                       "once per thread number nor by a team of threads (%s): it runs it "
                       "once, as a team of one, so what each thread of an OpenMP team would "
                       "add is added once", scan.nests ? "opens a nested parallel region, "
                       "which each thread runs whole" : "adds up what each thread does (a "
                       "reduction variable written, an atomic or critical construct)",
                       scan.refused);
    }
    privates_close(L, &p, opened);
    /* a cancel closely nested in it goes to the end of its body, before the wait */
    const char *cancelled = L->nest && L->nest->dir == d->dir ? lower_cancel_place(L, L->nest)
                                                               : "";
    /* the scope a cancel of a parallel region or taskgroup binds to (nanort.h) */
    struct lower_cancel_scope cs = {"", "", ""};
    if (team || d->dir->kind == OMP_DIR_TASKGROUP)
        cs = lower_cancel_scope(L, team ? "NANORT_CANCEL_PARALLEL" : "NANORT_CANCEL_TASKGROUP");
    /* a parallel region tells the runtime where it is (omp_get_level, omp_in_parallel):
     * active unless if(false) or num_threads(1) */
    const char *begin = "", *end = "", *guard = "";
    const char *ran = NULL;         /* a single copyprivate of a team of threads (below) */
    bool opened_guard = false;      /* the guard opens a block the end closes */
    bool team_wait = false;
    if (team) {
        begin = parallel_begin(L, d);
        end = " nanort_parallel_end();";
    } else if (d->dir->kind == OMP_DIR_SINGLE || d->dir->kind == OMP_DIR_MASTER ||
               d->dir->kind == OMP_DIR_MASKED) {
        /* its body runs as one worker of the team, where the region's own code is a team
           of one: what omp_get_thread_num() and omp_get_num_threads() answer, also in the
           functions it calls (nanort.h) */
        const char *tm = lower_local_name(L, LL_TEAM_MEMBER, ++L->serial, NULL);
        /* (master, and masked without a filter: thread 0 of the team, nanort.h) */
        bool primary = d->dir->kind == OMP_DIR_MASTER ||
                       (d->dir->kind == OMP_DIR_MASKED && !lower_dir_find(d, OMP_CL_FILTER));
        /* in a body that splits its work by omp_get_thread_num() (0 there) over a count
           its single or master asks (`nth = omp_get_num_threads()`, then `for (i = me; i <
           n; i += nth)`), a team of one: 1, or the body did thread 0's share only */
        /* a masked with a filter: its value, once; the body runs as that thread */
        const struct omp_clause *filter = lower_dir_find(d, OMP_CL_FILTER);
        const char *mf = filter && d->dir->kind == OMP_DIR_MASKED
                         ? lower_local_name(L, LL_MASKED_FILTER, ++L->serial, NULL) : NULL;
        begin = mf ? arena_printf(L->a, "int %s = nanort_team_masked(%s); ", tm, mf)
                : arena_printf(L->a, "int %s = nanort_team_member(%d); ", tm,
                               of_one && (primary || d->dir->kind == OMP_DIR_SINGLE) ? 0
                               : primary ? 3 : 1);
        end = arena_printf(L->a, " nanort_team_member(%s);", tm);
        /* in an SPMD body (above), run for its thread number only */
        if (r.up && r.up->spmd)     /* (a single: thread 0's run, spmd_visit) */
            guard = arena_printf(L->a, "if (%s == (%s)) ", r.up->spmd,
                                 primary || d->dir->kind == OMP_DIR_SINGLE ? "0" : mf);
        /* an orphaned master (no region around it in its function): in an SPMD body that
           calls the function (a team's member, a run per thread number), thread 0 only;
           elsewhere the caller (nanort_spmd_number) */
        if (!r.up && primary)
            guard = "if (nanort_spmd_number() <= 0) ";
        /* a masked filter(n) elsewhere (a body run once, an orphaned one): where n is the
           SPMD body's thread number, or one of the team's (nanort_masked), as in OpenMP,
           whose thread n alone runs it */
        else if (mf && !(r.up && r.up->spmd))
            guard = arena_printf(L->a, "if (nanort_masked(%s)) ", mf);
        if (mf)
            guard = arena_printf(L->a, "{ int %s = (int)(%s); %s", mf,
                                 lower_expr(L, filter->args[0].text, NULL, 0), guard);
        opened_guard = mf != NULL;
        /* a single of a team of threads: the first member to reach it runs it, and all
           wait at its end (the team's barrier, outside the guard) */
        if (r.up && r.up->threads && d->dir->kind == OMP_DIR_SINGLE) {
            ran = lower_dir_find(d, OMP_CL_COPYPRIVATE)
                  ? lower_local_name(L, LL_SINGLE_RAN, ++L->serial, NULL) : NULL;
            guard = ran ? arena_printf(L->a, "{ int %s = nanort_team_single(); if (%s) ", ran,
                                       ran)
                        : "if (nanort_team_single()) ";
            team_wait = wait;
            wait = false;
        }
    }
    /* a scope of a team of threads: every member runs it, and all wait at its end, after
       the member's reduction copies went into the originals (the team's barrier; an
       orphaned one's, in a function a team's member calls, too: a taskwait elsewhere) */
    if ((!r.up || r.up->threads) && d->dir->kind == OMP_DIR_SCOPE) {
        team_wait = wait;
        wait = false;
    }
    /* an ordered region (`threads`, not `simd` alone) of a loop a team of threads shares,
       in the loop's function or another: it waits for the loop's earlier chunks to end
       (nanort_ordered; at once elsewhere, where the iterations run in order in one task) */
    if (d->dir->kind == OMP_DIR_ORDERED && !(d->dir->ordered_simd && !d->dir->ordered_threads)) {
        guard = "{ nanort_ordered(); ";
        opened_guard = true;
    }
    /* (an orphaned single: a member of a team of threads that calls its function claims
       it as in the team's body, and the team waits at its end unless nowait, the one that
       ran it handing the others its copyprivate values: nanort_team_orphan; so too for an
       orphaned sections whose sections run in order in one task: one member runs them all,
       a schedule OpenMP allows, lower_omp_sections) */
    bool single = d->dir->kind == OMP_DIR_SINGLE;
    bool shared = !r.up && (single || (d->dir->kind == OMP_DIR_SECTIONS && !d->dir->parallel));
    const char *orphan = shared ? lower_team_orphan_check(L, d->dir)
                         : single ? lower_spmd_orphan_check(L, d->dir) : "";
    if (shared && lower_dir_find(d, OMP_CL_COPYPRIVATE))
        ran = lower_local_name(L, LL_SINGLE_RAN, ++L->serial, NULL);
    /* (a team of one's: the workers' copies of its threadprivate items; an orphaned one's
       when no team of threads runs it, whose threads nanort_team_copyprivate serves) */
    const char *tp_copies = single && lower_dir_find(d, OMP_CL_COPYPRIVATE) &&
                            !(r.up && r.up->threads) ? copyprivate_threadprivate(L, d) : "";
    if (*tp_copies && shared)
        tp_copies = arena_printf(L->a, "if (__nrt_ws <= 1) { %s} ", tp_copies);
    /* an SPMD body: once per thread number, in the privates' block (each its own) */
    const char *spmd_open = "", *spmd_close = "";
    if (spmd) {
        const char *ss = lower_local_name(L, LL_SPMD_STATE, spmd, NULL);
        const char *sn = lower_local_name(L, LL_SPMD_SIZE, spmd, NULL);
        spmd_open = arena_printf(L->a, "{ struct nanort_spmd %s; int %s = nanort_spmd_begin(&%s), "
                                 "%s; for (%s = 0; %s < %s; %s++) { nanort_spmd_member(%s); ",
                                 ss, sn, ss, r.spmd, r.spmd, r.spmd, sn, r.spmd, r.spmd);
        spmd_close = arena_printf(L->a, " } nanort_spmd_end(&%s); }", ss);
    }
    /* (glue on the pragma's line, its end too, as gcc -fopenmp has it: lower_lines.c) */
    /* (the copies in a block of their own, declared first: no declaration after the
       statements that begin the region) */
    if (*orphan)
        guard = arena_printf(L->a, "{ %s%s", orphan,
                             !shared ? ""
                             : ran ? arena_printf(L->a, "int %s = __nrt_ws <= 1 || "
                                                  "nanort_team_single(); if (%s) ", ran, ran)
                             : "if (__nrt_ws <= 1 || nanort_team_single()) ");
    const char *pre = arena_printf(L->a, "%s{ %s%s%s%s%s{ %s%s", guard, cs.decl, begin,
                                   team ? copyin_code(L, d) : "", cs.begin, spmd_open,
                                   p.decl.s ? p.decl.s : "", p.pre.s ? p.pre.s : "");
    /* (the barrier of a single or scope closely nested in a parallel region is one of the
       region's cancellation points) */
    const char *epi = arena_printf(L->a, " %s%s%s%s }%s%s%s%s }", cancelled,
                                   wait ? "nanort_taskwait(); " : "", tp_copies,
                                   p.epi.s ? p.epi.s : "",
                                   spmd_close, *cs.end ? arena_printf(L->a, " %s", cs.end) : "",
                                   wait && !team && d->dir->kind != OMP_DIR_TASKGROUP &&
                                   L->nest && L->nest->dir == d->dir
                                       ? arena_printf(L->a, " %s", lower_cancel_barrier(L, L->nest->up))
                                       : "", end);
    if (*orphan)
        epi = arena_printf(L->a, "%s%s%s }", epi, shared && wait ? " if (__nrt_ws > 1) " : "",
                           !shared || !wait ? "" : ran ? copyprivate_call(L, d, ran)
                           : "nanort_team_barrier();");
    if (opened_guard)
        epi = arena_printf(L->a, "%s }", epi);
    if (team_wait)
        epi = arena_printf(L->a, "%s %s", epi, ran ? arena_printf(L->a, "%s }",
                                                                  copyprivate_call(L, d, ran))
                                                   : "nanort_team_barrier();");
    /* (a combined construct, `parallel master`, `parallel sections` run in this task: the
       region's code opens before the inner one's, inserted at the same place while the
       body was lowered) */
    if (inner != OMP_DIR_COUNT)
        rewrite_insert_before_earlier(L->rw, r.begin, lower_flat(L, pre));
    else
        rewrite_insert_before(L->rw, r.begin, lower_flat(L, pre));
    rewrite_insert_after(L->rw, d->node->end, lower_glue(L, r.begin, epi));
    free(p.decl.s);
    free(p.pre.s);
    free(p.epi.s);
}

void lower_omp_parallel(struct lower *L, struct lower_dir *d)
{
    /* `parallel for`, `parallel sections`, `parallel master`: the inner construct takes
     * the clauses it has (private, reduction...), the region those of parallel */
    region(L, d, true, true, d->dir->parallel ? d->dir->kind : OMP_DIR_COUNT);
}

void lower_omp_single(struct lower *L, struct lower_dir *d)
{
    /* single and scope end with a barrier unless nowait; master, masked and ordered not
     * (scope: each thread runs the body; in a team of one, once) */
    bool wait = (d->dir->kind == OMP_DIR_SINGLE || d->dir->kind == OMP_DIR_SCOPE) &&
                !lower_dir_has(d, OMP_CL_NOWAIT);
    region(L, d, false, wait, OMP_DIR_COUNT);
}

void lower_omp_taskgroup(struct lower *L, struct lower_dir *d)
{
    region(L, d, false, true, OMP_DIR_COUNT);
}

void lower_omp_section_alone(struct lower *L, struct lower_dir *d)
{
    if (L->in_refused_sections)
        return;                 /* one error for the construct (lower.c) */
    struct mcc_loc at = lower_dir_loc(L, d);
    mcc_error_at(&at, "'#pragma omp section' must be directly inside '#pragma omp sections'");
}

/* ---- sections ------------------------------------------------------------------------ */

/* The sections of the compound statement: each statement with its chain of pragmas after
 * its `section` line (the first section may have none).  False after an error. */
static int collect_sections(struct lower *L, struct ast *block, struct lower_dir *secs,
                            int max, const struct lower_dir *d)
{
    int n = 0;
    for (struct ast *i = block->kid[0] ? block->kid[0]->kid[0] : NULL; i; i = i->next) {
        if (i->kind == AST_PRAGMA && i->target && !(i->flags & AST_PRAGMA_STANDALONE))
            continue;           /* the pragma of the next item, met through it */
        struct ast *first = i->kind == AST_PRAGMA ? i : i->pragma;
        struct omp_directive *sd = first ? lower_parse_pragma(L, first) : NULL;
        bool section = sd && sd->kind == OMP_DIR_SECTION;
        if (i->kind == AST_PRAGMA || (!section && n > 0) || n == max) {
            struct mcc_loc at = source_user_loc(&L->t->src, first ? first->begin : i->begin);
            mcc_error_at(&at, n == max ? "sorry, unimplemented: more than %d sections"
                         : "'#pragma omp sections' holds only sections: a statement after "
                         "'#pragma omp section' (%d so far)", n);
            return -1;
        }
        if (section)
            rewrite_replace(L->rw, first->begin, first->end, "");
        secs[n++] = (struct lower_dir){.dir = d->dir, .node = i,
                                        .inner = section ? first->kid[0] : i->pragma};
    }
    return n;
}

/* The captures of each of the n sections (vars[i]); *serial set when one must run in the
 * encountering task.  False when a branch out of a section was reported. */
static bool section_captures(struct lower *L, struct lower_dir *secs, int n,
                             struct lower_var **vars, bool *serial)
{
    for (int i = 0; i < n; i++) {
        bool s = false;
        if (!lower_block_check_branches(L, secs[i].node, false, "a '#pragma omp section'"))
            return false;
        /* a section's own pragmas (after `section`) are its chain while it is lowered */
        struct ast *chain = secs[i].node->pragma;
        secs[i].node->pragma = secs[i].inner;
        vars[i] = lower_inline_captures(L, &secs[i], secs[i].node, &s, NULL);
        secs[i].node->pragma = chain;
        *serial |= s;
    }
    return true;
}

/* Section i of n as a task (the last one sets __nrt_islast for lastprivate); team: of a
 * team of threads, run at once by the member it is dealt to (lower_team_shares); shared:
 * of an orphaned sections, so in a team's member (__nrt_ws > 1: lower_omp_sections). */
static void section_task(struct lower *L, const struct lower_dir *d, struct lower_dir *sec,
                         int i, int n, struct lower_var *vars, bool team, bool shared,
                         struct lower_values *values)
{
    struct ast *node = sec->node;
    size_t begin = node->pragma ? node->pragma->begin : node->begin;
    struct ast *chain = node->pragma;
    node->pragma = sec->inner;
    struct lower_extra x = {.init = i == n - 1 ? "__nrt_x->__nrt_islast = 1; "
                                               : "__nrt_x->__nrt_islast = 0; ",
                            .at = node->pragma ? begin : construct_begin(d),
                            .values = values};
    bool last = false;
    for (struct lower_var *v = vars; v; v = v->next)
        last |= v->last;
    if (!last)
        x.init = NULL;
    if (team)
        x.submit = "nanort_task_submit(__nrt_t, (unsigned)NANORT_TASK_TEAM_CHUNK, 0);";
    if (shared)
        x.flags = "(__nrt_ws > 1 ? (unsigned)NANORT_TASK_TEAM_CHUNK : 0u)";
    char *task = lower_inline_outline(L, sec, node, vars, &x);
    if (team || shared)
        task = arena_printf(L->a, "if (%snanort_team_chunk(%d)) { %s }",
                            shared ? "__nrt_ws <= 1 || " : "", i, task);
    node->pragma = chain;
    rewrite_replace(L->rw, begin, node->end, task);
}

void lower_omp_sections(struct lower *L, struct lower_dir *d)
{
    enum { MAX_SECTIONS = 256 };
    struct lower_dir secs[MAX_SECTIONS];
    int n = collect_sections(L, d->node, secs, MAX_SECTIONS, d);
    if (n < 0)
        return;
    struct lower_var *vars[MAX_SECTIONS];
    bool serial = false;
    if (!section_captures(L, secs, n, vars, &serial))
        return;
    bool team = lower_team_shares(L, d);
    /* lastprivate(conditional: x): x after the construct is the value the lexically last
     * section that assigns it gave it (else its value before): the sections run in order
     * in this task, on x itself */
    if (!team && in_order_loop(d->dir))
        serial = true;
    if (serial && !team) {
        /* a team of one thread: the sections in order, in the encountering task
         * (implicit_sharing warned); their `section` lines are gone already; the
         * construct's end still waits for the tasks they created, unless nowait (a task
         * sharing a local of an orphaned construct's function outlived its frame); an
         * orphaned one in a team's member: the member that claims it (region) */
        for (int i = 0; i < n; i++)
            secs[i].node->pragma = secs[i].inner;
        struct lower_dir whole = *d;
        region(L, &whole, false, !lower_dir_has(d, OMP_CL_NOWAIT), OMP_DIR_COUNT);
        return;
    }
    /* each section becomes a task: its body runs in a function of its own */
    for (int i = 0; i < n; i++)
        if (!lower_block_check_outlined(L, secs[i].node, "a '#pragma omp section'"))
            return;
    /* (the clauses' values evaluated once, before the first section's task: what a
       reduction's omp_orig reads, the original before any section combines into it) */
    /* an orphaned sections (no region around it in its function): a member of a team of
     * threads that calls the function runs the sections dealt to it, as in the team's
     * body (nanort_team_orphan, __nrt_ws its size), then the team's barrier unless nowait;
     * elsewhere, as here */
    bool shared = !team && !d->dir->parallel && !L->region;
    struct lower_values values = {0};
    if (shared)
        lbuf_puts(&values.decl, lower_team_orphan_check(L, d->dir));
    for (int i = 0; i < n; i++)
        section_task(L, d, &secs[i], i, n, vars[i], team, shared, &values);
    /* (every member's copy taken before any section combines) */
    if ((team || shared) && values.seeds)
        lower_team_seeded(&values.decl, shared ? "__nrt_ws > 1" : NULL);
    if (values.decl.s)
        rewrite_insert_after(L->rw, d->node->begin + 1,
                             lower_glue(L, construct_begin(d), values.decl.s));
    if (values.tidy.s)
        rewrite_insert_before(L->rw, d->node->end - 1,
                              lower_glue(L, construct_begin(d), values.tidy.s));
    free(values.decl.s);
    free(values.tidy.s);
    if (!lower_dir_has(d, OMP_CL_NOWAIT)) {
        /* the scope a cancel sections binds to, inside the construct's braces (a
         * parallel region's code goes around them), around the sections' tasks and the
         * wait (a team's: each member ran its own sections at once, then the team's
         * barrier) */
        struct lower_cancel_scope cs = lower_cancel_scope(
            L, lower_team_cancel_kind(L, "NANORT_CANCEL_SECTIONS", team, shared));
        rewrite_insert_after(L->rw, d->node->begin + 1,
                             lower_flat(L, arena_printf(L->a, " %s%s", cs.decl, cs.begin)));
        rewrite_insert_before(L->rw, d->node->end - 1,
                              lower_glue(L, construct_begin(d), arena_printf(
                                  L->a, " %s %s%s", team ? "nanort_team_barrier();"
                                  : shared ? "if (__nrt_ws > 1) nanort_team_barrier(); "
                                  "else nanort_taskwait();" : "nanort_taskwait();", cs.end,
                                  d->dir->parallel || !L->nest ? ""
                                  : lower_cancel_barrier(L, L->nest->up))));
    }
}

/* ---- threadprivate ------------------------------------------------------------------- */

/* `__thread` in the declaration of s: after static/extern, else first; once, whatever the
 * number of threadprivate directives that name it (OpenMP allows them again). */
/* Where `__thread` goes in the specifiers: after static or extern (*after), else first;
 * false when they have it (or _Thread_local) already, wherever it stands. */
static bool thread_spec_at(const struct ast *specs, size_t *at, bool *after)
{
    const struct ast *list = specs->kid[0];
    *at = specs->begin;
    *after = false;
    for (const struct ast *sp = list ? list->kid[0] : NULL; sp; sp = sp->next)
        if (sp->kind == AST_SPECIFIER && sp->op == KW_THREAD_LOCAL)
            return false;
    for (const struct ast *sp = list ? list->kid[0] : NULL; sp; sp = sp->next)
        if (sp->kind == AST_SPECIFIER && (sp->op == KW_STATIC || sp->op == KW_EXTERN)) {
            *at = sp->end;
            *after = true;
            break;
        }
    return true;
}

static void make_thread_local(struct lower *L, struct sym *s)
{
    if (lower_map_get(&L->thread_local, s))
        return;
    lower_map_put(L, &L->thread_local, s, s);
    lower_map_put(L, &L->tp_vars, s, s);
    struct ast *specs = s->specs;
    if (specs && lower_map_get(&L->thread_local, specs))
        return;                 /* `int a, b;` both listed: their specifiers have it */
    if (!specs) {
        rewrite_insert_before(L->rw, s->declarator->begin, "__thread ");
        return;
    }
    lower_map_put(L, &L->thread_local, specs, specs);
    size_t at;
    bool after;
    if (!thread_spec_at(specs, &at, &after))
        return;                 /* already */
    if (after)
        rewrite_insert_after(L->rw, at, " __thread");
    else
        rewrite_insert_before(L->rw, at, "__thread ");
}

/* Does the threadprivate list c name every declarator of decl (`int a, b;` and
 * threadprivate(a, b): `__thread` on the shared specifiers is right for all of them)? */
static bool all_listed(struct ast *decl, const struct omp_clause *c)
{
    for (struct ast *id = decl->kid[1]->kid[0]; id; id = id->next) {
        struct ast *dn = ast_declarator_name(id);
        bool found = false;
        for (int k = 0; dn && dn->name && k < c->nrefs && !found; k++)
            found = lower_name_in(dn->name->str, dn->name->len, &c->refs[k]->text.text, 1);
        if (!found)
            return false;
    }
    return true;
}

/* Do the specifiers define a struct, union or enum (a member list)?  Written twice, such
 * a declaration would define two types. */
static bool defines_tag(const struct ast *specs)
{
    const struct ast *list = specs ? specs->kid[0] : NULL;
    for (const struct ast *sp = list ? list->kid[0] : NULL; sp; sp = sp->next)
        if ((sp->kind == AST_STRUCT || sp->kind == AST_ENUM) && sp->kid[0])
            return true;
    return false;
}

/* The specifiers' text with `__thread` where thread_spec_at puts it. */
static const char *thread_specs(struct lower *L, const struct ast *specs)
{
    const char *t = L->text;
    size_t at;
    bool after;
    int all = (int)(specs->end - specs->begin);
    if (!thread_spec_at(specs, &at, &after))
        return arena_printf(L->a, "%.*s", all, t + specs->begin);
    if (!after)
        return arena_printf(L->a, "__thread %.*s", all, t + specs->begin);
    return arena_printf(L->a, "%.*s __thread%.*s", (int)(at - specs->begin), t + specs->begin,
                        (int)(specs->end - at), t + at);
}

/*
 * `static int a = 1, b, c;` with threadprivate(b): written again as one declaration per
 * run of declarators with the same storage, in their order (an initializer may name an
 * earlier declarator): `static int a = 1; static __thread int b; static int c;`.  The
 * declarators' text is the user's, unchanged.
 */
void lower_omp_threadprivate_finish(struct lower *L)
{
    for (size_t i = 0; i < L->tp_split.n; i++) {
        struct ast *decl = (struct ast *)L->tp_split.order[i];
        const char *t = L->text;
        struct ast *specs = decl->kid[0];
        const char *plain = arena_printf(L->a, "%.*s", (int)(specs->end - specs->begin),
                                         t + specs->begin);
        const char *tls = thread_specs(L, specs);
        struct lower_buf b = {0};
        int run = -1;               /* 0: plain, 1: thread-local, -1: none open */
        for (struct ast *id = decl->kid[1]->kid[0]; id; id = id->next) {
            struct ast *dn = ast_declarator_name(id->kind == AST_INIT_DECLARATOR ? id->kid[0] : id);
            int tp = dn && dn->sym && lower_map_get(&L->thread_local, dn->sym) ? 1 : 0;
            if (tp != run)
                lbuf_printf(&b, "%s%s ", run < 0 ? "" : "; ", tp ? tls : plain);
            else
                lbuf_puts(&b, ", ");
            lbuf_printf(&b, "%.*s", (int)(id->end - id->begin), t + id->begin);
            run = tp;
        }
        lbuf_puts(&b, ";");
        rewrite_replace(L->rw, decl->begin, decl->end, lbuf_take(&b, L->a));
    }
}

struct local_name_scan {
    const struct sym *self;
    bool local;
};

static bool local_name_visit(struct ast *n, void *arg)
{
    struct local_name_scan *sc = arg;
    sc->local |= n->sym && n->sym != sc->self && n->sym->depth > 0;
    return !sc->local;
}

/*
 * A static local threadprivate variable `static int hits;` of a function becomes a
 * file-scope `static __thread int __nrt_tpN_hits;` before the function, every use of it
 * renamed (visit_ident, lower.c): the outlined body of a task (at file scope) then names
 * the running thread's copy, as it does a global threadprivate variable's, where a capture
 * would hand it the creating thread's (per-thread scratch shared by every worker's tasks).
 * Not moved (false): a declaration of several names, or one whose type or initializer
 * names something local to the function (a local struct or typedef).
 */
static bool move_static_local(struct lower *L, struct sym *y)
{
    struct ast *decl = y->decl;
    if (y->depth == 0 || y->storage != STORAGE_STATIC || !L->fn || !decl ||
        decl->kind != AST_DECLARATION || !decl->kid[1] || decl->kid[1]->kid[0] != decl->kid[1]->kid[1])
        return false;
    struct local_name_scan sc = {y, false};
    ast_walk(decl, local_name_visit, &sc);
    const char *x = sym_name(L, y);
    const char *moved = lower_local_name(L, LL_TP_STATIC, ++L->serial, x);
    const char *text = sc.local ? NULL : lower_decl_text(L, y, moved);
    if (!text)
        return false;
    struct ast *id = decl->kid[1]->kid[0];
    struct ast *init = id->kind == AST_INIT_DECLARATOR ? id->kid[1] : NULL;
    const char *init_text = init ? arena_printf(L->a, " = %s", lower_src(L, init->begin, init->end))
                                 : "";
    rewrite_insert_before(L->rw, L->fn->begin, arena_printf(L->a, "%sstatic __thread %s%s;\n",
                                                            lower_mark(L, decl->begin), text,
                                                            init_text));
    rewrite_replace(L->rw, decl->begin, decl->end, "");
    lower_map_put(L, &L->thread_local, y, y);
    lower_map_put(L, &L->tp_vars, y, y);
    lower_map_put(L, &L->tp_moved, y, (void *)moved);
    return true;
}

/*
 * The threadprivate variables this unit defines (a static one, a static local moved to
 * file scope, or a global), registered with the runtime by a constructor at the end of the
 * unit: another unit whose region's body calls a function of this one that changes them
 * cannot name a static one, and gives every worker what changed through the runtime
 * (nanort_threadprivate_keep/changed, watch_thread_local in lower.c).  The same constructor
 * tells the runtime when the unit's code names `__thread` variables (nanort_thread_data_used).
 */
void lower_omp_threadprivate_register(struct lower *L)
{
    struct lower_buf fns = {0}, calls = {0};
    for (size_t k = 0; k < L->tp_vars.n; k++) {
        struct sym *s = (struct sym *)L->tp_vars.order[k];
        bool moved = lower_map_get(&L->tp_moved, s);
        if (!moved && (s->depth != 0 || s->storage == STORAGE_EXTERN))
            continue;
        const char *x = lower_omp_tp_name(L, s);
        int n = ++L->serial;
        const char *addr = lower_local_name(L, LL_TP_ADDR, n, x);
        const char *set = lower_local_name(L, LL_TP_SET, n, x);
        /* (through size_t, as wide as a pointer on the LP64 hosts mcc builds for: a volatile
         * variable's address loses no qualifier in a cast, -Wcast-qual) */
        lbuf_printf(&fns, "static void *%s(void) { return (void *)(__typeof__(sizeof 0))&%s; }\n"
                    "static void %s(const void *__nrt_v) { __builtin_memcpy((void *)"
                    "(__typeof__(sizeof 0))&%s, __nrt_v, sizeof %s); }\n", addr, x, set, x, x);
        lbuf_printf(&calls, " nanort_threadprivate_register(%s, %s, sizeof %s);", addr, set, x);
    }
    if (L->thread_data_used)        /* (the unit's code names __thread variables) */
        lbuf_printf(&calls, " nanort_thread_data_used();");
    if (!calls.len)
        return;
    lbuf_printf(&L->tail, "%s%sstatic void __attribute__((__constructor__)) %s(void) {%s }\n",
                lower_mark_generated(), lbuf_take(&fns, L->a),
                lower_local_name(L, LL_TP_REGISTER, 0, ""), lbuf_take(&calls, L->a));
}

/* A use of s (or of an earlier declaration of it) before `before`: threadprivate comes
 * before every use (OpenMP 5.0 2.19.2; gcc: "'t' declared 'threadprivate' after first
 * use"), which would have used the one shared variable. */
struct early_use {
    const struct sym *s;
    size_t before;
    struct ast *found;
};

static bool early_use_visit(struct ast *n, void *arg)
{
    struct early_use *u = arg;
    if (u->found || n->begin >= u->before)
        return false;
    for (const struct sym *y = u->s; n->kind == AST_IDENT && n->sym && y; y = y->redecl)
        if (n->sym == y)
            u->found = n;
    return !u->found;
}

/* The variable s of a threadprivate directive at off (its item r): used before it, or of an
 * incomplete type (gcc: "'threadprivate' 'a' has incomplete type"), reported (true). */
static bool threadprivate_misplaced(struct lower *L, const struct sym *s, size_t off,
                                    const struct omp_ref *r)
{
    struct early_use u = { s, off, NULL };
    if (lower_thread_local_sym(L, s))
        return false;               /* (an earlier directive named it: that one counts) */
    ast_walk(L->t->tu, early_use_visit, &u);
    if (u.found) {
        struct mcc_loc at = source_user_loc(&L->t->src, u.found->begin);
        mcc_error_at(&r->text.loc, "'%s' declared 'threadprivate' after its first use (line "
                     "%d): the uses before it would name the variable all threads share",
                     r->text.text, at.line);
        return true;
    }
    bool sized = false;
    for (const struct sym *y = s; y && !sized; y = y->redecl)
        sized = y->type != TYPE_ARRAY || !check_declared_without_size(y);
    if (!sized) {
        mcc_error_at(&r->text.loc, "'%s' in 'threadprivate' has an incomplete type (an array "
                     "declared without its size): each thread's copy needs its size",
                     r->text.text);
        return true;
    }
    return false;
}

void lower_omp_threadprivate(struct lower *L, struct omp_directive *d, size_t off)
{
    const struct omp_clause *c = omp_find_clause(d, OMP_CL_LIST);
    for (int k = 0; c && k < c->nrefs; k++) {
        const char *name = c->refs[k]->text.text;
        struct sym *s = lower_resolve(L, name, strlen(name), off);
        if (!s || (s->kind != SYM_OBJECT) || s->storage == STORAGE_LOCAL ||
            s->storage == STORAGE_NONE) {
            mcc_error_at(&c->refs[k]->text.loc, "'%s' in 'threadprivate' must be a variable "
                         "with static storage (a global, or a static local)", name);
            continue;
        }
        if (threadprivate_misplaced(L, s, off, c->refs[k]))
            continue;
        if (s->depth == 0 && s->storage != STORAGE_STATIC && !lower_map_get(&L->thread_local, s))
            /* another unit may define it, not threadprivate there: link_check.c says so */
            lower_device_link_note(L, "threadprivate:%s:%s", name,
                            lower_device_link_where(&c->refs[k]->text.loc));
        for (struct sym *y = s; y; y = y->redecl) {
            struct ast *decl = y->decl;
            if (lower_map_get(&L->thread_local, y))
                continue;           /* named by an earlier directive */
            if (decl && lower_map_get(&L->tp_split, decl)) {
                lower_map_put(L, &L->thread_local, y, y);
                lower_map_put(L, &L->tp_vars, y, y);
                continue;
            }
            if (decl && decl->kind == AST_DECLARATION && decl->kid[1] &&
                decl->kid[1]->kid[0] != decl->kid[1]->kid[1] && !all_listed(decl, c)) {
                if (defines_tag(decl->kid[0])) {
                    mcc_error_at(&c->refs[k]->text.loc, "sorry, unimplemented: "
                                 "'threadprivate' of '%s', declared together with other names "
                                 "in a declaration that defines a struct, union or enum "
                                 "(declare it alone, or list them all)", name);
                    break;
                }
                /* `static int a, b;` with threadprivate(a): the declaration is split at
                 * the end, when every directive that names its variables was seen */
                lower_map_put(L, &L->thread_local, y, y);
                lower_map_put(L, &L->tp_vars, y, y);
                lower_map_put(L, &L->tp_split, decl, decl);
                continue;
            }
            if (!move_static_local(L, y))
                make_thread_local(L, y);
        }
    }
}
