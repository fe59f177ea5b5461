/*
 * lower_deps.c - data references (OMPSS.md "Data references") to nanort regions.
 *
 * A region is {base, dims[]} with dims[0] the innermost dimension, in bytes (nanort.h).
 * The generated C computes sizes with sizeof on the user's own expressions, so the
 * lowering never needs element types:
 *   x, *p, a[i], s.f           nanort_task_region1(t, mode, &(x), sizeof(x))
 *   a[i][lo:hi]                subscripts before the first section fold into the base
 *                              (&a[i]); then one dim per remaining level, the element
 *                              being sizeof((a[i])[0]) and inner extents sizeof ratios
 *   [n][m]p, ([n]p)[lo;len]    the shape gives the extents; the element is what p points
 *                              to, down to a non-array type (double A[ts][ts] -> double)
 *   {ref, i = lo:hi}           a loop: one region per value of i
 * The outermost extent never changes which bytes a region covers (nanort normalises by
 * strides), so when it is unknown (a pointer) it is written as lower + length.
 *
 * Each expression of a reference that may have an effect (`a[f():g()]`, `a[i++]`,
 * `*(p++)`) is evaluated once, in the order written, into a temporary (`__auto_type
 * __nrt_val3 = (f());`): for a plain reference where the task's regions are counted, before
 * it is created and its data captured (gcc evaluates a depend clause before the task's
 * firstprivate copies); an iterator's bounds before its loops, even those without an
 * effect (a later effect must not change them); what names an iterator once per value, in
 * the region's block.  A nested multidependence's bound that names an outer iterator is
 * evaluated once per opening of its loop, by the loops that count the regions, which keep
 * it for those that add them (struct kept).  A loop construct evaluates its clauses once,
 * before its tasks (lower_extra).
 */
#include "mcc.h"
#include "nanort.h"
#include "c.tab.h"

#include <stdlib.h>
#include <string.h>

enum { DEPS_MAX_DIMS = 8, DEPS_MAX_ITERS = 8 };

/* One region as C text. */
struct region {
    const char *base;               /* address */
    const char *bytes;              /* plain lvalue: its size; else NULL */
    int nd;
    const char *size[DEPS_MAX_DIMS], *lower[DEPS_MAX_DIMS], *len[DEPS_MAX_DIMS];
    const char *elem;               /* bytes of one element of dims[0] */
    struct lower_values *pre;       /* its expressions evaluated once (lower_once): the
                                       construct's values, or own */
    struct lower_values own;        /* ... those of the region's own block (what names a
                                       multidependence's iterator) */
};

/* Names of multidependence iterators in scope (left alone by renaming). */
struct iters {
    const char *names[DEPS_MAX_ITERS];
    int n;
};

static const char *X(struct lower *L, const struct iters *it, const struct omp_expr *e)
{
    return lower_expr(L, e->text, it->names, it->n);
}

/* How many declarators derive `sym`'s type, read from the name outwards; kinds[] gets
 * them (AST_DECL_POINTER / AST_DECL_ARRAY / AST_DECL_FUNCTION). */
static int derivations(struct sym *sym, enum ast_kind *kinds, int max)
{
    struct ast *d = lower_full_declarator(sym);
    enum ast_kind tmp[32];
    int n = 0;
    while (d && d->kind != AST_DECL_NAME && n < 32) {
        tmp[n++] = d->kind;
        d = d->kid[0];
    }
    int k = 0;
    for (int i = n - 1; i >= 0 && k < max; i--)
        kinds[k++] = tmp[i];
    return k;
}

/* The element of a shape `[n]..[m]p` (`shape`, p's value `ptr`): p's pointed-to type, as a
 * cast to a pointer to that array would take it (`[2]a` of a `float (*a)[16]`, or of a
 * parameter `float a[16][16]`, is 2 rows), but the innermost scalar when the shape has
 * more dimensions than that type has (`[BS][BS]A` of `float A[BS][BS]`: the shape names
 * the matrix whole, as Mercurium's users write it). */
char *lower_deps_shape_elem(struct lower *L, const struct omp_ref *shape, const char *ptr)
{
    struct lower_buf b = {0};
    lbuf_printf(&b, "sizeof((%s)[0]", ptr);
    const struct omp_ref *base = shape->base;
    if (base->kind == OMP_REF_NAME && L) {
        struct sym *s = lower_resolve(L, base->text.text, strlen(base->text.text),
                                      L->fn ? L->fn->end - 1 : 0);
        enum ast_kind k[16];
        int n = s && (s->kind == SYM_OBJECT || s->kind == SYM_PARAM) ? derivations(s, k, 16)
                                                                      : 0;
        int m = 0;                  /* the array dimensions of the pointed-to type */
        while (1 + m < n && k[1 + m] == AST_DECL_ARRAY)
            m++;
        for (int i = 0; shape->ndims > m && i < m; i++)
            lbuf_puts(&b, "[0]");
    }
    lbuf_puts(&b, ")");
    return lbuf_take(&b, L->a);
}

/* Lower bound and length of one subscript or section, in elements, each evaluated once
 * (r->pre).  `size` is the extent when known (needed only for omitted upper bounds). */
static void bounds(struct lower *L, const struct iters *it, struct region *r,
                   const struct omp_ref *op, const char *size, const char **lo, const char **len)
{
    if (op->kind == OMP_REF_SUBSCRIPT) {
        *lo = lower_once(L, r->pre, &op->index, X(L, it, &op->index), false);
        *len = "1";
        return;
    }
    *lo = op->index.text ? lower_once(L, r->pre, &op->index, X(L, it, &op->index), false) : "0";
    const char *b = op->bound.text ? lower_once(L, r->pre, &op->bound, X(L, it, &op->bound), false) : NULL;
    if (op->form == OMP_SECT_ELEMENT)
        *len = "1";
    else if (!b)
        *len = arena_printf(L->a, "(%s) - (%s)", size, *lo);
    else if (op->form == OMP_SECT_LO_HI)
        *len = arena_printf(L->a, "(%s) - (%s) + 1", b, *lo);
    else
        *len = b;
}

static bool shaped_region(struct lower *L, const struct iters *it, const struct omp_ref *shape,
                          const struct omp_ref **ops, int nops, struct region *r)
{
    int k = shape->ndims;
    if (nops > k || k > DEPS_MAX_DIMS) {
        mcc_error_at(&shape->text.loc, "sorry, unimplemented: %d subscripts on a %d-dimensional "
                     "shape", nops, k);
        return false;
    }
    /* (as written: the shape, the pointer, the sections) */
    for (int c = 0; c < k; c++)
        r->size[k - 1 - c] = lower_once(L, r->pre, &shape->dims[c], X(L, it, &shape->dims[c]), false);
    const char *p = lower_once(L, r->pre, &shape->base->text, X(L, it, &shape->base->text), false);
    r->base = p;
    r->elem = lower_deps_shape_elem(L, shape, p);
    r->nd = k;
    for (int c = 0; c < k; c++) {
        int d = k - 1 - c;
        if (c < nops) {
            bounds(L, it, r, ops[c], r->size[d], &r->lower[d], &r->len[d]);
        } else {
            r->lower[d] = "0";
            r->len[d] = r->size[d];
        }
    }
    return true;
}

