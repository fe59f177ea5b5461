/*
 * ocl_type.c - the OpenCL C types of declarations and expressions (OpenCL C 1.2, 6.1-6.3),
 * as much of them as the rewriting needs: which expressions are vectors (and of what),
 * what a built-in's arguments are, where a pointer points.  Scalars follow C's integer
 * promotions and usual arithmetic conversions; an operator with a vector operand gives
 * that vector (a scalar operand is widened), a relational operator on vectors a signed
 * integer vector of the same component size.  Types of declarations come from their
 * specifiers and declarators; a typedef of opencl_c.h named like a vector type
 * ("float4") is that vector type (gcc's vector_size cannot tell float3 from float4).
 */
#include "mcc.h"
#include "c.tab.h"

#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name, *suffix;
    int size;
    bool is_signed, is_float;
} scalar_info[] = {
#define SCALAR_INFO(e, name, suffix, size, is_signed, is_float) \
    [e] = {name, suffix, size, is_signed, is_float},
    OCL_SCALARS(SCALAR_INFO)
#undef SCALAR_INFO
};
#define NSCALARS (OCL_DOUBLE + 1)

static const int widths[] = {2, 3, 4, 8, 16};
#define NWIDTHS 5

static struct ocl_type scalars[NSCALARS];
static struct ocl_type vectors[NSCALARS][NWIDTHS];
static const struct ocl_type void_type = {.kind = OCL_VOID};
static const struct ocl_type unknown_type = {.kind = OCL_UNKNOWN};
static const struct ocl_type image_type = {.kind = OCL_OPAQUE};    /* image2d_t, ... */

static int width_index(int n)
{
    for (int i = 0; i < NWIDTHS; i++)
        if (widths[i] == n)
            return i;
    return -1;
}

const struct ocl_type *ocl_scalar(enum ocl_kind k)
{
    if (k >= NSCALARS)
        return k == OCL_VOID ? &void_type : &unknown_type;
    scalars[k].kind = k;
    return &scalars[k];
}

const struct ocl_type *ocl_vector(enum ocl_kind elem, int n)
{
    int w = width_index(n);
    if (elem >= NSCALARS || w < 0)
        return &unknown_type;
    struct ocl_type *v = &vectors[elem][w];
    v->kind = OCL_VECTOR;
    v->n = n;
    v->of = ocl_scalar(elem);
    return v;
}

const struct ocl_type *ocl_unknown(void)
{
    return &unknown_type;
}

const struct ocl_type *ocl_pointer(struct ocl *o, const struct ocl_type *to, enum ocl_space s)
{
    struct ocl_type *p = arena_alloc(o->L.a, sizeof *p);
    p->kind = OCL_POINTER;
    p->of = to;
    p->space = s;
    return p;
}

static const struct ocl_type *array_of(struct ocl *o, const struct ocl_type *of, int n)
{
    struct ocl_type *p = arena_alloc(o->L.a, sizeof *p);
    p->kind = OCL_ARRAY;
    p->of = of;
    p->n = n;
    return p;
}

bool ocl_is_scalar(const struct ocl_type *t)
{
    return t && t->kind < NSCALARS;
}

enum ocl_kind ocl_elem(const struct ocl_type *t)
{
    if (!t)
        return OCL_UNKNOWN;
    if (t->kind == OCL_VECTOR)
        return t->of->kind;
    return t->kind < NSCALARS ? t->kind : OCL_UNKNOWN;
}

bool ocl_is_float(const struct ocl_type *t)
{
    enum ocl_kind k = ocl_elem(t);
    return k < NSCALARS && scalar_info[k].is_float;
}

bool ocl_is_integer(const struct ocl_type *t)
{
    enum ocl_kind k = ocl_elem(t);
    return k < NSCALARS && !scalar_info[k].is_float;
}

bool ocl_is_signed(const struct ocl_type *t)
{
    enum ocl_kind k = ocl_elem(t);
    return k < NSCALARS && scalar_info[k].is_signed;
}

