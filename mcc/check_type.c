/*
 * check_type.c - the types the clause check follows (check_expr.c, check.c) and the
 * declarations they come from: the type model and its arithmetic, the names the function
 * being checked declares and where each is visible, the bodies of struct and enum tags, the
 * types of declarations.
 *
 * Types are followed as far as the declarations tell (declarators, typedefs, struct
 * members): a subscript of a scalar, a float index, `*` of a non-pointer, a member of a
 * non-struct, a call of a non-function, a dependence on something that is not an object.
 * A type that cannot be known here (typeof, __auto_type, members of a struct whose body is
 * elsewhere) is "unknown", and nothing is reported about it: the check must never reject a
 * program that gcc accepts.
 */
#include "mcc.h"
#include "c.tab.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- types --------------------------------------------------------------------------- */

const char *const ck_at_names[] = {
    "?", "_Bool", "char", "signed char", "unsigned char", "short", "unsigned short", "int",
    "unsigned int", "long", "unsigned long", "long long", "unsigned long long", "__int128",
    "unsigned __int128", "float", "double", "long double",
};

bool ck_at_integer(int a) { return a >= AT_BOOL && a <= AT_UINT128; }
bool ck_at_unsigned(int a)
{
    return a == AT_BOOL || a == AT_UCHAR || a == AT_USHORT || a == AT_UINT || a == AT_ULONG ||
           a == AT_ULLONG || a == AT_UINT128;
}

/* Integer conversion rank (C11 6.3.1.1p1), 0 for the others. */
static int at_rank(int a)
{
    static const unsigned char rank[] = { 0, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 0, 0, 0 };
    return rank[a];
}

int ck_at_size(int a)
{
    static const unsigned char size[] = { 0, 1, 1, 1, 1, 2, 2, 4, 4, sizeof(long), sizeof(long),
                                          8, 8, 16, 16, 4, 8, sizeof(long double) };
    return size[a];
}

/* The integer promotions (C11 6.3.1.1p2): every type of lower rank than int fits in int. */
int ck_at_promote(int a)
{
    return ck_at_integer(a) && at_rank(a) < at_rank(AT_INT) ? AT_INT : a;
}

/* The usual arithmetic conversions (C11 6.3.1.8). */
int ck_at_usual(int a, int b)
{
    if (!a || !b)
        return AT_UNKNOWN;
    if (!ck_at_integer(a) || !ck_at_integer(b))
        return a > b ? (a > AT_UINT128 ? a : b) : (b > AT_UINT128 ? b : a);
    a = ck_at_promote(a);
    b = ck_at_promote(b);
    if (a == b)
        return a;
    if (ck_at_unsigned(a) == ck_at_unsigned(b))
        return at_rank(a) > at_rank(b) ? a : b;
    int u = ck_at_unsigned(a) ? a : b, s = ck_at_unsigned(a) ? b : a;
    if (at_rank(u) >= at_rank(s))
        return u;
    if (ck_at_size(s) > ck_at_size(u))
        return s;
    return s + 1;                   /* the unsigned type of s's rank */
}

/* v as a value of type a: truncated to its width, sign-extended when a is signed. */
unsigned long long ck_at_norm(unsigned long long v, int a)
{
    if (a == AT_BOOL)
        return v != 0;
    int bits = 8 * ck_at_size(a);
    if (bits >= 64)
        return v;
    v &= (1ull << bits) - 1;
    if (!ck_at_unsigned(a) && (v >> (bits - 1)))
        v |= ~0ull << bits;
    return v;
}

bool ck_at_negative(unsigned long long v, int a)
{
    return !ck_at_unsigned(a) && (long long)v < 0;
}

enum ck_kind ck_kind_of(const struct ck_type *t)
{
    return t->n ? (enum ck_kind)t->d[0] : (enum ck_kind)t->base;
}

struct ck_type ck_unknown_type(bool lvalue)
{
    return (struct ck_type){ .base = CK_UNKNOWN, .lvalue = lvalue };
}

struct ck_type ck_simple_type(enum ck_kind k)
{
    return (struct ck_type){ .base = (unsigned char)k };
}

