/*
 * lower_calls.c - the arguments an OpenCL or CUDA implementation gets (the seed's
 * `calls` clause).
 *
 * An implementation g of the task `of` (g == of: the task's own kernel) runs from of's
 * argument block.  Its run function declares of's parameters by their names, computes one
 * value per parameter of g, then declares g's parameters from those values in an inner
 * block, where ndrange and shmem are evaluated (g's names first, then of's).  Parameter i
 * of g gets
 *   calls(e1, ..., en)   e_i, an expression of of's parameters (n is g's count): the
 *                        seed's Código 7, a kernel whose arguments are not the task's;
 *   by name              of's parameter of the same name, when every parameter of g has
 *                        one (the seed's default: match by name and type);
 *   by position          of's i-th parameter, when both have as many (names may differ).
 * A pointer argument is a BUFFER (the device's copy) when it points into data copied for
 * the task: of's parameter of that name or position, or for calls the parameters the
 * expression names (`x + off` passes an address inside x's copy), copied by of's clauses
 * or g's.
 */
#include "mcc.h"

#include <stdlib.h>
#include <string.h>

#define EACH_PARAM(f, p) \
    for (struct ast *p = (f)->params ? (f)->params->kid[0] : NULL; p; p = p->next)

static const char *fname(struct lower *L, const struct lower_ftask *f)
{
    return arena_strndup(L->a, f->name->str, f->name->len);
}

static const char *pname(struct lower *L, const struct ast *p)
{
    return arena_strndup(L->a, p->sym->name->str, p->sym->name->len);
}

static int count(const struct lower_ftask *f)
{
    int n = 0;
    EACH_PARAM(f, p)
        n++;
    return n;
}

static struct ast *param_named(const struct lower_ftask *f, const char *s, size_t n)
{
    EACH_PARAM(f, p)
        if (p->sym && p->sym->name->len == n && !memcmp(p->sym->name->str, s, n))
            return p;
    return NULL;
}

static bool is_pointer(const struct ast *p)
{
    return p && p->sym && p->sym->type == TYPE_POINTER;
}

/* Does g or of copy of's pointer parameter q to the device? */
static bool copied(struct lower *L, const struct lower_ftask *g, const struct lower_ftask *of,
                   const struct ast *q)
{
    return is_pointer(q) && (lower_dir_copies(L, &g->dir, pname(L, q)) ||
                             lower_dir_copies(L, &of->dir, pname(L, q)));
}

/* ---- calls(...) ------------------------------------------------------------------------- */

struct calls_check {
    struct lower *L;
    const struct lower_ftask *g, *of;
    const struct omp_expr *e;
    bool buffer;                    /* names a pointer parameter copied for the task */
    bool bad;
};

/* A name in a calls expression: of's parameter, or what names no object (a type, an enum
 * constant, a built-in). */
static const char *calls_name(void *arg, const char *s, size_t n)
{
    struct calls_check *c = arg;
    struct ast *q = param_named(c->of, s, n);
    if (q) {
        c->buffer |= copied(c->L, c->g, c->of, q);
        return NULL;
    }
    struct name *nm = name_intern(&c->L->t->parser, s, n);
    bool harmless = nm->keyword || (n > 10 && !memcmp(s, "__builtin_", 10)) ||
                    (nm->ord && (nm->ord->kind == SYM_TYPEDEF || nm->ord->kind == SYM_ENUM_CONST));
    if (!harmless && !c->bad)
        mcc_error_at(&c->e->loc, "'%.*s' in 'calls' is not a parameter of '%s': calls(...) "
                     "lists expressions of the parameters of the task the kernel implements",
                     (int)n, s, fname(c->L, c->of));
    c->bad |= !harmless;
    return NULL;
}

