/*
 * check.c - the clauses of a directive checked by mcc before any code is generated
 * (OMPSS.md "Errors the compiler must report"): the pieces of each clause, where a
 * directive is, the entry points.
 *
 * The lowering copies clause expressions into generated C: an index into `&a[i]`, a bound
 * into `(__typeof__(sizeof 0))(hi) - (lo) + 1`, an iterator range into `for (long i = (lo); ...)`,
 * `if(e)` into `(e) ? 0u : ...`.  Whatever gcc would reject there is found here first and
 * reported at the clause, with mcc's own `file:line:col: error:` (check_expr.c parses each
 * piece as C, check_type.c follows its types).
 *
 * It also checks where a directive is: a directive that runs code cannot be at file scope,
 * a construct cannot apply to a `case` label, and no `goto` outside a construct may jump to
 * a label inside it.  One error per directive, like the pragma parser.
 */
#include "mcc.h"
#include "c.tab.h"

#include <stdlib.h>
#include <string.h>

/* ---- clauses --------------------------------------------------------------------------- */

/* Point the checker at the tokens of piece e of the directive. */
static void range_of(struct ck *c, const struct omp_expr *e)
{
    size_t end = e->off + strlen(e->text);
    int lo = 0, hi = c->d->ntoks;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (c->toks[mid].off < e->off)
            lo = mid + 1;
        else
            hi = mid;
    }
    c->pos = lo;
    for (c->end = lo; c->end < c->d->ntoks && c->toks[c->end].off < end; c->end++)
        ;
}

/* How a piece of a clause is used by the generated code. */
enum ck_use {
    USE_VALUE,      /* any value */
    USE_SCALAR,     /* tested or converted: if, final, priority, ... */
    USE_INDEX,      /* an index: subscripts, section bounds, shapes, iterator ranges */
};

/* Check piece e as a C expression; `what` names it in messages, `closer` is what ends it
 * ("']'"). */
static bool piece(struct ck *c, const struct omp_expr *e, enum ck_use use, const char *what,
                  const char *closer, struct ck_type *t)
{
    struct ck_type tmp;
    if (!t)
        t = &tmp;
    *t = ck_unknown_type(true);
    if (!e->text || c->failed)
        return !c->failed;
    range_of(c, e);
    int first = c->pos;
    if (first == c->end)
        return true;
    if (!ck_expr(c, t))
        return false;
    if (c->pos < c->end) {
        ck_error(c, c->pos, "expected %s before '%.*s'", closer, CK_TOK(c, c->pos));
        return false;
    }
    struct ck_type v = ck_decay(t);
    enum ck_kind k = ck_kind_of(&v);
    if (use == USE_SCALAR && ck_non_scalar(k)) {
        ck_error(c, first, "%s must be a scalar, not a %s value", what,
                 k == CK_VOID ? "void" : "struct or union");
        return false;
    }
    if (use == USE_INDEX && k != CK_INT && k != CK_UNKNOWN) {
        ck_error(c, first, "%s is not an integer", what);
        return false;
    }
    return true;
}

/* The type written before an iterator's name, `iterator(T i = lo:hi)`, is an integer or
 * a pointer type (gcc: "iterator 'x' has neither integral nor pointer type"); the lowering
 * counts an integer as a long, and declares a pointer as written, which it tells by its
 * '*' (pragma_ref.c): a typedef name of a pointer type has none. */
static bool iterator_type(struct ck *c, const struct omp_iter *it)
{
    if (!it->written.text)
        return true;
    range_of(c, &it->written);
    struct ck_type t;
    if (!ck_starts_type(c, c->pos)) {
        ck_expected(c, "a type name");
        return false;
    }
    if (!ck_type_name(c, &t))
        return false;
    if (c->pos < c->end) {
        ck_error(c, c->pos, "expected the iterator's name before '%.*s'", CK_TOK(c, c->pos));
        return false;
    }
    enum ck_kind k = ck_kind_of(&t);
    range_of(c, &it->var);
    if (k != CK_INT && k != CK_POINTER && k != CK_UNKNOWN) {
        ck_error(c, c->pos, "iterator '%s' has neither integral nor pointer type ('%s')",
                 it->var.text, it->written.text);
        return false;
    }
    if (k == CK_POINTER && !it->type.text) {
        ck_error(c, c->pos, "sorry, unimplemented: iterator '%s' of a pointer type named by "
                 "a typedef ('%s'): write the pointer's type with its '*'", it->var.text,
                 it->written.text);
        return false;
    }
    return true;
}

/* A pointer to an object (or unknown): what sections and shapes apply to. */
static bool object_pointer(const struct ck_type *x)
{
    if (ck_kind_of(x) == CK_UNKNOWN)
        return true;
    if (ck_kind_of(x) != CK_POINTER)
        return false;
    struct ck_type e = ck_inner_type(x);
    return ck_kind_of(&e) != CK_FUNCTION;
}

/* One node of a data reference (OMPSS.md "Data references"): its type into *t; *region
 * is set when it holds a section, a shaping or a multidependence. */
/* A constant value of an integer piece's type t (absent: `absent`), or false. */
static bool constant_of(const struct omp_expr *e, const struct ck_type *t, long long absent,
                        long long *v)
{
    unsigned long long u;
    if (!e->text) {
        *v = absent;
        return true;
    }
    if (!ck_value_of(t, &u))
        return false;
    *v = (long long)ck_at_norm(u, ck_arith_of(t));
    return true;
}

/* A section with constant bounds of an array of known size (base type t, lower bound and
 * upper bound or length of types lo and bound) stays inside it, and a reduction's or an
 * OpenMP depend clause's is not empty (gcc: "negative low bound in array section", "length
 * ... above array section size", "zero length array section"): an error for a reduction,
 * whose combine writes there, and for depend, which gcc -fopenmp refuses; a warning for an
 * OmpSs dependence, in(...) and the like (Mercurium builds those programs).  False:
 * reported. */
static bool section_in_bounds(struct ck *c, const struct omp_ref *r, const struct ck_type *t,
                              const struct ck_type *lo, const struct ck_type *bound)
{
    long long size = t->n && t->d[0] == CK_ARRAY && t->dim[0] > 0 ? t->dim[0] - 1 : -1;
    long long first = 0, len = 0, b;
    bool first_known = constant_of(&r->index, lo, 0, &first);   /* (a[i:0]: empty too) */
    const char *what = NULL;
    bool known = false;
    if (r->form == OMP_SECT_ELEMENT) {  /* a[i] */
        known = true;
        len = 1;
    } else if (!r->bound.text) {        /* to the end */
        known = first_known && size >= 0;
        len = size - first;
    } else if (constant_of(&r->bound, bound, 0, &b)) {
        known = first_known || r->form != OMP_SECT_LO_HI;
        len = r->form == OMP_SECT_LO_HI ? b - first + 1 : b;
    }
    bool end = false;                   /* (the array's size says why) */
    bool array = t->n && t->d[0] == CK_ARRAY;  /* (a pointer's section may start before
                                                  it: `mid[-1:3]`, gcc -fopenmp too) */
    if (first_known && first < 0 && array) {
        what = "starts before the array";
    } else if (known && len < 0) {
        what = r->bound.text ? "has a negative length" : "starts past the end of the array";
        end = !r->bound.text;
    } else if (known && len == 0 && (c->reducing || c->depending)) {
        what = "is empty";
    } else if (known && first_known && size >= 0 && first + len > size) {
        what = "goes past the end of the array";
        end = true;
    }
    if (!what)
        return true;
    range_of(c, &r->text);
    char msg[256];
    if (end)
        snprintf(msg, sizeof msg, "the array section '%s' %s ('%s' has %lld elements)",
                 r->text.text, what, r->base->text.text, size);
    else
        snprintf(msg, sizeof msg, "the array section '%s' %s", r->text.text, what);
    if (!c->reducing && !c->depending) {  /* an OmpSs dependence only orders tasks */
        if (!c->quiet)
            mcc_warning_at(&c->toks[c->pos].loc, "%s", msg);
        return true;
    }
    ck_error(c, c->pos, "%s", msg);
    return false;
}