int ocl_size(const struct ocl_type *t)
{
    enum ocl_kind k = ocl_elem(t);
    if (k >= NSCALARS)
        return 0;
    if (t->kind == OCL_VECTOR)
        return scalar_info[k].size * (t->n == 3 ? 4 : t->n);
    return scalar_info[k].size;
}

const char *ocl_type_name(struct ocl *o, const struct ocl_type *t)
{
    if (!t)
        return NULL;
    if (t->kind < NSCALARS)
        return scalar_info[t->kind].name;
    if (t->kind == OCL_VECTOR)
        return arena_printf(o->L.a, "%s%d", scalar_info[t->of->kind].name, t->n);
    if (t->kind == OCL_VOID)
        return "void";
    return NULL;
}

const char *ocl_suffix(struct ocl *o, const struct ocl_type *t)
{
    if (t && t->kind < NSCALARS)
        return scalar_info[t->kind].suffix;
    if (t && t->kind == OCL_VECTOR)
        return arena_printf(o->L.a, "%s%d", scalar_info[t->of->kind].suffix, t->n);
    return "x";
}

const struct ocl_type *ocl_type_by_name(const char *name, size_t len)
{
    for (int k = 0; k < NSCALARS; k++) {
        size_t n = strlen(scalar_info[k].name);
        if (len < n || memcmp(name, scalar_info[k].name, n) != 0)
            continue;
        if (len == n)
            return ocl_scalar((enum ocl_kind)k);
        char digits[4] = "";
        if (len - n >= sizeof digits)
            continue;
        memcpy(digits, name + n, len - n);
        digits[len - n] = '\0';
        int w = atoi(digits);
        if (width_index(w) >= 0 && (w >= 10) == (len - n == 2) && digits[0] != '0')
            return ocl_vector((enum ocl_kind)k, w);
    }
    if (len == 6 && !memcmp(name, "size_t", 6))
        return ocl_scalar(OCL_ULONG);
    return NULL;
}

/* ---- types of declarations ------------------------------------------------------------ */

/* A simple integer constant expression (array bounds): its value, or -1. */
static long const_value(struct ocl *o, const struct ast *e)
{
    if (!e)
        return -1;
    switch (e->kind) {
    case AST_CONSTANT: {
        const char *s = o->L.text + e->begin;
        if (*s < '0' || *s > '9')
            return -1;
        char *end;
        long v = strtol(s, &end, 0);
        return end == s ? -1 : v;
    }
    case AST_BINARY: {
        long a = const_value(o, e->kid[0]), b = const_value(o, e->kid[1]);
        if (a < 0 || b < 0)
            return -1;
        switch (e->op) {
        case '+': return a + b;
        case '-': return a - b;
        case '*': return a * b;
        case '/': return b ? a / b : -1;
        case LEFT_OP: return b < 62 ? a << b : -1;
        case RIGHT_OP: return b < 62 ? a >> b : -1;
        default: return -1;
        }
    }
    case AST_IDENT:
        return -1;
    default:
        return -1;
    }
}

/* The struct or union specifier holding the members of the tag that `spec` names. */
static struct ast *struct_body(struct ast *spec)
{
    if (spec->kid[0])
        return spec;
    if (spec->sym && spec->sym->decl && spec->sym->decl->kind == AST_STRUCT &&
        spec->sym->decl->kid[0])
        return spec->sym->decl;
    return NULL;
}

static const struct ocl_type *struct_type(struct ocl *o, struct ast *spec)
{
    const struct ocl_type *t = lower_map_get(&o->types, spec);
    if (t)
        return t;
    struct ocl_type *s = arena_alloc(o->L.a, sizeof *s);
    s->kind = OCL_STRUCT;
    s->tag = struct_body(spec);
    lower_map_put(&o->L, &o->types, spec, s);
    return s;
}

/* Is typedef symbol s one of opencl_c.h's? */
static bool prelude_typedef(struct ocl *o, const struct sym *s)
{
    if (!s->declarator)
        return false;
    struct mcc_loc loc = source_loc(&o->L.t->src, s->declarator->begin);
    return loc.file && o->prelude && !strcmp(loc.file, o->prelude);
}

