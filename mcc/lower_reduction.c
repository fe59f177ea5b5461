/*
 * lower_reduction.c - reductions: `declare reduction` identifiers remembered for the
 * reduction clauses of the unit, a private copy's initialisation and its combination into
 * the original (scalars, arrays of known size element by element), shared by inline tasks,
 * function tasks and regions (lower_inline.c, lower_task.c, lower_omp.c).
 */
#include "mcc.h"

#include <stdint.h>
#include <string.h>

struct innermost {
    size_t at, end;
};

static bool innermost_block(struct ast *n, void *arg)
{
    struct innermost *b = arg;
    if (n->begin > b->at || b->at >= n->end)
        return false;                   /* the declaration is not inside n */
    if (n->kind == AST_COMPOUND)
        b->end = n->end;
    return true;
}

size_t lower_reduction_scope_end(struct lower *L, size_t at)
{
    if (!L->fn)
        return SIZE_MAX;
    struct innermost b = {at, L->fn->end};
    ast_walk(L->fn, innermost_block, &b);
    return b.end;
}

void lower_reduction_declare(struct lower *L, struct omp_directive *d, size_t at)
{
    if (!d->reduction || !d->reduction->id.text)
        return;
    for (struct lower_declred *o = L->declreds; o; o = o->next)
        if (o->from == at) {            /* the same directive lowered again: its new parse */
            o->r = d->reduction;
            o->types = lower_map_get(&L->red_types, d->reduction);
            return;
        }
    struct lower_declred *r = arena_alloc(L->a, sizeof *r);
    r->id = d->reduction->id.text;
    r->r = d->reduction;
    r->types = lower_map_get(&L->red_types, d->reduction);
    r->from = at;
    r->to = lower_reduction_scope_end(L, at);
    r->next = L->declreds;
    L->declreds = r;
}

static const char *red_identity(enum omp_reduction_op op)
{
    switch (op) {
    case OMP_RED_MUL: case OMP_RED_AND: return "1";
    case OMP_RED_BITAND: return "~0";
    default: return "0";
    }
}

struct red_map {
    const char *out, *in, *priv, *orig;
};

/* The combiner sees omp_out and omp_in, the initializer omp_priv and omp_orig (the map's
 * others are NULL): any other of the four names is the program's own. */
static const char *red_name(void *arg, const char *s, size_t n)
{
    struct red_map *m = arg;
    if (n == 7 && !memcmp(s, "omp_out", 7))
        return m->out;
    if (n == 6 && !memcmp(s, "omp_in", 6))
        return m->in;
    if (n == 8 && !memcmp(s, "omp_priv", 8))
        return m->priv;
    if (n == 8 && !memcmp(s, "omp_orig", 8))
        return m->orig;
    return NULL;
}

const char *lower_reduction_init_list(const char *init)
{
    while (*init == ' ' || *init == '\t')
        init++;
    if (strncmp(init, "omp_priv", 8))
        return NULL;
    init += 8;
    while (*init == ' ' || *init == '\t')
        init++;
    if (*init != '=' || init[1] == '=')
        return NULL;
    init++;
    while (*init == ' ' || *init == '\t')
        init++;
    return *init == '{' ? init : NULL;
}

/* (lower_reduction_reads_orig: notes omp_orig among the identifiers, replaces none) */
static const char *note_orig(void *arg, const char *s, size_t n)
{
    if (n == 8 && !memcmp(s, "omp_orig", 8))
        *(bool *)arg = true;
    return NULL;
}

bool lower_reduction_reads_orig(struct lower *L, const struct omp_ref *ref)
{
    const struct lower_declred *r = lower_map_get(&L->red_decl, ref);
    bool reads = false;
    if (r && r->r->initializer.text)
        lower_map_idents(L, r->r->initializer.text, note_orig, &reads);
    return reads;
}