static bool ref(struct ck *c, const struct omp_ref *r, struct ck_type *t, bool *region)
{
    struct ck_type x;
    switch (r->kind) {
    case OMP_REF_NAME: case OMP_REF_EXPR:
        return piece(c, &r->text, USE_VALUE, "the data reference", "',' or ')'", t);
    case OMP_REF_SUBSCRIPT:
        if (!ref(c, r->base, t, region) || !piece(c, &r->index, USE_INDEX, "the subscript", "']'", &x))
            return false;
        range_of(c, &r->index);
        return ck_subscript(c, c->pos > 0 ? c->pos - 1 : 0, t, &x);
    case OMP_REF_SECTION: {
        struct ck_type lo, bound;
        *region = true;
        if (!ref(c, r->base, t, region) ||
            !piece(c, &r->index, USE_INDEX, "the lower bound of the array section",
                   "':', ';' or ']'", &lo) ||
            !piece(c, &r->bound, USE_INDEX, r->form == OMP_SECT_LO_HI
                   ? "the upper bound of the array section" : "the length of the array section",
                   "']'", &bound) ||
            !section_in_bounds(c, r, t, &lo, &bound))
            return false;
        x = ck_decay(t);
        if (!object_pointer(&x)) {
            range_of(c, &r->base->text);
            ck_error(c, c->pos, "array section of '%s', which is neither an array nor a pointer",
                     r->base->text.text);
            return false;
        }
        *t = ck_kind_of(&x) == CK_POINTER ? ck_inner_type(&x) : ck_unknown_type(true);
        return true;
    }
    case OMP_REF_MEMBER: case OMP_REF_ARROW:
        if (!ref(c, r->base, t, region))
            return false;
        range_of(c, &r->member);
        return ck_member(c, c->pos, t, r->kind == OMP_REF_ARROW);
    case OMP_REF_DEREF:
        if (!ref(c, r->base, t, region))
            return false;
        x = ck_decay(t);
        if (ck_kind_of(&x) != CK_POINTER && ck_kind_of(&x) != CK_UNKNOWN) {
            range_of(c, &r->text);
            ck_error(c, c->pos, "invalid type argument of unary '*': '%s' is not a pointer",
                     r->base->text.text);
            return false;
        }
        *t = ck_kind_of(&x) == CK_POINTER ? ck_inner_type(&x) : ck_unknown_type(true);
        return true;
    case OMP_REF_SHAPE:
        *region = true;
        if (r->all_memory) {        /* (no expression of the user's: pragma.c) */
            *t = ck_unknown_type(true);
            return true;
        }
        struct ck_type dim0;
        for (int i = 0; i < r->ndims; i++)
            if (!piece(c, &r->dims[i], USE_INDEX, "the shape dimension", "']'", i ? NULL : &dim0))
                return false;
        if (!ref(c, r->base, t, region))
            return false;
        long long n0;
        if (c->reducing && r->ndims == 1 && t->n && t->d[0] == CK_ARRAY &&
            constant_of(&r->dims[0], &dim0, 1, &n0) && (n0 <= 0 || (t->dim[0] > 0 &&
                                                                  n0 > t->dim[0] - 1))) {
            /* a reduction's `[n]h` of an array is its section h[0;n]: its combine writes
               there (lower_reduction_shaped_array) */
            range_of(c, &r->text);
            if (n0 <= 0)
                ck_error(c, c->pos, "the shape '%s' is empty", r->text.text);
            else
                ck_error(c, c->pos, "the shape '%s' goes past the end of the array ('%s' has "
                         "%lld elements)", r->text.text, r->base->text.text, t->dim[0] - 1);
            return false;
        }
        x = ck_decay(t);
        if (!object_pointer(&x)) {
            range_of(c, &r->base->text);
            ck_error(c, c->pos, "shaping expression on '%s', which is neither an array nor a "
                     "pointer", r->base->text.text);
            return false;
        }
        *t = ck_unknown_type(true);
        return true;
    case OMP_REF_MULTI: {
        int saved = c->niters;
        bool ok = true;
        *region = true;
        for (int i = 0; ok && i < r->niters; i++) {
            const struct omp_iter *it = &r->iters[i];
            struct ck_type step;
            ok = iterator_type(c, it);
            enum ck_use range = it->type.text ? USE_SCALAR : USE_INDEX;    /* (a pointer's) */
            ok = ok && piece(c, &it->lo, range, "the lower bound of the iterator range",
                       "':' or ';'", NULL) &&
                 piece(c, &it->bound, range, it->form == OMP_SECT_LO_HI
                       ? "the upper bound of the iterator range"
                       : it->form == OMP_SECT_LO_END ? "the end of the iterator range"
                       : "the length of the iterator range", "',', ':' or '}'", NULL) &&
                 piece(c, &it->step, USE_INDEX, "the step of the iterator range", "',' or '}'",
                       &step);
            unsigned long long v;
            if (ok && it->step.text && ck_value_of(&step, &v) && ck_at_norm(v, step.at) == 0) {
                /* the loops over its values would never end */
                range_of(c, &it->step);
                ck_error(c, c->pos, "iterator '%s' has zero step", it->var.text);
                ok = false;
            }
            if (ok && c->niters < (int)(sizeof c->iters / sizeof c->iters[0]))
                c->iters[c->niters++] = it;
        }
        ok = ok && ref(c, r->base, t, region);
        c->niters = saved;
        return ok;
    }
    default:
        return true;
    }
}

static const char *item_type_words(struct ck *c, const struct ck_type *e);

/* The type of a reduction item's elements: t without its array derivations. */
static struct ck_type element_type(const struct ck_type *t)
{
    struct ck_type e = *t;
    while (e.n && e.d[0] == CK_ARRAY)
        e = ck_inner_type(&e);
    return e;
}

/* Is reduction operator cl (`+`, `max`, ...) on an item of type t one the program declared
 * for t's element type (OpenMP lets `declare reduction` give an operator to a struct
 * type; an arithmetic type keeps the built-in one)?  Any declaration of the operator
 * will do here: declared_reduction_type() then picks the one for the type. */
static bool operator_declared(struct ck *c, const struct omp_clause *cl, const struct ck_type *t)
{
    struct ck_type e = element_type(t);
    enum ck_kind kind = ck_kind_of(&e);
    if (kind == CK_INT || kind == CK_FLOAT || !cl->red_id.text)
        return false;
    for (const struct lower_declred *d = c->L->declreds; d; d = d->next)
        if (!strcmp(d->id, cl->red_id.text))
            return true;
    return false;
}

/* A built-in reduction operator needs an arithmetic item (or an array of them): on a struct,
 * a union or a pointer the lowering's combine `x = x + priv` is not C (gcc found it); `&`,
 * `|` and `^` need an integer one, `min` and `max` a real one (OpenMP's table of
 * operators; gcc found `d & priv` of a double, `z > priv` of a complex). */
static void reduction_type(struct ck *c, const struct omp_clause *cl, const struct omp_ref *r,
                           const struct ck_type *t)
{
    struct ck_type e = element_type(t);
    enum ck_kind kind = ck_kind_of(&e);
    const char *op = cl->red_id.text ? cl->red_id.text : omp_reduction_op_names[cl->red_op];
    bool bitwise = cl->red_op == OMP_RED_BITAND || cl->red_op == OMP_RED_BITOR ||
                   cl->red_op == OMP_RED_BITXOR;
    bool order = cl->red_op == OMP_RED_MIN || cl->red_op == OMP_RED_MAX;
    const char *needs = "an arithmetic", *got = kind == CK_STRUCT ? "a struct or union"
                                                : "a pointer";
    if ((kind == CK_INT || kind == CK_FLOAT) && !e.n) {
        if (bitwise && (kind == CK_FLOAT || e.complex))
            needs = "an integer";
        else if (order && e.complex)
            needs = "a real";
        else
            return;
        got = e.complex ? "a complex type" : item_type_words(c, &e);
    } else if (kind != CK_STRUCT && kind != CK_POINTER) {
        return;
    }
    ck_error(c, c->pos, "'%s' in '%s': the operator '%s' needs %s type, not %s "
             "(declare a reduction for it: '#pragma omp declare reduction(name : type : "
             "combiner)')", r->text.text, omp_clause_names[cl->kind], op, needs, got);
}

/* Is a reduction declared for type dt one for an item whose elements are of type e?
 * OpenMP picks a declared reduction by its name and the item's type: the same arithmetic
 * type (`char` is neither `signed char` nor `unsigned char`; an enum and the integer type
 * gcc gives it are one, two enums are two), the same struct or union, as gcc compares
 * them.  -1 where mcc cannot tell (a type it does not know, pointers). */
static int declared_for(struct ck *c, const struct ck_type *dt, const struct ck_type *e)
{
    enum ck_kind dk = ck_kind_of(dt), ek = ck_kind_of(e);
    if (dk == CK_UNKNOWN || ek == CK_UNKNOWN)
        return -1;
    if (dt->n || e->n)                  /* pointers (or functions) */
        return dt->n && e->n ? -1 : 0;
    bool da = dk == CK_INT || dk == CK_FLOAT, ea = ek == CK_INT || ek == CK_FLOAT;
    if (da && ea) {
        if (dt->at == AT_UNKNOWN || e->at == AT_UNKNOWN)
            return -1;                  /* a type mcc does not name (complex, _FloatN) */
        if (dt->tag && e->tag)          /* two enums (tag: each one's definition) */
            return dt->tag == e->tag;
        return dt->at == e->at;         /* an enum is its integer type's (`at`) to gcc */
    }
    if (dk == CK_STRUCT && ek == CK_STRUCT)
        return ck_same_struct_type(c, dt, e);
    if ((da && ek == CK_STRUCT) || (dk == CK_STRUCT && ea))
        return 0;
    return -1;
}