static bool from_calls(struct lower *L, const struct lower_ftask *g, const struct lower_ftask *of,
                       const struct omp_clause *calls, struct impl_arg *args)
{
    int n = count(g);
    if (calls->nargs != n) {
        mcc_error_at(&calls->loc, "'calls' gives %d argument%s but '%s' has %d parameter%s",
                     calls->nargs, calls->nargs == 1 ? "" : "s", fname(L, g), n, n == 1 ? "" : "s");
        return false;
    }
    bool ok = true;
    int i = 0;
    EACH_PARAM(g, p) {
        struct calls_check c = {L, g, of, &calls->args[i], false, false};
        lower_map_idents(L, calls->args[i].text, calls_name, &c);
        args[i].src = arena_printf(L->a, "(%s)", calls->args[i].text);
        args[i].buffer = is_pointer(p) && c.buffer;
        /* a parameter given whole: a pointer for a value or a value for a pointer is a
         * mistake gcc only warned about in the generated code (calls(x, n) for a kernel
         * taking (int n, float *x): the pointer truncated into n) */
        const char *t = calls->args[i].text;
        size_t len = strlen(t);
        while (len > 0 && (t[len - 1] == ' ' || t[len - 1] == '\t'))
            len--;
        while (len > 0 && (*t == ' ' || *t == '\t'))
            t++, len--;
        struct ast *q = param_named(of, t, len);
        if (q && !c.bad && is_pointer(p) != is_pointer(q) &&
            !lower_map_get(&L->reported, &calls->args[i])) {
            lower_map_put(L, &L->reported, &calls->args[i], (void *)t);  /* (checked twice) */
            mcc_error_at(&calls->args[i].loc, "'calls' argument %d, '%.*s', is %sa pointer "
                         "but parameter %d of '%s' is %s", i + 1, (int)len, t,
                         is_pointer(q) ? "" : "not ", i + 1, fname(L, g),
                         is_pointer(p) ? "one" : "not");
        }
        ok &= !(q && !c.bad && is_pointer(p) != is_pointer(q));
        ok &= !c.bad;
        i++;
    }
    return ok;
}

/* ---- by name, by position ----------------------------------------------------------------- */

static bool all_named(const struct lower_ftask *g, const struct lower_ftask *of)
{
    EACH_PARAM(g, p)
        if (!p->sym || !param_named(of, p->sym->name->str, p->sym->name->len))
            return false;
    return true;
}

/* Is parameter p of g a pointer where q of of is not, or the other way (an error, said at
 * p)?  The value would pass converted, or not at all. */
static bool pointer_mismatch(struct lower *L, const struct lower_ftask *g,
                             const struct lower_ftask *of, const struct ast *p,
                             const struct ast *q)
{
    if (is_pointer(p) == is_pointer(q))
        return false;
    struct mcc_loc at = source_loc(&L->t->src, p->begin);
    mcc_error_at(&at, "'%s' is %sa pointer in '%s' but %sin '%s', which it implements: "
                 "give the kernel's arguments with calls(...)", pname(L, p),
                 is_pointer(p) ? "" : "not ", fname(L, g), is_pointer(p) ? "not " : "",
                 fname(L, of));
    return true;
}

static bool by_name(struct lower *L, const struct lower_ftask *g, const struct lower_ftask *of,
                    struct impl_arg *args)
{
    int i = 0;
    EACH_PARAM(g, p) {
        struct ast *q = param_named(of, p->sym->name->str, p->sym->name->len);
        if (pointer_mismatch(L, g, of, p, q))
            return false;
        args[i].src = pname(L, q);
        args[i].buffer = copied(L, g, of, q) || lower_dir_copies(L, &g->dir, pname(L, p));
        args[i].pointers = is_pointer(p);
        i++;
    }
    return true;
}

static bool by_position(struct lower *L, const struct lower_ftask *g,
                        const struct lower_ftask *of, struct impl_arg *args)
{
    struct ast *q = of->params ? of->params->kid[0] : NULL;
    int i = 0;
    EACH_PARAM(g, p) {
        if (g != of && pointer_mismatch(L, g, of, p, q))
            return false;
        args[i].src = pname(L, q);
        args[i].pointers = is_pointer(p) && is_pointer(q);
        args[i].buffer = is_pointer(p) && (copied(L, g, of, q) ||
                                           lower_dir_copies(L, &g->dir, pname(L, p)));
        q = q->next;
        i++;
    }
    return true;
}