static bool is_pointer_name(struct lower *L, const struct omp_ref *x)
{
    if (x->kind != OMP_REF_NAME)
        return false;
    struct sym *s = lower_resolve(L, x->text.text, strlen(x->text.text),
                                  L->fn ? L->fn->end - 1 : 0);
    return s && (s->type == TYPE_POINTER || (s->type == TYPE_ARRAY && s->array_param));
}

/* The text of a variable's subscripts before its sections (ops[0..f) of m[i][j][lb:len]),
 * each index evaluated once (r->pre), as a reduction's private copy evaluates them too
 * (lower_reduction_section): "(m)[i][j]". */
static const char *subscripts_once(struct lower *L, const struct iters *it, struct region *r,
                                   const struct omp_ref *x, const struct omp_ref **ops, int f)
{
    struct lower_buf t = {0};
    lbuf_printf(&t, "(%s)", X(L, it, &x->text));
    for (int i = 0; i < f; i++)
        lbuf_printf(&t, "[%s]", lower_once(L, r->pre, &ops[i]->index, X(L, it, &ops[i]->index),
                                           false));
    return lbuf_take(&t, L->a);
}

/* The type of reference x, a variable or members, elements and targets of one (`g`,
 * `g->rows`, `s.m[2]`, `*pp`); false when not known. */
static bool ref_type(struct lower *L, const struct omp_ref *x, struct ck_type *t, int depth)
{
    if (x->kind == OMP_REF_NAME) {
        struct sym *s = lower_resolve(L, x->text.text, strlen(x->text.text),
                                      L->fn ? L->fn->end - 1 : 0);
        if (!s || (s->kind != SYM_OBJECT && s->kind != SYM_PARAM))
            return false;
        *t = ck_type_of_sym(L, s);
        return true;
    }
    bool member = x->kind == OMP_REF_MEMBER || x->kind == OMP_REF_ARROW;
    if (!(member || x->kind == OMP_REF_SUBSCRIPT || x->kind == OMP_REF_DEREF) || depth > 16 ||
        !x->base || !ref_type(L, x->base, t, depth + 1))
        return false;
    if (x->kind != OMP_REF_MEMBER) {       /* through a pointer or an array */
        if (t->n == 0 || (t->d[0] != CK_POINTER && t->d[0] != CK_ARRAY))
            return false;
        *t = ck_inner_type(t);
    }
    if (!member)
        return true;
    struct ast *members = t->n == 0 && t->base == CK_STRUCT && t->tag
                              ? ck_struct_members(L, t->tag) : NULL;
    const char *m = x->member.text;
    return members && ck_find_member(L, members, name_intern(&L->t->parser, m, strlen(m)),
                                     t, 0) == 1;
}

/* Does a subscript or section of ops[] after the first section (ops[f], f the subscripts
 * before it) index through a pointer, `a[0;n][0;m]` of a `double **a` or a `double *a[4]`?
 * The rows are then not one region (its inner extents would be a pointer's): reported, true.
 * Checked where the variable's type is known. */
static bool sections_through_pointer(struct lower *L, const struct omp_ref *x,
                                     const struct omp_ref **ops, int nops, int f)
{
    struct ck_type t;
    if (!ref_type(L, x, &t, 0))
        return false;
    for (int k = 0; k < nops && t.n > 0; k++) {
        if (k > f && t.d[0] == CK_POINTER) {
            mcc_error_at(&ops[f]->text.loc, "sorry, unimplemented: a section of '%s' whose "
                         "elements are pointers, then what they point to, is not one region: "
                         "give each row its dependence (a multidependence, "
                         "'{%s[i][...], i = ...}')", x->text.text, x->text.text);
            return true;
        }
        if (t.d[0] != CK_POINTER && t.d[0] != CK_ARRAY)
            return false;
        t = ck_inner_type(&t);
    }
    return false;
}

/* The parameter declared as an array that ref names (`a` of `double a[n]`, of `block_t a`
 * with an array typedef), or NULL; *near gets the derivation nearest its name, an
 * AST_DECL_ARRAY, or NULL or another one when the array type is a typedef's. */
static struct sym *array_param_of(struct lower *L, const struct omp_ref *ref,
                                  struct ast **near)
{
    if (ref->kind != OMP_REF_NAME)
        return NULL;
    struct sym *s = lower_resolve(L, ref->text.text, strlen(ref->text.text),
                                  L->fn ? L->fn->end - 1 : 0);
    if (!s || s->kind != SYM_PARAM || !s->array_param)
        return NULL;
    *near = NULL;
    for (struct ast *d = lower_full_declarator(s); d && d->kind != AST_DECL_NAME; d = d->kid[0])
        *near = d;
    return s;
}

/* The extent a parameter declared as an array was declared with (`n` of `double a[n][m]`,
 * `10` of `double a[10]`, `BS` of a parameter of a typedef `double [BS][BS]`), as C text
 * where the parameter is seen; NULL when ref names no such parameter or it has no size
 * (`a[]`). */
static const char *declared_extent(struct lower *L, const struct omp_ref *ref)
{
    struct ast *near;
    struct sym *s = array_param_of(L, ref, &near);
    if (!s)
        return NULL;
    struct ast *n;
    if (near && near->kind == AST_DECL_ARRAY) {
        n = near->kid[1];
    } else {
        struct sym *td = lower_array_typedef(s);
        n = td ? td->array_size : NULL;
    }
    return n ? lower_expr(L, lower_src(L, n->begin, n->end), NULL, 0) : NULL;
}

/* ops[] in C order (outermost first), at least one of them a section. */
static bool array_region(struct lower *L, const struct iters *it, const struct omp_ref *x,
                         const struct omp_ref **ops, int nops, struct region *r)
{
    int f = 0;
    while (f < nops && ops[f]->kind == OMP_REF_SUBSCRIPT)
        f++;
    if (sections_through_pointer(L, x, ops, nops, f))
        return false;
    /* the array (an lvalue, read through its address) or pointer the sections index */
    const struct omp_expr *be = f > 0 ? &ops[f - 1]->text : &x->text;
    const char *bt = f > 0 && x->kind == OMP_REF_NAME ? subscripts_once(L, it, r, x, ops, f)
                                                      : X(L, it, be);
    const char *b = lower_once(L, r->pre, be, bt, f > 0 || x->kind != OMP_REF_EXPR);
    int n = nops - f;
    if (n > DEPS_MAX_DIMS) {
        mcc_error_at(&x->text.loc, "sorry, unimplemented: more than %d dimensions",
                     DEPS_MAX_DIMS);
        return false;
    }
    /* (an omitted upper bound of a pointer: the extent of the array a parameter was
       declared as, `a[2:]` of `double a[10]`, as a dependence on `a` takes it) */
    const char *extent = NULL;
    if (f == 0 && !ops[0]->bound.text && ops[0]->form != OMP_SECT_ELEMENT &&
        is_pointer_name(L, x) && !(extent = declared_extent(L, x))) {
        mcc_error_at(&ops[0]->text.loc, "array section of pointer '%s' needs an upper bound "
                     "or a length", x->text.text);
        return false;
    }
    r->base = b;
    r->nd = n;
    struct lower_buf zeros = {0};
    for (int q = 0; q < n; q++) {
        int d = n - 1 - q;
        const char *z = zeros.s ? zeros.s : "";
        const char *size = q == 0 && extent ? extent
                           : arena_printf(L->a, "sizeof((%s)%s) / sizeof((%s)%s[0])", b, z, b, z);
        bounds(L, it, r, ops[f + q], size, &r->lower[d], &r->len[d]);
        r->size[d] = q == 0 && (ops[f]->bound.text || ops[f]->form == OMP_SECT_ELEMENT)
                         ? arena_printf(L->a, "(%s) + (%s)", r->lower[d], r->len[d]) : size;
        lbuf_puts(&zeros, "[0]");
    }
    r->elem = arena_printf(L->a, "sizeof((%s)%s)", b, zeros.s ? zeros.s : "");
    free(zeros.s);
    return true;
}

