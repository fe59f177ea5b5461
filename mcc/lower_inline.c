/*
 * lower_inline.c - inline tasks (a statement under `#pragma omp task`) and loops
 * (taskloop, for) split into tasks.
 *
 * The statement is outlined into `static void <fn>__nrt_task<N>(void *, nanort_ctx *)`
 * placed before the enclosing function, with an environment struct
 * `struct <fn>__nrt_env<N>` holding one member per captured variable:
 *   firstprivate / private  the variable's own declaration     uses become (__nrt_e->x)
 *   shared                  a pointer to it: T (*x)            uses become (*__nrt_e->x)
 *   reduction               a private copy and a pointer to the original, combined at
 *                           the end under a named critical section
 * Declarations are printed from the source (specifiers without storage class plus the
 * declarator), so types declared inside the function cannot be captured (reported).
 * Data sharing follows OMPSS.md: locals firstprivate, statics and globals shared, a name
 * that is the base of a dependence (not through a pointer) shared; explicit clauses win.
 */
#include "mcc.h"
#include "c.tab.h"
#include "nanort.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct capture {
    struct lower *L;
    struct ast *node;               /* the statement outlined */
    struct lower_var *vars;
    bool serial;                    /* a worksharing body writes a variable private to the
                                       threads of its parallel region: run it as one task */
    bool here;                      /* ... and that task runs at once, on this thread: the
                                       body names a threadprivate variable */
    const char *construct;          /* the directive's name, for messages */
    bool reported;
};

static void capture_tree(struct capture *c, struct ast *n);
static const char *fn_name(struct lower *L);


/* Locals and parameters are captured when the task names them; a file-scope object only
 * when a private, firstprivate or reduction clause lists it (`global`), or the task or
 * region the code is in has a copy of it, since globals are otherwise shared and used
 * directly. */
static bool capturable(const struct sym *s, bool global)
{
    return s && (s->kind == SYM_OBJECT || s->kind == SYM_PARAM) && (s->depth > 0 || global) &&
           s->type != TYPE_FUNCTION;
}

static struct lower_var *cap_find(struct capture *c, const struct sym *s)
{
    for (struct lower_var *v = c->vars; v; v = v->next)
        if (v->sym == s)
            return v;
    return NULL;
}

/* A GNU nested function of the function being lowered, defined before the outlined code
 * (one defined inside it moves with it).  The outlined function is at file scope, or a
 * nested one whose address the task type keeps across calls of the parent: neither can
 * reach the static chain, the frame of the call that created the task, that a nested
 * function needs.  Passing its address as a trampoline would tie the task to an executable
 * stack; refused until a task can carry its creator's frame (gcc -fopenmp does). */
static bool enclosing_nested_function(struct capture *c, const struct sym *s, size_t off)
{
    if (!s || s->kind != SYM_FUNCTION || s->depth == 0 || !s->decl ||
        s->decl->kind != AST_FUNCTION_DEF || lower_declared_inside(s, c->node))
        return false;
    if (!c->reported) {
        struct lower *L = c->L;
        struct mcc_loc at = source_loc(&L->t->src, off);
        const char *fn = fn_name(L);
        mcc_error_at(&at, "sorry, unimplemented: '%.*s' is a nested function of '%s', and "
                     "the body of '#pragma omp %s' is moved out of '%s' (define '%.*s' at "
                     "file scope, passing what it uses of '%s' as parameters)",
                     (int)s->name->len, s->name->str, fn, c->construct, fn,
                     (int)s->name->len, s->name->str, fn);
        c->reported = true;
    }
    return true;
}

/* An array sized by its initializer whose element type is declared in the function
 * (`lrow r = {1, 2};` with a local `typedef long lrow[];`, `struct p r[] = {...}` with a
 * local struct): no outlined function at file scope can declare it again, so the task is
 * outlined inside the function (needs_local), where `__typeof__(r)` is its complete type. */
static bool local_unsized(struct lower *L, struct sym *s)
{
    return lower_unsized_local(s) && !lower_decl_text_subst(L, s, NULL, NULL, 0, false);
}

static struct lower_var *cap_add(struct capture *c, struct sym *s, size_t off, bool global)
{
    if (enclosing_nested_function(c, s, off))
        return NULL;
    if (s && lower_map_get(&c->L->tp_moved, s))
        return NULL;                /* at file scope now: named directly, as a global */
    if (s && s->depth > 0 && lower_map_get(&c->L->thread_local, s) && !lower_declared_inside(s, c->node) &&
        strcmp(c->construct, "task") == 0 && !cap_find(c, s)) {
        struct mcc_loc at = source_user_loc(&c->L->t->src, off);
        mcc_warning_at(&at, "the task names '%.*s', a static local threadprivate variable that "
                       "mcc cannot move to file scope: it uses the copy of the thread that "
                       "creates it, not of the one that runs it (declare '%.*s' alone, with "
                       "types declared outside the function)", (int)s->name->len, s->name->str,
                       (int)s->name->len, s->name->str);
    }
    bool copied = s && s->depth == 0 && !global && lower_frame_copy(c->L, s);
    if (!capturable(s, global || copied) || lower_declared_inside(s, c->node))
        return NULL;
    struct lower_var *v = cap_find(c, s);
    if (v)
        return v;
    v = arena_alloc(c->L->a, sizeof *v);
    v->sym = s;
    v->first_use = off;
    v->share = LOWER_FIRSTPRIVATE;
    v->next = c->vars;
    c->vars = v;
    /* A variably modified type: the task records its bounds when it is created
     * (capture_vm); those beyond a function declarator are written as declared, and need
     * the variables they name. */
    struct ast *d = lower_full_declarator(s);
    if (d && lower_sym_is_vm(s) && !local_unsized(c->L, s)) {
        v->vm = true;
        for (struct ast *a = d; a && a->kind != AST_DECL_NAME; a = a->kid[0])
            if (a->kind == AST_DECL_ARRAY && a->kid[1] && lower_vla_bound_kept(a))
                capture_tree(c, a->kid[1]);
    }
    return v;
}

struct text_cap {
    struct capture *c;
    size_t off;
};

static const char *cap_name(void *arg, const char *s, size_t n)
{
    struct text_cap *t = arg;
    cap_add(t->c, lower_resolve(t->c->L, s, n, t->off), t->off, false);
    return NULL;
}

static void capture_text(struct capture *c, const char *text, size_t off)
{
    struct text_cap t = {c, off};
    lower_map_idents(c->L, text, cap_name, &t);
}

/* Every local the tree names, in code and in the pragmas inside it. */
static void capture_tree(struct capture *c, struct ast *n)
{
    if (!n)
        return;
    if (n->kind == AST_LIST) {
        for (struct ast *i = n->kid[0]; i; i = i->next)
            capture_tree(c, i);
        return;
    }
    if (n->kind == AST_PRAGMA) {
        capture_text(c, lower_src(c->L, n->begin, n->end), n->begin);
        return;
    }
    for (struct ast *p = n->pragma; p; p = p->kid[0])
        capture_text(c, lower_src(c->L, p->begin, p->end), p->begin);
    if (n->kind == AST_IDENT)
        cap_add(c, n->sym, n->begin, false);
    for (int k = 0; k < 4; k++)
        capture_tree(c, n->kid[k]);
}

/* ---- data sharing ----------------------------------------------------------------- */

static struct sym *ref_sym(struct lower *L, const struct omp_ref *r, size_t off)
{
    const struct omp_ref *root = omp_ref_root(r);
    if (root->kind != OMP_REF_NAME)
        return NULL;
    return lower_resolve(L, root->text.text, strlen(root->text.text), off);
}

/* Does the reference reach its root without going through a pointer?  A subscript, a
 * section, a shaping or a `*` applied to an ARRAY object works on that array itself
 * (`out([n]a)`, `in(a[0;n])`, `inout(*a)`); applied to a pointer (a parameter declared as
 * an array is one) it works on what the pointer points to, as does the parameter's name
 * alone (`inout(a)` of `double a[10]`: its ten elements). */
static bool ref_shares_base(struct lower *L, const struct omp_ref *r, struct sym *s)
{
    if (r && r->kind == OMP_REF_NAME && s->array_param)
        return false;           /* the array it points to (lower_deps.c): a pointer */
    for (; r && r->kind != OMP_REF_NAME; r = r->base) {
        switch (r->kind) {
        case OMP_REF_MEMBER: case OMP_REF_MULTI:
            break;
        case OMP_REF_SUBSCRIPT: case OMP_REF_SECTION: case OMP_REF_SHAPE: case OMP_REF_DEREF:
            if (r->base->kind == OMP_REF_NAME && s->type != TYPE_ARRAY)
                return false;
            break;
        default:
            return false;
        }
    }
    (void)L;
    return true;
}

/* The clauses of a construct one by one: its directive's, then its `target` line's
 * (copy_in/out/inout there name data of the task too).  NULL past the last. */
static const struct omp_clause *dir_clause(const struct lower_dir *d, int i)
{
    int n = d->dir ? d->dir->nclauses : 0;
    if (i < n)
        return &d->dir->clauses[i];
    i -= n;
    return d->target && i < d->target->nclauses ? &d->target->clauses[i] : NULL;
}

static bool is_sharing_clause(enum omp_clause_kind k)
{
    return k == OMP_CL_SHARED || k == OMP_CL_PRIVATE || k == OMP_CL_FIRSTPRIVATE ||
           k == OMP_CL_REDUCTION || k == OMP_CL_LASTPRIVATE || k == OMP_CL_DETACH;
}

/* Dependences and copies first (they share the base of what they name, OMPSS.md "Data
 * sharing in inline tasks"), then the data-sharing clauses, which win. */
/* Inside a taskgraph's block: what a construct captured, or a variable a clause made its
 * data, for the taskgraph's watch list (lower_taskgraph.c). */
static void log_capture(struct lower *L, const struct lower_var *vars, const struct sym *data)
{
    struct lower_capture_log *e = arena_alloc(L->a, sizeof *e);
    *e = (struct lower_capture_log){NULL, vars, data};
    *L->capture_log = e;
    L->capture_log = &e->next;
}

/* Whether clause cl makes r's base s the construct's shared data (a dependence or copy
 * of the variable itself, shared, a reduction). */
static bool clause_shares(struct lower *L, const struct omp_clause *cl, const struct omp_ref *r,
                          struct sym *s)
{
    if (cl->kind == OMP_CL_SHARED || cl->kind == OMP_CL_REDUCTION)
        return true;
    return (cl->dep != OMP_DEP_NONE || cl->kind == OMP_CL_COPY_IN ||
            cl->kind == OMP_CL_COPY_OUT || cl->kind == OMP_CL_COPY_INOUT) &&
           ref_shares_base(L, r, s);
}

/* Does clause cl decide the data sharing of what it names?  OpenMP's depend does not
 * where the construct has a default of its own other than shared: `task
 * default(firstprivate) depend(inout: x)` copies x, and default(none) asks for x in a
 * data-sharing clause (gcc: "'x' not specified in enclosing 'task'"); without one, the
 * OmpSs rule shares the base of a dependence. */
static bool decides_sharing(const struct lower_dir *d, const struct omp_clause *cl)
{
    const struct omp_clause *def = omp_find_clause(d->dir, OMP_CL_DEFAULT);
    return cl->kind != OMP_CL_DEPEND || !def || def->def == OMP_DEFAULT_SHARED;
}

/* Item r of reduction clause cl of d on variable v (symbol s).  A member item (`s->total`,
 * `st.sum`) or one of several parts of v (`e[0]`, `e[3]`) is reduced in place
 * (lower_reduction_in_place): v is data-shared as a dependence's base is; another item gets
 * v's private copy, one per variable (check.c refuses the variable beside a part of it). */
static void reduction_item(struct lower *L, struct lower_var *v, const struct omp_directive *d,
                           const struct omp_clause *cl, const struct omp_ref *r, struct sym *s)
{
    bool in_place = lower_reduction_in_place(L, d, r);
    const struct omp_ref *other = v->share == LOWER_REDUCTION ? v->red_ref
                                  : in_place ? NULL : v->red_in_place;
    if (other)
        mcc_error_at(&r->text.loc, "sorry, unimplemented: reductions over two parts of '%s' "
                     "('%s' and '%s') on one construct; reduce one section that holds both",
                     omp_ref_root(r)->text.text, other->text.text, r->text.text);
    if (in_place) {
        if (!v->red_in_place)
            v->red_in_place = r;
        if (ref_shares_base(L, r, s))
            v->share = LOWER_SHARED;
        return;
    }
    v->share = LOWER_REDUCTION;
    v->red = cl;
    v->red_ref = lower_reduction_shaped_array(L, r, s);
}

static void apply_clauses(struct capture *c, const struct lower_dir *d, size_t off)
{
    struct lower *L = c->L;
    const struct omp_clause *cl;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; (cl = dir_clause(d, i)); i++) {
            if (is_sharing_clause(cl->kind) != (pass == 1) || !decides_sharing(d, cl))
                continue;
            for (int k = 0; k < cl->nrefs; k++) {
                struct sym *s = ref_sym(L, cl->refs[k], off);
                if (!s && cl->kind == OMP_CL_REDUCTION)     /* (f()[1]: nothing to privatise) */
                    lower_reduction_sorry(cl->refs[k]);
                /* (a global listed private, or inprivate: the task's own copy) */
                bool own = (pass == 1 && cl->kind != OMP_CL_SHARED) || cl->kind == OMP_CL_INPRIVATE;
                struct lower_var *v = s ? cap_add(c, s, off, own) : NULL;
                if (L->capture_log && s && clause_shares(L, cl, cl->refs[k], s))
                    log_capture(L, NULL, s);        /* a global's too: data, not a value */
                if (!v)
                    continue;
                if (pass == 1 || ref_shares_base(L, cl->refs[k], s))
                    v->listed = cl->refs[k];
                switch (cl->kind) {
                case OMP_CL_SHARED: v->share = LOWER_SHARED; break;
                case OMP_CL_PRIVATE: v->share = LOWER_PRIVATE; break;
                case OMP_CL_FIRSTPRIVATE:
                    v->share = LOWER_FIRSTPRIVATE;
                    v->first = true;
                    v->saved |= cl->saved;
                    break;
                case OMP_CL_DETACH: v->share = LOWER_FIRSTPRIVATE; break;
                case OMP_CL_LASTPRIVATE:
                    /* private, or firstprivate when also listed so */
                    if (!v->first)
                        v->share = LOWER_PRIVATE;
                    v->last = true;
                    break;
                case OMP_CL_LINEAR:     /* each iteration sets it (lower_loop.c) */
                    v->share = LOWER_PRIVATE;
                    v->last = true;
                    v->linear = cl;
                    break;
                case OMP_CL_INPRIVATE:
                    v->inpriv = cl->refs[k];
                    v->share = LOWER_FIRSTPRIVATE;
                    break;
                case OMP_CL_REDUCTION:
                    reduction_item(L, v, d->dir, cl, cl->refs[k], s);
                    break;
                default:
                    if (clause_shares(L, cl, cl->refs[k], s))
                        v->share = LOWER_SHARED;
                    break;
                }
            }
        }
}

static bool listed(const struct lower_dir *d, const struct lower_var *v, size_t off,
                   struct lower *L)
{
    const struct omp_clause *cl;
    for (int i = 0; (cl = dir_clause(d, i)); i++)
        for (int k = 0; decides_sharing(d, cl) && k < cl->nrefs; k++)
            if (ref_sym(L, cl->refs[k], off) == v->sym)
                return true;
    return false;
}

/*
 * A worksharing loop that writes a variable each thread of its region has a copy of, when
 * the writes are a reduction's: without nowait, the loop's tasks reduce into the region's
 * copy in parallel, instead of one task running every iteration.  They are
 *   - the region's own reduction variable (parallel reduction(+: s) around for ... s += x):
 *     the region's operator, on the variable, a whole array or a section;
 *   - an arithmetic variable the loop only ever adds to or subtracts from (`local += x`,
 *     `local++`, declared in the region or privatised by it): a sum;
 *   - an array of arithmetic elements, sized where declared, to whose elements alone the
 *     loop adds (`qq[l] += 1.0`, NPB EP's histogram each thread combines under critical):
 *     a sum over the whole array.
 * (With nowait the region's code after the loop could read the copy before the loop's
 * tasks end: such a loop waits for its tasks (waited), as the thread that ran them all,
 * the region's team of one, would have ended them by then.)  The clause and item in *red
 * and *ref; false when the writes are no reduction.
 */
static bool address_taken(struct lower *L, const struct sym *s, const struct ast *except);

/* An array of arithmetic elements, `double qq[NQ]`, `long h[4][8]` (not a parameter, not
 * of pointers, structs or a typedef'd array; its size written). */
static bool arithmetic_array(struct sym *s)
{
    struct ast *d = lower_full_declarator(s);
    if (s->type != TYPE_ARRAY || s->array_param || !s->array_size || !s->specs ||
        s->specs->tclass != TYPE_SCALAR)
        return false;
    while (d && d->kind == AST_DECL_ARRAY && d->kid[1])
        d = d->kid[0];
    return d && d->kind == AST_DECL_NAME;
}

