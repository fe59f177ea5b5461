/*
 * ocl_expr.c - the expressions of OpenCL C that C (with gcc's vector extensions) spells
 * differently: vector components and swizzles (v.x, v.s01, v.lo, p->xyz), vector literals
 * ((float4)(a, b, c, d), (float4)(x)), a scalar met with a vector where OpenCL widens it,
 * shifts (OpenCL takes the count modulo the width), `!v` and `c ? a : b` on vectors, and
 * calls: built-ins (ocl_builtin.c), work-item functions, user functions whose parameters
 * are vectors.
 *
 * Edits compose through one discipline, since a node's rewrite may wrap a child's: text
 * put before a node is inserted while walking down (an outer wrapper's opening comes
 * first), text put after it and the replacement of the gaps between children (`.xy`,
 * `->`, the `(float4)(` of a literal) while walking back up (inner closings first).  No
 * rewrite here re-renders a child, so the renames the kernel pass made (ocl_kernel.c, on
 * the identifiers) and every other edit inside stay where they are.
 */
#include "mcc.h"
#include "c.tab.h"

#include <stdlib.h>
#include <string.h>

/* How the node is used by its parent. */
enum use { USE_VALUE, USE_LVALUE };

static void walk(struct ocl *o, struct ast *n, enum use use);

/* The offset of the token `tok` in [from, to) of the text, where only parentheses,
 * blanks, comments and line markers stand beside it (between an operand and an operator:
 * the AST's spans leave out the parentheses around an operand, `(a + b).x`), or
 * (size_t)-1. */
static size_t punct_between(struct ocl *o, size_t from, size_t to, const char *tok)
{
    const char *t = o->L.text;
    size_t n = strlen(tok);
    for (size_t i = from; i < to; i++) {
        if (t[i] == '#' && (i == 0 || t[i - 1] == '\n')) {
            while (i < to && t[i] != '\n')
                i++;
        } else if (t[i] == '/' && i + 1 < to && t[i + 1] == '*') {
            for (i += 2; i + 1 < to && !(t[i] == '*' && t[i + 1] == '/'); i++)
                ;
            i++;
        } else if (t[i] == '/' && i + 1 < to && t[i + 1] == '/') {
            while (i < to && t[i] != '\n')
                i++;
        } else if (i + n <= to && !memcmp(t + i, tok, n)) {
            return i;
        }
    }
    return (size_t)-1;
}

/* ---- vector literals followed by a swizzle ------------------------------------------------ */

/* `(float4)(a, b, c, d).xyz` is, in OpenCL C, the literal's components: a cast to a vector
 * type followed by a parenthesis is a literal, and the postfix operators apply to it.  The
 * C grammar read it as the cast of `(a, b, c, d).xyz`; the casts where that happened are
 * turned around here, before any type is computed: the swizzles apply to a cast of the
 * parenthesised expression. */
struct literal_fix {
    struct ocl *o;
    struct ast **casts;
    int n, cap;
};

static bool literal_fix_visit(struct ast *n, void *arg)
{
    struct literal_fix *lf = arg;
    if (n->kind == AST_CAST && n->kid[1] && n->kid[1]->kind == AST_MEMBER &&
        n->kid[1]->op == '.' && ocl_is_user(lf->o, n)) {
        ARENA_GROW(lf->o->L.a, lf->casts, lf->n, lf->cap, 8);
        lf->casts[lf->n++] = n;
    }
    return true;
}

static void literal_fix_one(struct ocl *o, struct ast *c)
{
    if (ocl_type_name_type(o, c->kid[0])->kind != OCL_VECTOR)
        return;
    /* the cast's `)` and the parenthesis after it: the members that begin there apply
     * to the parenthesised base, the innermost one's kid */
    size_t at = punct_between(o, c->kid[0]->end, c->kid[1]->begin + 1, ")");
    size_t paren = at == (size_t)-1 ? at : punct_between(o, at + 1, c->kid[1]->begin + 1, "(");
    if (paren == (size_t)-1)
        return;                 /* `(float4)v.x`: a cast of v.x, as in C */
    struct ast *inner = c->kid[1];
    while (inner->kid[0]->kind == AST_MEMBER && inner->kid[0]->op == '.' &&
           inner->kid[0]->begin <= paren)
        inner = inner->kid[0];
    struct ast *base = inner->kid[0];
    /* the parentheses opened between the cast and the base, closed after it */
    int open = 0;
    for (size_t i = at + 1; i < base->begin; i++)
        if ((i = punct_between(o, i, base->begin, "(")) == (size_t)-1)
            break;
        else
            open++;
    if (!open)
        return;
    size_t close = base->end;
    for (int k = 0; k < open; k++, close++)
        if ((close = punct_between(o, close, inner->end, ")")) == (size_t)-1)
            return;
    struct ast *lit = arena_alloc(o->L.a, sizeof *lit);
    *lit = *c;
    lit->kid[1] = base;
    lit->end = close;
    lit->next = NULL;
    inner->kid[0] = lit;
    for (struct ast *m = c->kid[1]; m != lit; m = m->kid[0])
        m->begin = c->begin;
    struct ast *next = c->next;
    *c = *c->kid[1];
    c->next = next;
}

