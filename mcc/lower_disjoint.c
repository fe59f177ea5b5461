/*
 * lower_disjoint.c - whether the iterations of a loop write disjoint elements: every write
 * the body of a for or taskloop makes into (or through) a variable lands on elements that
 * no other iteration writes.  lower_inline.c asks it of a variable private to each thread
 * of a parallel region that a worksharing loop writes through (a pointer the region
 * copied, an array indexed by the thread's number): with disjoint writes the loop's tasks
 * may run at once, as the threads of the team would; otherwise they run as one task.
 *
 * A write's element is reached from its variable through steps: subscripts, members, `->`,
 * `*` of the pointer plus offsets, casts.  Each subscript is taken to stay in its array's
 * bounds, so that two writes of the same steps reach one element only with equal indexes.
 * An index (a subscript, or the offsets added to a pointer) determines iteration variables
 * of the loop nest when it is
 *   - the variable itself: a[i], dst[y][x] under collapse(2);
 *   - X * S + R (the terms in any order, S * X too), where S is invariant in the loop
 *     (constants, and locals whose address is never taken, that the loop does not write)
 *     and R is provably in [0, S): constants below a constant S, or a counter plus
 *     constants, the counter one of a for statement around the write (or of the nest) that
 *     runs from a non-negative start (built from constants and counters, also of loops
 *     around the construct: LU's j from k + 1) while below S (or S - c, or a constant that
 *     fits) and is each iteration's own.  Such a value tells X and R apart, and X then determines what
 *     it determines: A[i*n + j] with j counting 0..n-1, A[(i*ny + j)*nz + k], A[k*n + i] with
 *     the loop's i below n, A[i*N + j] under collapse(2) with j below N.
 * The writes through one variable are disjoint between iterations when all have the same
 * steps, and the indexes of some steps have one form in every write and together determine
 * every iteration variable.  Not: A[i*n + j] and A[j*n + i] in one body, A[i + k] with k an
 * inner counter, A[i*n + k] with k counting to 2n, dst[y][0] under collapse(2).
 * A step through a pointer loaded on the way (rows[i][k] with `double **rows`, w->a[i])
 * starts again from that pointer: two slots may hold one pointer, so the steps before it
 * must reach one slot in every write (w->a, rows[0]: invariant indexes), and only the
 * steps after it tell elements apart.
 *
 * Pointers may share storage (lower_disjoint_aliased, lower_disjoint_reads_others): an
 * assignment or initialization anywhere in the function joins a pointer with what its value
 * points into (`q = p + 1`, `r = rows[0]`, `q = at(p, 1)`).  A loop may write through only
 * one of a group, and, where the storage is each thread's own in OpenMP (set in the region
 * by malloc or another call, an array of the region; in an orphaned loop also what a
 * parameter points to), read it only at the elements it writes; a nowait loop may not
 * leave it to the region's code after it while its tasks run (lower_disjoint_used_after).
 */
#include "mcc.h"
#include "c.tab.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { DJ_MAX_LOOPS = 32, DJ_MAX_STEPS = 16, DJ_MAX_TERMS = 16, DJ_MAX_DEPTH = 8 };

struct dj {
    struct lower *L;
    const struct lower_dir *d;
    struct ast *body;
    lower_disjoint_own_fn *own;
    void *arg;
    int nouter;                     /* chain[0..nouter): for statements around the loop */
    int nnest;                      /* chain[nouter..+nnest): the loop nest's own */
    struct ast *chain[DJ_MAX_LOOPS];/* ... then the for statements around the write */
    int nchain;
    int depth;                      /* of nonneg()'s recursion */
};

/* ---- values ------------------------------------------------------------------------- */

/* The value of an integer constant expression made of literals and + - * / (false for
 * anything else, a division by zero). */
static bool int_const(struct dj *j, const struct ast *e, long long *v)
{
    long long a, b;
    if (!e)
        return false;
    switch (e->kind) {
    case AST_CONSTANT: {
        const char *t = j->L->text + e->begin;
        if (*t < '0' || *t > '9')
            return false;
        char *end;
        *v = (long long)strtoull(t, &end, 0);
        while (end < j->L->text + e->end && strchr("uUlL", *end))
            end++;
        return end == j->L->text + e->end;
    }
    case AST_UNARY:
        if ((e->op != '-' && e->op != '+') || !int_const(j, e->kid[0], &a))
            return false;
        *v = e->op == '-' ? -a : a;
        return true;
    case AST_BINARY:
        if (!int_const(j, e->kid[0], &a) || !int_const(j, e->kid[1], &b))
            return false;
        switch (e->op) {
        case '+': *v = a + b; return true;
        case '-': *v = a - b; return true;
        case '*': *v = a * b; return true;
        case '/': if (!b) return false; *v = a / b; return true;
        default: return false;
        }
    default:
        return false;
    }
}

static bool address_visit(struct ast *n, void *arg)
{
    const struct sym **s = arg;
    if (*s && n->kind == AST_UNARY && n->op == '&' && lower_lvalue_root(n->kid[0]) == *s)
        *s = NULL;
    return *s != NULL;
}

/* Is s a local whose value only assignments to its name change: no `&s` in the function
 * (a pointer could change it behind the loop's back), declared outside the loop? */
static bool plain_local(struct dj *j, const struct sym *s)
{
    if (!s || (s->kind != SYM_OBJECT && s->kind != SYM_PARAM) || s->storage != STORAGE_LOCAL ||
        s->type != TYPE_SCALAR || !s->declarator ||
        (s->declarator->begin >= j->d->node->begin && s->declarator->begin < j->d->node->end))
        return false;
    const struct sym *want = s;
    ast_walk(j->L->fn, address_visit, &want);
    return want != NULL;
}

/* Does e have one value for the whole loop: constants, enumerators, sizeof, and plain
 * locals the loop (headers and body) does not write, combined by arithmetic? */
static bool invariant(struct dj *j, const struct ast *e)
{
    if (!e)
        return false;
    switch (e->kind) {
    case AST_CONSTANT: case AST_SIZEOF:
        return true;
    case AST_IDENT:
        return e->sym && (e->sym->kind == SYM_ENUM_CONST ||
                          (plain_local(j, e->sym) && !lower_writes(j->d->node, e->sym)));
    case AST_UNARY:
        return (e->op == '-' || e->op == '+' || e->op == '~') && invariant(j, e->kid[0]);
    case AST_BINARY:
        return e->op != ',' && e->op != AND_OP && e->op != OR_OP &&
               invariant(j, e->kid[0]) && invariant(j, e->kid[1]);
    default:
        return false;
    }
}

/* Are a and b the same invariant expression (the same constant value, or the same tree)? */
static bool same(struct dj *j, const struct ast *a, const struct ast *b)
{
    long long x, y;
    if (int_const(j, a, &x) && int_const(j, b, &y))
        return x == y;
    if (!a || !b || a->kind != b->kind || a->op != b->op)
        return false;
    switch (a->kind) {
    case AST_IDENT:
        return a->sym && a->sym == b->sym;
    case AST_UNARY:
        return same(j, a->kid[0], b->kid[0]);
    case AST_BINARY:
        return same(j, a->kid[0], b->kid[0]) && same(j, a->kid[1], b->kid[1]);
    default:
        return false;
    }
}