/*
 * Initialise the private copy (into `pro`), and combine it into the original at the end
 * (into `epi`) under the critical section "nrt.reduction".  One lock for every reduction:
 * the same object may be reduced under different names (`*sum` in a function task, `total`
 * in an inline task), and a lock per name would not exclude those combines from each other.
 * Shared by inline tasks and function tasks (lower_task.c).
 */
void lower_reduction_code(struct lower *L, const struct omp_clause *red,
                          const struct omp_ref *ref, const struct lower_red_elems *e,
                          struct lower_buf *pro, struct lower_buf *epi)
{
    const char *priv = e->priv, *orig = e->orig;
    lbuf_printf(epi, "nanort_critical_enter(\"nrt.reduction\"); %s", e->open);
    enum omp_reduction_op op = red->red_op;
    const struct lower_declred *r = lower_map_get(&L->red_decl, ref);
    if (op == OMP_RED_USER || r) {      /* (an operator declared for a struct: r) */
        if (!r) {                       /* none visible (check.c chose none) */
            mcc_error_at(&red->loc, "unknown reduction '%s'", red->red_id.text);
            return;
        }
        struct red_map comb = {orig, priv, NULL, NULL};
        struct red_map init = {NULL, NULL, priv, e->seed ? e->seed : orig};
        const char *it = r->r->initializer.text, *list = it ? lower_reduction_init_list(it) : NULL;
        if (list)       /* omp_priv = { ... }: the list initializes a compound literal */
            lbuf_printf(pro, "%s%s = (__typeof__(%s))%s;%s\n", e->open, priv, priv,
                        lower_map_idents(L, list, red_name, &init), e->close);
        else if (it)
            lbuf_printf(pro, "%s%s;%s\n", e->open, lower_map_idents(L, it, red_name, &init),
                        e->close);
        else
            lbuf_printf(pro, "%s__builtin_memset(&%s, 0, sizeof %s);%s\n", e->open, priv, priv,
                        e->close);
        lbuf_printf(epi, "%s;", lower_map_idents(L, r->r->combiner.text, red_name, &comb));
    } else if (op == OMP_RED_MIN || op == OMP_RED_MAX) {
        lbuf_printf(pro, "nanort_critical_enter(\"nrt.reduction\"); %s%s = %s;%s "
                    "nanort_critical_leave(\"nrt.reduction\");\n", e->open, priv, orig,
                    e->close);
        lbuf_printf(epi, "if (%s %s %s) %s = %s;", priv, op == OMP_RED_MIN ? "<" : ">", orig,
                    orig, priv);
    } else {
        static const char *const ops[OMP_RED_COUNT] = {
            [OMP_RED_ADD] = "+", [OMP_RED_SUB] = "+", [OMP_RED_MUL] = "*",
            [OMP_RED_BITAND] = "&", [OMP_RED_BITOR] = "|", [OMP_RED_BITXOR] = "^",
            [OMP_RED_AND] = "&&", [OMP_RED_OR] = "||",
        };
        /* (cast: ~0 is an int, -Wsign-conversion for an unsigned copy) */
        lbuf_printf(pro, "%s%s = (__typeof__(%s))%s;%s\n", e->open, priv, priv, red_identity(op),
                    e->close);
        lbuf_printf(epi, "%s = %s %s %s;", orig, orig, ops[op], priv);
    }
    lbuf_printf(epi, "%s nanort_critical_leave(\"nrt.reduction\");\n", e->close);
}

/* How many array derivations s's type has from the outside in (`int v[3][4]`: 2, through
 * typedefs too), before the first other one, after passing `skip` derivations of any kind
 * (1: those of an element of an array or of what a pointer points to). */
