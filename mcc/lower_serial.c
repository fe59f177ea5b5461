/*
 * lower_serial.c - final's serial clones (the serial path of lower_final.c, for whole
 * functions): after a function whose body creates tasks is lowered, in a unit that uses
 * final, its clone `f__nrt_serial` is the same code with every task, taskloop and for run
 * in place with its data-sharing honoured (lower_serial_construct), taskwaits gone and
 * calls of other clones made directly; f's entry gets
 * `if (nanort_in_final()) return f__nrt_serial(...)`.  A construct or clause the clone
 * cannot run in place leaves the function without one.
 */
#include "mcc.h"
#include "c.tab.h"

#include <stdlib.h>
#include <string.h>

/* ---- serial clones --------------------------------------------------------------------- */

struct clonable {
    struct lower *L;
    bool ok;
    bool tasks;                 /* creates tasks: worth a clone */
};

static bool chain_ok(struct clonable *c, struct ast *n)
{
    for (struct ast *pr = n->pragma; pr; pr = pr->kid[0]) {
        const struct omp_directive *d = lower_parse_pragma(c->L, pr);
        switch (d->kind) {
        case OMP_DIR_TASK: case OMP_DIR_TASKLOOP: case OMP_DIR_FOR:
            if (d->parallel || !lower_final_clauses_ok(d) || n->kind == AST_DECLARATION ||
                n->kind == AST_FUNCTION_DEF)
                return false;
            c->tasks = true;
            break;
        case OMP_DIR_TARGET:
            if (!lower_final_clauses_ok(d))
                return false;
            break;
        case OMP_DIR_CRITICAL: case OMP_DIR_ATOMIC: case OMP_DIR_SIMD:
        case OMP_DIR_DECLARE_SIMD: case OMP_DIR_DECLARE_VARIANT: case OMP_DIR_UNKNOWN:
            break;
        default:
            return false;
        }
    }
    return true;
}

static bool scan(struct ast *n, void *arg)
{
    struct clonable *c = arg;
    if (!c->ok)
        return false;
    switch (n->kind) {
    case AST_FUNCTION_DEF:          /* a GNU nested function */
        c->ok = false;
        return false;
    case AST_DECLARATION:
        /* a static local would be two objects, one per clone */
        if (n->kid[0] && (n->kid[0]->flags & (SPEC_STATIC | SPEC_THREAD_LOCAL)))
            c->ok = false;
        break;
    case AST_PRAGMA:
        if (n->flags & AST_PRAGMA_STANDALONE) {             /* a stand-alone directive */
            enum omp_directive_kind k = lower_parse_pragma(c->L, n)->kind;
            c->ok = k == OMP_DIR_TASKWAIT || k == OMP_DIR_TASKYIELD || k == OMP_DIR_BARRIER ||
                    k == OMP_DIR_FLUSH || k == OMP_DIR_DEPOBJ || k == OMP_DIR_ERROR ||
                    k == OMP_DIR_UNKNOWN;
        }
        return false;
    default:
        break;
    }
    if (n->pragma && n->kind != AST_LIST && !chain_ok(c, n))
        c->ok = false;
    return c->ok;
}

/* The parameters of a definition as call arguments ("a, b"), or NULL when they cannot be
 * passed on (variadic, unnamed, K&R). */
static const char *forward_args(struct lower *L, struct ast *def)
{
    if (def->kid[2])
        return NULL;
    struct lower_buf b = {0};
    lbuf_puts(&b, "");
    struct ast *params = ast_declarator_params(def->kid[1]);
    for (struct ast *p = params ? params->kid[0] : NULL; p; p = p->next) {
        if (p->kind == AST_PARAM && !p->sym && !p->kid[1] && p->kid[0] &&
            p->kid[0]->tclass == TYPE_VOID && !p->next && p == params->kid[0])
            break;                  /* (void) */
        if (p->kind != AST_PARAM || !p->sym) {      /* `...`, an unnamed parameter */
            free(b.s);
            return NULL;
        }
        lbuf_printf(&b, "%s%.*s", b.len ? ", " : "", (int)p->sym->name->len, p->sym->name->str);
    }
    return lbuf_take(&b, L->a);
}