/* A reference that names a parameter declared as an array (`double a[10]`, `float
 * A[BS][BS]`, `double v[n]`, `block_t b` of an array typedef): C makes the parameter a pointer, but the dependence is on the
 * array it was declared as, as in Mercurium: its first dimension's elements from where
 * the pointer points.  The region is then set (true); false when the name is no such
 * parameter.  *failed: an array parameter declared without that size (`a[]`), reported
 * when `report`. */
static bool array_param_region(struct lower *L, const struct omp_ref *ref, const char *t,
                               struct region *r, bool *failed, bool report)
{
    *failed = false;
    struct ast *near;
    struct sym *s = array_param_of(L, ref, &near);
    if (!s)
        return false;
    r->nd = 1;
    if (!near || near->kind != AST_DECL_ARRAY) {
        /* the array type is a typedef's (`block_t a` with `typedef double
           block_t[BS][BS]`): the whole array the typedef names */
        struct sym *td = lower_array_typedef(s);
        if (!td || !td->array_size) {
            if (report)
                    mcc_error_at(&ref->text.loc, "'%s' is a parameter of an array type without "
                             "its size: give the elements of the dependence with a shape, "
                             "'[n]%s'", ref->text.text, ref->text.text);
            *failed = true;
            return false;
        }
        struct lower_buf b = {0};
        lbuf_puts(&b, "sizeof(");
        lower_specs_text(L, &b, s->specs);
        lbuf_puts(&b, ")");
        r->base = arena_printf(L->a, "(%s)", t);
        r->bytes = lbuf_take(&b, L->a);
        return true;
    }
    struct ast *n = near->kid[1];
    if (!n) {
        if (report)
            mcc_error_at(&ref->text.loc, "'%s' is an array parameter declared without its "
                         "size: give the elements of the dependence with a shape, '[n]%s'",
                         ref->text.text, ref->text.text);
        *failed = true;
        return false;
    }
    r->base = arena_printf(L->a, "(%s)", t);
    r->bytes = arena_printf(L->a, "(" LOWER_SIZE_T ")(%s) * sizeof((%s)[0])",
                            lower_expr(L, lower_src(L, n->begin, n->end), NULL, 0), t);
    return true;
}

/* The bytes an inprivate item copies: `*p` and `[n]..p` of a pointer parameter p, and the
 * name of a parameter declared as an array (its array, as a dependence on it), with `ptr`
 * the expression of p's value where the bytes are counted (NULL: p's name, as in a
 * function task's spawn function); *param gets p.  NULL
 * for another form (*failed: an array parameter without a size, which its dependence
 * reports). */
const char *lower_deps_inpriv_bytes(struct lower *L, const struct omp_ref *ref,
                                    const char *ptr, struct sym **param, bool *failed)
{
    *failed = false;
    const struct omp_ref *base = ref->kind == OMP_REF_NAME ? ref : ref->base;
    if (!base || base->kind != OMP_REF_NAME)
        return NULL;
    const char *x = base->text.text;
    struct sym *s = lower_resolve(L, x, strlen(x), L->fn ? L->fn->end - 1 : 0);
    if (!s || s->kind != SYM_PARAM || s->type != TYPE_POINTER)
        return NULL;
    *param = s;
    if (!ptr)
        ptr = x;
    if (ref->kind == OMP_REF_DEREF)
        return arena_printf(L->a, "sizeof *(%s)", ptr);
    if (ref->kind == OMP_REF_SHAPE) {
        struct lower_buf b = {0};
        lbuf_printf(&b, "(%s)", lower_deps_shape_elem(L, ref, ptr));
        for (int i = 0; i < ref->ndims; i++)
            lbuf_printf(&b, " * (" LOWER_SIZE_T ")(%s)", lower_expr(L, ref->dims[i].text, NULL, 0));
        return lbuf_take(&b, L->a);
    }
    struct region r;
    memset(&r, 0, sizeof r);
    if (ref->kind == OMP_REF_NAME && array_param_region(L, ref, ptr, &r, failed, false))
        return r.bytes;
    return NULL;
}

/* The size of struct or union `tag`, a file-scope one that the unit completes after the
 * construct (check.c records which items have one: `struct grid;`, `inout(*g)`, then
 * `struct grid {...}`), where gcc refuses `sizeof(*g)`: a function of the unit that takes
 * the sizeof at its end, where the type is complete, declared at its start (LN_SIZEOF). */
static const char *late_size(struct lower *L, struct sym *tag)
{
    const char *fn = lower_map_get(&L->late_size, tag);
    if (!fn) {
        const char *name = arena_strndup(L->a, tag->name->str, tag->name->len);
        bool is_union = tag->decl && tag->decl->kind == AST_STRUCT && tag->decl->op == KW_UNION;
        fn = lower_name(L, LN_SIZEOF, name, -1);
        lower_map_put(L, &L->late_size, tag, (void *)fn);
        lbuf_printf(&L->head, "static " LOWER_SIZE_T " %s(void); ", fn);
        lbuf_printf(&L->tail, "static " LOWER_SIZE_T " %s(void) { return sizeof(%s %s); }\n",
                    fn, is_union ? "union" : "struct", name);
    }
    return arena_printf(L->a, "%s()", fn);
}

/* The size of file-scope array y, declared without its size where a construct names it
 * and defined with one later in the unit (check.c: L->late_array): a function of the unit
 * that takes its sizeof at the end, declared at its start. */
static const char *late_array_size(struct lower *L, struct sym *y)
{
    const char *fn = lower_map_get(&L->late_size, y);
    if (!fn) {
        const char *name = arena_strndup(L->a, y->name->str, y->name->len);
        fn = lower_name(L, LN_SIZEOF, arena_printf(L->a, "%s__array", name), -1);
        lower_map_put(L, &L->late_size, y, (void *)fn);
        lbuf_printf(&L->head, "static " LOWER_SIZE_T " %s(void); ", fn);
        lbuf_printf(&L->tail, "static " LOWER_SIZE_T " %s(void) { return sizeof %s; }\n",
                    fn, name);
    }
    return arena_printf(L->a, "%s()", fn);
}

/* The region of a reference that is not a multidependence; the values it evaluates once
 * are declared in pre->decl, which the region's code must follow, or (pre NULL) in r->own,
 * which the region's code declares first (the caller frees r->own.decl.s). */
