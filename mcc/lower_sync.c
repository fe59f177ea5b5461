/*
 * lower_sync.c - synchronisation, the directives that need no outlining:
 *   taskwait [noflush]         nanort_taskwait() / nanort_taskwait_noflush()
 *   taskwait on/in/out/inout   nanort_taskwait_on(...) (lower_deps.c builds the regions)
 *   barrier                    nanort_taskwait() (OMPSS.md: behaves as taskwait)
 *   taskyield                  nanort_taskyield()
 *   critical [(name)]          nanort_critical_enter before the statement, leave on any exit
 *   atomic                     a compare-and-swap loop on the expression's lvalue, any type
 *   main                       nanort_taskwait() before every return and at the closing brace
 * A construct is replaced from its first pragma line to its end, so the replacement is
 * strictly larger than any edit inside (rewrite.c drops those and keeps the rendered text).
 */
#include "mcc.h"
#include "c.tab.h"

#include <string.h>

void lower_sync_taskwait(struct lower *L, struct ast *pr, struct omp_directive *d)
{
    struct lower_buf b = {0};
    if (d->kind == OMP_DIR_TASKYIELD) {
        lbuf_puts(&b, "nanort_taskyield();");
    } else if (d->kind == OMP_DIR_BARRIER) {
        /* a barrier of a parallel region is one of its cancellation points (an orphaned
         * cancel parallel may have cancelled it) */
        /* (in the body of a region a team of threads runs: the team's) */
        if (L->region && L->region->threads)
            lbuf_puts(&b, "nanort_team_barrier();");
        else
            lbuf_printf(&b, "%snanort_taskwait(); %s", lower_spmd_orphan_check(L, d),
                        lower_cancel_barrier(L, L->nest));
    } else {
        lower_deps_emit_taskwait(L, d, &b);
        if (!b.len)
            lbuf_puts(&b, omp_find_clause(d, OMP_CL_NOFLUSH) ? "nanort_taskwait_noflush();"
                                                            : "nanort_taskwait();");
    }
    rewrite_replace(L->rw, pr->begin, pr->end, lbuf_take(&b, L->a));
}

/*
 * cancel X [if(e)] and cancellation point X: nanort_cancel (in nanort's cancel.c; 0 at
 * once unless OMP_CANCELLATION=true) cancels the region of kind X the task binds to, or
 * only asks whether it is cancelled (a cancellation point; a cancel with if(false) is one
 * too).  Closely nested in its construct (check_nesting.c), a cancelled region sends the
 * task to the end of the construct's body, a label the construct places there
 * (lower_cancel_place): the end of the task, chunk, section or parallel region.  Directly
 * in the body of a function task, the end of its task region is a return (its run
 * function does what comes after the call).  Orphaned, in a function its construct calls,
 * there is no label to go to: the region is cancelled all the same (its tasks that have
 * not started are not run).  In a serial clone (final) and in a CUDA task's statement
 * (device code) nothing is cancelled and the condition is evaluated, as with
 * OMP_CANCELLATION=false.
 */
static bool in_function_task(struct lower *L)
{
    struct ast *dn = L->fn && !L->nest ? ast_declarator_name(L->fn->kid[1]) : NULL;
    return dn && dn->name && lower_ftask_find(L, dn->name);
}

void lower_sync_cancel(struct lower *L, struct ast *pr, const struct omp_directive *d)
{
    static const char *const kinds[OMP_DIR_COUNT] = {
        [OMP_DIR_PARALLEL] = "NANORT_CANCEL_PARALLEL", [OMP_DIR_FOR] = "NANORT_CANCEL_FOR",
        [OMP_DIR_SECTIONS] = "NANORT_CANCEL_SECTIONS",
        [OMP_DIR_TASKGROUP] = "NANORT_CANCEL_TASKGROUP",
    };
    const struct omp_clause *cif = omp_find_clause(d, OMP_CL_IF);
    const char *cond = cif ? lower_expr(L, cif->args[0].text, NULL, 0) : NULL;
    const char *code;
    if (L->clone || !kinds[d->cancel_of] || (L->nest && L->nest->cuda)) {
        code = cond ? arena_printf(L->a, "(void)(%s);", cond) : ";";
    } else {
        const char *call = arena_printf(L->a, "nanort_cancel(%s, %s)", kinds[d->cancel_of],
                                        d->kind == OMP_DIR_CANCELLATION_POINT ? "0"
                                        : cond ? arena_printf(L->a, "(%s) != 0", cond) : "1");
        code = L->nest ? arena_printf(L->a, "if (%s) goto %s;", call,
                                      lower_cancel_goto(L, L->nest))
               : d->cancel_of == OMP_DIR_TASKGROUP && in_function_task(L)
                   ? arena_printf(L->a, "if (%s) return;", call)
                   : arena_printf(L->a, "(void)%s;", call);
    }
    rewrite_replace(L->rw, pr->begin, pr->end, code);
}

