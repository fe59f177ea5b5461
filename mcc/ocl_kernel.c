/*
 * ocl_kernel.c - an OpenCL kernel as a C function that runs a range of work-groups, each
 * as loops over its work-items (the GLOpenCL design: serialisation of the logical
 * threads, barrier elimination by loop fission, privatisation).
 *
 * The kernel body is cut at its barriers into regions: maximal runs of statements
 * without a barrier, each run by every work-item in turn (a work-item loop nest,
 * dimension 0 innermost so that gcc vectorises along it).  A barrier inside an if, for,
 * while or do makes that statement group-level code: its condition is evaluated by the
 * work-items (a region of its own, any work-item saying yes decides, as OpenCL requires
 * them all to agree), its parts become regions in turn, loops run once per work-group.
 * return, break and continue inside a region end the work-item's turn through flags
 * (nrt_done per work-item; nrt_brk, nrt_cnt for the loop that holds the region).
 *
 * A variable used in more than one region lives on across fission points:
 *   REMAT    never changed after its initialiser, computed from the work-item's ids,
 *            unchanged parameters and constants: declared again in each region that
 *            uses it (cheaper than storing it: get_local_id(0) is a loop counter);
 *   SHARED   every region but its first overwrites it before reading it: one variable
 *            for the work-group function (the seed's observation that such variables
 *            need no private copies);
 *   PRIVATE  otherwise: one copy per work-item, an array indexed by nrt_wi.
 * __local variables (kernel scope or, with a warning, inner blocks) become variables of
 * the work-group function, one work-group running at a time.  Parameters are read from
 * the launch; a parameter the kernel changes is a per-work-item variable too.
 */
#include "mcc.h"
#include "c.tab.h"

#include <stdlib.h>
#include <string.h>

enum kclass {
    K_REGION,    /* used in one region only: stays where it is */
    K_PARAM,     /* a parameter never changed: one copy */
    K_ENTRY,     /* a changed parameter used in one region: copied in there */
    K_REMAT, K_SHARED, K_PRIVATE,
    K_LOCALMEM,  /* __local */
    K_UNIFORM,   /* the counter of a loop run once per work-group (group-level code) */
    K_UVAL,      /* never changed, the same for every work-item: also declared at group
                  * level, before the region that declares it */
};

struct kvar {
    struct sym *sym;
    struct ast *decl;            /* its AST_INIT_DECLARATOR, or the AST_PARAM */
    struct ast *declaration;     /* the AST_DECLARATION holding decl (NULL: a parameter) */
    int decl_region;             /* -1: a parameter */
    int param_index;
    bool written, addr_taken, local_mem, aggregate;
    int *regions;                /* regions that use it, each once */
    int nregions, capregions;
    enum kclass cls;
    const char *name;            /* the C name it gets when it moves */
    bool uniform_var;            /* the counter of a uniform loop (uniform_for) */
    int uval;                    /* uniform value: 0 unknown, 1 yes, -1 no (uniform_expr) */
};

enum kitem_role { KI_STMT, KI_COND, KI_EXPR };

struct kitem {
    struct ast *node;
    enum kitem_role role;
};

struct kloop {
    int id;
    bool brk, cnt;               /* its break / continue labels are used */
};

struct kregion {
    int id;
    struct kitem *items;
    int nitems, capitems;
    struct kloop *loop;          /* the group-level loop holding it, or NULL */
    bool brk, cnt, wiend;        /* sets nrt_brk / nrt_cnt; its end label is used */
    struct kvar **redecl;        /* REMAT and ENTRY variables declared at its top */
    int nredecl, capredecl;
};

enum gkind { G_SEQ, G_REGION, G_IF, G_LOOP };

struct gnode {
    enum gkind kind;
    struct ast *node;
    struct gnode **kids;         /* SEQ */
    int nkids, capkids;
    struct kregion *region;      /* REGION */
    struct kregion *init, *cond, *step;    /* IF: cond; LOOP */
    struct gnode *body, *other;  /* IF: then, else; LOOP: body */
    struct kloop *loop;
    bool uniform;                /* IF, LOOP: its control is the same for all work-items:
                                  * plain C at group level (LOOP: a for over uvar) */
    struct kvar *uvar;
};

struct ocl_kplan {
    struct lower_map item_region;    /* region item (statement) -> its struct kregion */
    struct gnode *root;
    struct kregion **regions;
    int nregions, capregions;
    struct kvar **vars;
    int nvars, capvars;
    struct lower_map var_of;     /* struct sym -> struct kvar */
    struct ast **params;         /* the kernel's AST_PARAMs */
    int nparams, capparams;
    int nloops;
    bool has_return;
    bool not_opencl_c;           /* __local variables in inner blocks */
    /* A leading `if (gid >= n) return;` (or a body under `if (gid < n)`) made into loop
     * limits (bounds.c below): the work-items past limit[d] never run; the guard's
     * statement (or the `if (...)` before the body) goes. */
    const char *limit[3];        /* C text of the bound on global id d, or NULL */
    struct ast *guard;           /* the statement removed, or the if whose head goes */
    long reqd[3];                /* reqd_work_group_size, or 0 */
};

struct kctx {
    struct ocl *o;
    struct ocl_fn *f;
    struct ocl_kplan *p;
    struct kregion *cur;         /* the region being filled */
    struct kloop *loop;          /* the innermost group-level loop */
};

#define PUSH(arr, n, cap, x) do {                                                      \
        ARENA_GROW(k->o->L.a, arr, n, cap, 8);                                         \
        (arr)[(n)++] = (x);                                                            \
    } while (0)

static void *alloc(struct kctx *k, size_t n)
{
    return arena_alloc(k->o->L.a, n);
}

/* ---- barriers ------------------------------------------------------------------------- */

struct find_barrier {
    struct ocl *o;
    struct ast *found;
};

static bool barrier_visit(struct ast *n, void *arg)
{
    struct find_barrier *fb = arg;
    if (fb->found)
        return false;
    if (n->kind == AST_CALL && ocl_is_barrier_call(fb->o, n)) {
        fb->found = n;
        return false;
    }
    return true;
}

static struct ast *find_barrier(struct ocl *o, struct ast *n)
{
    struct find_barrier fb = {o, NULL};
    if (n)
        ast_walk(n, barrier_visit, &fb);
    return fb.found;
}

/* `barrier(...);` as a statement of its own. */
static bool is_barrier_stmt(struct ocl *o, struct ast *s)
{
    return s->kind == AST_EXPR_STMT && s->kid[0] && ocl_is_barrier_call(o, s->kid[0]);
}

/* ---- the structure ----------------------------------------------------------------------- */

static struct gnode *gnode(struct kctx *k, enum gkind kind, struct ast *node)
{
    struct gnode *g = alloc(k, sizeof *g);
    g->kind = kind;
    g->node = node;
    return g;
}

static struct kregion *region(struct kctx *k)
{
    struct kregion *r = alloc(k, sizeof *r);
    r->id = k->p->nregions;
    r->loop = k->loop;
    PUSH(k->p->regions, k->p->nregions, k->p->capregions, r);
    return r;
}

static struct kregion *item_region(struct kctx *k, struct ast *node, enum kitem_role role)
{
    struct kregion *r = region(k);
    struct kitem it = {node, role};
    PUSH(r->items, r->nitems, r->capitems, it);
    return r;
}

static struct gnode *build_stmt(struct kctx *k, struct ast *s);
static bool interchange(struct kctx *k, struct ast *s);
static bool uniform_expr(struct kctx *k, struct ast *e, int depth);
static struct kvar *uniform_for(struct kctx *k, struct ast *s);

/* Statements of a block (or one statement) at group level. */
static struct gnode *build_seq(struct kctx *k, struct ast *first, struct ast *only)
{
    struct gnode *seq = gnode(k, G_SEQ, NULL);
    struct kregion *cur = NULL;
    for (struct ast *s = only ? only : first; s; s = only ? NULL : s->next) {
        if (s->kind == AST_PRAGMA)
            continue;
        if (is_barrier_stmt(k->o, s)) {
            cur = NULL;
            continue;
        }
        if (!find_barrier(k->o, s) && !interchange(k, s)) {
            if (!cur) {
                cur = region(k);
                struct gnode *g = gnode(k, G_REGION, NULL);
                g->region = cur;
                PUSH(seq->kids, seq->nkids, seq->capkids, g);
            }
            struct kitem it = {s, KI_STMT};
            PUSH(cur->items, cur->nitems, cur->capitems, it);
            lower_map_put(&k->o->L, &k->p->item_region, s, cur);
            continue;
        }
        cur = NULL;
        struct gnode *g = build_stmt(k, s);
        if (!g)
            return NULL;
        PUSH(seq->kids, seq->nkids, seq->capkids, g);
    }
    return seq;
}

static struct gnode *build_body(struct kctx *k, struct ast *s)
{
    if (s && s->kind == AST_COMPOUND)
        return build_seq(k, s->kid[0] ? s->kid[0]->kid[0] : NULL, NULL);
    return s ? build_seq(k, NULL, s) : gnode(k, G_SEQ, NULL);
}