static bool loop_reduction(struct capture *c, const struct lower_dir *d, struct lower_var *v,
                           const struct omp_clause **red, const struct omp_ref **ref)
{
    struct lower *L = c->L;
    if (d->dir->kind != OMP_DIR_FOR)
        return false;
    const struct lower_var *rr = lower_region_reduction(L, v->sym);
    if (rr && (rr->red_ref->kind == OMP_REF_NAME || lower_reduction_section_item(rr->red_ref))) {
        *red = rr->red;
        *ref = rr->red_ref;
        return true;
    }
    if (rr || !(v->sym->type == TYPE_SCALAR || arithmetic_array(v->sym)) || v->vm ||
        !lower_accumulates(c->node, v->sym) ||
        address_taken(L, v->sym, c->node))   /* (`*p` may read the partial sum) */
        return false;
    struct omp_clause *sum = arena_alloc(L->a, sizeof *sum);
    struct omp_ref *name = arena_alloc(L->a, sizeof *name);
    *name = (struct omp_ref){ .kind = OMP_REF_NAME };
    name->text.text = arena_strndup(L->a, v->sym->name->str, v->sym->name->len);
    name->text.loc = source_loc(&L->t->src, v->first_use);
    *sum = (struct omp_clause){ .kind = OMP_CL_REDUCTION, .red_op = OMP_RED_ADD, .nrefs = 1 };
    sum->refs = arena_alloc(L->a, sizeof *sum->refs);
    sum->refs[0] = name;
    *red = sum;
    *ref = name;
    return true;
}

/* What the writes of a worksharing body are checked against: the capture, the construct
 * and where its pragma is (for the clauses' names). */
struct ws_body {
    struct capture *c;
    const struct lower_dir *d;
    size_t off;
};

/* Does each thread that runs the worksharing construct being lowered have its own s: a
 * variable private to each thread of the enclosing parallel region, or, in an orphaned
 * construct (no region around it in its function), an automatic local or a parameter of
 * the function, which each thread that calls it has (a per-thread scratch buffer handed
 * in, a local partial sum)?  Whatever calls the function: a region of this unit or of
 * another, a function pointer, or main with no region, whose team of one runs the
 * iterations one after the other; in each, the loop's tasks must not share what a
 * thread's iterations would have had to themselves. */
static bool team_pointer_param(struct lower *L, const struct sym *s);
static bool team_loaded_pointer(struct lower *L, const struct sym *s);

/* A pointer of the function that holds the same value in every thread calling it and that
 * the function never changes (a parameter or a local loaded through one). */
static bool team_same_pointer(struct lower *L, const struct sym *s)
{
    return !L->region && s->storage == STORAGE_LOCAL &&
           (team_pointer_param(L, s) || team_loaded_pointer(L, s));
}

static bool ws_thread_private(struct lower *L, const struct sym *s)
{
    return lower_thread_private(L, s) ||
           (!L->region && s->storage == STORAGE_LOCAL &&
            (s->kind == SYM_OBJECT || s->kind == SYM_PARAM) && !team_same_pointer(L, s));
}

/* The calls of a static function in the unit, each checked for the pointer its k-th
 * argument hands in (team_pointer_param). */
struct team_calls {
    struct lower *L;
    const struct sym *fn;
    int k;
    int calls;
    bool ok;
};

static const struct sym *first_decl(const struct sym *s)
{
    while (s && s->redecl)
        s = s->redecl;
    return s;
}

/* Does a pragma on or inside n name `name` (a clause privatising it, say)? */
struct pragma_name {
    struct lower *L;
    const struct name *name;
    bool found;
};

static bool pragma_name_visit(struct ast *n, void *arg)
{
    struct pragma_name *x = arg;
    const struct name *name = x->name;
    for (struct ast *p = n->kind == AST_PRAGMA ? n : n->pragma; p && !x->found;
         p = n->kind == AST_PRAGMA ? NULL : p->kid[0]) {
        const char *t = lower_src(x->L, p->begin, p->end);
        for (const char *at = strstr(t, name->str); at && !x->found; at = strstr(at + 1, name->str))
            x->found = (at == t || !(isalnum((unsigned char)at[-1]) || at[-1] == '_')) &&
                       !(isalnum((unsigned char)at[name->len]) || at[name->len] == '_');
    }
    return !x->found;
}

static bool pragma_names(struct lower *L, struct ast *n, const struct name *name)
{
    struct pragma_name x = {L, name, false};
    ast_walk(n, pragma_name_visit, &x);
    return x.found;
}

/* Is the argument a the same pointer in every thread of the team of the parallel statement
 * par around the call: a file-scope variable that is no threadprivate one, or a local of
 * the caller declared outside par, that par neither writes nor names in a pragma (no
 * clause privatises it); or the address of such a variable of any type, which par may
 * write (miniMD's `integrate(&atom)`)? */
static bool team_value(struct lower *L, struct ast *a, struct ast *par)
{
    bool address = a && a->kind == AST_UNARY && a->op == '&' && a->kid[0] &&
                   a->kid[0]->kind == AST_IDENT;
    const struct sym *s = address ? a->kid[0]->sym : a && a->kind == AST_IDENT ? a->sym : NULL;
    if (!par || !s || s->kind != SYM_OBJECT || (!address && s->type != TYPE_POINTER) ||
        lower_map_get(&L->thread_local, s) || (!address && lower_writes(par, s)) ||
        pragma_names(L, par, s->name))
        return false;
    return s->depth == 0 ||
           !(s->declarator && s->declarator->begin >= par->begin && s->declarator->begin < par->end);
}

static bool parallel_stmt(struct lower *L, struct ast *n)
{
    for (struct ast *p = n->kind != AST_PRAGMA ? n->pragma : NULL; p; p = p->kid[0])
        if (lower_pragma_is(L, p, "parallel"))     /* (also parallel for, ...) */
            return true;
    return false;
}

static void team_calls_walk(struct team_calls *t, struct ast *n, struct ast *par)
{
    if (!n || !t->ok)
        return;
    if (n->kind == AST_LIST) {
        for (struct ast *i = n->kid[0]; i; i = i->next)
            team_calls_walk(t, i, par);
        return;
    }
    if (n->kind == AST_PRAGMA)
        return;
    if (parallel_stmt(t->L, n))
        par = n;
    int from = 0;
    if (n->kind == AST_CALL && n->kid[0] && n->kid[0]->kind == AST_IDENT &&
        first_decl(n->kid[0]->sym) == t->fn) {
        struct ast *a = n->kid[1] ? n->kid[1]->kid[0] : NULL;
        for (int k = 0; a && k < t->k; k++)
            a = a->next;
        t->ok = team_value(t->L, a, par);
        t->calls++;
        from = 1;
    } else if (n->kind == AST_IDENT && first_decl(n->sym) == t->fn) {
        t->ok = false;              /* its address: called from anywhere */
    }
    for (int k = from; k < 4; k++)
        team_calls_walk(t, n->kid[k], par);
}

/*
 * Is s a pointer parameter of the function being lowered (with an orphaned construct in
 * it) that holds the same value in every thread that calls it: the function is static,
 * named nowhere but in calls, each call inside a parallel region (of any function of the
 * unit), handing in a pointer all the region's threads share (NPB MG's rprj3, psinv and
 * resid, given the grids as `double ***`), and never changes it?  What it points to is
 * then shared by the team, as a shared array is: two iterations that wrote one element
 * there would race in OpenMP, so the loop's tasks may run at once.
 */
static bool team_pointer_param(struct lower *L, const struct sym *s)
{
    struct ast *fn = L->fn;
    if (s->kind != SYM_PARAM || s->type != TYPE_POINTER || !fn || !fn->sym ||
        !fn->kid[0] || !(fn->kid[0]->flags & SPEC_STATIC) || lower_writes(fn, s))
        return false;
    int k = 0;
    struct ast *d = fn->kid[1];
    while (d && d->kind != AST_DECL_FUNCTION)
        d = d->kid[0];
    struct ast *p = d && d->kid[1] ? d->kid[1]->kid[0] : NULL;
    for (; p && p->sym != s; p = p->next)
        k++;
    if (!p)
        return false;
    struct team_calls t = {L, first_decl(fn->sym), k, 0, true};
    team_calls_walk(&t, L->t->tu, NULL);
    return t.ok && t.calls > 0;
}

/* The initializer of the local s's declaration, or NULL. */
struct init_of {
    const struct sym *s;
    struct ast *init;
};

static bool init_of_visit(struct ast *n, void *arg)
{
    struct init_of *x = arg;
    if (n->kind == AST_INIT_DECLARATOR && n->kid[1]) {
        struct ast *dn = ast_declarator_name(n->kid[0]);
        if (dn && dn->sym == x->s)
            x->init = n->kid[1];
    }
    return !x->init;
}

/*
 * Is s a pointer local of the function being lowered (with an orphaned construct in it)
 * that holds the same value in every thread that calls it: set by its declaration alone,
 * to a member of what a team_pointer_param points to (miniMD's `MMD_float *x = atom->x,
 * *v = atom->v;` with every call handing in the team's one atom)?  What it points to is
 * then shared by the team, as what the parameter points to is.
 */
static bool team_loaded_pointer(struct lower *L, const struct sym *s)
{
    if (s->kind != SYM_OBJECT || s->type != TYPE_POINTER || !L->fn || lower_writes(L->fn, s))
        return false;
    struct init_of x = {s, NULL};
    ast_walk(L->fn, init_of_visit, &x);
    struct ast *e = x.init;
    while (e && e->kind == AST_CAST)
        e = e->kid[1];
    while (e && e->kind == AST_MEMBER && e->op == '.')
        e = e->kid[0];
    if (!e || e->kind != AST_MEMBER || e->op != PTR_OP || !e->kid[0] ||
        e->kid[0]->kind != AST_IDENT || !e->kid[0]->sym)
        return false;
    return team_pointer_param(L, e->kid[0]->sym);
}

/* Is s, the counter of a for statement in the body that is declared outside it, each of
 * the loop's tasks' own: declared in the body (not static), or a variable they get a copy
 * of: a clause's private, firstprivate, lastprivate, linear or reduction item, or one
 * private to each thread of the region that the body sets before using it (made private
 * by implicit_sharing)?  (A counter the tasks share could run past its bound.) */
static bool task_own(void *arg, const struct sym *s)
{
    struct ws_body *b = arg;
    if (lower_declared_inside(s, b->c->node))
        return s->storage == STORAGE_LOCAL;
    struct lower_var *v = cap_find(b->c, s);
    if (!v)
        return false;
    if (listed(b->d, v, b->off, b->c->L))
        return v->share != LOWER_SHARED;
    return !omp_find_clause(b->d->dir, OMP_CL_DEFAULT) && ws_thread_private(b->c->L, s) &&
           lower_assigned_first(b->c->node, s);
}

/* The writes of the loop's body whose lvalue `at` says involves s (not those to a copy
 * of the construct's own, listed_copy). */
struct stray_write {
    struct ws_body *b;
    struct lower *L;
    const struct sym *s;
    bool (*at)(struct ast *lvalue, const struct sym *s);
    bool address;                   /* &x[i] counts as a write */
    struct ast **targets;
    int n, cap;
};

/* Is s a copy each task of the construct has of its own, by a clause (a reduction item,
 * `reduction(+: h[:nb])` then `h[k % nb]++`; a private, firstprivate or lastprivate array
 * or struct, not a pointer, whose copy points where the variable does)?  What the body
 * writes of it no other task sees. */
static bool listed_copy(struct ws_body *b, const struct sym *s)
{
    struct lower_var *v = s ? cap_find(b->c, s) : NULL;
    return v && listed(b->d, v, b->off, b->c->L) &&
           (v->share == LOWER_REDUCTION ||
            ((v->share == LOWER_PRIVATE || v->share == LOWER_FIRSTPRIVATE) &&
             s->type != TYPE_POINTER && !s->array_param));
}

static bool stray_write_visit(struct ast *n, void *arg)
{
    struct stray_write *w = arg;
    struct ast *target = lower_write_target(n, w->address);
    if (target && w->at(target, w->s) && !listed_copy(w->b, lower_lvalue_root(target))) {
        ARENA_GROW(w->L->a, w->targets, w->n, w->cap, 8);
        w->targets[w->n++] = target;
    }
    return true;
}

/* Does the body write, where `at` says s is involved, an element another iteration may
 * write too (not the iteration's own: lower_disjoint_writes)? */
static bool stray_write(struct ws_body b, const struct sym *s,
                        bool (*at)(struct ast *lvalue, const struct sym *s), bool address)
{
    struct stray_write w = {&b, b.c->L, s, at, address, NULL, 0, 0};
    ast_walk(b.c->node, stray_write_visit, &w);
    return w.n && !lower_disjoint_writes(b.c->L, b.d, b.c->node, w.targets, w.n, task_own, &b);
}

static bool rooted_at(struct ast *lvalue, const struct sym *s);
static bool only_elements(struct ast *n, const struct sym *s);

/* The pointers the body declares or sets from an expression naming s (`int *h = hist +
 * tid * B;`, `h = &offs[me][0];`): with s the thread's number, each points into the part
 * of shared storage that thread owns. */
enum { DERIVED_MAX = 8 };

struct derived {
    const struct sym *s;
    const struct sym *p[DERIVED_MAX];
    int n;
};

static bool derived_visit(struct ast *n, void *arg)
{
    struct derived *x = arg;
    const struct sym *p = NULL;
    struct ast *e = NULL;
    if (n->kind == AST_INIT_DECLARATOR) {
        p = n->sym;
        e = n->kid[1];
    } else if (n->kind == AST_ASSIGN && n->op == '=' && n->kid[0] && n->kid[0]->kind == AST_IDENT) {
        p = n->kid[0]->sym;
        e = n->kid[1];
    }
    if (!p || p->type != TYPE_POINTER || !e || only_elements(e, x->s))
        return true;                /* (only_elements: e names s nowhere, or as s[k]) */
    int i = 0;
    while (i < x->n && x->p[i] != p)
        i++;
    if (i == x->n && x->n < DERIVED_MAX)
        x->p[x->n++] = p;
    return true;
}

/* Does n write an element one of whose subscripts names s, that other iterations of d's
 * loop may write too (hist[me][b]++: one row for every iteration; not A[k][j] with j the
 * loop's variable, nor A[me*n + j] with j counting below n), or such an element through a
 * pointer the body sets from s (`int *h = hist + me * B; h[b] += 1;`: the row of the
 * thread's number in OpenMP, one row for every task of a team of one here)? */
static bool writes_shared_row(struct ws_body b, const struct sym *s)
{
    if (stray_write(b, s, lower_lvalue_indexed_by, false))
        return true;
    struct derived x = {s, {NULL}, 0};
    ast_walk(b.c->node, derived_visit, &x);
    for (int i = 0; i < x.n; i++)
        if (stray_write(b, x.p[i], rooted_at, true))
            return true;
    return false;
}

struct element_uses {
    const struct sym *s;
    int names, elements;
};

static bool element_uses_visit(struct ast *n, void *arg)
{
    struct element_uses *u = arg;
    u->names += n->kind == AST_IDENT && n->sym == u->s;
    u->elements += (n->kind == AST_SUBSCRIPT || (n->kind == AST_MEMBER && n->op == '.')) &&
                   n->kid[0] && n->kid[0]->kind == AST_IDENT && n->kid[0]->sym == u->s;
    return true;
}

/* Is every use of the array or struct s in n an element or member of it (s[i], s.f), so
 * that no pointer to it escapes (`double *q = s;` then writes through q)? */
static bool only_elements(struct ast *n, const struct sym *s)
{
    struct element_uses u = {s, 0, 0};
    ast_walk(n, element_uses_visit, &u);
    return u.names == u.elements;
}

/* Is the lvalue an element or the pointee of s: `s[k]`, `*(s + k)`, `s->f`, `(*s)[k]`? */
static bool rooted_at(struct ast *lvalue, const struct sym *s)
{
    return lower_disjoint_root(lvalue) == s;
}

/* Is the lvalue in the object s points to: `s->f`, `(*s).f`, `*s`, `s->f.g`?  (Not
 * `s->p[k]`: p may be a pointer to what other objects point to too.) */
static bool at_pointee(struct ast *e, const struct sym *s)
{
    while (e && e->kind == AST_MEMBER && e->op == '.')
        e = e->kid[0];
    struct ast *base = !e ? NULL
                       : (e->kind == AST_MEMBER && e->op == PTR_OP) ||
                                 (e->kind == AST_UNARY && e->op == '*') ? e->kid[0] : NULL;
    return base && base->kind == AST_IDENT && base->sym == s;
}

/* Rooted at s, but not in what s points to. */
static bool rooted_beyond_pointee(struct ast *lvalue, const struct sym *s)
{
    return rooted_at(lvalue, s) && !at_pointee(lvalue, s);
}

/* Does n write through the pointer s at an element other iterations of the loop may write
 * too (h[data[i] % 4]++; not dst[y][x] = ..., nor a[i*ld + j] with j counting below ld)?
 * What s points to may be each thread's own (a region's reduction copy, a buffer it
 * allocated): such a loop is handled as one that writes s.  A pointer that is the loop's
 * own variable (`for (cell *p = cells; p < end; p++) p->w = ...`) points at each
 * iteration's own element, as a[i] is: only writes beyond it count.  A struct or an array
 * holding pointers hands them on when the body loads one into a pointer that is not to
 * const (`double *t = w.buf;`, `double *r = bufs[me];`) or passes it to a function. */