void ocl_fix_vector_literals(struct ocl *o, struct ast *tu)
{
    struct literal_fix lf = {o, NULL, 0, 0};
    ast_walk(tu, literal_fix_visit, &lf);
    for (int i = 0; i < lf.n; i++)
        literal_fix_one(o, lf.casts[i]);
}

/* Where the `.` or `->` of member access n is (its base may stand in parentheses). */
static size_t member_op(struct ocl *o, const struct ast *n)
{
    size_t at = punct_between(o, n->kid[0]->end, n->end, n->op == PTR_OP ? "->" : ".");
    return at == (size_t)-1 ? n->kid[0]->end : at;
}

static const char *tmp_name(struct ocl *o, const char *what)
{
    return ocl_name(o, OCLN_TMP, what, o->serial++);
}

/* Wrap e: `before` ahead of it now (walking down), `after` behind it later. */
static void wrap_before(struct ocl *o, struct ast *e, const char *before)
{
    rewrite_insert_before(o->L.rw, e->begin, before);
}

static void wrap_after(struct ocl *o, struct ast *e, const char *after)
{
    rewrite_insert_after(o->L.rw, e->end, after);
}

/* A pending closing for a node: the text to insert after it once its children are done. */
struct closing {
    struct ast *node;
    const char *text;
};
static struct closing closings[4096];
static int nclosings;

static void close_later(struct ast *e, const char *text)
{
    if (nclosings < (int)(sizeof closings / sizeof closings[0]))
        closings[nclosings++] = (struct closing){e, text};
}

/* Emit the closings registered for e (walking back up past it), innermost first: the
 * last registered (by e itself, after its ancestors' in their walk down) first. */
static void closings_of(struct ocl *o, struct ast *e)
{
    for (int i = nclosings - 1; i >= 0; i--)
        if (closings[i].node == e) {
            wrap_after(o, e, closings[i].text);
            closings[i].node = NULL;
        }
    while (nclosings > 0 && !closings[nclosings - 1].node)
        nclosings--;
}

/* Is the expression a constant (so it may be written twice, also at file scope)? */
static bool simple_constant(const struct ast *e)
{
    while (e && e->kind == AST_UNARY && (e->op == '-' || e->op == '+'))
        e = e->kid[0];
    return e && e->kind == AST_CONSTANT;
}

void ocl_convert(struct ocl *o, struct ast *e, const struct ocl_type *from,
                 const struct ocl_type *to)
{
    if (!e || !from || !to || to->kind != OCL_VECTOR || !ocl_is_scalar(from))
        return;
    if (o->file_scope) {
        if (!simple_constant(e)) {
            ocl_fail(o, e, "a scalar widened to a vector in a file-scope initializer");
            return;
        }
        struct lower_buf b = {0};
        const char *x = lower_src(&o->L, e->begin, e->end);
        lbuf_printf(&b, "((%s){", ocl_type_name(o, to));
        for (int i = 0; i < (to->n == 3 ? 4 : to->n); i++)
            lbuf_printf(&b, "%s(%s)", i ? ", " : "", x);
        lbuf_puts(&b, "})");
        rewrite_replace(o->L.rw, e->begin, e->end, lbuf_take(&b, o->L.a));
        return;
    }
    wrap_before(o, e, arena_printf(o->L.a, "%s((%s)(", ocl_splat_fn(o, to),
                                   ocl_type_name(o, to->of)));
    close_later(e, "))");
}

/* A scalar operand meeting a vector in an operator: converted to the component type
 * (gcc refuses conversions that might lose precision, OpenCL C does them). */
static void to_component(struct ocl *o, struct ast *e, const struct ocl_type *v)
{
    wrap_before(o, e, arena_printf(o->L.a, "((%s)(", ocl_type_name(o, v->of)));
    close_later(e, "))");
}

const char *ocl_builtin_callee(struct ocl *o, const struct ast *call)
{
    const struct ast *c = call->kid[0];
    if (!c || c->kind != AST_IDENT || (c->sym && c->sym->kind != SYM_FUNCTION))
        return NULL;
    if (c->sym && ocl_is_user(o, c->sym->declarator))
        return NULL;
    return arena_strndup(o->L.a, c->name->str, c->name->len);
}

bool ocl_is_barrier_call(struct ocl *o, const struct ast *call)
{
    const char *n = call && call->kind == AST_CALL ? ocl_builtin_callee(o, call) : NULL;
    return n && (!strcmp(n, "barrier") || !strcmp(n, "work_group_barrier") ||
                 !strcmp(n, "wait_group_events"));
}

