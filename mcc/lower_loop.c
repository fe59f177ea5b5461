/*
 * lower_loop.c - loops split into tasks: `taskloop` (task rules: firstprivate by default,
 * waits for its tasks unless nogroup) and `for` (worksharing rules, OMPSS.md
 * "Worksharing": shared by default, waits for every child of the current task unless
 * nowait).  The iteration space of the canonical loop (or of collapse(n) perfectly nested
 * loops) is numbered 0..n-1 and cut into chunks of g iterations, one task each; a task runs
 *     for (k = first; k < last; k++) { i = lo + k * step; BODY }
 * (collapsed: the variables from k by division, the innermost fastest; of a nest whose
 * inner bounds depend on outer variables, through nanort_nest_seek and _next).  grainsize,
 * num_tasks and a schedule's chunk choose g; 0 or less means the clause is absent.
 * lastprivate: the task holding iteration n-1 copies its values back; a loop variable
 * listed there gets the value it has after the sequential loop.
 */
#include "mcc.h"
#include "c.tab.h"

#include <stdlib.h>
#include <string.h>

enum { LOOP_MAX_COLLAPSE = LOWER_DIR_MAX_NEST };

/* The parts of a canonical loop: for (init var = lo; var op hi; step). */
struct loop {
    struct sym *var;
    struct ast *decl;               /* the for-init declaration, or NULL */
    const char *lo, *hi, *step;     /* C text in the parent's frame */
    int cmp;                        /* '<', '>', LE_OP... as a character: < > l g, n (!=) */
    bool pointer;                   /* the variable is a pointer: lo is kept as one */
    bool wide_unsigned;             /* ... an unsigned long (long): counted as one */
    bool outer;                     /* lo or hi names an outer loop's variable (collapse of
                                       a non-rectangular nest, nest_levels) */
    struct ast *node;               /* the `for` */
    struct ast *lo_e, *hi_e, *cond_e; /* lo's and hi's expressions, the condition */
};

static bool is_var(const struct ast *e, const struct sym *s)
{
    return e && e->kind == AST_IDENT && e->sym == s;
}

static const char *ptext(struct lower *L, struct ast *e)
{
    return lower_expr(L, lower_src(L, e->begin, e->end), NULL, 0);
}

static bool loop_init(struct lower *L, struct ast *init, struct loop *lp)
{
    if (init && init->kind == AST_DECLARATION && init->kid[1] && init->kid[1]->kid[0]) {
        struct ast *id = init->kid[1]->kid[0];
        if (!id->sym || !id->kid[1] || id->next)
            return false;
        lp->var = id->sym;
        lp->decl = init;
        lp->lo_e = id->kid[1];
        lp->lo = ptext(L, id->kid[1]);
        return true;
    }
    if (init && init->kind == AST_EXPR_STMT)
        init = init->kid[0];
    if (!init || init->kind != AST_ASSIGN || init->op != '=' || !init->kid[0] ||
        init->kid[0]->kind != AST_IDENT)
        return false;
    lp->var = init->kid[0]->sym;
    lp->lo_e = init->kid[1];
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
    lp->cmp = op == '<' ? '<' : op == '>' ? '>' : op == LE_OP ? 'l' : op == GE_OP ? 'g'
              : op == NE_OP ? 'n' : 0;
    lp->hi_e = b;
    lp->cond_e = c;
    lp->hi = ptext(L, b);
    return lp->cmp != 0;
}

/* The step of `i -= e` is -e taken as long long: negated in its own type, an unsigned e
 * (`u -= 1000000000u`, `u -= 7u`) was a huge positive step, and the loop ran no iteration. */
static const char *loop_signed_step(struct lower *L, bool minus, const char *e)
{
    return minus ? arena_printf(L->a, "-(long long)(%s)", e) : arena_printf(L->a, "(%s)", e);
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
        lp->step = loop_signed_step(L, s->op == SUB_ASSIGN, ptext(L, s->kid[1]));
        return true;
    }
    if (s && s->kind == AST_ASSIGN && s->op == '=' && is_var(s->kid[0], lp->var) &&
        s->kid[1]->kind == AST_BINARY && is_var(s->kid[1]->kid[0], lp->var) &&
        (s->kid[1]->op == '+' || s->kid[1]->op == '-')) {
        lp->step = loop_signed_step(L, s->kid[1]->op == '-', ptext(L, s->kid[1]->kid[1]));
        return true;
    }
    if (s && s->kind == AST_ASSIGN && s->op == '=' && is_var(s->kid[0], lp->var) &&
        s->kid[1]->kind == AST_BINARY && s->kid[1]->op == '+' &&
        is_var(s->kid[1]->kid[1], lp->var)) {       /* var = incr + var */
        lp->step = arena_printf(L->a, "(%s)", ptext(L, s->kid[1]->kid[0]));
        return true;
    }
    return false;
}

/* Iteration count of the loop as C text (long long).  Integers are subtracted as long
 * long (an int loop from -2e9 to 2e9 has 4e9 iterations; each bound and the step cast,
 * so that an unsigned one is no -Wsign-conversion), pointers as pointers, 64-bit unsigned
 * integers as unsigned long long: as long long, bounds on either side of 2^63 (`u <
 * (1ull << 63) + 10`) compared the wrong way, and the loop ran no iteration. */
static char *loop_count(struct lower *L, const struct loop *lp)
{
    const char *fmt;
    if (lp->wide_unsigned) {
        /* (%3$s: the step's magnitude) */
        switch (lp->cmp) {
        case '<': fmt = "(%2$s > %1$s ? (long long)((%2$s - %1$s + %3$s - 1) / %3$s) : 0)"; break;
        case 'l': fmt = "(%2$s >= %1$s ? (long long)((%2$s - %1$s) / %3$s + 1) : 0)"; break;
        case '>': fmt = "(%2$s < %1$s ? (long long)((%1$s - %2$s + %3$s - 1) / %3$s) : 0)"; break;
        default: fmt = "(%2$s <= %1$s ? (long long)((%1$s - %2$s) / %3$s + 1) : 0)"; break;
        }
        bool down = lp->cmp == '>' || lp->cmp == 'g';
        return arena_printf(L->a, fmt, arena_printf(L->a, "(unsigned long long)(%s)", lp->lo),
                            arena_printf(L->a, "(unsigned long long)(%s)", lp->hi),
                            arena_printf(L->a, "((unsigned long long)(%s(long long)(%s)))",
                                         down ? "-" : "", lp->step));
    }
    switch (lp->cmp) {
    case '<': fmt = "((%2$s) > (%1$s) ? (%4$s%2$s - %1$s%5$s + %3$s - 1) / %3$s : 0)"; break;
    case 'l': fmt = "((%2$s) >= (%1$s) ? (%4$s%2$s - %1$s%5$s) / %3$s + 1 : 0)"; break;
    case '>': fmt = "((%2$s) < (%1$s) ? (%4$s%1$s - %2$s%5$s - %3$s - 1) / -%3$s : 0)"; break;
    default: fmt = "((%2$s) <= (%1$s) ? (%4$s%1$s - %2$s%5$s) / -%3$s + 1 : 0)"; break;
    }
    const char *cast = lp->pointer ? "" : "(long long)";
    return arena_printf(L->a, fmt, arena_printf(L->a, "%s(%s)", cast, lp->lo),
                        arena_printf(L->a, "%s(%s)", cast, lp->hi),
                        arena_printf(L->a, "((long long)(%s))", lp->step),
                        lp->pointer ? "(long long)(" : "", lp->pointer ? ")" : "");
}