static size_t construct_begin(const struct lower_dir *d)
{
    return d->node->pragma ? d->node->pragma->begin : d->node->begin;
}

/*
 * The construct's slot (a static the runtime fills with its lock at the first entry) lives
 * in a variable whose cleanup leaves the section at the body's end (a return, break,
 * continue or goto out of the body is refused, as gcc -fopenmp refuses it: lower_block.c).
 * A lookup of the name at every entry and exit took 35% of a hot loop's time on 2 cores.
 * In an inline function with external linkage a static is not allowed (C11 6.7.4): there
 * the slot is automatic and each entry looks the name up once.
 */
static char *critical_section(struct lower *L, const char *name, const char *body)
{
    unsigned fl = L->fn && L->fn->kid[0] ? L->fn->kid[0]->flags : 0;
    bool extern_inline = (fl & SPEC_INLINE) && !(fl & SPEC_STATIC);
    L->critical_used = true;
    return arena_printf(L->a, "{ %s __attribute__((__cleanup__(%s))) void **const __nrt_cs = "
                        "&__nrt_csl; nanort_critical_enter_at(__nrt_cs, %s); %s }",
                        extern_inline ? "void *__nrt_csl = 0;" : "static void *__nrt_csl;",
                        LOWER_SYNC_CRITICAL_RELEASE, name, body);
}

void lower_sync_critical(struct lower *L, struct lower_dir *d)
{
    if (!lower_block_check_in_place(L, d->node, false, "a '#pragma omp critical' construct"))
        return;
    size_t begin = lower_body(L, d);
    const char *name = d->dir->name.text
                           ? arena_printf(L->a, "\"%s\"", d->dir->name.text) : "(const char *)0";
    rewrite_replace(L->rw, construct_begin(d), d->node->end,
                    critical_section(L, name, rewrite_text_lines(L->rw, begin, d->node->end)));
}

/* One atomic access: the lvalue x, the operand's text (evaluated once, before the loop),
 * and the new value as C over __nrt_o (x's old value) and __nrt_v (the operand). */
struct atomic_op {
    const char *x, *rhs, *val;
    const char *rhs2;               /* compare's second operand (__nrt_w): `x == e ? d : x` */
};

/* x op= e, x++, ++x, x--, --x, x = x op e, x = e op x.  *prefix: the new value is the
 * expression's (capture). */
static bool update_form(struct lower *L, struct ast *e, struct atomic_op *a, bool *prefix)
{
    static const struct { int tok; const char *op; } compound[] = {
        {ADD_ASSIGN, "+"}, {SUB_ASSIGN, "-"}, {MUL_ASSIGN, "*"}, {DIV_ASSIGN, "/"},
        {MOD_ASSIGN, "%"}, {AND_ASSIGN, "&"}, {OR_ASSIGN, "|"}, {XOR_ASSIGN, "^"},
        {LEFT_ASSIGN, "<<"}, {RIGHT_ASSIGN, ">>"},
    };
    *prefix = true;
    a->rhs = NULL;
    a->rhs2 = NULL;
    if ((e->kind == AST_POSTFIX || e->kind == AST_UNARY) && (e->op == INC_OP || e->op == DEC_OP)) {
        a->x = lower_render(L, e->kid[0]);
        a->val = e->op == INC_OP ? "__nrt_o + 1" : "__nrt_o - 1";
        *prefix = e->kind == AST_UNARY;
        return true;
    }
    if (e->kind != AST_ASSIGN)
        return false;
    a->x = lower_render(L, e->kid[0]);
    a->rhs = lower_render(L, e->kid[1]);
    for (size_t i = 0; i < sizeof compound / sizeof compound[0]; i++)
        if (e->op == compound[i].tok) {
            a->val = arena_printf(L->a, "__nrt_o %s __nrt_v", compound[i].op);
            return true;
        }
    struct ast *r = e->kid[1];
    if (e->op != '=' || r->kind != AST_BINARY)
        return false;
    const char *p = lower_render(L, r->kid[0]), *q = lower_render(L, r->kid[1]);
    /* the operator from its token: the text between the operands has their parentheses
     * too (`x = x + (e)`) */
    const char *op;
    switch (r->op) {
    case '+': op = "+"; break;
    case '-': op = "-"; break;
    case '*': op = "*"; break;
    case '/': op = "/"; break;
    case '%': op = "%"; break;
    case '&': op = "&"; break;
    case '|': op = "|"; break;
    case '^': op = "^"; break;
    case LEFT_OP: op = "<<"; break;
    case RIGHT_OP: op = ">>"; break;
    default: return false;
    }
    if (strcmp(p, a->x) == 0) {
        a->val = arena_printf(L->a, "__nrt_o %s __nrt_v", op);
        a->rhs = q;
    } else if (strcmp(q, a->x) == 0) {
        a->val = arena_printf(L->a, "__nrt_v %s __nrt_o", op);
        a->rhs = p;
    } else {
        return false;
    }
    return true;
}