/* ---- work-item functions ---------------------------------------------------------------- */

/* get_global_id(0) and friends: in a kernel the work-group function's locals, in another
 * function its hidden parameters (nrt_x: the work-group, nrt_l0..2: the work-item). */
static void work_item_call(struct ocl *o, struct ast *call, const char *name)
{
    static const struct { const char *fn, *field; int outside; } wi[] = {
        {"get_global_id", "gid", 0}, {"get_local_id", "l", 0}, {"get_group_id", "grp", 0},
        {"get_local_size", "ls", 1}, {"get_global_size", "gs", 1},
        {"get_num_groups", "ng", 1}, {"get_global_offset", "off", 0},
    };
    bool kernel = o->cur && o->cur->kernel;
    if (!strcmp(name, "get_work_dim")) {
        rewrite_replace(o->L.rw, call->begin, call->end,
                        ocl_name(o, kernel ? OCLN_DIM : OCLN_DIM_FN));
        return;
    }
    for (size_t i = 0; i < sizeof wi / sizeof wi[0]; i++) {
        if (strcmp(name, wi[i].fn))
            continue;
        struct ast *arg = call->kid[1] ? call->kid[1]->kid[0] : NULL;
        const char *t = arg ? o->L.text + arg->begin : "";
        bool constant = arg && arg->kind == AST_CONSTANT && *t >= '0' && *t <= '9' &&
                        arg->end - arg->begin == 1;
        if (!constant) {
            /* the dimension is computed: the run-time helper */
            rewrite_replace(o->L.rw, call->kid[0]->begin, call->kid[0]->end,
                            ocl_name(o, OCLN_WI_FN, name));
            rewrite_insert_after(o->L.rw, punct_between(o, call->kid[0]->end, call->end, "(") + 1,
                                 arena_printf(o->L.a, "%s, ", ocl_name(o, OCLN_HIDDEN_ARGS)));
            return;
        }
        int d = *t - '0';
        const char *text;
        if (d > 2)
            text = wi[i].outside ? "((size_t)1)" : "((size_t)0)";
        else if (!strcmp(wi[i].field, "l"))
            text = arena_printf(o->L.a, "((size_t)%s)", ocl_name(o, OCLN_LOCAL_ID, d));
        else if (!strcmp(wi[i].field, "gid"))
            text = kernel ? ocl_name(o, OCLN_GLOBAL_ID, d, d)
                          : ocl_name(o, OCLN_GLOBAL_ID_FN, d, d);
        else
            text = kernel ? ocl_name(o, OCLN_WI_FIELD, wi[i].field, d)
                          : ocl_name(o, OCLN_WI_FIELD_FN, wi[i].field, d);
        rewrite_replace(o->L.rw, call->begin, call->end, text);
        return;
    }
}

/* ---- nodes ---------------------------------------------------------------------------- */

/* The components a swizzle selects, or 0 when n is no vector component selection. */
static int swizzle(struct ocl *o, struct ast *n, int *idx, const struct ocl_type **vec)
{
    if (n->kind != AST_MEMBER || !n->name)
        return 0;
    const struct ocl_type *b = ocl_expr_type(o, n->kid[0]);
    if (n->op == PTR_OP)
        b = b->kind == OCL_POINTER || b->kind == OCL_ARRAY ? b->of : NULL;
    if (!b || b->kind != OCL_VECTOR)
        return 0;
    *vec = b;
    int k = 0;
    const struct ocl_type *t = ocl_swizzle_type(b, n->name->str, n->name->len, idx);
    if (!t) {
        ocl_fail(o, n, "'%s' selects no components of a %s", n->name->str,
                 ocl_type_name(o, b));
        return -1;
    }
    k = t->kind == OCL_VECTOR ? t->n : 1;
    return k;
}

/* A swizzle of swizzles (`v.hi.yx`, `p->s23.y`): the components of the innermost vector
 * it selects (idx), that vector's type, and the innermost member, whose base the vector
 * is (n itself for a plain swizzle). */
static int swizzle_chain(struct ocl *o, struct ast *n, int *idx, const struct ocl_type **vec,
                         struct ast **innermost)
{
    int k = swizzle(o, n, idx, vec);
    *innermost = n;
    struct ast *b = n->kid[0];
    int bidx[16];
    const struct ocl_type *bv;
    struct ast *bin;
    if (k > 0 && n->op == '.' && b->kind == AST_MEMBER &&
        swizzle_chain(o, b, bidx, &bv, &bin) > 1) {
        for (int i = 0; i < k; i++)
            idx[i] = bidx[idx[i]];
        *vec = bv;
        *innermost = bin;
    }
    return k;
}