/* A statement with a barrier inside. */
static struct gnode *build_stmt(struct kctx *k, struct ast *s)
{
    struct ocl *o = k->o;
    switch (s->kind) {
    case AST_COMPOUND:
        return build_body(k, s);
    case AST_IF: {
        if (find_barrier(o, s->kid[0])) {
            ocl_fail(o, s->kid[0], "a barrier inside a condition");
            return NULL;
        }
        struct gnode *g = gnode(k, G_IF, s);
        g->uniform = uniform_expr(k, s->kid[0], 0);
        g->cond = item_region(k, s->kid[0], KI_COND);
        if (!(g->body = build_body(k, s->kid[1])))
            return NULL;
        if (s->kid[2] && !(g->other = build_body(k, s->kid[2])))
            return NULL;
        return g;
    }
    case AST_FOR: case AST_WHILE: case AST_DO: {
        struct ast *init = NULL, *cond, *step = NULL, *body;
        if (s->kind == AST_FOR) {
            init = s->kid[0];
            cond = s->kid[1];
            step = s->kid[2];
            body = s->kid[3];
        } else if (s->kind == AST_WHILE) {
            cond = s->kid[0];
            body = s->kid[1];
        } else {
            body = s->kid[0];
            cond = s->kid[1];
        }
        if (find_barrier(o, init) || find_barrier(o, cond) || find_barrier(o, step)) {
            ocl_fail(o, s, "a barrier inside a loop's control expressions");
            return NULL;
        }
        struct gnode *g = gnode(k, G_LOOP, s);
        struct kloop *loop = alloc(k, sizeof *loop);
        loop->id = k->p->nloops++;
        g->loop = loop;
        if (s->kind == AST_FOR && (g->uvar = uniform_for(k, s)) != NULL) {
            g->uniform = true;
            g->uvar->uniform_var = true;
        }
        /* `for (s = 0; ...)`: an expression, without the `;` of a statement */
        if (init && init->kind == AST_DECLARATION)
            g->init = item_region(k, init, KI_STMT);
        else if (init && !(init->kind == AST_EXPR_STMT && !init->kid[0]))
            g->init = item_region(k, init, init->kind == AST_EXPR_STMT ? KI_STMT : KI_EXPR);
        struct kloop *outer = k->loop;
        k->loop = loop;
        if (s->kind != AST_DO && cond)
            g->cond = item_region(k, cond, KI_COND);
        g->body = build_body(k, body);
        if (s->kind == AST_DO && cond)
            g->cond = item_region(k, cond, KI_COND);
        if (step)
            g->step = item_region(k, step, KI_EXPR);
        k->loop = outer;
        return g->body ? g : NULL;
    }
    case AST_SWITCH:
        ocl_fail(o, s, "a barrier inside a switch");
        return NULL;
    case AST_LABEL: case AST_CASE: case AST_DEFAULT:
        ocl_fail(o, s, "a barrier in a labelled statement");
        return NULL;
    default:
        ocl_fail(o, find_barrier(o, s), "a barrier that is not a statement of its own (or "
                 "one inside an expression)");
        return NULL;
    }
}

/* ---- control the same for all work-items ------------------------------------------------ */

/*
 * A loop whose counter starts, moves and stops the same way for every work-item (set from
 * constants, unchanged parameters and other such values, changed only by the loop's step)
 * runs once per work-group, as plain C around the work-item loops of its body: its
 * counter needs no copy per work-item and its condition no evaluation by each.  The
 * same holds for an if whose condition is such a value.  A variable declared with such a
 * value and never changed (a "uniform value") is computed once at group level too.
 */

static struct kvar *var_of(struct kctx *k, const struct sym *s);
static bool refers(struct ast *n, const struct sym *s);

/* Is the variable's value the same for every work-item (and known at group level)? */
static bool uniform_var(struct kctx *k, struct kvar *v, int depth)
{
    if (v->uniform_var || (v->param_index >= 0 && !v->written && !v->addr_taken))
        return true;
    if (v->param_index >= 0 || v->uval < 0)
        return false;
    if (v->uval > 0)
        return true;
    /* a uniform value: declared as a statement of a region built so far, never changed */
    bool ok = !v->written && !v->addr_taken && !v->aggregate && !v->local_mem && v->decl &&
              v->declaration && v->decl->kid[1] && v->decl->kid[1]->kind != AST_INIT_LIST &&
              lower_map_get(&k->p->item_region, v->declaration) &&
              ocl_is_scalar(ocl_sym_type(k->o, v->sym)) &&
              uniform_expr(k, v->decl->kid[1], depth + 1);
    v->uval = ok ? 1 : -1;
    return ok;
}

static bool uniform_expr(struct kctx *k, struct ast *e, int depth)
{
    if (!e || depth > 32)
        return false;
    switch (e->kind) {
    case AST_CONSTANT: case AST_SIZEOF:
        return true;
    case AST_IDENT: {
        if (e->sym && e->sym->kind == SYM_ENUM_CONST)
            return true;
        struct kvar *v = var_of(k, e->sym);
        return v && uniform_var(k, v, depth);
    }
    case AST_CALL: {
        const char *n = ocl_builtin_callee(k->o, e);
        static const char *const same[] = {
            "get_local_size", "get_global_size", "get_num_groups", "get_group_id",
            "get_global_offset", "get_work_dim", "min", "max", "clamp", "abs", "mul24",
            "mad24"};
        bool ok = false;
        for (size_t i = 0; n && i < sizeof same / sizeof same[0]; i++)
            ok |= !strcmp(n, same[i]);
        if (!ok)
            return false;
        for (struct ast *a = e->kid[1] ? e->kid[1]->kid[0] : NULL; a; a = a->next)
            if (!uniform_expr(k, a, depth + 1))
                return false;
        return true;
    }
    case AST_UNARY:
        return (e->op == '-' || e->op == '+' || e->op == '~' || e->op == '!') &&
               uniform_expr(k, e->kid[0], depth + 1);
    case AST_BINARY:
        return e->op != ',' && uniform_expr(k, e->kid[0], depth + 1) &&
               uniform_expr(k, e->kid[1], depth + 1);
    case AST_CONDITIONAL:
        return e->kid[1] && uniform_expr(k, e->kid[0], depth + 1) &&
               uniform_expr(k, e->kid[1], depth + 1) && uniform_expr(k, e->kid[2], depth + 1);
    case AST_CAST:
        return uniform_expr(k, e->kid[1], depth + 1);
    default:
        return false;
    }
}

struct writes_of {
    const struct sym *sym;
    bool found;
};

static bool writes_of_visit(struct ast *n, void *arg)
{
    struct writes_of *w = arg;
    struct ast *t = NULL;
    if (n->kind == AST_ASSIGN || n->kind == AST_POSTFIX ||
        (n->kind == AST_UNARY && (n->op == INC_OP || n->op == DEC_OP || n->op == '&')))
        t = n->kid[0];
    if (t && t->kind == AST_IDENT && t->sym == w->sym)
        w->found = true;
    return !w->found;
}

/* Does n change the variable (or take its address)? */
static bool changes(struct ast *n, const struct sym *s)
{
    struct writes_of w = {s, false};
    if (n)
        ast_walk(n, writes_of_visit, &w);
    return w.found;
}

/* `for (int v = U; v OP U; v STEP U)` with v changed nowhere else: its counter. */
static struct kvar *uniform_for(struct kctx *k, struct ast *s)
{
    struct ast *init = s->kid[0], *cond = s->kid[1], *step = s->kid[2], *body = s->kid[3];
    if (!init || init->kind != AST_DECLARATION || !init->kid[1] || !cond || !step)
        return NULL;
    struct ast *d = init->kid[1]->kid[0];
    if (!d || d->next || d->kind != AST_INIT_DECLARATOR || !d->sym || !d->kid[1])
        return NULL;
    struct kvar *v = var_of(k, d->sym);
    if (!v || v->addr_taken || !ocl_is_integer(ocl_sym_type(k->o, d->sym)) ||
        !ocl_is_scalar(ocl_sym_type(k->o, d->sym)) || !uniform_expr(k, d->kid[1], 0))
        return NULL;
    /* the condition compares v with a uniform bound */
    bool counter = false;
    v->uniform_var = true;          /* v itself is uniform inside its own loop */
    if (cond->kind == AST_BINARY &&
        (cond->op == '<' || cond->op == '>' || cond->op == LE_OP || cond->op == GE_OP ||
         cond->op == NE_OP) && uniform_expr(k, cond->kid[0], 0) &&
        uniform_expr(k, cond->kid[1], 0))
        counter = refers(cond, d->sym);
    /* the step: v++, v--, v op= U, v = v op U */
    bool stepped = false;
    if ((step->kind == AST_POSTFIX || (step->kind == AST_UNARY &&
         (step->op == INC_OP || step->op == DEC_OP))) &&
        step->kid[0]->kind == AST_IDENT && step->kid[0]->sym == d->sym)
        stepped = true;
    else if (step->kind == AST_ASSIGN && step->kid[0]->kind == AST_IDENT &&
             step->kid[0]->sym == d->sym && uniform_expr(k, step->kid[1], 0))
        stepped = true;
    v->uniform_var = false;
    if (!counter || !stepped || changes(body, d->sym))
        return NULL;
    return v;
}

/* ---- work-item loops inside inner loops (interchange) ----------------------------------- */

/*
 * A loop inside a region that accumulates into a floating variable (a sum over the
 * neighbours, the atoms, the bodies) is a reduction gcc cannot vectorise without
 * reassociating: the work-item loop around it then runs scalar.  When the inner loop is
 * uniform, running it at group level with the work-item loop inside is the same (within a
 * region, work-items do not communicate: OpenCL requires barriers for that), and the
 * work-item loop vectorises, each work-item's sum in its own lane.  (PoCL does the same
 * with its "implicit loop barriers".)  Short constant loops stay: gcc unrolls them.
 */

struct shape {
    struct kctx *k;
    struct ast *loop;
    const struct sym *counter;
    bool jumps, inner_loop, accumulates, strided;
};

struct depends {
    struct kctx *k;
    struct ast *loop;
    const struct sym *counter;
    bool on_item, on_loop;
};