/* v = x: the two sides. */
static bool read_form(struct lower *L, struct ast *e, const char **v, const char **x)
{
    if (!e || e->kind != AST_ASSIGN || e->op != '=')
        return false;
    *v = lower_render(L, e->kid[0]);
    *x = lower_render(L, e->kid[1]);
    return true;
}

static char *atomic_update(struct lower *L, const struct atomic_op *a, const char *capture,
                           bool capture_new);
static char *atomic_cas(struct lower *L, const struct atomic_op *a, const char *tail);

/* The condition of atomic compare (OpenMP 5.1) over x: `e < x`, `e > x`, `x < e`, `x > e`
 * (*eq false) or `x == e` (*eq true); *e gets e, *x_first whether x is on the left. */
static bool compare_cond(struct lower *L, struct ast *c, const char *x, const char **e,
                         bool *x_first, bool *eq, int *op)
{
    if (!c || c->kind != AST_BINARY || (c->op != '<' && c->op != '>' && c->op != EQ_OP))
        return false;
    const char *l = lower_render(L, c->kid[0]), *r = lower_render(L, c->kid[1]);
    *eq = c->op == EQ_OP;
    *op = c->op;
    if (!strcmp(l, x)) {
        *x_first = true;
        *e = r;
        return true;
    }
    if (!strcmp(r, x) && !*eq) {
        *x_first = false;
        *e = l;
        return true;
    }
    return false;
}

/* The new value of atomic compare: `cond ? value : x` over the old value __nrt_o. */
static bool compare_value(struct lower *L, struct atomic_op *a, struct ast *cond,
                          struct ast *value)
{
    const char *e, *v = lower_render(L, value);
    bool x_first, eq;
    int op;
    if (!compare_cond(L, cond, a->x, &e, &x_first, &eq, &op))
        return false;
    const char *o = op == '<' ? "<" : ">";
    a->rhs = e;
    a->rhs2 = NULL;
    if (eq) {                                   /* x == e ? d : x */
        a->rhs2 = v;
        a->val = "__nrt_o == __nrt_v ? __nrt_w : __nrt_o";
    } else if (strcmp(v, e) != 0) {
        return false;                           /* min/max: the value is e itself */
    } else {
        a->val = x_first ? arena_printf(L->a, "__nrt_o %s __nrt_v ? __nrt_v : __nrt_o", o)
                         : arena_printf(L->a, "__nrt_v %s __nrt_o ? __nrt_v : __nrt_o", o);
    }
    return true;
}

/* The assignment of a branch `{ e; }` (an `if`'s then or else), or NULL: OpenMP 5.1's
 * forms brace it (gcc -fopenmp: "expected '{' before 'x'" for `if (e < x) x = e;`). */
static struct ast *branch_assign(struct ast *b)
{
    if (!b || b->kind != AST_COMPOUND)
        return NULL;
    struct ast *l = b->kid[0] ? b->kid[0]->kid[0] : NULL;
    b = l && !l->next ? l : NULL;
    struct ast *as = b && b->kind == AST_EXPR_STMT ? b->kid[0] : NULL;
    return as && as->kind == AST_ASSIGN && as->op == '=' ? as : NULL;
}

/* `if (cond) { x = e; }`, its condition and its then. */
static bool compare_if(struct lower *L, struct ast *cond, struct ast *then, struct atomic_op *a)
{
    struct ast *as = branch_assign(then);
    if (!as)
        return false;
    a->x = lower_render(L, as->kid[0]);
    return compare_value(L, a, cond, as->kid[1]);
}