static void member_pre(struct ocl *o, struct ast *n, enum use use)
{
    int idx[16], k;
    const struct ocl_type *v;
    if ((k = swizzle(o, n, idx, &v)) <= 0)
        return;
    if (k > 1 && use == USE_VALUE) {
        if (o->file_scope) {
            ocl_fail(o, n, "a swizzle in a file-scope initializer");
            return;
        }
        const char *t = tmp_name(o, "s");
        lower_map_put(&o->L, &o->tmp, n, (void *)t);
        wrap_before(o, n, arena_printf(o->L.a, "({ __auto_type %s = (", t));
    }
    if (n->op == PTR_OP)
        wrap_before(o, n, "(*");
}

static void member_post(struct ocl *o, struct ast *n, enum use use)
{
    int idx[16], k;
    const struct ocl_type *v;
    if ((k = swizzle(o, n, idx, &v)) <= 0 || (k > 1 && use != USE_VALUE))
        return;
    const char *close = n->op == PTR_OP ? ")" : "";
    if (k == 1) {
        rewrite_replace(o->L.rw, member_op(o, n), n->end,
                        arena_printf(o->L.a, "%s[%d]", close, idx[0]));
        return;
    }
    const char *t = lower_map_get(&o->tmp, n);
    if (!t)
        return;
    struct lower_buf b = {0};
    lbuf_printf(&b, "%s); __builtin_shufflevector(%s, %s", close, t, t);
    int storage = k == 3 ? 4 : k;
    for (int i = 0; i < storage; i++)
        lbuf_printf(&b, ", %d", i < k ? idx[i] : idx[0]);
    lbuf_puts(&b, "); })");
    rewrite_replace(o->L.rw, member_op(o, n), n->end, lbuf_take(&b, o->L.a));
}

/* `v.xy = e`, `v.xy op= e`: every component assigned (a statement expression). */
static bool swizzle_store_pre(struct ocl *o, struct ast *n)
{
    int idx[16], k;
    const struct ocl_type *v;
    struct ast *lhs = n->kid[0], *in;
    if ((k = swizzle_chain(o, lhs, idx, &v, &in)) <= 1)
        return false;
    if (o->file_scope)
        return false;
    for (struct ast *m = lhs; m != in; m = m->kid[0])     /* `v.hi.yx = `: v.hi is stored */
        lower_map_put(&o->L, &o->stored, m->kid[0], (void *)1);
    const char *p = tmp_name(o, "p"), *e = tmp_name(o, "e");
    const struct ocl_type *rt = ocl_expr_type(o, n->kid[1]);
    const struct ocl_type *lt = ocl_vector(v->of->kind, k);
    wrap_before(o, n, arena_printf(o->L.a, "({ __auto_type %s = &(", p));
    const char *ptr_close = in->op == PTR_OP ? ")" : "";
    /* `.xy =` (with `->`: the `(*` member_pre put before the base closes here) */
    const char *et = ocl_is_scalar(rt) ? ocl_type_name(o, v->of) : ocl_type_name(o, lt);
    static const struct { int tok; const char *op; } ops[] = {
        {'=', "="}, {MUL_ASSIGN, "*="}, {DIV_ASSIGN, "/="}, {MOD_ASSIGN, "%="},
        {ADD_ASSIGN, "+="}, {SUB_ASSIGN, "-="}, {LEFT_ASSIGN, "<<="}, {RIGHT_ASSIGN, ">>="},
        {AND_ASSIGN, "&="}, {XOR_ASSIGN, "^="}, {OR_ASSIGN, "|="}};
    const char *op = "=";
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (ops[i].tok == n->op)
            op = ops[i].op;
    /* from the `.` to the operator: parentheses around the base (`(v).xy = ...`) and
     * around the value (`v.xy = (a + b)`) stay whole */
    size_t at = punct_between(o, lhs->end, n->kid[1]->begin, op);
    size_t to = at == (size_t)-1 ? n->kid[1]->begin : at + strlen(op);
    rewrite_replace(o->L.rw, member_op(o, in), to,
                    arena_printf(o->L.a, "%s); %s %s = (", ptr_close, et, e));
    struct lower_buf b = {0};
    lbuf_puts(&b, "); ");
    for (int i = 0; i < k; i++)
        lbuf_printf(&b, "(*%s)[%d] %s %s%s; ", p, idx[i], op, e,
                    ocl_is_scalar(rt) ? "" : arena_printf(o->L.a, "[%d]", i));
    lbuf_printf(&b, "%s; })", e);
    close_later(n, lbuf_take(&b, o->L.a));
    return true;
}