static bool writes_through_shared(struct ws_body b, const struct sym *s)
{
    struct lower *L = b.c->L;
    if (s->type == TYPE_STRUCT || s->type == TYPE_UNION || s->type == TYPE_ARRAY)
        return lower_disjoint_escapes(L, b.c->node, s);
    if (s->type != TYPE_POINTER)
        return false;
    if (lower_dir_iteration_var(b.d, s))
        return stray_write(b, s, rooted_beyond_pointee, true);
    return lower_disjoint_escapes(L, b.c->node, s) || lower_disjoint_aliased(L, b.c->node, s) ||
           stray_write(b, s, rooted_at, true) ||
           lower_disjoint_reads_others(L, b.d, b.c->node, s, task_own, &b);
}

/* Is s an array of the function's own (not a parameter) that an orphaned construct's body
 * writes only at each iteration's own elements, reads at no other iteration's, and lets
 * no pointer escape (a[k] = k * scale in main, with no region)?  Each calling thread has
 * its own s in OpenMP and fills the elements of its iterations; the team of one, main's
 * or any caller's, fills them all, one iteration after the other.  One s shared by the
 * loop's tasks ends the same, so they may run at once: unless a nowait construct leaves s
 * to the code after it while they run. */
static bool own_elements_array(struct ws_body b, const struct sym *s)
{
    struct lower *L = b.c->L;
    if (L->region || s->type != TYPE_ARRAY || s->array_param || !only_elements(b.c->node, s))
        return false;
    return !stray_write(b, s, rooted_at, true) &&
           !lower_disjoint_reads_others(L, b.d, b.c->node, s, task_own, &b) &&
           !(lower_dir_has(b.d, OMP_CL_NOWAIT) &&
             lower_disjoint_used_after(L, b.d->node, b.c->node, s));
}

/* The names of s in a sections construct: inside one section (from..to) or in the others,
 * and the constant subscripts s[K] they are used with (K a decimal or hex literal). */
enum { SEC_MAX_ELEMS = 16 };

struct section_names {
    struct lower *L;
    const struct sym *s;
    size_t from, to;                /* the section */
    int names[2], elements[2];      /* [1] in the section, [0] in the others: all names of
                                       s, those in s[K] */
    long long k[2][SEC_MAX_ELEMS];  /* ... their K */
    bool full;                      /* too many, or &s[K]: elements not told apart */
};

static bool const_index(struct lower *L, const struct ast *e, long long *v)
{
    if (!e || e->kind != AST_CONSTANT || !strchr("0123456789", L->text[e->begin]))
        return false;
    char *end;
    *v = strtoll(L->text + e->begin, &end, 0);
    while (end < L->text + e->end && strchr("uUlL", *end))
        end++;
    return end == L->text + e->end;
}

static bool section_names_visit(struct ast *n, void *arg)
{
    struct section_names *x = arg;
    int in = n->begin >= x->from && n->end <= x->to;
    long long k;
    if (n->kind == AST_SUBSCRIPT && n->kid[0] && n->kid[0]->kind == AST_IDENT &&
        n->kid[0]->sym == x->s && const_index(x->L, n->kid[1], &k)) {
        if (x->elements[in] == SEC_MAX_ELEMS)
            x->full = true;
        else
            x->k[in][x->elements[in]++] = k;
    }
    /* (&s[K] may reach other elements: q[1] with q = &hits[6]) */
    x->full |= n->kind == AST_UNARY && n->op == '&' && lower_lvalue_root(n->kid[0]) == x->s;
    x->names[in] += n->kind == AST_IDENT && n->sym == x->s;
    return true;
}

/* The statement of the construct whose directive is dir, around the node `in`. */
struct construct_of {
    struct lower *L;
    const struct omp_directive *dir;
    const struct ast *in;
    struct ast *found;
};

static bool construct_of_visit(struct ast *n, void *arg)
{
    struct construct_of *f = arg;
    if (f->found || n->begin > f->in->begin || n->end < f->in->end)
        return false;
    for (struct ast *pr = n->kind != AST_PRAGMA ? n->pragma : NULL; pr; pr = pr->kid[0])
        if (lower_map_get(&f->L->parsed, pr) == f->dir)
            f->found = n;
    return !f->found;
}

struct address_use {
    const struct sym *s;
    const struct ast *except;
    bool found;
};

static bool address_use_visit(struct ast *n, void *arg)
{
    struct address_use *u = arg;
    if (n == u->except)
        return false;
    u->found |= n->kind == AST_UNARY && n->op == '&' && lower_lvalue_root(n->kid[0]) == u->s;
    return !u->found;
}

/* Does the function take the address of s or of a part of it (`&a`, `&h[2]`, an array
 * named alone: `double *p = h;`), which a pointer may then reach from anywhere?  Not in
 * `except` (NULL: none), a loop's body, where it is the address of the task's copy
 * (`randlc(&x, a)`). */
static bool address_taken(struct lower *L, const struct sym *s, const struct ast *except)
{
    struct address_use u = {s, except, false};
    ast_walk(L->fn, address_use_visit, &u);
    return u.found || (s->type == TYPE_ARRAY && !only_elements(L->fn, s));
}

/* Is s used by one section alone of an orphaned sections construct that waits at its end
 * (`a = 11;` in one, `b = 12;` in another), or, an array, at constant elements no other
 * section names (`hits[7] = 7;` in one, `hits[8] = 8;` in another), and never through a
 * pointer?  What that section's
 * task alone uses of its one copy ends as the team of one leaves it.  (A section is lowered
 * with a lower_dir of its own statement and the sections' directive.) */
static bool one_section_only(struct ws_body b, const struct sym *s)
{
    struct lower *L = b.c->L;
    /* (a pointer to it may reach it from another section: `b = *pa;`) */
    if (L->region || b.d->dir->kind != OMP_DIR_SECTIONS || lower_dir_has(b.d, OMP_CL_NOWAIT) ||
        address_taken(L, s, NULL))
        return false;
    struct construct_of f = {L, b.d->dir, b.c->node, NULL};
    ast_walk(L->fn, construct_of_visit, &f);
    if (!f.found)
        return false;
    struct section_names x = {.L = L, .s = s, .from = b.c->node->begin, .to = b.c->node->end};
    ast_walk(f.found, section_names_visit, &x);
    if (!x.names[0])
        return true;                /* named in this section alone */
    if (s->type != TYPE_ARRAY || s->array_param || x.full ||
        x.names[0] != x.elements[0] || x.names[1] != x.elements[1])
        return false;
    for (int i = 0; i < x.elements[1]; i++)
        for (int o = 0; o < x.elements[0]; o++)
            if (x.k[1][i] == x.k[0][o])
                return false;
    return true;
}

/* A worksharing construct found to run as one task on the region's thread: true the first
 * time, when it is to be reported (the sections of one are captured one by one). */
static bool first_serial_report(struct lower *L, const struct lower_dir *d)
{
    if (lower_map_get(&L->reported, d->dir))
        return false;
    lower_map_put(L, &L->reported, d->dir, d->dir);
    return true;
}

static const char *ws_noun(const struct lower_dir *d)
{
    return d->dir->kind == OMP_DIR_FOR || d->dir->kind == OMP_DIR_TASKLOOP ? "loop" : "section";
}

/* What running it as one task means, in the warnings. */
static const char *serial_words(const struct lower_dir *d)
{
    return d->dir->kind == OMP_DIR_FOR || d->dir->kind == OMP_DIR_TASKLOOP
               ? "its iterations run as one task" : "the sections run in this task";
}

/* A nowait construct whose body uses, through the pointer s, storage each thread of the
 * region owns, which the region's code after it uses too (writes, reads what the tasks
 * write, frees): in OpenMP each thread does so once its own iterations are done; here the
 * construct's tasks may still run.  Such a construct runs as one task at once (reported
 * here; true when it must). */
static bool used_after_nowait(struct capture *c, const struct lower_dir *d, const struct sym *s)
{
    if (s->type != TYPE_POINTER || !lower_dir_has(d, OMP_CL_NOWAIT) ||
        !lower_disjoint_used_after(c->L, d->node, c->node, s))
        return false;
    if (first_serial_report(c->L, d)) {
        struct mcc_loc at = lower_dir_loc(c->L, d);
        mcc_warning_at(&at, "'%.*s' points to storage each thread of the parallel region "
                       "owns, which the region uses after this 'nowait' %s: %s, one after "
                       "the other (drop 'nowait' to split the work)", (int)s->name->len,
                       s->name->str, d->dir->kind == OMP_DIR_FOR ? "loop" : "construct",
                       serial_words(d));
    }
    return true;
}

/* s, used at off in the body of d (or at `clause`, in a clause's expression, when not
 * NULL), is not in its clauses, which d's default (none, firstprivate or private; for the
 * last two s has static storage) asks. */
static void not_listed(struct capture *c, const struct lower_dir *d, const struct sym *s,
                       size_t off, const struct mcc_loc *clause)
{
    bool ws = d->dir->kind == OMP_DIR_FOR || d->dir->kind == OMP_DIR_SECTIONS;
    enum omp_default def = omp_find_clause(d->dir, OMP_CL_DEFAULT)->def;
    bool global = s->depth == 0 || s->storage == STORAGE_STATIC || s->storage == STORAGE_EXTERN;
    struct mcc_loc loc = clause ? *clause : source_loc(&c->L->t->src, off);
    mcc_error_at(&loc, "'%.*s' is not listed in a data-sharing clause of this %s, which has "
                 "default(%s)%s", (int)s->name->len, s->name->str, ws ? "loop"
                 : d->dir->kind == OMP_DIR_PARALLEL ? "region" : "task", omp_default_names[def],
                 def != OMP_DEFAULT_NONE ? ": a variable with static storage must be"
                 : global ? " (a global or static variable too: name it in 'shared')" : "");
}

/* Every name the body n uses where it is evaluated: its identifiers outside sizeof and
 * typeof (of a type not variably modified: the callers see to that), which read no object,
 * and the names in the pragmas nested in it, each with its symbol (NULL: none) and place,
 * to fn, until it returns false.  Not those of the construct's own pragma (own): its
 * clauses' expressions are evaluated where the construct is met, outside it
 * (`num_threads(thread_count)`, `if(k > 2)`, `priority(p)`, `depend(out: a[k])`), and
 * its data-sharing clauses list what they name (gcc -fopenmp asks no clause for them). */
struct name_walk {
    struct lower *L;
    bool (*fn)(void *arg, const struct sym *s, size_t at);
    void *arg;
    const struct omp_directive *own;
    size_t at;                      /* the nested pragma being read, */
    const char *text;               /* ... its text */
    bool stop;
};

static const char *walk_pragma_name(void *arg, const char *s, size_t n)
{
    struct name_walk *w = arg;
    if (!w->stop)
        w->stop = !w->fn(w->arg, lower_resolve(w->L, s, n, w->at), w->at + (size_t)(s - w->text));
    return NULL;
}

static void evaluated_names(struct name_walk *w, struct ast *n)
{
    if (!n || w->stop)
        return;
    if (n->kind == AST_LIST) {
        for (struct ast *i = n->kid[0]; i; i = i->next)
            evaluated_names(w, i);
        return;
    }
    for (struct ast *p = n->kind == AST_PRAGMA ? n : n->pragma; p;
         p = n->kind == AST_PRAGMA ? NULL : p->kid[0]) {
        if (w->own && lower_map_get(&w->L->parsed, p) == w->own)
            continue;
        w->at = p->begin;
        w->text = lower_src(w->L, p->begin, p->end);
        lower_map_idents(w->L, w->text, walk_pragma_name, w);
    }
    if (n->kind == AST_PRAGMA || n->kind == AST_SIZEOF || n->kind == AST_TYPEOF)
        return;
    if (n->kind == AST_IDENT && !w->stop)
        w->stop = !w->fn(w->arg, n->sym, n->begin);
    for (int k = 0; k < 4; k++)
        evaluated_names(w, n->kid[k]);
}

/* default(none), default(firstprivate), default(private) and the file-scope variables the
 * body uses, which are not captured (they are named directly): no exception (OpenMP 5.0
 * 2.19.4.1: only predetermined ones are, threadprivate variables and loop variables; gcc:
 * "'g' not specified in enclosing 'parallel'", const ones too since gcc 9).  The first
 * one is reported. */
struct global_use {
    struct capture *c;
    const struct lower_dir *d;
    size_t off;                     /* the directive (its clauses' names resolve there) */
    bool header;                    /* a combined parallel loop's header: locals count too */
    const struct mcc_loc *clause;   /* (a clause's expression: where to report) */
    bool stop;                      /* (clause_globals: one was reported) */
};

static bool default_none(const struct lower_dir *d)
{
    const struct omp_clause *def = omp_find_clause(d->dir, OMP_CL_DEFAULT);
    return def && def->def == OMP_DEFAULT_NONE;
}

/* (false once one is reported) */
static bool global_used(void *arg, const struct sym *s, size_t at)
{
    struct global_use *g = arg;
    struct lower *L = g->c->L;
    bool is_static = s && (s->depth == 0 || s->storage == STORAGE_STATIC ||
                           s->storage == STORAGE_EXTERN);
    if (!s || (s->depth > 0 && (!g->header || (!is_static && !default_none(g->d)))) ||
        (s->kind != SYM_OBJECT && !(g->header && s->kind == SYM_PARAM)) ||
        s->type == TYPE_FUNCTION || lower_thread_local_sym(L, s) ||
        lower_map_get(&L->tp_moved, s) || lower_frame_copy(L, s) ||
        lower_dir_iteration_var(g->d, s) ||
        /* (the variable of an inner loop not collapsed: `for (int j = 0; ...)`) */
        (s->depth > 0 && lower_declared_inside(s, g->d->node)))
        return true;
    struct lower_var v = { .sym = (struct sym *)s };
    if (listed(g->d, &v, g->off, L))
        return true;
    not_listed(g->c, g->d, s, at, g->clause);
    return false;
}

/* (false once one is reported) */
static bool globals_of(struct global_use *g, struct ast *n)
{
    struct name_walk w = { .L = g->c->L, .fn = global_used, .arg = g, .own = g->d->dir };
    evaluated_names(&w, n);
    return !w.stop;
}

static const char *clause_name(void *arg, const char *s, size_t n)
{
    struct global_use *g = arg;
    if (!g->stop)
        g->stop = !global_used(g, lower_resolve(g->c->L, s, n, g->off), g->off);
    return NULL;
}

/* The names in a clause expression the region's threads evaluate, in the loop part of a
 * combined parallel loop: the chunk size of its schedule (gcc: "'ch' not specified in
 * enclosing 'parallel'"); (false once one is reported). */
static bool clause_globals(struct global_use *g, const struct omp_expr *e)
{
    g->clause = &e->loc;
    g->stop = false;
    lower_map_idents(g->c->L, e->text, clause_name, g);
    g->clause = NULL;
    return !g->stop;
}

/* Does the body use s where it is evaluated (gcc -fopenmp wants no clause for `sizeof(l)`
 * under default(none))?  Where first in *at (unchanged for a variably modified s). */
struct first_use {
    const struct sym *s;
    size_t at;
};

static bool other_than(void *arg, const struct sym *s, size_t at)
{
    struct first_use *u = arg;
    if (s != u->s)
        return true;
    u->at = at;
    return false;
}

static bool evaluated(struct capture *c, const struct lower_dir *d, struct sym *s, size_t *at)
{
    struct first_use u = {s, *at};
    struct name_walk w = { .L = c->L, .fn = other_than, .arg = &u, .own = d->dir };
    if (lower_sym_is_vm(s))
        return true;
    evaluated_names(&w, c->node);
    *at = u.at;
    return w.stop;
}

struct handed {
    const struct sym *s;
    const struct name *callee;
};

static bool handed_visit(struct ast *n, void *arg)
{
    struct handed *h = arg;
    if (n->kind == AST_CALL && n->kid[0] && n->kid[0]->kind == AST_IDENT)
        for (struct ast *a = n->kid[1] ? n->kid[1]->kid[0] : NULL; a && !h->callee; a = a->next)
            if (a->kind == AST_IDENT && a->sym == h->s)
                h->callee = n->kid[0]->name;
    return !h->callee;
}

/* The function the body n first hands the array s to by name (`cfftz(is, m, n, y0, y1)`),
 * or NULL. */
static const struct name *handed_to(struct ast *n, const struct sym *s)
{
    struct handed h = {s, NULL};
    ast_walk(n, handed_visit, &h);
    return h.callee;
}

/*
 * Implicit rules for what no clause decided (OMPSS.md "Data sharing in inline tasks",
 * "Worksharing", "OpenMP compatibility"):
 *   task, taskloop   firstprivate; but shared when the variable is shared by the whole
 *                    team of an enclosing parallel region (declared outside it and not
 *                    privatised on the way), as OpenMP's rule for tasks says
 *   for, sections    shared (worksharing rules); a variable that each thread of an
 *                    enclosing parallel region would have its own copy of (also, in an
 *                    orphaned construct, whatever calls its function, the function's
 *                    own: ws_thread_private) is firstprivate,
 *                    or, when the body writes it, shared by one task running every
 *                    iteration (c->serial): a team of one thread, as OpenMP would run it;
 *                    in an orphaned construct, shared by tasks at once when they end as
 *                    that team would (own_elements_array, one_section_only)
 */