/* `x = cond ? e : x;` or `if (cond) { x = e; }` (the statement of atomic compare). */
static bool compare_form(struct lower *L, struct ast *s, struct atomic_op *a)
{
    struct ast *e = s && s->kind == AST_EXPR_STMT ? s->kid[0] : NULL;
    if (e && e->kind == AST_ASSIGN && e->op == '=' && e->kid[1]->kind == AST_CONDITIONAL &&
        e->kid[1]->kid[1]) {
        struct ast *c = e->kid[1];
        a->x = lower_render(L, e->kid[0]);
        return !strcmp(lower_render(L, c->kid[2]), a->x) && compare_value(L, a, c->kid[0], c->kid[1]);
    }
    return s && s->kind == AST_IF && !s->kid[2] && compare_if(L, s->kid[0], s->kid[1], a);
}

/* The else of `if (x == e) { x = d; } else { v = x; }`: v, or NULL when it is no read of
 * x (or the `if` has no else). */
static const char *else_read(struct lower *L, struct ast *s, const char *x)
{
    struct ast *as = s && s->kind == AST_IF ? branch_assign(s->kid[2]) : NULL;
    const char *v, *xr;
    return as && read_form(L, as, &v, &xr) && !strcmp(xr, x) ? v : NULL;
}

/* The forms of atomic compare capture (OpenMP 5.1) that keep the comparison's result
 * rather than x: `if (x == e) { x = d; } else { v = x; }` and `{ r = x == e; if (r) {
 * x = d; } [else { v = x; }] }`.  r gets whether x was e; v gets x when it was not. */
static char *compare_result_capture(struct lower *L, struct ast *s)
{
    struct atomic_op a = {0};
    const char *r = NULL;
    struct ast *cond = s->kind == AST_IF ? s->kid[0] : NULL, *ifs = s;
    if (s->kind == AST_COMPOUND) {                  /* { r = x == e; if (r) ... } */
        struct ast *l = s->kid[0] ? s->kid[0]->kid[0] : NULL;
        struct ast *re = l && l->kind == AST_EXPR_STMT ? l->kid[0] : NULL;
        if (!re || !l->next || l->next->next || l->next->kind != AST_IF ||
            re->kind != AST_ASSIGN || re->op != '=')
            return NULL;
        ifs = l->next;
        r = lower_render(L, re->kid[0]);
        if (ifs->kid[0]->kind != AST_IDENT || strcmp(lower_render(L, ifs->kid[0]), r) != 0)
            return NULL;
        cond = re->kid[1];
    } else if (!cond || !s->kid[2]) {
        return NULL;
    }
    if (!compare_if(L, cond, ifs->kid[1], &a) || !a.rhs2)
        return NULL;                                /* (only x == e) */
    const char *v = ifs->kid[2] ? else_read(L, ifs, a.x) : NULL;
    if (ifs->kid[2] && !v)
        return NULL;
    return atomic_cas(L, &a, arena_printf(L->a, "%s%s%s%s%s", r ? r : "",
                                          r ? " = __nrt_o == __nrt_v; " : "",
                                          v ? "if (!(__nrt_o == __nrt_v)) " : "", v ? v : "",
                                          v ? " = __nrt_o;" : ""));
}

/* atomic compare capture: `{ v = x; cond-update }` (the old value) or `{ cond-update
 * v = x; }` (the new one). */
static char *compare_capture(struct lower *L, struct ast *s, struct atomic_op *a)
{
    struct ast *l = s->kind == AST_COMPOUND && s->kid[0] ? s->kid[0]->kid[0] : NULL;
    if (!l || !l->next || l->next->next)
        return NULL;
    const char *v, *x;
    if (l->kind == AST_EXPR_STMT && read_form(L, l->kid[0], &v, &x) &&
        compare_form(L, l->next, a) && !strcmp(a->x, x))
        return atomic_update(L, a, v, false);
    if (l->next->kind == AST_EXPR_STMT && read_form(L, l->next->kid[0], &v, &x) &&
        compare_form(L, l, a) && !strcmp(a->x, x))
        return atomic_update(L, a, v, true);
    return NULL;
}

/* A compare-and-swap loop computing the new value; `capture` gets __nrt_o or __nrt_new.
 * (The new value is cast to x's type: `c++` on a char computes an int, -Wconversion.)  The
 * old and new values are of x's type without its qualifiers (`((void)0, x)` is no lvalue):
 * a volatile copy made gcc warn that __atomic_load "discards 'volatile' qualifier". */
static char *atomic_update(struct lower *L, const struct atomic_op *a, const char *capture,
                           bool capture_new)
{
    return atomic_cas(L, a, capture ? arena_printf(L->a, "%s = %s;", capture, capture_new
                                                   ? "__nrt_new" : "__nrt_o") : "");
}