static bool depends_visit(struct ast *n, void *arg)
{
    struct depends *d = arg;
    if (n->kind == AST_CALL) {
        const char *f = ocl_builtin_callee(d->k->o, n);
        if (f && (!strcmp(f, "get_global_id") || !strcmp(f, "get_local_id")))
            d->on_item = true;
    }
    if (n->kind != AST_IDENT || !n->sym)
        return true;
    struct kvar *v = var_of(d->k, n->sym);
    if (!v)
        return true;
    if (n->sym == d->counter || (v->decl && v->decl->begin >= d->loop->begin &&
                                 v->decl->begin < d->loop->end))
        d->on_loop = true;          /* the counter, or a variable of one iteration */
    else if (!v->local_mem && !uniform_var(d->k, v, 0))
        d->on_item = true;          /* (__local memory is the group's, one for all items) */
    return true;
}

static bool shape_visit(struct ast *n, void *arg)
{
    struct shape *s = arg;
    switch (n->kind) {
    case AST_RETURN: case AST_BREAK: case AST_CONTINUE: case AST_GOTO: case AST_LABEL:
    case AST_SWITCH: case AST_CASE: case AST_DEFAULT:
        s->jumps = true;
        return false;
    case AST_FOR: case AST_WHILE: case AST_DO:
        if (n != s->loop) {
            s->inner_loop = true;
            return false;
        }
        return true;
    case AST_SUBSCRIPT: {
        /* an address that moves with both the work-item and the iteration: each item's
         * walk through memory would become a strided gather across items */
        struct depends d = {s->k, s->loop, s->counter, false, false};
        ast_walk(n->kid[0], depends_visit, &d);
        ast_walk(n->kid[1], depends_visit, &d);
        if (d.on_item && d.on_loop)
            s->strided = true;
        return true;
    }
    case AST_ASSIGN: {
        struct ast *t = n->kid[0];
        if (t->kind != AST_IDENT || !t->sym)
            return true;
        struct kvar *v = var_of(s->k, t->sym);
        bool outside = v && v->decl && (v->decl->begin < s->loop->begin ||
                                         v->decl->begin >= s->loop->end);
        bool red = n->op == ADD_ASSIGN || n->op == SUB_ASSIGN || n->op == MUL_ASSIGN ||
                   (n->op == '=' && refers(n->kid[1], t->sym));
        if (outside && red && ocl_is_float(ocl_sym_type(s->k->o, t->sym)))
            s->accumulates = true;
        return true;
    }
    default:
        return true;
    }
}

static bool interchange(struct kctx *k, struct ast *s)
{
    struct kvar *counter = s->kind == AST_FOR ? uniform_for(k, s) : NULL;
    if (!counter)
        return false;
    /* a short loop of constant length: unrolled by gcc as it is */
    struct ast *cond = s->kid[1];
    struct ast *bound = cond->kid[1];
    const char *t = k->o->L.text + bound->begin;
    if (bound->kind == AST_CONSTANT && *t >= '0' && *t <= '9' && strtol(t, NULL, 0) < 32)
        return false;
    struct shape sh = {k, s, counter->sym, false, false, false, false};
    ast_walk(s->kid[3], shape_visit, &sh);
    return sh.accumulates && !sh.jumps && !sh.inner_loop && !sh.strided;
}

/* ---- variables ------------------------------------------------------------------------ */

static struct kvar *var_of(struct kctx *k, const struct sym *s)
{
    return s ? lower_map_get(&k->p->var_of, s) : NULL;
}

static struct kvar *new_var(struct kctx *k, struct sym *s)
{
    struct kvar *v = alloc(k, sizeof *v);
    v->sym = s;
    v->decl_region = -1;
    v->param_index = -1;
    lower_map_put(&k->o->L, &k->p->var_of, s, v);
    PUSH(k->p->vars, k->p->nvars, k->p->capvars, v);
    return v;
}

struct collect {
    struct kctx *k;
    struct ast *declaration;     /* the declaration being walked */
    struct ast *body;            /* the kernel's body */
    struct ast *parent_block;    /* the block holding `declaration` */
};

/* Every local declared in the kernel (walk of the body). */
static bool collect_visit(struct ast *n, void *arg)
{
    struct collect *c = arg;
    struct kctx *k = c->k;
    if (n->kind == AST_DECLARATION) {
        c->declaration = n;
        bool local_spec = ocl_has_attr(k->o, n->kid[0] ? n->kid[0]->kid[0] : NULL, "local");
        for (struct ast *i = n->kid[1] ? n->kid[1]->kid[0] : NULL; i; i = i->next) {
            if (i->kind != AST_INIT_DECLARATOR || !i->sym || i->sym->kind != SYM_OBJECT)
                continue;
            /* `__local int *p`: a private pointer to __local memory */
            bool local_mem = local_spec && ocl_in_local_space(k->o, i->sym);
            if (i->sym->storage != STORAGE_LOCAL && !local_mem)
                continue;
            struct kvar *v = new_var(k, i->sym);
            v->decl = i;
            v->declaration = n;
            v->local_mem = local_mem;
            const struct ocl_type *t = ocl_sym_type(k->o, i->sym);
            v->aggregate = t->kind == OCL_ARRAY || t->kind == OCL_STRUCT;
        }
    }
    return true;
}

/* Warn about __local declarations outside the kernel's outermost block. */
static void local_scope_warnings(struct kctx *k, struct ast *body)
{
    for (int i = 0; i < k->p->nvars; i++) {
        struct kvar *v = k->p->vars[i];
        if (!v->local_mem)
            continue;
        bool top = false;
        for (struct ast *s = body->kid[0] ? body->kid[0]->kid[0] : NULL; s; s = s->next)
            top |= s == v->declaration;
        if (!top) {
            k->p->not_opencl_c = true;
            struct mcc_loc loc = ocl_loc(k->o, v->declaration->begin);
            mcc_warning_at(&loc, "__local variable '%s' declared in an inner block: OpenCL C 1.2 "
                           "allows __local variables only at kernel function scope, so OpenCL "
                           "compilers reject kernel '%s'; its tasks run it as translated to C "
                           "(one copy per work-group, as older compilers did)",
                           v->sym->name->str, k->f->name);
        }
    }
}

/* The expression `lhs` changes: the variable at its root, when it is one of ours. */
static struct kvar *lvalue_root(struct kctx *k, struct ast *e)
{
    while (e) {
        if (e->kind == AST_IDENT)
            return var_of(k, e->sym);
        if (e->kind == AST_MEMBER && e->op == '.')
            e = e->kid[0];
        else if (e->kind == AST_SUBSCRIPT) {
            const struct ocl_type *t = ocl_expr_type(k->o, e->kid[0]);
            if (t->kind != OCL_ARRAY && t->kind != OCL_VECTOR)
                return NULL;
            e = e->kid[0];
        } else
            return NULL;
    }
    return NULL;
}

static bool writes_visit(struct ast *n, void *arg)
{
    struct kctx *k = arg;
    struct kvar *v = NULL;
    if (n->kind == AST_ASSIGN)
        v = lvalue_root(k, n->kid[0]);
    else if (n->kind == AST_POSTFIX ||
             (n->kind == AST_UNARY && (n->op == INC_OP || n->op == DEC_OP)))
        v = lvalue_root(k, n->kid[0]);
    else if (n->kind == AST_UNARY && n->op == '&') {
        struct kvar *a = lvalue_root(k, n->kid[0]);
        if (a)
            a->addr_taken = a->written = true;
    }
    if (v)
        v->written = true;
    /* an array (or a struct holding one) passed or assigned decays: its address escapes */
    if (n->kind == AST_IDENT) {
        struct kvar *a = var_of(k, n->sym);
        if (a && a->aggregate)
            a->addr_taken = true;
    }
    return true;
}

/* ---- where variables are used ---------------------------------------------------------- */

struct uses {
    struct kctx *k;
    int region;
};

static void use_in(struct kctx *k, struct kvar *v, int r)
{
    for (int i = 0; i < v->nregions; i++)
        if (v->regions[i] == r)
            return;
    PUSH(v->regions, v->nregions, v->capregions, r);
}

static bool uses_visit(struct ast *n, void *arg)
{
    struct uses *u = arg;
    if (n->kind == AST_IDENT) {
        struct kvar *v = var_of(u->k, n->sym);
        if (v)
            use_in(u->k, v, u->region);
    } else if (n->kind == AST_INIT_DECLARATOR && n->sym) {
        struct kvar *v = var_of(u->k, n->sym);
        if (v && v->decl == n) {
            v->decl_region = u->region;
            use_in(u->k, v, u->region);
        }
    }
    return true;
}

/* ---- first access of a variable in a region -------------------------------------------- */

struct refs {
    const struct sym *sym;
    bool found;
};

static bool refs_visit(struct ast *n, void *arg)
{
    struct refs *r = arg;
    if (r->found)
        return false;
    if (n->kind == AST_IDENT && n->sym == r->sym)
        r->found = true;
    return !r->found;
}

static bool refers(struct ast *n, const struct sym *s)
{
    struct refs r = {s, false};
    if (n)
        ast_walk(n, refs_visit, &r);
    return r.found;
}

/* Is `e` an assignment `v = x` with x not reading v? */
static bool kills(struct ast *e, const struct sym *s)
{
    return e && e->kind == AST_ASSIGN && e->op == '=' && e->kid[0]->kind == AST_IDENT &&
           e->kid[0]->sym == s && !refers(e->kid[1], s);
}

enum access { A_NONE, A_KILL, A_LIVE };

static enum access first_access(struct kregion *r, const struct sym *s)
{
    for (int i = 0; i < r->nitems; i++) {
        struct ast *n = r->items[i].node;
        if (r->items[i].role == KI_COND)
            return refers(n, s) ? A_LIVE : A_NONE;
        if (r->items[i].role == KI_EXPR)
            return kills(n, s) ? A_KILL : refers(n, s) ? A_LIVE : A_NONE;
        if (n->kind == AST_EXPR_STMT && kills(n->kid[0], s))
            return A_KILL;
        if (refers(n, s))
            return A_LIVE;
    }
    return A_NONE;
}

/* ---- rematerialisation ------------------------------------------------------------------ */