/* Drop the outermost derivation (element of an array, target of a pointer). */
struct ck_type ck_inner_type(const struct ck_type *t)
{
    struct ck_type r = *t;
    if (r.n) {
        memmove(r.d, r.d + 1, --r.n);
        memmove(r.params, r.params + 1, r.n * sizeof r.params[0]);
        memmove(r.dim, r.dim + 1, r.n * sizeof r.dim[0]);
        r.dim[r.n] = 0;
    } else {
        r.base = CK_UNKNOWN;
    }
    r.lvalue = true;
    return r;
}

struct ck_type ck_derived(const struct ck_type *t, enum ck_kind k)
{
    struct ck_type r = *t;
    r.lvalue = false;
    if (r.n == CK_MAX_DERIV)
        return ck_unknown_type(false);
    memmove(r.d + 1, r.d, r.n);
    memmove(r.dim + 1, r.dim, r.n * sizeof r.dim[0]);
    memmove(r.params + 1, r.params, r.n++ * sizeof r.params[0]);
    r.d[0] = (unsigned char)k;
    r.params[0] = NULL;
    r.dim[0] = 0;
    r.null_const = false;
    return r;
}

/* Arrays and functions used as values become pointers (C11 6.3.2.1). */
struct ck_type ck_decay(const struct ck_type *t)
{
    struct ck_type r = *t;
    if (ck_kind_of(t) == CK_ARRAY)
        r.d[0] = CK_POINTER;
    else if (ck_kind_of(t) == CK_FUNCTION)
        r = ck_derived(t, CK_POINTER);
    r.lvalue = false;
    return r;
}

bool ck_is_arith(enum ck_kind k) { return k == CK_INT || k == CK_FLOAT; }

/* The arithmetic type of t, when it is one and known. */
int ck_arith_of(const struct ck_type *t)
{
    return !t->n && ck_is_arith((enum ck_kind)t->base) ? t->at : AT_UNKNOWN;
}

/* The value of t when it is an integer constant expression of known value. */
bool ck_value_of(const struct ck_type *t, unsigned long long *v)
{
    int a = ck_arith_of(t);
    if (!t->has_value || !ck_at_integer(a) || ck_at_size(a) > 8)
        return false;
    *v = t->value;
    return true;
}

struct ck_type ck_arith_type(int a)
{
    return (struct ck_type){ .base = (unsigned char)(a > AT_UINT128 ? CK_FLOAT : CK_INT),
                             .at = (unsigned char)a };
}

struct ck_type ck_constant(int a, unsigned long long v)
{
    struct ck_type t = ck_arith_type(a);
    t.has_value = ck_at_integer(a) && ck_at_size(a) <= 8;
    t.value = ck_at_norm(v, a);
    return t;
}

void ck_spec_count_add(struct ck_spec_count *n, int kw)
{
    switch (kw) {
    case KW_CHAR: n->chr++; break;
    case KW_SHORT: n->shrt++; break;
    case KW_LONG: n->lng++; break;
    case KW_SIGNED: n->sgn++; break;
    case KW_UNSIGNED: n->uns++; break;
    case KW_BOOL: n->bln++; break;
    case KW_FLOAT: n->flt++; break;
    case KW_DOUBLE: n->dbl++; break;
    case KW_INT128: n->i128++; break;
    case KW_INT: break;
    case KW_COMPLEX: case KW_IMAGINARY: n->cplx++; break;
    default: n->other++; break;         /* _FloatN and the like: not told apart */
    }
}

int ck_spec_count_type(const struct ck_spec_count *n)
{
    if (n->cplx || n->other)
        return AT_UNKNOWN;
    if (n->flt)
        return AT_FLOAT;
    if (n->dbl)
        return n->lng ? AT_LDOUBLE : AT_DOUBLE;
    if (n->bln)
        return AT_BOOL;
    int s = n->chr ? (n->uns ? AT_UCHAR : n->sgn ? AT_SCHAR : AT_CHAR)
            : n->shrt ? AT_SHORT : n->i128 ? AT_INT128
            : n->lng >= 2 ? AT_LLONG : n->lng ? AT_LONG : AT_INT;
    return n->uns && !n->chr ? s + 1 : s;
}
/* Known and not a scalar: struct, union or void (after decay). */
bool ck_non_scalar(enum ck_kind k) { return k == CK_STRUCT || k == CK_VOID; }

