/*
 * pragma_ref.c - data references in dependence, copy and reduction lists (OMPSS.md "Data
 * references"):
 *
 *   ref     : '{' ref (',' iter)+ '}'                        multidependence
 *           | unary
 *   iter    : ident '=' expr (':' | ';') expr [':' step]
 *   unary   : '*' unary | '&' unary | ('[' expr ']')+ unary | postfix   shaping binds like a cast
 *   postfix : primary ( '[' subscript ']' | '.' ident | '->' ident )* ['++' | '--']
 *   subscript: expr | [expr] ':' [expr] | [expr] ';' expr    sections, lo:hi inclusive
 *   primary : ident | ident '(' ... ')' | '(' ref ')' | '(' expr ')' | '(' type ')' unary
 *
 * Expressions inside brackets are kept as balanced source text (omp_scan_expr).  A
 * parenthesised group is first tried as a reference (speculatively, without diagnostics);
 * when it is not one it is kept as a C expression, or read as a cast when an operand follows.
 * `&x` and `p++` are pointer values, not objects: kept as C expressions too, so that
 * `*&x` and `*p++` (OpenMP's "lvalue expression" list items, gcc accepts them) work.
 */
#include "mcc.h"

#include <string.h>

#define TOK(p, i) (int)(p)->toks[i].len, (p)->text + (p)->toks[i].off

static struct omp_ref *parse_unary(struct omp_parser *p);

static struct omp_ref *new_ref(struct omp_parser *p, enum omp_ref_kind kind)
{
    struct omp_ref *r = omp_alloc(p, sizeof *r);
    r->kind = kind;
    return r;
}

/* The reference's own text: tokens [from, p->pos). */
static struct omp_ref *finish(struct omp_parser *p, struct omp_ref *r, int from)
{
    r->text = omp_span(p, from, p->pos);
    return r;
}

/* An expression up to one of `stops`; empty is an error unless `optional`. */
static bool scan_part(struct omp_parser *p, const char *stops, bool optional,
                      struct omp_expr *out, const char *what)
{
    int end = omp_scan_expr(p, p->pos, stops);
    if (p->failed)
        return false;
    if (end == p->pos && !optional) {
        omp_expected(p, what);
        return false;
    }
    *out = omp_span(p, p->pos, end);
    p->pos = end;
    return true;
}

/* '[' already seen: an index or a section. */
static struct omp_ref *parse_subscript(struct omp_parser *p, struct omp_ref *base, int from)
{
    struct omp_ref *r = new_ref(p, OMP_REF_SUBSCRIPT);
    r->base = base;
    p->pos++;
    if (omp_is(p, p->pos, "]")) {
        omp_perror(p, p->pos, "empty subscript in data reference");
        return NULL;
    }
    if (!scan_part(p, ":;]", true, &r->index, "an index"))
        return NULL;
    if (omp_is(p, p->pos, ":")) {
        p->pos++;
        r->kind = OMP_REF_SECTION;
        r->form = p->in_depend ? OMP_SECT_OMP_LEN : OMP_SECT_LO_HI;
        if (!scan_part(p, ":]", true, &r->bound, "an upper bound"))
            return NULL;
    } else if (omp_is(p, p->pos, ";")) {
        p->pos++;
        r->kind = OMP_REF_SECTION;
        r->form = OMP_SECT_LO_LEN;
        if (!scan_part(p, ":]", false, &r->bound, "a length after ';'"))
            return NULL;
    }
    if (omp_is(p, p->pos, ":")) {
        omp_perror(p, p->pos, "array sections with a stride are not supported");
        return NULL;
    }
    if (!omp_expect(p, "]", "to close the subscript"))
        return NULL;
    return finish(p, r, from);
}

static struct omp_ref *parse_member(struct omp_parser *p, struct omp_ref *base, int from)
{
    struct omp_ref *r = new_ref(p, omp_is(p, p->pos, ".") ? OMP_REF_MEMBER : OMP_REF_ARROW);
    r->base = base;
    p->pos++;
    if (p->toks[p->pos].kind != OMP_TOK_IDENT) {
        omp_perror(p, p->pos, "expected a member name after '%s'", r->kind == OMP_REF_MEMBER ? "." : "->");
        return NULL;
    }
    r->member = omp_span(p, p->pos, p->pos + 1);
    p->pos++;
    return finish(p, r, from);
}