/* `!=` (OpenMP 5.0): the increment must be a constant 1 or -1 (gcc's rule: `1u`,
 * `(2 - 1)`, an enumeration constant, ... as gcc folds them); then it reads as `<` or `>`.
 * False when it is not. */
static bool not_equal_cond(struct lower *L, struct loop *lp, size_t at)
{
    long long v;
    if (check_integer_constant(L, at, lp->step, &v) && (v == 1 || v == -1))
        lp->cmp = v == 1 ? '<' : '>';
    return lp->cmp != 'n';
}


/* Does `text` name one of the loop variables lp[0..n)? */
struct names_use {
    const struct loop *lp;
    int n;
    const struct sym *found;
};

static const char *note_loop_var(void *arg, const char *s, size_t len)
{
    struct names_use *u = arg;
    for (int i = 0; i < u->n; i++)
        if (u->lp[i].var->name->len == len && !memcmp(u->lp[i].var->name->str, s, len))
            u->found = u->lp[i].var;
    return NULL;
}

/* (the variable named, NULL if none) */
static const struct sym *names_loop_var(struct lower *L, const char *text, const struct loop *lp,
                                        int n)
{
    struct names_use u = {lp, n, NULL};
    lower_map_idents(L, text, note_loop_var, &u);
    return u.found;
}

/* The collapse(n) count: a positive integer constant. */
static int collapse_count(const struct lower_dir *d)
{
    const struct omp_clause *c = lower_dir_find(d, OMP_CL_COLLAPSE);
    if (!c)
        return 1;
    char *end;
    long n = strtol(c->args[0].text, &end, 0);
    while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
        end++;
    if (*end || n < 1) {
        mcc_error_at(&c->args[0].loc, "'collapse' needs a positive integer constant, not '%s'",
                     c->args[0].text);
        return 0;
    }
    if (n > LOOP_MAX_COLLAPSE) {
        mcc_error_at(&c->args[0].loc, "sorry, unimplemented: collapse(%ld), more than %d loops",
                     n, LOOP_MAX_COLLAPSE);
        return 0;
    }
    return (int)n;
}

/* A loop header naming an identifier declared nowhere (`for (i = 0; i < n; i++)` without
 * i or n): gcc's "'n' undeclared" at it, rather than the canonical form the loop seems to
 * miss, or gcc's message on the generated code the bounds are copied into (true when so
 * reported). */
static bool header_undeclared(struct lower *L, struct ast *f)
{
    for (int k = 0; k < 3; k++)
        if (lower_report_undeclared(L, f->kid[k]))
            return true;
    return false;
}

/*
 * The bounds of a collapsed nest (OpenMP 5.0 "canonical loop nest form", as gcc -fopenmp
 * reads it): a bound of loop k may name one outer loop's variable v only as v, a1 * v or
 * v * a1, or one of those plus or minus a2, or a2 plus or minus one of those, where a1 and
 * a2 name no variable of the nest (casts and parentheses aside); it may name no variable
 * of loop k or of a loop inside it.  Any other form could not be counted before the nest
 * runs: nest_coefs would take `j < i * i` for `j < i` and run the wrong iterations.
 */
struct nest_form {
    struct sym *var;                /* the outer variable named, or NULL */
    int level;                      /* ... its loop */
    struct ast *a1;                 /* its multiplier, NULL for 1 */
    bool negated;                   /* a2 - term */
};

struct nest_names {
    const struct loop *lp;
    int n, level;                   /* the first of lp[0..n) named, -1 if none */
};

static bool note_nest_var(struct ast *e, void *arg)
{
    struct nest_names *u = arg;
    for (int i = 0; e->kind == AST_IDENT && i < u->n && u->level < 0; i++)
        if (e->sym && e->sym == u->lp[i].var)
            u->level = i;
    return u->level < 0;
}

/* The loop of lp[0..n) whose variable e names (the first found), or -1. */
static int nest_var_in(struct ast *e, const struct loop *lp, int n)
{
    struct nest_names u = {lp, n, -1};
    ast_walk(e, note_nest_var, &u);
    return u.level;
}

static struct ast *uncast(struct ast *e)
{
    while (e && e->kind == AST_CAST)
        e = e->kid[1];
    return e;
}

/* v, a1 * v or v * a1 with v the variable of lp[0..k) and a1 naming none of lp[0..n). */
static bool nest_term(struct ast *e, const struct loop *lp, int k, int n, struct nest_form *f)
{
    e = uncast(e);
    for (int j = 0; j < k; j++)
        if (is_var(e, lp[j].var)) {
            *f = (struct nest_form){.var = lp[j].var, .level = j};
            return true;
        }
    if (!e || e->kind != AST_BINARY || e->op != '*')
        return false;
    for (int side = 0; side < 2; side++)
        for (int j = 0; j < k; j++)
            if (is_var(uncast(e->kid[side]), lp[j].var) &&
                nest_var_in(e->kid[1 - side], lp, n) < 0) {
                *f = (struct nest_form){.var = lp[j].var, .level = j, .a1 = e->kid[1 - side]};
                return true;
            }
    return false;
}

static bool nest_bound_form(struct ast *e, const struct loop *lp, int k, int n,
                            struct nest_form *f)
{
    e = uncast(e);
    if (nest_term(e, lp, k, n, f))
        return true;
    if (!e || e->kind != AST_BINARY || (e->op != '+' && e->op != '-'))
        return false;
    for (int side = 0; side < 2; side++)
        if (nest_term(e->kid[side], lp, k, n, f) && nest_var_in(e->kid[1 - side], lp, n) < 0) {
            f->negated = e->op == '-' && side == 1;
            return true;
        }
    return false;
}

/* One bound of loop k (lo: its initializer, else its condition's); false when reported. */
static bool nest_bound_ok(struct lower *L, const struct loop *lp, int k, int n, bool lo,
                          struct nest_form *f)
{
    struct ast *e = lo ? lp[k].lo_e : lp[k].hi_e;
    memset(f, 0, sizeof *f);
    int named = e ? nest_var_in(e, lp, n) : -1;
    if (named < 0 || (named < k && nest_bound_form(e, lp, k, n, f)))
        return true;
    const struct sym *v = lp[named].var;
    struct mcc_loc at = source_user_loc(&L->t->src, lo ? e->begin : lp[k].cond_e->begin);
    if (named >= k)     /* (gcc's words, then why) */
        mcc_error_at(&at, "%s expression refers to iteration variable '%.*s', %s",
                     lo ? "initializer" : "condition", (int)v->name->len, v->name->str,
                     named == k ? "which it sets" : "of a loop inside this one");
    else
        mcc_error_at(&at, "%s expression refers to iteration variable '%.*s': in a collapsed "
                     "nest a bound may name an outer loop's variable only as 'a * %.*s + b', "
                     "with a and b naming no loop's variable (OpenMP 5.0)",
                     lo ? "initializer" : "condition", (int)v->name->len, v->name->str,
                     (int)v->name->len, v->name->str);
    return false;
}

/* f's multiplier of its variable, 0 without one; false when it is no constant. */
static bool nest_coef(struct lower *L, size_t at, const struct nest_form *f, long long *c)
{
    *c = !f->var ? 0 : 1;
    if (f->a1 && !check_integer_constant(L, at, ptext(L, f->a1), c))
        return false;
    *c = f->negated ? -*c : *c;
    return true;
}