static int array_depth(struct sym *s, int skip)
{
    struct ast *chain[32];
    int n = 0, depth = 0;
    for (struct ast *d = lower_full_declarator(s); d && d->kind != AST_DECL_NAME && n < 32;
         d = d->kid[0])
        chain[n++] = d;
    int i = n - 1;                  /* the derivation applied first to the name */
    for (; i >= 0 && skip > 0; skip--)
        i--;
    while (i >= 0 && chain[i]->kind == AST_DECL_ARRAY) {
        depth++;
        i--;
    }
    struct ast *list = i < 0 && s->specs ? s->specs->kid[0] : NULL;
    for (struct ast *sp = list ? list->kid[0] : NULL; sp; sp = sp->next)
        if (sp->kind == AST_TYPEDEF_REF && sp->sym && sp->sym != s)
            depth += array_depth(sp->sym, skip);
    return depth;
}

static const char *zeros(struct lower *L, int n)
{
    struct lower_buf z = {0};
    for (; n > 0; n--)
        lbuf_puts(&z, "[0]");
    return lbuf_take(&z, L->a);
}

void lower_reduction_array_elems(struct lower *L, struct sym *s, const char *priv, const char *orig,
                                 struct lower_red_elems *e)
{
    const char *z = zeros(L, array_depth(s, 0));
    e->open = arena_printf(L->a, "for (" LOWER_SIZE_T " __nrt_i = 0; __nrt_i < sizeof(%s) / "
                           "sizeof((%s)%s); __nrt_i++) { ", priv, priv, z);
    e->close = " }";
    e->priv = arena_printf(L->a, "((__typeof__((%s)%s) *)&(%s))[__nrt_i]", priv, z, priv);
    e->orig = arena_printf(L->a, "((__typeof__((%s)%s) *)&(%s))[__nrt_i]", orig, z, orig);
    e->seed = NULL;
}

/* What a reduction item mcc cannot privatise is ("a subscript after a section" for
 * m[0:2][1]). */
static const char *reduction_form(const struct omp_ref *r)
{
    bool member = false, inner_section = false, deref = false, shape = false;
    const struct omp_ref *root = r;
    for (const struct omp_ref *b = r; b; root = b, b = b->base) {
        member |= b->kind == OMP_REF_MEMBER || b->kind == OMP_REF_ARROW;
        inner_section |= b != r && b->kind == OMP_REF_SECTION;
        deref |= b->kind == OMP_REF_DEREF;
        shape |= b->kind == OMP_REF_SHAPE;
    }
    if (member)
        return "a member of a struct or union or a part of one";
    if (inner_section)
        return "a subscript after a section";
    if (shape)
        return "a shaping of something other than a pointer or array variable";
    if (deref)
        return "a dereference or a part of one";
    if (root->kind != OMP_REF_NAME)
        return "a part of an expression that is no variable";
    return "a form of item mcc does not privatise";
}

void lower_reduction_sorry(const struct omp_ref *r)
{
    mcc_error_at(&r->text.loc, "sorry, unimplemented: a reduction over '%s', %s (use a "
                 "variable, an array, a shaped pointer [n]p, a section a[lb:len] or "
                 "m[i][lb:len], sections of rows m[lb:len][lb2:len2], or an element m[i][j])", r->text.text,
                 reduction_form(r));
}

/* Is there a section below r (r's base, its base, ... through sections and subscripts)? */
static bool section_below(const struct omp_ref *r)
{
    for (r = r->base; r->kind == OMP_REF_SECTION || r->kind == OMP_REF_SUBSCRIPT; r = r->base)
        if (r->kind == OMP_REF_SECTION)
            return true;
    return false;
}

/* m[lb:len][:], m[lb:len][lb1:len1] or m[lb:len][i] (sections or subscripts of the rows'
 * dimensions after a section, a subscript being the section [i:1]): the section of rows
 * m[lb:len]; the number of such inner dimensions in *n. */
static const struct omp_ref *whole_rows(const struct omp_ref *r, int *n)
{
    for (*n = 0; ((r->kind == OMP_REF_SECTION && r->form != OMP_SECT_ELEMENT) ||
                  r->kind == OMP_REF_SUBSCRIPT) && section_below(r); ++*n)
        r = r->base;
    return r;
}