static void implicit_sharing(struct capture *c, const struct lower_dir *d, size_t off)
{
    const struct omp_clause *def = omp_find_clause(d->dir, OMP_CL_DEFAULT);
    bool ws = d->dir->kind == OMP_DIR_FOR || d->dir->kind == OMP_DIR_SECTIONS;
    bool team = ws && lower_team_shares(c->L, d);       /* (a team's loop or sections) */
    bool strict = def && def->def != OMP_DEFAULT_SHARED;  /* statics must be listed */
    if (strict) {
        struct global_use g = { .c = c, .d = d, .off = off };
        bool ok = globals_of(&g, c->node);
        /* a combined parallel loop's bounds and steps are evaluated in the region, whose
           default this is (gcc: "'n' not specified in enclosing 'parallel'") */
        g.header = true;
        bool loop = d->dir->parallel && d->dir->kind == OMP_DIR_FOR;
        for (struct ast *f = loop ? d->node : NULL;
             ok && f && f->kind == AST_FOR; f = lower_dir_nested_loop(f->kid[3]))
            for (int k = 0; k < 3 && ok; k++)
                ok = globals_of(&g, f->kid[k]);
        const struct omp_clause *sc = loop ? omp_find_clause(d->dir, OMP_CL_SCHEDULE) : NULL;
        if (ok && sc && sc->nargs)
            clause_globals(&g, &sc->args[0]);
    }
    for (struct lower_var *v = c->vars; v; v = v->next) {
        if (listed(d, v, off, c->L))
            continue;
        size_t at = v->first_use;
        bool global = (v->sym->storage == STORAGE_STATIC || v->sym->storage == STORAGE_EXTERN) &&
                      !lower_thread_private(c->L, v->sym);  /* (unless a region privatised it) */
        if (strict && (def->def == OMP_DEFAULT_NONE || global) &&
            !lower_dir_iteration_var(d, v->sym) && !lower_thread_local_sym(c->L, v->sym) &&
            evaluated(c, d, v->sym, &at)) {
            not_listed(c, d, v->sym, at, NULL);
        } else if (global) {
            v->share = LOWER_SHARED;
        } else if (def && def->def == OMP_DEFAULT_SHARED) {
            v->share = LOWER_SHARED;
        } else if (def) {
            v->share = def->def == OMP_DEFAULT_PRIVATE ? LOWER_PRIVATE : LOWER_FIRSTPRIVATE;
        } else if (team) {
            v->share = LOWER_SHARED;    /* (the member's own copy: it runs its chunks) */
        } else if (ws && ws_thread_private(c->L, v->sym)) {
            struct ws_body body = {c, d, off};
            bool through = writes_through_shared(body, v->sym);
            bool aggregate = (v->sym->type == TYPE_ARRAY && !v->sym->array_param) ||
                             v->sym->type == TYPE_STRUCT || v->sym->type == TYPE_UNION;
            /* (an array a pointer of the body may write through, `long *q = work;`, counts
             * as written: its tasks' copies took the updates, which the region lost) */
            bool written = lower_writes(c->node, v->sym) || through ||
                           (aggregate && !only_elements(c->node, v->sym));
            const struct omp_clause *red;
            const struct omp_ref *ref;
            bool reducible = written && loop_reduction(c, d, v, &red, &ref);
            if (reducible) {
                v->share = LOWER_REDUCTION;
                v->red = red;
                v->red_ref = ref;
                v->waited = lower_dir_has(d, OMP_CL_NOWAIT);
                continue;
            }
            if (written && (own_elements_array(body, v->sym) ||
                            (!through && one_section_only(body, v->sym)))) {
                v->share = LOWER_SHARED;
                continue;
            }
            /* set before any use in the body (an inner loop's counter, a temporary): what
             * a thread's copy held before an iteration does not matter, so each task has
             * its own (PolyBench's and NPB's `parallel private(i, j, k)` around `for`
             * loops whose bodies count with j ran as one task); not a pointer written
             * through at elements other than the iteration's (`q = work; q[0] += x`: what
             * it points to may be each thread's own); not a variable the region (in an
             * orphaned construct, the function) reads after it: the thread's copy then
             * holds what its last iteration or section that set it gave (Rodinia-style
             * max-location search: `if (a[i] > lmax) { lmax = a[i]; li = i; }` then li
             * read under critical; `a = 11;` in a section, checked after the sections;
             * whatever calls the function, a team of one may read it); not one whose
             * address the function takes (`*pt` reads the thread's one copy) */
            if (written && !through &&
                (lower_assigned_first(c->node, v->sym) ||
                 lower_array_set_first(c->L, c->node, v->sym)) &&
                !address_taken(c->L, v->sym, c->node) &&
                !lower_read_later(c->L->region ? c->L->region->d->node : c->L->fn, v->sym,
                                  d->node)) {
                v->share = LOWER_PRIVATE;
                continue;
            }
            /* x[me][k]++ with me the thread's number: each thread's own part of x, which
             * the one thread of the region must update alone (not A[k][j] with j the
             * loop's variable: every iteration its own element, k a row all threads
             * agree on) */
            bool indexes = !written && !lower_writes(d->node, v->sym) &&   /* loop variables */
                           writes_shared_row(body, v->sym);
            /* an array or struct the body only reads, when the region waits for the loop
             * (no nowait) or its code after the loop does not write it: its one copy
             * cannot change while the tasks run, so they share it; copying it into every
             * chunk's task (a 64 KiB table read by a dynamic,1 loop; 512 KiB by a nowait
             * loop ending its region: 19 times libgomp's time) cost more than the loop */
            bool read_only = !written && aggregate &&
                             (!lower_dir_has(d, OMP_CL_NOWAIT) ||
                              (c->L->region && c->L->region->team &&
                               !lower_writes_later(c->L->region->d->node, v->sym, d->node)));
            v->share = written || read_only ? LOWER_SHARED : LOWER_FIRSTPRIVATE;
            /* (a pointer only written through: a private copy would point nowhere) */
            bool pointee = through && !lower_writes(c->node, v->sym);
            if (pointee && lower_dir_iteration_var(d, v->sym)) {
                if (first_serial_report(c->L, d)) {
                    struct mcc_loc at = lower_dir_loc(c->L, d);
                    mcc_warning_at(&at, "'%.*s', the loop's variable, points at each "
                                   "iteration's element, and the loop writes beyond that "
                                   "element, where other iterations write too: %s, one "
                                   "after the other (write only '*%.*s' and its members, "
                                   "not what they point to, to split the work)",
                                   (int)v->sym->name->len, v->sym->name->str, serial_words(d),
                                   (int)v->sym->name->len, v->sym->name->str);
                }
            } else if (written && aggregate && handed_to(c->node, v->sym) &&
                       first_serial_report(c->L, d)) {
                /* NPB FT's y0, y1 handed to cfftz: what it reads of them is out of sight */
                const struct name *callee = handed_to(c->node, v->sym);
                struct mcc_loc at = lower_dir_loc(c->L, d);
                mcc_warning_at(&at, "'%.*s' is private to each thread %s%s%s and the %s "
                               "hands it to '%.*s', which may read what an earlier iteration "
                               "left in it (mcc cannot see): %s, one after the other (if "
                               "each iteration sets what it reads of '%.*s', name it in a "
                               "private clause or declare it in the loop's body to split "
                               "the work)", (int)v->sym->name->len, v->sym->name->str,
                               c->L->region ? "of the parallel region" : "calling '",
                               c->L->region ? "" : fn_name(c->L), c->L->region ? "" : "'",
                               ws_noun(d), (int)callee->len, callee->str, serial_words(d),
                               (int)v->sym->name->len, v->sym->name->str);
            } else if ((written || indexes) && first_serial_report(c->L, d)) {
                struct mcc_loc at = lower_dir_loc(c->L, d);
                mcc_warning_at(&at, "'%.*s' is private to each thread %s%s%s and the %s "
                               "%s: %s, one after the other (%s to split the work)",
                               (int)v->sym->name->len, v->sym->name->str,
                               c->L->region ? "of the parallel region" : "calling '",
                               c->L->region ? "" : fn_name(c->L), c->L->region ? "" : "'",
                               ws_noun(d),
                               pointee ? "may write what it points to where other iterations "
                                         "write too"
                               : written ? "writes it" : "writes elements it indexes",
                               serial_words(d), pointee ? "give each iteration elements of its own"
                               : written ? "name it in a private, lastprivate or reduction clause"
                                         : "use a reduction on the array");
            }
            bool after = !written && !indexes && used_after_nowait(c, d, v->sym);
            c->serial |= written || indexes || after;
            /* (at once, on this thread: the region's code after the loop sees the updates
             * even with nowait, as the thread that ran the iterations does) */
            c->here |= d->dir->kind == OMP_DIR_FOR && (written || indexes || after);
        } else if (ws && team_same_pointer(c->L, v->sym)) {
            /* its value, which no thread changes: a nowait construct's tasks may run
             * after the function returned, its frame gone (NPB MG's grids) */
            v->share = LOWER_FIRSTPRIVATE;
        } else if (ws || lower_team_shared(c->L, v->sym)) {
            v->share = LOWER_SHARED;
        }
    }
}

struct tp_find {
    struct lower *L;
    struct sym *found;
};

static bool tp_visit(struct ast *n, void *arg)
{
    struct tp_find *f = arg;
    if (n->kind == AST_IDENT && n->sym && lower_map_get(&f->L->thread_local, n->sym))
        f->found = n->sym;
    return !f->found;
}

/* Is f a library's function, declared by a system header (sqrt, printf)?  It writes no
 * threadprivate variable of the program. */
static bool library_function(struct lower *L, const struct sym *f)
{
    return f->decl && lower_cuda_system_header(L, f->decl->begin);
}

/* A threadprivate variable of this unit that a function of another file may write: one
 * at file scope, not static (`extern int counter;` of a header, with the directive). */
static struct sym *shared_linkage_threadprivate(struct lower *L)
{
    struct sym *first = NULL;       /* (the first declared, for the warning) */
    for (size_t k = 0; k < L->tp_vars.n; k++) {
        struct sym *s = (struct sym *)L->tp_vars.order[k];
        if (s->depth == 0 && s->storage != STORAGE_STATIC &&
            (!first || (s->declarator && first->declarator &&
                        s->declarator->begin < first->declarator->begin)))
            first = s;
    }
    return first;
}

/* A threadprivate variable the worksharing body names: the thread that runs the region's
 * body has its copy, which the loop must read and update, as the thread that runs those
 * iterations in OpenMP does.  The iterations run as one task at once on that thread (a
 * team of one thread) instead of as chunks on other workers, whose copies are others. */
static void threadprivate_use(struct capture *c, const struct lower_dir *d)
{
    struct tp_find f = {c->L, NULL};
    ast_walk(c->node, tp_visit, &f);
    bool called = false;
    if (!f.found) {
        /* a function of this unit the body calls may update one (a per-thread counter or
           buffer) that the region reads after the construct: each thread of a team would
           read what its iterations added to its copy (a variable they only read, a
           parameter set by copyin, or scratch, leaves the iterations on any worker) */
        const struct lower_region *r = c->L->region;
        called = true;
        f.found = lower_writes_thread_local_read_after(c->L, c->node, r ? r->d->node : c->L->fn,
                                                       d->node->end);
    }
    const char *callee = NULL;
    if (!f.found && (callee = lower_calls_other_file(c->L, c->node, library_function)))
        f.found = shared_linkage_threadprivate(c->L);
    if (!f.found)
        return;
    c->serial = c->here = true;
    if (callee && first_serial_report(c->L, d)) {
        struct mcc_loc at = lower_dir_loc(c->L, d);
        const char *what = *callee ? arena_printf(c->L->a, "'%s', a function of another file",
                                                  callee) : "a function through a pointer";
        mcc_warning_at(&at, "the %s calls %s, which may update threadprivate '%.*s' in the "
                       "copy of the thread that runs it: %s on this thread, whose copy the "
                       "code after it reads (call only functions of this file, or of system "
                       "headers, in the %s to split the work)", ws_noun(d), what,
                       (int)f.found->name->len, f.found->name->str, serial_words(d), ws_noun(d));
    } else if (first_serial_report(c->L, d)) {
        struct mcc_loc at = lower_dir_loc(c->L, d);
        mcc_warning_at(&at, "the %s %s threadprivate '%.*s'%s: %s on this thread, whose "
                       "copy it is", ws_noun(d), called ? "updates" : "names",
                       (int)f.found->name->len, f.found->name->str,
                       called ? " in the functions it calls, and the region reads it after it"
                              : "", serial_words(d));
    }
}

/* A worksharing body that calls omp_get_thread_num() in a region whose own body asked
 * omp_get_num_threads(), which is 1 there (the region's team of one): the thread numbers
 * the body sees must be below it.  Data sized by the one and indexed by the other (per-thread
 * partial sums) was overrun when the loop's tasks answered their workers' numbers.  The
 * iterations then run as one task at once on the region's thread, where omp_get_thread_num()
 * is 0.  A region that asks only in a single or master (the worker count there) keeps the
 * workers' numbers in its loops. */
/* So too a worksharing body, or a task (and the tasks nested in its body), that calls
 * omp_get_thread_num() in a region whose own body asked it (0 there) first: per-thread data
 * the body set up for its number (`scratch[me] = malloc(...)`, as every thread of an OpenMP
 * team would for its own) is only thread 0's, and a loop's chunk or a task indexing it by
 * its worker's number read a null pointer.  Such a task runs at once on the creating
 * thread, where it is 0; a taskloop's tasks too (BOTS alignment's `taskloop` in a `single`
 * handing `buf[omp_get_thread_num()]` to each pair): its iterations run as one task there. */
static bool team_number_use(struct lower *L, const struct lower_dir *d, struct ast *body)
{
    struct lower_region *r = L->region;
    if (d->dir->kind == OMP_DIR_FOR || d->dir->kind == OMP_DIR_SECTIONS) {
        if (!r || !r->team || !(r->team_size_asked || r->thread_num_asked) ||
            !lower_in_region_body(L))
            return false;
    } else if (d->dir->kind == OMP_DIR_TASK || d->dir->kind == OMP_DIR_TASKLOOP) {
        while (r && !r->team)       /* (out of a single, master, taskgroup in it) */
            r = r->up;
        if (!r || !r->thread_num_asked)
            return false;
    } else {
        return false;
    }
    /* (a helper of this file the body calls may ask: `partial[omp_get_thread_num()] += x`) */
    return lower_reaches_call(L, body, "omp_get_thread_num");
}

static void team_number_serial(struct capture *c, const struct lower_dir *d)
{
    if (!team_number_use(c->L, d, c->node))
        return;
    c->serial = c->here = true;
    if (first_serial_report(c->L, d)) {
        struct mcc_loc at = lower_dir_loc(c->L, d);
        if (c->L->region->team_size_asked)
            mcc_warning_at(&at, "the %s calls omp_get_thread_num() in a parallel region whose "
                           "body asked omp_get_num_threads(), 1 in mcc's team of one: %s on "
                           "this thread, where it is 0 (ask omp_get_max_threads() to size "
                           "per-thread data)", ws_noun(d), serial_words(d));
        else
            mcc_warning_at(&at, "the %s calls omp_get_thread_num() in a parallel region whose "
                           "body asked omp_get_thread_num(), 0 in mcc's team of one: %s on "
                           "this thread, where it is 0 (what the body set up for its thread "
                           "number is thread 0's only)", ws_noun(d), serial_words(d));
    }
}

/* A worksharing construct in a parallel region whose code has a flush (or an orphaned one
 * in a function that has one), itself or in the functions of this unit it calls: its
 * threads hand work to each other through flags they spin on (NPB LU's pipelined sweeps,
 * `sync_left(); for nowait ...; sync_right();` around each plane), which a team of one
 * does not do.  The construct's chunks, run at once on any worker, would read what
 * another chunk has not yet written; its iterations run as one task at once on the
 * region's thread instead, in the order of the region's code. */
static void flush_sync_serial(struct capture *c, const struct lower_dir *d)
{
    const struct lower_region *r = c->L->region;
    while (r && !r->team)
        r = r->up;
    struct ast *root = r ? r->d->node : c->L->fn;
    if (!root || !lower_reaches_flush(c->L, root))
        return;
    c->serial = c->here = true;
    if (first_serial_report(c->L, d)) {
        struct mcc_loc at = lower_dir_loc(c->L, d);
        mcc_warning_at(&at, "the %s of this %s has a flush, as code whose threads wait for "
                       "each other's flags has, and mcc runs no such threads: %s on this "
                       "thread, in the order of the code (synchronize with barriers or "
                       "dependences to split the work)", r ? "parallel region" : "function",
                       ws_noun(d), serial_words(d));
    }
}

/* ---- the outlined function --------------------------------------------------------- */