static bool build_region(struct lower *L, const struct iters *it, const struct omp_ref *ref,
                         struct lower_values *pre, struct region *r)
{
    memset(r, 0, sizeof *r);
    r->pre = pre ? pre : &r->own;
    const struct omp_ref *walk[DEPS_MAX_DIMS * 2];
    int nops = 0;
    bool section = false;
    const struct omp_ref *x = ref;
    while ((x->kind == OMP_REF_SUBSCRIPT || x->kind == OMP_REF_SECTION) &&
           nops < DEPS_MAX_DIMS * 2) {
        section |= x->kind == OMP_REF_SECTION;
        walk[nops++] = x;
        x = x->base;
    }
    const struct omp_ref *ops[DEPS_MAX_DIMS * 2];
    for (int i = 0; i < nops; i++)
        ops[i] = walk[nops - 1 - i];
    if (x->kind == OMP_REF_SHAPE)
        return shaped_region(L, it, x, ops, nops, r);
    if (section)
        return array_region(L, it, x, ops, nops, r);
    if (omp_ref_is_region(ref)) {
        mcc_error_at(&ref->text.loc, "sorry, unimplemented: this form of data reference");
        return false;
    }
    if (lower_map_get(&L->void_item, ref)) {
        /* `*vp`, `vp[i]` of a void *vp (check.c warned): the byte there, its address
           computed without the dereference gcc would warn of */
        const char *p = lower_once(L, r->pre, &ref->base->text, X(L, it, &ref->base->text),
                                   false);
        const char *i = ref->kind == OMP_REF_SUBSCRIPT
                            ? lower_once(L, r->pre, &ref->index, X(L, it, &ref->index), false)
                            : "0";
        r->base = arena_printf(L->a, "(const char *)(" LOWER_SIZE_T ")(%s) + (%s)", p, i);
        r->bytes = "1";
        r->nd = 1;
        return true;
    }
    const char *t = lower_once(L, r->pre, &ref->text, X(L, it, &ref->text), true);
    bool failed;
    if (array_param_region(L, ref, t, r, &failed, true) || failed)
        return !failed;
    /* (the user's text at its own column, once: the copy under sizeof, which gcc does not
       evaluate, is __extension__, so that -Wpedantic does not warn twice of `a[i ?: j]`) */
    r->base = arena_printf(L->a, "&(%s)", lower_at_user(L, &ref->text.loc, L->deps_at, t));
    struct sym *late = lower_map_get(&L->late_tag, ref);
    void *array = lower_map_get(&L->late_array, ref);
    r->bytes = late ? late_size(L, late)
             : array == ref ? arena_printf(L->a, "sizeof(__extension__ (%s)[0])", t)
             : array ? late_array_size(L, array)
                     : arena_printf(L->a, "sizeof(__extension__ (%s))", t);
    r->nd = 1;
    return true;
}

/* struct nanort_dim initialisers of a region, innermost first. */
static void dims_text(struct lower_buf *b, const struct region *r, const char *sep)
{
    if (r->bytes) {
        lbuf_printf(b, "{%s, 0, %s}", r->bytes, r->bytes);
        return;
    }
    for (int d = 0; d < r->nd; d++) {
        if (d == 0)
            lbuf_printf(b, "{(" LOWER_SIZE_T ")(%s) * __nrt_es, (" LOWER_SIZE_T ")(%s) * __nrt_es, (" LOWER_SIZE_T ")(%s) * __nrt_es}",
                        r->size[0], r->lower[0], r->len[0]);
        else
            lbuf_printf(b, "%s{(" LOWER_SIZE_T ")(%s), (" LOWER_SIZE_T ")(%s), (" LOWER_SIZE_T ")(%s)}", sep, r->size[d],
                        r->lower[d], r->len[d]);
    }
}

/* fn(head, base, bytes) or fn(head, base, ndims, dims), fn being `prefix`1 or `prefix`:
 * nanort_task_region of "__nrt_t, flags", nanort_depobj_init of "object, flags",
 * nanort_launch_reads of "__nrt_c". */
static void add_region_to(struct lower_buf *b, const struct region *r, const char *prefix,
                          const char *head)
{
    const char *own = r->own.decl.s ? r->own.decl.s : "";
    if (r->bytes) {
        /* (through an integer: the object may be volatile, which -Wdiscarded-qualifiers or
           -Wcast-qual would warn of: lower_bytes_at) */
        lbuf_printf(b, "%s%s%s1(%s, " LOWER_CONST_BYTES "(%s), %s);%s\n", *own ? "{ " : "",
                    own, prefix, head, r->base, r->bytes, *own ? " }" : "");
        return;
    }
    lbuf_printf(b, "{ %s" LOWER_SIZE_T " __nrt_es = %s; struct nanort_dim __nrt_d[%d] = {", own,
                r->elem, r->nd);
    dims_text(b, r, ", ");
    lbuf_printf(b, "}; %s(%s, " LOWER_CONST_BYTES "(%s), %d, __nrt_d); }\n", prefix, head,
                r->base, r->nd);
}

/* `join`: the variable that holds NANORT_REGION_JOIN from a multidependence's second
 * region on (NULL: none). */
static void add_region(struct lower *L, struct lower_buf *b, const struct region *r,
                       unsigned flags, const char *join)
{
    const char *head = join ? arena_printf(L->a, "__nrt_t, %uu | %s", flags, join)
                            : arena_printf(L->a, "__nrt_t, %uu", flags);
    add_region_to(b, r, "nanort_task_region", head);
    if (join)
        lbuf_printf(b, "%s = %uu; ", join, NANORT_REGION_JOIN);
}

/* "file:line" of loc as a C string literal, for the runtime's messages about a depend
 * object. */
static const char *where_literal(struct lower *L, const struct mcc_loc *loc)
{
    return arena_printf(L->a, "\"%s\"", lower_where_loc(L, loc));
}

/* The slot of a depend object o: its runtime pointer (mcc/include/omp.h); o evaluated once
 * into `values` when they are given. */
static const char *depobj_slot(struct lower *L, struct lower_values *values,
                               const struct omp_ref *o)
{
    static const struct iters none;
    const char *t = X(L, &none, &o->text);
    return arena_printf(L->a, "&(%s).__nrt_dep",
                        values ? lower_once(L, values, &o->text, t, true) : t);
}

/* Does `text` name one of the iterators in scope? */
struct iter_use {
    const struct iters *it;
    bool found;
};

static const char *note_iter(void *arg, const char *s, size_t n)
{
    struct iter_use *u = arg;
    u->found |= lower_name_in(s, n, u->it->names, u->it->n);
    return NULL;
}

static bool names_iter(struct lower *L, const struct iters *it, const char *text)
{
    struct iter_use u = {it, false};
    lower_map_idents(L, text, note_iter, &u);
    return u.found;
}

/* An iterator's bound, in the order written: a long evaluated once, before the loops (into
 * pre), whether it has an effect or not (an effect of another bound or of a region's
 * expression must not change it between the loops that count the regions and those that
 * add them); or, when it names an outer iterator (*inner set), its text, for the loop
 * that opens it to evaluate (kept). */
static const char *iter_bound(struct lower *L, struct lower_values *pre, const struct iters *it,
                              const struct omp_expr *e, bool *inner)
{
    const char *t = X(L, it, e);
    if (names_iter(L, it, t)) {
        *inner = true;
        return t;
    }
    return lower_once_long(L, pre, e, t);
}