/* ---- the state: names of the function being checked, struct bodies -------------------- */

static struct check_state *state(struct lower *L)
{
    if (!L->check)
        L->check = arena_alloc(L->a, sizeof *L->check);
    return L->check;
}

static void add_decl(struct lower *L, struct check_state *s, struct sym *y, size_t from,
                     size_t to)
{
    if (!y)
        return;
    ARENA_GROW(L->a, s->v, s->n, s->cap, 64);
    s->v[s->n++] = (struct check_decl){ y->name, y, from, to };
}

static void add_goto(struct lower *L, struct check_state *s, struct ast *g)
{
    ARENA_GROW(L->a, s->gotos, s->ngotos, s->capgotos, 16);
    s->gotos[s->ngotos++] = g;
}

static void add_params(struct lower *L, struct check_state *s, struct ast *declarator,
                       size_t from, size_t to)
{
    struct ast *params = ast_declarator_params(declarator);
    for (struct ast *p = params ? params->kid[0] : NULL; p; p = p->next)
        if (p->kind == AST_PARAM)
            add_decl(L, s, p->sym, from, to);
}

/* Every ordinary name declared in a function body (objects, typedefs, functions, enum
 * constants) and every tag, with where it is visible: from its declarator to the end of the
 * block (of the `for` for a declaration in its first clause).  Also the function's gotos. */
static void collect(struct lower *L, struct check_state *s, struct ast *n, size_t scope_end)
{
    if (!n)
        return;
    if (n->kind == AST_LIST) {
        for (struct ast *i = n->kid[0]; i; i = i->next)
            collect(L, s, i, scope_end);
        return;
    }
    switch (n->kind) {
    case AST_COMPOUND: case AST_FOR:
        scope_end = n->end;
        break;
    case AST_DECL_NAME:
        if (n->sym && n->sym->declarator == n &&
            (n->sym->kind != SYM_PARAM ||     /* (a prototype's, not a K&R declaration's) */
             (n->sym->decl && n->sym->decl->kind == AST_DECLARATION)))
            add_decl(L, s, n->sym, n->begin, scope_end);
        break;
    case AST_ENUMERATOR:
        add_decl(L, s, n->sym, n->begin, scope_end);
        break;
    case AST_ENUM:                  /* enum tags (their types, for _Generic) */
        if (n->sym && n->sym->kind == SYM_TAG && n->kid[0] && n->sym->depth > 0)
            add_decl(L, s, n->sym, n->begin, scope_end);
        break;
    case AST_STRUCT:                /* struct and union tags (their members, sizes) */
        if (n->sym && n->sym->kind == SYM_TAG && n->sym->depth > 0)
            add_decl(L, s, n->sym, n->begin, scope_end);
        break;
    case AST_FUNCTION_DEF:          /* a GNU nested function: its parameters */
        add_params(L, s, n->kid[1], n->begin, n->end);
        break;
    case AST_GOTO: case AST_LABEL_ADDR: case AST_LABEL:
        if (n->name)
            add_goto(L, s, n);
        break;
    case AST_PRAGMA:
        return;
    default:
        break;
    }
    for (int k = 0; k < 4; k++)
        collect(L, s, n->kid[k], scope_end);
}

static int decl_cmp(const void *a, const void *b)
{
    const struct check_decl *x = a, *y = b;
    if (x->name != y->name)
        return (uintptr_t)x->name < (uintptr_t)y->name ? -1 : 1;
    return x->from < y->from ? -1 : x->from > y->from;
}