/* The outer variable of a bound of loop k has the type of loop k's (gcc -fopenmp's rule:
 * the nest is counted in that type); false when reported. */
static bool nest_types_ok(struct lower *L, const struct loop *lp, int k,
                          const struct nest_form *f, bool lo)
{
    if (!f->var)
        return true;
    struct ck_type tk = ck_type_of_sym(L, lp[k].var), tj = ck_type_of_sym(L, f->var);
    if (tk.base != CK_INT || tj.base != CK_INT || tk.n || tj.n || tk.at == AT_UNKNOWN ||
        tj.at == AT_UNKNOWN || tk.at == tj.at)
        return true;
    struct mcc_loc at = source_user_loc(&L->t->src, (lo ? lp[k].lo_e : lp[k].hi_e)->begin);
    mcc_error_at(&at, "outer iteration variable '%.*s' used in %s expression has type other "
                 "than '%s', the type of '%.*s': the loops of a non-rectangular collapsed nest "
                 "need one type", (int)f->var->name->len, f->var->name->str,
                 lo ? "initializer" : "condition", ck_at_names[tk.at],
                 (int)lp[k].var->name->len, lp[k].var->name->str);
    return false;
}

/* The bounds of loop k of a collapsed nest of n; false when reported.
 * OpenMP 5.1 also wants the distance between the bounds to change by a multiple of the
 * loop's step from one iteration of the outer loop to the next, (a1 of hi - a1 of lo) *
 * outer step, which gcc checks when all are constants. */
static bool nest_bounds_ok(struct lower *L, const struct loop *lp, int k, int n)
{
    struct ast *f = lp[k].node;
    struct nest_form lo, hi;
    if (!nest_bound_ok(L, lp, k, n, true, &lo) || !nest_bound_ok(L, lp, k, n, false, &hi))
        return false;
    if (lo.var && hi.var && lo.var != hi.var) {
        struct mcc_loc at = source_user_loc(&L->t->src, lp[k].cond_e->begin);
        mcc_error_at(&at, "two different outer iteration variables '%.*s' and '%.*s' used in "
                     "a single loop", (int)lo.var->name->len, lo.var->name->str,
                     (int)hi.var->name->len, hi.var->name->str);
        return false;
    }
    if (!nest_types_ok(L, lp, k, &lo, true) || !nest_types_ok(L, lp, k, &hi, false))
        return false;
    long long a_lo, a_hi, step, outer;
    int j = lo.var ? lo.level : hi.level;
    if ((!lo.var && !hi.var) || !nest_coef(L, f->begin, &lo, &a_lo) ||
        !nest_coef(L, f->begin, &hi, &a_hi) ||
        !check_integer_constant(L, f->begin, lp[k].step, &step) ||
        !check_integer_constant(L, f->begin, lp[j].step, &outer) || step == 0 ||
        (a_hi - a_lo) * outer % step == 0)
        return true;
    struct mcc_loc at = source_user_loc(&L->t->src, f->kid[2]->begin);
    mcc_error_at(&at, "the step of '%.*s', %lld, does not divide %lld, by which the distance "
                 "between its bounds changes from one iteration of '%.*s' to the next: a "
                 "non-rectangular collapsed nest needs a multiple (OpenMP 5.1)",
                 (int)lp[k].var->name->len, lp[k].var->name->str, step,
                 (a_hi - a_lo) * outer, (int)lp[j].var->name->len, lp[j].var->name->str);
    return false;
}

/* The loops of d (ncol of them, perfectly nested); false after an error. */
static bool parse_nest(struct lower *L, const struct lower_dir *d, struct loop *lp, int ncol,
                       struct ast **body)
{
    struct ast *f = d->node;
    for (int k = 0; k < ncol; k++) {
        if (header_undeclared(L, f))
            return false;
        if (!loop_init(L, f->kid[0], &lp[k]) || !loop_cond(L, f->kid[1], &lp[k]) ||
            !loop_step(L, f->kid[2], &lp[k])) {
            struct mcc_loc at = source_loc(&L->t->src, f->begin);
            mcc_error_at(&at, "'#pragma omp %s' needs a loop of the form "
                         "'for (i = lo; i < hi; i += step)'", omp_directive_names[d->dir->kind]);
            return false;
        }
        long long step;
        if (check_integer_constant(L, f->begin, lp[k].step, &step) && step == 0) {
            /* (gcc: "invalid increment expression") */
            struct mcc_loc at = source_user_loc(&L->t->src, f->kid[2]->begin);
            mcc_error_at(&at, "the increment of '%.*s' is 0: the loop would never end, and "
                         "its iterations cannot be counted", (int)lp[k].var->name->len,
                         lp[k].var->name->str);
            return false;
        }
        if (lp[k].cmp == 'n' && !not_equal_cond(L, &lp[k], f->begin)) {
            struct mcc_loc at = source_loc(&L->t->src, f->kid[2]->begin);
            mcc_error_at(&at, "increment is not constant 1 or -1 for '!=' condition");
            return false;
        }
        struct ck_type vt = ck_type_of_sym(L, lp[k].var);
        enum ck_kind vk = ck_kind_of(&vt);
        if (vk != CK_UNKNOWN && vk != CK_INT && vk != CK_POINTER) {
            /* OpenMP's loop variables are integers or pointers: a double's step became
               0 in the iteration count, a long long */
            struct mcc_loc at = source_user_loc(&L->t->src, lp[k].decl && lp[k].var->declarator
                                                ? lp[k].var->declarator->begin : f->kid[0]->begin);
            mcc_error_at(&at, "invalid type for iteration variable '%.*s'",
                         (int)lp[k].var->name->len, lp[k].var->name->str);
            return false;
        }
        lp[k].pointer = lp[k].var->type == TYPE_POINTER;
        lp[k].wide_unsigned = vk == CK_INT && !vt.n &&
                              (vt.at == AT_ULONG || vt.at == AT_ULLONG);
        /* (OpenMP 5.0: lo and hi may be affine in outer variables; the step may not) */
        lp[k].outer = k > 0 && (names_loop_var(L, lp[k].lo, lp, k) ||
                                names_loop_var(L, lp[k].hi, lp, k));
        const struct sym *in_step = k > 0 ? names_loop_var(L, lp[k].step, lp, k) : NULL;
        if (in_step) {          /* (gcc's words) */
            struct mcc_loc at = source_user_loc(&L->t->src, f->kid[2]->begin);
            mcc_error_at(&at, "increment expression refers to iteration variable '%.*s'",
                         (int)in_step->name->len, in_step->name->str);
            return false;
        }
        lp[k].node = f;
        *body = f->kid[3];
        if (k + 1 < ncol && !(f = lower_dir_nested_loop(*body))) {
            struct mcc_loc at = source_user_loc(&L->t->src, (*body)->begin);
            mcc_error_at(&at, "collapse(%d) needs %d perfectly nested loops: a 'for' loop, "
                         "alone, here", ncol, ncol);
            return false;
        }
    }
    for (int k = 0; ncol > 1 && k < ncol; k++)
        if (!nest_bounds_ok(L, lp, k, ncol))
            return false;
    return true;
}