struct outline {
    struct lower *L;
    const char *fn;                 /* enclosing function's name */
    int n;                          /* serial */
    struct lower_buf env, prologue, epilogue, init;
    struct lower_buf decl;          /* the prologue's declarations, before its statements
                                       (-Wdeclaration-after-statement) */
    struct lower_buf size;          /* before creation: declares the VLA copies' offsets */
    const char *size_end;           /* the argument block's size past them (NULL: the
                                       environment's) */
    const char *align;              /* the block's alignment past the VLA copies, more than
                                       the struct's for a VLA of __m256d (NULL: the
                                       struct's) */
    bool local;                     /* outlined inside the function (local types) */
    bool external;                  /* in an inline definition of external linkage: the
                                       function and type are external, named by the unit
                                       (lower_in_external_inline) */
    const struct omp_directive *dir;    /* the construct's (its allocate clauses) */
    size_t construct;               /* where the construct begins: a capture declared after
                                       it is a loop's variable declared in its header */
    struct lower_values *values;    /* the clauses' expressions evaluated once */
    struct lower_buf alias;         /* the captures under the user's names (alias()) */
    struct ast *body;               /* what is outlined */
    struct lower_var *vars;         /* the captured variables */
    struct sym **types;             /* the local typedefs of variably modified types it uses,
                                       each after those its type names (declared again:
                                       capture_typedefs) */
    int ntypes, captypes;
};

static const char *vname(const struct lower_var *v, struct mcc_arena *a)
{
    return arena_strndup(a, v->sym->name->str, v->sym->name->len);
}

/* The declaration of v with its name replaced by `name`, the variable bounds by the
 * members that recorded them (capture_vm), other bounds renamed by the frame; in an
 * outline inside the function (o->local), with the function's own types it names. */
static char *decl_as(struct outline *o, const struct lower_var *v, const char *name)
{
    struct lower *L = o->L;
    struct lower_subst *b;
    const char *x = vname(v, L->a);
    int n = lower_vla_bounds(L, v->sym, x, &b);
    for (int k = 0; k < n; k++)
        b[k].text = arena_printf(L->a, "__nrt_e->%s", lower_local_name(L, LL_VLA_BOUND, k, x));
    char *t = lower_decl_text_subst(L, v->sym, "@", b, n, o->local);
    return t ? lower_decl_in_frame(L, t, name) : NULL;
}

static void reduction_code(struct outline *o, struct lower_var *v,
                           const struct lower_red_elems *e)
{
    lower_reduction_code(o->L, v->red, v->red_ref, e, &o->prologue, &o->epilogue);
}

/* The task's record of its copy of x (`bytes` at `copy`, standing for `orig`), for the
 * tasks it creates (nanort_reduction_original). */
static void record_copy(struct outline *o, const char *x, const char *copy, const char *orig,
                        const char *bytes)
{
    const char *rc = lower_local_name(o->L, LL_RED_COPY, 0, x);
    lbuf_printf(&o->decl, "struct nanort_red_copy %s; ", rc);
    lbuf_printf(&o->prologue, "nanort_reduction_copy(&%s, " LOWER_CONST_BYTES "(%s), " LOWER_BYTES "(%s), "
                "%s);\n", rc, copy, orig, bytes);
}

/* reduction(op: [n][m]p): a private array of n*m elements replaces p inside the task. */
static void array_reduction(struct outline *o, struct lower_var *v)
{
    struct lower *L = o->L;
    const char *x = vname(v, L->a);
    const char *rn = lower_local_name(L, LL_RED_COUNT, 0, x);
    const char *ro = lower_local_name(L, LL_RED_ORIG, 0, x);
    struct lower_red_elems e = {
        arena_printf(L->a, "for (" LOWER_SIZE_T " __nrt_i = 0; __nrt_i < __nrt_e->%s; __nrt_i++) { ", rn),
        " }", arena_printf(L->a, "__nrt_e->%s[__nrt_i]", x),
        arena_printf(L->a, "%s[__nrt_i]", ro), NULL,
    };
    lbuf_printf(&o->decl, "__typeof__(__nrt_e->%s) %s = nanort_reduction_original("
                LOWER_BYTES "(__nrt_e->%s)); ",
                x, ro, x);
    lbuf_printf(&o->prologue, "__nrt_e->%s = __builtin_malloc(__nrt_e->%s * "
                "sizeof *__nrt_e->%s);\n", x, rn, x);
    reduction_code(o, v, &e);
    record_copy(o, x, arena_printf(L->a, "__nrt_e->%s", x), ro,
                arena_printf(L->a, "__nrt_e->%s * sizeof *__nrt_e->%s", rn, x));
    lbuf_printf(&o->epilogue, "__builtin_free(" LOWER_BYTES "(__nrt_e->%s));\n", x);
}

/* reduction(op: a) on an array whose size its initializer gives (`int h[] = {0, 0}`) or a
 * VLA: the original's address and the bounds were recorded at creation (capture_vm); the
 * private copy is on the heap (a VLA may be large), a pointer to an array of that type
 * under the user's name (use `(*a)`, capture_reduction). */
static void vm_reduction(struct outline *o, struct lower_var *v)
{
    struct lower *L = o->L;
    const char *x = vname(v, L->a);
    const char *orig = arena_printf(L->a, "(*(__typeof__(%s) *)__nrt_e->%s)", v->use, x);
    struct lower_red_elems e;
    lbuf_printf(&o->decl, "%s = __builtin_malloc(sizeof *%s); ", decl_as(o, v, v->use), x);
    lbuf_printf(&o->prologue, "if (!%s) __builtin_abort(); "
                "__nrt_e->%s = nanort_reduction_original(" LOWER_BYTES "(__nrt_e->%s));\n", x, x, x);
    lower_reduction_array_elems(L, v->sym, v->use, orig, &e);
    reduction_code(o, v, &e);
    record_copy(o, x, x, arena_printf(L->a, "__nrt_e->%s", x),
                arena_printf(L->a, "sizeof %s", v->use));
    lbuf_printf(&o->epilogue, "__builtin_free(" LOWER_BYTES "(%s));\n", x);
}

/* How a task names the original array of a section reduction: the member LL_RED_REF, a
 * pointer to the array; for a VLA (v->vm) a local of that name, declared by
 * section_reduction from the address and bounds capture_vm keeps. */
static const char *section_ref(struct lower *L, const struct lower_var *v, const char *x)
{
    const char *ref = lower_local_name(L, LL_RED_REF, 0, x);
    return v->vm ? ref : arena_printf(L->a, "__nrt_e->%s", ref);
}

/* reduction(op: a[lb:len]): a private copy of the section on the heap, placed (member
 * LL_RED_BASE) so that `a[lb]` inside the task is its first element (capture_section). */
static void section_reduction(struct outline *o, struct lower_var *v)
{
    struct lower *L = o->L;
    const char *x = vname(v, L->a);
    const char *ref = lower_local_name(L, LL_RED_REF, 0, x);
    const char *lb = lower_local_name(L, LL_RED_LB, 0, x);
    const char *rn = lower_local_name(L, LL_RED_COUNT, 0, x);
    const char *rb = lower_local_name(L, LL_RED_BASE, 0, x);
    const char *ro = lower_local_name(L, LL_RED_ORIG, 0, x);
    const char *rp = lower_local_name(L, LL_RED_PRIV, 0, x);
    bool array = v->sym->type == TYPE_ARRAY && !v->sym->array_param;
    bool vm_pointer = v->vm && !array;
    if (v->vm)          /* a VLA: a pointer to it, of its type (capture_section); a pointer
                           to a variably modified type: the pointer, and the copy's base */
        lbuf_printf(&o->decl, "%s = __nrt_e->%s; ", decl_as(o, v, array ? arena_printf(L->a,
                    "(*%s)", ref) : ref), x);
    if (vm_pointer)
        lbuf_printf(&o->decl, "%s; ", decl_as(o, v, rb));
    const char *orig = arena_printf(L->a, array ? "(*%s)" : "%s", section_ref(L, v, x));
    /* (m[i][lb:len]: the original's elements end to end) */
    orig = lower_reduction_flat(L, &v->red_sec, orig);
    /* (a pointer's member has its type, maybe const: copied in) */
    lbuf_printf(&o->decl, "__typeof__(&%s[0]) %s = nanort_reduction_original("
                LOWER_BYTES "(&%s[__nrt_e->%s])), "
                "%s = __builtin_malloc(__nrt_e->%s * sizeof *%s + 1); ", orig, ro, orig, lb, rp, rn,
                rp);
    const char *base = vm_pointer ? rb : arena_printf(L->a, "__nrt_e->%s", rb);
    /* (the copy goes through integer casts, LOWER_BYTES: it drops the base's own
     * qualifiers, a restrict or const pointer's, which a pointer cast would say under
     * -Wcast-qual, and passing &base as it is under -Wdiscarded-qualifiers) */
    lbuf_printf(&o->prologue, "if (!%s) __builtin_abort(); "
                "{ __typeof__(%s) __nrt_b = (__typeof__(%s))((char *)"
                LOWER_BYTES "(%s) - __nrt_e->%s * "
                "(" LOWER_PTRDIFF_T ")sizeof *%s); __builtin_memcpy(" LOWER_BYTES "(&%s), "
                LOWER_BYTES "(&__nrt_b), sizeof __nrt_b); }\n",
                rp, base, base, rp, lb, rp, base);
    struct lower_red_elems e;
    lower_reduction_buffer_elems(L, &v->red_sec, arena_printf(L->a, "__nrt_e->%s", rn), rp, ro,
                                 &e);
    reduction_code(o, v, &e);
    record_copy(o, x, rp, ro, arena_printf(L->a, "__nrt_e->%s * sizeof *%s", rn, rp));
    lbuf_printf(&o->epilogue, "__builtin_free(" LOWER_BYTES "(%s));\n", rp);
}

/* A private or firstprivate VLA: its own bytes at the end of the argument block (sized
 * at run time), at least 16-aligned like the block, and as aligned as the VLA (a VLA of
 * 32-byte vectors: the block is then created that aligned, o->align); firstprivate
 * copies the contents at creation.  The VLA's alignment is its type's, and the one its
 * declaration asks for (`double a[n] __attribute__((aligned(64)))`): in a task nested in
 * the one that captured it, `parent` is that task's copy through a pointer to the array
 * type, which only has the type's alignment. */
static void vla_copy(struct outline *o, const struct lower_var *v, const char *x,
                     const char *parent, bool copy)
{
    struct lower *L = o->L;
    const char *declared = lower_decl_align_expr(L, v->sym);
    if (!declared)
        declared = "16";
    const char *off = lower_local_name(L, LL_VLA_OFF, 0, x);
    /* (declarations only: the creation code declares __nrt_sz after them, for
       -Wdeclaration-after-statement) */
    const char *env = lower_name(L, LN_ENV, o->fn, o->n);
    const char *end = o->size_end ? o->size_end : arena_printf(L->a, "sizeof(struct %s)", env);
    const char *prev = o->align ? o->align : arena_printf(L->a, "__alignof__(struct %s)", env);
    const char *typed = arena_printf(L->a, "(__alignof__(%s) > 16 ? __alignof__(%s) : 16)",
                                     parent, parent);
    const char *mine = arena_printf(L->a, "(%s > %s ? %s : %s)", typed, declared, typed,
                                    declared);
    o->align = arena_printf(L->a, "(%s > %s ? %s : %s)", prev, mine, prev, mine);
    lbuf_printf(&o->size, LOWER_SIZE_T " %s = (%s + %s - 1) & ~(" LOWER_SIZE_T ")(%s - 1); ",
                off, end, mine, mine);
    o->size_end = arena_printf(o->L->a, "%s + sizeof(%s)", off, parent);
    lbuf_printf(&o->init, "__nrt_x->%s = (char *)__nrt_a + %s; ", x, off);
    if (copy)
        lbuf_printf(&o->init, "__builtin_memcpy(__nrt_x->%s, (const void *)&(%s), sizeof(%s)); ",
                    x, parent, parent);
}

/* Is the object the creation code names for v a register variable, whose address C does not
 * let us take?  (A task's own capture of one is a local of its outlined function.) */
static bool parent_register(struct lower *L, const struct lower_var *v)
{
    return v->sym->specs && (v->sym->specs->flags & SPEC_REGISTER) &&
           !lower_frame_copy(L, v->sym);
}

void lower_inline_copy_in(struct lower *L, struct lower_buf *init, const struct lower_var *v,
                   const char *member, const char *parent)
{
    const char *to = lower_bytes_at(L, arena_printf(L->a, "&__nrt_x->%s", member), false);
    if (parent_register(L, v))
        lbuf_printf(init, "{ __typeof__(%s) __nrt_v = %s; __builtin_memcpy(%s, %s, "
                    "sizeof __nrt_x->%s); } ", parent, parent, to,
                    lower_bytes_at(L, "&__nrt_v", true), member);
    else
        lbuf_printf(init, "__builtin_memcpy(%s, %s, sizeof __nrt_x->%s); ", to,
                    lower_bytes_at(L, arena_printf(L->a, "&(%s)", parent), true), member);
}

/*
 * Inside the outlined function each capture is a local of the user's own name, so that
 * the body reads as written and gdb's `p x` finds it (issue 22):
 *   value    a firstprivate or private scalar, pointer or enum whose address cannot
 *            outlive the function: a copy of its member, `x` (as good as the member:
 *            the environment is the task's own; a register at -O2)
 *   pointer  anything else: a pointer to its member, `(*x)` (a shared variable's member
 *            is already the pointer): a task created in the body may keep the address
 *            of a firstprivate until it ends, and the environment lives as long
 */
/* Could the address of `s` outlive the outlined function that runs `body`: is it taken
 * (&s), or may a construct inside share it with a task of its own (a clause names it;
 * default(shared); a worksharing loop, sections or a region, which share by default)? */
struct escape {
    struct lower *L;
    const struct sym *s;
    bool found;
};

static const char *note_name(void *arg, const char *t, size_t n)
{
    struct escape *e = arg;
    if (e->s->name->len == n && memcmp(e->s->name->str, t, n) == 0)
        e->found = true;
    return NULL;
}

static bool pragma_may_share(struct escape *e, struct ast *pr)
{
    /* without its comments: "default" or the name in one shares nothing */
    const char *text = lower_uncomment(e->L, e->L->text + pr->begin, pr->end - pr->begin);
    const char *w = strstr(text, "omp");
    if (!w)
        return false;
    for (w += 3; *w == ' ' || *w == '\t'; w++)
        ;
    static const char *const by_value[] = {"task", "taskloop", "taskwait", "taskyield",
                                           "critical", "atomic", "flush", "barrier", "target"};
    size_t n = strcspn(w, " \t(");
    if (!lower_name_in(w, n, by_value, 9) || strstr(text, "default"))
        return true;
    lower_map_idents(e->L, text, note_name, e);
    return e->found;
}

static bool escape_walk(struct ast *n, void *arg)
{
    struct escape *e = arg;
    if (e->found)
        return false;
    if (n->kind == AST_PRAGMA) {
        e->found |= pragma_may_share(e, n);
        return false;
    }
    for (struct ast *p = n->pragma; p && !e->found; p = p->kid[0])
        e->found |= pragma_may_share(e, p);
    if (n->kind == AST_UNARY && n->op == '&') {
        const struct ast *x = n->kid[0];
        while (x && (x->kind == AST_SUBSCRIPT || x->kind == AST_MEMBER))
            x = x->kid[0];
        e->found |= x && x->kind == AST_IDENT && x->sym == e->s;
    }
    return !e->found;
}

static bool value_alias(struct lower *L, const struct lower_var *v, struct ast *body)
{
    if (!(v->share == LOWER_FIRSTPRIVATE || v->share == LOWER_PRIVATE) || v->vm || v->inpriv ||
        !(v->sym->type == TYPE_SCALAR || v->sym->type == TYPE_POINTER ||
          v->sym->type == TYPE_ENUM))
        return false;
    struct escape e = {L, v->sym, false};
    for (int k = 0; k < 4 && !e.found; k++)     /* (not body->pragma: the construct's own) */
        if (body->kid[k])
            ast_walk(body->kid[k], escape_walk, &e);
    return !e.found;
}

const char *lower_inline_alias_use(struct lower *L, const struct lower_var *v, struct ast *body)
{
    const char *x = vname(v, L->a);
    return value_alias(L, v, body) ? x : arena_printf(L->a, "(*%s)", x);
}

/* The alias of v (named x) for its member `member`; `pointer`: the member points to the
 * variable (shared). */
static void alias(struct outline *o, struct lower_var *v, const char *x, const char *member,
                  bool pointer)
{
    struct lower *L = o->L;
    bool value = !pointer && value_alias(L, v, o->body);
    lbuf_printf(&o->alias, "__attribute__((__unused__)) __typeof__(__nrt_e->%s) %s%s = %s__nrt_e->%s; ",
                member, value || pointer ? "" : "*", x, value || pointer ? "" : "&", member);
    v->use = value ? x : arena_printf(L->a, "(*%s)", x);
}

/* A capture declared through __typeof__ of the parent's variable: the environment and the
 * outlined function are then inside the enclosing function, where local types are seen.
 * A loop's variable declared in its header (private) is not seen by the creation code: it
 * is declared as written. */