/* How the item's elements are spelled in a message: their arithmetic type, or what they are. */
static const char *item_type_words(struct ck *c, const struct ck_type *e)
{
    enum ck_kind k = ck_kind_of(e);
    if (k == CK_INT && e->tag)
        return e->tag->name ? arena_printf(c->L->a, "'enum %.*s'", (int)e->tag->name->len,
                                           e->tag->name->str) : "an enum type";
    if ((k == CK_INT || k == CK_FLOAT) && !e->n && e->at != AT_UNKNOWN)
        return arena_printf(c->L->a, "'%s'", ck_at_names[e->at]);
    if (k == CK_STRUCT)
        return "a struct or union";
    return k == CK_INT || k == CK_FLOAT ? "an arithmetic type" : "its type";
}

/*
 * A declared reduction applies to the types it was declared for, and a program may declare
 * one name for several types, in several directives and blocks (OpenMP selects by the name
 * and the item's type, the innermost visible declaration first).  The one for item r's
 * element type t is recorded for the lowering (c->L->red_decl); an item whose type none of
 * the visible declarations of the name has is gcc's "user defined reduction not found".
 * When mcc cannot compare the types it takes the name's one visible declaration, and says
 * "sorry" when there are several.  None visible: the name's declarations in other blocks
 * are named, else the lowering reports an unknown reduction.
 */
static void declared_reduction_type(struct ck *c, const struct omp_clause *cl,
                                    const struct omp_ref *r, const struct ck_type *t)
{
    struct ck_type e = element_type(t);
    const struct lower_declred *only = NULL, *hidden = NULL;
    int nvisible = 0;
    bool unknown = false;
    for (const struct lower_declred *d = c->L->declreds; d; d = d->next) {
        if (strcmp(d->id, cl->red_id.text))
            continue;
        if (c->at < d->from || c->at >= d->to) {
            hidden = d;                 /* the name's first declaration not visible here */
            continue;
        }
        nvisible++;
        only = d;
        for (int i = 0; i < d->r->ntypes; i++) {
            int m = d->types ? declared_for(c, &d->types[i], &e) : -1;
            if (m == 1) {
                lower_map_put(c->L, &c->L->red_decl, r, (void *)d);
                return;
            }
            unknown |= m < 0;
        }
    }
    if (nvisible == 0 && hidden && hidden->from < c->at) {
        range_of(c, &r->text);
        ck_error(c, c->pos, "'%s' in '%s': reduction '%s' is not declared here (its "
                 "declaration at line %d is inside a block this directive is not in)",
                 r->text.text, omp_clause_names[cl->kind], cl->red_id.text,
                 hidden->r->id.loc.line);
        return;
    }
    if (nvisible == 0)
        return;                         /* the lowering reports an unknown reduction */
    if (unknown && nvisible == 1) {
        lower_map_put(c->L, &c->L->red_decl, r, (void *)only);
        return;
    }
    range_of(c, &r->text);
    if (unknown)
        ck_error(c, c->pos, "sorry, unimplemented: mcc cannot tell which declaration of "
                 "reduction '%s' applies to '%s' (it does not know all of their types); give "
                 "each type's reduction a name of its own", cl->red_id.text, r->text.text);
    else if (nvisible == 1 && only->r->ntypes == 1)
        ck_error(c, c->pos, "'%s' in '%s': reduction '%s' is declared for '%s', not for %s",
                 r->text.text, omp_clause_names[cl->kind], cl->red_id.text,
                 only->r->types[0].text, item_type_words(c, &e));
    else
        ck_error(c, c->pos, "'%s' in '%s': reduction '%s' is not declared for %s",
                 r->text.text, omp_clause_names[cl->kind], cl->red_id.text,
                 item_type_words(c, &e));
}

/* Is y declared through a typedef of a pointer to const (`typedef const int *cip;`)? */
static bool typedef_pointer_to_const(const struct sym *y)
{
    for (struct ast *sp = y->specs->kid[0] ? y->specs->kid[0]->kid[0] : NULL; sp; sp = sp->next) {
        struct ast *td = sp->kind == AST_TYPEDEF_REF && sp->sym ? lower_full_declarator(sp->sym)
                                                                : NULL;
        if (td && td->kind == AST_DECL_POINTER && td->kid[0] && td->kid[0]->kind == AST_DECL_NAME &&
            ck_specs_const(sp->sym, 1))
            return true;
    }
    return false;
}

/* Is the object a reduction item `x`, `*p` or `[n]p` names const-qualified as its
 * declaration says (`const double *p`, `const int w[N]` as a parameter, `cint x` with
 * `typedef const int cint`)?  The combine assigns it. */
static bool const_item(struct ck *c, const struct omp_ref *r)
{
    bool section = r->kind == OMP_REF_SECTION;
    bool through = r->kind == OMP_REF_DEREF || r->kind == OMP_REF_SHAPE;
    const struct omp_ref *b = through || section ? r->base : r;
    if (!b || b->kind != OMP_REF_NAME)
        return false;
    range_of(c, &b->text);
    struct sym *y;
    if (c->pos >= c->end || ck_lookup(c, c->pos, &y) != NAME_SYM || !y || !y->specs)
        return false;
    struct ast *d = lower_full_declarator(y);
    if (!d)
        return false;
    if (section)        /* a[lb:len]: the elements of an array, or what a pointer points to */
        through = !(d->kind == AST_DECL_ARRAY && !y->array_param);
    if (through && d->kind == AST_DECL_NAME)
        return typedef_pointer_to_const(y);
    if (!ck_specs_const(y, 0))
        return false;
    if (!through)
        return d->kind == AST_DECL_NAME || d->kind == AST_DECL_ARRAY;
    /* `const int *p`, or a parameter written `const int w[N]` (a pointer to const) */
    return (d->kind == AST_DECL_POINTER || (d->kind == AST_DECL_ARRAY && y->array_param)) &&
           d->kid[0] && d->kid[0]->kind == AST_DECL_NAME;
}

/* Is y declared, in the declaration that declares it (the one seen where it is used), as an
 * array without its size and without an initializer that would give one (`extern int
 * a[];`, not `int tab[] = {1, 2}`)? */
static bool declared_without_size(const struct sym *y);

bool check_declared_without_size(const struct sym *y)
{
    return declared_without_size(y);
}

static bool declared_without_size(const struct sym *y)
{
    struct ast *d = y->decl;
    if (!d || d->kind != AST_DECLARATION || !d->kid[1])
        return false;
    for (struct ast *i = d->kid[1]->kid[0]; i; i = i->next)
        if (i->kind == AST_INIT_DECLARATOR && i->sym == y)
            return !i->kid[1] && ck_open_array(i->kid[0]);
    return false;
}

/* Does a private, firstprivate, lastprivate or reduction item name an array declared
 * without its size, which no initializer gives (`extern int a[];`)?  Its copy cannot be
 * made: gcc's "'a' has an incomplete type", which gcc found in the generated copy
 * ("flexible array member not at end of struct"). */
static bool incomplete_copy(struct ck *c, const struct omp_clause *cl, const struct omp_ref *r)
{
    if ((cl->kind != OMP_CL_PRIVATE && cl->kind != OMP_CL_FIRSTPRIVATE &&
         cl->kind != OMP_CL_LASTPRIVATE && cl->kind != OMP_CL_REDUCTION &&
         cl->kind != OMP_CL_TASK_REDUCTION && cl->kind != OMP_CL_IN_REDUCTION) ||
        r->kind != OMP_REF_NAME)
        return false;
    range_of(c, &r->text);
    struct sym *y;
    if (c->pos >= c->end || ck_lookup(c, c->pos, &y) != NAME_SYM || !y || y->array_param)
        return false;
    while (y->redecl && y->declarator && y->declarator->begin >= c->at)
        y = y->redecl;              /* the declaration seen there, not a later definition */
    if (!declared_without_size(y))
        return false;
    ck_error(c, c->pos, "'%s' in '%s' has an incomplete type (an array declared without its "
             "size): it cannot be copied", r->text.text, omp_clause_names[cl->kind]);
    return true;
}

/* A dependence or copy item naming an array declared without its size where the construct
 * is (`extern double A[];`, `inout(A)`): its region is the array's bytes, whose number gcc
 * refused to give to mcc's `sizeof(A)`.  A file-scope array the unit defines with a size
 * after the construct is recorded for the lowering, which takes the size at the end of the
 * unit (lower_deps.c, as for a struct completed later); in `depend`, one the unit never
 * completes, or a flexible array member (`p->d` of `double d[];`), depends on its first
 * element; any other is reported.  False when the item is no such array. */