/* The invariant expression e in a canonical spelling (the forms of writes compared). */
static void spell(struct dj *j, struct lower_buf *b, const struct ast *e)
{
    long long v;
    if (int_const(j, e, &v))
        lbuf_printf(b, "%lld", v);
    else if (e->kind == AST_IDENT)
        lbuf_printf(b, "%.*s@%p", (int)e->sym->name->len, e->sym->name->str, (void *)e->sym);
    else if (e->kind == AST_UNARY) {
        lbuf_printf(b, "(%c", e->op);
        spell(j, b, e->kid[0]);
        lbuf_puts(b, ")");
    } else if (e->kind == AST_BINARY) {
        lbuf_puts(b, "(");
        spell(j, b, e->kid[0]);
        lbuf_printf(b, " %d ", e->op);
        spell(j, b, e->kid[1]);
        lbuf_puts(b, ")");
    } else {
        lbuf_printf(b, "<%s %zu>", ast_kind_names[e->kind], e->begin);
    }
}

/* ---- counters ----------------------------------------------------------------------- */

/* What is known of a counter where the write is: it is >= lo, and <= hi (hi_strict: < hi). */
struct range {
    const struct ast *lo, *hi;
    bool hi_strict, lo_strict;
};

static bool is_var(const struct ast *e, const struct sym *s)
{
    return e && e->kind == AST_IDENT && e->sym == s;
}

/* The initial value the init of a for statement gives s. */
static const struct ast *for_init(const struct ast *init, const struct sym *s)
{
    if (init && init->kind == AST_DECLARATION && init->kid[1] && init->kid[1]->kid[0] &&
        init->kid[1]->kid[0]->sym == s)
        return init->kid[1]->kid[0]->kid[1];
    if (init && init->kind == AST_EXPR_STMT)
        init = init->kid[0];
    return init && init->kind == AST_ASSIGN && init->op == '=' && is_var(init->kid[0], s)
               ? init->kid[1] : NULL;
}

/* +1 when the step of a for statement only raises s (s++, s += 2, s = s + 1), -1 when it
 * only lowers it, 0 otherwise. */
static int for_direction(struct dj *j, const struct ast *step, const struct sym *s)
{
    long long c;
    if (!step)
        return 0;
    if ((step->kind == AST_POSTFIX || step->kind == AST_UNARY) && is_var(step->kid[0], s))
        return step->op == INC_OP ? 1 : step->op == DEC_OP ? -1 : 0;
    if (step->kind != AST_ASSIGN || !is_var(step->kid[0], s))
        return 0;
    const struct ast *r = step->kid[1];
    if ((step->op == ADD_ASSIGN || step->op == SUB_ASSIGN) && int_const(j, r, &c) && c > 0)
        return step->op == ADD_ASSIGN ? 1 : -1;
    if (step->op != '=' || !r || r->kind != AST_BINARY || (r->op != '+' && r->op != '-'))
        return 0;
    if (is_var(r->kid[0], s) && int_const(j, r->kid[1], &c) && c > 0)
        return r->op == '+' ? 1 : -1;
    if (r->op == '+' && is_var(r->kid[1], s) && int_const(j, r->kid[0], &c) && c > 0)
        return 1;
    return 0;
}

/* The bound a condition of a for statement puts on s from above (up) or below, looking
 * through `&&`: `s < e`, `s <= e`, `e > s`, `e >= s` (and the mirror images below). */
static bool cond_bound(const struct ast *c, const struct sym *s, bool up,
                       const struct ast **e, bool *strict)
{
    if (!c || c->kind != AST_BINARY)
        return false;
    if (c->op == AND_OP)
        return cond_bound(c->kid[0], s, up, e, strict) || cond_bound(c->kid[1], s, up, e, strict);
    bool lt = c->op == '<' || c->op == LE_OP, gt = c->op == '>' || c->op == GE_OP;
    if (!lt && !gt)
        return false;
    *strict = c->op == '<' || c->op == '>';
    /* s < e bounds s from above; e < s from below */
    if (is_var(c->kid[0], s) && !is_var(c->kid[1], s) && (lt == up)) {
        *e = c->kid[1];
        return true;
    }
    if (is_var(c->kid[1], s) && !is_var(c->kid[0], s) && (gt == up)) {
        *e = c->kid[0];
        return true;
    }
    return false;
}

/* The range of the counter s where the write is, from the innermost for statement of
 * chain[0..upto) that counts with it: one whose body (and condition) does not write s,
 * whose step only moves it one way, and whose condition bounds it on that side.  With
 * `outer` false, not a loop around the construct (a task may run after its counter moved
 * on: only where it starts, what it may never go below, holds). */
static bool counter_range(struct dj *j, const struct sym *s, int upto, bool outer,
                          struct range *r, int *at)
{
    for (int k = upto - 1; k >= 0; k--) {
        struct ast *f = j->chain[k];
        if (lower_dir_for_var(f->kid[0]) != s)
            continue;
        if ((k < j->nouter && !outer) ||
            (k >= j->nouter + j->nnest && !j->own(j->arg, s)))
            return false;           /* another task may change it */
        const struct ast *init = for_init(f->kid[0], s);
        int dir = for_direction(j, f->kid[2], s);
        if (!init || !dir || lower_writes(f->kid[3], s) || lower_writes(f->kid[1], s))
            return false;
        const struct ast *e;
        bool strict;
        if (!cond_bound(f->kid[1], s, dir > 0, &e, &strict))
            return false;
        *r = dir > 0 ? (struct range){init, e, strict, false} : (struct range){e, init, false, strict};
        *at = k;
        return true;
    }
    return false;
}

/* Is e >= 0 wherever chain[0..upto) are the loops around it: non-negative constants, and
 * sums, products, quotients and remainders of such and of counters that start there? */
static bool nonneg(struct dj *j, const struct ast *e, int upto)
{
    long long v;
    if (int_const(j, e, &v))
        return v >= 0;
    if (!e || j->depth > DJ_MAX_DEPTH)
        return false;
    bool ok = false;
    j->depth++;
    if (e->kind == AST_SIZEOF) {
        ok = true;
    } else if (e->kind == AST_BINARY && (e->op == '+' || e->op == '*' || e->op == '/')) {
        ok = nonneg(j, e->kid[0], upto) && nonneg(j, e->kid[1], upto);
    } else if (e->kind == AST_BINARY && e->op == '%') {
        ok = nonneg(j, e->kid[0], upto);
    } else if (e->kind == AST_IDENT && e->sym) {
        struct range r;
        int at;
        ok = counter_range(j, e->sym, upto, true, &r, &at) &&
             (r.lo_strict ? int_const(j, r.lo, &v) ? v >= -1 : nonneg(j, r.lo, at)
                          : nonneg(j, r.lo, at));
    }
    j->depth--;
    return ok;
}