/* The loop itself; `tail`, code after it, reads __nrt_o and __nrt_new. */
static char *atomic_cas(struct lower *L, const struct atomic_op *a, const char *tail)
{
    const char *rhs = a->rhs ? a->rhs : "0";
    const char *w = a->rhs2 ? arena_printf(L->a, " __typeof__(%s) __nrt_w = (%s);", a->rhs2,
                                           a->rhs2) : "";
    return arena_printf(
        L->a, "{ __typeof__(%s) *__nrt_p = &(%s); __typeof__(%s) __nrt_v = (%s);%s "
        "__typeof__(((void)0, *__nrt_p)) __nrt_o, __nrt_new; (void)__nrt_v; "
        "__atomic_load(__nrt_p, &__nrt_o, "
        LOWER_ATOMIC_RELAXED "); do __nrt_new = (__typeof__(__nrt_new))(%s); while "
        "(!__atomic_compare_exchange(__nrt_p, &__nrt_o, &__nrt_new, 0, " LOWER_ATOMIC_SEQ_CST
        ", " LOWER_ATOMIC_RELAXED "));%s%s }", a->x, a->x, rhs, rhs, w, a->val,
        *tail ? " " : "", tail);
}

/* The capture forms: v = x++ (and the other update forms), { v = x; update }, { update;
 * v = x }, { v = x; x = e } (capture and write). */
static char *atomic_capture(struct lower *L, struct ast *s)
{
    struct atomic_op a = {0};
    bool prefix;
    const char *v, *x;
    if (s->kind == AST_EXPR_STMT) {
        struct ast *e = s->kid[0];
        if (!e || e->kind != AST_ASSIGN || e->op != '=' || !update_form(L, e->kid[1], &a, &prefix))
            return NULL;
        return atomic_update(L, &a, lower_render(L, e->kid[0]), prefix);
    }
    struct ast *l = s->kind == AST_COMPOUND && s->kid[0] ? s->kid[0]->kid[0] : NULL;
    if (!l || !l->next || l->next->next || l->kind != AST_EXPR_STMT ||
        l->next->kind != AST_EXPR_STMT)
        return NULL;
    struct ast *e1 = l->kid[0], *e2 = l->next->kid[0];
    if (read_form(L, e1, &v, &x) && e2 && update_form(L, e2, &a, &prefix) &&
        strcmp(a.x, x) == 0)
        return atomic_update(L, &a, v, false);
    if (read_form(L, e1, &v, &x) && e2 && e2->kind == AST_ASSIGN && e2->op == '=' &&
        strcmp(lower_render(L, e2->kid[0]), x) == 0) {
        a = (struct atomic_op){x, lower_render(L, e2->kid[1]), "__nrt_v", NULL};
        return atomic_update(L, &a, v, false);
    }
    if (e1 && update_form(L, e1, &a, &prefix) && read_form(L, e2, &v, &x) &&
        strcmp(a.x, x) == 0)
        return atomic_update(L, &a, v, true);
    return NULL;
}

/* ---- the types of an atomic statement's operands ---------------------------------------- */

/* What a non-scalar operand is, in words; NULL for a scalar or a type mcc cannot tell.  A
 * value (not an object the atomic accesses) is converted: an array is a pointer. */
static const char *not_scalar(struct lower *L, const struct ast *e, bool value,
                              struct ck_type *t)
{
    if (!check_expression_type(L, e->begin, e->end, t))
        return NULL;
    if (value)
        *t = ck_decay(t);
    switch (ck_kind_of(t)) {
    case CK_STRUCT: return "a struct or union";
    case CK_ARRAY: return "an array";
    case CK_VOID: return "void";
    case CK_FUNCTION: return "a function";
    default: return NULL;
    }
}

/* Operand e of an atomic statement: a scalar, as gcc -fopenmp requires ("invalid
 * expression type for '#pragma omp atomic'"); false after the error. */
static bool scalar_operand(struct lower *L, const struct ast *e, bool value,
                           struct ck_type *t)
{
    const char *what = not_scalar(L, e, value, t);
    if (!what)
        return true;
    struct mcc_loc at = source_user_loc(&L->t->src, e->begin);
    mcc_error_at(&at, "invalid expression type for '#pragma omp atomic': '%s' is %s, not a "
                 "scalar", lower_src(L, e->begin, e->end), what);
    return false;
}

/* Is r, the right side of `=`, an object the atomic reads (`v = x`), rather than a value?
 * Not told apart here: any lvalue name, member or element is taken as one. */