static bool incomplete_array_item(struct ck *c, const struct omp_clause *cl,
                                  const struct omp_ref *r, const struct ck_type *t)
{
    if (r->kind != OMP_REF_NAME && t->n && t->d[0] == CK_ARRAY && t->dim[0] == -1) {
        /* a flexible array member (`double d[];` ending a struct), whose size is the
           allocation's, or what a pointer to an array declared `[]` points to (`*pa` of
           `double (*pa)[]`) */
        bool member = r->kind == OMP_REF_MEMBER || r->kind == OMP_REF_ARROW;
        range_of(c, &r->text);
        if (cl->kind == OMP_CL_DEPEND) {
            lower_map_put(c->L, &c->L->late_array, r, (void *)r);
            return true;
        }
        ck_error(c, c->pos, "'%s' in '%s' %s: the clause covers its bytes, whose number is not "
                 "known (name a section of it, '%s%s%s[0;n]')", r->text.text,
                 omp_clause_names[cl->kind], member ? "is a flexible array member"
                 : "is an array declared without its size", member ? "" : "(",
                 r->text.text, member ? "" : ")");
        return true;
    }
    if (r->kind != OMP_REF_NAME)
        return false;
    range_of(c, &r->text);
    struct sym *y;
    if (c->pos >= c->end || ck_lookup(c, c->pos, &y) != NAME_SYM || !y || y->array_param)
        return false;
    struct sym *last = y;
    while (y->redecl && y->declarator && y->declarator->begin >= c->at)
        y = y->redecl;              /* the declaration seen there, not a later definition */
    if (!declared_without_size(y))
        return false;
    if (last != y && last->depth == 0 && !declared_without_size(last)) {
        lower_map_put(c->L, &c->L->late_array, r, last);
        return true;
    }
    if (cl->kind == OMP_CL_DEPEND) {
        /* OpenMP's items are the same or disjoint: the first element stands for the array
           (gcc -fopenmp depends on its address) */
        lower_map_put(c->L, &c->L->late_array, r, (void *)r);
        return true;
    }
    ck_error(c, c->pos, "'%s' in '%s' has an incomplete type (an array declared without its "
             "size): the clause covers the array's bytes, whose number is not known here "
             "(name a section of it, '%s[0%sn]')", r->text.text, omp_clause_names[cl->kind],
             r->text.text, cl->kind == OMP_CL_DEPEND ? ":" : ";");
    return true;
}

/* A dependence or copy item of a struct or union that the unit completes only after this
 * construct (`struct grid;`, `inout(*g)`, then `struct grid {...};`): gcc refuses its
 * sizeof here.  With a file-scope tag it is recorded for the lowering, which takes the size
 * at the end of the unit (lower_deps.c, as gcc -fopenmp accepts `depend(inout: *g)` there);
 * an element `g[i]` (arithmetic on a pointer to the incomplete type) and a tag of a block
 * completed later in it are reported.  False when the type is complete here, or never. */
static bool late_struct(struct ck *c, const struct omp_clause *cl, const struct omp_ref *r,
                        const struct ck_type *t)
{
    if (t->n || t->base != CK_STRUCT || t->cstruct || !t->tag || !t->tag->sym)
        return false;
    struct ast *m = ck_struct_members(c->L, t->tag);
    if (!m || m->begin < c->at)
        return false;
    struct sym *tag = t->tag->sym;
    if (tag->depth == 0 && r->kind != OMP_REF_SUBSCRIPT) {
        lower_map_put(c->L, &c->L->late_tag, r, tag);
        return true;
    }
    struct mcc_loc def = source_user_loc(&c->L->t->src, m->begin);
    ck_error(c, c->pos, "'%s' in '%s' %s '%s %.*s', which is incomplete here (defined at "
             "line %d): define it before the %s", r->text.text, omp_clause_names[cl->kind],
             r->kind == OMP_REF_SUBSCRIPT ? "indexes a pointer to" : "has type",
             t->tag->op == KW_UNION ? "union" : "struct", (int)tag->name->len, tag->name->str,
             def.line, tag->depth == 0 ? "function" : "construct");
    return true;
}

/* A dependence or copy item of type void, `*vp` or `vp[i]` of a `void *`: no object, so no
 * size.  gcc -fopenmp warns ("dereferencing 'void *' pointer") and depends on the address;
 * mcc warns at the item and the region is the byte there (lower_deps.c), where gcc warned
 * of the generated `&(*vp)` at a generated column.  Another form is an error.  False when
 * the item is not void. */
static bool void_item(struct ck *c, const struct omp_clause *cl, const struct omp_ref *r,
                      const struct ck_type *t)
{
    if (t->n || t->base != CK_VOID)
        return false;
    if (r->kind != OMP_REF_DEREF && r->kind != OMP_REF_SUBSCRIPT) {
        ck_error(c, c->pos, "'%s' in '%s' has type void: it is no object (name one through "
                 "a pointer to its type, '*(T *)p')", r->text.text, omp_clause_names[cl->kind]);
        return true;
    }
    lower_map_put(c->L, &c->L->void_item, r, (void *)r);
    if (!c->quiet)
        mcc_warning_at(&c->toks[c->pos].loc, "dereferencing 'void *' pointer: '%s' in '%s' "
                       "covers the one byte at that address (to cover the object, name its "
                       "type: '%s(T *)%s%s%s%s')", r->text.text, omp_clause_names[cl->kind],
                       r->kind == OMP_REF_DEREF ? "*" : "(", r->base->text.text,
                       r->kind == OMP_REF_DEREF ? "" : ")[",
                       r->kind == OMP_REF_DEREF ? "" : r->index.text,
                       r->kind == OMP_REF_DEREF ? "" : "]");
    return true;
}

static bool data_sharing(enum omp_clause_kind k);

/* A threadprivate variable has its data-sharing attribute predetermined: it is in no
 * data-sharing clause (OpenMP 5.0 2.19.1.1; gcc: "'t' is predetermined 'threadprivate' for
 * 'private'"); copyin and copyprivate are for it.  True: reported. */
static bool threadprivate_item(struct ck *c, const struct omp_clause *cl,
                               const struct omp_ref *r)
{
    if (r->kind != OMP_REF_NAME || cl->kind == OMP_CL_COPYIN || cl->kind == OMP_CL_COPYPRIVATE ||
        !data_sharing(cl->kind))
        return false;
    struct sym *s = lower_resolve(c->L, r->text.text, strlen(r->text.text), c->at);
    if (!s || !lower_thread_local_sym(c->L, s))
        return false;
    range_of(c, &r->text);
    ck_error(c, c->pos, "'%s' is threadprivate, each thread's own already: it cannot be in "
             "'%s' (copyin sets it from the encountering thread's)", r->text.text,
             omp_clause_names[cl->kind]);
    return true;
}

/* A list item of a dependence, copy, reduction or data-sharing clause. */
static void item(struct ck *c, const struct omp_clause *cl, const struct omp_ref *r, bool names)
{
    struct ck_type t;
    bool region = false;
    bool reduction = cl->kind == OMP_CL_REDUCTION || cl->kind == OMP_CL_TASK_REDUCTION ||
                     cl->kind == OMP_CL_IN_REDUCTION;
    c->reducing = reduction;
    c->depending = cl->kind == OMP_CL_DEPEND;
    bool ok = ref(c, r, &t, &region);
    c->reducing = c->depending = false;
    if (!ok)
        return;
    if (region && reduction && const_item(c, r)) {     /* `[n]p` of a const int *p */
        range_of(c, &r->text);
        ck_error(c, c->pos, "'%s' in '%s' is const: a reduction writes its item",
                 r->text.text, omp_clause_names[cl->kind]);
    }
    if (region) {
        if (!reduction)
            return;
        /* t: a section's element type; a shape's is its pointer's (its base checked above
           already) */
        bool again = false;
        if (r->kind == OMP_REF_SHAPE && ref(c, r->base, &t, &again)) {
            struct ck_type x = ck_decay(&t);
            t = ck_kind_of(&x) == CK_POINTER ? ck_inner_type(&x) : ck_unknown_type(true);
        }
        range_of(c, &r->text);
        if (cl->red_op == OMP_RED_USER || operator_declared(c, cl, &t))
            declared_reduction_type(c, cl, r, &t);
        else
            reduction_type(c, cl, r, &t);
        return;
    }
    range_of(c, &r->text);
    if (ck_kind_of(&t) == CK_FUNCTION)
        ck_error(c, c->pos, "'%s' in '%s' is a function, not %s", r->text.text,
                 omp_clause_names[cl->kind], names ? "a variable" : "data");
    else if (!t.lvalue)
        ck_error(c, c->pos, "'%s' in '%s' is not %s", r->text.text, omp_clause_names[cl->kind],
                 names ? "a variable" : "an lvalue (an object a dependence can name)");
    else if (t.bitfield)
        /* a bit-field has no address: the task's region would be `&s.a` (gcc's message) */
        ck_error(c, c->pos, "bit-field '%s' in '%s' clause", r->text.text,
                 omp_clause_names[cl->kind]);
    else if (!names && !reduction && late_struct(c, cl, r, &t))
        return;
    else if (!names && !reduction && void_item(c, cl, r, &t))
        return;
    else if (!names && !reduction && incomplete_array_item(c, cl, r, &t))
        return;
    else if (!names && !reduction && !t.n && t.base == CK_STRUCT && !t.cstruct && t.tag &&
             !ck_struct_members(c->L, t.tag))
        /* a region is the object's bytes, sizeof(*p): of a struct the unit only declares
           (an opaque handle), gcc would refuse that sizeof in the generated code */
        ck_error(c, c->pos, "'%s' in '%s' has an incomplete struct or union type: the "
                 "clause covers the object's bytes, whose number is not known here%s%s%s",
                 r->text.text, omp_clause_names[cl->kind],
                 r->kind == OMP_REF_DEREF ? " (to depend on its address alone, name "
                                            "'*(char *)" : "",
                 r->kind == OMP_REF_DEREF ? r->base->text.text : "",
                 r->kind == OMP_REF_DEREF ? "')" : "");
    else if (incomplete_copy(c, cl, r))
        return;
    else if (names && threadprivate_item(c, cl, r))
        return;
    else if ((cl->kind == OMP_CL_PRIVATE || cl->kind == OMP_CL_LASTPRIVATE) &&
             r->kind == OMP_REF_NAME && const_item(c, r)) {
        /* a private copy starts without a value and a lastprivate one is written back:
           neither can be const (gcc: "'const' qualified 'n' may appear only in 'shared' or
           'firstprivate' clauses") */
        range_of(c, &r->text);
        ck_error(c, c->pos, "'%s' in '%s' is const: its copy %s; name it in 'shared' or "
                 "'firstprivate'", r->text.text, omp_clause_names[cl->kind],
                 cl->kind == OMP_CL_PRIVATE ? "would never have a value"
                 : "is written back to it");
    } else if (reduction && const_item(c, r)) {
        range_of(c, &r->text);
        ck_error(c, c->pos, "'%s' in '%s' is const: a reduction writes its item",
                 r->text.text, omp_clause_names[cl->kind]);
    } else if (reduction && cl->red_op != OMP_RED_USER && !operator_declared(c, cl, &t)) {
        reduction_type(c, cl, r, &t);
    } else if (reduction) {
        declared_reduction_type(c, cl, r, &t);
    }
}