/* reduction(op: [n]h) on an array or a pointer h: the section h[0;n] of its first
 * dimension, which the section reductions privatise, whatever h's elements are (rows of a
 * `double (*sum)[dim]` in kmeans; the shaping [n][m]p keeps its own path,
 * capture_array_reduction); reduction(op: *p) on a pointer or array p (a dot
 * product into a result parameter, `*res += x[i] * y[i]`): the element p[0]; any other
 * item as it is. */
const struct omp_ref *lower_reduction_shaped_array(struct lower *L, const struct omp_ref *r,
                                                   const struct sym *s)
{
    struct omp_ref *sec;
    if (r->kind == OMP_REF_DEREF && r->base->kind == OMP_REF_NAME && s &&
        (s->type == TYPE_POINTER || s->type == TYPE_ARRAY)) {
        sec = arena_alloc(L->a, sizeof *sec);
        *sec = (struct omp_ref){ .kind = OMP_REF_SECTION, .text = r->text, .base = r->base,
                                 .index = { .text = "0", .loc = r->text.loc },
                                 .form = OMP_SECT_ELEMENT };
    } else if (r->kind != OMP_REF_SHAPE || r->ndims != 1 || r->base->kind != OMP_REF_NAME ||
               !s || (s->type != TYPE_ARRAY && s->type != TYPE_POINTER)) {
        return r;
    } else {
        sec = arena_alloc(L->a, sizeof *sec);
        *sec = (struct omp_ref){ .kind = OMP_REF_SECTION, .text = r->text, .base = r->base,
                                 .bound = r->dims[0], .form = OMP_SECT_LO_LEN };
    }
    void *declared = lower_map_get(&L->red_decl, r);    /* (check.c: the item's declared
                                                           reduction, by its reference) */
    if (declared)
        lower_map_put(L, &L->red_decl, sec, declared);
    return sec;
}

bool lower_reduction_section_item(const struct omp_ref *r)
{
    int rows;
    r = whole_rows(r, &rows);
    if (r->kind != OMP_REF_SECTION)
        return false;
    const struct omp_ref *b = r->base;
    while (b->kind == OMP_REF_SUBSCRIPT)
        b = b->base;
    return b->kind == OMP_REF_NAME;
}

/* The offset of m[i][j][0] from m's start, in elements of m[i][j] (the sum of each index
 * times the elements of its dimension, by sizeof: no address of the object is formed, and
 * each index evaluated once, into values; signed, so that an int index is not converted to
 * size_t under -Wsign-conversion), for the subscripts before an item's section
 * m[i][j][lb:len], each term followed by " + "; their number in *n. */
static const char *outer_offset(struct lower *L, const struct omp_ref *b, const char *parent,
                                struct lower_values *values, int *n)
{
    int k = 0;
    for (const struct omp_ref *x = b; x->kind == OMP_REF_SUBSCRIPT; x = x->base)
        k++;
    *n = k;
    struct lower_buf off = {0};
    const char *elem = zeros(L, k + 1);
    for (; b->kind == OMP_REF_SUBSCRIPT; b = b->base, k--)
        lbuf_printf(&off, "(" LOWER_PTRDIFF_T ")(%s) * (" LOWER_PTRDIFF_T ")(sizeof (%s)%s / "
                    "sizeof (%s)%s) + ",
                    lower_once(L, values, &b->index, lower_expr(L, b->index.text, NULL, 0), false),
                    parent, zeros(L, k), parent, elem);
    return off.len ? lbuf_take(&off, L->a) : "";
}

/* The bounds of the inner sections of m[lb:len][lb1:len1]... (r the item, `rows` of them
 * after the first section, `outer` subscripts before it) into sec: each lower bound and
 * length evaluated once where the construct is, a dimension's extent from the type of
 * `parent` (the variable as the creator names it) where the length is left out; a whole
 * dimension [:] gets none.  sec->ninner stays 0 where every inner section is whole. */