/* Is hi + add <= s (hi an invariant bound, add a constant)? */
static bool fits_below(struct dj *j, const struct ast *hi, long long add, const struct ast *s)
{
    long long h, sv, a;
    if (int_const(j, hi, &h) && int_const(j, s, &sv))
        return h + add <= sv;
    if (same(j, hi, s))
        return add <= 0;
    return hi->kind == AST_BINARY && hi->op == '-' && same(j, hi->kid[0], s) &&
           int_const(j, hi->kid[1], &a) && add <= a;
}

/* Is the sum of the terms rest[0..n) in [0, s), s invariant? */
static bool in_stride(struct dj *j, const struct ast *const *rest, int n, const struct ast *s)
{
    long long c = 0, v;
    const struct ast *counter = NULL;
    for (int k = 0; k < n; k++) {
        if (int_const(j, rest[k], &v) && v >= 0)
            c += v;
        else if (!counter && rest[k]->kind == AST_IDENT)
            counter = rest[k];
        else
            return false;
    }
    if (!counter) {
        long long sv;
        return int_const(j, s, &sv) && c < sv;
    }
    struct range r;
    int at;
    if (!counter_range(j, counter->sym, j->nchain, false, &r, &at) ||
        !(r.lo_strict ? int_const(j, r.lo, &v) && v >= -1 : nonneg(j, r.lo, at)))
        return false;
    /* counter <= hi - strict, so counter + c < s when hi + c + 1 - strict <= s */
    return fits_below(j, r.hi, c + 1 - r.hi_strict, s);
}

/* ---- indexes ------------------------------------------------------------------------ */

/* The operands of e's chain of the operator op (`a + b + c`: a, b, c) after t[0..n): their
 * new number (-1: too many). */
static int operands_of(const struct ast *e, int op, const struct ast **t, int n)
{
    if (e && e->kind == AST_BINARY && e->op == op)
        return operands_of(e->kid[1], op, t, operands_of(e->kid[0], op, t, n));
    if (n >= 0 && n < DJ_MAX_TERMS)
        t[n++] = e;
    else
        n = -1;
    return n;
}

static int terms_of(const struct ast *e, const struct ast **t, int n)
{
    return operands_of(e, '+', t, n);
}

/* The nest's loop (0: the construct's own) whose iteration variable e is, or -1. */
static int nest_var(const struct dj *j, const struct ast *e)
{
    for (int k = 0; e && e->kind == AST_IDENT && k < j->nnest; k++)
        if (lower_dir_for_var(j->chain[j->nouter + k]->kid[0]) == e->sym)
            return k;
    return -1;
}

/* The product e with one factor the same as s taken out (`z * nx * ny` without nx:
 * `z * ny`), or NULL when s is no factor of it. */
static const struct ast *without_factor(struct dj *j, const struct ast *e, const struct ast *s)
{
    if (!e || e->kind != AST_BINARY || e->op != '*')
        return NULL;
    for (int f = 0; f < 2; f++) {
        if (same(j, e->kid[f], s))
            return e->kid[1 - f];
        const struct ast *r = without_factor(j, e->kid[f], s);
        if (r) {
            struct ast *m = arena_alloc(j->L->a, sizeof *m);
            *m = *e;
            m->kid[f] = (struct ast *)r;
            return m;
        }
    }
    return NULL;
}

/* The terms of t[0..n) that are multiples of s, each divided by s, into xt (their terms),
 * the others into rest: x + y*nx + z*nx*ny with s = nx is (y + z*ny) * nx + x.  The
 * number of xt's terms (-1: too many); *nr the number of rest's. */
static int multiples_of(struct dj *j, const struct ast *const *t, int n, const struct ast *s,
                        const struct ast **xt, const struct ast **rest, int *nr)
{
    int nx = 0;
    *nr = 0;
    for (int k = 0; k < n && nx >= 0; k++) {
        const struct ast *q = without_factor(j, t[k], s);
        if (q)
            nx = terms_of(q, xt, nx);
        else
            rest[(*nr)++] = t[k];
    }
    return nx;
}

/* Which iteration variables of the nest (bit k: chain[k]'s) the sum of the terms t[0..n)
 * determines, with the form that does it in *b (nothing: none). */
static unsigned determined(struct dj *j, const struct ast *const *t, int n, struct lower_buf *b)
{
    int v = n == 1 ? nest_var(j, t[0]) : -1;
    if (v >= 0) {
        lbuf_printf(b, "v%d", v);
        return 1u << v;
    }
    /* X * S + R: try each product among the terms, each factor of it as S */
    for (int m = 0; m < n; m++) {
        if (t[m]->kind != AST_BINARY || t[m]->op != '*')
            continue;
        const struct ast *rest[DJ_MAX_TERMS];
        int nr = 0;
        for (int k = 0; k < n; k++)
            if (k != m)
                rest[nr++] = t[k];
        for (int f = 0; f < 2; f++) {
            const struct ast *x = t[m]->kid[f], *s = t[m]->kid[1 - f];
            if (!invariant(j, s) || !in_stride(j, rest, nr, s))
                continue;
            const struct ast *xt[DJ_MAX_TERMS];
            int nx = terms_of(x, xt, 0);
            struct lower_buf xb = {0};
            unsigned got = nx > 0 ? determined(j, xt, nx, &xb) : 0;
            int r = nr == 1 ? nest_var(j, rest[0]) : -1;
            if (got || r >= 0) {
                lbuf_printf(b, "(%s)*", xb.s ? xb.s : "_");
                spell(j, b, s);
                if (r >= 0)
                    lbuf_printf(b, "+v%d", r);
            }
            free(xb.s);
            if (got || r >= 0)
                return got | (r >= 0 ? 1u << r : 0);
        }
    }
    /* X * S + R with X the sum of the terms that are multiples of S (the flat index of
     * Rodinia's hotspot3D, x + y*nx + z*nx*ny: (y + z*ny)*nx + x, and y + z*ny is
     * z*ny + y), S a factor of one of them */
    if (j->depth > DJ_MAX_DEPTH)
        return 0;
    for (int m = 0; m < n; m++) {
        const struct ast *fs[DJ_MAX_TERMS];
        int nf = t[m]->kind == AST_BINARY && t[m]->op == '*' ? operands_of(t[m], '*', fs, 0) : 0;
        for (int f = 0; f < nf; f++) {
            const struct ast *xt[DJ_MAX_TERMS], *rest[DJ_MAX_TERMS];
            int nr, nx = multiples_of(j, t, n, fs[f], xt, rest, &nr);
            if (nx <= 0 || !invariant(j, fs[f]) || !in_stride(j, rest, nr, fs[f]))
                continue;
            struct lower_buf xb = {0};
            j->depth++;
            unsigned got = determined(j, xt, nx, &xb);
            j->depth--;
            int r = nr == 1 ? nest_var(j, rest[0]) : -1;
            if (got || r >= 0) {
                lbuf_printf(b, "(%s)*", xb.s ? xb.s : "_");
                spell(j, b, fs[f]);
                if (r >= 0)
                    lbuf_printf(b, "+v%d", r);
            }
            free(xb.s);
            if (got || r >= 0)
                return got | (r >= 0 ? 1u << r : 0);
        }
    }
    return 0;
}

