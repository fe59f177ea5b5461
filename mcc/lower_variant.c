/*
 * lower_variant.c - `declare variant(fn) match(...)` (OpenMP 5.0): each direct call of a
 * base function that has variants calls, in its place, the variant gcc 12 chooses there
 * (omp_resolve_declare_variant), decided here at compile time:
 *   - a variant is a candidate when the host build meets its device and implementation
 *     traits (pragma_variant.c), its user condition (a constant) is true, and its
 *     construct traits are, in their order, among the constructs around the call in its
 *     function: parallel (also of `parallel for` ...), for (a worksharing loop, not
 *     `loop`), teams and target (a target region, or a function of a `declare target`
 *     block), the target being the outermost one counted;
 *   - its score is 1, plus its traits' score(e) values, plus 2^j for each construct trait
 *     found at position j of those constructs counted from the innermost (0), plus 2^l,
 *     2^(l+1), 2^(l+2) for a kind, an arch and an isa trait (l: the number of constructs
 *     around the call);
 *   - the highest score wins; of equal scores the variant declared last (gcc's order).
 */
#include "mcc.h"

#include <string.h>

/* ---- declare target: which names a file's pragmas declare (also lower_omp.c's) ---- */

/* The unit's declare target variables: those declared between `declare target` (or
 * `begin declare target`) and `end declare target`, and those `declare target(list)`,
 * `declare target to|enter|link(list)` name. */
struct lower_declare_target {
    size_t *spans;                  /* begin, end of each block */
    int nspans, capspans;
    const char **names;
    int nnames, capnames;
};

static bool tok_is(const struct omp_directive *d, int i, const char *w)
{
    return i < d->ntoks && d->toks[i].len == strlen(w) &&
           !memcmp(d->text + d->toks[i].off, w, d->toks[i].len);
}

/* One file-scope pragma pr: a block's begin or end, or a list. */
static void declare_target_pragma(struct lower *L, struct lower_declare_target *dt,
                                  struct ast *pr, int *open, size_t *from)
{
    const struct omp_directive *d = lower_parse_pragma(L, pr);
    int w = 0;
    while (w < d->ntoks && (tok_is(d, w, "#") || tok_is(d, w, "pragma") || tok_is(d, w, "omp")))
        w++;
    bool begin = tok_is(d, w, "begin") && tok_is(d, w + 1, "declare"),
         end = tok_is(d, w, "end") && tok_is(d, w + 1, "declare");
    int t = begin || end ? w + 2 : w + 1;
    if (!(begin || end || tok_is(d, w, "declare")) || !tok_is(d, t, "target"))
        return;
    int list = tok_is(d, t + 1, "(") ? t + 1
               : (tok_is(d, t + 1, "to") || tok_is(d, t + 1, "enter") ||
                  tok_is(d, t + 1, "link")) && tok_is(d, t + 2, "(") ? t + 2 : -1;
    if (end && *open > 0 && --*open == 0) {
        ARENA_GROW(L->a, dt->spans, dt->nspans, dt->capspans, 8);
        dt->spans[dt->nspans++] = *from;
        ARENA_GROW(L->a, dt->spans, dt->nspans, dt->capspans, 8);
        dt->spans[dt->nspans++] = pr->begin;
    } else if (!end && list < 0 && (*open)++ == 0) {
        *from = pr->end;
    }
    for (int k = list + 1; list >= 0 && k < d->ntoks && !tok_is(d, k, ")"); k++)
        if (d->toks[k].kind == OMP_TOK_IDENT) {
            ARENA_GROW(L->a, dt->names, dt->nnames, dt->capnames, 8);
            dt->names[dt->nnames++] = arena_strndup(L->a, d->text + d->toks[k].off,
                                                    d->toks[k].len);
        }
}

static struct lower_declare_target *declare_targets(struct lower *L)
{
    if (L->declare_target)
        return L->declare_target;
    struct lower_declare_target *dt = arena_alloc(L->a, sizeof *dt);
    L->declare_target = dt;
    int open = 0;
    size_t from = 0;
    struct ast *items = L->t->tu->kid[0];
    for (struct ast *i = items ? items->kid[0] : NULL; i; i = i->next) {
        for (struct ast *pr = i->pragma; pr; pr = pr->kid[0])
            declare_target_pragma(L, dt, pr, &open, &from);
        if (i->kind == AST_PRAGMA)
            declare_target_pragma(L, dt, i, &open, &from);
    }
    return dt;
}

bool lower_variant_declare_target(struct lower *L, const struct sym *y)
{
    if (y->depth > 0 && y->storage != STORAGE_STATIC && y->storage != STORAGE_EXTERN)
        return false;
    const struct lower_declare_target *dt = declare_targets(L);
    if (dt->nnames && lower_name_in(y->name->str, y->name->len, dt->names, dt->nnames))
        return true;
    for (const struct sym *r = y; r; r = r->redecl)
        for (int i = 0; r->declarator && i < dt->nspans; i += 2)
            if (r->declarator->begin >= dt->spans[i] && r->declarator->begin < dt->spans[i + 1])
                return true;
    return false;
}