struct impl_arg *lower_calls_bind(struct lower *L, const struct lower_ftask *g,
                                  const struct lower_ftask *of)
{
    int n = count(g), m = count(of);
    struct impl_arg *args = arena_alloc(L->a, (size_t)(n ? n : 1) * sizeof *args);
    memset(args, 0, (size_t)(n ? n : 1) * sizeof *args);
    const struct omp_clause *calls = lower_dir_find(&g->dir, OMP_CL_CALLS);
    if (calls)
        return from_calls(L, g, of, calls, args) ? args : NULL;
    if (g == of) {
        by_position(L, g, of, args);
        return args;
    }
    if (all_named(g, of))
        return by_name(L, g, of, args) ? args : NULL;
    if (n == m)
        return by_position(L, g, of, args) ? args : NULL;
    const struct omp_clause *impl = lower_dir_find(&g->dir, OMP_CL_IMPLEMENTS);
    struct mcc_loc loc = impl ? impl->args[0].loc : g->dir.dir ? g->dir.dir->loc : g->dir.target->loc;
    mcc_error_at(&loc, "'%s' has %d parameter%s but implements '%s', which has %d; name them "
                 "as '%s' does, or give the kernel's arguments with calls(...)", fname(L, g), n,
                 n == 1 ? "" : "s", fname(L, of), m, fname(L, of));
    return NULL;
}

/* ---- the run function's locals -------------------------------------------------------------- */

/* `decl = value;` for parameter p (array and variably modified ones through __typeof__). */
static void local_param(struct lower *L, struct lower_buf *b, const struct ast *p,
                        const char *value)
{
    const char *x = pname(L, p);
    char *decl = p->sym->array_param || lower_declarator_is_vm(p->kid[1]) ? NULL
                 : lower_decl_text(L, p->sym, NULL);
    /* (unused by attribute: the next declarations follow) */
    if (decl)
        lbuf_printf(b, "    __attribute__((__unused__)) %s = %s;\n", decl, value);
    else
        lbuf_printf(b, "    __attribute__((__unused__)) __typeof__(%s) %s = %s;\n", value, x,
                    value);
}

void lower_calls_locals(struct lower *L, struct lower_buf *b, const struct lower_ftask *g,
                        const struct lower_ftask *of, const struct impl_arg *args,
                        const char *between)
{
    /* The parameters as locals of the run function, under their own names (the kernel's
     * arguments name them), at the end of the unit: they hide the globals declared since
     * the prototype, and the kernel's the task's of the same names, on purpose: -Wshadow
     * is off for these declarations. */
    lbuf_puts(b, lower_shadow_off);
    EACH_PARAM(of, q)
        local_param(L, b, q, arena_printf(L->a, "__nrt_p->%s", pname(L, q)));
    if (g == of && !lower_dir_has(&g->dir, OMP_CL_CALLS)) {
        /* its own kernel: the parameters are its arguments */
        lbuf_printf(b, "%s%s    {\n", lower_shadow_on, between ? between : "");
        return;
    }
    int i = 0;
    EACH_PARAM(g, p)
        lbuf_printf(b, "    __typeof__(%s) %s = %s;\n", args[i].src,
                    lower_local_name(L, LL_ARG, i, NULL), args[i].src), i++;
    lbuf_printf(b, "%s    {\n", between ? between : "");
    i = 0;
    EACH_PARAM(g, p) {
        const char *v = lower_local_name(L, LL_ARG, i, NULL);
        /* (through an integer: a pointer to const casts without -Wcast-qual's warning,
           and converts to whichever pointer the parameter is) */
        if (args[i].pointers)
            v = arena_printf(L->a, "(void *)(" LOWER_SIZE_T ")%s", v);
        local_param(L, b, p, v);
        i++;
    }
    lbuf_puts(b, lower_shadow_on);
}