static bool read_side(const struct ast *r)
{
    return r->kind == AST_IDENT || r->kind == AST_MEMBER || r->kind == AST_SUBSCRIPT ||
           (r->kind == AST_UNARY && r->op == '*');
}

/* Is e, an operand the atomic stores to (x of an update or write, v of a read or capture),
 * an object the program may modify?  gcc -fopenmp: "lvalue required", "assignment of
 * read-only variable"; the lowering's `&(3)` or store through a pointer to const gave
 * gcc's messages, or a mere warning, in generated code.  False after the error. */
static bool modifiable_operand(struct lower *L, const struct ast *e, const struct ck_type *t)
{
    const char *what = !t->lvalue ? "not an lvalue (an object the atomic can store to)"
                       : !t->n && t->base_const ? "read-only (const)" : NULL;
    if (!what || ck_kind_of(t) == CK_UNKNOWN)
        return true;
    struct mcc_loc at = source_user_loc(&L->t->src, e->begin);
    mcc_error_at(&at, "'%s' in '#pragma omp atomic' is %s", lower_src(L, e->begin, e->end),
                 what);
    return false;
}

/* The operator of an update e (`x op= e`, `x = x op e`), or NULL. */
static const char *update_operator(const struct ast *e)
{
    int op = e->op;
    if (e->kind == AST_ASSIGN && op == '=' && e->kid[1]->kind == AST_BINARY)
        op = e->kid[1]->op;
    else if (e->kind != AST_ASSIGN)
        return NULL;
    switch (op) {
    case ADD_ASSIGN: case '+': return "+";
    case SUB_ASSIGN: case '-': return "-";
    case MUL_ASSIGN: case '*': return "*";
    case DIV_ASSIGN: case '/': return "/";
    case MOD_ASSIGN: case '%': return "%";
    case AND_ASSIGN: case '&': return "&";
    case OR_ASSIGN: case '|': return "|";
    case XOR_ASSIGN: case '^': return "^";
    case LEFT_ASSIGN: case LEFT_OP: return "<<";
    case RIGHT_ASSIGN: case RIGHT_OP: return ">>";
    default: return NULL;
    }
}

/* The operator of an update e that only integers have (`x %= e`, `x = x << e`, `&`, `|`,
 * `^`, `>>`), or NULL. */
static const char *integer_operator(const struct ast *e)
{
    const char *op = update_operator(e);
    return op && strchr("+-*/", op[0]) == NULL ? op : NULL;
}

/* An update of a pointer x: only `+` and `-` of an integer move it (`p += n`); any other
 * operator, or `p += 1.5`, gave gcc's "invalid operands to binary *" in the lowering's
 * loop, at a column past the statement. */
static bool pointer_operands(struct lower *L, const struct ast *e, const struct ck_type *x,
                             const struct ck_type *v)
{
    const char *op = update_operator(e);
    if (!op || ck_kind_of(x) != CK_POINTER)
        return true;
    const struct ast *side = e->kid[0];
    const char *why = "is a pointer: only '+' and '-' of an integer update one";
    if (op[0] == '+' || op[0] == '-') {
        if (e->op == '=' || ck_kind_of(v) == CK_INT || ck_kind_of(v) == CK_UNKNOWN)
            return true;        /* (x = x + e: e's type is not v, that of x + e) */
        side = e->kid[1];
        why = "is not an integer, which is what moves a pointer";
    }
    struct mcc_loc at = source_user_loc(&L->t->src, side->begin);
    mcc_error_at(&at, "invalid operands to '%s' in '#pragma omp atomic': '%s' %s", op,
                 lower_src(L, side->begin, side->end), why);
    return false;
}

/* An update of e by an operator of integers (integer_operator) whose operand x or v is
 * floating or complex: gcc found "invalid operands to binary %" in the generated loop. */
static bool integer_operands(struct lower *L, const struct ast *e, const struct ck_type *x,
                             const struct ck_type *v)
{
    const char *op = integer_operator(e);
    const struct ck_type *bad = !op ? NULL
                                : ck_kind_of(x) == CK_FLOAT || x->complex ? x
                                : ck_kind_of(v) == CK_FLOAT || v->complex ? v : NULL;
    if (!bad)
        return true;
    const struct ast *side = bad == x ? e->kid[0] : e->kid[1];
    struct mcc_loc at = source_user_loc(&L->t->src, side->begin);
    mcc_error_at(&at, "invalid operands to '%s' in '#pragma omp atomic': '%s' has %s type, "
                 "not an integer one", op, lower_src(L, side->begin, side->end),
                 bad->complex ? "a complex" : "a floating");
    return false;
}