/* One step from a write's variable toward its element. */
struct step {
    char kind;                      /* '[' subscript, '.' member, '>' ->, '*' deref, '(' cast */
    const struct ast *index;        /* '[': the subscript */
    const struct ast *offsets[DJ_MAX_TERMS];   /* '*': the offsets added to the pointer */
    int noffsets;
    const char *what;               /* member name, cast type, for the shape */
    struct name *member;            /* '.', '>': the member */
};

struct path {
    const struct sym *root;
    struct step steps[DJ_MAX_STEPS];
    int n;
};

const struct sym *lower_disjoint_root(const struct ast *e)
{
    while (e) {
        switch (e->kind) {
        case AST_IDENT:
            return e->sym && (e->sym->type == TYPE_POINTER || e->sym->type == TYPE_ARRAY)
                       ? e->sym : NULL;
        case AST_SUBSCRIPT: case AST_MEMBER: case AST_UNARY:
            if (e->kind == AST_UNARY && e->op != '*')
                return NULL;
            e = e->kid[0];
            break;
        case AST_CAST:
            e = e->kid[1];
            break;
        case AST_BINARY: {
            if (e->op != '+' && e->op != '-')
                return NULL;
            const struct sym *a = lower_disjoint_root(e->kid[0]);
            const struct sym *b = e->op == '+' ? lower_disjoint_root(e->kid[1]) : NULL;
            return a && b ? NULL : a ? a : b;
        }
        default:
            return NULL;
        }
    }
    return NULL;
}

/* The steps of the lvalue e from its variable (outermost step last); false when e is no
 * such chain (a call's result, pointer differences). */
static bool path_of(struct dj *j, const struct ast *e, struct path *p)
{
    p->n = 0;
    while (e && e->kind != AST_IDENT) {
        if (p->n == DJ_MAX_STEPS)
            return false;
        struct step *st = &p->steps[p->n++];
        memset(st, 0, sizeof *st);
        if (e->kind == AST_SUBSCRIPT) {
            *st = (struct step){.kind = '[', .index = e->kid[1]};
            e = e->kid[0];
        } else if (e->kind == AST_MEMBER) {
            *st = (struct step){.kind = e->op == '.' ? '.' : '>', .member = e->name,
                                .what = arena_strndup(j->L->a, e->name->str, e->name->len)};
            e = e->kid[0];
        } else if (e->kind == AST_CAST) {
            *st = (struct step){.kind = '(', .what = lower_src(j->L, e->kid[0]->begin,
                                                                e->kid[0]->end)};
            e = e->kid[1];
        } else if (e->kind == AST_UNARY && e->op == '*') {
            st->kind = '*';
            e = e->kid[0];
            const struct sym *root = lower_disjoint_root(e);
            /* the pointer plus offsets: the side that is the pointer goes on */
            while (e && e->kind == AST_BINARY && e->op == '+' && root) {
                int side = lower_disjoint_root(e->kid[0]) == root ? 0 : 1;
                int n = terms_of(e->kid[1 - side], st->offsets, st->noffsets);
                if (n < 0)
                    return false;
                st->noffsets = n;
                e = e->kid[side];
            }
        } else {
            return false;
        }
    }
    p->root = e ? e->sym : NULL;
    return p->root != NULL;
}

/* The step of p nearest its element (p->steps[0] is) that goes through a pointer the steps
 * before it loaded from memory: a subscript, `*` or `->` whose operand is (or, its type not
 * known, may be) a pointer other than the variable's own value (`rows[i][k]` with `double
 * **rows`, `w->a[i]`, `*cells[i]`); p->n when none.  Two slots may hold one pointer
 * (`rows[i] = store` for every i): what the steps before it index tells the slots apart,
 * not the elements. */
static int first_load(struct dj *j, const struct path *p)
{
    struct ck_type t = ck_type_of_sym(j->L, (struct sym *)p->root);
    int load = p->n;
    for (int k = p->n - 1; k >= 0; k--) {
        const struct step *st = &p->steps[k];
        if (k < p->n - 1 && st->kind != '.' && st->kind != '(' && ck_kind_of(&t) != CK_ARRAY)
            load = k;
        if (st->kind == '[' || st->kind == '*' || st->kind == '>')
            t = ck_inner_type(&t);
        if (st->kind == '.' || st->kind == '>') {
            struct ck_type m;
            struct ast *members = !t.n && t.base == CK_STRUCT && t.tag
                                  ? ck_struct_members(j->L, t.tag) : NULL;
            t = members && ck_find_member(j->L, members, st->member, &m, 0) == 1
                ? m : ck_unknown_type(true);
        } else if (st->kind == '(') {
            t = ck_unknown_type(false);
        }
    }
    return load;
}

/* Are the indexes of steps [from, p->n) invariant in the loop (they reach one slot in every
 * iteration)? */
static bool invariant_steps(struct dj *j, const struct path *p, int from)
{
    for (int k = from; k < p->n; k++) {
        const struct step *st = &p->steps[k];
        if (st->kind == '[' && !invariant(j, st->index))
            return false;
        for (int o = 0; o < st->noffsets; o++)
            if (!invariant(j, st->offsets[o]))
                return false;
    }
    return true;
}

/* ---- indexes kept in locals --------------------------------------------------------- */

/* The one write of a local of the body: `c = e;`, a statement of a block, or its
 * declaration's initializer; writes counts them all. */
struct local_set {
    const struct sym *s;
    int writes;
    const struct ast *value;        /* e */
    const struct ast *block;        /* the compound statement whose item the write is */
    size_t after;                   /* where that item ends */
};

static bool local_set_visit(struct ast *n, void *arg)
{
    struct local_set *x = arg;
    const struct ast *target = lower_write_target(n, true);
    x->writes += target && lower_lvalue_root(target) == x->s;
    if (n->kind == AST_COMPOUND)
        for (struct ast *i = n->kid[0] ? n->kid[0]->kid[0] : NULL; i; i = i->next) {
            struct ast *e = i->kind == AST_EXPR_STMT ? i->kid[0] : NULL;
            const struct ast *value = NULL;
            if (e && e->kind == AST_ASSIGN && e->op == '=' && is_var(e->kid[0], x->s))
                value = e->kid[1];
            for (struct ast *d = i->kind == AST_DECLARATION && i->kid[1] ? i->kid[1]->kid[0]
                                                                        : NULL; d; d = d->next)
                if (d->kind == AST_INIT_DECLARATOR && d->sym == x->s && d->kid[1]) {
                    value = d->kid[1];
                    x->writes++;
                }
            if (value) {
                x->value = value;
                x->block = n;
                x->after = i->end;
            }
        }
    return true;
}

