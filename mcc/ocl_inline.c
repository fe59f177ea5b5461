/*
 * ocl_inline.c - functions other than kernels that hold barriers (a reduction helper
 * `void block_reduce(__local float *s)` with barriers between its steps), inlined into
 * the kernels that call them, so that the kernel's barrier splitting (ocl_kernel.c) sees
 * their barriers as its own.
 *
 * A pass finds, in each kernel, the statements that call such a helper (one that holds a
 * barrier or calls one that does), in one of three shapes:
 *     h(args);            x = h(args);            T x = h(args);
 * and puts the helper's body in the statement's place, in a block of its own whose first
 * declarations are its parameters, renamed and initialised from the arguments:
 *     { __local float *nrt_in0_1_s = (t); <body, s renamed> }
 * A `return e;` becomes an assignment to the result variable (and a break out of a
 * `do ... while (0)` around the body where it is not the body's last statement).  The
 * text is parsed again (a helper's body may call another helper: the next pass inlines
 * that), up to OCL_INLINE_PASSES passes.  Linemarkers keep the body at its own lines, so
 * that diagnostics on it point into the helper.
 *
 * OpenCL C 2.0's work-group functions (work_group_reduce_add, _scan_, _broadcast, _all,
 * _any) are inlined the same way, their block written here: the work-items, which take
 * turns in the translation, update a __local accumulator that the kernel gets, between
 * barriers.  The text is only the translation's input: OpenCL devices get the source.
 *
 * The same passes first write OpenCL C 2.0's get_local_linear_id, get_global_linear_id
 * and get_enqueued_local_size with the work-item functions of 1.2.
 *
 * What is not inlined stays a call: the kernel is not translated, with the reason at the
 * call (ocl_inline_diagnose): a call inside another expression, in a for's head, two in
 * one statement, a `return` inside a loop or switch of the helper, a parameter written as
 * an array of arrays or a function, a variadic helper, a pointer result, a name the helper
 * uses that the kernel hides or that is declared after the kernel, recursion.
 */
#include "mcc.h"
#include "c.tab.h"

#include <stdlib.h>
#include <string.h>

struct inl {
    struct ocl *o;
    struct ocl_fn *kernel;
    int pass, serial, done;
    bool diagnose;               /* the last pass: report instead of inlining */
};

/* Which functions other than kernels hold a barrier or call one that does (a fixed point:
 * recursion, which OpenCL C forbids, must not make it loop). */
static void mark_barrier_helpers(struct ocl *o)
{
    for (struct ocl_fn *f = o->fns; f; f = f->next)
        f->barrier_helper = !f->kernel && f->has_barrier;
    for (bool changed = true; changed;) {
        changed = false;
        for (struct ocl_fn *f = o->fns; f; f = f->next)
            for (int i = 0; i < f->ncallees && !f->kernel && !f->barrier_helper; i++)
                if (f->callees[i]->barrier_helper)
                    changed = f->barrier_helper = true;
    }
}

/* The helper holding a barrier that call `c` calls, or NULL. */
static struct ocl_fn *helper_of(struct ocl *o, struct ocl_fn *caller, const struct ast *c)
{
    (void)o;
    for (int i = 0; i < caller->ncalls; i++)
        if (caller->calls[i] == c)
            return caller->callees[i]->barrier_helper ? caller->callees[i] : NULL;
    return NULL;
}

struct find {
    struct inl *in;
    struct ast *call;
    int n;
};

static bool find_visit(struct ast *n, void *arg)
{
    struct find *fd = arg;
    if (n->kind == AST_CALL && (helper_of(fd->in->o, fd->in->kernel, n) ||
                                ocl_collective(fd->in->o, n))) {
        if (!fd->call)
            fd->call = n;
        fd->n++;
    }
    return true;
}

/* Calls of helpers holding barriers in expression e: how many, the first in *call. */
static int helper_calls(struct inl *in, struct ast *e, struct ast **call)
{
    struct find fd = {in, NULL, 0};
    if (e)
        ast_walk(e, find_visit, &fd);
    if (call)
        *call = fd.call;
    return fd.n;
}

static const char *text_of(struct ocl *o, size_t begin, size_t end)
{
    return arena_strndup(o->L.a, o->L.text + begin, end - begin);
}

