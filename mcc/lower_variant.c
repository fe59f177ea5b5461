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
    if (L->in_target || (dn && dn->sym && lower_omp_declare_target(L, dn->sym)))
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