/* Can the initializer be computed again anywhere in the work-item's turn? */
static bool remat_safe(struct kctx *k, struct ast *e)
{
    if (!e)
        return false;
    switch (e->kind) {
    case AST_CONSTANT: case AST_SIZEOF:
        return true;
    case AST_IDENT: {
        if (!e->sym)
            return false;
        if (e->sym->kind == SYM_ENUM_CONST)
            return true;
        struct kvar *v = var_of(k, e->sym);
        if (v)
            return v->cls == K_PARAM || v->cls == K_REMAT || v->cls == K_UNIFORM ||
                   v->cls == K_UVAL;
        return false;
    }
    case AST_CALL: {
        const char *n = ocl_builtin_callee(k->o, e);
        static const char *const pure[] = {
            "get_global_id", "get_local_id", "get_group_id", "get_local_size",
            "get_global_size", "get_num_groups", "get_global_offset", "get_work_dim",
            "min", "max", "clamp", "abs", "mul24", "mad24", "sqrt", "fabs", "floor", "ceil",
        };
        bool ok = false;
        for (size_t i = 0; n && i < sizeof pure / sizeof pure[0]; i++)
            ok |= !strcmp(n, pure[i]);
        if (!ok && n && (!strncmp(n, "convert_", 8) || !strncmp(n, "as_", 3)))
            ok = true;
        if (!ok)
            return false;
        for (struct ast *a = e->kid[1] ? e->kid[1]->kid[0] : NULL; a; a = a->next)
            if (!remat_safe(k, a))
                return false;
        return true;
    }
    case AST_UNARY:
        return e->op != '*' && e->op != '&' && e->op != INC_OP && e->op != DEC_OP &&
               remat_safe(k, e->kid[0]);
    case AST_BINARY:
        return e->op != ',' && remat_safe(k, e->kid[0]) && remat_safe(k, e->kid[1]);
    case AST_CONDITIONAL:
        return e->kid[1] && remat_safe(k, e->kid[0]) && remat_safe(k, e->kid[1]) &&
               remat_safe(k, e->kid[2]);
    case AST_CAST:
        return remat_safe(k, e->kid[1]);
    case AST_MEMBER:
        return e->op == '.' && remat_safe(k, e->kid[0]);
    default:
        return false;
    }
}

/* ---- classification -------------------------------------------------------------------- */

static const char *moved_name(struct kctx *k, struct kvar *v)
{
    return arena_printf(k->o->L.a, "%s__%d", v->sym->name->str, k->o->serial++);
}

static void classify(struct kctx *k)
{
    struct ocl_kplan *p = k->p;
    /* first pass: everything but rematerialisation */
    for (int i = 0; i < p->nvars; i++) {
        struct kvar *v = p->vars[i];
        if (v->local_mem) {
            v->cls = K_LOCALMEM;
        } else if (v->param_index >= 0) {
            if (!v->written)
                v->cls = K_PARAM;
            else if (v->nregions <= 1)
                v->cls = K_ENTRY;
            else
                v->cls = K_PRIVATE;
        } else if (v->uniform_var) {
            v->cls = K_UNIFORM;     /* a uniform loop's counter: group-level C */
        } else if (v->nregions <= 1) {
            v->cls = K_REGION;
        } else if (v->uval > 0) {
            v->cls = K_UVAL;
        } else {
            v->cls = K_PRIVATE;
        }
    }
    /* rematerialisation: candidates, then drop those that need a dropped one */
    for (int i = 0; i < p->nvars; i++) {
        struct kvar *v = p->vars[i];
        if (v->cls == K_PRIVATE && v->param_index < 0 && !v->written && !v->addr_taken &&
            !v->aggregate && v->decl && v->decl->kid[1] &&
            v->decl->kid[1]->kind != AST_INIT_LIST)
            v->cls = K_REMAT;
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < p->nvars; i++) {
            struct kvar *v = p->vars[i];
            if (v->cls == K_REMAT && !remat_safe(k, v->decl->kid[1])) {
                v->cls = K_PRIVATE;
                changed = true;
            }
        }
    }
    /* shared: overwritten before being read in every region but its first */
    for (int i = 0; i < p->nvars; i++) {
        struct kvar *v = p->vars[i];
        if (v->cls != K_PRIVATE || v->param_index >= 0 || v->addr_taken || v->aggregate)
            continue;
        bool shared = true;
        for (int j = 0; j < v->nregions && shared; j++)
            if (v->regions[j] != v->decl_region &&
                first_access(p->regions[v->regions[j]], v->sym) != A_KILL)
                shared = false;
        if (shared)
            v->cls = K_SHARED;
    }
    for (int i = 0; i < p->nvars; i++) {
        struct kvar *v = p->vars[i];
        if (v->cls == K_SHARED || v->cls == K_PRIVATE || v->cls == K_LOCALMEM)
            v->name = moved_name(k, v);
    }
}

/* REMAT and ENTRY variables each region declares at its top, what they need first. */
static void add_redecl(struct kctx *k, struct kregion *r, struct kvar *v)
{
    for (int i = 0; i < r->nredecl; i++)
        if (r->redecl[i] == v)
            return;
    if (v->cls == K_REMAT) {
        /* the variables its initializer reads, before it */
        struct ocl_kplan *p = k->p;
        for (int i = 0; i < p->nvars; i++) {
            struct kvar *w = p->vars[i];
            if (w != v && w->cls == K_REMAT && refers(v->decl->kid[1], w->sym))
                add_redecl(k, r, w);
        }
    }
    PUSH(r->redecl, r->nredecl, r->capredecl, v);
}

static int cmp_redecl(const void *a, const void *b)
{
    const struct kvar *x = *(struct kvar *const *)a, *y = *(struct kvar *const *)b;
    size_t bx = x->decl->begin, by = y->decl->begin;
    return bx < by ? -1 : bx > by;
}

static void plan_redecls(struct kctx *k)
{
    struct ocl_kplan *p = k->p;
    for (int i = 0; i < p->nvars; i++) {
        struct kvar *v = p->vars[i];
        if (v->cls != K_REMAT && v->cls != K_ENTRY)
            continue;
        for (int j = 0; j < v->nregions; j++)
            if (v->regions[j] != v->decl_region)
                add_redecl(k, p->regions[v->regions[j]], v);
    }
    for (int i = 0; i < p->nregions; i++)
        if (p->regions[i]->nredecl > 1)
            qsort(p->regions[i]->redecl, (size_t)p->regions[i]->nredecl,
                  sizeof *p->regions[i]->redecl, cmp_redecl);
}

/* ---- bound guards ----------------------------------------------------------------------- */

/*
 * Kernels guard against the global size being rounded up: `if (i >= n) return;` first,
 * or the whole body under `if (i < n)`, i being get_global_id(d).  Kept as it is, the
 * guard is control flow in every work-item loop, which gcc does not vectorise (without
 * masked stores).  Since the work-items it stops do nothing else in the kernel, stopping
 * them at the loop instead is the same: the loops over dimension d run to
 * min(local size, n - first global id of the group) and the guard goes.
 */

/* The dimension whose global id `e` is (get_global_id(d), or a variable never changed
 * that holds it, through casts), else -1. */
static int global_id_of(struct kctx *k, struct ast *e)
{
    while (e && e->kind == AST_CAST)
        e = e->kid[1];
    if (!e)
        return -1;
    if (e->kind == AST_IDENT) {
        struct kvar *v = var_of(k, e->sym);
        if (!v || v->written || v->addr_taken || v->param_index >= 0 || !v->decl ||
            !v->decl->kid[1])
            return -1;
        return global_id_of(k, v->decl->kid[1]);
    }
    const char *n = e->kind == AST_CALL ? ocl_builtin_callee(k->o, e) : NULL;
    struct ast *arg = n && e->kid[1] ? e->kid[1]->kid[0] : NULL;
    if (!n || strcmp(n, "get_global_id") || !arg || arg->next || arg->kind != AST_CONSTANT)
        return -1;
    int d = k->o->L.text[arg->begin] - '0';
    return arg->end - arg->begin == 1 && d >= 0 && d < 3 ? d : -1;
}

/* A bound the same for every work-item: constants and unchanged integer parameters. */
static bool uniform_bound(struct kctx *k, struct ast *e)
{
    if (!e)
        return false;
    switch (e->kind) {
    case AST_CONSTANT:
        return ocl_is_integer(ocl_expr_type(k->o, e));
    case AST_IDENT: {
        struct kvar *v = var_of(k, e->sym);
        if (e->sym && e->sym->kind == SYM_ENUM_CONST)
            return true;
        return v && v->cls == K_PARAM && ocl_is_scalar(ocl_sym_type(k->o, e->sym)) &&
               ocl_is_integer(ocl_sym_type(k->o, e->sym));
    }
    case AST_BINARY:
        return (e->op == '+' || e->op == '-' || e->op == '*' || e->op == '/') &&
               uniform_bound(k, e->kid[0]) && uniform_bound(k, e->kid[1]);
    case AST_CAST:
        return ocl_is_integer(ocl_type_name_type(k->o, e->kid[0])) && uniform_bound(k, e->kid[1]);
    default:
        return false;
    }
}

/* Add the limits `c` sets: with `leave` the condition of leaving (ids >= bound, joined
 * by ||), else of staying (ids < bound, joined by &&).  False when c has another form. */