/* (T)(a, b, ...) with T a vector type: a literal; (T)(x), (T)x: x widened. */
static void cast_pre(struct ocl *o, struct ast *n)
{
    const struct ocl_type *t = ocl_type_name_type(o, n->kid[0]);
    struct ast *x = n->kid[1];
    const struct ocl_type *xt = ocl_expr_type(o, x);
    if (t->kind != OCL_VECTOR) {
        if (xt->kind == OCL_VECTOR && t->kind != OCL_VOID)
            ocl_fail(o, n, "a cast of a vector to '%s' (use convert_ or as_ functions)",
                     ocl_type_name(o, t) ? ocl_type_name(o, t) : "another type");
        return;
    }
    /* the components, flattening the comma expression the parser made of them */
    struct ast *comps[64];
    int nc = 0;
    struct ast *stack[64];
    int ns = 0;
    stack[ns++] = x;
    while (ns > 0 && nc < 64) {
        struct ast *e = stack[--ns];
        if (e->kind == AST_BINARY && e->op == ',' && ns + 2 <= 64) {
            stack[ns++] = e->kid[1];
            stack[ns++] = e->kid[0];
        } else {
            comps[nc++] = e;
        }
    }
    int total = 0;
    bool vectors = false;
    for (int i = 0; i < nc; i++) {
        const struct ocl_type *ct = ocl_expr_type(o, comps[i]);
        if (ct->kind == OCL_VECTOR) {
            total += ct->n;
            vectors = true;
        } else if (ocl_is_scalar(ct)) {
            total += 1;
        } else {
            ocl_fail(o, comps[i], "a component of a vector literal that is neither a scalar "
                     "nor a vector");
            return;
        }
    }
    const char *vt = ocl_type_name(o, t);
    if (nc == 1 && xt->kind == OCL_VECTOR) {
        if (xt != t)
            ocl_fail(o, n, "a cast of a %s to %s (use convert_%s or as_%s)",
                     ocl_type_name(o, xt), vt, vt, vt);
        else if (!o->file_scope) {
            wrap_before(o, n, "(");     /* (float4)v: nothing to do, but `((float4)(v)).x` */
            close_later(n, ")");
        }
        return;
    }
    if (nc == 1 && total == 1) {
        /* a scalar widened: splat(x), or {x, x, ...} where a call cannot be */
        if (o->file_scope && !simple_constant(x)) {
            ocl_fail(o, n, "a scalar widened to a vector in a file-scope initializer");
            return;
        }
        if (o->file_scope) {
            struct lower_buf b = {0};
            const char *xs = lower_src(&o->L, x->begin, x->end);
            lbuf_puts(&b, "{");
            for (int i = 0; i < (t->n == 3 ? 4 : t->n); i++)
                lbuf_printf(&b, "%s(%s)", i ? ", " : "", xs);
            lbuf_puts(&b, "}");
            rewrite_replace(o->L.rw, n->begin, n->end, lbuf_take(&b, o->L.a));
            return;
        }
        rewrite_replace(o->L.rw, n->begin, x->begin,
                        arena_printf(o->L.a, "%s((%s)(", ocl_splat_fn(o, t),
                                     ocl_type_name(o, t->of)));
        if (x->end < n->end)
            rewrite_replace(o->L.rw, x->end, n->end, "))");
        else
            close_later(x, "))");
        return;
    }
    if (total != t->n) {
        ocl_fail(o, n, "a %s literal with %d components", vt, total);
        return;
    }
    /* the literal's parentheses and commas (components may stand in parentheses of their
     * own, `(float4)(x, NAN)` with NAN a parenthesised macro, which stay) */
    size_t open = punct_between(o, n->kid[0]->end, comps[0]->begin, "(");
    size_t close = n->end - 1;
    if (open == (size_t)-1 || o->L.text[close] != ')') {
        ocl_fail(o, n, "a %s literal whose parentheses mcc cannot find", vt);
        return;
    }
    size_t commas[64];
    for (int i = 1; i < nc; i++)
        if ((commas[i] = punct_between(o, comps[i - 1]->end, comps[i]->begin, ",")) ==
            (size_t)-1) {
            ocl_fail(o, n, "a %s literal whose commas mcc cannot find", vt);
            return;
        }
    if (!vectors) {
        /* at file scope an initializer's braces: a compound literal is not a constant
         * where it initialises a vector variable (`__constant float4 one = (float4)(1)`) */
        rewrite_replace(o->L.rw, n->begin, open + 1,
                        o->file_scope ? "{" : arena_printf(o->L.a, "((%s){", vt));
        rewrite_replace(o->L.rw, close, n->end, o->file_scope ? "}" : "})");
        return;
    }
    if (o->file_scope) {
        ocl_fail(o, n, "a vector literal made of vectors in a file-scope initializer");
        return;
    }
    /* vector components: each into a temporary, then the literal of their components */
    const char *names[64];
    struct lower_buf lit = {0};
    lbuf_printf(&lit, "(%s){", vt);
    int put = 0;
    for (int i = 0; i < nc; i++) {
        const struct ocl_type *ct = ocl_expr_type(o, comps[i]);
        names[i] = tmp_name(o, "c");
        const char *ctn = ocl_type_name(o, ct);
        const char *decl = arena_printf(o->L.a, "%s %s = (", ctn, names[i]);
        if (i == 0)
            rewrite_replace(o->L.rw, n->begin, open + 1, arena_printf(o->L.a, "({ %s", decl));
        else
            rewrite_replace(o->L.rw, commas[i], commas[i] + 1,
                            arena_printf(o->L.a, "); %s", decl));
        if (ct->kind == OCL_VECTOR)
            for (int c = 0; c < ct->n; c++)
                lbuf_printf(&lit, "%s%s[%d]", put++ ? ", " : "", names[i], c);
        else
            lbuf_printf(&lit, "%s%s", put++ ? ", " : "", names[i]);
    }
    lbuf_puts(&lit, "}; })");
    rewrite_replace(o->L.rw, close, n->end, arena_printf(o->L.a, "); %s", lbuf_take(&lit, o->L.a)));
}