/* ---- the helper's body as text for one call ---------------------------------------------- */

struct edit {
    size_t begin, end;
    const char *text;
};

struct body {
    struct inl *in;
    struct ocl_fn *h;
    struct ast **params;         /* AST_PARAMs */
    const char **names;          /* their names in the inlined block */
    int nparams, capparams;
    struct edit *edits;
    int nedits, capedits;
    const char *ret;             /* the result variable (NULL: void) */
    bool needs_do;
    const char *why;
};

static void add_edit(struct body *b, size_t begin, size_t end, const char *text)
{
    ARENA_GROW(b->in->o->L.a, b->edits, b->nedits, b->capedits, 16);
    b->edits[b->nedits++] = (struct edit){begin, end, text};
}

static bool rename_visit(struct ast *n, void *arg)
{
    struct body *b = arg;
    if (n->kind != AST_IDENT || !n->sym)
        return true;
    for (int i = 0; i < b->nparams; i++)
        if (b->params[i]->sym == n->sym) {
            add_edit(b, n->begin, n->end, b->names[i]);
            return true;
        }
    return true;
}

/* Returns of the body: assignments to the result; loops and switches deep in `loops`. */
static void returns_in(struct body *b, struct ast *s, int loops, bool last)
{
    if (!s || b->why)
        return;
    struct ocl *o = b->in->o;
    switch (s->kind) {
    case AST_RETURN:
        if (loops) {
            b->why = arena_printf(o->L.a, "'%s' returns from inside a loop or switch", b->h->name);
            return;
        }
        if (!last)
            b->needs_do = true;
        const char *leave = last ? "" : " break;";
        if (!s->kid[0])
            add_edit(b, s->begin, s->end, last ? ";" : "break;");
        else if (b->ret) {
            add_edit(b, s->begin, s->kid[0]->begin, arena_printf(o->L.a, "{ %s = (", b->ret));
            add_edit(b, s->kid[0]->end, s->end, arena_printf(o->L.a, ");%s }", leave));
        } else {
            add_edit(b, s->begin, s->kid[0]->begin, "{ (void)(");
            add_edit(b, s->kid[0]->end, s->end, arena_printf(o->L.a, ");%s }", leave));
        }
        return;
    case AST_COMPOUND:
        for (struct ast *i = s->kid[0] ? s->kid[0]->kid[0] : NULL; i; i = i->next)
            returns_in(b, i, loops, last && !i->next);
        return;
    case AST_IF:
        returns_in(b, s->kid[1], loops, last);
        returns_in(b, s->kid[2], loops, last);
        return;
    case AST_FOR:
        returns_in(b, s->kid[3], loops + 1, false);
        return;
    case AST_WHILE: case AST_SWITCH:
        returns_in(b, s->kid[1], loops + 1, false);
        return;
    case AST_DO:
        returns_in(b, s->kid[0], loops + 1, false);
        return;
    case AST_LABEL: case AST_DEFAULT:
        returns_in(b, s->kid[0], loops, last);
        return;
    case AST_CASE:
        returns_in(b, s->kid[2], loops, last);
        return;
    default:
        return;
    }
}

/* Names the kernel declares (parameters, variables): the helper's globals must not be
 * among them, or the inlined body would see the kernel's instead. */
struct names {
    struct ocl *o;
    const struct name **v;
    int n, cap;
    size_t kernel_begin;         /* where the kernel's definition starts */
    const char *hidden;          /* a global the helper uses that the kernel hides */
    const char *later;           /* ... that is declared after the kernel */
};

static bool kernel_names_visit(struct ast *n, void *arg)
{
    struct names *ns = arg;
    if ((n->kind == AST_INIT_DECLARATOR || n->kind == AST_PARAM) && n->sym) {
        ARENA_GROW(ns->o->L.a, ns->v, ns->n, ns->cap, 16);
        ns->v[ns->n++] = n->sym->name;
    }
    return true;
}