static bool guard_limits(struct kctx *k, struct ast *c, bool leave, const char **lim)
{
    if (c->kind == AST_BINARY && c->op == (leave ? OR_OP : AND_OP))
        return guard_limits(k, c->kid[0], leave, lim) && guard_limits(k, c->kid[1], leave, lim);
    if (c->kind != AST_BINARY)
        return false;
    struct ast *x = c->kid[0], *b = c->kid[1];
    int op = c->op, d = global_id_of(k, x);
    if (d < 0) {                      /* bound op id: flip */
        x = c->kid[1];
        b = c->kid[0];
        d = global_id_of(k, x);
        op = op == '<' ? '>' : op == '>' ? '<' : op == LE_OP ? GE_OP : op == GE_OP ? LE_OP : 0;
    }
    if (d < 0 || !uniform_bound(k, b))
        return false;
    int plus;                          /* the id must stay below bound + plus */
    if (leave && op == GE_OP)
        plus = 0;
    else if (leave && op == '>')
        plus = 1;
    else if (!leave && op == '<')
        plus = 0;
    else if (!leave && op == LE_OP)
        plus = 1;
    else
        return false;
    const char *t = arena_printf(k->o->L.a, "((long)(%s) + %d)", rewrite_text(k->o->L.rw,
                                 b->begin, b->end), plus);
    lim[d] = lim[d] ? ocl_name(k->o, OCLN_MIN_L, lim[d], t) : t;
    return true;
}

/* Declarations only, their initializers free of effects (what may precede a guard). */
static bool only_declarations(struct kctx *k, struct kregion *r, int upto)
{
    for (int i = 0; i < upto; i++) {
        struct ast *n = r->items[i].node;
        if (n->kind != AST_DECLARATION || r->items[i].role != KI_STMT)
            return false;
        for (struct ast *d = n->kid[1] ? n->kid[1]->kid[0] : NULL; d; d = d->next)
            if (d->kind != AST_INIT_DECLARATOR ||
                (d->kid[1] && (d->kid[1]->kind == AST_INIT_LIST || !remat_safe(k, d->kid[1]))))
                return false;
    }
    return true;
}

static bool is_return(struct ast *s)
{
    if (s && s->kind == AST_COMPOUND && s->kid[0] && s->kid[0]->kid[0] &&
        !s->kid[0]->kid[0]->next)
        s = s->kid[0]->kid[0];
    return s && s->kind == AST_RETURN && !s->kid[0];
}

static void find_guard(struct kctx *k)
{
    struct ocl_kplan *p = k->p;
    struct gnode *first = p->root && p->root->nkids ? p->root->kids[0] : NULL;
    if (!first || first->kind != G_REGION)
        return;
    struct kregion *r = first->region;
    const char *lim[3] = {0};
    for (int i = 0; i < r->nitems; i++) {
        struct ast *s = r->items[i].node;
        if (s->kind == AST_DECLARATION)
            continue;
        if (s->kind != AST_IF || s->kid[2] || !only_declarations(k, r, i))
            return;
        if (is_return(s->kid[1])) {
            if (!guard_limits(k, s->kid[0], true, lim))
                return;
        } else if (p->nregions == 1 && i == r->nitems - 1) {
            if (!guard_limits(k, s->kid[0], false, lim))
                return;     /* the whole rest under `if (ids < bounds)` */
        } else {
            return;
        }
        memcpy(p->limit, lim, sizeof lim);
        p->guard = s;
        return;
    }
}

/* ---- renames and jumps ---------------------------------------------------------------- */

static bool rename_visit(struct ast *n, void *arg)
{
    struct kctx *k = arg;
    if (n->kind != AST_IDENT)
        return true;
    struct kvar *v = var_of(k, n->sym);
    if (!v || !v->name)
        return true;
    const char *to = v->cls == K_PRIVATE ? arena_printf(k->o->L.a, "%s[nrt_wi]", v->name)
                                         : v->name;
    rewrite_replace(k->o->L.rw, n->begin, n->end, to);
    return true;
}

struct jumps {
    struct kctx *k;
    struct kregion *r;
    int loops, switches;         /* nesting inside the region's statement */
};

static void jumps_in(struct jumps *j, struct ast *n);

static void jumps_kids(struct jumps *j, struct ast *n)
{
    if (n->kind == AST_LIST) {
        for (struct ast *i = n->kid[0]; i; i = i->next)
            jumps_in(j, i);
        return;
    }
    for (int c = 0; c < 4; c++)
        if (n->kid[c] && !(n->kind == AST_PRAGMA && c == 0))
            jumps_in(j, n->kid[c]);
}

/* return, and break/continue that leave the region's statement, end the work-item's turn
 * in the region (and tell the group-level code what they meant). */
static void jumps_in(struct jumps *j, struct ast *n)
{
    if (!n || (n == j->k->p->guard && is_return(n->kid[1])))
        return;                     /* the guard: removed (find_guard) */
    struct kctx *k = j->k;
    struct kregion *r = j->r;
    const char *end = arena_printf(k->o->L.a, "goto %s;", ocl_name(k->o, OCLN_WIEND, r->id));
    switch (n->kind) {
    case AST_RETURN:
        /* with one region, ending the turn is enough; else later regions skip it too */
        r->wiend = true;
        if (k->p->nregions > 1) {
            k->p->has_return = true;
            end = arena_printf(k->o->L.a, "{ nrt_done[nrt_wi] = 1; %s }", end);
        }
        rewrite_replace(k->o->L.rw, n->begin, n->end, end);
        return;
    case AST_BREAK:
        if (j->loops || j->switches)
            return;
        if (!r->loop) {
            ocl_fail(k->o, n, "'break' outside a loop");
            return;
        }
        r->brk = r->wiend = r->loop->brk = true;
        rewrite_replace(k->o->L.rw, n->begin, n->end,
                        arena_printf(k->o->L.a, "{ nrt_brk = 1; %s }", end));
        return;
    case AST_CONTINUE:
        if (j->loops)
            return;
        if (!r->loop) {
            ocl_fail(k->o, n, "'continue' outside a loop");
            return;
        }
        r->cnt = r->wiend = r->loop->cnt = true;
        rewrite_replace(k->o->L.rw, n->begin, n->end,
                        arena_printf(k->o->L.a, "{ nrt_cnt = 1; %s }", end));
        return;
    case AST_FOR: case AST_WHILE: case AST_DO:
        j->loops++;
        jumps_kids(j, n);
        j->loops--;
        return;
    case AST_SWITCH:
        j->switches++;
        jumps_kids(j, n);
        j->switches--;
        return;
    default:
        jumps_kids(j, n);
    }
}

static bool goto_visit(struct ast *n, void *arg)
{
    struct kctx *k = arg;
    if (n->kind == AST_GOTO) {
        ocl_fail(k->o, n, "'goto' in a kernel with barriers");
        return false;
    }
    return true;
}

/* An integer constant expression of the text [c->s, c->e), as macros leave the arguments
 * of reqd_work_group_size (`(WARPS * WARP_SIZE)`, `LOCAL_SIZE / 2`): literals (u and l
 * suffixes), parentheses, unary + - ~ and the arithmetic, shift and bitwise operators.
 * Anything else (a name, a cast, sizeof) clears c->ok. */
struct cexpr {
    const char *s, *e;
    bool ok;
};

static void cx_space(struct cexpr *c)
{
    while (c->s < c->e && (*c->s == ' ' || *c->s == '\t' || *c->s == '\n' || *c->s == '\r'))
        c->s++;
}

static long cx_binary(struct cexpr *c, int min_prec);

static long cx_unary(struct cexpr *c)
{
    cx_space(c);
    if (c->s >= c->e) {
        c->ok = false;
        return 0;
    }
    char ch = *c->s;
    if (ch == '(') {
        c->s++;
        long v = cx_binary(c, 1);
        cx_space(c);
        if (c->s < c->e && *c->s == ')')
            c->s++;
        else
            c->ok = false;
        return v;
    }
    if (ch == '+' || ch == '-' || ch == '~') {
        c->s++;
        long v = cx_unary(c);
        return ch == '-' ? -v : ch == '~' ? ~v : v;
    }
    if (ch < '0' || ch > '9') {
        c->ok = false;
        return 0;
    }
    char *end;
    long v = strtol(c->s, &end, 0);
    c->s = end;
    while (c->s < c->e && strchr("uUlL", *c->s))
        c->s++;
    return v;
}

/* The operator at c->s and its precedence (higher binds tighter), or 0. */
static int cx_op(const struct cexpr *c, int *len)
{
    static const struct { const char *op; int prec; } ops[] = {
        {"<<", 4}, {">>", 4}, {"|", 1}, {"^", 2}, {"&", 3},
        {"+", 5}, {"-", 5}, {"*", 6}, {"/", 6}, {"%", 6},
    };
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        size_t n = strlen(ops[i].op);
        if ((size_t)(c->e - c->s) >= n && !memcmp(c->s, ops[i].op, n)) {
            *len = (int)n;
            return ops[i].prec;
        }
    }
    return 0;
}

static long cx_binary(struct cexpr *c, int min_prec)
{
    long a = cx_unary(c);
    for (;;) {
        cx_space(c);
        int len, prec = cx_op(c, &len);
        if (!c->ok || prec < min_prec || !prec)
            return a;
        char op = *c->s;
        c->s += len;
        long b = cx_binary(c, prec + 1);
        switch (op) {
        case '<': a = b >= 0 && b < 63 ? a << b : (c->ok = false, 0); break;
        case '>': a = b >= 0 && b < 63 ? a >> b : (c->ok = false, 0); break;
        case '|': a |= b; break;
        case '^': a ^= b; break;
        case '&': a &= b; break;
        case '+': a += b; break;
        case '-': a -= b; break;
        case '*': a *= b; break;
        default:
            if (!b)
                c->ok = false;
            else
                a = op == '/' ? a / b : a % b;
            break;
        }
    }
}

/* reqd_work_group_size(x, y, z) among the kernel's attributes: three positive integer
 * constant expressions (after the preprocessor). */