static const struct ocl_type *specs_base(struct ocl *o, struct ast *specs)
{
    int nlong = 0;
    bool is_unsigned = false;
    int base = 0;
    for (struct ast *i = specs && specs->kid[0] ? specs->kid[0]->kid[0] : NULL; i; i = i->next) {
        switch (i->kind) {
        case AST_SPECIFIER:
            switch (i->op) {
            case KW_LONG: nlong++; break;
            case KW_UNSIGNED: is_unsigned = true; break;
            case KW_VOID: case KW_CHAR: case KW_SHORT: case KW_INT: case KW_FLOAT:
            case KW_DOUBLE: case KW_BOOL:
                base = i->op;
                break;
            case KW_FLOATN:
                base = o->L.text[i->begin + 6] == '1' ? KW_FLOATN : -1;   /* _Float16 */
                break;
            case KW_INT128: case KW_COMPLEX:
                base = -1;
                break;
            default:
                break;
            }
            break;
        case AST_TYPEDEF_REF:
            if (i->sym && i->sym->name) {
                const struct ocl_type *t = prelude_typedef(o, i->sym)
                    ? ocl_type_by_name(i->sym->name->str, i->sym->name->len) : NULL;
                if (t)
                    return t;
                if (i->sym->name->len == 9 && !memcmp(i->sym->name->str, "sampler_t", 9))
                    return ocl_scalar(OCL_INT);
                if (i->sym->name->len > 5 && !memcmp(i->sym->name->str, "image", 5) &&
                    prelude_typedef(o, i->sym))
                    return &image_type;
                return ocl_sym_type(o, i->sym);
            }
            return &unknown_type;
        case AST_STRUCT:
            return struct_type(o, i);
        case AST_ENUM:
            return ocl_scalar(OCL_INT);
        case AST_TYPEOF:
            if (i->kid[0] && i->kid[0]->kind == AST_TYPE_NAME)
                return ocl_type_name_type(o, i->kid[0]);
            return i->kid[0] ? ocl_expr_type(o, i->kid[0]) : &unknown_type;
        default:
            break;
        }
    }
    switch (base) {
    case KW_VOID: return &void_type;
    case KW_BOOL: return ocl_scalar(OCL_BOOL);
    case KW_CHAR: return ocl_scalar(is_unsigned ? OCL_UCHAR : OCL_CHAR);
    case KW_SHORT: return ocl_scalar(is_unsigned ? OCL_USHORT : OCL_SHORT);
    case KW_FLOAT: return ocl_scalar(OCL_FLOAT);
    case KW_DOUBLE: return ocl_scalar(OCL_DOUBLE);
    case KW_FLOATN: return ocl_scalar(OCL_HALF);
    case -1: return &unknown_type;
    default:
        if (nlong)
            return ocl_scalar(is_unsigned ? OCL_ULONG : OCL_LONG);
        return ocl_scalar(is_unsigned ? OCL_UINT : OCL_INT);
    }
}

bool ocl_has_attr(struct ocl *o, const struct ast *list, const char *what)
{
    size_t n = strlen(what);
    const char *prefix = ocl_name(o, OCLN_PREFIX);
    size_t pn = strlen(prefix);
    for (const struct ast *i = list ? list->kid[0] : NULL; i; i = i->next) {
        if (i->kind != AST_ATTRIBUTE)
            continue;
        const char *s = o->L.text + i->begin, *e = o->L.text + i->end;
        for (const char *p = s; p + pn + n <= e; p++)
            if (!memcmp(p, prefix, pn) && !memcmp(p + pn, what, n))
                return true;
    }
    return false;
}

static enum ocl_space specs_space(struct ocl *o, struct ast *specs)
{
    struct ast *list = specs ? specs->kid[0] : NULL;
    if (ocl_has_attr(o, list, "global"))
        return OCL_GLOBAL;
    if (ocl_has_attr(o, list, "local"))
        return OCL_LOCAL;
    if (ocl_has_attr(o, list, "constant"))
        return OCL_CONSTANT;
    return OCL_PRIVATE;
}