struct value_names {
    struct dj *j;
    const struct ast *block;
    const struct sym *s;
    bool ok;
};

static bool value_names_visit(struct ast *n, void *arg)
{
    struct value_names *v = arg;
    if (n->kind == AST_IDENT)
        v->ok &= n->sym && n->sym != v->s && n->sym->type == TYPE_SCALAR &&
                 !lower_writes((struct ast *)v->block, n->sym);
    else if (n->kind == AST_CALL || n->kind == AST_STMT_EXPR)
        v->ok = false;
    return v->ok;
}

/* The value of the index e at `use` when e is a scalar local of the loop's body whose
 * address the function never takes, written once, by `c = v;` or an initializer, in a
 * block that holds `use` after it and writes none of v's variables (hotspot3D's `c = x +
 * y * nx + z * nx * ny;` before `tOut_t[c] = ...`): v, read where c is; else e. */
static const struct ast *index_value(struct dj *j, const struct ast *e, const struct ast *use)
{
    const struct sym *c = e && e->kind == AST_IDENT ? e->sym : NULL;
    if (!c || c->kind != SYM_OBJECT || c->storage != STORAGE_LOCAL || c->type != TYPE_SCALAR ||
        !c->declarator || c->declarator->begin < j->body->begin ||
        c->declarator->begin >= j->body->end)
        return e;
    const struct sym *want = c;
    ast_walk(j->L->fn, address_visit, &want);
    struct local_set x = {c, 0, NULL, NULL, 0};
    ast_walk(j->body, local_set_visit, &x);
    if (!want || x.writes != 1 || !x.value || use->begin < x.after || use->end > x.block->end)
        return e;
    struct value_names v = {j, x.block, c, true};
    ast_walk((struct ast *)x.value, value_names_visit, &v);
    return v.ok ? x.value : e;
}

/* The terms of the index e of a write, an index kept in a local read as its value. */
static int index_terms(struct dj *j, const struct ast *e, const struct ast **t)
{
    const struct ast *in[DJ_MAX_TERMS];
    int n = terms_of(e, in, 0), m = 0;
    for (int k = 0; k < n && m >= 0; k++)
        m = terms_of(index_value(j, in[k], in[k]), t, m);
    return n < 0 ? -1 : m;
}

/* The shape of a path (its steps' kinds, members and casts) and the form each index has
 * in it (iteration variables it determines in mask[]).  The steps from `fixed` on reach the
 * slot of a pointer loaded on the way (first_load): their invariant indexes are spelled in
 * the shape (every write loads that one pointer) and determine nothing. */
static char *shape(struct dj *j, const struct path *p, int fixed, char **forms, unsigned *mask)
{
    struct lower_buf b = {0};
    for (int k = 0; k < p->n; k++) {
        const struct step *st = &p->steps[k];
        lbuf_printf(&b, "%c%s;", st->kind, st->what ? st->what : "");
        if (k >= fixed) {
            if (st->kind == '[')
                spell(j, &b, st->index);
            for (int o = 0; o < st->noffsets; o++) {
                lbuf_puts(&b, "+");
                spell(j, &b, st->offsets[o]);
            }
            mask[k] = 0;
            forms[k] = "";
            continue;
        }
        const struct ast *t[DJ_MAX_TERMS];
        int n = st->kind == '[' ? index_terms(j, st->index, t) : st->noffsets;
        if (st->kind != '[')
            memcpy(t, st->offsets, sizeof t);
        struct lower_buf f = {0};
        mask[k] = n > 0 ? determined(j, t, n, &f) : 0;
        forms[k] = f.s ? lbuf_take(&f, j->L->a) : "";
    }
    return b.s ? lbuf_take(&b, j->L->a) : "";
}

/* ---- where a pointer goes ---------------------------------------------------------- */

/* The type of the lvalue e, as far as its variable's declaration and the members on the
 * way tell (unknown otherwise). */
static struct ck_type lvalue_type(struct lower *L, const struct ast *e, int depth)
{
    if (!e || depth > DJ_MAX_STEPS)
        return ck_unknown_type(true);
    struct ck_type t;
    switch (e->kind) {
    case AST_IDENT: case AST_DECL_NAME:
        return e->sym ? ck_type_of_sym(L, e->sym) : ck_unknown_type(true);
    case AST_SUBSCRIPT:
        t = lvalue_type(L, e->kid[0], depth + 1);
        return ck_kind_of(&t) == CK_POINTER || ck_kind_of(&t) == CK_ARRAY
               ? ck_inner_type(&t) : ck_unknown_type(true);
    case AST_UNARY:
        t = lvalue_type(L, e->kid[0], depth + 1);
        return e->op == '*' && ck_kind_of(&t) == CK_POINTER ? ck_inner_type(&t)
                                                             : ck_unknown_type(true);
    case AST_MEMBER: {
        t = lvalue_type(L, e->kid[0], depth + 1);
        if (e->op != '.')
            t = ck_kind_of(&t) == CK_POINTER ? ck_inner_type(&t) : ck_unknown_type(true);
        struct ck_type m;
        struct ast *members = !t.n && t.base == CK_STRUCT && t.tag
                              ? ck_struct_members(L, t.tag) : NULL;
        return members && ck_find_member(L, members, e->name, &m, 0) == 1
               ? m : ck_unknown_type(true);
    }
    default:
        return ck_unknown_type(true);
    }
}

/* May the lvalue e hold a pointer (or be an array a pointer is set from)? */
static bool may_hold_pointer(struct lower *L, const struct ast *e)
{
    struct ck_type t = lvalue_type(L, e, 0);
    enum ck_kind k = ck_kind_of(&t);
    return k == CK_POINTER || k == CK_ARRAY || k == CK_UNKNOWN;
}

/* What escape_visit looks for: values that may point into what s points to, or with
 * loads_only (s a struct or an array) only pointers loaded from s (w.buf, bufs[k]). */
struct escape {
    struct lower *L;
    const struct sym *s;
    bool loads_only;
    bool found;
};

/* Is the lvalue e a pointer loaded from s's storage (rows[i], w->buf, w.buf, *pp)? */
static bool loaded_from(const struct escape *x, const struct ast *e)
{
    return (lower_disjoint_root(e) == x->s || lower_lvalue_root(e) == x->s) &&
           may_hold_pointer(x->L, e);
}

/* May the value e point into what s points to: s, s + k, &s[k], &s->f, a pointer loaded
 * from it (rows[i], w->buf: what s's storage points to is what s's writes may reach too),
 * a cast of one, one arm of ?:, the last of a comma, the elements of an initializer list? */