static bool globals_visit(struct ast *n, void *arg)
{
    struct names *ns = arg;
    if (ns->hidden || ns->later || n->kind != AST_IDENT || !n->sym || n->sym->depth != 0)
        return true;
    if (n->sym->declarator && n->sym->declarator->begin > ns->kernel_begin &&
        ocl_is_user(ns->o, n->sym->declarator)) {
        ns->later = arena_strndup(ns->o->L.a, n->name->str, n->name->len);
        return true;
    }
    if (n->sym->kind != SYM_OBJECT && n->sym->kind != SYM_ENUM_CONST)
        return true;
    for (int i = 0; i < ns->n; i++)
        if (ns->v[i] == n->sym->name)
            ns->hidden = arena_strndup(ns->o->L.a, n->name->str, n->name->len);
    return true;
}

/* The return type of h as declaration specifiers (no storage class, inline, attributes). */
static const char *return_type(struct ocl *o, struct ast *specs)
{
    struct lower_buf b = {0};
    for (struct ast *i = specs && specs->kid[0] ? specs->kid[0]->kid[0] : NULL; i; i = i->next) {
        if (i->kind == AST_ATTRIBUTE)
            continue;
        if (i->kind == AST_SPECIFIER && (i->op == KW_STATIC || i->op == KW_EXTERN ||
                                         i->op == KW_INLINE))
            continue;
        lbuf_printf(&b, "%s ", text_of(o, i->begin, i->end));
    }
    return b.s ? lbuf_take(&b, o->L.a) : "int ";
}

static int cmp_edit(const void *a, const void *b)
{
    const struct edit *x = a, *y = b;
    return x->begin < y->begin ? -1 : x->begin > y->begin;
}

/* A linemarker for offset off of the text (blanks up to its column follow it). */
static const char *mark(struct ocl *o, size_t off)
{
    struct mcc_loc at = source_loc(&o->L.t->src, off);
    if (!at.file)
        return "\n";
    return arena_printf(o->L.a, "\n# %d \"%s\"\n%*s", at.line, at.file, at.col > 1 ? at.col - 1 : 0,
                        "");
}

/* The array declarator of parameter p when it is `T name[...]` (an array of the name
 * itself, not of arrays nor of pointers), else NULL. */
static struct ast *array_of_name(struct ast *p)
{
    struct ast *d = p->kid[1];
    return d && d->kind == AST_DECL_ARRAY && d->kid[0] && d->kid[0]->kind == AST_DECL_NAME ? d
                                                                                         : NULL;
}

/* The block that runs h's body for call c: NULL with b->why set when it cannot be made.
 * `ret` names the variable the result goes to (declared by the caller of this). */