static bool clonable(struct lower *L, struct ast *def, const char **args)
{
    struct ast *dn = ast_declarator_name(def->kid[1]);
    struct ast *body = def->kid[3];
    if (!dn || !body || body->kind != AST_COMPOUND || L->in_main)
        return false;
    if (!(*args = forward_args(L, def)))
        return false;
    /* (a second constructor, or a second definition of an alias, would change the program) */
    const char *head = lower_src(L, def->begin, body->begin);
    if (strstr(head, "constructor") || strstr(head, "destructor") || strstr(head, "alias") ||
        strstr(head, "weak") || strstr(head, "section") || strstr(head, "ifunc"))
        return false;
    /* (nor may it define a type its return type declares a second time) */
    struct ast *list = def->kid[0] ? def->kid[0]->kid[0] : NULL;
    for (struct ast *s = list ? list->kid[0] : NULL; s; s = s->next)
        if ((s->kind == AST_STRUCT || s->kind == AST_ENUM) && s->kid[0])
            return false;
    struct clonable c = {L, true, false};
    ast_walk(body, scan, &c);
    return c.ok && c.tasks;
}

const char *lower_serial_clone_name(struct lower *L, const struct sym *s)
{
    if (!L->clone || !s || s->kind != SYM_FUNCTION || s->depth != 0)
        return NULL;
    return lower_map_get(&L->clones, s->name);
}

/* The storage class of the clone: static (and not extern).  The clone of an inline
 * definition of external linkage, which may not name a static (lower_in_external_inline),
 * is an ordinary external function instead, named by the unit (lower_serial_function). */
static void clone_storage(struct lower *L, struct ast *specs, bool external)
{
    bool is_static = false;
    struct ast *list = specs ? specs->kid[0] : NULL;
    for (struct ast *s = list ? list->kid[0] : NULL; s; s = s->next) {
        if (s->kind == AST_SPECIFIER && (s->op == KW_EXTERN || (external && s->op == KW_INLINE)))
            rewrite_replace(L->rw, s->begin, s->end, "");
        is_static |= s->kind == AST_SPECIFIER && s->op == KW_STATIC;
    }
    if (!is_static && !external)
        rewrite_insert_before(L->rw, specs ? specs->begin : 0, "static ");
}

/* A declaration without initialisers: no code. */
static bool declares_only(const struct ast *item)
{
    if (item->kind != AST_DECLARATION)
        return false;
    for (const struct ast *d = item->kid[1] ? item->kid[1]->kid[0] : NULL; d; d = d->next)
        if (d->kind == AST_INIT_DECLARATOR && d->kid[1])
            return false;
    return true;
}

void lower_serial_function(struct lower *L, struct ast *def, int errors_before)
{
    const char *args;
    if (!L->final_used || mcc_error_count() != errors_before || !clonable(L, def, &args))
        return;
    struct ast *dn = ast_declarator_name(def->kid[1]);
    const char *name = arena_strndup(L->a, dn->name->str, dn->name->len);
    bool external = lower_in_external_inline(L);
    const char *clone = lower_name(L, LN_SERIAL, name, -1);
    if (external)
        clone = arena_printf(L->a, "%s%s", clone, lower_unit_tag(L));
    lower_map_put(L, &L->clones, dn->name, (void *)clone);
    /* The clone: the definition lowered again into an edit list of its own */
    struct rewriter *rw = L->rw;
    L->rw = rewrite_new(L->a, &L->t->src);
    L->clone = true;
    rewrite_replace(L->rw, dn->begin, dn->end, clone);
    clone_storage(L, def->kid[0], external);
    lower_visit(L, def->kid[3]);
    const char *proto = rewrite_text(L->rw, def->begin, def->kid[1]->end);
    const char *text = rewrite_text_lines(L->rw, def->begin, def->end);
    L->clone = false;
    L->rw = rw;
    rewrite_insert_before(L->rw, def->begin,
                          lower_glue(L, def->begin, arena_printf(L->a, "%s;\n", proto)));
    rewrite_insert_after(L->rw, def->end, text);
    /* the entry of the task version leads there under final */
    bool is_void = def->kid[0] && def->kid[0]->tclass == TYPE_VOID &&
                   def->kid[1]->kind == AST_DECL_FUNCTION;
    /* (on the line of the first statement, where gdb stops for `break f` as without it) */
    struct ast *items = def->kid[3]->kid[0], *i = items ? items->kid[0] : NULL;
    while (i && i->next && declares_only(i))
        i = i->next;
    size_t first = i ? i->begin : def->kid[3]->begin;
    /* (the body in a block of its own after it: its declarations stay first, for
       -Wdeclaration-after-statement) */
    rewrite_insert_after(L->rw, def->kid[3]->begin + 1, lower_glue(L, first, arena_printf(
        L->a, is_void ? " if (nanort_in_final()) { %s(%s); return; } {\n"
                      : " if (nanort_in_final()) return %s(%s); {\n", clone, args)));
    rewrite_insert_before(L->rw, def->kid[3]->end - 1, "}");
}

