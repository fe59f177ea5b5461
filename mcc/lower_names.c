/*
 * lower_names.c - the names of what generated code defines for a construct or a function
 * task, `<base>__nrt_<what>[<n>]`, spelled in one place (mcc.h's LOWER_NAMES list).  The
 * base is the user's function (its type, run and spawn functions, its serial clone) or the
 * function enclosing an inline task, numbered then by the unit's serial count.  These names
 * reach objects, gdb and other units (a function task's type is extern), so they must not
 * change by accident.  The names generated code declares inside one construct's code,
 * `__nrt_<what>` (mcc.h's LOWER_LOCAL_NAMES), are spelled here too.  The native compiler's
 * messages name the functions generated code defines (`In function 'main__nrt_task1'`,
 * `passing argument 1 of 'f__nrt_spawn'`): the driver turns them back into the user's
 * (lower_names_for_user).
 */
#include "mcc.h"

#include <string.h>

static const char *const spelling[] = {
#define X(kind, what) [kind] = what,
    LOWER_NAMES(X)
#undef X
};

/* Is the function being lowered inline and of external linkage: an inline definition
 * (`inline void f()` in a header, C99 6.7.4; `extern inline` under gnu89's rules, which
 * -std=gnu89 and -fgnu89-inline follow) or the unit's external one?  An inline definition
 * may not name a static (gcc: "'f__nrt_type1' is static but used in inline function 'f'
 * which is not static", a warning at a column of mcc's code in every unit that includes
 * it): what it names of mcc's is external then, named with lower_unit_tag (for the
 * external definition too: which one it is depends on the dialect). */
bool lower_in_external_inline(struct lower *L)
{
    unsigned fl = L->fn && L->fn->kid[0] ? L->fn->kid[0]->flags : 0;
    return (fl & SPEC_INLINE) && !(fl & SPEC_STATIC);
}

/* `__x` and a hash of the unit's text: the units that include one header name their
 * external outlines of its inline functions differently (no "multiple definition"; each
 * unit's inline definition creates its own tasks). */
const char *lower_unit_tag(struct lower *L)
{
    if (!L->unit_tag) {
        unsigned long long h = 1469598103934665603ull;      /* FNV-1a */
        for (size_t i = 0; i < L->t->src.len; i++)
            h = (h ^ (unsigned char)L->t->src.text[i]) * 1099511628211ull;
        L->unit_tag = arena_printf(L->a, "__x%016llx", h);
    }
    return L->unit_tag;
}

const char *lower_name(struct lower *L, enum lower_name kind, const char *base, int n)
{
    if (n < 0)
        return arena_printf(L->a, "%s__nrt_%s", base, spelling[kind]);
    return arena_printf(L->a, "%s__nrt_%s%d", base, spelling[kind], n);
}

enum local_form { NUM, NAME, BOTH };

static const struct {
    const char *what;
    enum local_form form;
} locals[] = {
#define X(kind, what, form) [kind] = {what, form},
    LOWER_LOCAL_NAMES(X)
#undef X
};

/* A temporary of v->decl, `type __nrt_valN = cast(e)` (`&(e)` with addr), by which code names
 * src from now on: `(*__nrt_valN)` with addr, else `__nrt_valN`. */
static const char *hold(struct lower *L, struct lower_values *v, const struct omp_expr *src,
                        const char *type, const char *cast, const char *e, bool addr)
{
    const char *t = lower_local_name(L, LL_VALUE, L->values++, NULL);
    lbuf_printf(&v->decl, "%s %s = %s%s(%s); ", type, t, cast, addr ? "&" : "", e);
    const char *use = addr ? arena_printf(L->a, "(*%s)", t) : t;
    if (src)
        lower_map_put(L, &v->held, src, (void *)use);
    return use;
}

const char *lower_once(struct lower *L, struct lower_values *v, const struct omp_expr *src,
                       const char *e, bool addr)
{
    const char *held = src ? lower_map_get(&v->held, src) : NULL;
    if (held || !lower_has_effects(e))
        return held ? held : e;
    return hold(L, v, src, "__auto_type", "", e, addr);
}