static void inner_sections(struct lower *L, const struct omp_ref *r, int rows,
                           const char *parent, int outer, struct lower_values *values,
                           struct lower_red_section *sec)
{
    sec->ninner = 0;
    sec->bounds = NULL;
    sec->inner_lb = arena_alloc(L->a, (size_t)(rows ? rows : 1) * sizeof *sec->inner_lb);
    sec->inner_len = arena_alloc(L->a, (size_t)(rows ? rows : 1) * sizeof *sec->inner_len);
    for (int j = rows; j > 0; j--, r = r->base) {       /* r: the section of dimension j */
        sec->inner_lb[j - 1] = sec->inner_len[j - 1] = NULL;
        if (!r->index.text && !r->bound.text)
            continue;
        if (r->kind == OMP_REF_SUBSCRIPT) {     /* m[lb:len][i]: [i:1] */
            sec->ninner = rows;
            sec->inner_lb[j - 1] = lower_once(L, values, &r->index,
                                              lower_expr(L, r->index.text, NULL, 0), false);
            sec->inner_len[j - 1] = "1";
            continue;
        }
        sec->ninner = rows;
        const char *lb = r->index.text ? lower_once(L, values, &r->index, lower_expr(L,
                                                    r->index.text, NULL, 0), false) : "0";
        const char *b = r->bound.text ? lower_once(L, values, &r->bound, lower_expr(L,
                                                   r->bound.text, NULL, 0), false) : NULL;
        if (b && r->form == OMP_SECT_LO_HI)
            b = arena_printf(L->a, "(%s) - (%s) + 1", b, lb);
        else if (!b)            /* to the dimension's end */
            b = arena_printf(L->a, "sizeof (%s)%s / sizeof (%s)%s - (%s)", parent,
                             zeros(L, outer + j), parent, zeros(L, outer + j + 1), lb);
        sec->inner_lb[j - 1] = lb;
        sec->inner_len[j - 1] = b;
    }
}

/* The bounds of sec's inner sections as the initializer of an array of ptrdiff_t ("{lb,
 * len, ...}", 0 and -1 for a whole dimension, which no test reads), or NULL when there are
 * none. */
const char *lower_reduction_inner_bounds(struct lower *L, const struct lower_red_section *sec)
{
    if (sec->ninner == 0)
        return NULL;
    struct lower_buf b = {0};
    for (int j = 0; j < sec->ninner; j++)
        lbuf_printf(&b, "%s(" LOWER_PTRDIFF_T ")(%s), (" LOWER_PTRDIFF_T ")(%s)", j ? ", " : "{",
                    sec->inner_lb[j] ? sec->inner_lb[j] : "0",
                    sec->inner_len[j] ? sec->inner_len[j] : "-1");
    lbuf_puts(&b, "}");
    return lbuf_take(&b, L->a);
}

