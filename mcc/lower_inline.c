/*
 * lower_inline.c - inline tasks (a statement under `#pragma omp task`) and loops
 * (taskloop, for) split into tasks.
 *
 * The statement is outlined into `static void <fn>__nrt_task<N>(void *, nanort_ctx *)`
 * placed before the enclosing function, with an environment struct
 * `struct <fn>__nrt_env<N>` holding one member per captured variable:
 *   firstprivate / private  the variable's own declaration     uses become (nrt_e->x)
 *   shared                  a pointer to it: T (*x)            uses become (*nrt_e->x)
 *   reduction               a private copy and a pointer to the original, combined at
 *                           the end under a named critical section
 * Declarations are printed from the source (specifiers without storage class plus the
 * declarator), so types declared inside the function cannot be captured (reported).
 * Data sharing follows OMPSS.md: locals firstprivate, statics and globals shared, a name
 * that is the base of a dependence (not through a pointer) shared; explicit clauses win.
 */
#include "mcc.h"
#include "nanort.h"

#include <stdlib.h>
#include <string.h>

struct capture {
    struct lower *L;
    struct ast *node;               /* the statement outlined */
    struct lower_var *vars;
};

static void capture_tree(struct capture *c, struct ast *n);

static bool declared_inside(const struct sym *s, const struct ast *node)
{
    return s->declarator && s->declarator->begin >= node->begin &&
           s->declarator->begin < node->end;
}

/* Locals and parameters are captured when the task names them; a file-scope object only
 * when a private, firstprivate or reduction clause lists it (`global`), since globals are
 * otherwise shared and used directly. */
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