bool omp_ref_is_region(const struct omp_ref *r)
{
    for (; r; r = r->base)
        if (r->kind == OMP_REF_SECTION || r->kind == OMP_REF_SHAPE || r->kind == OMP_REF_MULTI)
            return true;
    return false;
}

const struct omp_ref *omp_ref_root(const struct omp_ref *r)
{
    while (r->base)
        r = r->base;
    return r;
}

/* '(' at p->pos; `close` is its matching ')'. */
static struct omp_ref *parse_paren(struct omp_parser *p, int close)
{
    int open = p->pos;
    p->pos = open + 1;
    p->trial++;
    struct omp_ref *inner = omp_parse_ref(p);
    bool is_ref = inner && !p->failed && p->pos == close;
    p->trial--;
    p->failed = false;
    p->pos = close + 1;
    /* An operand after the group makes it a cast, even when the group also reads as a
     * reference: the name of `(dptr)v` is a typedef, `(typeof(q))q` looks like a call.
     * `(fp)(x)` may be a call instead; either way it is one expression, typed later. */
    bool cast = p->toks[p->pos].kind == OMP_TOK_IDENT || omp_is(p, p->pos, "(");
    if (is_ref && !cast && inner->kind != OMP_REF_EXPR)
        return inner;
    if (is_ref && !cast)   /* keep the parentheses: ((char *)q)[i] is not (char *)q[i] */
        return finish(p, inner, open);
    if (cast) {
        /* A cast: keep "(type) operand" as one expression. */
        struct omp_ref *operand = parse_unary(p);
        if (!operand)
            return NULL;
        if (omp_ref_is_region(operand)) {
            omp_perror(p, open, "a cast cannot apply to an array section or a shaping expression");
            return NULL;
        }
    }
    return finish(p, new_ref(p, OMP_REF_EXPR), open);
}

static struct omp_ref *parse_primary(struct omp_parser *p)
{
    int from = p->pos;
    if (p->toks[from].kind == OMP_TOK_IDENT) {
        p->pos++;
        if (!omp_is(p, p->pos, "("))
            return finish(p, new_ref(p, OMP_REF_NAME), from);
    } else if (!omp_is(p, from, "(")) {
        omp_expected(p, "a data reference");
        return NULL;
    }
    /* A call f(...) or a parenthesised group: find the matching ')'. */
    int close = omp_scan_expr(p, p->pos + 1, "");
    if (p->failed)
        return NULL;
    if (!omp_is(p, close, ")")) {
        omp_perror(p, p->pos, "unbalanced '('");
        return NULL;
    }
    if (p->pos > from) {
        p->pos = close + 1;
        return finish(p, new_ref(p, OMP_REF_EXPR), from);
    }
    return parse_paren(p, close);
}

/* An operand of '&' or of a postfix '++'/'--' is an object, never a region. */
static struct omp_ref *value_of(struct omp_parser *p, struct omp_ref *operand, int from,
                                const char *op)
{
    if (omp_ref_is_region(operand)) {
        omp_perror(p, from, "'%s' cannot apply to an array section or a shaping expression", op);
        return NULL;
    }
    return finish(p, new_ref(p, OMP_REF_EXPR), from);
}

static struct omp_ref *parse_postfix(struct omp_parser *p)
{
    int from = p->pos;
    struct omp_ref *r = parse_primary(p);
    while (r) {
        if (omp_is(p, p->pos, "["))
            r = parse_subscript(p, r, from);
        else if (omp_is(p, p->pos, ".") || omp_is(p, p->pos, "->"))
            r = parse_member(p, r, from);
        else
            break;
    }
    if (r && (omp_is(p, p->pos, "++") || omp_is(p, p->pos, "--"))) {
        const char *op = omp_is(p, p->pos, "++") ? "++" : "--";
        p->pos++;
        return value_of(p, r, from, op);
    }
    return r;
}