/* The operands of the updates and assignments in e (`x op= e`, `x = e`, `v = x`,
 * `v = x++`, ...): scalars, and what `=` stores converts to its target as an assignment
 * does.  Left to gcc otherwise, the lowering's code gave its messages at columns past the
 * statement ("invalid operands to binary +", "initialization of 'int' from 'char *'"). */
static bool atomic_operands(struct lower *L, const struct ast *e)
{
    struct ck_type x, v;
    if (!e)
        return true;
    if ((e->kind == AST_POSTFIX || e->kind == AST_UNARY) && (e->op == INC_OP || e->op == DEC_OP))
        return scalar_operand(L, e->kid[0], false, &x) && modifiable_operand(L, e->kid[0], &x);
    if (e->kind != AST_ASSIGN)
        return true;
    if (!scalar_operand(L, e->kid[0], false, &x) || !modifiable_operand(L, e->kid[0], &x))
        return false;
    const struct ast *r = e->kid[1];
    if (r->kind == AST_ASSIGN || ((r->kind == AST_POSTFIX || r->kind == AST_UNARY) &&
                                  (r->op == INC_OP || r->op == DEC_OP)))
        return atomic_operands(L, r);
    if (!scalar_operand(L, r, e->op != '=' || !read_side(r), &v) ||
        !integer_operands(L, e, &x, &v) || !pointer_operands(L, e, &x, &v))
        return false;
    struct ck c = { .L = L, .quiet = true };
    if (e->op != '=' || ck_kind_of(&x) == CK_UNKNOWN || ck_kind_of(&v) == CK_UNKNOWN ||
        ck_argument_pass(&c, &x, &v) == CK_PASS_OK)
        return true;
    struct mcc_loc at = source_user_loc(&L->t->src, r->begin);
    mcc_error_at(&at, "incompatible types in '#pragma omp atomic': '%s' cannot be assigned to "
                 "'%s'", lower_src(L, r->begin, r->end), lower_src(L, e->kid[0]->begin,
                                                                     e->kid[0]->end));
    return false;
}

/* Does the atomic statement s access a bit-field?  One has no address and no
 * __typeof__, which the compare-and-swap needs: the statement then runs as written under
 * the one lock of such atomics, as gcc -fopenmp runs it (GOMP_atomic_start). */
static bool bitfield_access(struct lower *L, const struct ast *s)
{
    struct ck_type t;
    if (!s)
        return false;
    if (s->kind == AST_LIST) {
        for (const struct ast *i = s->kid[0]; i; i = i->next)
            if (bitfield_access(L, i))
                return true;
        return false;
    }
    if (s->kind == AST_MEMBER && check_expression_type(L, s->begin, s->end, &t) && t.bitfield)
        return true;
    for (int k = 0; k < 4; k++)
        if (bitfield_access(L, s->kid[k]))
            return true;
    return false;
}

/* The statement of an atomic: an expression statement, or a block of two (capture).  Its
 * names first: the lowering moves its operands into code where gcc's columns would be
 * past the statement. */
static bool atomic_types(struct lower *L, struct ast *s)
{
    if (lower_report_undeclared(L, s))
        return false;
    if (s->kind == AST_EXPR_STMT)
        return atomic_operands(L, s->kid[0]);
    if (s->kind != AST_COMPOUND || !s->kid[0])
        return true;
    for (const struct ast *i = s->kid[0]->kid[0]; i; i = i->next)
        if (i->kind == AST_EXPR_STMT && !atomic_operands(L, i->kid[0]))
            return false;
    return true;
}

/*
 * atomic [read | write | update | capture]: read `v = x` loads x atomically, write `x = e`
 * stores, update (the default) and capture are a compare-and-swap loop on x of any type
 * (pointers too: `p += 3`), capture also assigning x's old or new value to v.
 */
