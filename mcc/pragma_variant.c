/*
 * pragma_variant.c - `declare variant(fn) match(context-selectors)` (OpenMP 5.0 2.3.5), the
 * context selectors gcc 12 knows in C:
 *   construct={target, teams, parallel, for, simd}   the constructs around the call, in
 *                                                     that order (outermost first)
 *   device={kind(host|nohost|cpu|gpu|fpga|any), arch(...), isa(...)}
 *   implementation={vendor(...), extension(...), ...}
 *   user={condition(constant expression)}
 * Each trait but a construct may carry `score(e):` before its properties.  What a host
 * build meets is decided here (omp_declare_variant.never); the construct traits, the
 * condition and the scores are the caller's (lower_variant.c), at each call.
 */
#include "mcc.h"

#include <string.h>

static const char *const construct_names[OMP_VC_COUNT] = {
    [OMP_VC_TARGET] = "target", [OMP_VC_TEAMS] = "teams", [OMP_VC_PARALLEL] = "parallel",
    [OMP_VC_FOR] = "for", [OMP_VC_SIMD] = "simd",
};

/* `score(e):` at the trait's first property: its expression kept. */
static void trait_score(struct omp_parser *p, struct omp_declare_variant *v)
{
    if (!omp_is(p, p->pos, "score") || !omp_is(p, p->pos + 1, "("))
        return;
    p->pos += 2;
    int end = omp_scan_expr(p, p->pos, ")");
    if (v->nscores < OMP_VARIANT_SCORES)
        v->scores[v->nscores++] = omp_span(p, p->pos, end);
    p->pos = end;
    if (omp_expect(p, ")", "after the score"))
        omp_expect(p, ":", "after 'score(...)'");
}

/* Does a host build meet the property at p->pos of trait `trait` (kind, arch, vendor)? */
static bool host_property(struct omp_parser *p, const char *trait)
{
    static const char *const kinds_met[] = { "host", "cpu", "any" };
    static const char *const kinds_not[] = { "nohost", "gpu", "fpga" };
    int t = p->pos;
    char word[64];
    size_t len = p->toks[t].len;
    const char *s = p->text + p->toks[t].off;
    if (p->toks[t].kind == OMP_TOK_STRING && len >= 2) {     /* vendor("gnu") */
        s++;
        len -= 2;
    }
    snprintf(word, sizeof word, "%.*s", (int)len, s);
    if (!strcmp(trait, "kind")) {
        for (size_t i = 0; i < sizeof kinds_met / sizeof kinds_met[0]; i++)
            if (!strcmp(word, kinds_met[i]))
                return true;
        bool known = false;
        for (size_t i = 0; i < sizeof kinds_not / sizeof kinds_not[0]; i++)
            known |= !strcmp(word, kinds_not[i]);
        if (!known)
            mcc_warning_at(&p->toks[t].loc, "unknown property '%s' of 'kind' selector", word);
        return false;
    }
    if (!strcmp(trait, "arch"))
        return !strcmp(word, "x86_64");
    if (!strcmp(trait, "isa")) {    /* those of every x86-64 (gcc's default -march) */
        static const char *const baseline[] = { "sse", "sse2", "mmx", "fxsr" };
        for (size_t i = 0; i < sizeof baseline / sizeof baseline[0]; i++)
            if (!strcmp(word, baseline[i]))
                return true;
        mcc_warning_at(&p->toks[t].loc, "sorry, mcc does not know whether the compilation "
                       "targets the '%s' instruction set: this variant is never chosen", word);
        return false;
    }
    if (!strcmp(trait, "vendor"))
        return !strcmp(word, "gnu");
    return false;       /* extension(...), ...: none that gcc has */
}