struct lower_variant {
    const struct omp_declare_variant *v;
    const char *fn;                 /* the variant's name */
    long long score;                /* 1 + its traits' score(e) values */
    bool condition;                 /* its user condition (true when it has none) */
    struct lower_variant *next;     /* the base function's next one, in declaration order */
};

/* A constant of the pragma (a score, a condition), 0 after an error. */
static long long variant_constant(struct lower *L, const struct omp_expr *e, size_t at,
                                  const char *what)
{
    long long value = 0;
    if (!check_integer_constant(L, at, e->text, &value))
        mcc_error_at(&e->loc, "%s must be constant integer expression", what);
    return value;
}

void lower_variant_declare(struct lower *L, struct ast *item, struct ast *pr,
                           const struct omp_directive *d)
{
    const struct omp_declare_variant *v = d->variant;
    struct ast *declarator = item ? lower_function_declarator(item) : NULL;
    struct ast *dn = declarator ? ast_declarator_name(declarator) : NULL;
    if (!dn) {
        mcc_error_at(&d->loc, "'#pragma omp declare variant' not immediately followed by "
                     "function declaration or definition");
        return;
    }
    if (d->nerrors || !v || !v->fn.text)
        return;
    const char *name = v->fn.text;
    struct sym *f = lower_resolve(L, name, strlen(name), pr->begin);
    if (!f) {
        mcc_error_at(&v->fn.loc, "'%s' undeclared here (not in a function)", name);
        return;
    }
    if (f->kind != SYM_FUNCTION) {
        mcc_error_at(&v->fn.loc, "variant '%s' is not a function", name);
        return;
    }
    struct lower_variant *x = arena_alloc(L->a, sizeof *x);
    x->v = v;
    x->fn = name;
    x->score = 1;
    for (int i = 0; i < v->nscores; i++)
        x->score += variant_constant(L, &v->scores[i], pr->begin, "score argument");
    x->condition = !v->condition.text ||
                   variant_constant(L, &v->condition, pr->begin, "property") != 0;
    struct lower_variant *first = lower_map_get(&L->variants, dn->name);
    if (!first) {
        lower_map_put(L, &L->variants, dn->name, x);
        return;
    }
    while (first->next)
        first = first->next;
    first->next = x;
}

/* The constructs around the call in its function, innermost first (gcc's context): up
 * to the innermost target region, which is the last one. */
static int call_context(struct lower *L, enum omp_vconstruct *codes, int max)
{
    int n = 0;
    for (const struct lower_nest *t = L->nest; t && n + 4 <= max; t = t->up) {
        if (L->in_target && t == L->target_nest)
            break;
        const struct omp_directive *d = t->dir;
        if (d->kind == OMP_DIR_FOR && !d->loop)
            codes[n++] = OMP_VC_FOR;
        if (d->kind == OMP_DIR_PARALLEL || d->parallel)
            codes[n++] = OMP_VC_PARALLEL;
    }
    if (L->in_teams)
        codes[n++] = OMP_VC_TEAMS;
    struct ast *dn = L->fn ? ast_declarator_name(L->fn->kid[1]) : NULL;
    if (L->in_target || (dn && dn->sym && lower_variant_declare_target(L, dn->sym)))
        codes[n++] = OMP_VC_TARGET;
    return n;
}

/* x's score at a call in context codes[0..n) (innermost first), or -1: no match. */
static long long variant_score(const struct lower_variant *x, const enum omp_vconstruct *codes,
                               int n)
{
    const struct omp_declare_variant *v = x->v;
    if (v->never || !x->condition)
        return -1;
    int k = v->nconstruct - 1;          /* innermost trait first, outward */
    for (int j = 0; j < n && k >= 0; j++)
        if (codes[j] == v->construct[k])
            k--;
    if (k >= 0)
        return -1;
    long long score = x->score;
    int j = n - 1;
    for (int i = 0; i < v->nconstruct; i++) {   /* outermost trait first, inward */
        while (j >= 0 && codes[j] != v->construct[i])
            j--;
        score += 1LL << j;
    }
    if (v->has_kind)
        score += 1LL << n;
    if (v->has_arch)
        score += 1LL << (n + 1);
    if (v->has_isa)
        score += 1LL << (n + 2);
    return score;
}

const char *lower_variant_call(struct lower *L, const struct sym *base)
{
    const struct lower_variant *x = base ? lower_map_get(&L->variants, base->name) : NULL;
    if (!x || base->kind != SYM_FUNCTION)
        return NULL;
    enum omp_vconstruct codes[64];
    int n = call_context(L, codes, 64);
    const char *best = NULL;
    long long top = -1;
    for (; x; x = x->next) {
        long long s = variant_score(x, codes, n);
        if (s >= 0 && s >= top) {
            top = s;
            best = x->fn;
        }
    }
    return best;
}