void lower_sync_atomic(struct lower *L, struct lower_dir *d)
{
    lower_visit(L, d->node);
    struct ast *s = d->node, *e = s->kind == AST_EXPR_STMT ? s->kid[0] : NULL;
    char *code = NULL;
    const char *need;
    const char *v, *x;
    struct atomic_op a = {0};
    bool prefix;
    if (lower_dir_has(d, OMP_CL_READ)) {
        need = "'v = x'";
        if (read_form(L, e, &v, &x))
            code = arena_printf(L->a, "{ __typeof__(((void)0, %s)) __nrt_o; "
                                "__atomic_load(&(%s), &__nrt_o, " LOWER_ATOMIC_SEQ_CST
                                "); %s = __nrt_o; }", x, x, v);
    } else if (lower_dir_has(d, OMP_CL_WRITE)) {
        need = "'x = e'";
        if (read_form(L, e, &x, &v))
            code = arena_printf(L->a, "{ __typeof__(((void)0, %s)) __nrt_new = (%s); "
                                "__atomic_store(&(%s), &__nrt_new, " LOWER_ATOMIC_SEQ_CST "); }",
                                x, v, x);
    } else if (lower_dir_has(d, OMP_CL_COMPARE)) {
        need = lower_dir_has(d, OMP_CL_CAPTURE)
               ? "'{ v = x; if (e < x) { x = e; } }' or '{ if (x == e) { x = d; } v = x; }' "
                 "(a compare statement and a read of x, either order), 'if (x == e) { x = d; "
                 "} else { v = x; }' or '{ r = x == e; if (r) { x = d; } }' (else { v = x; } "
                 "optional)"
               : "'if (e < x) { x = e; }', 'if (x == e) { x = d; }', 'x = e > x ? e : x' or "
                 "'x = x == e ? d : x' (with < or >, x on either side)";
        struct atomic_op c = {0};
        if (lower_dir_has(d, OMP_CL_CAPTURE)) {
            code = compare_capture(L, s, &c);
            if (!code && (code = compare_result_capture(L, s)))
                c.rhs2 = "";                    /* (always x == e) */
        } else if (compare_form(L, s, &c)) {
            code = atomic_update(L, &c, NULL, false);
        }
        /* weak: the compare may fail though x was e, which only the outcome of an equality
           compare reports (OpenMP 5.1 2.19.7; gcc: "'weak' clause requires atomic equality
           comparison") */
        if (code && d->dir->weak && !c.rhs2) {
            mcc_error_at(check_word_loc(d->dir), "'weak' clause requires an equality "
                         "comparison ('x == e') in '#pragma omp atomic compare', not '<' or '>'");
            return;
        }
    } else if (lower_dir_has(d, OMP_CL_CAPTURE)) {
        need = "'v = x++', 'v = x op= e' (and the other update forms) or a block "
               "'{ v = x; x op= e; }' / '{ x op= e; v = x; }' / '{ v = x; x = e; }'";
        code = atomic_capture(L, s);
    } else {
        need = "'x op= e', 'x++', '++x', 'x--', '--x' or 'x = x op e'";
        if (e && update_form(L, e, &a, &prefix))
            code = atomic_update(L, &a, NULL, false);
    }
    if (!code) {
        struct mcc_loc at = lower_dir_loc(L, d);
        mcc_error_at(&at, "'#pragma omp atomic' needs %s", need);
        return;
    }
    if (!atomic_types(L, s))
        return;
    struct ck_type xt;
    if (lower_dir_has(d, OMP_CL_READ) && check_expression_type(L, e->kid[1]->begin,
                                                                 e->kid[1]->end, &xt) &&
        ck_kind_of(&xt) != CK_UNKNOWN && !xt.lvalue) {
        /* v = x reads the object x: `v = y + 1` has none (gcc: "lvalue required") */
        struct mcc_loc at = source_user_loc(&L->t->src, e->kid[1]->begin);
        mcc_error_at(&at, "'%s' in '#pragma omp atomic read' is not an lvalue (an object the "
                     "atomic can read)", lower_src(L, e->kid[1]->begin, e->kid[1]->end));
        return;
    }
    if (bitfield_access(L, s))
        code = critical_section(L, "\"__nrt_atomic_bitfield\"",
                                rewrite_text_lines(L->rw, d->node->begin, d->node->end));
    /* (on the statement's own line: its pragma line is gone, chain_dir dropped it; its
       locals, __nrt_new ..., may have the names of those of the code around it, a taskloop's:
       -Wshadow is not told of them, inside its block, which may be followed by an `else`) */
    size_t n = strlen(code);
    if (code[0] == '{' && code[n - 1] == '}')
        code = arena_printf(L->a, "{%s%.*s%s}", lower_glue(L, d->node->begin, lower_shadow_off),
                            (int)(n - 2), code + 1, lower_glue(L, d->node->begin, lower_shadow_on));
    rewrite_replace(L->rw, d->node->begin, d->node->end, code);
}

void lower_sync_main_return(struct lower *L, struct ast *ret)
{
    for (int k = 0; k < 4; k++)
        lower_visit(L, ret->kid[k]);
    char *text = rewrite_text_lines(L->rw, ret->begin, ret->end);
    rewrite_replace(L->rw, ret->begin, ret->end,
                    arena_printf(L->a, "{ nanort_taskwait(); %s }", text));
}