static void required_size(struct kctx *k)
{
    struct ast *specs = k->f->def->kid[0];
    for (struct ast *i = specs && specs->kid[0] ? specs->kid[0]->kid[0] : NULL; i; i = i->next) {
        if (i->kind != AST_ATTRIBUTE)
            continue;
        const char *s = k->o->L.text + i->begin;
        const char *e = k->o->L.text + i->end;
        const char *w = NULL;
        for (const char *q = s; q + 20 < e && !w; q++)
            if (!memcmp(q, "reqd_work_group_size", 20))
                w = q + 20;
        if (!w)
            continue;
        while (w < e && *w != '(')
            w++;
        int d = 0;
        bool ok = w < e;
        while (ok && d < 3 && w < e) {
            /* the argument: up to a comma or the closing parenthesis at its level */
            const char *a = ++w;
            int depth = 0;
            while (w < e && (depth || (*w != ',' && *w != ')'))) {
                depth += *w == '(' ? 1 : *w == ')' ? -1 : 0;
                w++;
            }
            struct cexpr c = {a, w, true};
            long v = cx_binary(&c, 1);
            cx_space(&c);
            ok = c.ok && c.s == w && v > 0;
            k->p->reqd[d++] = v;
            if (w >= e || *w == ')')
                break;
        }
        if (!ok || d != 3) {
            ocl_fail(k->o, i, "reqd_work_group_size needs three positive integer constants "
                     "(mcc takes literals and the operators + - * / %% << >> & | ^ ~ on them)");
            k->p->reqd[0] = k->p->reqd[1] = k->p->reqd[2] = 0;
        }
    }
}

void ocl_kernel_analyse(struct ocl *o, struct ocl_fn *f)
{
    struct ocl_kplan *p = arena_alloc(o->L.a, sizeof *p);
    struct kctx kc = {o, f, p, NULL, NULL}, *k = &kc;
    f->plan = p;
    struct ast *body = f->def->kid[3];
    required_size(k);
    /* parameters */
    struct ast *params = ast_declarator_params(f->def->kid[1]);
    for (struct ast *q = params ? params->kid[0] : NULL; q; q = q->next) {
        if (q->kind != AST_PARAM)
            continue;
        if (!q->sym) {
            if (!q->kid[1] && ocl_decl_type(o, q->kid[0], NULL)->kind == OCL_VOID)
                break;              /* (void) */
            ocl_fail(o, q, "a kernel parameter without a name");
            return;
        }
        if (ocl_sym_type(o, q->sym)->kind == OCL_OPAQUE) {
            ocl_fail(o, q, "an image parameter (images are not translated)");
            return;
        }
        struct kvar *v = new_var(k, q->sym);
        v->decl = q;
        v->param_index = p->nparams;
        PUSH(p->params, p->nparams, p->capparams, q);
    }
    struct collect c = {k, NULL, body, NULL};
    ast_walk(body, collect_visit, &c);
    ast_walk(body, writes_visit, k);
    if (!(p->root = build_body(k, body)))
        return;
    if (p->nregions > 1)
        ast_walk(body, goto_visit, k);
    for (int i = 0; i < p->nregions; i++) {
        struct kregion *r = p->regions[i];
        struct uses u = {k, r->id};
        for (int j = 0; j < r->nitems; j++)
            ast_walk(r->items[j].node, uses_visit, &u);
    }
    local_scope_warnings(k, body);
    classify(k);
    plan_redecls(k);
    if (getenv("MCC_OCL_DEBUG"))
        for (int i = 0; i < p->nvars; i++) {
            struct kvar *v = p->vars[i];
            fprintf(stderr, "mcc-ocl: %s: %s class %d regions", f->name, v->sym->name->str,
                    (int)v->cls);
            for (int j = 0; j < v->nregions; j++)
                fprintf(stderr, " %d", v->regions[j]);
            fprintf(stderr, " (declared in %d, uval %d)\n", v->decl_region, v->uval);
        }
    if (f->why_not)
        return;
    find_guard(k);
    /* renames of the variables that move, jumps out of regions */
    ast_walk(body, rename_visit, k);
    for (int i = 0; i < p->nregions; i++) {
        struct jumps j = {k, p->regions[i], 0, 0};
        for (int n = 0; n < p->regions[i]->nitems; n++)
            jumps_in(&j, p->regions[i]->items[n].node);
    }
    if (p->guard && is_return(p->guard->kid[1]))
        rewrite_replace(o->L.rw, p->guard->begin, p->guard->end, ";");
    else if (p->guard)
        rewrite_replace(o->L.rw, p->guard->begin, p->guard->kid[1]->begin, "");
}

/* ---- emission -------------------------------------------------------------------------- */

struct emit {
    struct ocl *o;
    struct ocl_fn *f;
    struct ocl_kplan *p;
    struct lower_buf *b;
    int depth;
};

static void indent(struct emit *e)
{
    for (int i = 0; i < e->depth; i++)
        lbuf_puts(e->b, "    ");
}

static const char *render(struct ocl *o, size_t begin, size_t end)
{
    return rewrite_text(o->L.rw, begin, end);
}

/* The declaration specifiers of `specs` without const/volatile (what a variable that is
 * assigned from an initializer needs). */
static const char *specs_text(struct ocl *o, struct ast *specs, bool keep_const)
{
    struct lower_buf b = {0};
    for (struct ast *i = specs && specs->kid[0] ? specs->kid[0]->kid[0] : NULL; i; i = i->next) {
        if (i->kind == AST_SPECIFIER && !keep_const &&
            (i->op == KW_CONST || i->op == KW_VOLATILE || i->op == KW_RESTRICT))
            continue;
        if (i->kind == AST_SPECIFIER && (i->op == KW_STATIC || i->op == KW_EXTERN ||
                                         i->op == KW_REGISTER || i->op == KW_AUTO))
            continue;
        if (i->kind == AST_ATTRIBUTE)
            continue;
        lbuf_printf(&b, "%s ", render(o, i->begin, i->end));
    }
    return b.s ? lbuf_take(&b, o->L.a) : "int ";
}

/* Declarator `d` with its name written `name` (NULL: left out: an abstract declarator). */
/* The array declarator of parameter name dn within d (`a[]`, `a[n]` of `a[n][m]`): the
 * pointer that C makes of it (6.7.6.3p7); NULL for other declarators. */
static struct ast *adjusted_array(struct ast *d, struct ast *dn)
{
    if (!dn->sym || !dn->sym->array_param)
        return NULL;
    for (; d && d != dn; d = d->kid[0])
        if (d->kind == AST_DECL_ARRAY && d->kid[0] == dn)
            return d;
    return NULL;
}

static const char *declarator_text(struct ocl *o, struct ast *d, const char *name)
{
    struct ast *dn = ast_declarator_name(d);
    if (!dn)
        return render(o, d->begin, d->end);
    struct ast *arr = adjusted_array(d, dn);
    if (arr)            /* as a pointer: `(*a)`, `(*a)[m]`; the size goes */
        return arena_printf(o->L.a, "%s(*%s)%s", render(o, d->begin, arr->begin),
                            name ? name : "", render(o, arr->end, d->end));
    return arena_printf(o->L.a, "%s%s%s", render(o, d->begin, dn->begin), name ? name : "",
                        render(o, dn->end, d->end));
}

/* The declaration of v as a variable of the work-group function. */
static const char *moved_decl(struct ocl *o, struct kvar *v)
{
    struct ast *specs = v->declaration ? v->declaration->kid[0] : v->decl->kid[0];
    struct ast *d = v->declaration ? v->decl->kid[0] : v->decl->kid[1];
    const char *name = v->cls == K_PRIVATE ? arena_printf(o->L.a, "(*%s)", v->name) : v->name;
    return arena_printf(o->L.a, "%s%s", specs_text(o, specs, v->cls == K_LOCALMEM),
                        declarator_text(o, d, name));
}

/* What a declaration statement of the kernel becomes: declarations of the variables that
 * stay, assignments to those that moved. */
static const char *declaration_text(struct emit *e, struct ast *decl)
{
    struct ocl *o = e->o;
    struct kctx kc = {o, e->f, e->p, NULL, NULL};
    bool any_moved = false;
    for (struct ast *i = decl->kid[1] ? decl->kid[1]->kid[0] : NULL; i; i = i->next) {
        struct kvar *v = var_of(&kc, i->sym);
        any_moved |= v && v->decl == i && (v->name || v->cls == K_LOCALMEM);
    }
    if (!any_moved)
        return render(o, decl->begin, decl->end);
    /* In order, unbraced: a declarator that stays a declaration is in scope for the rest
     * of the region (`int n = *count, lid = get_local_id(0);` with n moved: lid was
     * declared inside the braces, and the C did not compile) */
    struct lower_buf b = {0};
    lbuf_puts(&b, ";");
    for (struct ast *i = decl->kid[1] ? decl->kid[1]->kid[0] : NULL; i; i = i->next) {
        struct kvar *v = var_of(&kc, i->sym);
        struct ast *init = i->kid[1];
        if (!v || !v->name) {
            lbuf_printf(&b, " %s%s;", specs_text(o, decl->kid[0], true),
                        render(o, i->begin, i->end));
            continue;
        }
        if (v->cls == K_LOCALMEM || !init)
            continue;
        const char *ref = v->cls == K_PRIVATE ? arena_printf(o->L.a, "%s[nrt_wi]", v->name)
                                              : v->name;
        const char *x = render(o, init->begin, init->end);
        if (init->kind != AST_INIT_LIST)
            lbuf_printf(&b, " %s = %s;", ref, x);
        else if (v->aggregate && ocl_sym_type(o, v->sym)->kind == OCL_ARRAY)
            lbuf_printf(&b, " __builtin_memcpy(%s, (__typeof__(%s))%s, sizeof %s);", ref, ref, x,
                        ref);
        else
            lbuf_printf(&b, " %s = (__typeof__(%s))%s;", ref, ref, x);
    }
    return lbuf_take(&b, o->L.a);
}

/* A linemarker for the .cl line of `off`: what gcc says about the next line names the
 * kernel's own line (it counted on from the kernel's first line, into generated code). */