static bool capture_typeof(struct outline *o, struct lower_var *v, const char *x,
                           const char *parent)
{
    if (v->sym->declarator && v->sym->declarator->begin >= o->construct) {
        char *m = v->share == LOWER_PRIVATE ? lower_decl_text_here(o->L, v->sym, x) : NULL;
        if (!m)
            return false;
        lbuf_printf(&o->env, "%s; ", m);
        alias(o, v, x, x, false);
        return true;
    }
    if (v->share == LOWER_SHARED) {
        lbuf_printf(&o->env, "__typeof__(%s) *%s; ", parent, x);
        lbuf_printf(&o->init, "__nrt_x->%s = &(%s); ", x, parent);
        alias(o, v, x, x, true);
        return true;
    }
    /* __typeof__ of a variable has its type's alignment, not the one the declaration
     * asked for (`_Alignas(64) struct loc s`): __alignof__ of the variable is that one */
    lbuf_printf(&o->env, "__typeof__(%s) %s __attribute__((__aligned__(__alignof__(%s))))%s; ",
                parent, x, parent, lower_allocate_align(o->L, o->dir, v->sym));
    if (v->share == LOWER_FIRSTPRIVATE)
        lower_inline_copy_in(o->L, &o->init, v, x, parent);
    alias(o, v, x, x, false);
    return true;
}

/*
 * inprivate(x) / inprivate([n]p): an in dependence whose data the task gets as its own
 * copy, taken when it starts (its dependences are then satisfied), not at creation:
 *   x          a member of x's type, filled from a pointer to the original
 *   [n]..p     p points to a heap copy of the shaped bytes, freed at the end
 *   *p         as [1]p: a heap copy of the object p points to
 *   a          a parameter declared as an array: as [n]a, its array's bytes
 */
static bool capture_inprivate(struct outline *o, struct lower_var *v, const char *x,
                              const char *parent)
{
    struct lower *L = o->L;
    const struct omp_ref *r = v->inpriv;
    char *m = lower_decl_text(L, v->sym, NULL);
    if (!m || v->vm)
        return false;
    const char *ip = lower_local_name(L, LL_INPRIV, 0, x);
    const char *ib = lower_local_name(L, LL_INPRIV_BYTES, 0, x);
    const char *copy = lower_local_name(L, LL_INPRIV_COPY, 0, x);
    struct sym *param;
    bool failed = false;
    bool array_param = r->kind == OMP_REF_NAME && v->sym->array_param;
    const char *bytes = array_param ? lower_deps_inpriv_bytes(L, r, parent, &param, &failed)
                                    : NULL;
    if (r->kind == OMP_REF_NAME && !array_param) {
        lbuf_printf(&o->env, "%s%s; %s; ", m, lower_decl_align_attrs(L, v->sym),
                    lower_decl_text(L, v->sym, arena_printf(L->a, "(*%s)", ip)));
        lbuf_printf(&o->init, "__nrt_x->%s = &(%s); ", ip, parent);
        lbuf_printf(&o->prologue, "__builtin_memcpy(%s, %s, sizeof __nrt_e->%s);\n",
                    lower_bytes_at(L, arena_printf(L->a, "&__nrt_e->%s", x), false),
                    lower_bytes_at(L, arena_printf(L->a, "__nrt_e->%s", ip), true), x);
        alias(o, v, x, x, false);
        return true;
    }
    bool pointer = r->base && r->base->kind == OMP_REF_NAME && v->sym->type == TYPE_POINTER &&
                   !v->sym->array_param;
    bool shape = r->kind == OMP_REF_SHAPE && pointer;
    bool deref = r->kind == OMP_REF_DEREF && pointer;
    if (!bytes && !shape && !deref) {
        if (!failed)
            mcc_error_at(&r->text.loc, "sorry, unimplemented: this form of inprivate (use a "
                         "variable, a shaped pointer [n]p or what a pointer points to, *p)");
        return true;
    }
    lbuf_printf(&o->env, "%s; " LOWER_SIZE_T " %s; void *%s; ", m, ib, copy);
    lower_inline_copy_in(L, &o->init, v, x, parent);
    if (bytes) {
        /* a parameter declared as an array: the array it points to */
        lbuf_printf(&o->init, "__nrt_x->%s = %s; ", ib, bytes);
    } else if (deref) {     /* *p: the one object p points to, as [1]p */
        lbuf_printf(&o->init, "__nrt_x->%s = sizeof *(%s); ", ib, parent);
    } else {
        lbuf_printf(&o->init, "__nrt_x->%s = %s", ib, lower_deps_shape_elem(L, r, parent));
        for (int i = 0; i < r->ndims; i++)
            lbuf_printf(&o->init, " * (" LOWER_SIZE_T ")(%s)",
                        lower_expr(L, r->dims[i].text, NULL, 0));
        lbuf_puts(&o->init, "; ");
    }
    lbuf_printf(&o->prologue, "__nrt_e->%s = __builtin_malloc(__nrt_e->%s + 1); "
                "if (!__nrt_e->%s) __builtin_abort(); __builtin_memcpy(__nrt_e->%s, "
                "(const void *)__nrt_e->%s, __nrt_e->%s); __nrt_e->%s = __nrt_e->%s;\n",
                copy, ib, copy, copy, x, ib, x, copy);
    lbuf_printf(&o->epilogue, "__builtin_free(" LOWER_BYTES "(__nrt_e->%s));\n", copy);
    alias(o, v, x, x, false);
    return true;
}

/* Is a capture's type one that cannot be printed at file scope (declared in the function,
 * __auto_type)?  Such a task is outlined as a GNU C nested function (outline_local).  A
 * variably modified one (`struct pt pts[n]` of a local struct) is captured as others of its
 * kind (capture_vm), its type then written with the function's own names. */
static bool needs_local(struct lower *L, const struct lower_var *v)
{
    if (v->vm)
        return !lower_decl_text_subst(L, v->sym, NULL, NULL, 0, false);
    return !lower_decl_text(L, v->sym, NULL);
}

/* A reduction item whose copies cannot start from a copy of the original as the construct
 * began (a section, a shaped pointer, a VLA) while its declared initializer reads omp_orig:
 * the original would be read after other tasks combined into it.  Reported. */
static bool seed_unimplemented(struct lower *L, const struct lower_var *v)
{
    if (!lower_reduction_reads_orig(L, v->red_ref))
        return false;
    mcc_error_at(&v->red_ref->text.loc, "sorry, unimplemented: a reduction over '%s', a "
                 "section, shaped pointer or variable-length array, on a task or loop, with a "
                 "declared reduction whose initializer reads omp_orig (its copies would read "
                 "what other tasks already combined into the original; reduce a whole array "
                 "of fixed size, or initialize without omp_orig)", v->red_ref->text.text);
    return true;
}

/* reduction(op: [n]p) on a pointer: the pointer, and the number of elements reduced. */
static bool capture_array_reduction(struct outline *o, struct lower_var *v, const char *x,
                                    const char *parent)
{
    struct lower *L = o->L;
    if (seed_unimplemented(L, v))
        return true;
    if (v->sym->type == TYPE_ARRAY && !v->sym->array_param) {
        /* (one dimension is the section [0;n]: lower_reduction_shaped_array) */
        mcc_error_at(&v->red_ref->text.loc, "sorry, unimplemented: a reduction over '%s', a "
                     "shaping of the array '%s' in more than one dimension (shape one, "
                     "[n]%s, for its first n elements)", v->red_ref->text.text, x, x);
        return true;        /* reported; v->use stays NULL */
    }
    char *m = lower_decl_text(L, v->sym, NULL);
    if (!m || v->vm || v->sym->type != TYPE_POINTER)
        return false;
    const char *rn = lower_local_name(L, LL_RED_COUNT, 0, x);
    lbuf_printf(&o->env, "%s; " LOWER_SIZE_T " %s; ", m, rn);
    lower_inline_copy_in(L, &o->init, v, x, parent);
    lbuf_printf(&o->init, "__nrt_x->%s = 1", rn);
    for (int i = 0; i < v->red_ref->ndims; i++)
        lbuf_printf(&o->init, " * (" LOWER_SIZE_T ")(%s)",
                    lower_expr(L, v->red_ref->dims[i].text, NULL, 0));
    lbuf_puts(&o->init, "; ");
    alias(o, v, x, x, false);
    return true;
}

static bool capture_vm(struct outline *o, struct lower_var *v, const char *x,
                       const char *parent);

/* reduction(op: a[lb:len]) on an array or a pointer: the original (the array's address,
 * the pointer; a VLA's address and bounds), the bounds, and where the task's copy is
 * (section_reduction); inside the task `a` is that copy, as an array of a's type or as a
 * pointer. */
static bool capture_section(struct outline *o, struct lower_var *v, const char *x,
                            const char *parent)
{
    struct lower *L = o->L;
    if (seed_unimplemented(L, v))
        return true;
    bool array = v->sym->type == TYPE_ARRAY && !v->sym->array_param;
    const char *ref = lower_local_name(L, LL_RED_REF, 0, x);
    char *m = v->vm ? NULL : lower_decl_text(L, v->sym, array ? arena_printf(L->a, "(*%s)", ref)
                                                              : ref);
    if (!m && !v->vm) {
        mcc_error_at(&v->red_ref->text.loc, "sorry, unimplemented: a reduction over '%s', a "
                     "section or element of '%s', whose type is declared inside the function, "
                     "on a task or loop", v->red_ref->text.text, x);
        return true;        /* reported; v->use stays NULL */
    }
    /* a VLA: its address and bounds; a pointer to a variably modified type (`double
     * (*p)[m]`, a parameter `double a[n][m]`): its value and bounds */
    if (!m && !capture_vm(o, v, x, parent))
        return false;
    if (!lower_reduction_section(L, v->red_ref, v->sym, parent, o->values, &v->red_sec))
        return true;
    const char *lb = lower_local_name(L, LL_RED_LB, 0, x);
    const char *rn = lower_local_name(L, LL_RED_COUNT, 0, x);
    const char *rb = lower_local_name(L, LL_RED_BASE, 0, x);
    /* the copy as placed: `void *` for an array (used through a pointer to the array), the
     * pointer's own type for a pointer (used as it is, an lvalue a task inside may name) */
    lbuf_printf(&o->env, "%s%s" LOWER_PTRDIFF_T " %s; " LOWER_SIZE_T " %s; %s; ", m ? m : "",
                m ? "; " : "", lb, rn,
                array || !m ? arena_printf(L->a, "void *%s", rb) : lower_decl_text(L, v->sym, rb));
    if (array && m)
        lbuf_printf(&o->init, "__nrt_x->%s = &(%s); ", ref, parent);
    else if (!array && m)
        lower_inline_copy_in(L, &o->init, v, ref, parent);
    lbuf_printf(&o->init, "__nrt_x->%s = (" LOWER_PTRDIFF_T ")(%s); __nrt_x->%s = (" LOWER_SIZE_T
                ")(%s); ", lb, v->red_sec.lb, rn, v->red_sec.len);
    const char *inner = lower_reduction_inner_bounds(L, &v->red_sec);
    if (inner) {        /* m[lb:len][lb1:len1]: the rows' inner sections, for the combine */
        const char *ri = lower_local_name(L, LL_RED_INNER, 0, x);
        lbuf_printf(&o->env, LOWER_PTRDIFF_T " %s[%d]; ", ri, 2 * v->red_sec.ninner);
        lbuf_printf(&o->init, "{ " LOWER_PTRDIFF_T " __nrt_ib[] = %s; __builtin_memcpy(__nrt_x->%s, "
                    "__nrt_ib, sizeof __nrt_ib); } ", inner, ri);
        v->red_sec.bounds = arena_printf(L->a, "__nrt_e->%s", ri);
    }
    v->use = array ? arena_printf(L->a, "(*(__typeof__(*%s) *)__nrt_e->%s)",
                                  section_ref(L, v, x), rb)
             : v->vm ? rb       /* of its type, declared by section_reduction */
                     : arena_printf(L->a, "__nrt_e->%s", rb);
    return true;
}

/* Is v's member the address of the variable (a VLA, a shared pointer to one), not the
 * pointer's value? */
static bool vm_by_address(const struct lower_var *v)
{
    return (v->sym->type == TYPE_ARRAY && !v->sym->array_param) || v->share == LOWER_SHARED;
}

/* A variably modified variable: a void * member, and a member for each variable bound of
 * its type, taken from the object's type at creation (the variables a bound names may
 * change after the declaration, and the bound may have side effects); the outlined
 * function redeclares it with its own type, those members as the bounds. */
static bool capture_vm(struct outline *o, struct lower_var *v, const char *x,
                       const char *parent)
{
    struct lower *L = o->L;
    bool array = v->sym->type == TYPE_ARRAY && !v->sym->array_param;
    lbuf_printf(&o->env, "void *%s; ", x);
    if (array && v->share != LOWER_SHARED && v->share != LOWER_REDUCTION)
        vla_copy(o, v, x, parent, v->share == LOWER_FIRSTPRIVATE);
    else
        lbuf_printf(&o->init, "__nrt_x->%s = " LOWER_BYTES "(%s(%s)); ", x,
                    vm_by_address(v) ? "&" : "", parent);
    struct lower_subst *b;
    int n = lower_vla_bounds(L, v->sym, parent, &b);
    for (int k = 0; k < n; k++) {
        const char *m = lower_local_name(L, LL_VLA_BOUND, k, x);
        lbuf_printf(&o->env, LOWER_SIZE_T " %s; ", m);
        lbuf_printf(&o->init, "__nrt_x->%s = %s; ", m, b[k].text);
    }
    v->use = vm_by_address(v) ? arena_printf(L->a, "(*%s)", x) : x;
    return lower_decl_text_subst(L, v->sym, NULL, NULL, 0, o->local) != NULL;
}

/* Does a taskgroup around the construct being lowered, in the same function's frame (no
 * other construct in between but those run where they stand), have task_reduction(id: x)
 * with the copy of x's value as it began (lower_omp.c, taskgroup_seed)? */
static bool taskgroup_seeded(struct lower *L, const char *x)
{
    /* (L->nest: the construct itself) */
    for (const struct lower_nest *n = L->nest ? L->nest->up : NULL; n; n = n->up) {
        enum omp_directive_kind k = n->dir->kind;
        if (k == OMP_DIR_TASKGROUP)
            for (int i = 0; i < n->dir->nclauses; i++) {
                const struct omp_clause *c = &n->dir->clauses[i];
                for (int r = 0; c->kind == OMP_CL_TASK_REDUCTION && r < c->nrefs; r++)
                    if (c->refs[r]->kind == OMP_REF_NAME && !strcmp(c->refs[r]->text.text, x))
                        return lower_reduction_reads_orig(L, c->refs[r]);
            }
        else if (k != OMP_DIR_SINGLE && k != OMP_DIR_MASTER && k != OMP_DIR_MASKED &&
                 k != OMP_DIR_CRITICAL)
            return false;
    }
    return false;
}

/* reduction(op: x): the private copy, and the address of the original it combines into. */
static bool capture_reduction(struct outline *o, struct lower_var *v, const char *x,
                              const char *parent)
{
    struct lower *L = o->L;
    if (v->red_ref->kind != OMP_REF_NAME) {
        lower_reduction_sorry(v->red_ref);
        return true;        /* reported; v->use stays NULL */
    }
    if (v->vm && (v->sym->type != TYPE_ARRAY || v->sym->array_param)) {
        mcc_error_at(&v->red_ref->text.loc, "sorry, unimplemented: a reduction over '%s', a "
                     "pointer to a variably modified type (use a shaped pointer, [n]p)",
                     v->red_ref->text.text);
        return true;
    }
    if (v->vm && seed_unimplemented(L, v))
        return true;
    if (v->vm) {            /* the original's address and its bounds: vm_reduction */
        bool ok = capture_vm(o, v, x, parent);
        v->use = ok ? arena_printf(L->a, "(*%s)", x) : NULL;
        return ok;
    }
    char *m = lower_decl_text(L, v->sym, NULL);
    const char *ref = lower_local_name(L, LL_RED_REF, 0, x);
    char *p = lower_decl_text(L, v->sym, arena_printf(L->a, "(*%s)", ref));
    if ((!m || !p) && o->local) {
        /* a type declared in the function: the outlined function is inside it too */
        m = arena_printf(L->a, "__typeof__(%s) %s", parent, x);
        p = arena_printf(L->a, "__typeof__(%s) *%s", parent, ref);
    }
    if (!m || !p)
        return false;
    lbuf_printf(&o->env, "%s; %s; ", m, p);
    lbuf_printf(&o->init, "__nrt_x->%s = &(%s); ", ref, parent);
    bool seeded = lower_reduction_reads_orig(L, v->red_ref) && taskgroup_seeded(L, x);
    if (lower_reduction_reads_orig(L, v->red_ref) && !seeded &&
        ((L->nest && L->nest->dir->kind == OMP_DIR_TASK) || v->red->in_reduction)) {
        /* a task's share of a reduction other tasks (its siblings, a taskgroup's tasks
           elsewhere) may have combined into already */
        mcc_error_at(&v->red_ref->text.loc, "sorry, unimplemented: '%s' in '%s' of a task "
                     "outside a taskgroup of this block reducing it, with a declared reduction "
                     "whose initializer reads omp_orig (its copy would read what other tasks "
                     "already combined into the original; initialize without omp_orig)",
                     v->red_ref->text.text, v->red->in_reduction ? "in_reduction" : "reduction");
        return true;
    }
    if (lower_reduction_reads_orig(L, v->red_ref)) {
        /* The initializer's omp_orig: the original's value before the construct's tasks
         * (one a chunk, ...) combine into it, taken once, a copy in each task. */
        const char *seed = lower_local_name(L, LL_RED_SEED, 0, x), *t = seed;
        char *sm = lower_decl_text(L, v->sym, seed);
        lbuf_printf(&o->env, "%s; ", sm ? sm : arena_printf(L->a, "__typeof__(%s) %s", parent,
                                                            seed));
        if (!seeded) {      /* (else the taskgroup's copy, of that name) */
            t = lower_local_name(L, LL_VALUE, L->values++, NULL);
            lower_seed_copy(&o->values->decl, t, parent);
            o->values->seeds = true;
        }
        lbuf_printf(&o->init, "__builtin_memcpy(&__nrt_x->%s, &%s, sizeof %s); ", seed, t, t);
    }
    alias(o, v, x, x, false);
    return true;
}