static const char *inlined_block(struct inl *in, struct ocl_fn *h, struct ast *c, const char *ret,
                                 size_t resume, struct body *b)
{
    struct ocl *o = in->o;
    struct ast *def = h->def, *body = def->kid[3];
    *b = (struct body){.in = in, .h = h, .ret = ret};
    struct ast *params = ast_declarator_params(def->kid[1]);
    if (def->kid[1]->kind == AST_DECL_POINTER && ret) {
        b->why = arena_printf(o->L.a, "'%s' returns a pointer", h->name);
        return NULL;
    }
    int nargs = 0;
    for (struct ast *a = c->kid[1] ? c->kid[1]->kid[0] : NULL; a; a = a->next)
        nargs++;
    for (struct ast *p = params ? params->kid[0] : NULL; p; p = p->next) {
        if (p->kind == AST_ELLIPSIS) {
            b->why = arena_printf(o->L.a, "'%s' is variadic", h->name);
            return NULL;
        }
        if (p->kind != AST_PARAM || !p->sym)
            continue;   /* (void) */
        if (p->sym->function_param || (p->sym->array_param && !array_of_name(p))) {
            b->why = arena_printf(o->L.a, "its parameter '%.*s' is written as a function or an "
                                  "array of arrays (declare it as a pointer)",
                                  (int)p->sym->name->len, p->sym->name->str);
            return NULL;
        }
        ARENA_GROW(o->L.a, b->params, b->nparams, b->capparams, 8);
        b->params[b->nparams++] = p;
    }
    if (nargs != b->nparams) {
        b->why = arena_printf(o->L.a, "'%s' takes %d arguments, given %d", h->name, b->nparams,
                              nargs);
        return NULL;
    }
    /* the names the kernel declares must not hide what the helper uses */
    struct names ns = {.o = o, .kernel_begin = in->kernel->def->begin};
    ast_walk(in->kernel->def, kernel_names_visit, &ns);
    ast_walk(body, globals_visit, &ns);
    if (ns.hidden || ns.later) {
        b->why = ns.hidden ? arena_printf(o->L.a, "'%s', which '%s' uses, is a name the kernel "
                                          "declares too (rename one)", ns.hidden, h->name)
                           : arena_printf(o->L.a, "'%s', which '%s' uses, is declared after the "
                                          "kernel (declare it before)", ns.later, h->name);
        return NULL;
    }
    b->names = arena_alloc(o->L.a, (size_t)(b->nparams ? b->nparams : 1) * sizeof *b->names);
    struct lower_buf t = {0};
    lbuf_puts(&t, "{");
    struct ast *a = c->kid[1] ? c->kid[1]->kid[0] : NULL;
    for (int i = 0; i < b->nparams; i++, a = a->next) {
        struct ast *p = b->params[i], *dn = ast_declarator_name(p->kid[1]);
        b->names[i] = ocl_name(o, OCLN_INLINED, in->pass, in->serial,
                               arena_strndup(o->L.a, dn->name->str, dn->name->len));
        /* `T s[]`, `T s[64]`: the pointer `T *s` that the parameter is */
        struct ast *arr = p->sym->array_param ? array_of_name(p) : NULL;
        lbuf_printf(&t, " %s%s%s%s = (%s);", text_of(o, p->begin, dn->begin), arr ? "*" : "",
                    b->names[i], text_of(o, arr ? arr->end : dn->end, p->end),
                    text_of(o, a->begin, a->end));
    }
    returns_in(b, body, 0, true);
    if (b->why)
        return NULL;
    ast_walk(body, rename_visit, b);
    qsort(b->edits, (size_t)b->nedits, sizeof *b->edits, cmp_edit);
    lbuf_puts(&t, mark(o, body->begin));
    if (b->needs_do)
        lbuf_puts(&t, "do ");
    size_t at = body->begin;
    for (int i = 0; i < b->nedits; i++) {
        lbuf_puts(&t, text_of(o, at, b->edits[i].begin));
        lbuf_puts(&t, b->edits[i].text);
        at = b->edits[i].end;
    }
    lbuf_puts(&t, text_of(o, at, body->end));
    if (b->needs_do)
        lbuf_puts(&t, " while (0);");
    lbuf_puts(&t, mark(o, resume));
    lbuf_puts(&t, "}");
    return lbuf_take(&t, o->L.a);
}

/* ---- work-group functions (OpenCL C 2.0, 6.13.15) ---------------------------------------- */

/* The work-group function call c calls, or NULL. */
const char *ocl_collective(struct ocl *o, const struct ast *c)
{
    static const char *const names[] = {
        "work_group_reduce_add", "work_group_reduce_min", "work_group_reduce_max",
        "work_group_scan_inclusive_add", "work_group_scan_inclusive_min",
        "work_group_scan_inclusive_max", "work_group_scan_exclusive_add",
        "work_group_scan_exclusive_min", "work_group_scan_exclusive_max",
        "work_group_broadcast", "work_group_all", "work_group_any",
    };
    const char *b = c && c->kind == AST_CALL ? ocl_builtin_callee(o, c) : NULL;
    for (size_t i = 0; b && i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(b, names[i]))
            return names[i];
    return NULL;
}

/* The identity of a min or max scan of type t (what an exclusive scan gives item 0). */
static const char *extreme(const struct ocl_type *t, bool for_min)
{
    switch (t->kind) {   /* (the text is preprocessed already: no macros) */
    case OCL_INT: return for_min ? "2147483647" : "(-2147483647 - 1)";
    case OCL_UINT: return for_min ? "0xffffffffu" : "0u";
    case OCL_LONG: return for_min ? "0x7fffffffffffffffl" : "(-0x7fffffffffffffffl - 1)";
    case OCL_ULONG: return for_min ? "0xfffffffffffffffful" : "0ul";
    default: return for_min ? "(1.0f / 0.0f)" : "(-1.0f / 0.0f)";
    }
}

/* The block computing work-group function wg of call c into `ret`, as OpenCL C: the
 * work-items of a group run one after the other (dimension 0 fastest: the linear order of
 * the local ids) in the translation, so one __local accumulator of the kernel, updated by
 * each in turn, is the reduction, the scan, the broadcast value.  *rtype: the result's
 * type; NULL with *why set when the arguments are not what the function takes. */