/* A linear variable steps by a number: it is an integer or a pointer (gcc: "linear clause
 * applied to non-integral non-pointer variable"), and not const (it is assigned). */
static void linear_item(struct ck *c, const struct omp_ref *r)
{
    struct ck_type t;
    bool region = false;
    if (!ref(c, r, &t, &region))
        return;
    enum ck_kind k = ck_kind_of(&t);
    range_of(c, &r->text);
    if (k != CK_INT && k != CK_POINTER && k != CK_UNKNOWN)
        ck_error(c, c->pos, "'%s' in 'linear' is neither an integer nor a pointer",
                 r->text.text);
    else if (t.base_const && !t.n)
        ck_error(c, c->pos, "'%s' in 'linear' is const: the loop assigns it", r->text.text);
}

/* The argument forms of the clauses (the third column of OMP_CLAUSES, mcc.h). */
enum ck_form { CK_FORM_NONE, CK_FORM_REFS, CK_FORM_NAMES, CK_FORM_DEPEND, CK_FORM_REDUCTION,
               CK_FORM_EXPR, CK_FORM_OPTEXPR, CK_FORM_EXPRS, CK_FORM_LABEL, CK_FORM_DEFAULT,
               CK_FORM_DEVICE, CK_FORM_IDENT, CK_FORM_NDRANGE, CK_FORM_FILE, CK_FORM_SCHEDULE,
               CK_FORM_LINEAR };
static const unsigned char clause_form[OMP_CL_COUNT] = {
#define CK_FORM_ENTRY(e, s, form, many) [e] = CK_FORM_##form,
    OMP_CLAUSES(CK_FORM_ENTRY)
#undef CK_FORM_ENTRY
};

/* Clauses whose expression is a count, a size or a number (an integer: the lowering
 * converts it to int or long long, where a pointer or a double would be cast silently or
 * warned about by gcc in generated code); the others are tested (scalars).  By name, so that clauses added to OMP_CLAUSES later are covered
 * without an edit here. */
static bool is_count(enum omp_clause_kind k)
{
    static const char *const counts[] = { "grainsize", "num_tasks", "shmem", "schedule",
                                          "collapse", "num_threads", "priority", "filter",
                                          "graph_id" };
    return lower_name_in(omp_clause_names[k], strlen(omp_clause_names[k]), counts,
                         (int)(sizeof counts / sizeof counts[0]));
}

/* Is t omp_depend_t (omp.h's struct omp_depend_t), or not known? */
static bool depend_object_type(const struct ck_type *t)
{
    if (t->base == CK_UNKNOWN)
        return true;
    return t->base == CK_STRUCT && t->n == 0 && t->tag && t->tag->name &&
           t->tag->name->len == 12 && !memcmp(t->tag->name->str, "omp_depend_t", 12);
}

/* depobj(o) and depend(depobj: o): o an omp_depend_t object (gcc's messages). */
static void depend_object(struct ck *c, const struct omp_expr *e, bool clause_item)
{
    struct ck_type t;
    if (!piece(c, e, USE_VALUE, clause_item ? "a 'depobj' dependence" : "the 'depobj' object",
               clause_item ? "',' or ')'" : "')'", &t))
        return;
    range_of(c, e);
    if (!depend_object_type(&t) && clause_item)
        ck_error(c, c->pos, "'%s' does not have 'omp_depend_t' type in 'depend' clause with "
                 "'depobj' dependence type", e->text);
    else if (!depend_object_type(&t))
        ck_error(c, c->pos, "type of 'depobj' expression is not 'omp_depend_t'");
    else if (!t.lvalue)
        ck_error(c, c->pos, "'%s' is not an object: a depend object is a variable of type "
                 "'omp_depend_t'", e->text);
    else if (t.base_const && !clause_item)
        ck_error(c, c->pos, "'%s' is const: '#pragma omp depobj' writes it", e->text);
}

/* The argument of clause `name`, an integer constant of at least min (`need` says what it
 * must be), where gcc refuses another:
 *   ordered(n): the depth of a doacross nest, positive (gcc: "ordered argument needs
 *     positive constant integer expression"); the loop runs in order whatever n is;
 *   hint(h) of critical and atomic: omp_sync_hint_* values or'ed together, non-negative
 *     (OpenMP 5.2 15.1; gcc: "expected constant integer expression with valid sync-hint
 *     value"); advice, nothing else is done with it.
 * A program gcc refuses is reported, not built. */
static bool constant_arg(struct ck *c, const struct omp_expr *e, const char *name,
                         long long min, const char *need, long long *value)
{
    struct ck_type t;
    unsigned long long u;
    char what[64];
    snprintf(what, sizeof what, "the argument of '%s'", name);
    if (!piece(c, e, USE_INDEX, what, "')'", &t))
        return false;
    range_of(c, e);
    if (ck_kind_of(&t) == CK_UNKNOWN)
        return false;
    if (!ck_value_of(&t, &u) || (*value = (long long)ck_at_norm(u, ck_arith_of(&t))) < min) {
        ck_error(c, c->pos, "'%s' needs %s, not '%s'", name, need, e->text);
        return false;
    }
    return true;
}

/* simdlen(n) and safelen(n) of a simd construct are positive constants, n of simdlen no
 * more than safelen's (gcc: "'simdlen' clause value is bigger than 'safelen' clause
 * value"), the alignment of aligned(list : a) a positive constant too (OpenMP 5.0
 * 2.9.3.1).  Advice: the loop runs as written, but a program gcc refuses is not built. */
static void simd_constants(struct ck *c, const struct omp_directive *d)
{
    const char *positive = "a positive integer constant";
    long long len = 0, safe = 0;
    bool has_len = d->simdlen.text && constant_arg(c, &d->simdlen, "simdlen", 1, positive, &len);
    bool has_safe = !c->failed && d->safelen.text &&
                    constant_arg(c, &d->safelen, "safelen", 1, positive, &safe);
    if (has_len && has_safe && len > safe) {
        range_of(c, &d->simdlen);
        ck_error(c, c->pos, "'simdlen' (%lld) is larger than 'safelen' (%lld), the most "
                 "iterations that may run together", len, safe);
    }
    for (int i = 0; i < d->naligned && !c->failed; i++)
        constant_arg(c, &d->aligned[i], "aligned", 1, "a positive integer constant as "
                     "its alignment", &len);
    for (int i = 0; i < d->naligned_items && !c->failed; i++) {
        struct ck_type t;
        if (!piece(c, &d->aligned_items[i], USE_VALUE, "a variable in 'aligned'", "',' or ')'",
                   &t))
            return;
        enum ck_kind k = ck_kind_of(&t);
        if (k != CK_POINTER && k != CK_ARRAY && k != CK_UNKNOWN) {
            range_of(c, &d->aligned_items[i]);
            ck_error(c, c->pos, "'%s' in 'aligned' is neither a pointer nor an array",
                     d->aligned_items[i].text);
        }
    }
}

/* A constant count out of the range OpenMP gives it: gcc's warnings ("chunk size value
 * must be positive", "'priority' value must be non-negative", ...), at the argument e of
 * clause cl, whose type t the check found. */