/* The declarations of `fn` (a function definition), collected once per function. */
struct check_state *ck_function_state(struct lower *L, struct ast *fn)
{
    struct check_state *s = state(L);
    if (s->fn == fn)
        return s;
    s->fn = fn;
    s->n = 0;
    s->ngotos = 0;
    if (fn) {
        add_params(L, s, fn->kid[1], fn->begin, fn->end);
        collect(L, s, fn->kid[2], fn->end);      /* K&R parameter declarations */
        collect(L, s, fn->kid[3], fn->end);
        if (s->n)
            qsort(s->v, (size_t)s->n, sizeof *s->v, decl_cmp);
    }
    return s;
}

/* The innermost declaration of `nm` in fn visible at `at` (an ordinary name, or a tag when
 * `tag`), or NULL. */
struct sym *ck_lookup_block_ns(struct check_state *s, struct name *nm, size_t at, bool tag)
{
    int lo = 0, hi = s->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if ((uintptr_t)s->v[mid].name < (uintptr_t)nm)
            lo = mid + 1;
        else
            hi = mid;
    }
    struct sym *best = NULL;
    for (int i = lo; i < s->n && s->v[i].name == nm; i++)
        if (s->v[i].from <= at && at < s->v[i].to && (s->v[i].sym->kind == SYM_TAG) == tag)
            best = s->v[i].sym;
    return best;
}

struct sym *ck_lookup_block(struct check_state *s, struct name *nm, size_t at)
{
    return ck_lookup_block_ns(s, nm, at, false);
}

/* The file-scope declaration of `nm`, when one comes before `at`. */
struct sym *ck_lookup_file(struct name *nm, size_t at)
{
    struct sym *y = nm->ord;
    if (!y || y->depth != 0)
        return NULL;
    for (struct sym *e = y; e; e = e->redecl)
        if (!e->declarator || e->declarator->begin < at)
            return y;
    return NULL;
}

static bool build_body(struct ast *n, void *arg)
{
    struct lower *L = arg;
    if ((n->kind == AST_STRUCT || n->kind == AST_ENUM) && n->kid[0] && n->sym)
        lower_map_put(L, &state(L)->bodies, n->sym, n);
    return true;
}

/* The member list of a struct or union specifier: its own body or its tag's. */
struct ast *ck_struct_members(struct lower *L, struct ast *spec)
{
    if (!spec)
        return NULL;
    if (spec->kid[0])
        return spec->kid[0];
    struct check_state *s = state(L);
    if (!s->bodies_built) {
        ast_walk(L->t->tu, build_body, L);
        s->bodies_built = true;
    }
    struct ast *def = spec->sym ? lower_map_get(&s->bodies, spec->sym) : NULL;
    return def ? def->kid[0] : NULL;
}

/* The enum specifier with the enumerators of enum specifier `spec` (itself, or its tag's
 * definition), or NULL. */
struct ast *ck_enum_definition(struct lower *L, struct ast *spec)
{
    if (!spec || spec->kind != AST_ENUM)
        return NULL;
    if (spec->kid[0])
        return spec;
    struct check_state *s = state(L);
    if (!s->bodies_built) {
        ast_walk(L->t->tu, build_body, L);
        s->bodies_built = true;
    }
    return spec->sym ? lower_map_get(&s->bodies, spec->sym) : NULL;
}

/* The type gcc gives enum `def` (C11 6.7.2.2p4 leaves it to the implementation): unsigned
 * int when its values are all non-negative and fit.  Known here when every value is
 * implicit or a plain number, and no attribute (packed, mode) changes it. */
int ck_enum_type(struct lower *L, struct ast *def)
{
    if (!def || (def->kid[1] && def->kid[1]->kid[0]) || !def->kid[0])
        return AT_UNKNOWN;
    unsigned long long v = 0;
    for (struct ast *e = def->kid[0]->kid[0]; e; e = e->next) {
        if (e->kind != AST_ENUMERATOR)
            return AT_UNKNOWN;
        struct ast *x = e->kid[0];
        if (x) {
            const char *s = L->text + x->begin;
            if (x->kind != AST_CONSTANT || s[0] < '0' || s[0] > '9')
                return AT_UNKNOWN;
            char *end;
            v = strtoull(s, &end, 0);
            if (strspn(end, "uUlL") < (size_t)(L->text + x->end - end))
                return AT_UNKNOWN;      /* a floating or odd constant */
        }
        if (v > UINT_MAX)
            return AT_UNKNOWN;
        v++;
    }
    return AT_UINT;
}