static const char *collective_block(struct inl *in, struct ast *c, const char *wg,
                                    const char *ret, size_t resume, const char **rtype,
                                    const char **why)
{
    struct ocl *o = in->o;
    int nargs = 0;
    struct ast *args[4] = {0};
    for (struct ast *a = c->kid[1] ? c->kid[1]->kid[0] : NULL; a; a = a->next)
        if (nargs < 4)
            args[nargs++] = a;
        else
            nargs++;
    bool bcast = !strcmp(wg, "work_group_broadcast");
    bool logical = !strcmp(wg, "work_group_all") || !strcmp(wg, "work_group_any");
    if (bcast ? nargs < 2 || nargs > 4 : nargs != 1) {
        *why = "is given other arguments than it takes";
        return NULL;
    }
    const struct ocl_type *t = logical ? ocl_scalar(OCL_INT) : ocl_expr_type(o, args[0]);
    if (!(t->kind == OCL_INT || t->kind == OCL_UINT || t->kind == OCL_LONG ||
          t->kind == OCL_ULONG || t->kind == OCL_FLOAT || t->kind == OCL_DOUBLE)) {
        *why = "is translated for int, uint, long, ulong, float and double values only";
        return NULL;
    }
    const char *tn = ocl_type_name(o, t);
    *rtype = tn;
    const char *acc = ocl_name(o, OCLN_INLINED, in->pass, in->serial, "acc");
    const char *v = ocl_name(o, OCLN_INLINED, in->pass, in->serial, "v");
    /* the accumulator: a __local variable of the kernel */
    rewrite_insert_after(o->L.rw, in->kernel->def->kid[3]->begin + 1,
                         arena_printf(o->L.a, " __attribute__((%slocal)) %s %s;",
                                      ocl_name(o, OCLN_PREFIX), tn, acc));
    const char *first = "get_local_id(0) == 0 && get_local_id(1) == 0 && get_local_id(2) == 0";
    const char *op = strstr(wg, "_add") ? "+" : strstr(wg, "_min") ? "min" : "max";
    const char *step = *op == '+' ? arena_printf(o->L.a, "%s + %s", acc, v)
                                  : arena_printf(o->L.a, "%s(%s, %s)", op, acc, v);
    struct lower_buf b = {0};
    lbuf_printf(&b, "{ %s %s = (%s);", logical ? "int" : tn, v, text_of(o, args[0]->begin, args[0]->end));
    if (logical) {
        bool all = !strcmp(wg, "work_group_all");
        lbuf_printf(&b, " if (%s) %s = %s != 0; else %s = %s %s (%s != 0);", first, acc, v, acc,
                    acc, all ? "&&" : "||", v);
        lbuf_printf(&b, " barrier(1); %s = %s;", ret, acc);
    } else if (bcast) {
        lbuf_printf(&b, " if (get_local_id(0) == (%s)", text_of(o, args[1]->begin, args[1]->end));
        for (int d = 1; d < 3; d++)
            lbuf_printf(&b, " && get_local_id(%d) == (%s)", d,
                        d + 1 < nargs ? text_of(o, args[d + 1]->begin, args[d + 1]->end) : "0");
        lbuf_printf(&b, ") %s = %s; barrier(1); %s = %s;", acc, v, ret, acc);
    } else if (strstr(wg, "_reduce_")) {
        lbuf_printf(&b, " if (%s) %s = %s; else %s = %s; barrier(1); %s = %s;",
                    first, acc, v, acc, step, ret, acc);
    } else if (strstr(wg, "_inclusive_")) {
        lbuf_printf(&b, " if (%s) %s = %s; else %s = %s; %s = %s;", first, acc, v, acc, step,
                    ret, acc);
    } else {
        const char *id = *op == '+' ? arena_printf(o->L.a, "(%s)0", tn)
                                    : extreme(t, !strcmp(op, "min"));
        lbuf_printf(&b, " if (%s) { %s = %s; %s = %s; } else { %s = %s; %s = %s; }", first, ret,
                    id, acc, v, ret, acc, acc, step);
    }
    /* nobody writes the accumulator again before everybody has read it (barrier(1):
     * CLK_LOCAL_MEM_FENCE, the text being preprocessed already) */
    lbuf_printf(&b, " barrier(1);%s}", mark(o, resume));
    return lbuf_take(&b, o->L.a);
}