/* A team's share of a loop (lower_team_shares), as assignments to __nrt_g and __nrt_T for
 * a team of `size` members: schedule(static, c) deals chunks of c round robin, and so does
 * schedule(runtime) when run-sched-var is static with a chunk (OMP_SCHEDULE=static,3:
 * gcc's threads get those chunks; mcc dealt blocks); any other
 * schedule one balanced block to each member (dynamic and guided may give a thread any
 * iterations; the same blocks for loops of a count keep a nowait chain on the thread that
 * wrote its data, as schedule(static) promises). */
static const char *team_grain(struct lower *L, const struct lower_dir *d, const char *size)
{
    const struct omp_clause *sc = lower_dir_find(d, OMP_CL_SCHEDULE);
    if (sc && sc->sched == OMP_SCHED_STATIC && sc->nargs > 0 && sc->args[0].text)
        return arena_printf(L->a, "__nrt_g = (long long)(%s); __nrt_T = __nrt_g <= 0 ? %s : 0; ",
                            lower_expr(L, sc->args[0].text, NULL, 0), size);
    if (sc && sc->sched == OMP_SCHED_RUNTIME)
        return arena_printf(L->a, "__nrt_g = nanort_team_runtime_chunk(); __nrt_T = __nrt_g "
                            "<= 0 ? %s : 0; ", size);
    return arena_printf(L->a, "__nrt_g = __nrt_n; __nrt_T = %s; ", size);
}

/* How the iterations are cut into tasks: __nrt_T > 0 makes __nrt_T tasks of sizes that
 * differ by one at most (the first __nrt_n % __nrt_T one larger); otherwise tasks of
 * __nrt_g iterations, the last one shorter.  num_tasks(n): min(n, iterations) tasks, as
 * OpenMP says (chunks of the rounded-up iterations / n made fewer: 3 for 9 iterations and
 * num_tasks(4)); grainsize(g): iterations / g tasks, each of g to 2g - 1 iterations (the
 * chunks of g left a short last one), and with `strict:` (5.1) exactly g but the last;
 * a schedule's chunk: chunks of it, or of 1/32 of a worker's share when that is larger;
 * absent, or 0 or less: about 4 tasks per worker. */
static const char *grain_code(struct lower *L, const struct lower_dir *d, bool serial,
                              bool team)
{
    const char *dflt = "(__nrt_n + 4LL * nanort_num_workers() - 1) / (4LL * nanort_num_workers())";
    const struct omp_clause *g = lower_dir_find(d, OMP_CL_GRAINSIZE);
    const struct omp_clause *nt = lower_dir_find(d, OMP_CL_NUM_TASKS);
    const struct omp_clause *sc = lower_dir_find(d, OMP_CL_SCHEDULE);
    if (team)
        return arena_printf(L->a, "long long __nrt_g, __nrt_T; %s",
                            team_grain(L, d, "nanort_team_size()"));
    if (serial)
        return "long long __nrt_g = __nrt_n, __nrt_T = 0; ";
    /* schedule(static) without a chunk: one chunk per thread, their sizes differing by one
     * at most, as OpenMP says (approximately equal chunks, at most one per thread) and
     * libgomp cuts them; the threads are the workers, as omp_get_num_threads() says in the
     * loop.  A chunk's firstprivate and lastprivate variables carry a value across its
     * iterations (`firstprivate(k) lastprivate(k)`, k += i): with 1 worker the whole loop's,
     * as in gcc; about 4 tasks per worker gave each a quarter's. */
    if (!g && !nt && d->dir->kind == OMP_DIR_FOR && sc && sc->sched == OMP_SCHED_STATIC &&
        !(sc->nargs > 0 && sc->args[0].text))
        return arena_printf(L->a, "long long __nrt_T = nanort_num_workers(), __nrt_g = %s; ",
                            dflt);
    if (nt)
        return arena_printf(L->a, "long long __nrt_T = (long long)(%s), __nrt_g = %s; "
                            "if (__nrt_T < 0) __nrt_T = 0; ",
                            lower_expr(L, nt->args[0].text, NULL, 0), dflt);
    if (g && !g->strict)
        return arena_printf(L->a, "long long __nrt_g = (long long)(%s), __nrt_T = 0; if "
                            "(__nrt_g <= 0) __nrt_g = %s; else __nrt_T = __nrt_n / __nrt_g > 0 "
                            "? __nrt_n / __nrt_g : 1; ",
                            lower_expr(L, g->args[0].text, NULL, 0), dflt);
    if (!g && sc && sc->nargs > 0 && sc->args[0].text)
        /* a schedule's chunk is a scheduling granule, not a task: chunks much smaller than
         * the loop's share of 32 tasks per worker are joined (schedule(dynamic, 1) over 20
         * million tiny iterations made 20 million tasks, 3 times libgomp's time) */
        return arena_printf(L->a, "long long __nrt_g = (long long)(%s), __nrt_T = 0; if "
                            "(__nrt_g <= 0) __nrt_g = %s; else if (__nrt_g < __nrt_n / (32LL * "
                            "nanort_num_workers())) __nrt_g = __nrt_n / (32LL * "
                            "nanort_num_workers()); ",
                            lower_expr(L, sc->args[0].text, NULL, 0), dflt);
    if (g)
        return arena_printf(L->a, "long long __nrt_g = (long long)(%s), __nrt_T = 0; if "
                            "(__nrt_g <= 0) __nrt_g = %s; ",
                            lower_expr(L, g->args[0].text, NULL, 0), dflt);
    return arena_printf(L->a, "long long __nrt_g = %s, __nrt_T = 0; ", dflt);
}

/* The loop variable lp->var as the task's own: its capture made private (or added, for a
 * variable the body does not name, unless the for header declares it).  Returns the
 * capture, NULL when the head declares the variable. */
static struct lower_var *loop_var(struct lower *L, struct lower_var **vars, const struct loop *lp)
{
    struct lower_var *v = *vars;
    while (v && v->sym != lp->var)
        v = v->next;
    if (!v && !lp->decl && lp->var->depth > 0) {
        v = arena_alloc(L->a, sizeof *v);
        v->sym = lp->var;
        v->next = *vars;
        *vars = v;
    }
    if (v && v->share != LOWER_REDUCTION)
        v->share = LOWER_PRIVATE;
    return v;
}

/* What the loop construct's code is made of: the chunk loop of the outlined body (head),
 * the environment's members and their set-up (env, init), the creation code before the
 * chunk loop (create), the lastprivate values after it (after). */
struct loop_code {
    struct lower_buf head, env, init, create, after;
    const char *create_levels[LOOP_MAX_COLLAPSE]; /* loop k's bounds (creation code) */
    bool local;                     /* they name a type declared in the function */
    const char *inner;              /* collapse(n): the product of the counts of the loops
                                       inside the one at hand (NULL: none) */
};

/* The declaration of loop variable `var` named `name` (NULL: its own name) for the loop's
 * code; a type declared in the function is written as it is there, and the task is then
 * outlined inside the function (c->local).  NULL when it cannot be written. */
static char *loop_decl(struct lower *L, struct sym *var, const char *name, struct loop_code *c)
{
    char *t = lower_decl_text(L, var, name);
    if (t)
        return t;
    t = lower_decl_text_here(L, var, name);
    c->local |= t != NULL;
    return t;
}

/* The statements a loop construct cannot have; false when one was reported. */
static bool loop_ok(struct lower *L, struct ast *body, const char *what)
{
    if (body && body->kind == AST_PRAGMA && (body->flags & AST_PRAGMA_STANDALONE)) {
        lower_block_standalone_body(L, body);     /* for (...) #pragma omp barrier */
        return false;
    }
    return lower_block_check_branches(L, body, true,
                                      arena_printf(L->a, "a '#pragma omp %s' loop", what));
}