static bool is_shift(int op)
{
    return op == LEFT_OP || op == RIGHT_OP || op == LEFT_ASSIGN || op == RIGHT_ASSIGN;
}

/* A shift count: OpenCL takes it modulo the width of the shifted type. */
static void shift_count(struct ocl *o, struct ast *count, const struct ocl_type *shifted)
{
    int bits = 8 * ocl_size(shifted->kind == OCL_VECTOR ? shifted->of : shifted);
    if (bits <= 0)
        return;
    const char *t = o->L.text + count->begin;
    if (count->kind == AST_CONSTANT && *t >= '0' && *t <= '9') {
        long v = strtol(t, NULL, 0);
        if (v >= 0 && v < bits)
            return;
    }
    wrap_before(o, count, "((");
    close_later(count, arena_printf(o->L.a, ") & %d)", bits - 1));
}

/* Half-precision arithmetic is not translated: gcc computes _Float16 in float and rounds
 * only where a value is stored, so `(a + b) - a` keeps bits that OpenCL rounds away. */
static bool half_arith(struct ocl *o, struct ast *n, const struct ocl_type *a,
                       const struct ocl_type *b)
{
    if (ocl_elem(a) != OCL_HALF && (!b || ocl_elem(b) != OCL_HALF))
        return false;
    ocl_fail(o, n, "half-precision arithmetic is not supported");
    return true;
}

static void binary_pre(struct ocl *o, struct ast *n)
{
    if (n->op == ',')
        return;
    const struct ocl_type *a = ocl_expr_type(o, n->kid[0]);
    const struct ocl_type *b = ocl_expr_type(o, n->kid[1]);
    if (half_arith(o, n, a, b))
        return;
    if ((n->op == AND_OP || n->op == OR_OP) &&
        (a->kind == OCL_VECTOR || b->kind == OCL_VECTOR)) {
        ocl_fail(o, n, "'&&' and '||' on vectors are not supported");
        return;
    }
    if (is_shift(n->op)) {
        shift_count(o, n->kid[1], ocl_promote(a));
        if (a->kind == OCL_VECTOR && ocl_is_scalar(b))
            to_component(o, n->kid[1], a);
        return;
    }
    if (a->kind == OCL_VECTOR && ocl_is_scalar(b))
        to_component(o, n->kid[1], a);
    else if (b->kind == OCL_VECTOR && ocl_is_scalar(a))
        to_component(o, n->kid[0], b);
}

static void assign_pre(struct ocl *o, struct ast *n)
{
    const struct ocl_type *l = ocl_expr_type(o, n->kid[0]);
    const struct ocl_type *r = ocl_expr_type(o, n->kid[1]);
    if (n->op != '=' && half_arith(o, n, l, r))
        return;
    if (is_shift(n->op))
        shift_count(o, n->kid[1], l);
    if (l->kind != OCL_VECTOR || !ocl_is_scalar(r))
        return;
    if (n->op == '=')
        ocl_convert(o, n->kid[1], r, l);
    else
        to_component(o, n->kid[1], l);
}

static void unary_pre(struct ocl *o, struct ast *n)
{
    const struct ocl_type *a = ocl_expr_type(o, n->kid[0]);
    if (n->op != '&' && n->op != '*' && half_arith(o, n, a, NULL))
        return;
    if (n->op == '!' && a->kind == OCL_VECTOR) {
        /* `!v` is `v == 0`, component by component */
        rewrite_replace(o->L.rw, n->begin, n->begin + 1, "((");
        close_later(n, ") == 0)");
    }
}