/* ---- the statements of a kernel -------------------------------------------------------- */

static void fail_at(struct inl *in, struct ast *c, const char *why)
{
    if (!in->diagnose)
        return;
    struct ocl *o = in->o;
    struct ocl_fn *h = helper_of(o, in->kernel, c);
    const char *wg = ocl_collective(o, c);
    o->cur = in->kernel;
    if (wg)
        ocl_fail(o, c, "the work-group function '%s' %s", wg, why);
    else
        ocl_fail(o, c, "'%s' holds a barrier and %s", h ? h->name : "?", why);
}

static const char *shapes =
    "(mcc inlines such a function into the kernel where it is called as a statement: "
    "'f(...);', 'x = f(...);' or 'T x = f(...);')";

/* Statement s calls call c as a whole statement: inline it there. */
static void inline_call(struct inl *in, struct ast *s, struct ast *c, struct ast *lhs,
                        struct ast *decl)
{
    struct ocl *o = in->o;
    const char *wg = ocl_collective(o, c), *rtype = NULL, *block, *ret;
    size_t resume = decl ? s->begin : s->end;
    if (wg) {
        const char *why = NULL;
        ret = ocl_name(o, OCLN_INLINED, in->pass, in->serial, "ret");
        block = collective_block(in, c, wg, ret, resume, &rtype, &why);
        in->serial++;
        if (!block) {
            fail_at(in, c, why);
            return;
        }
    } else {
        struct ocl_fn *h = helper_of(o, in->kernel, c);
        struct ast *fd = h->def->kid[1];
        bool is_void = !(fd && fd->kind == AST_DECL_POINTER) &&
                       ocl_decl_type(o, h->def->kid[0], NULL)->kind == OCL_VOID;
        ret = is_void ? NULL : ocl_name(o, OCLN_INLINED, in->pass, in->serial, "ret");
        if (is_void && (lhs || decl))
            return;   /* a void value used: the C compiler says so */
        struct body b;
        block = inlined_block(in, h, c, ret, resume, &b);
        in->serial++;
        if (in->diagnose)
            fail_at(in, c, block ? arena_printf(o->L.a, "is still called after inlining %d "
                                                "levels deep (recursion?)", OCL_INLINE_PASSES)
                                 : arena_printf(o->L.a, "cannot be inlined: %s", b.why));
        if (!block)
            return;
        rtype = ret ? return_type(o, h->def->kid[0]) : NULL;
    }
    if (in->diagnose)
        return;
    const char *rdecl = ret ? arena_printf(o->L.a, "%s %s; ", rtype, ret) : "";
    if (decl) {
        rewrite_insert_before(o->L.rw, s->begin, arena_printf(o->L.a, "%s%s", rdecl, block));
        rewrite_replace(o->L.rw, c->begin, c->end, ret);
    } else {
        const char *use = !ret ? "" : lhs ? arena_printf(o->L.a, " %s = %s;", text_of(o, lhs->begin, lhs->end), ret)
                                          : arena_printf(o->L.a, " (void)%s;", ret);
        rewrite_replace(o->L.rw, s->begin, s->end,
                        arena_printf(o->L.a, "{ %s%s%s }", rdecl, block, use));
    }
    in->done++;
}

static void inline_stmt(struct inl *in, struct ast *s);

/* A call of a helper in an expression of s that is not one of the shapes inlined. */
static void in_expression(struct inl *in, struct ast *e)
{
    struct ast *c;
    if (helper_calls(in, e, &c))
        fail_at(in, c, arena_printf(in->o->L.a, "is called inside an expression %s", shapes));
}

static void inline_declaration(struct inl *in, struct ast *s)
{
    struct ast *c;
    int n = helper_calls(in, s, &c);
    if (!n)
        return;
    if (n > 1) {
        fail_at(in, c, arena_printf(in->o->L.a, "is called twice in one declaration %s", shapes));
        return;
    }
    for (struct ast *i = s->kid[1] ? s->kid[1]->kid[0] : NULL; i; i = i->next)
        if (i->kind == AST_INIT_DECLARATOR && i->kid[1] == c) {
            inline_call(in, s, c, NULL, s);
            return;
        }
    in_expression(in, s);
}