/* ---- types of declarations ------------------------------------------------------------ */

void ck_append_derivs(struct ck_type *t, const struct ck_type *u)
{
    for (int i = 0; i < u->n; i++) {
        if (t->n == CK_MAX_DERIV) {
            *t = ck_unknown_type(false);
            return;
        }
        t->params[t->n] = u->params[i];
        t->dim[t->n] = u->dim[i];
        t->d[t->n++] = u->d[i];
    }
    t->base = u->base;
    t->tag = u->tag;
    t->cstruct = u->cstruct;
    t->at = u->at;
    t->complex = u->complex;
    t->qual |= u->qual;
    t->base_const |= u->base_const;
    t->ptr_qual |= u->ptr_qual;
}

/* The base of a declaration's type from its specifiers (a typedef brings its own
 * derivations, appended after the declarator's). */
static void base_of_specs(struct lower *L, struct ast *specs, struct ck_type *t, int depth)
{
    struct ast *list = specs && specs->kind == AST_SPECS ? specs->kid[0] : NULL;
    bool arith = false, flt = false, is_void = false;
    struct ck_spec_count count = {0};
    t->base = CK_UNKNOWN;
    for (struct ast *s = list ? list->kid[0] : NULL; s; s = s->next) {
        switch (s->kind) {
        case AST_SPECIFIER:
            switch (s->op) {
            case KW_FLOAT: case KW_DOUBLE: case KW_FLOATN: case KW_COMPLEX:
                flt = arith = true;
                ck_spec_count_add(&count, s->op);
                break;
            case KW_CHAR: case KW_SHORT: case KW_INT: case KW_LONG: case KW_SIGNED:
            case KW_UNSIGNED: case KW_BOOL: case KW_INT128:
                arith = true;
                ck_spec_count_add(&count, s->op);
                break;
            case KW_CONST: case KW_VOLATILE:
                t->qual = true;
                break;
            case KW_VOID:
                is_void = true;
                break;
            case KW_ATOMIC:
                t->qual = true;
                if (s->kid[0] && s->kid[0]->kind == AST_TYPE_NAME && depth < 8) {
                    struct ck_type u = {0};
                    ck_type_of_decl(L, s->kid[0]->kid[0], s->kid[0]->kid[1], &u, depth + 1);
                    ck_append_derivs(t, &u);
                    t->qual = true;
                    return;
                }
                break;
            case KW_AUTO_TYPE:
                return;
            default:
                break;
            }
            break;
        case AST_TYPEDEF_REF: {
            struct sym *y = s->sym;
            if (!y || !y->specs || depth >= 8 || ck_has_vector_attribute(L, y, 0))
                return;
            struct ck_type u = {0};
            bool qual = t->qual;
            ck_type_of_decl(L, y->specs, lower_full_declarator(y), &u, depth + 1);
            ck_append_derivs(t, &u);
            t->qual |= qual;
            return;
        }
        case AST_STRUCT:
            t->base = CK_STRUCT;
            t->tag = s;
            return;
        case AST_ENUM:
            t->base = CK_INT;
            for (struct ast *a = list->kid[0]; a; a = a->next)
                if (a->kind == AST_ATTRIBUTE)
                    return;             /* packed, mode: not followed */
            t->tag = ck_enum_definition(L, s);
            t->at = (unsigned char)ck_enum_type(L, t->tag);
            if (!t->at)
                t->tag = NULL;
            return;
        case AST_TYPEOF:
            return;
        default:
            break;
        }
    }
    t->base = flt ? CK_FLOAT : arith ? CK_INT : is_void ? CK_VOID : CK_UNKNOWN;
    t->at = arith ? (unsigned char)ck_spec_count_type(&count) : AT_UNKNOWN;
    t->complex = arith && count.cplx;
}

/* A bit-field of width `w` and type t: its own type as gcc has it when it is narrower than
 * t (a plain number of bits), else t; unknown when the width is not a plain number. */