/* Loop k of the nest (collapse(n): the flat iteration number __nrt_k split into each loop's
 * variable, the innermost first): its bounds in the environment, its variable set in the
 * chunk loop, its value after the loop when lastprivate.  False when an error was reported. */
static bool loop_level(struct lower *L, struct lower_dir *d, struct loop *lp, int k,
                       struct ast *body, struct lower_var **vars, struct loop_code *c)
{
    struct lower_var *v = loop_var(L, vars, &lp[k]);
    char *vdecl = loop_decl(L, lp[k].var, NULL, c);
    if (!vdecl) {
        struct mcc_loc at = source_loc(&L->t->src, d->node->begin);
        mcc_error_at(&at, "sorry, unimplemented: a loop variable whose declaration defines "
                     "its type or is __auto_type (declare the type before the loop)");
        return false;
    }
    const char *var = arena_strndup(L->a, lp[k].var->name->str, lp[k].var->name->len);
    /* (a body that does not name the variable declared in the header leaves it unused) */
    const char *lhs = v ? lower_inline_alias_use(L, v, body)
                        : arena_printf(L->a, "__attribute__((__unused__)) %s", vdecl);
    const char *lo = lower_local_name(L, LL_LOOP_LO, k, NULL);
    const char *st = lower_local_name(L, LL_LOOP_STEP, k, NULL);
    const char *n = lower_local_name(L, LL_LOOP_N, k, NULL);
    /* (the value computed in long long, converted to the variable's type on purpose: no
     * -Wconversion warning) */
    const char *ty = v ? lhs : var;
    /* (a 64-bit unsigned variable's value past 2^63 is a negative lo: added as unsigned,
       with no signed overflow) */
    const char *u = lp[k].wide_unsigned ? "(unsigned long long)" : "";
    /* (computed from __nrt_k, no variable of mcc's assigned in the body's loop: gcc's
       -Wclobbered would name it when the body calls setjmp) */
    const char *q = c->inner ? arena_printf(L->a, "(__nrt_k / (%s))", c->inner) : "__nrt_k";
    if (k > 0)
        lbuf_printf(&c->head, "%s = (__typeof__(%s))(%s__nrt_e->%s + %s(%s %% "
                    "__nrt_e->%s) * %s__nrt_e->%s);\n", lhs, ty, u, lo, u, q, n, u, st);
    else
        lbuf_printf(&c->head, "%s = (__typeof__(%s))(%s__nrt_e->%s + %s%s * "
                    "%s__nrt_e->%s);\n", lhs, ty, u, lo, u, q, u, st);
    c->inner = c->inner ? arena_printf(L->a, "%s * __nrt_e->%s", c->inner, n)
                        : arena_printf(L->a, "__nrt_e->%s", n);
    /* a pointer's lo is kept as a pointer of the variable's type (the count and the
       step are numbers of elements) */
    const char *lo_decl = lp[k].pointer ? loop_decl(L, lp[k].var, lo, c)
                                        : arena_printf(L->a, "long long %s", lo);
    lbuf_printf(&c->env, "%s; long long %s, %s; ", lo_decl, st, n);
    lbuf_printf(&c->init, "__nrt_x->%s = %s; __nrt_x->%s = %s; "
                "__nrt_x->%s = %s; ", lo, lo, st, st, n, n);
    /* lo, the bound and the step evaluated once each, in the order written (`i < f()`,
     * `i < n++`: the count names them several times); outer loops' first, loop k's code
     * being made after those of the loops inside it */
    const char *hi = lower_local_name(L, LL_LOOP_HI, k, NULL);
    struct loop once = lp[k];
    once.lo = lo;
    once.hi = hi;
    once.step = st;
    c->create_levels[k] = arena_printf(L->a, "%s = %s(%s); %s %s = %s(%s); long long %s = "
                                       "(long long)(%s), %s = %s; ", lo_decl,
                                       lp[k].pointer ? "" : "(long long)", lp[k].lo,
                                       lp[k].pointer ? "__auto_type" : "long long", hi,
                                       lp[k].pointer ? "" : "(long long)", lp[k].hi, st,
                                       lp[k].step, n, loop_count(L, &once));
    if (v && v->last) {
        /* the value after the sequential loop, not the one of its last iteration */
        v->last = false;
        struct lower_buf outer = {0};
        for (int j = 0; j < k; j++)
            lbuf_printf(&outer, " && %s > 0", lower_local_name(L, LL_LOOP_N, j, NULL));
        const char *x = lower_expr(L, var, NULL, 0);
        lbuf_printf(&c->after, "if (1%s) %s = (__typeof__(%s))(%s%s + %s%s * %s%s); ",
                    outer.s ? outer.s : "", x, x, u, lo, u, n, u, st);
        free(outer.s);
    } else if (!lp[k].decl) {
        /* a loop variable declared before the loop (C89 style, or a file-scope static) is
         * private to the loop's tasks: without a use here, the creator's own would be
         * unused for gcc */
        lbuf_printf(&c->after, "(void)%s; ", lower_expr(L, var, NULL, 0));
    }
    return true;
}

/* linear(x: step): at the start of each iteration x is its value before the loop plus the
 * logical iteration number times the step (both taken when the tasks are created); its
 * value after the loop is that of the end of the last iteration (v->last).  A loop
 * variable listed is only lastprivate.  False when an error was reported. */
static bool linear_var(struct lower *L, const struct lower_dir *d, struct lower_var *v,
                       struct ast *body, struct loop_code *c)
{
    const char *x = arena_strndup(L->a, v->sym->name->str, v->sym->name->len);
    bool iteration = lower_dir_iteration_var(d, v->sym);
    if (iteration && !d->dir->simd) {
        /* (gcc's rule: only a simd loop's variable may be listed) */
        mcc_error_at(&v->linear->loc, "iteration variable '%s' should not be linear: a '%s' "
                     "loop's variable is private to it already", x,
                     omp_directive_names[d->dir->kind]);
        return false;
    }
    if (iteration)
        return true;
    const char *base = lower_local_name(L, LL_LINEAR_BASE, 0, x);
    const char *step = lower_local_name(L, LL_LINEAR_STEP, 0, x);
    /* a type declared in the function: the loop's task is outlined inside it (c->local) */
    char *decl = v->vm ? NULL : loop_decl(L, v->sym, base, c);
    if (!decl) {
        struct mcc_loc at = source_loc(&L->t->src, d->node->begin);
        mcc_error_at(&at, "sorry, unimplemented: linear '%s', whose type is variably modified "
                     "or defined by its own declaration", x);
        return false;
    }
    const char *parent = lower_expr(L, x, NULL, 0);
    const char *st = v->linear->nargs ? lower_expr(L, v->linear->args[0].text, NULL, 0) : "1";
    lbuf_printf(&c->env, "%s; long long %s; ", decl, step);
    lbuf_printf(&c->create, "long long %s = (long long)(%s); ", step, st);
    lower_inline_copy_in(L, &c->init, v, base, parent);
    lbuf_printf(&c->init, "__nrt_x->%s = %s; ", step, step);
    const char *use = lower_inline_alias_use(L, v, body);
    lbuf_printf(&c->head, "%s = (__typeof__(%s))(__nrt_e->%s + __nrt_k * __nrt_e->%s);\n",
                use, use, base, step);
    return true;
}