/* ---- constructs in a clone ----------------------------------------------------------- */

/* x as a new variable of the construct, a copy of the original (firstprivate) or not. */
static void shadow(struct lower *L, struct lower_buf *b, struct lower_buf *copies,
                   const struct lower_var *v, struct ast *body)
{
    const char *x = arena_strndup(L->a, v->sym->name->str, v->sym->name->len);
    enum type_class t = v->sym->type;
    switch (v->share) {
    case LOWER_PRIVATE:
        lbuf_printf(b, "__typeof__(%s) %s; ", x, x);
        break;
    case LOWER_FIRSTPRIVATE:
        /* (a variable the body does not change is read where it is: no copy that
           -Wshadow would warn of) */
        if (!lower_writes(body, v->sym))
            break;
        const char *fp = lower_local_name(L, LL_FIRSTPRIV, ++L->serial, NULL);
        lbuf_printf(b, "__typeof__(%s) *%s = &(%s); ", x, fp, x);
        if (t == TYPE_ARRAY || t == TYPE_NONE) {
            /* (copied after every declaration: no declaration after statements) */
            lbuf_printf(b, "__typeof__(%s) %s; ", x, x);
            lbuf_printf(copies, "__builtin_memcpy(%s, %s, sizeof %s); ",
                        lower_bytes_at(L, arena_printf(L->a, "&%s", x), false),
                        lower_bytes_at(L, fp, true), x);
        } else {
            lbuf_printf(b, "__typeof__(%s) %s = *%s; ", x, x, fp);
        }
        break;
    default:                        /* shared; reductions update the original in order */
        break;
    }
}

/* The loop variables of a loop construct's nest (collapse(n)): private. */
static void loop_vars_private(struct lower_var *vars, struct ast *f, int ncol)
{
    for (int k = 0; k < ncol && f && f->kind == AST_FOR; k++) {
        struct ast *init = f->kid[0];
        if (init && init->kind == AST_EXPR_STMT)
            init = init->kid[0];
        if (init && init->kind == AST_ASSIGN && init->kid[0] && init->kid[0]->kind == AST_IDENT)
            for (struct lower_var *v = vars; v; v = v->next)
                if (v->sym == init->kid[0]->sym)
                    v->share = LOWER_PRIVATE;
        struct ast *body = f->kid[3];
        if (body && body->kind == AST_COMPOUND && body->kid[0] && body->kid[0]->kid[0])
            body = body->kid[0]->kid[0];
        f = body;
    }
}

static int collapse_of(const struct lower_dir *d)
{
    const struct omp_clause *c = lower_dir_find(d, OMP_CL_COLLAPSE);
    int n = c && c->nargs > 0 && c->args[0].text ? atoi(c->args[0].text) : 1;
    return n > 0 ? n : 1;
}

/* The variable a for loop's init sets (`int i = lo`, `i = lo`), or NULL; *lo its value. */
static struct sym *init_var(struct ast *init, struct ast **lo)
{
    *lo = NULL;
    if (init && init->kind == AST_DECLARATION && init->kid[1] && init->kid[1]->kid[0]) {
        *lo = init->kid[1]->kid[0]->kid[1];
        return init->kid[1]->kid[0]->sym;
    }
    if (init && init->kind == AST_EXPR_STMT)
        init = init->kid[0];
    if (init && init->kind == AST_ASSIGN && init->kid[0] && init->kid[0]->kind == AST_IDENT) {
        *lo = init->kid[1];
        return init->kid[0]->sym;
    }
    return NULL;
}

static bool is_var(const struct ast *e, const struct sym *s)
{
    return e && e->kind == AST_IDENT && s && e->sym == s;
}

/* The step expression of a loop's increment (`i += e`, `i -= e`, `i = i + e`, `i = e + i`),
 * or NULL (`i++`, a form lower_loop refuses). */
static struct ast *step_expr(struct ast *s, const struct sym *v)
{
    if (!s || s->kind != AST_ASSIGN || !is_var(s->kid[0], v))
        return NULL;
    if (s->op == ADD_ASSIGN || s->op == SUB_ASSIGN)
        return s->kid[1];
    struct ast *r = s->kid[1];
    if (s->op != '=' || !r || r->kind != AST_BINARY || (r->op != '+' && r->op != '-'))
        return NULL;
    return is_var(r->kid[0], v) ? r->kid[1] : r->op == '+' && is_var(r->kid[1], v) ? r->kid[0]
                                                                                   : NULL;
}