/* ('[' expr ']')+ unary */
static struct omp_ref *parse_shape(struct omp_parser *p)
{
    int from = p->pos;
    struct omp_ref *r = new_ref(p, OMP_REF_SHAPE);
    struct omp_vec dims = { 0 };
    while (omp_is(p, p->pos, "[")) {
        struct omp_expr *d = omp_vec_push(&dims, sizeof *d);
        p->pos++;
        if (!scan_part(p, "]", false, d, "a shape dimension")
            || !omp_expect(p, "]", "to close the shape dimension"))
            break;
    }
    r->ndims = dims.n;
    r->dims = omp_vec_finish(p, &dims, sizeof *r->dims);
    if (p->failed || !(r->base = parse_unary(p)))
        return NULL;
    return finish(p, r, from);
}

static struct omp_ref *parse_unary(struct omp_parser *p)
{
    int from = p->pos;
    if (omp_is(p, p->pos, "[")) {
        return parse_shape(p);
    } else if (omp_is(p, p->pos, "*")) {
        struct omp_ref *r = new_ref(p, OMP_REF_DEREF);
        p->pos++;
        if (!(r->base = parse_unary(p)))
            return NULL;
        if (r->base->kind == OMP_REF_SHAPE) {   /* no C expression is `*` of a shape */
            omp_perror(p, from, "'*' cannot apply to a shaping expression: '[n]p' is an "
                       "array of n elements; subscript it, or shape '*p' instead");
            return NULL;
        }
        return finish(p, r, from);
    } else if (omp_is(p, p->pos, "&")) {
        p->pos++;
        struct omp_ref *operand = parse_unary(p);
        return operand ? value_of(p, operand, from, "&") : NULL;
    }
    return parse_postfix(p);
}

/* ident '=' expr (':' | ';') expr [':' step] */
static bool parse_iter(struct omp_parser *p, struct omp_iter *it)
{
    if (p->toks[p->pos].kind != OMP_TOK_IDENT || !omp_is(p, p->pos + 1, "=")) {
        omp_perror(p, p->pos, "expected 'name = range' in multidependence");
        return false;
    }
    it->var = omp_span(p, p->pos, p->pos + 1);
    p->pos += 2;
    if (!scan_part(p, ":;,}", false, &it->lo, "a lower bound"))
        return false;
    if (omp_is(p, p->pos, ":")) {
        it->form = OMP_SECT_LO_HI;
    } else if (omp_is(p, p->pos, ";")) {
        it->form = OMP_SECT_LO_LEN;
    } else {
        omp_perror(p, p->pos, "expected ':' or ';' in the range of '%s'", it->var.text);
        return false;
    }
    p->pos++;
    if (!scan_part(p, ":,}", false, &it->bound,
                   it->form == OMP_SECT_LO_HI ? "an upper bound" : "a length after ';'"))
        return false;
    if (!omp_is(p, p->pos, ":"))
        return true;
    p->pos++;
    return scan_part(p, ",}", false, &it->step, "a step after ':'");
}

/* Does an iterator's begin, end or step (tokens [from, to)) name another iterator of the
 * same modifier?  OpenMP evaluates every range before any iterator takes a value (gcc:
 * "end expression refers to outer iterator"), so a range cannot depend on one: report it
 * rather than lower `j = 0:i` as a triangle. */
static bool range_names_iterator(struct omp_parser *p, int from, int to, const int *names,
                                 int n, int self, const char *what)
{
    for (int t = from; t < to; t++) {
        if (p->toks[t].kind != OMP_TOK_IDENT || (t > from && (omp_is(p, t - 1, ".") ||
                                                             omp_is(p, t - 1, "->"))))
            continue;
        for (int k = 0; k < n; k++)
            if (k != self && p->toks[t].len == p->toks[names[k]].len &&
                memcmp(p->text + p->toks[t].off, p->text + p->toks[names[k]].off,
                       p->toks[t].len) == 0) {
                omp_perror(p, t, "the %s of iterator '%.*s' names iterator '%.*s' of the same "
                           "'iterator' modifier (every range is evaluated before the iterators "
                           "take values)", what, TOK(p, names[self]), TOK(p, t));
                return true;
            }
    }
    return false;
}