/* One trait of set `set` ("construct", "device", "implementation" or "user"). */
static void parse_trait(struct omp_parser *p, const char *set, struct omp_declare_variant *v)
{
    int name = p->pos;
    if (p->toks[name].kind != OMP_TOK_IDENT) {
        omp_expected(p, "a trait selector");
        return;
    }
    p->pos++;
    if (!strcmp(set, "construct")) {
        int k = 0;
        while (k < OMP_VC_COUNT && !omp_is(p, name, construct_names[k]))
            k++;
        if (k == OMP_VC_COUNT) {
            omp_perror(p, name, "selector '%.*s' not allowed for context selector set "
                       "'construct'", (int)p->toks[name].len, p->text + p->toks[name].off);
            return;
        }
        if (v->nconstruct < OMP_VC_COUNT)
            v->construct[v->nconstruct++] = (enum omp_vconstruct)k;
        if (omp_is(p, p->pos, "("))         /* simd(clauses): not used on the host */
            p->pos = omp_skip_group(p, p->pos);
        return;
    }
    char trait[32];
    snprintf(trait, sizeof trait, "%.*s", (int)p->toks[name].len, p->text + p->toks[name].off);
    if (!strcmp(trait, "kind"))
        v->has_kind = true;
    else if (!strcmp(trait, "arch"))
        v->has_arch = true;
    else if (!strcmp(trait, "isa"))
        v->has_isa = true;
    int open = p->pos;
    if (!omp_is(p, open, "("))
        return;             /* a trait without properties: gcc ignores what it does not know */
    p->pos++;
    trait_score(p, v);
    if (!strcmp(set, "user") && !strcmp(trait, "condition")) {
        int end = omp_scan_expr(p, p->pos, ")");
        v->condition = omp_span(p, p->pos, end);
        p->pos = end;
    } else if (!strcmp(trait, "kind") || !strcmp(trait, "arch") || !strcmp(trait, "vendor") ||
               !strcmp(trait, "isa")) {
        while (p->pos < p->ntoks && !omp_is(p, p->pos, ")")) {
            if (!omp_is(p, p->pos, ",") && !host_property(p, trait))
                v->never = true;
            p->pos++;
        }
    } else {
        v->never = true;    /* extension(...), atomic_default_mem_order(...), ... */
        p->pos = omp_skip_group(p, open) - 1;
    }
    omp_expect(p, ")", "after the trait's properties");
}

/* set={trait, ...} */
static void parse_selector_set(struct omp_parser *p, struct omp_declare_variant *v)
{
    static const char *const sets[] = { "construct", "device", "implementation", "user" };
    int k = 0;
    while (k < 4 && !omp_is(p, p->pos, sets[k]))
        k++;
    if (k == 4) {
        omp_expected(p, "'construct', 'device', 'implementation' or 'user'");
        return;
    }
    p->pos++;
    if (!omp_expect(p, "=", "after the context selector set") ||
        !omp_expect(p, "{", "before the trait selectors"))
        return;
    while (!p->failed && p->pos < p->ntoks && !omp_is(p, p->pos, "}")) {
        parse_trait(p, sets[k], v);
        if (!omp_is(p, p->pos, ","))
            break;
        p->pos++;
    }
    omp_expect(p, "}", "after the trait selectors");
}

/* declare variant(fn) match(set={...}, ...) */
void omp_parse_declare_variant(struct omp_parser *p)
{
    struct omp_declare_variant *v = omp_alloc(p, sizeof *v);
    p->dir->variant = v;
    if (!omp_expect(p, "(", "after 'declare variant'"))
        return;
    if (p->toks[p->pos].kind != OMP_TOK_IDENT || !omp_is(p, p->pos + 1, ")")) {
        omp_expected(p, "the name of the variant function");
        return;
    }
    v->fn = omp_span(p, p->pos, p->pos + 1);
    p->pos += 2;
    if (!omp_is(p, p->pos, "match") || !omp_is(p, p->pos + 1, "(")) {
        omp_expected(p, "'match'");
        return;
    }
    p->pos += 2;
    while (!p->failed && p->pos < p->ntoks && !omp_is(p, p->pos, ")")) {
        parse_selector_set(p, v);
        if (!omp_is(p, p->pos, ","))
            break;
        p->pos++;
    }
    if (!p->failed && omp_expect(p, ")", "after the context selectors") && p->pos < p->ntoks)
        omp_expected(p, "the end of 'declare variant'");
}
