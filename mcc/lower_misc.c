/*
 * lower_misc.c - the directives that need no outlining:
 *   taskwait [noflush]         nanort_taskwait() / nanort_taskwait_noflush()
 *   taskwait on/in/out/inout   nanort_taskwait_on(...) (lower_deps.c builds the regions)
 *   barrier                    nanort_taskwait() (OMPSS.md: behaves as taskwait)
 *   taskyield                  nanort_taskyield()
 *   critical [(name)]          nanort_critical_enter before the statement, leave on any exit
 *   atomic                     a compare-and-swap loop on the expression's lvalue, any type
 *   declare reduction          remembered for reduction clauses (lower_inline.c)
 *   main                       nanort_taskwait() before every return and at the closing brace
 * A construct is replaced from its first pragma line to its end, so the replacement is
 * strictly larger than any edit inside (rewrite.c drops those and keeps the rendered text).
 */
#include "mcc.h"
#include "c.tab.h"

#include <string.h>

void misc_taskwait(struct lower *L, struct ast *pr, struct omp_directive *d)
{
    struct lower_buf b = {0};
    if (d->kind == OMP_DIR_TASKYIELD) {
        lbuf_puts(&b, "nanort_taskyield();");
    } else if (d->kind == OMP_DIR_BARRIER) {
        lbuf_puts(&b, "nanort_taskwait();");
    } else {
        deps_emit_taskwait(L, d, &b);
        if (!b.len)
            lbuf_puts(&b, omp_find_clause(d, OMP_CL_NOFLUSH) ? "nanort_taskwait_noflush();"
                                                            : "nanort_taskwait();");
    }
    rewrite_replace(L->rw, pr->begin, pr->end, lbuf_take(&b, L->a));
}

static size_t construct_begin(const struct lower_dir *d)
{
    return d->node->pragma ? d->node->pragma->begin : d->node->begin;
}

/*
 * The name lives in a variable whose cleanup leaves the section, so every way out of the
 * body (its end, return, a break/continue/goto to outside) releases it.
 */
void misc_critical(struct lower *L, struct lower_dir *d)
{
    lower_visit(L, d->node);
    const char *name = d->dir->name.text
                           ? arena_printf(L->a, "\"%s\"", d->dir->name.text) : "(const char *)0";
    char *body = rewrite_text(L->rw, d->node->begin, d->node->end);
    L->critical_used = true;
    rewrite_replace(L->rw, construct_begin(d), d->node->end,
                    arena_printf(L->a, "{ __attribute__((__cleanup__(%s))) const char *const "
                                 "nrt_cs = %s; nanort_critical_enter(nrt_cs); %s }",
                                 MISC_CRITICAL_RELEASE, name, body));
}

/* x op= e, x++, ++x, x--, --x, x = x op e, x = e op x: lvalue and the new value. */
static bool atomic_form(struct lower *L, struct ast *e, const char **lv, const char **val)
{
    static const struct { int tok; const char *op; } compound[] = {
        {ADD_ASSIGN, "+"}, {SUB_ASSIGN, "-"}, {MUL_ASSIGN, "*"}, {DIV_ASSIGN, "/"},
        {MOD_ASSIGN, "%"}, {AND_ASSIGN, "&"}, {OR_ASSIGN, "|"}, {XOR_ASSIGN, "^"},
        {LEFT_ASSIGN, "<<"}, {RIGHT_ASSIGN, ">>"},
    };
    if ((e->kind == AST_POSTFIX || e->kind == AST_UNARY) && (e->op == INC_OP || e->op == DEC_OP)) {
        *lv = lower_render(L, e->kid[0]);
        *val = e->op == INC_OP ? "nrt_o + 1" : "nrt_o - 1";
        return true;
    }
    if (e->kind != AST_ASSIGN)
        return false;
    *lv = lower_render(L, e->kid[0]);
    const char *rhs = lower_render(L, e->kid[1]);
    for (size_t i = 0; i < sizeof compound / sizeof compound[0]; i++)
        if (e->op == compound[i].tok) {
            *val = arena_printf(L->a, "nrt_o %s nrt_v", compound[i].op);
            *lv = arena_printf(L->a, "%s\x1f%s", *lv, rhs);
            return true;
        }
    struct ast *r = e->kid[1];
    if (e->op != '=' || r->kind != AST_BINARY)
        return false;
    const char *a = lower_render(L, r->kid[0]), *b = lower_render(L, r->kid[1]);
    const char *op = lower_src(L, r->kid[0]->end, r->kid[1]->begin);
    const char *x = lower_render(L, e->kid[0]);
    if (strcmp(a, x) == 0)
        *val = arena_printf(L->a, "nrt_o %s nrt_v", op);
    else if (strcmp(b, x) == 0)
        *val = arena_printf(L->a, "nrt_v %s nrt_o", op);
    else
        return false;
    *lv = arena_printf(L->a, "%s\x1f%s", x, strcmp(a, x) == 0 ? b : a);
    return true;
}

void misc_atomic(struct lower *L, struct lower_dir *d)
{
    lower_visit(L, d->node);
    struct ast *e = d->node->kid[0];
    const char *lv, *val;
    if (!e || !atomic_form(L, e, &lv, &val)) {
        struct mcc_loc at = lower_dir_loc(L, d);
        mcc_error_at(&at, "'#pragma omp atomic' needs 'x op= e', 'x++', '++x', 'x--', "
                     "'--x' or 'x = x op e'");
        return;
    }
    const char *sep = strchr(lv, '\x1f');
    const char *x = sep ? arena_strndup(L->a, lv, (size_t)(sep - lv)) : lv;
    const char *v = sep ? sep + 1 : "0";
    char *code = arena_printf(
        L->a, "{ __typeof__(%s) *nrt_p = &(%s); __typeof__(*nrt_p) nrt_v = (%s), nrt_o, nrt_n; "
        "(void)nrt_v; __atomic_load(nrt_p, &nrt_o, __ATOMIC_RELAXED); do nrt_n = %s; "
        "while (!__atomic_compare_exchange(nrt_p, &nrt_o, &nrt_n, 0, __ATOMIC_SEQ_CST, "
        "__ATOMIC_RELAXED)); }", x, x, v, val);
    rewrite_replace(L->rw, construct_begin(d), d->node->end, code);
}

void misc_declare_reduction(struct lower *L, struct omp_directive *d)
{
    if (!d->reduction || !d->reduction->id.text)
        return;
    struct lower_declred *r = arena_alloc(L->a, sizeof *r);
    r->id = d->reduction->id.text;
    r->r = d->reduction;
    r->next = L->declreds;
    L->declreds = r;
}

const struct lower_declred *misc_find_reduction(struct lower *L, const char *id)
{
    for (const struct lower_declred *r = L->declreds; r; r = r->next)
        if (strcmp(r->id, id) == 0)
            return r;
    return NULL;
}

void misc_main_return(struct lower *L, struct ast *ret)
{
    for (int k = 0; k < 4; k++)
        lower_visit(L, ret->kid[k]);
    char *text = rewrite_text(L->rw, ret->begin, ret->end);
    rewrite_replace(L->rw, ret->begin, ret->end,
                    arena_printf(L->a, "{ nanort_taskwait(); %s }", text));
}