const char *lower_once_long(struct lower *L, struct lower_values *v, const struct omp_expr *src,
                            const char *e)
{
    const char *held = src ? lower_map_get(&v->held, src) : NULL;
    if (held || e[strspn(e, "0123456789")] == '\0')
        return held ? held : e;
    return hold(L, v, src, "long", "(long)", e, false);
}

const char *lower_local_name(struct lower *L, enum lower_local_name kind, int n, const char *x)
{
    switch (locals[kind].form) {
    case NUM:
        return arena_printf(L->a, "__nrt_%s%d", locals[kind].what, n);
    case NAME:
        return arena_printf(L->a, "__nrt_%s%s", locals[kind].what, x);
    default:
        return arena_printf(L->a, "__nrt_%s%d_%s", locals[kind].what, n, x);
    }
}

const char *lower_cancel_goto(struct lower *L, struct lower_nest *n)
{
    if (!n->cancel_label)
        n->cancel_label = lower_local_name(L, LL_CANCEL_LABEL, ++L->serial, NULL);
    return n->cancel_label;
}

const char *lower_cancel_place(struct lower *L, struct lower_nest *n)
{
    if (!n || !n->cancel_label)
        return "";
    const char *at = arena_printf(L->a, "%s: ; ", n->cancel_label);
    n->cancel_label = NULL;
    return at;
}

const char *lower_cancel_barrier(struct lower *L, struct lower_nest *par)
{
    if (!par || par->dir->kind != OMP_DIR_PARALLEL || par->dir->parallel)
        return "";
    return arena_printf(L->a, "if (" LOWER_CANCEL_ON " && nanort_cancel(NANORT_CANCEL_PARALLEL, "
                        "0)) goto %s; ", lower_cancel_goto(L, par));
}

struct lower_cancel_scope lower_cancel_scope(struct lower *L, const char *kind)
{
    const char *x = lower_local_name(L, LL_CANCEL_SCOPE, ++L->serial, NULL);
    return (struct lower_cancel_scope){
        .decl = arena_printf(L->a, "nanort_cancel_scope %s; ", x),
        .begin = arena_printf(L->a, "if (" LOWER_CANCEL_ON ") nanort_cancel_begin(&%s, %s); ",
                              x, kind),
        .end = arena_printf(L->a, "if (" LOWER_CANCEL_ON ") nanort_cancel_end(&%s); ", x)};
}

/* ---- generated names in the native compiler's messages ------------------------------- */

static bool ident_char(char c)
{
    return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9');
}

/* Is [s, e) the spelling of a generated function's kind, then digits (`task12`) or the
 * task an implementation's is for (`ocl_as_saxpy`, lower_task.c)? */
static bool function_kind(const char *s, const char *e)
{
    static const enum lower_name fns[] = { LN_TASK, LN_RUN, LN_SPAWN, LN_SERIAL, LN_OCL,
                                           LN_CUDA };
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
        size_t n = strlen(spelling[fns[i]]);
        if ((size_t)(e - s) < n || memcmp(s, spelling[fns[i]], n))
            continue;
        const char *d = s + n;
        while (d < e && *d >= '0' && *d <= '9')
            d++;
        if (d == e || (d == s + n && e - d > 4 && !memcmp(d, "_as_", 4)))
            return true;
    }
    return false;
}

/* One generated function's name in line, from its last `__nrt_` on, replaced by its base
 * (the user's function); false when there is none. */
static bool strip_one(char *line)
{
    for (char *at = strstr(line, "__nrt_"); at; at = strstr(at + 1, "__nrt_")) {
        char *b = at, *e = at + 6;
        while (b > line && ident_char(b[-1]))
            b--;
        while (ident_char(*e))
            e++;
        char *last = at;
        for (char *q = strstr(at + 1, "__nrt_"); q && q < e; q = strstr(q + 1, "__nrt_"))
            last = q;
        if (last == b || !function_kind(last + 6, e))
            continue;
        memmove(last, e, strlen(e) + 1);
        return true;
    }
    return false;
}

void lower_names_for_user(char *line)
{
    while (strip_one(line))
        ;
}