static void count_range(struct ck *c, const struct omp_clause *cl, const struct omp_expr *e,
                        const struct ck_type *t)
{
    unsigned long long u;
    enum omp_clause_kind k = cl->kind;
    if (k != OMP_CL_PRIORITY && k != OMP_CL_SCHEDULE && k != OMP_CL_GRAINSIZE &&
        k != OMP_CL_NUM_TASKS && k != OMP_CL_NUM_THREADS)
        return;
    if (ck_kind_of(t) == CK_UNKNOWN || !ck_value_of(t, &u))
        return;
    long long v = (long long)ck_at_norm(u, ck_arith_of(t));
    /* (an OmpSs-2 task may have a negative priority: not OpenMP's rule) */
    if (v > 0 || (k == OMP_CL_PRIORITY && (v == 0 || c->d->oss)) || c->quiet)
        return;
    range_of(c, e);
    if (k == OMP_CL_PRIORITY)
        mcc_warning_at(&c->toks[c->pos].loc, "'priority' value must be non-negative");
    else if (k == OMP_CL_SCHEDULE)
        mcc_warning_at(&c->toks[c->pos].loc, "chunk size value must be positive");
    else
        mcc_warning_at(&c->toks[c->pos].loc, "'%s' value must be positive", omp_clause_names[k]);
}

static void clause(struct ck *c, const struct omp_clause *cl)
{
    char what[64];
    long long v;
    if (cl->kind == OMP_CL_DEPEND && cl->dep == OMP_DEP_DEPOBJ) {
        for (int i = 0; i < cl->nrefs && !c->failed; i++) {
            const struct omp_ref *r = cl->refs[i];
            if (r->kind == OMP_REF_SECTION || r->kind == OMP_REF_SHAPE) {
                range_of(c, &r->text);
                ck_error(c, c->pos, "'depend' clause with 'depobj' dependence type on array "
                         "section");
                return;
            }
            depend_object(c, &r->text, true);
        }
        return;
    }
    snprintf(what, sizeof what, "the argument of '%s'", omp_clause_names[cl->kind]);
    switch (clause_form[cl->kind]) {
    case CK_FORM_REFS: case CK_FORM_DEPEND: case CK_FORM_REDUCTION: case CK_FORM_NAMES:
    case CK_FORM_LINEAR:
        for (int i = 0; i < cl->nrefs && !c->failed; i++)
            item(c, cl, cl->refs[i], clause_form[cl->kind] != CK_FORM_REFS &&
                                     clause_form[cl->kind] != CK_FORM_DEPEND);
        if (cl->kind == OMP_CL_ALLOCATE)
            piece(c, &cl->allocator, USE_VALUE, "the allocator of 'allocate'", "':'", NULL);
        if (clause_form[cl->kind] == CK_FORM_LINEAR) {
            for (int i = 0; i < cl->nrefs && !c->failed; i++)
                linear_item(c, cl->refs[i]);
            for (int i = 0; i < cl->nargs && !c->failed; i++)
                piece(c, &cl->args[i], USE_INDEX, "the step of 'linear'", "')'", NULL);
        }
        break;
    case CK_FORM_EXPR: case CK_FORM_OPTEXPR: case CK_FORM_SCHEDULE:
        if (cl->kind == OMP_CL_ORDERED && cl->nargs > 0) {
            constant_arg(c, &cl->args[0], "ordered", 1, "a positive integer constant", &v);
            break;
        }
        if (cl->kind == OMP_CL_HINT && cl->nargs > 0) {
            if (constant_arg(c, &cl->args[0], "hint", 0, "a non-negative integer constant "
                             "(omp_sync_hint_* values or'ed together)", &v) &&
                v != 0 && c->d->kind == OMP_DIR_CRITICAL && !c->d->name.text)
                /* (OpenMP 5.0 2.17.1; gcc: "'#pragma omp critical' with 'hint' clause
                   requires a name, except when 'omp_sync_hint_none' is used") */
                ck_error(c, c->pos, "'#pragma omp critical' with a 'hint' other than "
                         "omp_sync_hint_none needs a name: the hint is for the lock the "
                         "critical regions of that name share");
            break;
        }
        for (int i = 0; i < cl->nargs && !c->failed; i++) {
            struct ck_type t;
            if (piece(c, &cl->args[i], is_count(cl->kind) ? USE_INDEX : USE_SCALAR, what,
                      "')'", &t))
                count_range(c, cl, &cl->args[i], &t);
        }
        break;
    case CK_FORM_EXPRS:
        for (int i = 0; i < cl->nargs && !c->failed; i++)
            piece(c, &cl->args[i], USE_VALUE, what, "',' or ')'", NULL);
        break;
    case CK_FORM_NDRANGE:
        for (int i = 1; i < cl->nargs && !c->failed; i++)
            piece(c, &cl->args[i], USE_INDEX, "a size in 'ndrange'", "',' or ')'", NULL);
        break;
    default:
        break;
    }
}

/* Is id one of OpenMP's predeclared reduction identifiers (`+`, `*`, `&&`, `min`, ...)? */
static bool builtin_operator(const char *id)
{
    for (int i = 0; i < OMP_RED_USER; i++)
        if (!strcmp(id, omp_reduction_op_names[i]))
            return true;
    return false;
}

/* declare reduction(id : types : combiner) initializer(...): the types are type names,
 * the combiner and initializer expressions over omp_in, omp_out, omp_priv, omp_orig. */
static void declare_reduction(struct ck *c, const struct omp_declare_reduction *r)
{
    struct ck_type t = ck_unknown_type(true);
    struct ck_type *types = arena_alloc(c->L->a, (size_t)(r->ntypes ? r->ntypes : 1) *
                                                     sizeof *types);
    size_t to = lower_reduction_scope_end(c->L, c->at);   /* the end of its block */
    for (int i = 0; i < r->ntypes && !c->failed; i++) {
        range_of(c, &r->types[i]);
        if (!ck_starts_type(c, c->pos)) {
            ck_expected(c, "a type name");
            return;
        }
        if (!ck_type_name(c, &t))
            return;
        if (c->pos < c->end) {
            ck_error(c, c->pos, "expected the end of the type name before '%.*s'",
                     CK_TOK(c, c->pos));
            return;
        }
        types[i] = t;
        enum ck_kind tk = ck_kind_of(&t);
        if ((tk == CK_INT || tk == CK_FLOAT) && r->id.text && builtin_operator(r->id.text)) {
            range_of(c, &r->types[i]);
            ck_error(c, c->pos, "reduction '%s' is predeclared for arithmetic types such as "
                     "'%s': declare it for structs, unions or pointers, or give it a name",
                     r->id.text, r->types[i].text);
            return;
        }
        /* another directive of this block declared the name for this type (gcc's
           "redeclaration of ... for type"); one in an enclosing block is hidden */
        for (const struct lower_declred *d = c->L->declreds; d && !c->failed; d = d->next)
            for (int k = 0; k < d->r->ntypes && !strcmp(d->id, r->id.text) && d->to == to &&
                            d->from != c->at && d->types; k++)   /* (itself, lowered again) */
                if (declared_for(c, &d->types[k], &t) == 1) {
                    range_of(c, &r->types[i]);
                    ck_error(c, c->pos, "redeclaration of reduction '%s' for "
                             "type '%s' (its declaration at line %d is in the same block)",
                             r->id.text, r->types[i].text, d->r->id.loc.line);
                    return;
                }
    }
    lower_map_put(c->L, &c->L->red_types, r, types);  /* the items' types are matched to them */
    c->red_type = r->ntypes == 1 ? t : ck_unknown_type(true);
    c->red_type.lvalue = true;
    c->reduction = RED_COMBINER;
    piece(c, &r->combiner, USE_VALUE, "the combiner", "')'", NULL);
    c->reduction = RED_INITIALIZER;
    if (r->initializer.text && lower_reduction_init_list(r->initializer.text)) {
        range_of(c, &r->initializer);   /* omp_priv = { ... }: an initialization */
        c->pos += 2;
        if (ck_initializer_list(c, &c->red_type) && c->pos < c->end)
            ck_error(c, c->pos, "expected ')' before '%.*s'", CK_TOK(c, c->pos));
    } else {
        piece(c, &r->initializer, USE_VALUE, "the initializer", "')'", NULL);
    }
    c->reduction = RED_NONE;
}

/* Does clause kind k give its items a data-sharing attribute (private, shared, a
 * reduction, ...)?  OpenMP allows one such clause per variable and construct, but for
 * firstprivate with lastprivate. */
static bool data_sharing(enum omp_clause_kind k)
{
    return k == OMP_CL_PRIVATE || k == OMP_CL_FIRSTPRIVATE || k == OMP_CL_LASTPRIVATE ||
           k == OMP_CL_SHARED || k == OMP_CL_REDUCTION || k == OMP_CL_COPYPRIVATE ||
           k == OMP_CL_LINEAR || k == OMP_CL_TASK_REDUCTION;
}