static bool points_into(const struct escape *x, const struct ast *e)
{
    while (e && (e->kind == AST_CAST || (e->kind == AST_BINARY && e->op == ',')))
        e = e->kid[1];
    if (!e)
        return false;
    switch (e->kind) {
    case AST_IDENT:
        return !x->loads_only && e->sym == x->s;
    case AST_UNARY:
        if (e->op == '*')
            return loaded_from(x, e);
        return !x->loads_only && e->op == '&' && lower_disjoint_root(e->kid[0]) == x->s;
    case AST_SUBSCRIPT: case AST_MEMBER:
        return loaded_from(x, e);
    case AST_BINARY:
        return (e->op == '+' || e->op == '-') &&
               (points_into(x, e->kid[0]) || points_into(x, e->kid[1]));
    case AST_CONDITIONAL:
        return points_into(x, e->kid[1] ? e->kid[1] : e->kid[0]) || points_into(x, e->kid[2]);
    case AST_ASSIGN:
        return points_into(x, e->kid[1]);
    case AST_INIT_LIST:
        for (const struct ast *i = e->kid[0] ? e->kid[0]->kid[0] : NULL; i; i = i->next)
            if (points_into(x, i->kind == AST_DESIGNATION ? i->kid[1] : i))
                return true;
        return false;
    default:
        return false;
    }
}

/* Does a declaration of these specifiers and declarator make a pointer to const (`const
 * double *p`, `const double a[]` as a parameter): what it points to is only read? */
static bool const_pointee(const struct ast *specs, const struct ast *declarator)
{
    if (!specs || !declarator ||
        (declarator->kind != AST_DECL_POINTER && declarator->kind != AST_DECL_ARRAY) ||
        (declarator->kid[0] && declarator->kid[0]->kind != AST_DECL_NAME))
        return false;
    for (const struct ast *i = specs->kid[0] ? specs->kid[0]->kid[0] : NULL; i; i = i->next)
        if (i->kind == AST_SPECIFIER && i->op == KW_CONST)
            return true;
    return false;
}

/* Is argument k of a call of `callee` a pointer to const by the callee's prototype? */
static bool const_parameter(const struct ast *callee, int k)
{
    struct sym *f = callee && callee->kind == AST_IDENT ? callee->sym : NULL;
    struct ast *d = f && f->kind == SYM_FUNCTION ? lower_full_declarator(f) : NULL;
    struct ast *params = d ? ast_declarator_params(d) : NULL;
    const struct ast *p = params ? params->kid[0] : NULL;
    for (; p && k > 0; k--)
        p = p->next;
    return p && p->kind == AST_PARAM && const_pointee(p->kid[0], p->kid[1]);
}

static bool escape_visit(struct ast *n, void *arg)
{
    struct escape *x = arg;
    if (n->kind == AST_ASSIGN && n->op == '=' && points_into(x, n->kid[1]))
        x->found = true;
    if (n->kind == AST_RETURN && points_into(x, n->kid[0]))
        x->found = true;
    if (n->kind == AST_DECLARATION && n->kid[1])
        for (const struct ast *i = n->kid[1]->kid[0]; i; i = i->next)
            if (i->kind == AST_INIT_DECLARATOR && points_into(x, i->kid[1]) &&
                !const_pointee(n->kid[0], i->kid[0]))
                x->found = true;
    if (n->kind == AST_CALL) {
        int k = 0;
        for (const struct ast *a = n->kid[1] ? n->kid[1]->kid[0] : NULL; a; a = a->next, k++)
            if (points_into(x, a) && !const_parameter(n->kid[0], k))
                x->found = true;
    }
    return !x->found;
}

bool lower_disjoint_escapes(struct lower *L, struct ast *body, const struct sym *s)
{
    struct escape x = {L, s, s->type != TYPE_POINTER, false};
    ast_walk(body, escape_visit, &x);
    return x.found;
}

/* ---- pointers into one storage -------------------------------------------------------- */

/* What may share storage in a function: an assignment or initialization `q = e` joins q
 * with every pointer or array variable e may point into (points_into), or loads a pointer
 * from (`r = rows[0]`, `r = w->a`), or hands to a function whose result it is
 * (`q = at(p, 1)`, `q = realloc(p, n)`). */
struct joins {
    struct lower *L;
    const struct sym **a, **b;      /* the pairs */
    int n, cap;
    size_t from, to;                /* the parallel region's text */
    bool orphan;                    /* ... or the function's, an orphaned construct's */
    const struct sym **fresh;       /* set there from no variable (malloc(...), f()) */
    int nfresh, capfresh;
};

/* q set from a value that points into no variable: storage of its own, each thread's own
 * when it is set in the region. */
static void fresh_value(struct joins *g, const struct sym *q, const struct ast *at)
{
    if (!q || at->begin < g->from || at->begin >= g->to)
        return;
    ARENA_GROW(g->L->a, g->fresh, g->nfresh, g->capfresh, 8);
    g->fresh[g->nfresh++] = q;
}

static void join(struct joins *g, const struct sym *a, const struct sym *b)
{
    if (!a || !b || a == b)
        return;
    if (g->n == g->cap) {       /* a and b: one capacity */
        g->cap = g->cap ? 2 * g->cap : 16;
        g->a = arena_grow(g->L->a, g->a, (size_t)g->n, (size_t)g->cap, sizeof *g->a);
        g->b = arena_grow(g->L->a, g->b, (size_t)g->n, (size_t)g->cap, sizeof *g->b);
    }
    g->a[g->n] = a;
    g->b[g->n++] = b;
}

/* Join q with the variables the value e may point into or was loaded through. */
static void join_value(struct joins *g, const struct sym *q, const struct ast *e)
{
    while (e && (e->kind == AST_CAST || (e->kind == AST_BINARY && e->op == ',')))
        e = e->kid[1];
    if (!e)
        return;
    switch (e->kind) {
    case AST_UNARY:
        if (e->op == '&') {
            const struct sym *r = lower_disjoint_root(e->kid[0]);
            join(g, q, r ? r : lower_lvalue_root(e->kid[0]));
            return;
        }
        join(g, q, lower_disjoint_root(e));
        return;
    case AST_BINARY:
        if (e->op == '+' || e->op == '-') {
            join_value(g, q, e->kid[0]);
            join_value(g, q, e->kid[1]);
        }
        return;
    case AST_CONDITIONAL:
        join_value(g, q, e->kid[1] ? e->kid[1] : e->kid[0]);
        join_value(g, q, e->kid[2]);
        return;
    case AST_ASSIGN:
        join_value(g, q, e->kid[1]);
        return;
    case AST_CALL:              /* what it returns may point into its arguments' */
        for (const struct ast *a = e->kid[1] ? e->kid[1]->kid[0] : NULL; a; a = a->next)
            join_value(g, q, a);
        return;
    case AST_IDENT: case AST_SUBSCRIPT: case AST_MEMBER:
        join(g, q, lower_disjoint_root(e));
        return;
    default:
        return;
    }
}

/* q = e: join q with what e points into, or note a value of its own (a call's result may
 * be both: realloc(p, n), strdup(s)). */
static void join_set(struct joins *g, const struct sym *q, const struct ast *e)
{
    int before = g->n;
    join_value(g, q, e);
    while (e && e->kind == AST_CAST)
        e = e->kid[1];
    if (e && e->kind != AST_CONSTANT && (g->n == before || e->kind == AST_CALL))
        fresh_value(g, q, e);       /* (not a null pointer: p = NULL, then p = a) */
}