static struct lower_var *cap_add(struct capture *c, struct sym *s, size_t off, bool global)
{
    if (!capturable(s, global) || declared_inside(s, c->node))
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
    /* A variably modified type needs the variables its bounds name. */
    struct ast *d = task_full_declarator(s);
    if (d && task_declarator_is_vm(d)) {
        v->vm = true;
        for (struct ast *a = d; a && a->kind != AST_DECL_NAME; a = a->kid[0])
            if (a->kind == AST_DECL_ARRAY && a->kid[1])
                capture_tree(c, a->kid[1]);   /* the bounds name more variables */
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

/* Does the reference reach its root without going through a pointer? */
static bool ref_shares_base(struct lower *L, const struct omp_ref *r, struct sym *s)
{
    for (; r && r->kind != OMP_REF_NAME; r = r->base) {
        switch (r->kind) {
        case OMP_REF_MEMBER:
            break;
        case OMP_REF_SUBSCRIPT: case OMP_REF_SECTION:
            if (r->base->kind == OMP_REF_NAME &&
                !(s->type == TYPE_ARRAY && !s->array_param))
                return false;
            break;
        case OMP_REF_MULTI:
            break;
        default:
            return false;
        }
    }
    (void)L;
    return true;
}

static void apply_clauses(struct capture *c, const struct lower_dir *d, size_t off)
{
    struct lower *L = c->L;
    for (int i = 0; i < d->dir->nclauses; i++) {
        const struct omp_clause *cl = &d->dir->clauses[i];
        for (int k = 0; k < cl->nrefs; k++) {
            struct sym *s = ref_sym(L, cl->refs[k], off);
            bool privatises = cl->kind == OMP_CL_PRIVATE || cl->kind == OMP_CL_FIRSTPRIVATE ||
                              cl->kind == OMP_CL_REDUCTION || cl->kind == OMP_CL_DETACH;
            struct lower_var *v = s ? cap_add(c, s, off, privatises) : NULL;
            if (!v)
                continue;
            switch (cl->kind) {
            case OMP_CL_SHARED: v->share = LOWER_SHARED; break;
            case OMP_CL_PRIVATE: v->share = LOWER_PRIVATE; break;
            case OMP_CL_FIRSTPRIVATE: case OMP_CL_DETACH: v->share = LOWER_FIRSTPRIVATE; break;
            case OMP_CL_REDUCTION:
                v->share = LOWER_REDUCTION;
                v->red = cl;
                v->red_ref = cl->refs[k];
                break;
            default:
                if (cl->dep != OMP_DEP_NONE || cl->kind == OMP_CL_COPY_IN ||
                    cl->kind == OMP_CL_COPY_OUT || cl->kind == OMP_CL_COPY_INOUT)
                    if (ref_shares_base(L, cl->refs[k], s) && v->share == LOWER_FIRSTPRIVATE)
                        v->share = LOWER_SHARED;
                break;
            }
        }
    }
}

static bool listed(const struct lower_dir *d, const struct lower_var *v, size_t off,
                   struct lower *L)
{
    for (int i = 0; i < d->dir->nclauses; i++) {
        const struct omp_clause *cl = &d->dir->clauses[i];
        for (int k = 0; k < cl->nrefs; k++)
            if (ref_sym(L, cl->refs[k], off) == v->sym)
                return true;
    }
    return false;
}

/* Implicit rules for what no clause decided. */
static void implicit_sharing(struct capture *c, const struct lower_dir *d, size_t off)
{
    const struct omp_clause *def = omp_find_clause(d->dir, OMP_CL_DEFAULT);
    for (struct lower_var *v = c->vars; v; v = v->next) {
        if (listed(d, v, off, c->L))
            continue;
        if (v->sym->storage == STORAGE_STATIC || v->sym->storage == STORAGE_EXTERN) {
            v->share = LOWER_SHARED;
        } else if (def && def->def == OMP_DEFAULT_NONE) {
            struct mcc_loc loc = source_loc(&c->L->t->src, v->first_use);
            mcc_error_at(&loc, "'%.*s' is not listed in a data-sharing clause of this "
                         "task, which has default(none)", (int)v->sym->name->len,
                         v->sym->name->str);
        } else if (def && def->def == OMP_DEFAULT_SHARED) {
            v->share = LOWER_SHARED;
        }
    }
}

/* ---- the outlined function --------------------------------------------------------- */

struct outline {
    struct lower *L;
    const char *fn;                 /* enclosing function's name */
    int n;                          /* serial */
    struct lower_buf env, prologue, epilogue, init;
    struct lower_buf size;          /* before creation: grows nrt_sz (VLA copies) */
    bool local;                     /* outlined inside the function (local types) */
};

static const char *vname(const struct lower_var *v, struct mcc_arena *a)
{
    return arena_strndup(a, v->sym->name->str, v->sym->name->len);
}

/* The declaration of v with its name replaced by `name`, bounds renamed by the frame. */
static char *decl_as(struct lower *L, const struct lower_var *v, const char *name)
{
    char *t = task_decl_text(L, v->sym, "@");
    if (!t)
        return NULL;
    char *m = lower_expr(L, t, NULL, 0);
    char *at = strchr(m, '@');
    if (!at)
        return m;
    return arena_printf(L->a, "%.*s%s%s", (int)(at - m), m, name, at + 1);
}

static const char *red_identity(enum omp_reduction_op op)
{
    switch (op) {
    case OMP_RED_MUL: case OMP_RED_AND: return "1";
    case OMP_RED_BITAND: return "~0";
    default: return "0";
    }
}

struct red_map {
    const char *out, *in, *priv, *orig;
};

static const char *red_name(void *arg, const char *s, size_t n)
{
    struct red_map *m = arg;
    if (n == 7 && !memcmp(s, "omp_out", 7))
        return m->out;
    if (n == 6 && !memcmp(s, "omp_in", 6))
        return m->in;
    if (n == 8 && !memcmp(s, "omp_priv", 8))
        return m->priv;
    if (n == 8 && !memcmp(s, "omp_orig", 8))
        return m->orig;
    return NULL;
}

/*
 * Initialise the private copy (into `pro`), and combine it into the original at the end
 * (into `epi`) under the critical section "nrt.reduction".  One lock for every reduction:
 * the same object may be reduced under different names (`*sum` in a function task, `total`
 * in an inline task), and a lock per name would not exclude those combines from each other.
 * Shared by inline tasks and function tasks (lower_task.c).
 */
void lower_reduction_code(struct lower *L, const struct omp_clause *red,
                          const struct lower_red_elems *e, struct lower_buf *pro,
                          struct lower_buf *epi)
{
    const char *priv = e->priv, *orig = e->orig;
    lbuf_printf(epi, "nanort_critical_enter(\"nrt.reduction\"); %s", e->open);
    enum omp_reduction_op op = red->red_op;
    if (op == OMP_RED_USER) {
        const struct lower_declred *r = misc_find_reduction(L, red->red_id.text);
        if (!r) {
            mcc_error_at(&red->loc, "unknown reduction '%s'", red->red_id.text);
            return;
        }
        struct red_map m = {orig, priv, priv, orig};
        if (r->r->initializer.text)
            lbuf_printf(pro, "%s%s;%s\n", e->open,
                        lower_map_idents(L, r->r->initializer.text, red_name, &m), e->close);
        else
            lbuf_printf(pro, "%s__builtin_memset(&%s, 0, sizeof %s);%s\n", e->open, priv, priv,
                        e->close);
        lbuf_printf(epi, "%s;", lower_map_idents(L, r->r->combiner.text, red_name, &m));
    } else if (op == OMP_RED_MIN || op == OMP_RED_MAX) {
        lbuf_printf(pro, "nanort_critical_enter(\"nrt.reduction\"); %s%s = %s;%s "
                    "nanort_critical_leave(\"nrt.reduction\");\n", e->open, priv, orig,
                    e->close);
        lbuf_printf(epi, "if (%s %s %s) %s = %s;", priv, op == OMP_RED_MIN ? "<" : ">", orig,
                    orig, priv);
    } else {
        static const char *const ops[OMP_RED_COUNT] = {
            [OMP_RED_ADD] = "+", [OMP_RED_SUB] = "+", [OMP_RED_MUL] = "*",
            [OMP_RED_BITAND] = "&", [OMP_RED_BITOR] = "|", [OMP_RED_BITXOR] = "^",
            [OMP_RED_AND] = "&&", [OMP_RED_OR] = "||",
        };
        lbuf_printf(pro, "%s%s = %s;%s\n", e->open, priv, red_identity(op), e->close);
        lbuf_printf(epi, "%s = %s %s %s;", orig, orig, ops[op], priv);
    }
    lbuf_printf(epi, "%s nanort_critical_leave(\"nrt.reduction\");\n", e->close);
}

static void reduction_code(struct outline *o, struct lower_var *v,
                           const struct lower_red_elems *e)
{
    lower_reduction_code(o->L, v->red, e, &o->prologue, &o->epilogue);
}

/* reduction(op: [n][m]p): a private array of n*m elements replaces p inside the task. */
static void array_reduction(struct outline *o, struct lower_var *v)
{
    struct lower *L = o->L;
    const char *x = vname(v, L->a);
    struct lower_red_elems e = {
        arena_printf(L->a, "for (__SIZE_TYPE__ nrt_i = 0; nrt_i < nrt_e->nrt_rn_%s; nrt_i++) { ", x),
        " }", arena_printf(L->a, "nrt_e->%s[nrt_i]", x), arena_printf(L->a, "nrt_ro_%s[nrt_i]", x),
    };
    lbuf_printf(&o->prologue, "__typeof__(nrt_e->%s) nrt_ro_%s = nrt_e->%s; nrt_e->%s = "
                "__builtin_malloc(nrt_e->nrt_rn_%s * sizeof *nrt_e->%s);\n", x, x, x, x, x, x);
    reduction_code(o, v, &e);
    lbuf_printf(&o->epilogue, "__builtin_free(nrt_e->%s);\n", x);
}

/* A private or firstprivate VLA: its own bytes at the end of the argument block (sized
 * at run time), 16-aligned like the block; firstprivate copies the contents at creation. */
static void vla_copy(struct outline *o, const char *x, const char *parent, bool copy)
{
    lbuf_printf(&o->size, "__SIZE_TYPE__ nrt_off_%s = (nrt_sz + 15) & ~(__SIZE_TYPE__)15; "
                "nrt_sz = nrt_off_%s + sizeof(%s); ", x, x, parent);
    lbuf_printf(&o->init, "nrt_x->%s = (char *)nrt_a + nrt_off_%s; ", x, x);
    if (copy)
        lbuf_printf(&o->init, "__builtin_memcpy(nrt_x->%s, &(%s), sizeof(%s)); ", x, parent,
                    parent);
}

/* A capture declared through __typeof__ of the parent's variable: the environment and the
 * outlined function are then inside the enclosing function, where local types are seen. */
static void capture_typeof(struct outline *o, struct lower_var *v, const char *x,
                           const char *parent)
{
    struct mcc_arena *a = o->L->a;
    if (v->share == LOWER_SHARED) {
        lbuf_printf(&o->env, "__typeof__(%s) *%s; ", parent, x);
        lbuf_printf(&o->init, "nrt_x->%s = &(%s); ", x, parent);
        v->use = arena_printf(a, "(*nrt_e->%s)", x);
        return;
    }
    lbuf_printf(&o->env, "__typeof__(%s) %s; ", parent, x);
    if (v->share == LOWER_FIRSTPRIVATE)
        lbuf_printf(&o->init, "__builtin_memcpy((void *)&nrt_x->%s, &(%s), sizeof nrt_x->%s); ",
                    x, parent, x);
    v->use = arena_printf(a, "(nrt_e->%s)", x);
}

/* Is a capture's type one that cannot be printed at file scope (declared in the function,
 * __auto_type)?  Such a task is outlined as a GNU C nested function (outline_local). */
static bool needs_local(struct lower *L, const struct lower_var *v)
{
    return !v->vm && v->share != LOWER_REDUCTION && !task_decl_text(L, v->sym, NULL);
}

/* Member, initialisation and use of one captured variable.  False: not capturable. */
static bool capture_var(struct outline *o, struct lower_var *v, const char *parent)
{
    struct lower *L = o->L;
    const char *x = vname(v, L->a);
    if (o->local && needs_local(L, v)) {
        capture_typeof(o, v, x, parent);
        return true;
    }
    if (v->share == LOWER_REDUCTION && v->red_ref->kind == OMP_REF_SHAPE &&
        v->red_ref->base->kind == OMP_REF_NAME) {
        char *m = task_decl_text(L, v->sym, NULL);
        if (!m || v->vm || v->sym->type != TYPE_POINTER)
            return false;
        lbuf_printf(&o->env, "%s; __SIZE_TYPE__ nrt_rn_%s; ", m, x);
        lbuf_printf(&o->init, "__builtin_memcpy((void *)&nrt_x->%s, &(%s), sizeof nrt_x->%s); "
                    "nrt_x->nrt_rn_%s = 1", x, parent, x, x);
        for (int i = 0; i < v->red_ref->ndims; i++)
            lbuf_printf(&o->init, " * (__SIZE_TYPE__)(%s)",
                        lower_expr(L, v->red_ref->dims[i].text, NULL, 0));
        lbuf_puts(&o->init, "; ");
        v->use = arena_printf(L->a, "(nrt_e->%s)", x);
        return true;
    }
    if (v->share == LOWER_REDUCTION) {
        if (v->red_ref->kind != OMP_REF_NAME || v->sym->type == TYPE_ARRAY) {
            mcc_error_at(&v->red_ref->text.loc, "sorry, unimplemented: this form of reduction "
                         "(use a scalar or a shaped pointer, [n]p)");
            return true;        /* reported; v->use stays NULL */
        }
        char *m = task_decl_text(L, v->sym, NULL);
        char *p = task_decl_text(L, v->sym, arena_printf(L->a, "(*nrt_r_%s)", x));
        if (!m || !p || v->vm)
            return false;
        lbuf_printf(&o->env, "%s; %s; ", m, p);
        lbuf_printf(&o->init, "nrt_x->nrt_r_%s = &(%s); ", x, parent);
        v->use = arena_printf(L->a, "(nrt_e->%s)", x);
        return true;
    }
    if (v->vm) {
        /* A void * member; the outlined function redeclares it with its own type. */
        bool array = v->sym->type == TYPE_ARRAY && !v->sym->array_param;
        lbuf_printf(&o->env, "void *%s; ", x);
        if (array && v->share != LOWER_SHARED)
            vla_copy(o, x, parent, v->share == LOWER_FIRSTPRIVATE);
        else
            lbuf_printf(&o->init, "nrt_x->%s = (void *)%s(%s); ", x, array ? "&" : "", parent);
        v->use = array ? arena_printf(L->a, "(*nrt_v_%s)", x) : x;
        return task_decl_text(L, v->sym, NULL) != NULL;
    }
    if (v->share == LOWER_SHARED) {
        char *m = task_decl_text(L, v->sym, arena_printf(L->a, "(*%s)", x));
        if (!m)
            return false;
        lbuf_printf(&o->env, "%s; ", m);
        lbuf_printf(&o->init, "nrt_x->%s = &(%s); ", x, parent);
        v->use = arena_printf(L->a, "(*nrt_e->%s)", x);
        return true;
    }
    char *m = task_decl_text(L, v->sym, NULL);
    if (!m)
        return false;
    lbuf_printf(&o->env, "%s; ", m);
    if (v->share == LOWER_FIRSTPRIVATE)
        lbuf_printf(&o->init, "__builtin_memcpy((void *)&nrt_x->%s, &(%s), sizeof nrt_x->%s); ", x,
                    parent, x);
    v->use = arena_printf(L->a, "(nrt_e->%s)", x);
    return true;
}

static const char *fn_name(struct lower *L)
{
    struct ast *dn = L->fn ? ast_declarator_name(L->fn->kid[1]) : NULL;
    return dn ? arena_strndup(L->a, dn->name->str, dn->name->len) : "file";
}

/* Captures of `body` for directive d, decided in the creating context. */
static struct lower_var *captures(struct lower *L, const struct lower_dir *d, struct ast *body)
{
    struct capture c = {L, body, NULL};
    size_t off = d->node->pragma ? d->node->pragma->begin : d->node->begin;
    capture_tree(&c, body);
    apply_clauses(&c, d, off);
    implicit_sharing(&c, d, off);
    return c.vars;
}

/* The task type of a nested outlined function: its address is not a constant, so the
 * implementation's entry point is stored at the first creation (every creator stores the
 * same value; the release store pairs with the acquire load of later creators). */
static void local_type(struct lower_buf *out, const char *fn, int n, const char *label,
                       const char *where)
{
    lbuf_printf(out, "static struct nanort_impl %s__nrt_impl%d[1] = {{NANORT_DEVICE_SMP, 0, "
                "\"%s__nrt_task%d\", 0}}; static struct nanort_task_type %s__nrt_type%d = "
                "{\"%s\", \"%s\", 1, %s__nrt_impl%d, 0};\nif (!__atomic_load_n(&%s__nrt_impl%d[0].run, "
                "__ATOMIC_ACQUIRE)) __atomic_store_n(&%s__nrt_impl%d[0].run, %s__nrt_task%d, "
                "__ATOMIC_RELEASE);\n", fn, n, fn, n, fn, n, label, where, fn, n, fn, n, fn, n,
                fn, n);
}

/*
 * Outline `body` as a task of directive d; `extra_env`/`extra_init` add members (loops),
 * `head` goes before the body inside the outlined function.  Returns the creation code.
 */
static char *outline(struct lower *L, const struct lower_dir *d, struct ast *body,
                     struct lower_var *vars, const char *extra_env, const char *extra_init,
                     const char *head, const char *group)
{
    struct outline o = {L, fn_name(L), ++L->serial, {0}, {0}, {0}, {0}, {0}, false};
    for (struct lower_var *v = vars; v; v = v->next)
        o.local |= needs_local(L, v);
    /* Creation-side code first: it is in the parent's frame. */
    struct lower_buf count = {0}, add = {0};
    deps_emit(L, d, false, &count, &add);
    struct lower_buf create = {0};
    lbuf_puts(&create, "unsigned nrt_nr = 0, nrt_nd = 0; ");
    if (count.s)
        lbuf_puts(&create, count.s);
    if (group)      /* one more region: the group's (see inline_loop) */
        lbuf_puts(&create, "nrt_nr += 1; nrt_nd += 1; ");
    for (struct lower_var *v = vars; v; v = v->next) {
        const char *parent = lower_expr(L, vname(v, L->a), NULL, 0);
        struct mcc_loc at = source_loc(&L->t->src, v->first_use);
        if (!capture_var(&o, v, parent))
            mcc_error_at(&at, "sorry, unimplemented: capturing '%s', whose type is "
                         "declared inside the function or variably modified",
                         vname(v, L->a));
    }
    if (extra_env)
        lbuf_puts(&o.env, extra_env);
    if (!o.env.len)
        lbuf_puts(&o.env, "char nrt_unused; ");
    /* The body, in the task's own frame. */
    struct lower_frame frame = {.vars = vars, .up = L->frame};
    L->frame = &frame;
    for (struct lower_var *v = vars; v; v = v->next) {
        if (v->share == LOWER_REDUCTION && v->use && v->red_ref->kind == OMP_REF_SHAPE) {
            array_reduction(&o, v);
        } else if (v->share == LOWER_REDUCTION && v->use) {
            const char *x = vname(v, L->a);
            struct lower_red_elems e = {"", "", v->use,
                                  arena_printf(L->a, "(*nrt_e->nrt_r_%s)", x)};
            reduction_code(&o, v, &e);
        }
        if (v->vm && v->share != LOWER_REDUCTION) {
            /* Redeclared with its own type; the bounds name the task's copies. */
            const char *x = vname(v, L->a);
            bool array = v->sym->type == TYPE_ARRAY && !v->sym->array_param;
            char *decl = decl_as(L, v, array ? arena_printf(L->a, "(*nrt_v_%s)", x) : x);
            if (decl)
                lbuf_printf(&o.prologue, "%s = nrt_e->%s;\n", decl, x);
        }
    }
    frame.has_epilogue = o.epilogue.len > 0;
    lower_visit(L, body);
    char *text = rewrite_text(L->rw, body->begin, body->end);
    L->frame = frame.up;

    const char *fn = o.fn;
    int n = o.n;
    struct lower_buf out = {0};
    /* (a nested function cannot be static) */
    lbuf_printf(&out, "struct %s__nrt_env%d { %s};\n%svoid %s__nrt_task%d(void *nrt_a, "
                "nanort_ctx *nrt_c)\n{\n    struct %s__nrt_env%d *nrt_e = nrt_a; (void)nrt_c; "
                "(void)nrt_e;\n%s%s%s%s\n%s%s}\n", fn, n, o.env.s, o.local ? "" : "static ", fn, n, fn, n,
                o.prologue.s ? o.prologue.s : "", head ? head : "", text, head ? " }" : "",
                frame.returns ? "nrt_done: ;\n" : "", o.epilogue.s ? o.epilogue.s : "");
    const char *label = lower_label(d, arena_printf(L->a, "%s", fn));
    if (o.local)
        local_type(&out, fn, n, label, lower_where(L, d->dir));
    else
        lbuf_printf(&out, "static struct nanort_task_type %s__nrt_type%d = {\"%s\", \"%s\", 1, "
                    "(const struct nanort_impl[]){{NANORT_DEVICE_SMP, %s__nrt_task%d, "
                    "\"%s__nrt_task%d\", 0}}, 0};\n", fn, n, label, lower_where(L, d->dir), fn, n,
                    fn, n);
    if (L->proto_fn != L->fn && !L->fn->kid[2]) {   /* (not for K&R definitions) */
        /* The body may call the enclosing function (recursion): declare it first. */
        L->proto_fn = L->fn;
        rewrite_insert_before(L->rw, L->fn->begin,
                              arena_printf(L->a, "%s;\n", lower_src(L, L->fn->begin,
                                                                     L->fn->kid[1]->end)));
    }
    char *defs = lbuf_take(&out, L->a);
    if (!o.local)
        rewrite_insert_before(L->rw, L->fn->begin, defs);
    else if (!L->t->opts->optimizing && L->nested_fn != L->fn) {
        /* Unoptimised, gcc gives every nested function a static chain, so taking its
         * address builds a trampoline on the stack (an executable stack, and dangling once
         * the function returns while the task has not run).  Optimised, it has none. */
        L->nested_fn = L->fn;
        rewrite_insert_before(L->rw, L->fn->kid[1]->begin, "__attribute__((optimize(\"O1\"))) ");
    }

    const char *create_tail, *create_fn = lower_create_fn(L, d, &create_tail);
    lbuf_printf(&create, "__SIZE_TYPE__ nrt_sz = sizeof(struct %s__nrt_env%d); %s"
                "void *nrt_a; nanort_task *nrt_t = %s(&%s__nrt_type%d, "
                "nrt_sz, nrt_nr, nrt_nd, &nrt_a%s); struct %s__nrt_env%d "
                "*nrt_x = nrt_a; (void)nrt_x; %s%s", fn, n, o.size.s ? o.size.s : "", create_fn,
                fn, n, create_tail, fn, n, o.init.s ? o.init.s : "", extra_init ? extra_init : "");
    if (add.s)
        lbuf_puts(&create, add.s);
    if (group)
        lbuf_printf(&create, "nanort_task_region1(nrt_t, %uu, %s, 1); ", NANORT_DEP_CONCURRENT,
                    group);
    lower_submit(L, &create, d);
    free(count.s);
    free(add.s);
    free(o.env.s);
    free(o.prologue.s);
    free(o.epilogue.s);
    free(o.init.s);
    free(o.size.s);
    char *code = arena_printf(L->a, "{ %s%s }", o.local ? defs : "", create.s);
    free(create.s);
    return code;
}

static size_t construct_begin(const struct lower_dir *d)
{
    return d->node->pragma ? d->node->pragma->begin : d->node->begin;
}

void inline_task(struct lower *L, struct lower_dir *d)
{
    if (!lower_check_devices(L, d))
        return;
    struct lower_var *vars = captures(L, d, d->node);
    char *create = outline(L, d, d->node, vars, NULL, NULL, NULL, NULL);
    rewrite_replace(L->rw, construct_begin(d), d->node->end, create);
}

/* ---- taskloop and for -------------------------------------------------------------- */

/* The parts of a canonical loop: for (init var = lo; var op hi; step). */
struct loop {
    struct sym *var;
    struct ast *decl;               /* the for-init declaration, or NULL */
    const char *lo, *hi, *step;     /* C text in the parent's frame */
    int cmp;                        /* '<', '>', LE_OP... as a character: < > l g */
};

static bool is_var(const struct ast *e, const struct sym *s)
{
    return e && e->kind == AST_IDENT && e->sym == s;
}

static const char *ptext(struct lower *L, struct ast *e)
{
    return lower_expr(L, lower_src(L, e->begin, e->end), NULL, 0);
}

#include "c.tab.h"

static bool loop_init(struct lower *L, struct ast *init, struct loop *lp)
{
    if (init && init->kind == AST_DECLARATION && init->kid[1] && init->kid[1]->kid[0]) {
        struct ast *id = init->kid[1]->kid[0];
        if (!id->sym || !id->kid[1] || id->next)
            return false;
        lp->var = id->sym;
        lp->decl = init;
        lp->lo = ptext(L, id->kid[1]);
        return true;
    }
    if (init && init->kind == AST_EXPR_STMT)
        init = init->kid[0];
    if (!init || init->kind != AST_ASSIGN || init->op != '=' || !init->kid[0] ||
        init->kid[0]->kind != AST_IDENT)
        return false;
    lp->var = init->kid[0]->sym;
    lp->lo = ptext(L, init->kid[1]);
    return lp->var != NULL;
}

static bool loop_cond(struct lower *L, struct ast *c, struct loop *lp)
{
    if (c && c->kind == AST_EXPR_STMT)
        c = c->kid[0];
    if (!c || c->kind != AST_BINARY)
        return false;
    int op = c->op;
    struct ast *a = c->kid[0], *b = c->kid[1];
    if (!is_var(a, lp->var)) {      /* hi > i: swap */
        struct ast *t = a;
        a = b;
        b = t;
        op = op == '<' ? '>' : op == '>' ? '<' : op == LE_OP ? GE_OP : op == GE_OP ? LE_OP : op;
    }
    if (!is_var(a, lp->var))
        return false;
    lp->cmp = op == '<' ? '<' : op == '>' ? '>' : op == LE_OP ? 'l' : op == GE_OP ? 'g' : 0;
    lp->hi = ptext(L, b);
    return lp->cmp != 0;
}

static bool loop_step(struct lower *L, struct ast *s, struct loop *lp)
{
    if (s && (s->kind == AST_POSTFIX || s->kind == AST_UNARY) && is_var(s->kid[0], lp->var) &&
        (s->op == INC_OP || s->op == DEC_OP)) {
        lp->step = s->op == INC_OP ? "1" : "-1";
        return true;
    }
    if (s && s->kind == AST_ASSIGN && is_var(s->kid[0], lp->var) &&
        (s->op == ADD_ASSIGN || s->op == SUB_ASSIGN)) {
        lp->step = arena_printf(L->a, "%s(%s)", s->op == SUB_ASSIGN ? "-" : "",
                                ptext(L, s->kid[1]));
        return true;
    }
    if (s && s->kind == AST_ASSIGN && s->op == '=' && is_var(s->kid[0], lp->var) &&
        s->kid[1]->kind == AST_BINARY && is_var(s->kid[1]->kid[0], lp->var) &&
        (s->kid[1]->op == '+' || s->kid[1]->op == '-')) {
        lp->step = arena_printf(L->a, "%s(%s)", s->kid[1]->op == '-' ? "-" : "",
                                ptext(L, s->kid[1]->kid[1]));
        return true;
    }
    return false;
}

/* Iteration count of the loop as C text (long long). */
static char *loop_count(struct lower *L, const struct loop *lp)
{
    const char *fmt;
    switch (lp->cmp) {
    case '<': fmt = "((%2$s) > (%1$s) ? ((long long)(%2$s) - (%1$s) + (%3$s) - 1) / (%3$s) : 0)"; break;
    case 'l': fmt = "((%2$s) >= (%1$s) ? ((long long)(%2$s) - (%1$s)) / (%3$s) + 1 : 0)"; break;
    case '>': fmt = "((%2$s) < (%1$s) ? ((long long)(%1$s) - (%2$s) - (%3$s) - 1) / -(%3$s) : 0)"; break;
    default: fmt = "((%2$s) <= (%1$s) ? ((long long)(%1$s) - (%2$s)) / -(%3$s) + 1 : 0)"; break;
    }
    return arena_printf(L->a, fmt, lp->lo, lp->hi, lp->step);
}

void inline_loop(struct lower *L, struct lower_dir *d)
{
    struct ast *f = d->node;
    struct loop lp = {0};
    if (!loop_init(L, f->kid[0], &lp) || !loop_cond(L, f->kid[1], &lp) ||
        !loop_step(L, f->kid[2], &lp)) {
        struct mcc_loc at = source_loc(&L->t->src, f->begin);
        mcc_error_at(&at, "'#pragma omp %s' needs a loop of the form "
                     "'for (i = lo; i < hi; i += step)'", omp_directive_names[d->dir->kind]);
        return;
    }
    struct ast *body = f->kid[3];
    struct lower_var *vars = captures(L, d, body);
    /* The loop variable is the task's own. */
    struct lower_var **pv = &vars;
    while (*pv && (*pv)->sym != lp.var)
        pv = &(*pv)->next;
    char *vdecl = task_decl_text(L, lp.var, NULL);
    if (!*pv && !lp.decl && capturable(lp.var, false)) {
        struct lower_var *v = arena_alloc(L->a, sizeof *v);
        v->sym = lp.var;
        v->next = vars;
        vars = v;
        pv = &vars;
    }
    if (*pv)
        (*pv)->share = LOWER_PRIVATE;
    if (!vdecl) {
        struct mcc_loc at = source_loc(&L->t->src, f->begin);
        mcc_error_at(&at, "sorry, unimplemented: a loop variable of this type");
        return;
    }
    const char *var = arena_strndup(L->a, lp.var->name->str, lp.var->name->len);
    const char *head = arena_printf(
        L->a, "for (long long nrt_k = nrt_e->nrt_first; nrt_k < nrt_e->nrt_last; nrt_k++) {\n"
        "%s%s = nrt_e->nrt_lo + nrt_k * nrt_e->nrt_step;\n", *pv ? "" : vdecl,
        *pv ? arena_printf(L->a, "(nrt_e->%s)", var) : "");
    const char *env = "long long nrt_first, nrt_last, nrt_lo, nrt_step; ";
    const char *init = "nrt_x->nrt_first = nrt_c0; nrt_x->nrt_last = nrt_c0 + nrt_g < nrt_n ? "
                       "nrt_c0 + nrt_g : nrt_n; nrt_x->nrt_lo = nrt_lo; nrt_x->nrt_step = nrt_st; ";
    /* Without nogroup/nowait the loop waits for its own tasks (and their descendants) only,
     * not for earlier siblings: each of its tasks has a concurrent access to a byte of the
     * creator's frame, and the wait is a taskwait on that byte. */
    bool wait = !lower_dir_has(d, OMP_CL_NOGROUP) && !lower_dir_has(d, OMP_CL_NOWAIT);
    char *create = outline(L, d, body, vars, env, init, head, wait ? "&nrt_grp" : NULL);
    const struct omp_clause *g = lower_dir_find(d, OMP_CL_GRAINSIZE);
    const struct omp_clause *nt = lower_dir_find(d, OMP_CL_NUM_TASKS);
    const struct omp_clause *sc = lower_dir_find(d, OMP_CL_SCHEDULE);
    const char *grain;
    if (g)
        grain = arena_printf(L->a, "(long long)(%s)", lower_expr(L, g->args[0].text, NULL, 0));
    else if (nt)
        grain = arena_printf(L->a, "(nrt_n + (%s) - 1) / (%s)",
                             lower_expr(L, nt->args[0].text, NULL, 0),
                             lower_expr(L, nt->args[0].text, NULL, 0));
    else if (sc && sc->nargs > 0 && sc->args[0].text)
        grain = arena_printf(L->a, "(long long)(%s)", lower_expr(L, sc->args[0].text, NULL, 0));
    else
        grain = "(nrt_n + 4LL * nanort_num_workers() - 1) / (4LL * nanort_num_workers())";
    char *code = arena_printf(
        L->a, "{ %slong long nrt_lo = (%s), nrt_st = (%s), nrt_n = %s; long long nrt_g = %s; "
        "if (nrt_g < 1) nrt_g = 1; for (long long nrt_c0 = 0; nrt_c0 < nrt_n; nrt_c0 += nrt_g) "
        "%s%s }", wait ? "char nrt_grp; " : "", lp.lo, lp.step, loop_count(L, &lp), grain,
        create, wait ? " nanort_taskwait_on1(&nrt_grp, 1);" : "");
    rewrite_replace(L->rw, construct_begin(d), f->end, code);
}