/* Are item x of clause a and item y of clause b reductions over two parts of one variable
 * written differently (`st->sum` and `st->cnt`, `h[0]` and `h[1]`)?  Those are two list
 * items, each reduced on its own; the variable itself gets no attribute. */
static bool distinct_parts(const struct omp_clause *a, const struct omp_ref *x,
                           const struct omp_clause *b, const struct omp_ref *y)
{
    return a->kind == OMP_CL_REDUCTION && b->kind == OMP_CL_REDUCTION &&
           x->kind != OMP_REF_NAME && y->kind != OMP_REF_NAME && strcmp(x->text.text, y->text.text);
}

/* A variable in two data-sharing clauses of d (gcc: "appears more than once in data
 * clauses"): which attribute would it have? */
static void shared_twice(struct ck *c, const struct omp_directive *d)
{
    for (int i = 0; i < d->nclauses; i++)
        for (int k = 0; data_sharing(d->clauses[i].kind) && k < d->clauses[i].nrefs; k++) {
            const struct omp_ref *r = omp_ref_root(d->clauses[i].refs[k]);
            for (int j = 0; r->kind == OMP_REF_NAME && j <= i; j++) {
                const struct omp_clause *a = &d->clauses[j], *b = &d->clauses[i];
                bool pair = (a->kind == OMP_CL_FIRSTPRIVATE && b->kind == OMP_CL_LASTPRIVATE) ||
                            (a->kind == OMP_CL_LASTPRIVATE && b->kind == OMP_CL_FIRSTPRIVATE);
                for (int m = 0; data_sharing(a->kind) && !pair && m < (j < i ? a->nrefs : k);
                     m++) {
                    const struct omp_ref *q = omp_ref_root(a->refs[m]);
                    if (q->kind != OMP_REF_NAME || strcmp(q->text.text, r->text.text) ||
                        distinct_parts(a, a->refs[m], b, d->clauses[i].refs[k]))
                        continue;
                    range_of(c, &d->clauses[i].refs[k]->text);
                    /* (the clause names as written: in_reduction is a reduction) */
                    int na = (int)strcspn(a->text.text, " \t("),
                        nb = (int)strcspn(b->text.text, " \t(");
                    if (na == nb && !memcmp(a->text.text, b->text.text, (size_t)na))
                        ck_error(c, c->pos, "'%s' is listed twice in '%.*s' (a variable has one "
                                 "data-sharing attribute on a construct)", r->text.text, na,
                                 a->text.text);
                    else
                        ck_error(c, c->pos, "'%s' appears in two data-sharing clauses, '%.*s' "
                                 "and '%.*s' (a variable has one data-sharing attribute on a "
                                 "construct)", r->text.text, na, a->text.text, nb, b->text.text);
                    return;
                }
            }
        }
}

/* ordered(n) names the n loops of a doacross nest, which holds the collapsed ones (gcc:
 * "'ordered' clause parameter is less than 'collapse'"). */
static void ordered_below_collapse(struct ck *c, const struct omp_directive *d)
{
    const struct omp_clause *o = omp_find_clause(d, OMP_CL_ORDERED);
    const struct omp_clause *k = omp_find_clause(d, OMP_CL_COLLAPSE);
    long long n, m;
    if (!o || !k || o->nargs < 1 || k->nargs < 1 || !o->args[0].text || !k->args[0].text ||
        !check_integer_constant(c->L, c->at, o->args[0].text, &n) ||
        !check_integer_constant(c->L, c->at, k->args[0].text, &m) || n >= m)
        return;
    range_of(c, &o->args[0]);
    ck_error(c, c->pos, "'ordered(%lld)' names fewer loops than 'collapse(%lld)': the "
             "doacross nest holds the collapsed loops and may go deeper", n, m);
}

static void directive(struct ck *c, const struct omp_directive *d)
{
    if (!d || c->failed)
        return;
    c->d = d;
    c->text = d->text;
    c->toks = d->toks;
    if (d->reduction)
        declare_reduction(c, d->reduction);
    if (d->kind == OMP_DIR_DEPOBJ)
        depend_object(c, &d->name, false);
    if (d->kind == OMP_DIR_ERROR && d->error_execution && d->error_message.text)
        piece(c, &d->error_message, USE_VALUE, "the argument of 'message'", "')'", NULL);
    for (int i = 0; i < d->nclauses && !c->failed; i++)
        clause(c, &d->clauses[i]);
    for (int i = 0; i < d->naffinity && !c->failed; i++)
        clause(c, &d->affinity[i]);
    if (!c->failed)
        simd_constants(c, d);
    if (!c->failed)
        ordered_below_collapse(c, d);
    if (!c->failed)
        shared_twice(c, d);
}

/* ---- where a directive is --------------------------------------------------------------- */

/* The directive word of d (`task` of `#pragma omp task`). */
static const struct mcc_loc *word_loc(const struct omp_directive *d);

const struct mcc_loc *check_word_loc(const struct omp_directive *d)
{
    return word_loc(d);
}

static const struct mcc_loc *word_loc(const struct omp_directive *d)
{
    for (int i = 0; i + 1 < d->ntoks; i++)
        if (d->toks[i].kind == OMP_TOK_IDENT && d->toks[i].len == 3 &&
            !memcmp(d->text + d->toks[i].off, "omp", 3))
            return &d->toks[i + 1].loc;
    return &d->loc;
}

struct labels {
    struct name *names[64];
    int n;
};

static bool find_labels(struct ast *n, void *arg)
{
    struct labels *l = arg;
    if (n->kind == AST_LABEL && n->name && l->n < 64)
        l->names[l->n++] = n->name;
    return true;
}

/* Constructs that wrap their statement where it is (critical enters a lock and leaves it
 * on every way out): a jump into the statement would skip the entry.  (Constructs whose
 * statement is outlined, tasks and loops, are checked by the lowering's branch check.) */
static const bool wraps[OMP_DIR_COUNT] = {
    [OMP_DIR_CRITICAL] = true, [OMP_DIR_ATOMIC] = true,
};

/* A construct that wraps its statement cannot apply to a `case`/`default` label, and
 * nothing outside it may jump to a label inside it. */
static bool placement(struct lower *L, const struct lower_dir *d)
{
    struct ast *n = d->node;
    const struct omp_directive *dir = d->dir ? d->dir : d->target;
    const char *word = omp_directive_names[dir->kind];
    if (!wraps[dir->kind])
        return true;
    if (n->kind == AST_CASE || n->kind == AST_DEFAULT) {
        mcc_error_at(word_loc(dir), "'#pragma omp %s' cannot apply to a '%s' label: the "
                     "'switch' would jump into it (put the pragma after the label)", word,
                     n->kind == AST_CASE ? "case" : "default");
        return false;
    }
    struct check_state *s = ck_function_state(L, L->fn);
    if (!s->ngotos)
        return true;
    struct labels l = { .n = 0 };
    ast_walk(n, find_labels, &l);
    for (int i = 0; i < s->ngotos; i++) {
        struct ast *g = s->gotos[i];
        if (g->kind == AST_LABEL || (g->begin >= n->begin && g->end <= n->end))
            continue;
        for (int k = 0; k < l.n; k++)
            if (l.names[k] == g->name) {
                struct mcc_loc at = source_loc(&L->t->src, g->begin);
                mcc_error_at(word_loc(dir), "'#pragma omp %s' cannot apply here: '%s%.*s' at "
                             "line %d jumps into it", word, g->kind == AST_GOTO ? "goto " : "&&",
                             (int)g->name->len, g->name->str, at.line);
                return false;
            }
    }
    return true;
}

/* ---- entry points ------------------------------------------------------------------------ */

static bool has_errors(const struct lower_dir *d)
{
    return (d->dir && d->dir->nerrors) || (d->target && d->target->nerrors);
}

/* An implementation (implements(f)) may name f's parameters: its ndrange and copies are
 * evaluated where f's task is created (not where it is a task of its own too, with a
 * `task` directive: its own calls have no f's parameters; gcc said "'n' undeclared" in
 * the generated code). */
static struct ast *implemented_params(struct lower *L, const struct lower_dir *d)
{
    const struct omp_clause *c = lower_dir_find(d, OMP_CL_IMPLEMENTS);
    if (!c || c->nargs < 1 || !c->args[0].text)
        return NULL;
    struct name *nm = name_intern(&L->t->parser, c->args[0].text, strlen(c->args[0].text));
    struct sym *f = nm->ord;
    if (!f || f->kind != SYM_FUNCTION)
        return NULL;
    struct ast *fd = lower_full_declarator(f);
    return fd ? ast_declarator_params(fd) : NULL;
}

/* Is params a K&R identifier list (`void f(a, n) int *a; int n; {...}`)?  The clauses of
 * such a function task are checked against the parameters its declarations declare
 * (lower_kr_params); with an undeclared one (an implicit int) lower_task.c says sorry. */
static bool identifier_list(const struct ast *params)
{
    const struct ast *p = params ? params->kid[0] : NULL;
    return p && p->kind != AST_PARAM && p->kind != AST_ELLIPSIS;
}