static void bitfield_type(struct lower *L, struct ast *w, struct ck_type *t)
{
    int a = ck_arith_of(t);
    t->tag = NULL;
    t->at = AT_UNKNOWN;
    t->bitfield = true;
    if (!a || !w || w->kind != AST_CONSTANT || L->text[w->begin] < '0' || L->text[w->begin] > '9')
        return;
    unsigned long long bits = strtoull(L->text + w->begin, NULL, 0);
    if (bits < (a == AT_BOOL ? 1u : 8u * (unsigned)ck_at_size(a)))
        t->narrow_bitfield = true;
    else
        t->at = (unsigned char)a;
}

/* The size of an array declared `[size]`, plus 1, when size is a plain integer constant
 * (a macro's value once expanded): ck_type's dim; 0 when not known. */
static long long array_size(struct lower *L, struct ast *size)
{
    if (!size || size->kind != AST_CONSTANT || L->text[size->begin] < '0' ||
        L->text[size->begin] > '9')
        return 0;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(L->text + size->begin, &end, 0);
    while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
        end++;
    if (errno || end != L->text + size->end || v >= (1ull << 40))
        return 0;
    return (long long)v + 1;
}

void ck_type_of_decl(struct lower *L, struct ast *specs, struct ast *declarator,
                     struct ck_type *t, int depth)
{
    unsigned char tmp[CK_MAX_DERIV];
    struct ast *params[CK_MAX_DERIV];
    long long dims[CK_MAX_DERIV];
    int n = 0;
    struct ast *bitfield = NULL;
    *t = ck_unknown_type(false);
    for (struct ast *d = declarator; d && d->kind != AST_DECL_NAME; d = d->kid[0]) {
        enum ck_kind k = d->kind == AST_DECL_POINTER ? CK_POINTER
                         : d->kind == AST_DECL_ARRAY ? CK_ARRAY
                         : d->kind == AST_DECL_FUNCTION ? CK_FUNCTION : CK_UNKNOWN;
        if (d->kind == AST_DECL_BITFIELD)
            bitfield = d;
        if (d->kind == AST_DECL_BITFIELD || d->kind == AST_INIT_DECLARATOR)
            continue;
        if (k == CK_UNKNOWN || n == CK_MAX_DERIV)
            return;
        if (k == CK_POINTER && d->kid[1] && d->kid[1]->kid[0])
            t->ptr_qual = true;
        /* `()` and K&R lists say nothing about the arguments */
        params[n] = k == CK_FUNCTION && d->op != IDENTIFIER && d->kid[1] && d->kid[1]->kid[0]
                        ? d->kid[1] : NULL;
        dims[n] = k == CK_ARRAY ? array_size(L, d->kid[1]) : 0;
        if (k == CK_ARRAY && !d->kid[1])
            dims[n] = -1;   /* `double (*p)[]`: an array declared `[]` inside the type, which
                               no initializer completes (not the one nearest the name, the
                               last: the object's own, which its declaration says) */
        tmp[n++] = (unsigned char)k;
    }
    if (n > 0 && dims[n - 1] == -1)
        dims[n - 1] = 0;    /* (the derivation nearest the name) */
    for (int i = n - 1; i >= 0; i--) {
        t->params[t->n] = params[i];
        t->dim[t->n] = dims[i];
        t->d[t->n++] = tmp[i];
    }
    bool ptr_qual = t->ptr_qual;
    base_of_specs(L, specs, t, depth);
    t->ptr_qual |= ptr_qual;
    if (bitfield)
        bitfield_type(L, bitfield->kid[1], t);
}

/* Does the text of an attribute of y's declaration (or of its typedefs) make a vector type
 * (vector_size, mode)?  Such types are left unknown. */
static bool attribute_text_is_vector(struct lower *L, struct ast *n)
{
    const char *s = L->text + n->begin;
    size_t len = n->end - n->begin;
    return memmem(s, len, "vector_size", 11) || memmem(s, len, "mode", 4);
}