static void inline_stmt(struct inl *in, struct ast *s)
{
    if (!s)
        return;
    switch (s->kind) {
    case AST_COMPOUND:
        for (struct ast *i = s->kid[0] ? s->kid[0]->kid[0] : NULL; i; i = i->next)
            if (i->kind == AST_DECLARATION)
                inline_declaration(in, i);
            else
                inline_stmt(in, i);
        return;
    case AST_EXPR_STMT: {
        struct ast *e = s->kid[0], *c;
        int n = helper_calls(in, e, &c);
        if (!n)
            return;
        if (n == 1 && e == c)
            inline_call(in, s, c, NULL, NULL);
        else if (n == 1 && e->kind == AST_ASSIGN && e->op == '=' && e->kid[1] == c)
            inline_call(in, s, c, e->kid[0], NULL);
        else
            in_expression(in, e);
        return;
    }
    case AST_IF:
        in_expression(in, s->kid[0]);
        inline_stmt(in, s->kid[1]);
        inline_stmt(in, s->kid[2]);
        return;
    case AST_WHILE: case AST_SWITCH:
        in_expression(in, s->kid[0]);
        inline_stmt(in, s->kid[1]);
        return;
    case AST_DO:
        inline_stmt(in, s->kid[0]);
        in_expression(in, s->kid[1]);
        return;
    case AST_FOR:
        for (int k = 0; k < 3; k++)
            in_expression(in, s->kid[k]);
        inline_stmt(in, s->kid[3]);
        return;
    case AST_LABEL: case AST_DEFAULT:
        inline_stmt(in, s->kid[0]);
        return;
    case AST_CASE:
        inline_stmt(in, s->kid[2]);
        return;
    default:
        in_expression(in, s);
        return;
    }
}

/* OpenCL C 2.0's work-item functions written with those of 1.2, which the translation
 * knows (a range is never cut into groups of other sizes: the enqueued size is the size). */
static bool wi20_visit(struct ast *n, void *arg)
{
    struct inl *in = arg;
    struct ocl *o = in->o;
    const char *b = n->kind == AST_CALL ? ocl_builtin_callee(o, n) : NULL;
    if (!b)
        return true;
    bool args = n->kid[1] && n->kid[1]->kid[0];
    if (!strcmp(b, "get_enqueued_local_size")) {
        rewrite_replace(o->L.rw, n->kid[0]->begin, n->kid[0]->end, "get_local_size");
    } else if (!strcmp(b, "get_local_linear_id") && !args) {
        rewrite_replace(o->L.rw, n->begin, n->end,
                        "((get_local_id(2) * get_local_size(1) + get_local_id(1)) * "
                        "get_local_size(0) + get_local_id(0))");
    } else if (!strcmp(b, "get_global_linear_id") && !args) {
        rewrite_replace(o->L.rw, n->begin, n->end,
                        "(((get_global_id(2) - get_global_offset(2)) * get_global_size(1) + "
                        "(get_global_id(1) - get_global_offset(1))) * get_global_size(0) + "
                        "(get_global_id(0) - get_global_offset(0)))");
    } else {
        return true;
    }
    in->done++;
    return true;
}

char *ocl_inline_helpers(struct ocl *o, int pass)
{
    struct inl in = {.o = o, .pass = pass};
    mark_barrier_helpers(o);
    for (struct ocl_fn *f = o->fns; f; f = f->next)
        ast_walk(f->def->kid[3], wi20_visit, &in);
    for (struct ocl_fn *f = o->fns; f && !in.done; f = f->next)
        if (f->kernel) {
            in.kernel = f;
            inline_stmt(&in, f->def->kid[3]);
        }
    if (!in.done)
        return NULL;
    char *t = rewrite_text(o->L.rw, 0, o->L.t->src.len);
    return t ? strdup(t) : NULL;
}

void ocl_inline_diagnose(struct ocl *o)
{
    struct inl in = {.o = o, .diagnose = true};
    mark_barrier_helpers(o);
    for (struct ocl_fn *f = o->fns; f; f = f->next)
        if (f->kernel && !f->why_not) {
            in.kernel = f;
            inline_stmt(&in, f->def->kid[3]);
        }
    o->cur = NULL;
}