static bool joins_visit(struct ast *n, void *arg)
{
    struct joins *g = arg;
    if (n->kind == AST_ASSIGN && n->op == '=' && n->kid[0] && may_hold_pointer(g->L, n->kid[0]))
        join_set(g, lower_lvalue_root(n->kid[0]), n->kid[1]);
    if (n->kind == AST_DECLARATION && n->kid[1])
        for (const struct ast *i = n->kid[1]->kid[0]; i; i = i->next) {
            struct ast *dn = i->kind == AST_INIT_DECLARATOR ? ast_declarator_name(i->kid[0]) : NULL;
            if (dn && dn->sym && i->kid[1] && may_hold_pointer(g->L, dn))
                join_set(g, dn->sym, i->kid[1]);
        }
    return true;
}

/* The variables joined with s in the function (s first), into *group; how many. */
static int group_of(struct joins *g, const struct sym *s, const struct sym ***group)
{
    ast_walk(g->L->fn, joins_visit, g);
    const struct sym **m = arena_alloc(g->L->a, (size_t)(g->n + 1) * sizeof *m);
    int n = 0;
    m[n++] = s;
    for (int k = 0; k < n; k++)
        for (int e = 0; e < g->n; e++) {
            const struct sym *o = g->a[e] == m[k] ? g->b[e] : g->b[e] == m[k] ? g->a[e] : NULL;
            bool seen = !o;
            for (int i = 0; i < n && !seen; i++)
                seen = m[i] == o;
            if (!seen)
                m[n++] = o;
        }
    *group = m;
    return n;
}

/* The writes of a loop body through variables of one storage. */
struct alias_writes {
    const struct sym **group;       /* the variables joined with s (s first) */
    int n;
    bool through_s, through_other;
};

static bool alias_writes_visit(struct ast *n, void *arg)
{
    struct alias_writes *w = arg;
    struct ast *target = lower_write_target(n, true);
    const struct sym *r = target ? lower_disjoint_root(target) : NULL;
    for (int k = 0; r && k < w->n; k++)
        if (w->group[k] == r) {
            w->through_s |= k == 0;
            w->through_other |= k > 0;
        }
    return true;
}

bool lower_disjoint_aliased(struct lower *L, struct ast *body, const struct sym *s)
{
    struct joins g = {.L = L};
    const struct sym **group;
    int n = group_of(&g, s, &group);
    struct alias_writes w = {group, n, false, false};
    ast_walk(body, alias_writes_visit, &w);
    return w.through_s && w.through_other;
}

/* The accesses of a loop body to the storage of a group: the largest lvalues rooted at a
 * member (s[i], rows[i][k], p->f), and any other use of a member's value. */
struct accesses {
    struct lower *L;
    const struct sym **group;
    int n;
    struct ast **at;                /* those rooted at s (group[0]) */
    int nat, cap;
    bool other;                     /* rooted at another member, or a value used otherwise */
};

static int member_of(const struct accesses *x, const struct sym *s)
{
    for (int k = 0; s && k < x->n; k++)
        if (x->group[k] == s)
            return k;
    return -1;
}

static bool accesses_visit(struct ast *n, void *arg)
{
    struct accesses *x = arg;
    bool path = n->kind == AST_SUBSCRIPT || n->kind == AST_MEMBER ||
                (n->kind == AST_UNARY && n->op == '*');
    int m = path ? member_of(x, lower_disjoint_root(n)) : -1;
    if (m > 0 || (n->kind == AST_IDENT && member_of(x, n->sym) >= 0)) {
        x->other = true;
        return false;
    }
    if (m < 0)
        return true;
    ARENA_GROW(x->L->a, x->at, x->nat, x->cap, 8);
    x->at[x->nat++] = n;
    /* what the subscripts read (idx[i] in p[idx[i]]) */
    for (const struct ast *e = n; e && e->kind != AST_IDENT;
         e = e->kid[e->kind == AST_CAST ? 1 : 0])
        if (e->kind == AST_SUBSCRIPT)
            ast_walk(e->kid[1], accesses_visit, x);
    return false;
}

/* Is the storage of the group each thread's own, in OpenMP: set in the region from no
 * variable (malloc), or an array each thread has; in an orphaned construct, also what a
 * parameter points to (the caller's may be each thread's own)? */
static bool per_thread(struct joins *g, const struct sym **group, int n)
{
    for (int k = 0; k < n; k++) {
        const struct sym *m = group[k];
        if (m->type == TYPE_ARRAY && lower_thread_private(g->L, m))
            return true;
        if (g->orphan && m->storage == STORAGE_LOCAL &&
            (m->kind == SYM_PARAM || m->type == TYPE_ARRAY))
            return true;
        for (int f = 0; f < g->nfresh; f++)
            if (g->fresh[f] == m)
                return true;
    }
    return false;
}

/* The pointers that share storage with s in its team region *team (or, in an orphaned
 * construct, NULL: in its function), in *group, and their count, if that storage is each
 * thread's own there; -1 if it is not (or s is in no region and no orphaned construct). */
static int per_thread_group(struct lower *L, struct joins *g, const struct sym *s,
                            const struct sym ***group, const struct lower_region **team)
{
    const struct lower_region *r = L->region;
    while (r && !r->team)
        r = r->up;
    bool orphan = !L->region;
    if (!r && !orphan)
        return -1;
    *g = (struct joins){.L = L, .from = r ? r->begin : L->fn->begin,
                        .to = r ? r->end : L->fn->end, .orphan = orphan};
    *team = r;
    int n = group_of(g, s, group);
    return per_thread(g, *group, n) ? n : -1;
}

bool lower_disjoint_reads_others(struct lower *L, const struct lower_dir *d, struct ast *body,
                                 const struct sym *s, lower_disjoint_own_fn *own, void *arg)
{
    struct joins g;
    const struct sym **group;
    const struct lower_region *r;
    int n = per_thread_group(L, &g, s, &group, &r);
    if (n < 0)
        return false;
    struct alias_writes w = {group, n, false, false};
    ast_walk(body, alias_writes_visit, &w);
    if (!w.through_s)
        return false;
    struct accesses x = {.L = L, .group = group, .n = n};
    ast_walk(body, accesses_visit, &x);
    return x.other || !lower_disjoint_writes(L, d, body, x.at, x.nat, own, arg);
}

/* ---- the writes --------------------------------------------------------------------- */

/* The for statements around target (whose bodies hold it) in the tree walked, appended to
 * j->chain. */
struct around {
    struct dj *j;
    const struct ast *target;
};

static bool around_visit(struct ast *n, void *arg)
{
    struct around *a = arg;
    if (n->kind != AST_LIST && (n->begin > a->target->begin || n->end < a->target->end))
        return false;
    struct ast *body = n->kind == AST_FOR ? n->kid[3] : NULL;
    if (body && body->begin <= a->target->begin && a->target->end <= body->end &&
        a->j->nchain < DJ_MAX_LOOPS)
        a->j->chain[a->j->nchain++] = n;
    return true;
}