bool ck_has_vector_attribute(struct lower *L, struct sym *y, int depth)
{
    if (!y || depth > 8)
        return false;
    struct ast *list = y->specs && y->specs->kind == AST_SPECS ? y->specs->kid[0] : NULL;
    for (struct ast *s = list ? list->kid[0] : NULL; s; s = s->next) {
        if (s->kind == AST_ATTRIBUTE && attribute_text_is_vector(L, s))
            return true;
        if (s->kind == AST_TYPEDEF_REF && ck_has_vector_attribute(L, s->sym, depth + 1))
            return true;
    }
    struct ast *d = y->decl;
    if (d && d->kind == AST_DECLARATION && d->kid[1])
        for (struct ast *i = d->kid[1]->kid[0]; i; i = i->next)
            if (i->kind == AST_INIT_DECLARATOR && i->sym == y && i->kid[2])
                for (struct ast *a = i->kid[2]->kid[0]; a; a = a->next)
                    if (a->kind == AST_ATTRIBUTE && attribute_text_is_vector(L, a))
                        return true;
    return false;
}

struct ck_type ck_type_of_sym(struct lower *L, struct sym *y)
{
    struct ck_type t = ck_unknown_type(false);
    if (!y || !y->specs)
        return t;
    if (ck_has_vector_attribute(L, y, 0))
        return t;                   /* vector types can be subscripted: not modelled */
    ck_type_of_decl(L, y->specs, lower_full_declarator(y), &t, 0);
    if (y->kind == SYM_PARAM && t.n && (t.d[0] == CK_ARRAY || t.d[0] == CK_FUNCTION))
        t = ck_decay(&t);              /* parameter adjustment, C11 6.7.6.3p7-8 */
    return t;
}

/* Is declarator d that of an array declared `[]` (its derivation nearest the name)? */
bool ck_open_array(struct ast *d)
{
    struct ast *last = NULL;
    for (; d && d->kind != AST_DECL_NAME; d = d->kid[0])
        last = d;
    return last && last->kind == AST_DECL_ARRAY && !last->kid[1];
}

/* The type of member `m` of a struct/union type t; false when it has no such member.
 * Anonymous members (C11 6.7.2.1p13) are searched too. */
int ck_find_member(struct lower *L, struct ast *members, struct name *m,
                   struct ck_type *out, int depth)
{
    if (!members || depth > 8)
        return -1;
    for (struct ast *sd = members->kid[0]; sd; sd = sd->next) {
        if (sd->kind != AST_STRUCT_DECL)
            continue;
        if (!sd->kid[1]) {
            struct ast *list = sd->kid[0] ? sd->kid[0]->kid[0] : NULL;
            for (struct ast *s = list ? list->kid[0] : NULL; s; s = s->next)
                if (s->kind == AST_STRUCT) {
                    int r = ck_find_member(L, ck_struct_members(L, s), m, out, depth + 1);
                    if (r != 0)
                        return r;
                }
            continue;
        }
        for (struct ast *d = sd->kid[1]->kid[0]; d; d = d->next) {
            struct ast *dn = ast_declarator_name(d);
            if (dn && dn->name == m) {
                ck_type_of_decl(L, sd->kid[0], d, out, 0);
                out->lvalue = true;
                if (out->n && out->d[0] == CK_ARRAY && ck_open_array(d))
                    out->dim[0] = -1;
                return 1;
            }
        }
    }
    return 0;
}

/* Do y's specifiers make its type const: `const` itself, or a typedef of a const type whose
 * declarator is a plain name (`typedef const int cint;`)?  A typedef of a pointer says
 * nothing of the object itself. */
bool ck_specs_const(const struct sym *y, int depth)
{
    if (!y || !y->specs || depth > 8)
        return false;
    for (struct ast *sp = y->specs->kid[0] ? y->specs->kid[0]->kid[0] : NULL; sp; sp = sp->next) {
        if (sp->kind == AST_SPECIFIER && sp->op == KW_CONST)
            return true;
        if (sp->kind == AST_TYPEDEF_REF) {
            struct ast *td = sp->sym ? lower_full_declarator(sp->sym) : NULL;
            if (td && td->kind == AST_DECL_NAME && ck_specs_const(sp->sym, depth + 1))
                return true;
        }
    }
    return false;
}