/* Apply declarator d to type t (pointers get `space` at the level nearest the base). */
static const struct ocl_type *derive(struct ocl *o, struct ast *d, const struct ocl_type *t,
                                     enum ocl_space *space)
{
    for (int depth = 0; d && depth < 64; depth++) {
        switch (d->kind) {
        case AST_DECL_POINTER:
            t = ocl_pointer(o, t, *space);
            *space = OCL_PRIVATE;
            d = d->kid[0];
            break;
        case AST_DECL_ARRAY:
            t = array_of(o, t, (int)const_value(o, d->kid[1]));
            d = d->kid[0];
            break;
        case AST_DECL_FUNCTION: {
            struct ocl_type *f = arena_alloc(o->L.a, sizeof *f);
            f->kind = OCL_FUNCTION;
            f->of = t;
            f->tag = d->kid[1];
            t = f;
            d = d->kid[0];
            break;
        }
        case AST_DECL_BITFIELD: case AST_INIT_DECLARATOR:
            d = d->kid[0];
            break;
        default:
            return t;
        }
    }
    return t;
}

const struct ocl_type *ocl_decl_type(struct ocl *o, struct ast *specs, struct ast *declarator)
{
    enum ocl_space space = specs_space(o, specs);
    const struct ocl_type *base = specs_base(o, specs);
    return derive(o, declarator, base, &space);
}

const struct ocl_type *ocl_type_name_type(struct ocl *o, struct ast *type_name)
{
    if (!type_name)
        return &unknown_type;
    return ocl_decl_type(o, type_name->kid[0], type_name->kid[1]);
}

const struct ocl_type *ocl_sym_type(struct ocl *o, struct sym *s)
{
    if (!s)
        return &unknown_type;
    const struct ocl_type *t = lower_map_get(&o->sym_types, s);
    if (t)
        return t;
    switch (s->kind) {
    case SYM_ENUM_CONST:
        t = ocl_scalar(OCL_INT);
        break;
    case SYM_OBJECT: case SYM_PARAM: case SYM_FUNCTION: case SYM_TYPEDEF:
        t = s->specs ? ocl_decl_type(o, s->specs, lower_full_declarator(s)) : &unknown_type;
        if (s->array_param && t->kind == OCL_ARRAY)
            t = ocl_pointer(o, t->of, specs_space(o, s->specs));
        break;
    default:
        t = &unknown_type;
    }
    lower_map_put(&o->L, &o->sym_types, s, (void *)t);
    return t;
}

/* ---- conversions ------------------------------------------------------------------------ */

const struct ocl_type *ocl_promote(const struct ocl_type *t)
{
    if (t && t->kind < NSCALARS && !scalar_info[t->kind].is_float &&
        scalar_info[t->kind].size < 4)
        return ocl_scalar(OCL_INT);
    return t;
}

const struct ocl_type *ocl_arith(const struct ocl_type *a, const struct ocl_type *b)
{
    if (!ocl_is_scalar(a) || !ocl_is_scalar(b))
        return &unknown_type;
    if (a->kind == OCL_DOUBLE || b->kind == OCL_DOUBLE)
        return ocl_scalar(OCL_DOUBLE);
    if (a->kind == OCL_FLOAT || b->kind == OCL_FLOAT || a->kind == OCL_HALF ||
        b->kind == OCL_HALF)
        return ocl_scalar(OCL_FLOAT);
    a = ocl_promote(a);
    b = ocl_promote(b);
    if (a->kind == b->kind)
        return a;
    int sa = scalar_info[a->kind].size, sb = scalar_info[b->kind].size;
    if (sa != sb)
        return sa > sb ? a : b;
    return scalar_info[a->kind].is_signed ? b : a;  /* same size: the unsigned one */
}