/* The bounds of a nested multidependence's inner loops, evaluated once per opening of
 * such a loop by the loops that count the regions, kept (three longs an opening, in a
 * buffer declared with the construct's values and freed after its code) for the loops
 * that add them, which read them back in the same order.  A loop construct's tasks share
 * its values: the first task's count evaluates the bounds, the others' read them back. */
struct kept {
    const char *p, *n, *cap, *c, *k;    /* buffer, longs in it, its size, longs the count
                                           has read, the adding loops have read; p NULL: no
                                           buffer yet */
};

/* lo, bound and step (b[]) of one opening kept by count (unless an earlier task of the
 * loop construct kept them) and read back by out, each at `p[c - 3 + i]` (count) and
 * `p[k - 3 + i]` (out) until the next opening. */
static void keep_bounds(struct lower *L, struct lower_values *pre, struct kept *kp,
                        struct lower_buf *count, struct lower_buf *out, const char *const b[3])
{
    if (!kp->p) {
        int k = L->values++;
        kp->p = lower_local_name(L, LL_ITER_KEPT, k, "p");
        kp->n = lower_local_name(L, LL_ITER_KEPT, k, "n");
        kp->cap = lower_local_name(L, LL_ITER_KEPT, k, "cap");
        kp->c = lower_local_name(L, LL_ITER_KEPT, k, "c");
        kp->k = lower_local_name(L, LL_ITER_KEPT, k, "k");
        lbuf_printf(&pre->decl, "long *%s = 0; " LOWER_SIZE_T " %s = 0, %s = 0, %s = 0, %s = 0; ",
                    kp->p, kp->n, kp->cap, kp->c, kp->k);
        lbuf_printf(&pre->tidy, "__builtin_free(%s); ", kp->p);
    }
    lbuf_printf(count, "if (%s == %s) { if (%s + 3 > %s) { %s = 2 * %s + 24; %s = "
                "__builtin_realloc(%s, %s * sizeof *%s); if (!%s) __builtin_abort(); } ", kp->c,
                kp->n, kp->n, kp->cap, kp->cap, kp->cap, kp->p, kp->p, kp->cap, kp->p, kp->p);
    for (int i = 0; i < 3; i++)
        lbuf_printf(count, "%s[%s + %d] = (long)(%s); ", kp->p, kp->n, i, b[i]);
    lbuf_printf(count, "%s += 3; } %s += 3; ", kp->n, kp->c);
    lbuf_printf(out, "%s += 3; ", kp->k);
}

/* The for loops of a multidependence's iterators into count and out. */
static void open_iters(struct lower *L, struct lower_values *pre, struct kept *kp,
                       struct lower_buf *count, struct lower_buf *out, const struct omp_ref *m,
                       struct iters *it)
{
    for (int i = 0; i < m->niters; i++) {
        const struct omp_iter *x = &m->iters[i];
        const char *v = x->var.text;
        bool inner = false;
        const char *b[3] = {iter_bound(L, pre, it, &x->lo, &inner),
                            iter_bound(L, pre, it, &x->bound, &inner),
                            x->step.text ? iter_bound(L, pre, it, &x->step, &inner) : "1"};
        if (inner)
            keep_bounds(L, pre, kp, count, out, b);
        const char *end = lower_local_name(L, LL_ITER_END, it->n, NULL);
        const char *st = lower_local_name(L, LL_ITER_STEP, it->n, NULL);
        for (int pass = 0; pass < 2; pass++) {
            struct lower_buf *to = pass ? out : count;
            const char *at = pass ? kp->k : kp->c, *c[3];
            for (int j = 0; j < 3; j++)
                c[j] = inner ? arena_printf(L->a, "%s[%s - %d]", kp->p, at, 3 - j) : b[j];
            const char *lo = c[0], *bound = c[1], *step = c[2];
            if (x->type.text) {     /* a pointer: its values lo + ix, until bound */
                const char *ix = lower_local_name(L, LL_ITER_INDEX, it->n, NULL);
                const char *val = arena_printf(L->a, "(long)(%s) + %s * (long)sizeof *(%s)0", lo,
                                               ix, x->type.text);
                lbuf_printf(to, "for (long %s = 0, %s = (long)(%s), %s = (%s); %s > 0 ? %s < %s : "
                            "%s > %s; %s += %s) { %s %s = (%s)(%s) + %s; (void)%s; ", ix, end, bound,
                            st, step, st, val, end, val, end, ix, st, x->type.text, v,
                            x->type.text, lo, ix, v);
                continue;
            }
            lbuf_printf(to, "for (long %s = (%s), %s = ", v, lo, end);
            if (x->form == OMP_SECT_LO_LEN)
                lbuf_printf(to, "%s + (%s), %s = (%s); %s < %s; ", v, bound, st, step, v, end);
            else if (x->form == OMP_SECT_LO_END)    /* OpenMP: end exclusive, step either way */
                lbuf_printf(to, "(%s), %s = (%s); %s > 0 ? %s < %s : %s > %s; ", bound, st,
                            step, st, v, end, v, end);
            else
                lbuf_printf(to, "(%s), %s = (%s); %s <= %s; ", bound, st, step, v, end);
            lbuf_printf(to, "%s += %s) { ", v, st);
        }
        if (it->n < DEPS_MAX_ITERS)
            it->names[it->n++] = v;
    }
}

/* Loops of every iterator of a multidependence, outer ones first (a nested
 * `{ {a[i][j], j = ..}, i = .. }` may bound j by i); returns the innermost reference and
 * sets *levels to the number of blocks to close. */
static const struct omp_ref *open_multi(struct lower *L, struct lower_values *pre,
                                        struct kept *kp, struct lower_buf *count,
                                        struct lower_buf *out, const struct omp_ref *ref,
                                        struct iters *it, int *levels)
{
    *levels = 0;
    while (ref->kind == OMP_REF_MULTI) {
        open_iters(L, pre, kp, count, out, ref, it);
        *levels += ref->niters;
        ref = ref->base;
    }
    return ref;
}

static void close_multi(struct lower_buf *b, int levels)
{
    while (levels-- > 0)
        lbuf_puts(b, "} ");
}

/* The region of ref, after the loops of its iterators, which open in count (the code
 * counting the task's regions) and in out (the code giving them); what it evaluates once
 * goes to the construct's values, or (a multidependence's body) to the region's own block
 * (r->own: the caller frees it).  False after an error. */
static bool open_ref(struct lower *L, const struct omp_ref *ref, struct lower_values *values,
                     struct kept *kp, struct lower_buf *count, struct lower_buf *out,
                     struct region *r, int *levels)
{
    struct iters it = {0};
    const struct omp_ref *body = open_multi(L, values, kp, count, out, ref, &it, levels);
    return build_region(L, &it, body, *levels ? NULL : values, r);
}