static void add_vm_typedef(void *arg, struct sym *t);

static bool vm_typedef_visit(struct ast *n, void *arg)
{
    if (n->kind == AST_TYPEDEF_REF && lower_local_vm_typedef(n->sym))
        add_vm_typedef(arg, n->sym);
    return true;
}

/* The local typedefs of variably modified types that tree n (specifiers, a declarator)
 * names, into o->types. */
static void named_vm_typedefs(struct outline *o, struct ast *n)
{
    ast_walk(n, vm_typedef_visit, o);
}

/* Typedef t into o->types (once), after those its own type names. */
static void add_vm_typedef(void *arg, struct sym *t)
{
    struct outline *o = arg;
    for (int i = 0; i < o->ntypes; i++)
        if (o->types[i] == t)
            return;
    named_vm_typedefs(o, t->specs);
    named_vm_typedefs(o, lower_full_declarator(t));
    ARENA_GROW(o->L->a, o->types, o->ntypes, o->captypes, 4);
    o->types[o->ntypes++] = t;
}

/* Does one of o's typedefs have the name of another, or of a capture?  (Both would be
 * declared in the outlined function's scope.) */
static const struct sym *typedef_name_clash(const struct outline *o, int i)
{
    const struct name *nm = o->types[i]->name;
    for (int j = 0; j < i; j++)
        if (o->types[j]->name == nm)
            return o->types[j];
    for (const struct lower_var *v = o->vars; v; v = v->next)
        if (v->sym->name == nm)
            return v->sym;
    return NULL;
}

/* The local typedefs of variably modified types the task uses (named by the body or by a
 * capture's type): a member for each extent, recorded at creation from the typedef itself
 * with sizeof (lower_typedef_bounds: its variables may have changed since), and the typedef
 * declared again in the outlined function with those members as its bounds, before the
 * captures declared with it.  The outlined function then needs nothing of the frame the
 * typedef was declared in: no static chain, no trampoline. */
static void capture_typedefs(struct outline *o, const struct lower_dir *d)
{
    struct lower *L = o->L;
    for (int i = 0; i < o->ntypes; i++) {
        struct sym *t = o->types[i];
        const char *x = arena_strndup(L->a, t->name->str, t->name->len);
        struct lower_subst *b;
        int n = lower_typedef_bounds(L, t, "__nrt_x", &b);
        for (int k = 0; k < n; k++) {
            const char *m = lower_local_name(L, LL_TYPE_BOUND, k, x);
            lbuf_printf(&o->env, LOWER_SIZE_T " %s; ", m);
            lbuf_printf(&o->init, "__nrt_x->%s = %s; ", m, b[k].text);
            b[k].text = arena_printf(L->a, "__nrt_e->%s", m);
        }
        char *decl = typedef_name_clash(o, i) ? NULL : lower_typedef_decl(L, t, b, n, o->local);
        struct mcc_loc at = source_loc(&L->t->src, lower_dir_off(d));
        if (decl)       /* (as aligned as it was: `typedef double v[n] __attribute__((aligned(64)))`) */
            lbuf_printf(&o->decl, "%s%s; ", decl, lower_decl_align_attrs(L, t));
        else
            mcc_error_at(&at, "sorry, unimplemented: a '%s' construct using the local typedef "
                         "'%s' of a variably modified type, named as another typedef or "
                         "variable it uses", omp_directive_names[d->dir->kind], x);
    }
}

/* Member, initialisation and use of one captured variable.  False: not capturable. */
static bool capture_var(struct outline *o, struct lower_var *v, const char *parent)
{
    struct lower *L = o->L;
    const char *x = vname(v, L->a);
    if (o->local && !v->vm && needs_local(L, v) && v->share != LOWER_REDUCTION)
        return capture_typeof(o, v, x, parent);
    if (v->share == LOWER_REDUCTION && v->red_ref->kind == OMP_REF_SHAPE &&
        v->red_ref->base->kind == OMP_REF_NAME)
        return capture_array_reduction(o, v, x, parent);
    if (v->share == LOWER_REDUCTION && lower_reduction_section_item(v->red_ref))
        return capture_section(o, v, x, parent);
    if (v->inpriv)
        return capture_inprivate(o, v, x, parent);
    if (v->share == LOWER_REDUCTION)
        return capture_reduction(o, v, x, parent);
    if (v->vm)
        return capture_vm(o, v, x, parent);
    if (v->share == LOWER_SHARED) {
        char *m = lower_decl_text(L, v->sym, arena_printf(L->a, "(*%s)", x));
        if (!m)
            return false;
        lbuf_printf(&o->env, "%s; ", m);
        lbuf_printf(&o->init, "__nrt_x->%s = &(%s); ", x, parent);
        alias(o, v, x, x, true);
        return true;
    }
    char *m = lower_decl_text(L, v->sym, NULL);
    if (!m)
        return false;
    /* (the copy keeps the original's alignment: its code may use aligned loads; an
       allocate clause's align(n) may ask for more) */
    lbuf_printf(&o->env, "%s%s%s; ", m, lower_decl_align_attrs(L, v->sym),
                lower_allocate_align(L, o->dir, v->sym));
    if (v->share == LOWER_FIRSTPRIVATE)
        lower_inline_copy_in(L, &o->init, v, x, parent);
    alias(o, v, x, x, false);
    return true;
}

/* lastprivate: a pointer to the original, which the task of the last iteration (or
 * section) copies its value to (lower_inline_outline's epilogue); `void *` for a variably
 * modified variable (a VLA: the copy's size is that of its own type, capture_vm). */
static void lastprivate_member(struct outline *o, struct lower_var *v, const char *parent)
{
    struct lower *L = o->L;
    const char *x = vname(v, L->a), *lp = lower_local_name(L, LL_LASTPRIV, 0, x);
    char *p = v->vm ? arena_printf(L->a, "void *%s", lp)
                    : lower_decl_text(L, v->sym, arena_printf(L->a, "(*%s)", lp));
    if (!p && o->local && !v->vm)   /* a type declared in the function, as the outline is */
        p = arena_printf(L->a, "__typeof__(%s) *%s", parent, lp);
    if (!p) {
        struct mcc_loc at = source_loc(&L->t->src, v->first_use);
        mcc_error_at(&at, "sorry, unimplemented: lastprivate '%s', whose type is declared "
                     "inside the function or variably modified", x);
        v->last = false;
        return;
    }
    lbuf_printf(&o->env, "%s; ", p);
    lbuf_printf(&o->init, "__nrt_x->%s = &(%s); ", lp, parent);
}

static const char *fn_name(struct lower *L)
{
    struct ast *dn = L->fn ? ast_declarator_name(L->fn->kid[1]) : NULL;
    return dn ? arena_strndup(L->a, dn->name->str, dn->name->len) : "file";
}


struct lower_var *lower_inline_captures(struct lower *L, const struct lower_dir *d,
                                        struct ast *body, bool *serial, bool *here)
{
    const char *what = arena_printf(L->a, "%s%s", d->dir->parallel ? "parallel " : "",
                                    omp_directive_names[d->dir->kind]);
    struct capture c = {L, body, NULL, false, false, what, false};
    size_t off = d->node->pragma ? d->node->pragma->begin : d->node->begin;
    capture_tree(&c, body);
    apply_clauses(&c, d, off);
    implicit_sharing(&c, d, off);
    /* (not a team's loop: each member runs its chunks at once on its thread, as OpenMP's) */
    if ((d->dir->kind == OMP_DIR_FOR || d->dir->kind == OMP_DIR_SECTIONS) &&
        !lower_team_shares(L, d)) {
        threadprivate_use(&c, d);
        team_number_serial(&c, d);
        flush_sync_serial(&c, d);
    } else if (d->dir->kind == OMP_DIR_TASKLOOP) {
        team_number_serial(&c, d);
    }
    if (serial)
        *serial = c.serial;
    if (here)
        *here = c.here;
    if (L->capture_log)
        log_capture(L, c.vars, NULL);
    return c.vars;
}

struct lower_var *lower_inline_team_captures(struct lower *L, const struct lower_dir *d)
{
    struct lower_var *vars = lower_inline_captures(L, d, d->node, NULL, NULL);
    const struct omp_clause *def = omp_find_clause(d->dir, OMP_CL_DEFAULT);
    size_t off = d->node->pragma ? d->node->pragma->begin : d->node->begin;
    for (struct lower_var *v = vars; v; v = v->next)
        if (!listed(d, v, off, L) &&
            (!def || def->def == OMP_DEFAULT_SHARED || def->def == OMP_DEFAULT_NONE))
            v->share = LOWER_SHARED;
    return vars;
}

/* The task type of a nested outlined function: its address is not a constant, so the
 * implementation's entry point is stored at the first creation (every creator stores the
 * same value; the release store pairs with the acquire load of later creators). */
static void local_type(struct lower *L, struct lower_buf *out, const char *fn, int n, const char *label,
                       const char *where)
{
    const char *impl = lower_name(L, LN_IMPL, fn, n), *task = lower_name(L, LN_TASK, fn, n);
    lbuf_printf(out, "static struct nanort_impl %s[1] = {", impl);
    lower_emit_impl(out, "NANORT_DEVICE_SMP", NULL, task, NULL);
    lbuf_puts(out, "}; ");
    lower_emit_task_type(out, "static", lower_name(L, LN_TYPE, fn, n), label, where, 1, impl);
    lbuf_printf(out, "\nif (!__atomic_load_n(&%s[0].run, " LOWER_ATOMIC_ACQUIRE ")) "
                "__atomic_store_n(&%s[0].run, %s, " LOWER_ATOMIC_RELEASE ");\n", impl, impl, task);
}

/* Does the body create tasks (a construct, or a call of a function task)?  A task with
 * reductions then waits for them before it combines: they may update its copies. */
static bool creates_tasks(struct lower *L, struct ast *n)
{
    if (!n)
        return false;
    if (n->kind == AST_LIST) {
        for (struct ast *i = n->kid[0]; i; i = i->next)
            if (creates_tasks(L, i))
                return true;
        return false;
    }
    if (n->pragma || n->kind == AST_PRAGMA)
        return true;
    if (n->kind == AST_CALL && n->kid[0] && n->kid[0]->kind == AST_IDENT &&
        lower_ftask_find(L, n->kid[0]->name))
        return true;
    for (int k = 0; k < 4; k++)
        if (creates_tasks(L, n->kid[k]))
            return true;
    return false;
}

/* How v's capture needs the address of the creator's variable ("shared by" a construct),
 * else NULL. */
static const char *address_use(const struct lower_var *v)
{
    if (v->share == LOWER_SHARED)
        return "shared by";
    if (v->share == LOWER_REDUCTION && v->red_ref->kind == OMP_REF_NAME)
        return "a reduction variable of";
    if (v->inpriv && v->inpriv->kind == OMP_REF_NAME)
        return "inprivate in";
    return v->last ? "lastprivate in" : NULL;
}

/* A register variable a task needs the address of (shared, reduced, lastprivate): its
 * declaration loses the storage class, as gcc -fopenmp does (`register` only forbids
 * taking the address; every name of the declaration may lose it).  False when the
 * keyword is not to be found among its specifiers. */
static bool drop_register(struct lower *L, const struct lower_var *v)
{
    struct ast *list = v->sym->specs ? v->sym->specs->kid[0] : NULL;
    for (struct ast *sp = list ? list->kid[0] : NULL; sp; sp = sp->next)
        if (sp->kind == AST_SPECIFIER && sp->op == KW_REGISTER) {
            if (!lower_map_get(&L->reported, sp)) {
                lower_map_put(L, &L->reported, sp, sp);
                rewrite_replace(L->rw, sp->begin, sp->end, "");
            }
            return true;
        }
    return false;
}

/* lower_inline_outline, step 1: each variable's member of the environment and its capture at
 * creation (o->init), then the extra members and the lastprivate flag. */
static void outline_captures(struct outline *o, const struct lower_dir *d,
                             struct lower_var *vars, const char *extra_env)
{
    struct lower *L = o->L;
    for (struct lower_var *v = vars; v; v = v->next) {
        const char *parent = lower_expr(L, vname(v, L->a), NULL, 0);
        struct mcc_loc at = source_loc(&L->t->src, v->first_use);
        const char *use = address_use(v);
        if (use && parent_register(L, v) && !drop_register(L, v))
            mcc_error_at(v->listed ? &v->listed->text.loc : &at, "register variable '%s' "
                         "cannot be %s a '%s' construct: that needs its address (declare it "
                         "without 'register')", vname(v, L->a), use,
                         omp_directive_names[d->dir->kind]);
        else if (!capture_var(o, v, parent))
            mcc_error_at(&at, "sorry, unimplemented: capturing '%s', whose type is "
                         "declared inside the function or variably modified",
                         vname(v, L->a));
        else if (v->last)
            lastprivate_member(o, v, parent);
    }
    capture_typedefs(o, d);
    if (extra_env)
        lbuf_puts(&o->env, extra_env);
    bool last = false;
    for (struct lower_var *v = vars; v; v = v->next)
        last |= v->last;
    if (last)
        lbuf_puts(&o->env, "_Bool __nrt_islast; ");
    if (!o->env.len)
        lbuf_puts(&o->env, "char __nrt_unused; ");
}

/* Step 2: the body lowered in the task's own frame (reduction copies and variably
 * modified types in the prologue); returns its text, on its own lines. */
static char *outline_body(struct outline *o, const struct lower_dir *d, struct ast *body,
                          struct lower_var *vars)
{
    struct lower *L = o->L;
    struct lower_frame frame = {.vars = vars, .up = L->frame,
                                .team_of_one = team_number_use(L, d, body)};
    L->frame = &frame;
    for (struct lower_var *v = vars; v; v = v->next) {
        if (v->share == LOWER_REDUCTION && v->use && v->red_ref->kind == OMP_REF_SHAPE) {
            array_reduction(o, v);
        } else if (v->share == LOWER_REDUCTION && v->use &&
                   lower_reduction_section_item(v->red_ref)) {
            section_reduction(o, v);
        } else if (v->share == LOWER_REDUCTION && v->use && v->vm) {
            vm_reduction(o, v);
        } else if (v->share == LOWER_REDUCTION && v->use) {
            const char *x = vname(v, L->a), *ref = lower_local_name(L, LL_RED_REF, 0, x);
            const char *orig = arena_printf(L->a, "(*__nrt_e->%s)", ref);
            struct lower_red_elems e = {"", "", v->use, orig, NULL};
            const char *seed = NULL;
            if (lower_reduction_reads_orig(L, v->red_ref))
                seed = e.seed = arena_printf(L->a, "__nrt_e->%s",
                                             lower_local_name(L, LL_RED_SEED, 0, x));
            if (v->sym->type == TYPE_ARRAY) {
                if (seed) {
                    struct lower_red_elems s;
                    lower_reduction_array_elems(L, v->sym, v->use, seed, &s);
                    seed = s.orig;
                }
                lower_reduction_array_elems(L, v->sym, v->use, orig, &e);
                e.seed = seed;
            }
            lbuf_printf(&o->prologue, "__nrt_e->%s = nanort_reduction_original(" LOWER_BYTES "(__nrt_e->%s));\n",
                        ref, ref);
            reduction_code(o, v, &e);
            record_copy(o, x, arena_printf(L->a, "&%s", v->use),
                        arena_printf(L->a, "__nrt_e->%s", ref),
                        arena_printf(L->a, "sizeof %s", v->use));
        }
        if (v->vm && v->share != LOWER_REDUCTION) {
            /* Redeclared with its own type, its bounds as recorded at creation (with the
               user's specifiers: __extension__, for a `_Alignas(64)` that -std=c99
               -pedantic warns of once, where the user wrote it). */
            const char *x = vname(v, L->a);
            char *decl = decl_as(o, v, vm_by_address(v) ? arena_printf(L->a, "(*%s)", x) : x);
            if (decl)       /* (unused when only a clause names it: depend(in: a[0:n])) */
                lbuf_printf(&o->decl, "__extension__ __attribute__((__unused__)) %s = "
                            "__nrt_e->%s; ", decl, x);
        }
    }
    size_t begin = body->begin;
    if (body == d->node)
        begin = lower_body(L, d);
    else if (body->pragma && body->kind != AST_LIST)
        begin = lower_statement(L, body);   /* for (...) #pragma omp ... */
    else
        lower_visit(L, body);
    char *text = rewrite_text_lines(L->rw, begin, body->end);
    L->frame = frame.up;
    return text;
}

/* Step 3: lastprivate: the task that ran the sequentially last iteration (or section)
 * copies its values back; then children are waited for, then reductions combine (all in
 * o->epilogue). */