/* collapse(n) of a non-rectangular nest: the first value and bound of each loop as
 * coefficients of the outer loops' variables (each evaluated with those set to 0, then
 * with one of them set to 1: OpenMP allows only affine forms a * i + b there) in
 * __nrt_nest, nanort_nest_count's description; each chunk seeks its first iteration and
 * steps through the nest with nanort_nest_next into __nrt_v, from which the variables are
 * set.  False when an error was reported. */
struct nest_subst {
    const struct loop *lp;
    int n, one;                     /* lp[0..n) are 0 but lp[one], which is 1 */
};

static const char *nest_value(void *arg, const char *s, size_t len)
{
    const struct nest_subst *u = arg;
    for (int i = 0; i < u->n; i++)
        if (u->lp[i].var->name->len == len && !memcmp(u->lp[i].var->name->str, s, len))
            return i == u->one ? "(1)" : "(0)";
    return NULL;
}

/* lp[k]'s first value (hi: its bound) as the initializers of its row of __nrt_nest; a
 * bound made exclusive */
static void nest_coefs(struct lower *L, const struct loop *lp, int k, int n, bool hi,
                       struct lower_buf *out)
{
    const char *text = hi ? lp[k].hi : lp[k].lo;
    const char *adjust = !hi ? "" : lp[k].cmp == 'l' ? " + 1" : lp[k].cmp == 'g' ? " - 1" : "";
    int row = k * (2 * n + 1) + (hi ? n : 0);
    struct nest_subst zero = {lp, k, -1};
    const char *at0 = lower_map_idents(L, text, nest_value, &zero);
    lbuf_printf(out, "[%d] = (long long)(%s)%s, ", row + k, at0, adjust);
    for (int j = 0; j < k; j++) {
        struct nest_subst one = {lp, k, j};
        lbuf_printf(out, "[%d] = (long long)(%s) - (long long)(%s), ", row + j,
                    lower_map_idents(L, text, nest_value, &one), at0);
    }
}

static bool nest_levels(struct lower *L, struct lower_dir *d, struct loop *lp, int n,
                        struct ast *body, struct lower_var **vars, struct loop_code *c)
{
    int size = n * (2 * n + 1);
    lbuf_printf(&c->head, "if (__nrt_k == __nrt_e->__nrt_first) nanort_nest_seek(%d, "
                "__nrt_e->__nrt_nest, __nrt_k, __nrt_e->__nrt_v); else nanort_nest_next(%d, "
                "__nrt_e->__nrt_nest, __nrt_e->__nrt_v);\n", n, n);
    lbuf_printf(&c->env, "long long __nrt_nest[%d], __nrt_v[%d]; ", size, n);
    lbuf_puts(&c->init, "__builtin_memcpy(__nrt_x->__nrt_nest, __nrt_nest, sizeof __nrt_nest); ");
    struct lower_buf create = {0};
    lbuf_printf(&create, "long long __nrt_nest[%d] = { ", size);
    for (int k = 0; k < n; k++) {
        struct mcc_loc at = source_loc(&L->t->src, d->node->begin);
        if (lp[k].pointer) {
            mcc_error_at(&at, "sorry, unimplemented: collapse of a non-rectangular nest of "
                         "loops over pointers");
            free(create.s);
            return false;
        }
        struct lower_var *v = loop_var(L, vars, &lp[k]);
        char *vdecl = loop_decl(L, lp[k].var, NULL, c);
        if (!vdecl || (v && v->last)) {
            mcc_error_at(&at, vdecl ? "sorry, unimplemented: lastprivate of a variable of a "
                         "non-rectangular collapsed nest" : "sorry, unimplemented: a loop "
                         "variable whose declaration defines its type or is __auto_type "
                         "(declare the type before the loop)");
            free(create.s);
            return false;
        }
        const char *var = arena_strndup(L->a, lp[k].var->name->str, lp[k].var->name->len);
        const char *lhs = v ? lower_inline_alias_use(L, v, body)
                            : arena_printf(L->a, "__attribute__((__unused__)) %s", vdecl);
        lbuf_printf(&c->head, "%s = (__typeof__(%s))__nrt_e->__nrt_v[%d];\n", lhs, v ? lhs : var,
                    k);
        nest_coefs(L, lp, k, n, false, &create);
        nest_coefs(L, lp, k, n, true, &create);
        lbuf_printf(&create, "[%d] = (long long)(%s), ", k * (2 * n + 1) + 2 * n, lp[k].step);
        if (!lp[k].decl)
            lbuf_printf(&c->after, "(void)%s; ", lower_expr(L, var, NULL, 0));
    }
    lbuf_printf(&create, "}; long long __nrt_n = nanort_nest_count(%d, __nrt_nest); ", n);
    c->create_levels[0] = lbuf_take(&create, L->a);
    return true;
}

bool lower_loop_check_simd(struct lower *L, struct ast *pr, struct omp_directive *d,
                           struct ast *loop)
{
    struct lower_dir ld = { .dir = d, .node = loop };
    struct loop lp[LOOP_MAX_COLLAPSE] = {{0}};
    struct ast *body;
    int ncol = collapse_count(&ld);
    if (!ncol)
        return false;
    if (!loop || loop->kind != AST_FOR) {
        struct mcc_loc at = source_user_loc(&L->t->src, loop ? loop->begin : pr->end);
        mcc_error_at(&at, "'#pragma omp %s' must be followed by a 'for' loop",
                     d->loop ? "loop" : "simd");
        return false;
    }
    return parse_nest(L, &ld, lp, ncol, &body) && check_simd_body(L, body, d) &&
           lower_block_check_in_place(L, body, true, arena_printf(L->a, "a '#pragma omp %s' "
                                                                  "loop", d->loop ? "loop"
                                                                                  : "simd"));
}

/* A loop's variable is private to each iteration (OpenMP 5.0 2.19.1.1), lastprivate at
 * most: not firstprivate nor a reduction's (gcc: "iteration variable 'i' should not be
 * firstprivate").  False: reported. */
static bool loop_vars_unshared(const struct lower_dir *d,
                               const struct loop *lp, int ncol)
{
    for (int i = 0; i < d->dir->nclauses; i++) {
        const struct omp_clause *cl = &d->dir->clauses[i];
        if (cl->kind != OMP_CL_FIRSTPRIVATE && cl->kind != OMP_CL_REDUCTION)
            continue;
        for (int k = 0; k < cl->nrefs; k++)
            for (int j = 0; j < ncol; j++) {
                const struct omp_ref *r = cl->refs[k];
                if (r->kind != OMP_REF_NAME || lp[j].decl ||
                    !lower_name_in(lp[j].var->name->str, lp[j].var->name->len, &r->text.text, 1))
                    continue;
                mcc_error_at(&r->text.loc, "iteration variable '%s' should not be %s: each "
                             "iteration has its own (name it in 'lastprivate' for its last "
                             "value)", r->text.text, cl->kind == OMP_CL_REDUCTION
                             ? "in a reduction" : "firstprivate");
                return false;
            }
    }
    return true;
}

/* A clause naming a variable that a loop's header declares again (Rodinia's `private(i,
 * j)` before `for (int i = 0; ...)`) lists the variable outside, which the body never sees:
 * its capture is dropped (it would be a second member of that name).  Its value stays as
 * it was, as a reduction's does. */