/* depend(depobj: o): one region, of the dimensions o holds. */
static void emit_depobj(struct lower *L, const struct omp_ref *o, bool copies,
                        struct lower_values *values, struct lower_buf *count,
                        struct lower_buf *add)
{
    const char *slot = depobj_slot(L, values, o), *where = where_literal(L, &o->text.loc);
    lbuf_printf(count, "__nrt_nr += 1; __nrt_nd += nanort_depobj_ndims(%s, %s);\n", slot, where);
    lbuf_printf(add, "nanort_task_depobj(__nrt_t, %s, %d, %s);\n", slot, copies ? 1 : 0, where);
}

/* One region of a taskwait: appended to the arrays at __nrt_i (regions) and __nrt_o (dims). */
static void taskwait_fill(struct lower_buf *b, const struct region *r, unsigned flags)
{
    lbuf_printf(b, "{ %s" LOWER_SIZE_T " __nrt_es = %s; (void)__nrt_es; "
                "__nrt_b[__nrt_i] = " LOWER_CONST_BYTES "(%s); "
                "__nrt_f[__nrt_i] = %uu; __nrt_n[__nrt_i] = %d; __nrt_dp[__nrt_i] = &__nrt_d[__nrt_o]; ",
                r->own.decl.s ? r->own.decl.s : "", r->elem ? r->elem : "1", r->base, flags, r->nd);
    struct lower_buf one = {0};
    dims_text(&one, r, "|");
    /* dims_text writes "{...}|{...}": one assignment per dimension */
    char *s = one.s;
    for (int d = 0; d < r->nd; d++) {
        char *bar = strchr(s, '|');
        if (bar)
            *bar = '\0';
        lbuf_printf(b, "__nrt_d[__nrt_o + %d] = (struct nanort_dim)%s; ", d, s);
        s = bar ? bar + 1 : s;
    }
    free(one.s);
    lbuf_printf(b, "__nrt_i++; __nrt_o += %d; }", r->nd);
}

/* The regions of ref: counted into __nrt_nr and __nrt_nd (count), and given (out) to the
 * task (add_region) or, for a taskwait, appended to its arrays (taskwait_fill); a
 * multidependence gives one region per iteration value, so both run the same loops (and
 * read the bounds they keep from the start again at the next task).  False after an
 * error. */
static bool ref_regions(struct lower *L, const struct omp_ref *ref, unsigned flags,
                        struct lower_values *values, struct lower_buf *count,
                        struct lower_buf *out, bool taskwait, int *nd)
{
    int levels;
    struct region r;
    struct kept kp = {0};
    bool ok = open_ref(L, ref, values, &kp, count, out, &r, &levels);
    if (ok && nd)           /* (a multidependence's count is known only at run time) */
        *nd = levels || *nd < 0 ? -1 : *nd + r.nd;
    /* the regions of a multidependence share one allocation on a device (one buffer the
     * kernel indexes): all but the first carry NANORT_REGION_JOIN */
    const char *join = NULL;
    if (ok && levels && !taskwait && values && (flags & NANORT_COPY_INOUT)) {
        join = lower_local_name(L, LL_ITER_JOIN, L->values++, NULL);
        lbuf_printf(&values->decl, "unsigned %s = 0; ", join);
    }
    if (ok) {
        lbuf_printf(count, "__nrt_nr += 1; __nrt_nd += %d; ", r.nd);
        if (taskwait)
            taskwait_fill(out, &r, flags);
        else
            add_region(L, out, &r, flags, join);
        close_multi(count, levels);
        close_multi(out, levels);
        if (join)                   /* (the next task of a loop construct starts again) */
            lbuf_printf(out, "%s = 0; ", join);
        lbuf_puts(count, taskwait ? "" : "\n");
        lbuf_puts(out, taskwait ? "" : "\n");
    }
    if (ok && kp.p) {
        lbuf_printf(count, "%s = 0; ", kp.c);
        lbuf_printf(out, "%s = 0; ", kp.k);
    }
    free(r.own.decl.s);
    return ok;
}

static unsigned mode_of(enum omp_dep dep)
{
    static const unsigned modes[OMP_DEP_COUNT] = {
        [OMP_DEP_NONE] = NANORT_DEP_NONE, [OMP_DEP_IN] = NANORT_DEP_IN,
        [OMP_DEP_OUT] = NANORT_DEP_OUT, [OMP_DEP_INOUT] = NANORT_DEP_INOUT,
        [OMP_DEP_CONCURRENT] = NANORT_DEP_CONCURRENT,
        [OMP_DEP_COMMUTATIVE] = NANORT_DEP_COMMUTATIVE, [OMP_DEP_DEPOBJ] = NANORT_DEP_NONE,
    };
    return modes[dep];
}

static unsigned copy_bits(enum omp_dep dep)
{
    switch (dep) {
    case OMP_DEP_IN: return NANORT_COPY_IN;
    case OMP_DEP_OUT: return NANORT_COPY_OUT;
    case OMP_DEP_NONE: return 0;
    default: return NANORT_COPY_INOUT;
    }
}

static bool is_dep_clause(enum omp_clause_kind k)
{
    switch (k) {
    case OMP_CL_IN: case OMP_CL_OUT: case OMP_CL_INOUT: case OMP_CL_INPUT: case OMP_CL_OUTPUT:
    case OMP_CL_DEPEND: case OMP_CL_CONCURRENT: case OMP_CL_COMMUTATIVE:
    case OMP_CL_INPRIVATE:
        return true;
    default:
        return false;
    }
}

static void emit_clauses(struct lower *L, const struct omp_directive *d, bool copy_deps,
                         bool red_commutative, struct lower_values *values,
                         struct lower_buf *count, struct lower_buf *add)
{
    for (int i = 0; d && i < d->nclauses; i++) {
        const struct omp_clause *c = &d->clauses[i];
        unsigned flags;
        if (is_dep_clause(c->kind))
            flags = mode_of(c->dep) | (copy_deps ? copy_bits(c->dep) : 0);
        else if (c->kind == OMP_CL_COPY_IN)
            flags = copy_bits(OMP_DEP_IN);
        else if (c->kind == OMP_CL_COPY_OUT)
            flags = copy_bits(OMP_DEP_OUT);
        else if (c->kind == OMP_CL_COPY_INOUT)
            flags = copy_bits(OMP_DEP_INOUT);
        else if (c->kind == OMP_CL_REDUCTION)
            flags = red_commutative ? NANORT_DEP_COMMUTATIVE : NANORT_DEP_CONCURRENT;
        else
            continue;
        for (int k = 0; k < c->nrefs; k++) {
            unsigned f = flags;
            if (c->kind == OMP_CL_REDUCTION && lower_reduction_in_place(L, d, c->refs[k]))
                f = NANORT_DEP_COMMUTATIVE;     /* (updated where it is, no private copy) */
            if (c->dep == OMP_DEP_DEPOBJ && is_dep_clause(c->kind))
                emit_depobj(L, c->refs[k], copy_deps, values, count, add);
            else    /* (omp_all_memory: a dependence, no data to copy) */
                ref_regions(L, c->refs[k], c->refs[k]->all_memory ? f & NANORT_DEP_MODE_MASK : f,
                            values, count, add, false, NULL);
        }
    }
}

/* The pragma whose clauses the dependences come from, for lower_at_user: the task's, else
 * the target's (a `target ... copy_in(...)` before a function whose task pragma mcc did not
 * recognise has no task directive). */