const struct ocl_type *ocl_mask_type(const struct ocl_type *t)
{
    switch (ocl_size(t->of)) {
    case 1: return ocl_vector(OCL_CHAR, t->n);
    case 2: return ocl_vector(OCL_SHORT, t->n);
    case 8: return ocl_vector(OCL_LONG, t->n);
    default: return ocl_vector(OCL_INT, t->n);
    }
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

const struct ocl_type *ocl_swizzle_type(const struct ocl_type *v, const char *sel, size_t len,
                                        int *idx)
{
    int n = v->n, k = 0, storage = n == 3 ? 4 : n;
    if (len == 2 && !memcmp(sel, "lo", 2)) {
        for (k = 0; k < storage / 2; k++)
            idx[k] = k;
    } else if (len == 2 && !memcmp(sel, "hi", 2)) {
        for (k = 0; k < storage / 2; k++)
            idx[k] = storage / 2 + k;
    } else if (len == 4 && !memcmp(sel, "even", 4)) {
        for (k = 0; k < storage / 2; k++)
            idx[k] = 2 * k;
    } else if (len == 3 && !memcmp(sel, "odd", 3)) {
        for (k = 0; k < storage / 2; k++)
            idx[k] = 2 * k + 1;
    } else if (len >= 2 && (sel[0] == 's' || sel[0] == 'S')) {
        for (size_t i = 1; i < len; i++) {
            int d = hex_digit(sel[i]);
            if (d < 0 || d >= n || k >= 16)
                return NULL;
            idx[k++] = d;
        }
    } else {
        for (size_t i = 0; i < len; i++) {
            const char *p = strchr("xyzw", sel[i]);
            if (!p || !*p || p - "xyzw" >= n || n > 4 || k >= 16)
                return NULL;
            idx[k++] = (int)(p - "xyzw");
        }
    }
    if (k == 1)
        return v->of;
    if (k == 0 || width_index(k) < 0)
        return NULL;
    return ocl_vector(v->of->kind, k);
}

/* ---- types of expressions --------------------------------------------------------------- */

static const struct ocl_type *constant_type(struct ocl *o, const struct ast *e)
{
    const char *s = o->L.text + e->begin, *end = o->L.text + e->end;
    if (*s == '\'' || ((*s == 'L' || *s == 'u' || *s == 'U') && memchr(s, '\'', 3)))
        return ocl_scalar(OCL_INT);
    bool hex = end - s > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    bool is_float = false;
    for (const char *p = s; p < end; p++)
        if (*p == '.' || (!hex && (*p == 'e' || *p == 'E')) || (hex && (*p == 'p' || *p == 'P')))
            is_float = true;
    if (is_float) {
        char last = end[-1];
        if (last == 'f' || last == 'F')
            return ocl_scalar(OCL_FLOAT);
        if (last == 'h' || last == 'H')
            return ocl_scalar(OCL_HALF);
        return ocl_scalar(OCL_DOUBLE);
    }
    int nl = 0;
    bool u = false;
    for (const char *p = end; p > s && strchr("uUlL", p[-1]); p--) {
        if (p[-1] == 'u' || p[-1] == 'U')
            u = true;
        else
            nl++;
    }
    unsigned long long v = strtoull(s, NULL, 0);
    bool octal_or_hex = s[0] == '0' && end - s > 1;
    if (nl)
        return ocl_scalar(u || (octal_or_hex && v > 0x7fffffffffffffffULL) ? OCL_ULONG : OCL_LONG);
    if (u)
        return ocl_scalar(v > 0xffffffffULL ? OCL_ULONG : OCL_UINT);
    if (v <= 0x7fffffffULL)
        return ocl_scalar(OCL_INT);
    if (octal_or_hex && v <= 0xffffffffULL)
        return ocl_scalar(OCL_UINT);
    if (v <= 0x7fffffffffffffffULL)
        return ocl_scalar(OCL_LONG);
    return ocl_scalar(OCL_ULONG);
}

/* Arrays and functions used as values become pointers. */
static const struct ocl_type *decay(struct ocl *o, const struct ocl_type *t)
{
    if (t->kind == OCL_ARRAY)
        return ocl_pointer(o, t->of, t->space);
    return t;
}

/* The type of member `m` of struct t, or unknown. */
static const struct ocl_type *member_type(struct ocl *o, const struct ocl_type *t,
                                          const struct name *m)
{
    struct ast *body = t->tag;
    for (struct ast *d = body && body->kid[0] ? body->kid[0]->kid[0] : NULL; d; d = d->next) {
        if (d->kind != AST_STRUCT_DECL)
            continue;
        if (!d->kid[1]) {
            /* an anonymous struct or union member: look inside */
            const struct ocl_type *inner = specs_base(o, d->kid[0]);
            if (inner->kind == OCL_STRUCT) {
                const struct ocl_type *r = member_type(o, inner, m);
                if (r->kind != OCL_UNKNOWN)
                    return r;
            }
            continue;
        }
        for (struct ast *md = d->kid[1]->kid[0]; md; md = md->next) {
            struct ast *dn = ast_declarator_name(md);
            if (dn && dn->name == m)
                return ocl_decl_type(o, d->kid[0], md);
        }
    }
    return &unknown_type;
}

/* A relational or logical operator: int for scalars, a mask for vectors. */
static const struct ocl_type *truth_type(const struct ocl_type *a, const struct ocl_type *b)
{
    if (a->kind == OCL_VECTOR)
        return ocl_mask_type(a);
    if (b && b->kind == OCL_VECTOR)
        return ocl_mask_type(b);
    return ocl_scalar(OCL_INT);
}

static const struct ocl_type *binary_type(struct ocl *o, struct ast *e)
{
    const struct ocl_type *a = decay(o, ocl_expr_type(o, e->kid[0]));
    const struct ocl_type *b = decay(o, ocl_expr_type(o, e->kid[1]));
    switch (e->op) {
    case ',':
        return b;
    case '<': case '>': case LE_OP: case GE_OP: case EQ_OP: case NE_OP: case AND_OP:
    case OR_OP:
        return truth_type(a, b);
    case LEFT_OP: case RIGHT_OP:
        return a->kind == OCL_VECTOR ? a : ocl_promote(a);
    default:
        break;
    }
    if (a->kind == OCL_VECTOR)
        return a;
    if (b->kind == OCL_VECTOR)
        return b;
    if (a->kind == OCL_POINTER && (e->op == '+' || e->op == '-'))
        return b->kind == OCL_POINTER ? ocl_scalar(OCL_LONG) : a;
    if (b->kind == OCL_POINTER && e->op == '+')
        return b;
    return ocl_arith(a, b);
}

static const struct ocl_type *call_type(struct ocl *o, struct ast *e)
{
    struct ast *callee = e->kid[0];
    const char *name = ocl_builtin_callee(o, e);
    const struct ocl_type *args[16];
    int n = 0;
    for (struct ast *a = e->kid[1] ? e->kid[1]->kid[0] : NULL; a && n < 16; a = a->next)
        args[n++] = decay(o, ocl_expr_type(o, a));
    if (name) {
        const struct ocl_type *t = ocl_builtin_type(o, name, n, args);
        return t ? t : &unknown_type;
    }
    const struct ocl_type *f = ocl_expr_type(o, callee);
    if (f->kind == OCL_POINTER)
        f = f->of;
    return f->kind == OCL_FUNCTION ? f->of : &unknown_type;
}

static const struct ocl_type *compute(struct ocl *o, struct ast *e)
{
    switch (e->kind) {
    case AST_IDENT:
        if (!e->sym)
            return &unknown_type;
        if (e->sym->kind == SYM_FUNCTION && !e->sym->specs)
            return &unknown_type;
        return ocl_sym_type(o, e->sym);
    case AST_CONSTANT:
        return constant_type(o, e);
    case AST_STRING:
        return ocl_pointer(o, ocl_scalar(OCL_CHAR), OCL_CONSTANT);
    case AST_CALL:
        return call_type(o, e);
    case AST_MEMBER: {
        const struct ocl_type *b = ocl_expr_type(o, e->kid[0]);
        if (e->op == PTR_OP)
            b = b->kind == OCL_POINTER || b->kind == OCL_ARRAY ? b->of : &unknown_type;
        if (b->kind == OCL_VECTOR && e->name) {
            int idx[16];
            const struct ocl_type *t = ocl_swizzle_type(b, e->name->str, e->name->len, idx);
            return t ? t : &unknown_type;
        }
        if (b->kind == OCL_STRUCT && e->name)
            return member_type(o, b, e->name);
        return &unknown_type;
    }
    case AST_SUBSCRIPT: {
        const struct ocl_type *a = ocl_expr_type(o, e->kid[0]);
        const struct ocl_type *i = ocl_expr_type(o, e->kid[1]);
        if (a->kind == OCL_POINTER || a->kind == OCL_ARRAY || a->kind == OCL_VECTOR)
            return a->of;
        if (i->kind == OCL_POINTER || i->kind == OCL_ARRAY)
            return i->of;              /* i[a] */
        return &unknown_type;
    }
    case AST_POSTFIX:
        return ocl_expr_type(o, e->kid[0]);
    case AST_UNARY: {
        const struct ocl_type *a = ocl_expr_type(o, e->kid[0]);
        switch (e->op) {
        case '&':
            return ocl_pointer(o, a, OCL_PRIVATE);
        case '*':
            a = decay(o, a);
            return a->kind == OCL_POINTER ? a->of : &unknown_type;
        case '!':
            return a->kind == OCL_VECTOR ? ocl_mask_type(a) : ocl_scalar(OCL_INT);
        case INC_OP: case DEC_OP:
            return a;
        default:
            return a->kind == OCL_VECTOR ? a : ocl_promote(a);
        }
    }
    case AST_BINARY:
        return binary_type(o, e);
    case AST_ASSIGN:
        return ocl_expr_type(o, e->kid[0]);
    case AST_CONDITIONAL: {
        const struct ocl_type *a = decay(o, ocl_expr_type(o, e->kid[1] ? e->kid[1] : e->kid[0]));
        const struct ocl_type *b = decay(o, ocl_expr_type(o, e->kid[2]));
        if (a->kind == OCL_VECTOR)
            return a;
        if (b->kind == OCL_VECTOR)
            return b;
        if (ocl_is_scalar(a) && ocl_is_scalar(b)) {
            /* a vector condition chooses per component: `v > 0.5f ? 1.0f : 0.0f` is a
             * vector of as many components */
            const struct ocl_type *c = decay(o, ocl_expr_type(o, e->kid[0]));
            const struct ocl_type *r = ocl_arith(a, b);
            return c->kind == OCL_VECTOR && e->kid[1] ? ocl_vector(r->kind, c->n) : r;
        }
        return a->kind != OCL_UNKNOWN ? a : b;
    }
    case AST_CAST: case AST_COMPOUND_LITERAL:
        return ocl_type_name_type(o, e->kid[0]);
    case AST_SIZEOF:
        return ocl_scalar(OCL_ULONG);
    case AST_EXTENSION:
        return ocl_expr_type(o, e->kid[0]);
    case AST_STMT_EXPR: {
        struct ast *items = e->kid[0] ? e->kid[0]->kid[0] : NULL;
        struct ast *last = items ? items->kid[1] : NULL;
        if (last && last->kind == AST_EXPR_STMT && last->kid[0])
            return ocl_expr_type(o, last->kid[0]);
        return &void_type;
    }
    default:
        return &unknown_type;
    }
}

const struct ocl_type *ocl_expr_type(struct ocl *o, struct ast *e)
{
    if (!e)
        return &unknown_type;
    const struct ocl_type *t = lower_map_get(&o->types, e);
    if (!t) {
        t = compute(o, e);
        if (!t)
            t = &unknown_type;
        lower_map_put(&o->L, &o->types, e, (void *)t);
    }
    return t;
}


bool ocl_in_local_space(struct ocl *o, struct sym *s)
{
    const struct ocl_type *t = ocl_sym_type(o, s);
    while (t->kind == OCL_ARRAY)
        t = t->of;
    return t->kind != OCL_POINTER && s->specs &&
           ocl_has_attr(o, s->specs->kid[0], "local");
}