static void drop_hidden_captures(struct lower_var **vars, const struct loop *lp, int ncol)
{
    for (struct lower_var **p = vars; *p;) {
        bool hidden = false;
        for (int j = 0; j < ncol; j++)
            hidden |= lp[j].decl && (*p)->sym != lp[j].var && (*p)->sym->name == lp[j].var->name;
        if (hidden)
            *p = (*p)->next;
        else
            p = &(*p)->next;
    }
}

/* The chunk task of a `for ordered` (or doacross) loop that a team of threads shares (in
 * an orphaned one, shared, when __nrt_ws > 1): the member it is dealt to runs it between
 * nanort_team_ordered_begin and _end, which pass the loop's order on from chunk to chunk,
 * and every member counts the loop's chunks at its last one (nanort.h). */
static char *ordered_chunk(struct lower *L, const char *task, bool shared)
{
    const char *on = shared ? "if (__nrt_ws > 1) " : "";
    return arena_printf(L->a, "if (%snanort_team_chunk(__nrt_tk)) { %snanort_team_ordered_begin("
                        "__nrt_tk); %s %snanort_team_ordered_end(__nrt_tk); } if (%s__nrt_c0 + "
                        "__nrt_len >= __nrt_n) nanort_team_ordered_done(__nrt_tk + 1);",
                        shared ? "__nrt_ws <= 1 || " : "", on, task, on,
                        shared ? "__nrt_ws > 1 && " : "");
}