/* The loops of a taskloop or for in a clone evaluate their first value, bound and step
 * once each, as lower_loop does, when one has an effect (`i < next_count()` ran once per
 * iteration): the bound and the step at the first test of the condition, after the first
 * value; an inner loop's first value (its init, run again for each outer iteration) at its
 * first run.  Loop k keeps them in __nrt_loK, __nrt_hiK and __nrt_stK, declared in `news`,
 * with __nrt_hsK set once they are. */
static void bounds_once(struct lower *L, struct lower_dir *d, struct lower_buf *news)
{
    struct ast *f = d->node;
    for (int k = 0; k < collapse_of(d) && f && f->kind == AST_FOR; k++) {
        struct ast *l;
        struct sym *v = init_var(f->kid[0], &l);
        struct ast *c = f->kid[1];
        if (c && c->kind == AST_EXPR_STMT)
            c = c->kid[0];
        struct ast *b = c && c->kind == AST_BINARY ? (is_var(c->kid[0], v) ? c->kid[1]
                                                      : is_var(c->kid[1], v) ? c->kid[0] : NULL)
                                                   : NULL;
        struct ast *e = step_expr(f->kid[2], v);
        if (k == 0)
            l = NULL;               /* (the outermost init runs once) */
        const char *lt = l ? lower_src(L, l->begin, l->end) : NULL;
        const char *bt = b ? lower_src(L, b->begin, b->end) : NULL;
        const char *et = e ? lower_src(L, e->begin, e->end) : NULL;
        if (b && (lower_has_effects(bt) || (et && lower_has_effects(et)) ||
                  (lt && lower_has_effects(lt)))) {
            const char *hi = lower_local_name(L, LL_LOOP_HI, k, NULL);
            const char *st = lower_local_name(L, LL_LOOP_STEP, k, NULL);
            const char *set = lower_local_name(L, LL_LOOP_SET, k, NULL);
            lbuf_printf(news, "int %s = 0; __typeof__((%s) + 0) %s; ", set, bt, hi);
            if (l) {
                const char *lo = lower_local_name(L, LL_LOOP_LO, k, NULL);
                lbuf_printf(news, "__typeof__((%s) + 0) %s; ", lt, lo);
                rewrite_insert_before(L->rw, l->begin, arena_printf(
                    L->a, "(%s ? %s : (%s = (", set, lo, lo));
                rewrite_insert_after(L->rw, l->end, ")))");
            }
            rewrite_insert_before(L->rw, b->begin, arena_printf(
                L->a, "(%s ? %s : (%s = 1, %s = (", set, hi, set, hi));
            const char *step = "";
            if (e) {
                lbuf_printf(news, "__typeof__((%s) + 0) %s; ", et, st);
                step = arena_printf(L->a, ", %s = (%s)", st, lower_expr(L, et, NULL, 0));
                rewrite_replace(L->rw, e->begin, e->end, st);
            }
            rewrite_insert_after(L->rw, b->end, arena_printf(L->a, ")%s, %s))", step, hi));
        }
        f = lower_dir_nested_loop(f->kid[3]);
    }
}

/* A task, taskloop or for in a clone: `{ new variables; the statement }` where it is. */
void lower_serial_construct(struct lower *L, struct lower_dir *d)
{
    struct lower_var *vars = lower_inline_captures(L, d, d->node, NULL, NULL);
    if (d->dir->kind != OMP_DIR_TASK)
        loop_vars_private(vars, d->node, collapse_of(d));
    struct lower_buf b = {0}, news = {0}, copies = {0};
    lbuf_puts(&b, "{ ");
    for (struct lower_var *v = vars; v; v = v->next)
        shadow(L, &news, &copies, v, d->node);
    if (d->dir->kind != OMP_DIR_TASK)
        bounds_once(L, d, &news);
    /* The new variables hide the function's own on purpose: -Wshadow is not the user's
     * to hear of, and is off for their declarations only (not for the body's own). */
    if (news.s)
        lbuf_puts(&b, lower_glue(L, lower_dir_off(d), arena_printf(
            L->a, "%s%s%s", lower_shadow_off, news.s, lower_shadow_on)));
    if (copies.s)
        lbuf_puts(&b, copies.s);
    free(news.s);
    free(copies.s);
    size_t begin = lower_body(L, d);
    lbuf_printf(&b, "%s }", rewrite_text_lines(L->rw, begin, d->node->end));
    rewrite_replace(L->rw, lower_dir_off(d), d->node->end, lbuf_take(&b, L->a));
}