/* single's copyprivate broadcasts the value of the thread that ran it into the other
 * threads' copies: its variables are threadprivate or private in the parallel region
 * (OpenMP 5.0 2.19.6.2; gcc: "copyprivate variable 'x' is not threadprivate or private in
 * outer context"), not shared by the team.  False: reported. */
static bool copyprivate_private(struct lower *L, const struct omp_directive *d, size_t at)
{
    const struct omp_clause *cl = d->kind == OMP_DIR_SINGLE
                                      ? omp_find_clause(d, OMP_CL_COPYPRIVATE) : NULL;
    for (int k = 0; cl && k < cl->nrefs; k++) {
        const struct omp_ref *r = cl->refs[k];
        struct sym *s = r->kind == OMP_REF_NAME
                            ? lower_resolve(L, r->text.text, strlen(r->text.text), at) : NULL;
        if (!s || lower_thread_local_sym(L, s) || !lower_team_shared(L, s))
            continue;
        mcc_error_at(&r->text.loc, "copyprivate variable '%s' is shared by the threads of the "
                     "parallel region: there is no copy of each thread's to set; make it "
                     "private in the region, or threadprivate", r->text.text);
        return false;
    }
    return true;
}

bool lower_check_construct(struct lower *L, const struct lower_dir *d)
{
    if (has_errors(d))
        return false;
    struct ast *n = d->node;
    struct ck c = { .L = L, .scope = L->fn ? ck_function_state(L, L->fn) : NULL };
    struct ast *fd = n ? lower_function_declarator(n) : NULL;
    bool kr = fd && identifier_list(ast_declarator_params(fd));
    if (kr && !lower_kr_params(L, n))
        return true;
    if (fd) {                       /* a function task: its clauses name its parameters */
        struct ast *dn = ast_declarator_name(fd);
        c.params = kr ? lower_kr_params(L, n) : ast_declarator_params(fd);
        c.task_fn = dn ? dn->name : NULL;
        c.fn_body = n->kind == AST_FUNCTION_DEF ? n->kid[3] : NULL;
        c.at = n->end;
        /* (not an implementation that is a task of its own too: calls of it run it with its
         * own parameters only) */
        c.impl_params = d->dir ? NULL : implemented_params(L, d);
    } else {
        c.at = n ? n->begin : 0;
    }
    directive(&c, d->dir);
    directive(&c, d->target);
    if (c.failed || (d->dir && L->fn && !copyprivate_private(L, d->dir, c.at)))
        return false;
    return fd || !n || !L->fn || (placement(L, d) && check_nesting(L, d->dir, c.at));
}

bool lower_check_simd(struct lower *L, const struct ast *pr, const struct omp_directive *d)
{
    if (d->nerrors)
        return false;
    struct ck c = { .L = L, .scope = L->fn ? ck_function_state(L, L->fn) : NULL, .at = pr->begin };
    directive(&c, d);
    return !c.failed;
}

bool check_integer_constant(struct lower *L, size_t at, const char *text, long long *value)
{
    struct omp_tok *toks;
    int n = omp_lex(text, strlen(text), &toks);
    struct omp_directive d = { .text = text, .toks = toks, .ntoks = n };
    struct ck c = { .L = L, .d = &d, .text = text, .toks = toks, .end = n, .at = at,
                    .scope = L->fn ? ck_function_state(L, L->fn) : NULL, .quiet = true };
    struct ck_type t;
    unsigned long long v;
    bool ok = n > 0 && ck_expr(&c, &t) && !c.failed && c.pos == n &&
              ck_kind_of(&t) == CK_INT && !t.n && ck_value_of(&t, &v);
    free(toks);
    if (ok)
        *value = (long long)ck_at_norm(v, ck_arith_of(&t));
    return ok;
}

/* (its tokens do not follow comments or linemarkers: such a text is not read) */
bool check_expression_type(struct lower *L, size_t begin, size_t end, struct ck_type *t)
{
    const char *text = L->text + begin;
    size_t len = end - begin;
    /* (a type mcc cannot tell, when false: callers may still look at it) */
    *t = ck_unknown_type(true);
    if (memchr(text, '#', len) || memmem(text, len, "//", 2) || memmem(text, len, "/*", 2))
        return false;
    struct omp_tok *toks;
    int n = omp_lex(text, len, &toks);
    struct omp_directive d = { .text = text, .toks = toks, .ntoks = n };
    struct ck c = { .L = L, .d = &d, .text = text, .toks = toks, .end = n, .at = begin,
                    .scope = L->fn ? ck_function_state(L, L->fn) : NULL, .quiet = true };
    bool ok = n > 0 && ck_expr(&c, t) && !c.failed && c.pos == n;
    free(toks);
    if (!ok)
        *t = ck_unknown_type(true);
    return ok && ck_kind_of(t) != CK_UNKNOWN;
}

/* The stand-alone directives that may be at file scope; every other one runs code where
 * it is (OMPSS.md "Directives").  By name, so that directives added to OMP_DIRECTIVES later
 * (flush, ...) are covered without an edit here. */
static bool file_scope_ok(enum omp_directive_kind k)
{
    static const char *const ok[] = { "declare reduction", "declare simd", "declare variant",
                                       "threadprivate",
                                       "unknown", "error" };
    return lower_name_in(omp_directive_names[k], strlen(omp_directive_names[k]), ok,
                         (int)(sizeof ok / sizeof ok[0]));
}

bool lower_check_standalone(struct lower *L, const struct ast *pr,
                            const struct omp_directive *d)
{
    if (d->nerrors)
        return false;
    if (d->kind == OMP_DIR_UNKNOWN)
        return true;
    if (!L->fn && !file_scope_ok(d->kind)) {
        mcc_error_at(word_loc(d), "'#pragma omp %s' at file scope: it must be inside a "
                     "function", omp_directive_names[d->kind]);
        return false;
    }
    if (!L->fn && d->kind == OMP_DIR_ERROR && d->error_execution) {
        mcc_error_at(word_loc(d), "'#pragma omp error' with 'at(execution)' at file scope: it "
                     "must be inside a function");
        return false;
    }
    struct ck c = { .L = L, .scope = L->fn ? ck_function_state(L, L->fn) : NULL, .at = pr->begin };
    directive(&c, d);
    return !c.failed && check_nesting(L, d, pr->begin);
}

/* Does [begin, end) of the function being lowered name a typedef declared in it before
 * `begin`?  The text is searched, so the clauses of directives nested there count too
 * (`#pragma omp task inout(v[(local_t)i])` inside a task).  Such a task is outlined inside
 * the function, where the typedef is seen (lower_inline.c). */
static bool ident_char(char ch)
{
    return ch == '_' || ch == '$' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
           (ch >= '0' && ch <= '9');
}

/* Does the word before offset i of t (from begin on) spell struct, union or enum? */
static bool after_tag_keyword(const char *t, size_t begin, size_t i)
{
    static const char *const kws[] = { "struct", "union", "enum" };
    size_t e = i;
    while (e > begin && (t[e - 1] == ' ' || t[e - 1] == '\t' || t[e - 1] == '\n'))
        e--;
    for (size_t k = 0; k < sizeof kws / sizeof kws[0]; k++) {
        size_t n = strlen(kws[k]);
        if (e >= begin + n && !strncmp(t + e - n, kws[k], n) &&
            (e == begin + n || !ident_char(t[e - n - 1])))
            return true;
    }
    return false;
}

/* Does text [begin, end) of the function being lowered name a typedef, an enumeration
 * constant or a struct, union or enum tag declared in the function before it?  Code
 * outlined from there must stay inside the function, where they are seen; a typedef of a
 * variably modified type is declared again there instead (mcc.h). */
bool check_names_local_type(struct lower *L, size_t begin, size_t end,
                            void (*vm_typedef)(void *, struct sym *), void *arg)
{
    if (!L->fn)
        return false;
    struct check_state *s = ck_function_state(L, L->fn);
    const char *t = L->text;
    bool local = false;     /* (on to the end: each typedef of a VM type is wanted) */
    for (size_t i = begin; i < end; i++) {
        if (!ident_char(t[i]) || (t[i] >= '0' && t[i] <= '9') ||
            (i > begin && ident_char(t[i - 1])))
            continue;
        size_t j = i;
        while (j < end && ident_char(t[j]))
            j++;
        struct name *nm = name_intern(&L->t->parser, t + i, j - i);
        struct sym *y = ck_lookup_block(s, nm, i);
        bool before = y && y->declarator && y->declarator->begin < begin;
        if (before && lower_local_vm_typedef(y))
            vm_typedef(arg, y);
        else if (before && (y->kind == SYM_TYPEDEF || y->kind == SYM_ENUM_CONST))
            local = true;
        y = after_tag_keyword(t, begin, i) ? ck_lookup_block_ns(s, nm, i, true) : NULL;
        if (y && y->declarator && y->declarator->begin < begin)
            local = true;
        i = j - 1;
    }
    return local;
}