static void conditional_pre(struct ocl *o, struct ast *n)
{
    struct ast *c = n->kid[0], *x = n->kid[1], *y = n->kid[2];
    if (!x) {
        ocl_fail(o, n, "'?:' without its middle operand");
        return;
    }
    const struct ocl_type *ct = ocl_expr_type(o, c), *t = ocl_expr_type(o, n);
    const struct ocl_type *xt = ocl_expr_type(o, x), *yt = ocl_expr_type(o, y);
    if (t->kind == OCL_VECTOR) {
        ocl_convert(o, x, xt, t);
        ocl_convert(o, y, yt, t);
    }
    if (ct->kind != OCL_VECTOR)
        return;
    if (t->kind != OCL_VECTOR || ct->n != t->n || o->file_scope) {
        ocl_fail(o, n, "'?:' with a vector condition and operands of another shape");
        return;
    }
    /* select(y, x, c), components chosen by the sign of c's; only the `?` and the `:`
     * are replaced, the parentheses around the operands (`(v < 0) ? (a - b) : b`) kept */
    size_t q = punct_between(o, c->end, x->begin, "?");
    size_t colon = punct_between(o, x->end, y->begin, ":");
    if (q == (size_t)-1 || colon == (size_t)-1) {
        ocl_fail(o, n, "'?:' whose '?' or ':' mcc cannot find");
        return;
    }
    const char *vc = tmp_name(o, "c"), *vx = tmp_name(o, "x"), *vy = tmp_name(o, "y");
    wrap_before(o, n, arena_printf(o->L.a, "({ __auto_type %s = (", vc));
    rewrite_replace(o->L.rw, q, q + 1, arena_printf(o->L.a, "); %s %s = (",
                                                   ocl_type_name(o, t), vx));
    rewrite_replace(o->L.rw, colon, colon + 1, arena_printf(o->L.a, "); %s %s = (",
                                                           ocl_type_name(o, t), vy));
    struct lower_buf b = {0};
    const char *bitwise = ocl_select_bits(o, t, ct, vy, vx, vc);
    if (bitwise)
        lbuf_printf(&b, "); %s; })", bitwise);
    else
        lbuf_printf(&b, "); %s r = {0}; for (int i = 0; i < %d; i++) r[i] = %s[i] < 0 ? %s[i] : "
                    "%s[i]; r; })", ocl_type_name(o, t), t->n, vc, vx, vy);
    close_later(n, lbuf_take(&b, o->L.a));
}

/* Parameter i of the function a call calls, from its prototype. */
static struct ast *param_at(const struct ocl_type *fn, int i)
{
    for (struct ast *p = fn && fn->tag ? fn->tag->kid[0] : NULL; p; p = p->next)
        if (p->kind == AST_PARAM && i-- == 0)
            return p;
    return NULL;
}

static void call_pre(struct ocl *o, struct ast *n)
{
    const char *name = ocl_builtin_callee(o, n);
    if (name) {
        ocl_builtin_args(o, n, name);   /* scalars widened where vectors are taken */
        return;
    }
    if (!n->kid[0])
        return;
    /* a user function: vectors where it takes vectors */
    const struct ocl_type *f = ocl_expr_type(o, n->kid[0]);
    int i = 0;
    for (struct ast *a = n->kid[1] ? n->kid[1]->kid[0] : NULL; a; a = a->next, i++) {
        struct ast *p = param_at(f, i);
        if (p && p->sym)
            ocl_convert(o, a, ocl_expr_type(o, a), ocl_sym_type(o, p->sym));
    }
}

static void call_post(struct ocl *o, struct ast *n)
{
    const char *name = ocl_builtin_callee(o, n);
    if (!name) {
        if (n->kid[0] && n->kid[0]->kind != AST_IDENT)
            ocl_fail(o, n, "a call through a function pointer");
        return;
    }
    static const char *const wi[] = {"get_work_dim", "get_global_size", "get_global_id",
                                     "get_local_size", "get_local_id", "get_num_groups",
                                     "get_group_id", "get_global_offset"};
    int nargs = 0;    /* an empty argument list is a node without kids */
    for (struct ast *a = n->kid[1] ? n->kid[1]->kid[0] : NULL; a; a = a->next)
        nargs++;
    for (size_t i = 0; i < sizeof wi / sizeof wi[0]; i++)
        if (!strcmp(name, wi[i])) {
            if (nargs <= 1 && ocl_builtin_type(o, name, nargs,
                                               (const struct ocl_type *[]){ocl_scalar(OCL_UINT)}))
                work_item_call(o, n, name);
            else
                ocl_fail(o, n, "'%s' with the wrong number of arguments", name);
            return;
        }
    if (!ocl_is_builtin(name)) {
        ocl_fail(o, n, "call of '%s', which is neither defined in the file nor an OpenCL C "
                 "built-in", name);
        return;
    }
    ocl_builtin_call(o, n, name);
}

static void decl_pre(struct ocl *o, struct ast *n)
{
    /* an init-declarator: a scalar initialising a vector is widened */
    if (!n->sym || !n->kid[1] || n->kid[1]->kind == AST_INIT_LIST)
        return;
    const struct ocl_type *t = ocl_sym_type(o, n->sym);
    ocl_convert(o, n->kid[1], ocl_expr_type(o, n->kid[1]), t);
}