static void outline_epilogue(struct outline *o, const struct lower_dir *d, struct ast *body,
                             struct lower_var *vars)
{
    struct lower *L = o->L;
    struct lower_buf tail = {0};
    for (struct lower_var *v = vars; v; v = v->next) {
        if (!v->last || !v->use)
            continue;
        const char *lp = lower_local_name(L, LL_LASTPRIV, 0, vname(v, L->a));
        lbuf_printf(&tail, "if (__nrt_e->__nrt_islast) __builtin_memcpy(%s, %s, sizeof %s);\n",
                    lower_bytes_at(L, arena_printf(L->a, "__nrt_e->%s", lp), false),
                    lower_bytes_at(L, arena_printf(L->a, "&%s", v->use), true),
                    v->vm ? v->use : arena_printf(L->a, "*__nrt_e->%s", lp));
    }
    /* (an OmpSs-2 task's `wait`: its children may use what its body declares) */
    if ((o->epilogue.len && creates_tasks(L, body)) || d->dir->oss_wait)
        lbuf_puts(&tail, "nanort_taskwait();\n");
    if (tail.len)
        lbuf_puts(&tail, o->epilogue.s ? o->epilogue.s : "");
    if (tail.len) {
        free(o->epilogue.s);
        o->epilogue = tail;
    }
}

/* Step 4: the outlined function and its task type: the head, prologue and epilogue on the
 * pragma's line (`at`), the body on its own lines (lower_lines.c).  Returns the
 * definitions: already placed before the enclosing function, or (o->local) to be put
 * with the creation code. */
/* The smp outlined function of the statement `text`: its environment's struct and its
 * head (glue on the pragma's line, into out), the statement, then the tail left in glue. */
static void outline_smp_function(struct outline *o, const char *text, const char *head,
                                 size_t at, struct lower_buf *out, struct lower_buf *glue)
{
    struct lower *L = o->L;
    /* (a nested function cannot be static; it is a GNU extension, said for -pedantic) */
    const char *env = lower_name(L, LN_ENV, o->fn, o->n);
    /* (unused by attribute, not by a statement: the locals' declarations follow; the
       argument is not __nrt_a, which the creation code of a task nested in it declares.)
     * The captures are declared under the user's names, which the body and gdb use: they
     * hide a global of the same name (a privatised global), and in a nested function the
     * enclosing function's variables and its own arguments.  That is what they are for,
     * so -Wshadow is off from the head to the body, which has the user's own; so is -Wvla
     * (lower_vla_quiet). */
    if (o->external)     /* (-Wmissing-prototypes) */
        lbuf_printf(glue, "void %s(void *, nanort_ctx *);\n", lower_name(L, LN_TASK, o->fn, o->n));
    /* (__extension__: the captures' types as written, `__int128` under -pedantic, which
       the user's own declaration says with __extension__) */
    lbuf_printf(glue, "__extension__ struct %s { %s};\n%s%s%svoid %s(void *__nrt_arg, "
                "nanort_ctx *__nrt_c __attribute__((unused)))\n{\n    struct %s *__nrt_e "
                "__attribute__((unused)) = __nrt_arg;\n%s%s%s%s%s", env, o->env.s, lower_shadow_off,
                lower_vla_quiet,
                o->local ? "__extension__ " : o->external ? "" : "static ",
                lower_name(L, LN_TASK, o->fn, o->n), env,
                o->alias.s ? o->alias.s : "", o->decl.s ? o->decl.s : "",
                o->prologue.s ? o->prologue.s : "", head ? head : "", lower_shadow_on);
    lbuf_puts(out, lower_glue(L, at, lbuf_take(glue, L->a)));
    lbuf_puts(out, text);
    /* (a cancel in the body goes to the end of the task, or of the chunk: its loop) */
    lbuf_printf(glue, "%s%s\n%s}\n", head ? " }" : "", lower_cancel_place(L, L->nest),
                o->epilogue.s ? o->epilogue.s : "");
}

/* The task's type (into glue): inline tasks are named by their label, else by where they
 * are (`heat.c:42`); one implementation, the outlined function on smp or CUDA. */
static void outline_task_type(struct outline *o, const struct lower_dir *d, bool cuda,
                              struct lower_buf *glue)
{
    struct lower *L = o->L;
    const char *where = lower_where(L, d->dir);
    const char *label = lower_label(d, where);
    if (o->local) {
        local_type(L, glue, o->fn, o->n, label, where);
        return;
    }
    const char *task = lower_name(L, LN_TASK, o->fn, o->n);
    struct lower_buf impl = {0}, list = {0};
    lower_emit_impl(&impl, cuda ? "NANORT_DEVICE_CUDA" : "NANORT_DEVICE_SMP", task, task, NULL);
    lower_emit_impl_list(&list, lbuf_take(&impl, L->a));
    lower_emit_task_type(glue, o->external ? "" : "static", lower_name(L, LN_TYPE, o->fn, o->n), label,
                         where, 1, lbuf_take(&list, L->a));
    lbuf_puts(glue, "\n");
}

/* Place the definitions `defs` before the enclosing function (not when o->local: the
 * caller puts them with the creation code), after a prototype of that function. */
static void outline_place(struct outline *o, const char *defs)
{
    struct lower *L = o->L;
    struct ast *dn = ast_declarator_name(L->fn->kid[1]);
    bool declared = dn && dn->sym && dn->sym->redecl;     /* (a second one: -Wredundant-decls) */
    /* Not when the parameter list defines a type (`struct pt { int x; } *p`): a prototype
     * would declare another type of that shape, and gcc reports conflicting types.  Such a
     * function's tasks are nested functions in it (lower_inline_outline). */
    bool own_tag = lower_specs_define_tag(L->fn->kid[1]);
    if (L->proto_fn != L->fn && !declared && !own_tag) {
        /* The body may call the enclosing function (recursion): declare it first (a K&R
           definition, `long f(n, d) int n; int d; {`, without its identifiers: `long
           f();`, whose call gcc would otherwise take for an implicit `int f()`) */
        L->proto_fn = L->fn;
        struct ast *fd = NULL;      /* the function declarator nearest the name */
        for (struct ast *d = L->fn->kid[1]; d && d->kind != AST_DECL_NAME; d = d->kid[0])
            if (d->kind == AST_DECL_FUNCTION)
                fd = d;
        struct ast *ids = L->fn->kid[2] && fd ? fd->kid[1] : NULL;
        const char *proto = ids && ids->end > ids->begin
            ? arena_printf(L->a, "%s%s", lower_src(L, L->fn->begin, ids->begin),
                           lower_src(L, ids->end, L->fn->kid[1]->end))
            : lower_src(L, L->fn->begin, L->fn->kid[1]->end);
        if (!L->fn->kid[2] || ids)
            rewrite_insert_before(L->rw, L->fn->begin, arena_printf(L->a, "%s;\n", proto));
    }
    if (!o->local)
        rewrite_insert_before(L->rw, L->fn->begin, defs);
    else if (!L->t->opts->optimizing && L->nested_fn != L->fn) {
        /* Unoptimised, gcc gives every nested function a static chain, so taking its
         * address builds a trampoline on the stack (an executable stack, and dangling once
         * the function returns while the task has not run).  Optimised, it has none. */
        L->nested_fn = L->fn;
        rewrite_insert_before(L->rw, L->fn->kid[1]->begin, "__attribute__((optimize(\"O1\"))) ");
    }
}

static char *outline_define(struct outline *o, const struct lower_dir *d, const char *text,
                            const char *head, size_t at)
{
    struct lower *L = o->L;
    struct lower_buf out = {0}, glue = {0};
    bool cuda = d->dir->kind == OMP_DIR_TASK && lower_dir_devices(d) >> OMP_DEVICE_CUDA & 1;
    if (cuda)       /* lower_cuda.c: the statement goes to the .cu */
        lower_cuda_inline_outline(L, d, o->vars, o->fn, o->n, o->env.s,
                                  arena_printf(L->a, "%s%s%s", o->alias.s ? o->alias.s : "",
                                               o->decl.s ? o->decl.s : "",
                                               o->prologue.s ? o->prologue.s : ""),
                                  text, o->local, &out);
    else
        outline_smp_function(o, text, head, at, &out, &glue);
    outline_task_type(o, d, cuda, &glue);
    lbuf_puts(&out, lower_glue(L, at, lbuf_take(&glue, L->a)));
    char *defs = lbuf_take(&out, L->a);
    outline_place(o, defs);
    return defs;
}

/* Step 5: the creation code after the region counts in `create`: allocate, capture, add
 * the regions (`add`) and the group's, submit; under final the body runs in place (the
 * clauses' expressions are evaluated before either: o->values, lower_deps.c). */
static void outline_create(struct outline *o, const struct lower_dir *d, struct lower_buf *create,
                           const char *count, const char *add, const struct lower_extra *x)
{
    struct lower *L = o->L;
    const char *create_tail = "", *create_fn = x->create ? x->create
                                               : lower_detach_create_fn(L, d, &create_tail);
    const char *env = lower_name(L, LN_ENV, o->fn, o->n);
    /* (a block of its own after the counts: no declaration after statements, for
       -Wdeclaration-after-statement) */
    const char *size = o->size_end ? o->size_end : arena_printf(L->a, "sizeof(struct %s)", env);
    const char *type = lower_name(L, LN_TYPE, o->fn, o->n);
    const char *align = o->align ? o->align : arena_printf(L->a, "__alignof__(struct %s)", env);
    lbuf_printf(create, "{ %s" LOWER_SIZE_T " __nrt_sz = %s; "
                "void *__nrt_a; nanort_task *__nrt_t = %s; struct %s "
                "*__nrt_x = __nrt_a; (void)__nrt_x; %s%s", o->size.s ? o->size.s : "", size,
                lower_detach_create_call(L, align, type, "__nrt_sz", create_fn, create_tail), env,
                o->init.s ? o->init.s : "", x->init ? x->init : "");
    if (add)
        lbuf_puts(create, add);
    if (x->group)
        lbuf_printf(create, "nanort_task_region1(__nrt_t, %uu, " LOWER_CONST_BYTES "(%s), 1); ", NANORT_DEP_CONCURRENT,
                    x->group);
    if (x->iters)
        lbuf_printf(create, "nanort_task_region1(__nrt_t, %uu, " LOWER_CONST_BYTES "(%s + "
                    "(unsigned long long)__nrt_c0), (" LOWER_SIZE_T ")__nrt_len); ",
                    NANORT_DEP_INOUT, LOWER_LOOP_ITERS);
    if (x->submit)
        lbuf_puts(create, x->submit);
    else if (x->here)
        lbuf_puts(create, "nanort_task_submit(__nrt_t, (unsigned)NANORT_TASK_UNDEFERRED, 0);");
    else
        lower_submit(L, create, d, x->flags);
    lbuf_puts(create, " }");
    if (!x->submit && L->final_used && lower_final_site_ok(d)) {
        /* under final, the body runs here without a task (lower_final.c) */
        struct final_parts fp = {env, lower_name(L, LN_TASK, o->fn, o->n), o->size.s,
                                 o->size_end, align, o->init.s, x->init};
        char *c = lbuf_take(create, L->a);
        /* (count: the loops of a nested multidependence, which evaluate its bounds over
           an outer iterator there as for a task) */
        lbuf_printf(create, "if (nanort_in_final()) { %s%s%s%s } else { %s }",
                    count ? "unsigned __nrt_nr = 0, __nrt_nd = 0; " : "", count ? count : "",
                    count ? "(void)__nrt_nr; (void)__nrt_nd; " : "", lower_final_site(L, &fp), c);
    }
}

char *lower_inline_outline(struct lower *L, const struct lower_dir *d, struct ast *body,
                           struct lower_var *vars, const struct lower_extra *x)
{
    static const struct lower_extra none;
    if (!x)
        x = &none;
    struct lower_values own = {0};
    struct outline o = {.L = L, .fn = fn_name(L), .n = ++L->serial, .body = body, .vars = vars,
                        .local = x->local, .dir = d->dir, .construct = d->node->begin,
                        .values = x->values ? x->values : &own};
    /* a type the function's parameter list defines is visible inside it alone */
    o.local |= lower_specs_define_tag(L->fn->kid[1]);
    for (struct lower_var *v = vars; v; v = v->next) {
        o.local |= needs_local(L, v);
        if (v->vm) {
            named_vm_typedefs(&o, v->sym->specs);
            named_vm_typedefs(&o, lower_full_declarator(v->sym));
        }
    }
    /* a local typedef, enumerator or tag named in the body or in the clauses of a
       construct nested in it (not a typedef of a VM type: declared again, into o.types) */
    size_t from = body == d->node ? (d->inner ? d->inner->begin : body->begin)
                                  : body->pragma ? body->pragma->begin : body->begin;
    o.local |= check_names_local_type(L, from, body->end, add_vm_typedef, &o);
    /* (one of those written with a type of the function, `typedef struct p prow[n]`: the
       outlined function is inside it too, where it declares the typedef again) */
    for (int i = 0; i < o.ntypes; i++)
        o.local |= !lower_typedef_decl(L, o.types[i], NULL, 0, false);
    if (!o.local && !L->clone && lower_in_external_inline(L)) {
        o.external = true;
        o.fn = arena_printf(L->a, "%s%s", o.fn, lower_unit_tag(L));
    }
    /* Creation-side code first: it is in the parent's frame. */
    struct lower_buf count = {0}, add = {0};
    lower_deps_emit(L, d, false, o.values, &count, &add);
    struct lower_buf create = {0};
    lbuf_puts(&create, "unsigned __nrt_nr = 0, __nrt_nd = 0; ");
    /* A variable the task (or loop) makes private may be used nowhere else: the creator's
     * own object is then unused, which gcc -fopenmp does not warn of (and -Werror builds
     * must not break); so may a parameter (-Wunused-parameter) or a static one
     * (PolyBench's `static double sum[NP];` listed in `private(sum)`: "defined but not
     * used"). */
    for (struct lower_var *v = vars; v; v = v->next)
        if (v->share == LOWER_PRIVATE && !v->last && v->sym && v->sym->name &&
            (v->sym->storage == STORAGE_LOCAL || v->sym->storage == STORAGE_STATIC) &&
            (v->sym->kind == SYM_OBJECT || v->sym->kind == SYM_PARAM) &&
            v->sym->declarator && v->sym->declarator->begin < lower_dir_off(d) &&
            !(v->sym->specs && (v->sym->specs->flags & SPEC_REGISTER)))
            lbuf_printf(&create, "(void)&%s; ",
                        lower_expr(L, arena_printf(L->a, "%.*s", (int)v->sym->name->len,
                                                   v->sym->name->str), NULL, 0));
    if (count.s)
        lbuf_puts(&create, count.s);
    if (x->group)   /* one more region: the group's (see lower_loop) */
        lbuf_puts(&create, "__nrt_nr += 1; __nrt_nd += 1; ");
    if (x->iters)   /* ... the iterations' (see lower_loop) */
        lbuf_puts(&create, "__nrt_nr += 1; __nrt_nd += 1; ");
    outline_captures(&o, d, vars, x->env);
    char *text = outline_body(&o, d, body, vars);
    outline_epilogue(&o, d, body, vars);
    char *defs = outline_define(&o, d, text, x->head, x->at ? x->at : lower_dir_off(d));
    /* (what counts the regions evaluates bounds only when it keeps some: lower_deps.c) */
    outline_create(&o, d, &create, o.values->tidy.s ? count.s : NULL, add.s, x);
    free(count.s);
    free(add.s);
    free(o.env.s);
    free(o.prologue.s);
    free(o.decl.s);
    free(o.epilogue.s);
    free(o.init.s);
    free(o.size.s);
    free(o.alias.s);
    /* (one line: the creation code stands on the pragma's line; the definitions of a
     * nested outlined function end on it) */
    /* (a nested outlined function's definitions end with the statement that registers
     * it: the creation code is then a block of its own, no declaration after statements) */
    char *code = arena_printf(L->a, "{ %s%s%s%s%s%s }", o.local ? defs : "", o.local ? "{ " : "",
                              own.decl.s ? own.decl.s : "", lower_flat(L, create.s ? create.s : ""),
                              own.tidy.s ? own.tidy.s : "", o.local ? " }" : "");
    free(own.decl.s);
    free(own.tidy.s);
    free(create.s);
    return code;
}

static size_t construct_begin(const struct lower_dir *d)
{
    return d->node->pragma ? d->node->pragma->begin : d->node->begin;
}

void lower_inline_task(struct lower *L, struct lower_dir *d)
{
    if (!lower_cuda_check_inline_devices(L, d) ||
        !lower_block_check_branches(L, d->node, false, NULL))
        return;
    struct lower_var *vars = lower_inline_captures(L, d, d->node, NULL, NULL);
    struct lower_extra x = {.here = team_number_use(L, d, d->node)};
    if (x.here && !(L->frame && L->frame->team_of_one)) {   /* (once, for the outermost) */
        struct mcc_loc at = lower_dir_loc(L, d);
        mcc_warning_at(&at, "the task calls omp_get_thread_num() in a parallel region whose "
                       "body asked omp_get_thread_num(), 0 in mcc's team of one: it runs at "
                       "once on this thread, where it is 0 (what the body set up for its "
                       "thread number is thread 0's only)");
    }
    char *create = lower_inline_outline(L, d, d->node, vars, &x);
    rewrite_replace(L->rw, construct_begin(d), d->node->end, create);
}