static const struct mcc_loc *dir_at(const struct lower_dir *d)
{
    return d->dir ? &d->dir->loc : d->target ? &d->target->loc : NULL;
}

void lower_deps_emit(struct lower *L, const struct lower_dir *d, bool reduction_commutative,
                     struct lower_values *values, struct lower_buf *count, struct lower_buf *add)
{
    bool copy_deps = L->copy_deps;
    L->deps_at = dir_at(d);
    if (lower_dir_has(d, OMP_CL_COPY_DEPS))
        copy_deps = true;
    if (lower_dir_has(d, OMP_CL_NO_COPY_DEPS))
        copy_deps = false;
    /* A device implementation's pointers are translated to the device copies of the
     * regions its clauses name (lower_dir_copies): a depend object names none mcc sees.
     * An ndrange launch leaves such pointers to the runtime (NANORT_KARG_AUTO); a CUDA
     * task without ndrange calls its body with them as they are. */
    const struct omp_directive *ds[2] = {d->dir, d->target};
    bool cuda_call = (lower_dir_devices(d) & (1u << OMP_DEVICE_CUDA)) &&
                     !lower_dir_has(d, OMP_CL_NDRANGE);
    for (int k = 0; k < 2 && cuda_call; k++)
        for (int i = 0; ds[k] && i < ds[k]->nclauses; i++)
            if (ds[k]->clauses[i].kind == OMP_CL_DEPEND && ds[k]->clauses[i].dep == OMP_DEP_DEPOBJ) {
                mcc_error_at(&ds[k]->clauses[i].loc, "sorry, unimplemented: 'depend(depobj: "
                             "...)' on a CUDA task without ndrange: name the data in its own "
                             "'depend' clause");
                return;
            }
    emit_clauses(L, d->dir, copy_deps, reduction_commutative, values, count, add);
    emit_clauses(L, d->target, copy_deps, reduction_commutative, values, count, add);
}

void lower_deps_emit_copies(struct lower *L, const struct lower_dir *d,
                            struct lower_values *values, struct lower_buf *count,
                            struct lower_buf *add)
{
    L->deps_at = dir_at(d);
    const struct omp_directive *ds[2] = {d->dir, d->target};
    for (int k = 0; k < 2; k++)
        for (int i = 0; ds[k] && i < ds[k]->nclauses; i++) {
            const struct omp_clause *c = &ds[k]->clauses[i];
            enum omp_dep dir = c->kind == OMP_CL_COPY_IN ? OMP_DEP_IN
                               : c->kind == OMP_CL_COPY_OUT ? OMP_DEP_OUT
                               : c->kind == OMP_CL_COPY_INOUT ? OMP_DEP_INOUT : OMP_DEP_NONE;
            for (int r = 0; dir != OMP_DEP_NONE && r < c->nrefs; r++)
                ref_regions(L, c->refs[r], copy_bits(dir), values, count, add, false, NULL);
        }
}

/* Does a directive of the unit other than taskwait (those lowered so far: the function
 * tasks' and those before in the text) name `name` whole in a dependence? */
static bool unit_depends_on_name(const struct lower *L, const char *name)
{
    for (int i = 0; i < L->ndirs; i++) {
        const struct omp_directive *o = L->dirs[i];
        for (int k = 0; o->kind != OMP_DIR_TASKWAIT && k < o->nclauses; k++) {
            const struct omp_clause *c = &o->clauses[k];
            for (int r = 0; is_dep_clause(c->kind) && r < c->nrefs; r++)
                if (c->refs[r]->kind == OMP_REF_NAME && !strcmp(c->refs[r]->text.text, name))
                    return true;
        }
    }
    return false;
}

/* `taskwait on(p)` of a pointer p waits for the tasks that depend on the pointer variable
 * and copies back its bytes only, not what it points to: a program that reads the data
 * after it read what the host held before the tasks (the results stayed on the device).
 * Said unless a task of the unit depends on p itself, or p is a parameter declared as an
 * array (`on(a)` of `double a[N]` or of `vec3 a` waits for the array). */
static void warn_pointer_wait(struct lower *L, const struct omp_clause *c, const struct omp_ref *ref)
{
    if (c->dep == OMP_DEP_DEPOBJ || !is_pointer_name(L, ref) ||
        unit_depends_on_name(L, ref->text.text))
        return;
    struct sym *s = lower_resolve(L, ref->text.text, strlen(ref->text.text),
                                  L->fn ? L->fn->end - 1 : 0);
    if (s && s->array_param)
        return;         /* the wait is on its array, as a dependence on it (array_param_region) */
    const char *p = ref->text.text;
    if (c->kind == OMP_CL_DEPEND) {     /* OpenMP's form of the data */
        mcc_warning_at(&ref->text.loc, "'depend(%s)' waits for the tasks that depend on the "
                       "pointer '%s' itself, not on the data it points to; name the data: %s[0:n]",
                       p, p, p);
        return;
    }
    mcc_warning_at(&ref->text.loc, "'%s(%s)' waits for the tasks that depend on the pointer '%s' "
                   "itself and brings back only the pointer, not the data it points to; name the "
                   "data: %s([n]%s) or %s(%s[0;n])", omp_clause_names[c->kind], p, p,
                   omp_clause_names[c->kind], p, omp_clause_names[c->kind], p);
}