bool lower_reduction_section(struct lower *L, const struct omp_ref *r, struct sym *s,
                             const char *parent, struct lower_values *values,
                             struct lower_red_section *sec)
{
    bool array = s->type == TYPE_ARRAY && !s->array_param;
    const struct omp_ref *item = r;
    int outer, rows;
    r = whole_rows(r, &rows);
    const char *off = outer_offset(L, r->base, parent, values, &outer);
    /* (each subscript and [:] needs an array dimension: not a pointer's, pp[1][2]) */
    if (outer + rows > 0 && array_depth(s, array ? 0 : 1) < outer + rows + (array ? 1 : 0)) {
        mcc_error_at(&item->text.loc, "sorry, unimplemented: a reduction over '%s', whose "
                     "elements are not all in the storage of '%s' (an element or section "
                     "of an array of arrays is supported, not one reached through pointers)",
                     item->text.text, omp_ref_root(item)->text.text);
        return false;
    }
    sec->lb = r->index.text ? lower_once(L, values, &r->index,
                                         lower_expr(L, r->index.text, NULL, 0), false) : "0";
    const char *b = r->bound.text ? lower_once(L, values, &r->bound,
                                               lower_expr(L, r->bound.text, NULL, 0), false)
                                  : NULL;
    if (r->form == OMP_SECT_ELEMENT)
        sec->len = "1";
    else if (b && r->form == OMP_SECT_LO_HI)
        sec->len = arena_printf(L->a, "(%s) - (%s) + 1", b, sec->lb);
    else if (b)
        sec->len = b;
    else if (array && outer == 0)
        sec->len = arena_printf(L->a, "sizeof(%s) / sizeof((%s)[0]) - (%s)", parent, parent,
                                sec->lb);
    else if (outer > 0)
        sec->len = arena_printf(L->a, "sizeof (%s)%s / sizeof (%s)%s - (%s)", parent,
                                zeros(L, outer), parent, zeros(L, outer + 1), sec->lb);
    else {
        mcc_error_at(&r->text.loc, "array section of pointer '%s' needs an upper bound "
                     "or a length", r->base->text.text);     /* (as lower_deps.c says) */
        return false;
    }
    sec->zeros = zeros(L, array_depth(s, 1 + outer));
    sec->outer = outer;
    inner_sections(L, item, rows, parent, outer, values, sec);
    if (outer > 0)
        sec->lb = arena_printf(L->a, "%s(%s)", off, sec->lb);
    return true;
}

const char *lower_reduction_flat(struct lower *L, const struct lower_red_section *sec,
                                 const char *orig)
{
    if (sec->outer == 0)
        return orig;
    const char *z = zeros(L, sec->outer + 1);
    return arena_printf(L->a, "((__typeof__(&(%s)%s))(void *)(%s))", orig, z, orig);
}

void lower_reduction_buffer_elems(struct lower *L, const struct lower_red_section *sec,
                                  const char *count, const char *priv, const char *orig,
                                  struct lower_red_elems *e)
{
    const char *z = sec->zeros;
    e->open = arena_printf(L->a, "for (" LOWER_SIZE_T " __nrt_i = 0; __nrt_i < (%s) * (sizeof *(%s) / "
                           "sizeof((*(%s))%s)); __nrt_i++) { ", count, priv, priv, z);
    /* rows with inner sections: the scalar's subscript in each inner dimension j (from its
     * index among the scalars, by the sizes of the row's parts), outside the section: skip */
    for (int j = 1; j <= sec->ninner && sec->bounds; j++) {
        if (!sec->inner_lb[j - 1])
            continue;
        const char *zj = zeros(L, j), *zp = zeros(L, j - 1);
        e->open = arena_printf(L->a, "%s{ " LOWER_PTRDIFF_T " __nrt_k = (" LOWER_PTRDIFF_T ")(__nrt_i / "
                               "(sizeof (*(%s))%s / sizeof (*(%s))%s) %% (sizeof (*(%s))%s / "
                               "sizeof (*(%s))%s)); if (__nrt_k < %s[%d] || __nrt_k >= %s[%d] + "
                               "%s[%d]) continue; } ", e->open, priv, zj, priv, z, priv, zp, priv,
                               zj, sec->bounds, 2 * (j - 1), sec->bounds, 2 * (j - 1),
                               sec->bounds, 2 * (j - 1) + 1);
    }
    e->close = " }";
    e->priv = arena_printf(L->a, "((__typeof__((*(%s))%s) *)(%s))[__nrt_i]", priv, z, priv);
    e->orig = arena_printf(L->a, "((__typeof__((*(%s))%s) *)(%s))[__nrt_i]", orig, z, orig);
    e->seed = NULL;
}

void lower_reduction_shaped_elems(struct lower *L, struct sym *p, const char *count,
                                  const char *priv, const char *orig, struct lower_red_elems *e)
{
    struct lower_red_section rows = {.zeros = zeros(L, array_depth(p, 1))};
    lower_reduction_buffer_elems(L, &rows, count, priv, orig, e);
}