static void return_pre(struct ocl *o, struct ast *n)
{
    if (!n->kid[0] || !o->cur || !o->cur->sym)
        return;
    const struct ocl_type *f = ocl_sym_type(o, o->cur->sym);
    if (f->kind == OCL_FUNCTION)
        ocl_convert(o, n->kid[0], ocl_expr_type(o, n->kid[0]), f->of);
}

static void walk_kids(struct ocl *o, struct ast *n, enum use use)
{
    if (n->kind == AST_LIST) {
        for (struct ast *i = n->kid[0]; i; i = i->next)
            walk(o, i, USE_VALUE);
        return;
    }
    for (int k = 0; k < 4; k++) {
        if (!n->kid[k] || (n->kind == AST_PRAGMA && k == 0))
            continue;
        if (n->kind == AST_CALL && k == 0 && n->kid[0]->kind == AST_IDENT) {
            closings_of(o, n->kid[0]);  /* the callee: call_pre and call_post look at it */
            continue;
        }
        enum use u = USE_VALUE;
        if ((n->kind == AST_ASSIGN && k == 0) ||
            ((n->kind == AST_POSTFIX || (n->kind == AST_UNARY &&
              (n->op == INC_OP || n->op == DEC_OP || n->op == '&'))) && k == 0))
            u = USE_LVALUE;
        if (n->kind == AST_MEMBER && k == 0)
            u = use;               /* v.xy.x: the inner one is used as the outer is */
        walk(o, n->kid[k], u);
    }
}

/* A name that nothing declares (a call's callee is a built-in, call_post): gcc would stop
 * on the C; the OpenCL compiler too, unless the macro comes at run time. */
static void ident_pre(struct ocl *o, const struct ast *n)
{
    static const char *const predefined[] = {"__func__", "__FUNCTION__", "__PRETTY_FUNCTION__"};
    if (n->sym || !n->name)
        return;
    for (size_t i = 0; i < sizeof predefined / sizeof predefined[0]; i++)
        if (n->name->len == strlen(predefined[i]) &&
            !memcmp(n->name->str, predefined[i], n->name->len))
            return;
    ocl_fail(o, n, "'%.*s' is not declared (a macro the kernels need goes in "
             "--opencl-build-opts, which the translation sees too; the command's -D does not "
             "reach OpenCL C)", (int)n->name->len, n->name->str);
}

static void walk(struct ocl *o, struct ast *n, enum use use)
{
    if (!n)
        return;
    bool store = false;
    switch (n->kind) {
    case AST_IDENT: ident_pre(o, n); break;
    case AST_CALL: call_pre(o, n); break;
    case AST_MEMBER: {
        int idx[16];
        const struct ocl_type *v;
        int k = swizzle(o, n, idx, &v);
        struct ast *in;
        if (k == 1 && use == USE_LVALUE && swizzle_chain(o, n, idx, &v, &in) == 1 && in != n) {
            /* `v.lo.x = ...`, `p->s23.y++`: the component of the innermost vector */
            if (in->op == PTR_OP)
                wrap_before(o, n, "(*");
            walk(o, in->kid[0], USE_LVALUE);
            rewrite_replace(o->L.rw, member_op(o, in), n->end,
                            arena_printf(o->L.a, "%s[%d]", in->op == PTR_OP ? ")" : "",
                                         idx[0]));
            closings_of(o, n);
            return;
        }
        if (k > 1 && use == USE_LVALUE && !lower_map_get(&o->stored, n)) {
            ocl_fail(o, n, "a swizzle of several components changed by '++' or '--' or "
                     "taken the address of");
            return;
        }
        member_pre(o, n, use);
        break;
    }
    case AST_CAST: cast_pre(o, n); break;
    case AST_BINARY: binary_pre(o, n); break;
    case AST_ASSIGN:
        store = swizzle_store_pre(o, n);
        if (store)
            lower_map_put(&o->L, &o->stored, n->kid[0], (void *)1);
        else
            assign_pre(o, n);
        break;
    case AST_UNARY: unary_pre(o, n); break;
    case AST_POSTFIX: half_arith(o, n, ocl_expr_type(o, n->kid[0]), NULL); break;
    case AST_CONDITIONAL: conditional_pre(o, n); break;
    case AST_INIT_DECLARATOR: decl_pre(o, n); break;
    case AST_RETURN: return_pre(o, n); break;
    default: break;
    }
    walk_kids(o, n, use);
    switch (n->kind) {
    case AST_CALL: call_post(o, n); break;
    case AST_MEMBER: member_post(o, n, use); break;
    default: break;
    }
    closings_of(o, n);
}

void ocl_rewrite_exprs(struct ocl *o, struct ast *n)
{
    nclosings = 0;
    walk(o, n, USE_VALUE);
}