void lower_deps_emit_taskwait(struct lower *L, const struct omp_directive *d, struct lower_buf *b)
{
    L->deps_at = &d->loc;
    struct lower_values values = {0};
    struct lower_buf count = {0}, fill = {0};
    int n = 0, nd = 0;              /* regions, dimensions (-1: known at run time) */
    for (int i = 0; i < d->nclauses; i++) {
        const struct omp_clause *c = &d->clauses[i];
        if (c->kind != OMP_CL_ON && !is_dep_clause(c->kind))
            continue;
        if (c->dep == OMP_DEP_CONCURRENT || c->dep == OMP_DEP_COMMUTATIVE) {
            /* (depend's: OpenMP 5.1 allows in, out, inout and depobj on a taskwait; gcc:
               "'mutexinoutset' kind in 'depend' clause on a 'taskwait' construct") */
            if (c->kind == OMP_CL_DEPEND)
                mcc_error_at(&c->loc, "'depend(%s: ...)' is not allowed on a taskwait "
                             "(its dependence types: in, out, inout, depobj)",
                             c->dep == OMP_DEP_CONCURRENT ? "inoutset" : "mutexinoutset");
            else
                mcc_error_at(&c->loc, "'%s' is not allowed on a taskwait",
                             omp_clause_names[c->kind]);
            continue;
        }
        for (int k = 0; k < c->nrefs; k++) {
            warn_pointer_wait(L, c, c->refs[k]);
            if (c->dep != OMP_DEP_DEPOBJ) {
                n += ref_regions(L, c->refs[k], mode_of(c->dep), &values, &count, &fill, true, &nd);
                continue;
            }
            const char *slot = depobj_slot(L, &values, c->refs[k]);
            const char *where = where_literal(L, &c->refs[k]->text.loc);
            lbuf_printf(&count, "__nrt_nr += 1; __nrt_nd += nanort_depobj_ndims(%s, %s); ", slot,
                        where);
            lbuf_printf(&fill, "{ __nrt_dp[__nrt_i] = &__nrt_d[__nrt_o]; __nrt_n[__nrt_i] = "
                        "nanort_depobj_region(%s, &__nrt_f[__nrt_i], &__nrt_b[__nrt_i], &__nrt_d[__nrt_o], "
                        "%s); __nrt_o += __nrt_n[__nrt_i]; __nrt_i++; }", slot, where);
            n++;
            nd = -1;
        }
    }
    if (n > 0 && nd >= 0) {
        /* Counts known here: arrays of constant size (no VLA, -Wvla), declared first. */
        lbuf_printf(b, "{ %sconst void *__nrt_b[%d]; unsigned __nrt_f[%d], __nrt_n[%d]; "
                    "const struct nanort_dim *__nrt_dp[%d]; struct nanort_dim __nrt_d[%d]; "
                    LOWER_SIZE_T " __nrt_i = 0, __nrt_o = 0; %s"
                    "nanort_taskwait_on(%du, __nrt_f, __nrt_b, __nrt_n, __nrt_dp, %d); }",
                    values.decl.s ? values.decl.s : "", n, n, n, n, nd > 0 ? nd : 1,
                    fill.s ? fill.s : "", n, omp_find_clause(d, OMP_CL_NOFLUSH) ? 1 : 0);
    } else if (n > 0) {
        /* Sized at run time: a multidependence's iteration count (a depend object's
         * dimensions) is only known then.  On the heap: no VLA (-Wvla), and nothing on the
         * stack that a loop of taskwaits would grow. */
        lbuf_printf(b, "{ %s" LOWER_SIZE_T " __nrt_nr = 0, __nrt_nd = 0, __nrt_i = 0, __nrt_o = 0; %s"
                    "if (__nrt_nr > 0) { const void **__nrt_b = __builtin_malloc(__nrt_nr * "
                    "sizeof *__nrt_b); unsigned *__nrt_f = __builtin_malloc(__nrt_nr * sizeof "
                    "*__nrt_f), *__nrt_n = __builtin_malloc(__nrt_nr * sizeof *__nrt_n); "
                    "const struct nanort_dim **__nrt_dp = __builtin_malloc(__nrt_nr * sizeof "
                    "*__nrt_dp); struct nanort_dim *__nrt_d = __builtin_malloc((__nrt_nd + 1) * "
                    "sizeof *__nrt_d); if (!__nrt_b || !__nrt_f || !__nrt_n || !__nrt_dp || "
                    "!__nrt_d) __builtin_abort(); %s"
                    "nanort_taskwait_on((unsigned)__nrt_nr, __nrt_f, __nrt_b, __nrt_n, "
                    "__nrt_dp, %d); __builtin_free(__nrt_b); __builtin_free(__nrt_f); "
                    "__builtin_free(__nrt_n); __builtin_free(__nrt_dp); __builtin_free(__nrt_d); } %s}",
                    values.decl.s ? values.decl.s : "", count.s ? count.s : "",
                    fill.s ? fill.s : "", omp_find_clause(d, OMP_CL_NOFLUSH) ? 1 : 0,
                    values.tidy.s ? values.tidy.s : "");
    }
    free(values.tidy.s);
    free(values.decl.s);
    free(count.s);
    free(fill.s);
}

/* #pragma omp depobj(o) depend(type: x) | update(type) | destroy: the object's record
 * (nanort/depobj.c). */
void lower_deps_depobj(struct lower *L, struct ast *pr, const struct omp_directive *d)
{
    L->deps_at = &d->loc;
    struct lower_buf b = {0};
    struct iters it = {0};
    struct omp_ref o = { .kind = OMP_REF_EXPR, .text = d->name };
    const char *slot = depobj_slot(L, NULL, &o), *where = where_literal(L, &d->name.loc);
    if (d->depobj_destroy) {
        lbuf_printf(&b, "nanort_depobj_destroy(%s, %s);", slot, where);
    } else if (d->depobj_update != OMP_DEP_NONE) {
        lbuf_printf(&b, "nanort_depobj_update(%s, %uu, %s);", slot, mode_of(d->depobj_update),
                    where);
    } else if (d->nclauses == 1 && d->clauses[0].nrefs == 1) {
        const struct omp_clause *c = &d->clauses[0];
        struct region r;
        if (!build_region(L, &it, c->refs[0], NULL, &r)) {
            free(r.own.decl.s);
            free(b.s);
            return;
        }
        lbuf_puts(&b, "{ ");
        add_region_to(&b, &r, "nanort_depobj_init",
                      arena_printf(L->a, "%s, %uu", slot, mode_of(c->dep)));
        lbuf_puts(&b, "}");
        free(r.own.decl.s);
    }
    rewrite_replace(L->rw, pr->begin, pr->end, lbuf_take(&b, L->a));
}

/* ---- what a device launch's sizes read ----------------------------------------------- */

struct root_use {
    const char *const *names;
    int n;
    bool found;
};

static const char *note_root(void *arg, const char *s, size_t n)
{
    struct root_use *u = arg;
    u->found |= lower_name_in(s, n, u->names, u->n);
    return NULL;
}

/* Does the data ref designates hang from one of u's names: the identifier it starts from
 * (count of *count, [1]count, count[0:k], c.z, p->y), any identifier of an expression it
 * starts from ((p + i))?  Not what only sizes or indexes it (n of [n]v): a launch of
 * ndrange(1, n, 16) reads none of v.  A multidependence: no. */
static bool ref_hangs_from(struct lower *L, const struct omp_ref *ref, struct root_use *u)
{
    while (ref->kind != OMP_REF_NAME && ref->kind != OMP_REF_EXPR && ref->kind != OMP_REF_MULTI)
        ref = ref->base;
    if (ref->kind == OMP_REF_MULTI)
        return false;
    u->found = false;
    lower_map_idents(L, ref->text.text, note_root, u);
    return u->found;
}

bool lower_deps_emit_reads(struct lower *L, const struct lower_dir *d, bool copies_only,
                           const char *const *names, int n, struct lower_buf *b)
{
    L->deps_at = dir_at(d);
    static const struct iters none;
    struct root_use u = {names, n, false};
    bool any = false;
    if (n == 0 || mcc_error_count() > 0)    /* (the spawn function reported its regions) */
        return false;
    const struct omp_directive *ds[2] = {d->dir, d->target};
    for (int k = 0; k < 2; k++)
        for (int i = 0; ds[k] && i < ds[k]->nclauses; i++) {
            const struct omp_clause *c = &ds[k]->clauses[i];
            bool copy = c->kind == OMP_CL_COPY_IN || c->kind == OMP_CL_COPY_OUT ||
                        c->kind == OMP_CL_COPY_INOUT;
            if (!copy && (copies_only || !is_dep_clause(c->kind) || c->dep == OMP_DEP_DEPOBJ))
                continue;
            for (int r = 0; r < c->nrefs; r++) {
                struct region reg;
                if (!ref_hangs_from(L, c->refs[r], &u))
                    continue;
                if (build_region(L, &none, c->refs[r], NULL, &reg)) {
                    lbuf_puts(b, "    ");
                    add_region_to(b, &reg, "nanort_launch_reads", "__nrt_c");
                    any = true;
                }
                free(reg.own.decl.s);
            }
        }
    return any;
}