static int mark_line(struct emit *e, size_t off)
{
    struct mcc_loc at = source_loc(&e->o->L.t->src, off);
    if (!at.file)
        return 0;
    lbuf_printf(e->b, "# %d \"%s\"\n", at.line, at.file);
    return at.col;
}

/* A statement of a region, with the declarations of moved variables rewritten. */
static void emit_item(struct emit *e, const struct kitem *it)
{
    struct ocl *o = e->o;
    int col = mark_line(e, it->node->begin);
    if (col > 0 && it->role != KI_COND)
        lbuf_printf(e->b, "%*s", col - 1, "");  /* at its own column too */
    else
        indent(e);
    switch (it->role) {
    case KI_COND:
        lbuf_printf(e->b, "if (%s) nrt_c = 1;\n", render(o, it->node->begin, it->node->end));
        return;
    case KI_EXPR:
        lbuf_printf(e->b, "%s;\n", render(o, it->node->begin, it->node->end));
        return;
    case KI_STMT:
        if (it->node->kind == AST_DECLARATION)
            lbuf_printf(e->b, "%s\n", declaration_text(e, it->node));
        else
            lbuf_printf(e->b, "%s\n", render(o, it->node->begin, it->node->end));
        return;
    }
}

static void emit_redecl(struct emit *e, struct kvar *v)
{
    struct ocl *o = e->o;
    mark_line(e, v->decl->begin);
    indent(e);
    if (v->cls == K_ENTRY) {
        lbuf_printf(e->b, "%s%s = %s;\n", specs_text(o, v->decl->kid[0], false),
                    declarator_text(o, v->decl->kid[1], v->sym->name->str),
                    ocl_name(o, OCLN_ARG, v->sym->name->str));
        return;
    }
    struct ast *init = v->decl->kid[1];
    lbuf_printf(e->b, "%s%s = %s; (void)%s;\n", specs_text(o, v->declaration->kid[0], true),
                declarator_text(o, v->decl->kid[0], v->sym->name->str),
                render(o, init->begin, init->end), v->sym->name->str);
}

/* The uniform values a region declares, at group level before its work-item loops. */
static void emit_uvals(struct emit *e, struct kregion *r)
{
    for (int i = 0; i < e->p->nvars; i++) {
        struct kvar *v = e->p->vars[i];
        if (v->cls == K_UVAL && v->decl_region == r->id)
            emit_redecl(e, v);
    }
}

/* The work-item loops around a region's statements. */
/* Does the region only declare uniform values (now declared at group level)? */
static bool only_uvals(struct emit *e, struct kregion *r)
{
    struct kctx kc = {e->o, e->f, e->p, NULL, NULL};
    if (r->nredecl)
        return false;
    for (int i = 0; i < r->nitems; i++) {
        struct ast *n = r->items[i].node;
        if (r->items[i].role != KI_STMT || n->kind != AST_DECLARATION || !n->kid[1])
            return false;
        for (struct ast *d = n->kid[1]->kid[0]; d; d = d->next) {
            struct kvar *v = var_of(&kc, d->sym);
            if (!v || v->cls != K_UVAL)
                return false;
        }
    }
    return true;
}

static void emit_region(struct emit *e, struct kregion *r)
{
    emit_uvals(e, r);
    if (only_uvals(e, r))
        return;
    if (r->nitems == 1 && r->items[0].role == KI_COND) {
        indent(e);
        lbuf_puts(e->b, "nrt_c = 0;\n");
    }
    indent(e);
    lbuf_printf(e->b, "NRT_CL_WORK_ITEMS {\n");
    e->depth++;
    if (e->p->has_return) {
        indent(e);
        lbuf_puts(e->b, "if (nrt_done[nrt_wi]) continue;\n");
    }
    for (int i = 0; i < r->nredecl; i++)
        emit_redecl(e, r->redecl[i]);
    for (int i = 0; i < r->nitems; i++)
        emit_item(e, &r->items[i]);
    if (r->wiend) {
        indent(e);
        lbuf_printf(e->b, "%s: ;\n", ocl_name(e->o, OCLN_WIEND, r->id));
    }
    e->depth--;
    indent(e);
    lbuf_puts(e->b, "}\n");
    if (r->brk && r->loop) {
        indent(e);
        lbuf_printf(e->b, "if (nrt_brk) { nrt_brk = 0; goto %s; }\n",
                    ocl_name(e->o, OCLN_BRK, r->loop->id));
    }
    if (r->cnt && r->loop) {
        indent(e);
        lbuf_printf(e->b, "if (nrt_cnt) { nrt_cnt = 0; goto %s; }\n",
                    ocl_name(e->o, OCLN_CNT, r->loop->id));
    }
}

static void emit_g(struct emit *e, struct gnode *g)
{
    if (!g)
        return;
    switch (g->kind) {
    case G_SEQ:
        for (int i = 0; i < g->nkids; i++)
            emit_g(e, g->kids[i]);
        return;
    case G_REGION:
        emit_region(e, g->region);
        return;
    case G_IF:
        indent(e);
        if (g->uniform) {
            lbuf_printf(e->b, "if (%s) {\n", render(e->o, g->node->kid[0]->begin,
                                                      g->node->kid[0]->end));
        } else {
            emit_region(e, g->cond);
            indent(e);
            lbuf_puts(e->b, "if (nrt_c) {\n");
        }
        e->depth++;
        emit_g(e, g->body);
        e->depth--;
        if (g->other) {
            indent(e);
            lbuf_puts(e->b, "} else {\n");
            e->depth++;
            emit_g(e, g->other);
            e->depth--;
        }
        indent(e);
        lbuf_puts(e->b, "}\n");
        return;
    case G_LOOP: {
        bool is_do = g->node->kind == AST_DO;
        if (g->uniform) {
            struct ast *s = g->node;
            indent(e);
            lbuf_printf(e->b, "for (%s %s; %s) {\n", render(e->o, s->kid[0]->begin, s->kid[0]->end),
                        render(e->o, s->kid[1]->begin, s->kid[1]->end),
                        render(e->o, s->kid[2]->begin, s->kid[2]->end));
            e->depth++;
            emit_g(e, g->body);
            if (g->loop->cnt) {
                indent(e);
                lbuf_printf(e->b, "%s: ;\n", ocl_name(e->o, OCLN_CNT, g->loop->id));
            }
            e->depth--;
            indent(e);
            lbuf_puts(e->b, "}\n");
            if (g->loop->brk) {
                indent(e);
                lbuf_printf(e->b, "%s: ;\n", ocl_name(e->o, OCLN_BRK, g->loop->id));
            }
            return;
        }
        if (g->init)
            emit_region(e, g->init);
        indent(e);
        lbuf_puts(e->b, "for (;;) {\n");
        e->depth++;
        if (!is_do && g->cond) {
            emit_region(e, g->cond);
            indent(e);
            lbuf_puts(e->b, "if (!nrt_c) break;\n");
        }
        emit_g(e, g->body);
        if (g->loop->cnt) {
            indent(e);
            lbuf_printf(e->b, "%s: ;\n", ocl_name(e->o, OCLN_CNT, g->loop->id));
        }
        if (g->step)
            emit_region(e, g->step);
        if (is_do && g->cond) {
            emit_region(e, g->cond);
            indent(e);
            lbuf_puts(e->b, "if (!nrt_c) break;\n");
        }
        e->depth--;
        indent(e);
        lbuf_puts(e->b, "}\n");
        if (g->loop->brk) {
            indent(e);
            lbuf_printf(e->b, "%s: ;\n", ocl_name(e->o, OCLN_BRK, g->loop->id));
        }
        return;
    }
    }
}

/* How the launch passes parameter q: buffer, __local, value (NANORT_KARG_*). */
static int param_kind(struct ocl *o, struct ast *q)
{
    const struct ocl_type *t = ocl_sym_type(o, q->sym);
    if (t->kind != OCL_POINTER)
        return 0;
    return t->space == OCL_LOCAL ? 2 : 1;
}

/* The parameters, read from the launch. */
static void emit_params(struct emit *e)
{
    struct ocl *o = e->o;
    struct kctx kc = {o, e->f, e->p, NULL, NULL};
    for (int i = 0; i < e->p->nparams; i++) {
        struct ast *q = e->p->params[i];
        struct kvar *v = var_of(&kc, q->sym);
        const char *name = q->sym->name->str;
        int kind = param_kind(o, q);
        bool stays = v->cls == K_PARAM;
        const char *cname = stays ? name : ocl_name(o, OCLN_ARG, name);
        const char *decl = arena_printf(o->L.a, "%s%s", specs_text(o, q->kid[0], stays),
                                        declarator_text(o, q->kid[1], cname));
        indent(e);
        if (kind == 2)
            lbuf_printf(e->b, "%s = nrt_cl_local_alloc(nrt_r->arg_size[%d]);\n", decl, i);
        else if (kind == 1)
            lbuf_printf(e->b, "%s = (__typeof__(%s))*(void *const *)nrt_r->args[%d];\n", decl,
                        cname, i);
        else
            lbuf_printf(e->b, "%s = *(const __typeof__(%s) *)nrt_r->args[%d];\n", decl, cname, i);
        if (kind == 1) {            /* misaligned vectors would fault: a message instead */
            indent(e);
            lbuf_printf(e->b, "if ((__UINTPTR_TYPE__)%s %% __alignof__(*%s)) "
                              "nanort_opencl_cpu_misaligned(\"%s\", \"%s\", (const void *)%s, "
                              "__alignof__(*%s));\n", cname, cname, e->f->name, name, cname,
                        cname);
        }
        indent(e);
        lbuf_printf(e->b, "(void)%s;\n", cname);
    }
}

/* Can the runtime choose the work-groups itself?  One region (no barrier, no loop run at
 * group level), no __local memory, no local or group id, size or async copy in the
 * kernel or what it calls. */