bool omp_parse_iterators(struct omp_parser *p, struct omp_vec *iters)
{
    enum { MAXIT = 64 };
    int names[MAXIT], parts[MAXIT][4], n = 0;     /* name tokens; begin, ':', end, ')' or ':' */
    for (;;) {
        int name = p->pos;      /* the name is the identifier before '=': a type may come first */
        while (name < p->ntoks && !omp_is(p, name + 1, "=") && !omp_is(p, name, ")"))
            name++;
        if (name >= p->ntoks || p->toks[name].kind != OMP_TOK_IDENT) {
            omp_perror(p, p->pos, "expected '[type] name = begin:end' in 'iterator'");
            return false;
        }
        bool pointer = false;           /* its type: an integer (counted as long) or a pointer */
        for (int t = p->pos; t < name; t++)
            pointer |= omp_is(p, t, "*");
        for (int t = p->pos; t < name && !pointer; t++)
            if (omp_is(p, t, "double") || omp_is(p, t, "float") || omp_is(p, t, "_Complex")) {
                omp_perror(p, name, "iterator '%.*s' has neither integral nor pointer type",
                           TOK(p, name));
                return false;
            }
        struct omp_iter *it = omp_vec_push(iters, sizeof *it);
        if (pointer)
            it->type = omp_span(p, p->pos, name);
        if (name > p->pos)
            it->written = omp_span(p, p->pos, name);
        it->var = omp_span(p, name, name + 1);
        it->form = OMP_SECT_LO_END;
        p->pos = name + 2;
        int *at = parts[n < MAXIT ? n : MAXIT - 1];
        at[0] = p->pos;
        if (!scan_part(p, ":", false, &it->lo, "a begin"))
            return false;
        at[1] = p->pos;
        if (!omp_expect(p, ":", "after the iterator's begin") ||
            !scan_part(p, ":,)", false, &it->bound, "an end"))
            return false;
        at[2] = p->pos;
        if (omp_is(p, p->pos, ":")) {
            p->pos++;
            if (!scan_part(p, ",)", false, &it->step, "a step after ':'"))
                return false;
        }
        at[3] = p->pos;
        if (n < MAXIT)
            names[n++] = name;
        if (omp_is(p, p->pos, ")")) {
            for (int k = 0; k < n; k++)
                if (range_names_iterator(p, parts[k][0], parts[k][1], names, n, k, "begin") ||
                    range_names_iterator(p, parts[k][1] + 1, parts[k][2], names, n, k, "end") ||
                    range_names_iterator(p, parts[k][2] + 1, parts[k][3], names, n, k, "step"))
                    return false;
            p->pos++;
            return true;
        }
        if (!omp_expect(p, ",", "between iterators"))
            return false;
    }
}

/* '{' ref (',' iter)+ '}' */
static struct omp_ref *parse_multi(struct omp_parser *p)
{
    int from = p->pos;
    struct omp_ref *r = new_ref(p, OMP_REF_MULTI);
    struct omp_vec iters = { 0 };
    p->pos++;
    r->base = omp_parse_ref(p);
    while (r->base && !p->failed && omp_is(p, p->pos, ",")) {
        p->pos++;
        parse_iter(p, omp_vec_push(&iters, sizeof(struct omp_iter)));
    }
    r->niters = iters.n;
    r->iters = omp_vec_finish(p, &iters, sizeof *r->iters);
    if (p->failed || !r->base)
        return NULL;
    if (r->niters == 0) {
        omp_perror(p, p->pos, "expected ', name = range' in multidependence");
        return NULL;
    }
    if (!omp_expect(p, "}", "to close the multidependence"))
        return NULL;
    return finish(p, r, from);
}

/* One list item; NULL (error reported) when it is malformed. */
struct omp_ref *omp_parse_ref(struct omp_parser *p)
{
    if (omp_is(p, p->pos, "{"))
        return parse_multi(p);
    return parse_unary(p);
}