struct written {
    const struct sym *root;
    char *shape;
    char *forms[DJ_MAX_STEPS];
    unsigned mask[DJ_MAX_STEPS];
    int nsteps;
};

/* The path of target and its forms, with the loops around it (false: not a path). */
static bool describe(struct dj *j, const struct ast *target, struct written *w)
{
    struct path p;
    j->nchain = j->nouter + j->nnest;
    struct around a = {j, target};
    ast_walk(j->body, around_visit, &a);
    if (!path_of(j, target, &p))
        return false;
    /* a pointer the loop sets may point elsewhere in each iteration */
    if (p.root->type == TYPE_POINTER && lower_writes(j->body, p.root))
        return false;
    /* through a pointer loaded from a slot other iterations may pick differently */
    int fixed = first_load(j, &p) + 1;
    if (fixed <= p.n && !invariant_steps(j, &p, fixed))
        return false;
    w->root = p.root;
    w->nsteps = p.n;
    w->shape = shape(j, &p, fixed, w->forms, w->mask);
    return true;
}

bool lower_disjoint_writes(struct lower *L, const struct lower_dir *d, struct ast *body,
                           struct ast *const *targets, int n, lower_disjoint_own_fn *own,
                           void *arg)
{
    struct dj j = {.L = L, .d = d, .body = body, .own = own, .arg = arg};
    struct around a = {&j, d->node};
    ast_walk(L->fn, around_visit, &a);
    j.nouter = j.nchain;
    if (j.nouter + LOWER_DIR_MAX_NEST > DJ_MAX_LOOPS)
        return false;
    j.nnest = lower_dir_nest(d, j.chain + j.nouter);
    if (!j.nnest)
        return false;
    unsigned all = (1u << j.nnest) - 1;
    struct written *w = arena_alloc(L->a, (size_t)(n ? n : 1) * sizeof *w);
    for (int k = 0; k < n; k++)
        if (!describe(&j, targets[k], &w[k]))
            return false;
    /* the writes into one variable: one shape, and steps of one form in each that
     * together determine every iteration variable */
    for (int k = 0; k < n; k++) {
        unsigned got = 0;
        for (int s = 0; s < w[k].nsteps; s++) {
            bool one_form = w[k].mask[s] != 0;
            for (int o = 0; o < n && one_form; o++)
                if (w[o].root == w[k].root)
                    one_form = !strcmp(w[o].shape, w[k].shape) &&
                               !strcmp(w[o].forms[s], w[k].forms[s]);
            if (one_form)
                got |= w[k].mask[s];
        }
        if (got != all)
            return false;
    }
    return true;
}

/* Where a region's code uses the storage of a group outside a construct: any name of a
 * member, or with `modifies` only a write through one, or one handed on (free(t),
 * memset(t, ...), q = t). */
struct later_use {
    struct lower *L;
    const struct accesses *x;
    size_t from, to;                /* the construct */
    size_t stop;                    /* a barrier or taskwait after it in its block */
    bool modifies;
    bool found;
};

/* Is the statement n a `for` or `sections` without `nowait`, whose end waits for every
 * child of the task (an earlier nowait construct's tasks too)? */
static bool waits_at_end(struct lower *L, struct ast *n)
{
    struct ast *pr = n->kind != AST_PRAGMA ? n->pragma : NULL;
    if (!pr || !(lower_pragma_is(L, pr, "for") || lower_pragma_is(L, pr, "sections")))
        return false;
    const struct omp_directive *d = lower_parse_pragma(L, pr);
    return d && !omp_find_clause(d, OMP_CL_NOWAIT);
}

/* The first `barrier` or `taskwait` after the construct in the block that holds it, or the
 * end of a `for` or `sections` there without `nowait`: the construct's tasks are done
 * there. */
static bool barrier_visit(struct ast *n, void *arg)
{
    struct later_use *u = arg;
    if (n->kind != AST_LIST)
        return n->begin <= u->from && u->to <= n->end;
    bool after = false;
    for (struct ast *i = n->kid[0]; i; i = i->next) {
        if (after && i->kind == AST_PRAGMA &&
            (lower_pragma_is(u->L, i, "barrier") || lower_pragma_is(u->L, i, "taskwait"))) {
            u->stop = i->begin;
            return false;
        }
        if (after && waits_at_end(u->L, i)) {
            u->stop = i->end;
            return false;
        }
        after |= i->begin <= u->from && u->to <= i->end && i->end <= u->to;
    }
    return true;
}

static bool uses(struct later_use *u, struct ast *n)
{
    if (!u->modifies)
        return n->kind == AST_IDENT && member_of(u->x, n->sym) >= 0;
    struct ast *target = lower_write_target(n, true);
    if (target && member_of(u->x, lower_disjoint_root(target)) >= 0)
        return true;
    for (int k = 0; k < u->x->n; k++) {
        struct escape e = {u->L, u->x->group[k], false, false};
        escape_visit(n, &e);
        if (e.found)
            return true;
    }
    return false;
}

/* Any use outside the construct. */
static bool uses_outside_visit(struct ast *n, void *arg)
{
    struct later_use *u = arg;
    if (u->found || (n->begin >= u->from && n->end <= u->to))
        return false;
    u->found = uses(u, n);
    return !u->found;
}

/* A use after the construct, or anywhere in a loop around it (what the loop does before
 * the construct comes after an earlier instance of it). */
static bool later_use_visit(struct ast *n, void *arg)
{
    struct later_use *u = arg;
    if (u->found || n->end <= u->from || (n->begin >= u->from && n->end <= u->to) ||
        n->begin >= u->stop)
        return false;
    if (u->stop == SIZE_MAX && (n->kind == AST_FOR || n->kind == AST_WHILE || n->kind == AST_DO) &&
        n->begin < u->from && n->end >= u->to) {
        ast_walk(n, uses_outside_visit, u);
        return false;
    }
    u->found = n->begin >= u->to && uses(u, n);
    return !u->found;
}

bool lower_disjoint_used_after(struct lower *L, const struct ast *construct, struct ast *body,
                               const struct sym *s)
{
    struct joins g;
    const struct sym **group;
    const struct lower_region *r;
    int n = per_thread_group(L, &g, s, &group, &r);
    if (n < 0)
        return false;
    struct accesses x = {.L = L, .group = group, .n = n};
    /* (a construct that only reads the storage conflicts with later writes alone) */
    struct alias_writes w = {group, n, false, false};
    ast_walk(body, alias_writes_visit, &w);
    struct later_use u = {L, &x, construct->begin, construct->end, SIZE_MAX,
                          !w.through_s && !w.through_other && !lower_disjoint_escapes(L, body, s),
                          false};
    struct ast *root = r ? r->d->node : L->fn;
    ast_walk(root, barrier_visit, &u);
    ast_walk(root, later_use_visit, &u);
    return u.found;
}