static int group_free(struct ocl *o, struct ocl_fn *f)
{
    struct ocl_kplan *p = f->plan;
    if (f->sees_group || p->nregions != 1 || p->reqd[0] > 0)
        return 0;
    for (int i = 0; i < p->nvars; i++)
        if (p->vars[i]->cls == K_LOCALMEM)
            return 0;
    for (int i = 0; i < p->nparams; i++)
        if (param_kind(o, p->params[i]) == 2)
            return 0;
    return 1;
}

/* The argument table of the registration: kind, size and (buffers) element alignment of
 * each parameter. */
static void emit_registration(struct ocl *o, struct ocl_fn *f, const char *fn)
{
    struct ocl_kplan *p = f->plan;
    struct lower_buf *b = &o->L.tail;
    lbuf_printf(b, "static const unsigned char %s_kinds[] = {", fn);
    for (int i = 0; i < p->nparams; i++)
        lbuf_printf(b, "%s%d", i ? ", " : "", param_kind(o, p->params[i]));
    lbuf_printf(b, "%s};\nstatic const size_t %s_sizes[] = {", p->nparams ? "" : "0", fn);
    for (int i = 0; i < p->nparams; i++) {
        struct ast *q = p->params[i];
        lbuf_printf(b, "%ssizeof(%s%s)", i ? ", " : "", specs_text(o, q->kid[0], true),
                    declarator_text(o, q->kid[1], NULL));
    }
    lbuf_printf(b, "%s};\n", p->nparams ? "" : "0");
    /* a buffer's element alignment: one not at a multiple of it gets an aligned copy */
    lbuf_printf(b, "static const size_t %s_align[] = {", fn);
    for (int i = 0; i < p->nparams; i++) {
        struct ast *q = p->params[i];
        const struct ocl_type *t = ocl_sym_type(o, q->sym);
        if (param_kind(o, q) == 1 && t->of && t->of->kind != OCL_VOID)
            lbuf_printf(b, "%s__alignof__(*(%s%s)0)", i ? ", " : "",
                        specs_text(o, q->kid[0], true), declarator_text(o, q->kid[1], NULL));
        else
            lbuf_printf(b, "%s0", i ? ", " : "");
    }
    lbuf_printf(b, "%s};\n", p->nparams ? "" : "0");
    lower_emit_opencl_cpu_kernel(b, arena_printf(o->L.a, "%s_desc", fn), o->source, f->name, fn,
                                 p->nparams, arena_printf(o->L.a, "%s_kinds", fn),
                                 arena_printf(o->L.a, "%s_sizes", fn),
                                 arena_printf(o->L.a, "%s_align", fn), p->reqd, p->not_opencl_c,
                                 group_free(o, f));
    lbuf_printf(b, "__attribute__((constructor)) static void %s_register(void) "
                "{ nanort_opencl_cpu_kernel(&%s_desc); }\n", fn, fn);
}

void ocl_kernel_emit(struct ocl *o, struct ocl_fn *f)
{
    struct ocl_kplan *p = f->plan;
    struct lower_buf b = {0};
    struct emit e = {o, f, p, &b, 1};
    const char *fn = lower_name(&o->L, LN_CL, f->name, -1);
    struct kctx kc = {o, f, p, NULL, NULL};
    lbuf_printf(&b, "/* kernel %s: work-groups [nrt_first, nrt_first + nrt_count) of a launch, "
                "each as loops over its work-items */\n"
                "NRT_CL_CLONES static void %s(const struct nanort_cl_range *nrt_r, "
                "size_t nrt_first, size_t nrt_count)\n{\n", f->name, fn);
    emit_params(&e);
    for (int d = 0; d < 3; d++) {
        const char *ls = ocl_name(o, OCLN_LS, d), *gs = ocl_name(o, OCLN_GS, d);
        const char *ng = ocl_name(o, OCLN_NG, d), *off = ocl_name(o, OCLN_OFF, d);
        if (p->reqd[d] > 0)
            lbuf_printf(&b, "    const size_t %s = %ld;\n", ls, p->reqd[d]);
        else
            lbuf_printf(&b, "    const size_t %s = nrt_r->local_size[%d];\n", ls, d);
        lbuf_printf(&b, "    const size_t %s = nrt_r->global_size[%d], %s = "
                    "nrt_r->num_groups[%d], %s = nrt_r->global_offset[%d];\n"
                    "    (void)%s; (void)%s;\n", gs, d, ng, d, off, d, gs, off);
    }
    lbuf_puts(&b, "    const int nrt_li0 = (int)nrt_ls0, nrt_li1 = (int)nrt_ls1; (void)nrt_li0; "
                  "(void)nrt_li1;\n"
                  "    const unsigned nrt_dim = nrt_r->work_dim; (void)nrt_dim;\n"
                  "    const size_t nrt_nwi = nrt_ls0 * nrt_ls1 * nrt_ls2; (void)nrt_nwi;\n"
                  "    struct nrt_cl_group nrt_G = {.dim = nrt_dim, .ls = {nrt_ls0, nrt_ls1, "
                  "nrt_ls2}, .gs = {nrt_gs0, nrt_gs1, nrt_gs2}, .ng = {nrt_ng0, nrt_ng1, nrt_ng2}, "
                  ".off = {nrt_off0, nrt_off1, nrt_off2}};\n"
                  "    const struct nrt_cl_group *const nrt_x = &nrt_G; (void)nrt_x;\n"
                  "    int nrt_c = 0, nrt_brk = 0, nrt_cnt = 0; (void)nrt_c; (void)nrt_brk; "
                  "(void)nrt_cnt;\n");
    /* variables of the work-group function */
    for (int i = 0; i < p->nvars; i++) {
        struct kvar *v = p->vars[i];
        if (v->cls == K_LOCALMEM || v->cls == K_SHARED)
            lbuf_printf(&b, "    %s;\n", moved_decl(o, v));
        else if (v->cls == K_PRIVATE)
            lbuf_printf(&b, "    %s = nrt_cl_alloc(nrt_nwi * sizeof *%s);\n", moved_decl(o, v),
                        v->name);
    }
    if (p->has_return)
        lbuf_puts(&b, "    unsigned char *nrt_done = nrt_cl_alloc(nrt_nwi);\n");
    lbuf_puts(&b, "    for (size_t nrt_g = nrt_first; nrt_g < nrt_first + nrt_count; nrt_g++) {\n"
                  "        const size_t nrt_grp0 = nrt_g % nrt_ng0, nrt_grp1 = nrt_g / nrt_ng0 % "
                  "nrt_ng1, nrt_grp2 = nrt_g / nrt_ng0 / nrt_ng1;\n"
                  "        const size_t nrt_gb0 = nrt_grp0 * nrt_ls0 + nrt_off0, nrt_gb1 = "
                  "nrt_grp1 * nrt_ls1 + nrt_off1, nrt_gb2 = nrt_grp2 * nrt_ls2 + nrt_off2;\n"
                  "        const int nrt_gbi0 = (int)nrt_gb0, nrt_gbi1 = (int)nrt_gb1, nrt_gbi2 = "
                  "(int)nrt_gb2;\n"
                  "        (void)nrt_gbi0; (void)nrt_gbi1; (void)nrt_gbi2;\n"
                  "        nrt_G.grp[0] = nrt_grp0; nrt_G.grp[1] = nrt_grp1; nrt_G.grp[2] = "
                  "nrt_grp2;\n"
                  "        nrt_G.gb[0] = nrt_gb0; nrt_G.gb[1] = nrt_gb1; nrt_G.gb[2] = nrt_gb2;\n");
    e.depth = 2;
    for (int d = 0; d < 3; d++) {
        const char *ls = ocl_name(o, OCLN_LS, d), *lim = ocl_name(o, OCLN_LIM, d);
        const char *left = ocl_name(o, OCLN_LEFT, d);
        if (p->limit[d])
            lbuf_printf(&b, "        long %s = %s - (long)%s;\n"
                        "        const int %s = %s < 0 ? 0 : %s > (long)%s ? "
                        "(int)%s : (int)%s;\n", left, p->limit[d], ocl_name(o, OCLN_GB, d), lim,
                        left, left, ls, ls, left);
        else
            lbuf_printf(&b, "        const int %s = (int)%s;\n", lim, ls);
    }
    if (p->has_return)
        lbuf_puts(&b, "        __builtin_memset(nrt_done, 0, nrt_nwi);\n");
    /* changed parameters used in several regions: each work-item's copy */
    for (int i = 0; i < p->nvars; i++) {
        struct kvar *v = p->vars[i];
        if (v->param_index >= 0 && v->cls == K_PRIVATE)
            lbuf_printf(&b, "        NRT_CL_WORK_ITEMS { %s[nrt_wi] = %s; }\n", v->name,
                        ocl_name(o, OCLN_ARG, v->sym->name->str));
    }
    emit_g(&e, p->root);
    lbuf_puts(&b, "    }\n");
    for (int i = 0; i < p->nvars; i++)
        if (p->vars[i]->cls == K_PRIVATE)
            lbuf_printf(&b, "    nrt_cl_free(%s);\n", p->vars[i]->name);
    if (p->has_return)
        lbuf_puts(&b, "    nrt_cl_free(nrt_done);\n");
    for (int i = 0; i < p->nparams; i++)
        if (param_kind(o, p->params[i]) == 2) {
            struct kvar *v = var_of(&kc, p->params[i]->sym);
            lbuf_printf(&b, "    nrt_cl_free(%s);\n",
                        v->cls == K_PARAM ? v->sym->name->str
                                          : ocl_name(o, OCLN_ARG, v->sym->name->str));
        }
    lbuf_puts(&b, "}\n");
    mark_line(&e, f->def->end - 1);     /* the rest of the source counts on from its '}' */
    rewrite_replace(o->L.rw, f->def->begin, f->def->end, lbuf_take(&b, o->L.a));
    emit_registration(o, f, fn);
}