void lower_loop(struct lower *L, struct lower_dir *d)
{
    int ncol = collapse_count(d);
    struct loop lp[LOOP_MAX_COLLAPSE] = {{0}};
    struct ast *body = NULL;
    const char *what = omp_directive_names[d->dir->kind];
    if (!ncol || !parse_nest(L, d, lp, ncol, &body) || !loop_ok(L, body, what) ||
        !loop_vars_unshared(d, lp, ncol) || (d->dir->simd && !check_simd_body(L, body, d->dir)))
        return;
    /* OpenMP 5.0 loop: lastprivate names only the loops' variables (gcc's error) */
    for (int i = 0; d->dir->loop && i < d->dir->nclauses; i++) {
        const struct omp_clause *cl = &d->dir->clauses[i];
        for (int k = 0; cl->kind == OMP_CL_LASTPRIVATE && k < cl->nrefs; k++) {
            bool var = false;
            for (int j = 0; j < ncol; j++)
                var |= lp[j].var && lower_name_in(lp[j].var->name->str, lp[j].var->name->len,
                                                  &cl->refs[k]->text.text, 1);
            if (!var) {
                mcc_error_at(&cl->refs[k]->text.loc, "'lastprivate' clause on a 'loop' "
                             "construct refers to a variable '%s' which is not the loop "
                             "iterator", cl->refs[k]->text.text);
                return;
            }
        }
    }
    bool serial = false, here = false;
    /* (a `for` a team of threads shares: each member runs its chunks at once) */
    bool team = lower_team_shares(L, d);
    struct lower_var *vars = lower_inline_captures(L, d, body, &serial, &here);
    drop_hidden_captures(&vars, lp, ncol);
    /* ordered: the iterations run in order, in one task (the ordered regions in them then
     * run in the loop's order, as OpenMP requires; the rest of the body is not split);
     * shared by a team of threads, each member runs its chunks, whose ordered regions wait
     * for the earlier chunks to end (ordered_chunk) */
    bool ordered = lower_dir_has(d, OMP_CL_ORDERED), in_order = serial;
    serial |= ordered;
    here |= ordered;
    /* lastprivate(conditional: x): x after the loop is the value the sequentially last
     * iteration that assigns it gave it (else its value before): the iterations run in
     * order in one task, on a copy that starts with x's value */
    /* reduction(inscan, op: x) with `#pragma omp scan` in the body: each iteration's scan
     * phase sees x combined over the input phases of the iterations up to it (inclusive)
     * or before it (exclusive), starting from x's value: the iterations run in order in
     * one task, updating x itself */
    for (int i = 0; i < d->dir->nclauses; i++) {
        const struct omp_clause *cl = &d->dir->clauses[i];
        bool conditional = cl->kind == OMP_CL_LASTPRIVATE && cl->conditional;
        bool inscan = cl->kind == OMP_CL_REDUCTION && cl->inscan;
        if (!conditional && !inscan)
            continue;
        serial = here = in_order = true;
        for (struct lower_var *v = vars; v; v = v->next)
            for (int k = 0; k < cl->nrefs; k++)
                if ((inscan || v->last) && lower_name_in(v->sym->name->str, v->sym->name->len,
                                                          &cl->refs[k]->text.text, 1)) {
                    v->share = inscan ? LOWER_SHARED : LOWER_FIRSTPRIVATE;
                    if (inscan) {
                        v->red = NULL;
                        v->red_ref = NULL;
                    }
                }
    }
    struct loop_code c = {0};
    lbuf_puts(&c.head, "for (long long __nrt_k = __nrt_e->__nrt_first; __nrt_k < __nrt_e->__nrt_last; "
              "__nrt_k++) {\n");
    lbuf_puts(&c.env, "long long __nrt_first, __nrt_last; ");
    lbuf_puts(&c.init, "__nrt_x->__nrt_first = __nrt_c0; "
              "__nrt_x->__nrt_last = __nrt_c0 + __nrt_len; ");
    bool last = false, nonrect = false;
    for (int k = 0; k < ncol; k++)
        nonrect |= lp[k].outer;
    if (nonrect && !nest_levels(L, d, lp, ncol, body, &vars, &c))
        return;
    for (int k = ncol - 1; k >= 0 && !nonrect; k--)
        if (!loop_level(L, d, lp, k, body, &vars, &c))
            return;
    for (int k = 0; k < (nonrect ? 1 : ncol); k++)
        lbuf_puts(&c.create, c.create_levels[k]);
    for (struct lower_var *v = vars; v; v = v->next) {
        last |= v->last;
        if (v->linear && !linear_var(L, d, v, body, &c))
            return;
    }
    if (last)
        lbuf_puts(&c.init, "__nrt_x->__nrt_islast = __nrt_c0 + __nrt_len >= __nrt_n; ");
    if (!nonrect) {
        lbuf_printf(&c.create, "long long __nrt_n = %s", lower_local_name(L, LL_LOOP_N, 0, NULL));
        for (int k = 1; k < ncol; k++)
            lbuf_printf(&c.create, " * %s", lower_local_name(L, LL_LOOP_N, k, NULL));
        lbuf_puts(&c.create, "; ");
    }
    /* for: the end waits for every child of the current task (OpenMP's barrier), unless
     * nowait.  taskloop: for its own tasks (and their descendants) only, unless nogroup:
     * each has a concurrent access to a byte of the creator's frame, and the wait is a
     * taskwait on that byte. */
    bool is_for = d->dir->kind == OMP_DIR_FOR;
    bool group = !is_for && !lower_dir_has(d, OMP_CL_NOGROUP) &&
                 !d->dir->oss;  /* OmpSs-2's taskloop does not wait (pragma_oss.c) */
    bool barrier = is_for && !lower_dir_has(d, OMP_CL_NOWAIT);
    /* (a nowait for whose tasks reduce into the copy of a variable each thread of the
       region has waits for them, as a taskloop does: the code after it uses the copy) */
    for (struct lower_var *v = vars; v && is_for && !barrier && !team; v = v->next)
        group |= v->waited;     /* (a team's members run their chunks at once: none) */
    /* A static schedule gives two loops of a region with as many iterations the same
     * iterations on each thread (OpenMP 4.5, 2.7.1), and codes rely on it after a nowait
     * (`for schedule(static) nowait` writing a[i], then a `for schedule(static)` reading
     * it): the chunks of such loops (also with no schedule, static in gcc) are ordered on
     * the iterations they share, each an inout region on its own (LOWER_LOOP_ITERS; the
     * chunk tasks of the region's loops are siblings).  The tasks of the second loop ran
     * before those of the first.  So are those of schedule(runtime), static when
     * OMP_SCHEDULE or omp_set_schedule() says so, and schedule(auto), which gcc runs as
     * static. */
    const struct omp_clause *sc = lower_dir_find(d, OMP_CL_SCHEDULE);
    bool iters = is_for && !d->dir->parallel && !team &&
                 (!sc || sc->sched == OMP_SCHED_STATIC || sc->sched == OMP_SCHED_RUNTIME ||
                  sc->sched == OMP_SCHED_AUTO);
    /* an orphaned `for` (no region around it in its function; not one whose iterations
     * run in order): a member of a team of threads that calls the function runs its share
     * of it, as a team's loop (nanort_team_orphan, __nrt_ws its size), with the team's
     * barrier; elsewhere, as here */
    bool shared = is_for && !d->dir->parallel && !team && !in_order && !L->region;
    /* (the clauses' expressions are evaluated once, before the loop's bounds and tasks) */
    struct lower_values values = {0};
    struct lower_extra x = {.env = lbuf_take(&c.env, L->a), .init = lbuf_take(&c.init, L->a),
                            .head = lbuf_take(&c.head, L->a),
                            .group = group ? "&__nrt_grp" : NULL, .iters = iters,
                            .here = here,
                            .local = c.local, .values = &values};
    if (team)
        x.submit = "nanort_task_submit(__nrt_t, (unsigned)NANORT_TASK_TEAM_CHUNK, 0);";
    if (shared)
        x.flags = "(__nrt_ws > 1 ? (unsigned)NANORT_TASK_TEAM_CHUNK : 0u)";
    if (shared && here)     /* (its team's one thread runs it at once: ordered) */
        x.submit = "nanort_task_submit(__nrt_t, __nrt_ws > 1 ? (unsigned)NANORT_TASK_TEAM_CHUNK "
                   ": (unsigned)NANORT_TASK_UNDEFERRED, 0);";
    char *task = lower_inline_outline(L, d, body, vars, &x);
    if ((team || shared) && ordered)
        task = ordered_chunk(L, task, shared);
    else if (team || shared)
        task = arena_printf(L->a, "if (%snanort_team_chunk(__nrt_tk)) { %s }",
                            shared ? "__nrt_ws <= 1 || " : "", task);
    if ((team || shared) && values.seeds)   /* (in a team's member: nanort_team_orphan) */
        lower_team_seeded(&values.decl, shared ? "__nrt_ws > 1" : NULL);
    const char *grain = grain_code(L, d, serial, team);
    if (shared)
        grain = arena_printf(L->a, "%sif (__nrt_ws > 1) { %s} ", grain,
                             team_grain(L, d, "__nrt_ws"));
    /* the scope a cancel binds to (nanort.h): a for's, or the taskgroup of a taskloop, around
       the creation of the tasks and the wait for them (none without a wait: the tasks would
       outlive it); a team's loop: each member's, which a cancel in any of them cancels */
    struct lower_cancel_scope cs = {"", "", ""};
    if (group || barrier)
        cs = lower_cancel_scope(L, !is_for ? "NANORT_CANCEL_TASKGROUP"
                                : lower_team_cancel_kind(L, "NANORT_CANCEL_FOR", team, shared));
    /* (task k of __nrt_T balanced ones has __nrt_bq iterations, one more while k < __nrt_br;
       in a block of their own: no declaration after the grain's statements) */
    char *code = arena_printf(
        L->a, "{ %s%s%s%s%s{ long long __nrt_bq = __nrt_T > 0 ? __nrt_n / __nrt_T : 0, "
        "__nrt_br = __nrt_T > 0 ? __nrt_n %% __nrt_T : 0; if (__nrt_g < 1) __nrt_g = 1; "
        "%sfor (long long __nrt_tk = 0, __nrt_c0 = 0, __nrt_len; __nrt_c0 < __nrt_n; "
        "__nrt_c0 += __nrt_len, __nrt_tk++) { __nrt_len = __nrt_T > 0 ? __nrt_bq + (__nrt_tk "
        "< __nrt_br) : __nrt_n - __nrt_c0 < __nrt_g ? __nrt_n - __nrt_c0 : __nrt_g; %s } }"
        "%s%s%s%s%s%s }",
        cs.decl, group ? "char __nrt_grp; " : "", values.decl.s ? values.decl.s : "",
        lower_flat(L, c.create.s),
        lower_flat(L, grain), cs.begin, task,
        values.tidy.s ? values.tidy.s : "",
        group ? " nanort_taskwait_on1(&__nrt_grp, 1);" : "",
        !barrier ? "" : team ? " nanort_team_barrier();"
        : shared ? " if (__nrt_ws > 1) nanort_team_barrier(); else nanort_taskwait();"
        : " nanort_taskwait();",
        *cs.end ? " " : "", cs.end, lower_flat(L, arena_printf(
            L->a, "%s%s", c.after.s ? c.after.s : "",
            barrier && !d->dir->parallel && L->nest ? lower_cancel_barrier(L, L->nest->up) : "")));
    free(c.create.s);
    free(values.decl.s);
    free(values.tidy.s);
    free(c.after.s);
    /* (an orphaned for: nanort_team_orphan; one whose iterations run in one task (scratch
       of its function's, an order), reached by a member of a team of threads: the first
       member to reach it runs it whole, as a single, a schedule OpenMP allows, and the team
       waits at its end unless nowait; lower_omp.c) */
    const char *orphan = shared ? lower_team_orphan_check(L, d->dir)
                         : is_for && !d->dir->parallel ? lower_spmd_orphan_check(L, d->dir) : "";
    if (*orphan && !shared)
        code = arena_printf(L->a, "{ %sif (__nrt_ws <= 1 || nanort_team_single()) %s%s }",
                            lower_team_orphan_check(L, d->dir), code,
                            barrier ? " if (__nrt_ws > 1) nanort_team_barrier();" : "");
    else if (*orphan)
        code = arena_printf(L->a, "{ %s%s }", orphan, code);
    /* (in a body run once per thread number, thread 0's run does all of it: lower_omp.c) */
    if (is_for && !team && !d->dir->parallel && L->region && L->region->spmd &&
        lower_in_region_body(L))
        code = arena_printf(L->a, "if (%s == 0) { %s }", L->region->spmd, code);
    /* `masked taskloop [filter(n)]`: the thread numbered n (0) alone creates the tasks, as
       a masked body (nanort_masked: none when the team has no such thread) */
    if (d->dir->masked) {
        const struct omp_clause *f = lower_dir_find(d, OMP_CL_FILTER);
        const char *mf = lower_local_name(L, LL_MASKED_FILTER, ++L->serial, NULL);
        code = arena_printf(L->a, "{ int %s = (int)(%s); if (nanort_masked(%s)) { %s } }", mf,
                            f ? lower_expr(L, f->args[0].text, NULL, 0) : "0", mf, code);
    }
    rewrite_replace(L->rw, lower_dir_off(d), d->node->end, code);
}
