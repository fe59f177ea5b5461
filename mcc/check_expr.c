/*
 * check_expr.c - the expressions of a directive's clauses parsed and checked as C, from the
 * directive's tokens (check.c gives the pieces; check_type.c models their types):
 *   - every expression in a clause is parsed as C (C11 6.5, with the GNU forms glibc's
 *     macros expand to); numbers, characters and strings are checked as gcc's lexer would;
 *   - every name is looked up where the construct is (block scopes of the function, its
 *     parameters, file-scope declarations that come before; a function task's clauses see
 *     its parameters; multidependence iterators and declare reduction's omp_in, omp_out,
 *     omp_priv and omp_orig have their own scope).
 */
#include "mcc.h"
#include "c.tab.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

/* ---- the expression checker ---------------------------------------------------------- */

/* Deeper expressions are refused rather than parsed on a deep C stack (fuzzing). */
#define CK_MAX_DEPTH 256

void ck_error(struct ck *c, int tok, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    if (c->failed)
        return;
    c->failed = true;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!c->quiet)
        mcc_error_at(&c->toks[tok].loc, "%s", msg);
}

static bool tok_is(const struct ck *c, int i, const char *s)
{
    size_t n = strlen(s);
    return i < c->end && c->toks[i].kind != OMP_TOK_END && c->toks[i].len == n &&
           !memcmp(c->text + c->toks[i].off, s, n);
}

static bool is(const struct ck *c, const char *s) { return tok_is(c, c->pos, s); }

static bool accept(struct ck *c, const char *s)
{
    if (!is(c, s))
        return false;
    c->pos++;
    return true;
}

static struct name *tok_name(const struct ck *c, int i)
{
    return name_intern(&c->L->t->parser, c->text + c->toks[i].off, c->toks[i].len);
}

static bool tok_ident(const struct ck *c, int i)
{
    return i < c->end && c->toks[i].kind == OMP_TOK_IDENT;
}

/* "expected WHAT before 'tok'", or "... at the end of the pragma". */
void ck_expected(struct ck *c, const char *what)
{
    if (c->toks[c->pos].kind == OMP_TOK_END)
        ck_error(c, c->pos, "expected %s at the end of the pragma", what);
    else
        ck_error(c, c->pos, "expected %s before '%.*s'", what, CK_TOK(c, c->pos));
}

static bool expect(struct ck *c, const char *s)
{
    char what[32];
    if (accept(c, s))
        return true;
    snprintf(what, sizeof what, "'%s'", s);
    ck_expected(c, what);
    return false;
}

/* Step over a balanced group that starts at c->pos with `open` (type lists of _Generic,
 * statement expressions, initializer lists): only its brackets are checked. */
static bool skip_group(struct ck *c, const char *open, const char *close)
{
    int depth = 0, start = c->pos;
    for (; c->pos < c->end; c->pos++) {
        if (is(c, open))
            depth++;
        else if (is(c, close) && --depth == 0) {
            c->pos++;
            return true;
        }
    }
    ck_error(c, start, "unbalanced '%s'", open);
    return false;
}

/* ---- names ---- */

static bool spelled(const struct ck *c, int i, const char *s)
{
    return tok_is(c, i, s);
}

static bool has_prefix(const struct ck *c, int i, const char *p)
{
    size_t n = strlen(p);
    return c->toks[i].len > n && !memcmp(c->text + c->toks[i].off, p, n);
}

/* Is token i an encoding prefix (L, u, U, u8) glued to the string or character literal
 * after it?  The lexer makes them two tokens. */
static bool glued_prefix(const struct ck *c, int i)
{
    return i + 1 < c->end && c->toks[i].kind == OMP_TOK_IDENT &&
           c->toks[i + 1].kind == OMP_TOK_STRING &&
           c->toks[i + 1].off == c->toks[i].off + c->toks[i].len &&
           (spelled(c, i, "L") || spelled(c, i, "u") || spelled(c, i, "U") || spelled(c, i, "u8"));
}

/* Does a string literal (not a character constant), its prefix glued or none, start at
 * token i?  Its length in tokens (1 or 2), or 0. */
static int string_literal_at(const struct ck *c, int i)
{
    int k = glued_prefix(c, i) ? 1 : 0;
    return i + k < c->end && c->toks[i + k].kind == OMP_TOK_STRING &&
                   c->text[c->toks[i + k].off] == '"'
               ? k + 1 : 0;
}

/* What the identifier at token i denotes where the construct is. */
enum ck_name ck_lookup(struct ck *c, int i, struct sym **out)
{
    const char *s = c->text + c->toks[i].off;
    size_t n = c->toks[i].len;
    *out = NULL;
    for (int k = c->nlocals - 1; k >= 0; k--)
        if (c->toks[c->locals[k]].len == n &&
            !memcmp(c->text + c->toks[c->locals[k]].off, s, n)) {
            c->local_hit = k;
            return NAME_LOCAL;
        }
    for (int k = c->niters - 1; k >= 0; k--)
        if (strlen(c->iters[k]->var.text) == n && !memcmp(c->iters[k]->var.text, s, n)) {
            c->iter_hit = c->iters[k];
            return NAME_ITER;
        }
    if ((c->reduction == RED_COMBINER && (spelled(c, i, "omp_in") ||
                                          spelled(c, i, "omp_out"))) ||
        (c->reduction == RED_INITIALIZER && (spelled(c, i, "omp_priv") ||
                                             spelled(c, i, "omp_orig"))))
        return NAME_REDVAR;
    struct name *nm = tok_name(c, i);
    for (int k = 0; k < 2; k++) {
        struct ast *list = k ? c->impl_params : c->params;
        for (struct ast *p = list ? list->kid[0] : NULL; p; p = p->next)
            if (p->kind == AST_PARAM && p->sym && p->sym->name == nm) {
                *out = p->sym;
                return NAME_SYM;
            }
    }
    if (c->scope && (*out = ck_lookup_block(c->scope, nm, c->at)))
        return NAME_SYM;
    if ((*out = ck_lookup_file(nm, c->at)))
        return NAME_SYM;
    if (has_prefix(c, i, "__builtin_") || has_prefix(c, i, "__sync_") ||
        has_prefix(c, i, "__atomic_"))
        return NAME_BUILTIN;
    if (spelled(c, i, "__func__") || spelled(c, i, "__FUNCTION__") ||
        spelled(c, i, "__PRETTY_FUNCTION__"))
        return NAME_FUNC_NAME;
    return NAME_NONE;
}

/* Is `nm` declared anywhere inside n (a function task's body)? */
static bool declared_in(struct ast *n, struct name *nm)
{
    if (!n)
        return false;
    if (n->kind == AST_DECL_NAME && n->name == nm)
        return true;
    if (n->kind == AST_LIST) {
        for (struct ast *i = n->kid[0]; i; i = i->next)
            if (declared_in(i, nm))
                return true;
        return false;
    }
    for (int k = 0; k < 4; k++)
        if (declared_in(n->kid[k], nm))
            return true;
    return false;
}

/* The closest visible name to the one at token i, for "did you mean". */
struct suggestion {
    const char *word;
    size_t len;
    const char *best;
    size_t best_len;
    int dist;
};

static void consider(struct suggestion *g, const char *s, size_t n)
{
    if (n == g->len && !memcmp(s, g->word, n))
        return;
    if (s[0] == '_' && g->word[0] != '_')
        return;                     /* reserved names of the C library */
    int d = omp_edit_distance(g->word, g->len, s, n);
    size_t longest = n > g->len ? n : g->len;
    if (d <= (int)(longest + 2) / 3 && (!g->best || d < g->dist)) {
        g->best = s;
        g->best_len = n;
        g->dist = d;
    }
}

static bool is_value_sym(const struct sym *y)
{
    return y && (y->kind == SYM_OBJECT || y->kind == SYM_PARAM || y->kind == SYM_FUNCTION ||
                 y->kind == SYM_ENUM_CONST);
}

static void suggest_name(struct ck *c, int i, struct suggestion *g)
{
    *g = (struct suggestion){ .word = c->text + c->toks[i].off, .len = c->toks[i].len };
    for (int k = 0; k < c->niters; k++)
        consider(g, c->iters[k]->var.text, strlen(c->iters[k]->var.text));
    for (int k = 0; k < 2; k++) {
        struct ast *list = k ? c->impl_params : c->params;
        for (struct ast *p = list ? list->kid[0] : NULL; p; p = p->next)
            if (p->kind == AST_PARAM && p->sym)
                consider(g, p->sym->name->str, p->sym->name->len);
    }
    for (int k = 0; c->scope && k < c->scope->n; k++) {
        const struct check_decl *e = &c->scope->v[k];
        if (e->from <= c->at && c->at < e->to && is_value_sym(e->sym))
            consider(g, e->name->str, e->name->len);
    }
    struct mcc_parser *p = &c->L->t->parser;
    for (size_t b = 0; b < p->nnames_cap; b++)
        for (struct name *nm = p->names[b]; nm; nm = nm->hnext)
            if (is_value_sym(nm->ord) && ck_lookup_file(nm, c->at))
                consider(g, nm->str, nm->len);
}

/* ---- constants ---- */

/* Is s[0..n) one of the suffixes `ok`, once GNU's imaginary i/j (one, anywhere) is left out? */
static bool suffix_in(const char *s, size_t n, const char *const *ok, size_t nok)
{
    char buf[8];
    size_t k = 0;
    for (size_t i = 0; i < n; i++)          /* GNU imaginary constants: i or j anywhere */
        if (s[i] != 'i' && s[i] != 'j' && s[i] != 'I' && s[i] != 'J') {
            if (k == sizeof buf - 1)
                return false;
            buf[k++] = s[i];
        }
    buf[k] = '\0';
    if (n - k > 1)
        return false;
    for (size_t i = 0; i < nok; i++)
        if (!strcmp(buf, ok[i]))
            return true;
    return false;
}

static bool valid_int_suffix(const char *s, size_t n)
{
    static const char *const ok[] = {
        "", "u", "U", "l", "L", "ll", "LL", "ul", "uL", "Ul", "UL", "lu", "lU", "Lu", "LU",
        "ull", "uLL", "Ull", "ULL", "llu", "llU", "LLu", "LLU",
    };
    return suffix_in(s, n, ok, sizeof ok / sizeof ok[0]);
}

static bool valid_float_suffix(const char *s, size_t n)
{
    static const char *const ok[] = {
        "", "f", "F", "l", "L", "w", "W", "q", "Q", "f16", "f32", "f64", "f128", "f32x", "f64x",
        "f128x", "F16", "F32", "F64", "F128", "F32x", "F64x", "F128x", "df", "dd", "dl", "DF",
        "DD", "DL", "bf16", "BF16",
    };
    return suffix_in(s, n, ok, sizeof ok / sizeof ok[0]);
}

static bool is_digit_in(char ch, int base)
{
    if (base == 16)
        return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
    if (base == 2)
        return ch == '0' || ch == '1';
    return ch >= '0' && ch <= '9';
}

/* The type of a floating constant from its (valid) suffix. */
static int float_literal_type(const char *sfx, size_t n)
{
    if (n == 0)
        return AT_DOUBLE;
    if (n == 1 && (sfx[0] == 'f' || sfx[0] == 'F'))
        return AT_FLOAT;
    if (n == 1 && (sfx[0] == 'l' || sfx[0] == 'L'))
        return AT_LDOUBLE;
    return AT_UNKNOWN;              /* imaginary, _FloatN, decimal floating types */
}

/* The type and value of an integer constant: digits d[0..n) in `base` (octal when a
 * decimal one starts with 0), suffix sfx (valid).  The first type of C11 6.4.4.1p5's list
 * for the suffix that holds the value; unknown when none does (gcc's __int128 and
 * warnings: *huge) or when the suffix makes it imaginary. */
static struct ck_type int_literal(const char *d, size_t n, int base, const char *sfx,
                                  size_t ns, bool *huge)
{
    bool u = false, imaginary = false;
    *huge = false;
    int l = 0;
    for (size_t i = 0; i < ns; i++) {
        u |= sfx[i] == 'u' || sfx[i] == 'U';
        l += sfx[i] == 'l' || sfx[i] == 'L';
        imaginary |= sfx[i] == 'i' || sfx[i] == 'I' || sfx[i] == 'j' || sfx[i] == 'J';
    }
    if (base == 10 && n > 1 && d[0] == '0')
        base = 8;
    unsigned long long v = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned digit = d[i] <= '9' ? (unsigned)(d[i] - '0') : (unsigned)((d[i] | 0x20) - 'a' + 10);
        if (v > (~0ull - digit) / (unsigned)base) {
            *huge = !imaginary;
            return ck_simple_type(CK_INT);     /* too large for any type */
        }
        v = v * (unsigned)base + digit;
    }
    if (imaginary)
        return ck_simple_type(CK_INT);
    /* the candidates, in order (C11 6.4.4.1p5) */
    static const unsigned char dec[3][2][3] = {
        { { AT_INT, AT_LONG, AT_LLONG }, { AT_UINT, AT_ULONG, AT_ULLONG } },
        { { AT_LONG, AT_LLONG, 0 }, { AT_ULONG, AT_ULLONG, 0 } },
        { { AT_LLONG, 0, 0 }, { AT_ULLONG, 0, 0 } },
    };
    static const unsigned char other[3][2][6] = {
        { { AT_INT, AT_UINT, AT_LONG, AT_ULONG, AT_LLONG, AT_ULLONG },
          { AT_UINT, AT_ULONG, AT_ULLONG, 0, 0, 0 } },
        { { AT_LONG, AT_ULONG, AT_LLONG, AT_ULLONG, 0, 0 }, { AT_ULONG, AT_ULLONG, 0, 0, 0, 0 } },
        { { AT_LLONG, AT_ULLONG, 0, 0, 0, 0 }, { AT_ULLONG, 0, 0, 0, 0, 0 } },
    };
    const unsigned char *cand = base == 10 ? dec[l][u] : other[l][u];
    for (int i = 0; i < (base == 10 ? 3 : 6) && cand[i]; i++) {
        int a = cand[i], bits = 8 * ck_at_size(a) - !ck_at_unsigned(a);
        if (bits >= 64 || v < (1ull << bits))
            return ck_constant(a, v);
    }
    *huge = true;
    return ck_simple_type(CK_INT);
}

/* A number as gcc's lexer reads it (C11 6.4.4.1, 6.4.4.2, GNU suffixes).  Reports an
 * error and returns false when it is not a valid constant; *t gets int or float. */
static bool check_number(struct ck *c, int i, struct ck_type *t)
{
    const char *s = c->text + c->toks[i].off;
    size_t n = c->toks[i].len, k = 0, digits = 0;
    int base = 10;
    bool flt = false;
    if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        base = 16, k = 2;
    else if (n >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
        base = 2, k = 2;
    for (; k < n && is_digit_in(s[k], base); k++)
        digits++;
    if (base != 2 && k < n && s[k] == '.') {
        flt = true;
        for (k++; k < n && is_digit_in(s[k], base); k++)
            digits++;
    }
    if (digits == 0 && base != 10)
        k = 1, flt = false;         /* "0x": the constant 0 with the suffix x, as gcc reads it */
    if (k < n && digits > 0 && ((base == 16 && (s[k] == 'p' || s[k] == 'P')) ||
                                (base == 10 && (s[k] == 'e' || s[k] == 'E')))) {
        size_t e = 0;
        flt = true;
        k++;
        if (k < n && (s[k] == '+' || s[k] == '-'))
            k++;
        for (; k < n && s[k] >= '0' && s[k] <= '9'; k++)
            e++;
        if (!e) {
            ck_error(c, i, "exponent has no digits in '%.*s'", (int)n, s);
            return false;
        }
    } else if (base == 16 && flt) {
        ck_error(c, i, "hexadecimal floating constant '%.*s' requires an exponent", (int)n, s);
        return false;
    }
    if (flt ? !valid_float_suffix(s + k, n - k) : !valid_int_suffix(s + k, n - k)) {
        ck_error(c, i, "invalid suffix \"%.*s\" on %s constant '%.*s'", (int)(n - k), s + k,
                 flt ? "floating" : "integer", (int)n, s);
        return false;
    }
    if (!flt && base == 10 && s[0] == '0')
        for (size_t j = 1; j < k; j++)
            if (s[j] == '8' || s[j] == '9') {
                ck_error(c, i, "invalid digit \"%c\" in octal constant '%.*s'", s[j], (int)n, s);
                return false;
            }
    size_t pre = base == 10 || k < 2 ? 0 : 2;
    bool huge = false;
    *t = flt ? (struct ck_type){ .base = CK_FLOAT,
                                 .at = (unsigned char)float_literal_type(s + k, n - k) }
             : int_literal(s + pre, k - pre, base, s + k, n - k, &huge);
    c->huge_literals += huge;   /* gcc warns and gives it a type and value of its own */
    t->null_const = !flt && strspn(s + (base == 10 ? 0 : 2), "0") == k - (base == 10 ? 0 : 2);
    return true;
}

/* A character constant or string literal token: terminated, not empty. */
static bool check_quoted(struct ck *c, int i)
{
    const char *s = c->text + c->toks[i].off;
    size_t n = c->toks[i].len;
    bool closed = n >= 2 && s[n - 1] == s[0];
    if (closed) {                   /* the closing quote must not be escaped */
        size_t bs = 0;
        for (size_t j = n - 1; j > 1 && s[j - 1] == '\\'; j--)
            bs++;
        closed = bs % 2 == 0;
    }
    if (!closed) {
        ck_error(c, i, "missing terminating %c character", s[0]);
        return false;
    }
    if (s[0] == '\'' && n == 2) {
        ck_error(c, i, "empty character constant");
        return false;
    }
    return true;
}

/* ---- type names (casts, sizeof, compound literals) ---- */

bool ck_starts_type(struct ck *c, int i)
{
    if (!tok_ident(c, i))
        return false;
    struct name *nm = tok_name(c, i);
    switch (nm->keyword) {
    case KW_VOID: case KW_CHAR: case KW_SHORT: case KW_INT: case KW_LONG: case KW_FLOAT:
    case KW_DOUBLE: case KW_SIGNED: case KW_UNSIGNED: case KW_BOOL: case KW_COMPLEX:
    case KW_IMAGINARY: case KW_INT128: case KW_FLOATN: case KW_STRUCT: case KW_UNION:
    case KW_ENUM: case KW_TYPEOF: case KW_CONST: case KW_VOLATILE: case KW_RESTRICT:
    case KW_ATOMIC: case KW_ATTRIBUTE: case KW_AUTO_TYPE:
        return true;
    case 0:
        break;
    default:
        return false;
    }
    struct sym *y;
    switch (ck_lookup(c, i, &y)) {
    case NAME_SYM: return y->kind == SYM_TYPEDEF;
    case NAME_LOCAL: return c->local_kind[c->local_hit] == LOCAL_TYPEDEF;
    default: return false;
    }
}

static bool assign(struct ck *c, struct ck_type *t);
static bool static_value(struct ck *c, int at, int automatic);
static bool cast(struct ck *c, struct ck_type *t);

/* "array 'x'" or "unnamed array", for messages about the array being declared. */
static const char *array_called(struct ck *c)
{
    static char buf[96];
    if (c->declaring && c->decl_name >= 0)
        snprintf(buf, sizeof buf, "array '%.*s'", CK_TOK(c, c->decl_name));
    else
        snprintf(buf, sizeof buf, "unnamed array");
    return buf;
}

/* `[size]` of an array declarator in a type name: empty, `*`, or an expression (`static`
 * and qualifiers belong to parameters only, C11 6.7.6.2p1).  *dim: its value when it is
 * an integer constant expression this check folds, else -1; a negative one, or one over
 * PTRDIFF_MAX, is reported as gcc does. */
static bool array_size(struct ck *c, long long *dim)
{
    *dim = -1;
    c->pos++;
    if (accept(c, "]"))
        return true;
    if (tok_is(c, c->pos, "*") && tok_is(c, c->pos + 1, "]")) {
        c->pos += 2;
        return true;
    }
    if (tok_ident(c, c->pos) && tok_name(c, c->pos)->keyword == KW_STATIC) {
        ck_error(c, c->pos, "'static' in an array declarator outside a function parameter");
        return false;
    }
    struct ck_type x;
    int at = c->pos, variables = c->variables, huge = c->huge_literals;
    c->depth++;
    bool ok = assign(c, &x);
    c->depth--;
    if (!ok)
        return false;
    if (c->huge_literals != huge) {
        ck_error(c, at, "sorry, unimplemented: an integer constant too large for its type in "
                 "an array size in a clause (mcc does not follow the size gcc gives it)");
        return false;
    }
    c->variable_size |= c->variables != variables;
    enum ck_kind k = ck_kind_of(&x);
    if (k != CK_INT && k != CK_UNKNOWN) {
        ck_error(c, at, "size of array has non-integer type");
        return false;
    }
    unsigned long long v;
    if (ck_value_of(&x, &v)) {
        if (ck_at_negative(v, ck_arith_of(&x))) {
            ck_error(c, at, "size of %s is negative", array_called(c));
            return false;
        }
        if (x.overflow)
            return expect(c, "]");      /* gcc calls a wrapped size negative, not large */
        if (v > PTRDIFF_MAX) {
            ck_error(c, at, "size of %s is too large", array_called(c));
            return false;
        }
        *dim = (long long)v;
    }
    return expect(c, "]");
}

/* The size in bytes of an object of type t, when this check knows it (arithmetic types
 * and pointers), else -1. */
static long long type_size(const struct ck_type *t)
{
    if (t->n)
        return t->d[0] == CK_POINTER ? (long long)sizeof(void *) : -1;
    return ck_arith_of(t) ? ck_at_size(ck_arith_of(t)) : -1;
}

/* At least how many bytes an object of struct or union type t takes (the sum, or the
 * largest, of its arithmetic and pointer members' sizes; padding and other members left
 * out, and members whose attributes may change their size), -1 when nothing is known. */
static long long struct_size_min(struct ck *c, const struct ck_type *t)
{
    struct ast *members = t->tag ? ck_struct_members(c->L, t->tag) : NULL;
    long long size = 0;
    for (struct ast *sd = members ? members->kid[0] : NULL; sd; sd = sd->next) {
        if (sd->kind != AST_STRUCT_DECL || !sd->kid[1])
            continue;
        for (struct ast *d = sd->kid[1]->kid[0]; d; d = d->next) {
            struct ast *dn = ast_declarator_name(d);
            struct ck_type m;
            if (!dn || d->kind == AST_DECL_BITFIELD || (dn->sym && ck_has_vector_attribute(c->L, dn->sym, 0)))
                continue;
            ck_type_of_decl(c->L, sd->kid[0], d, &m, 0);
            long long k = type_size(&m);
            if (k < 0)
                continue;
            size = t->tag->op == KW_UNION ? (k > size ? k : size) : size + k;
        }
    }
    return size > 0 ? size : -1;
}

/* The derivations d[0..n) (outermost first; dims[k] the size of an array, -1 unknown) of a
 * type whose specifiers are `specs`: is the object small enough (C11 6.5.6p9: sizes are
 * at most PTRDIFF_MAX bytes)?  Reports it at token `at`. */
static bool object_size_valid(struct ck *c, int at, const struct ck_type *specs,
                              long long base_size, const unsigned char *d,
                              const long long *dims, int n)
{
    long long size = base_size >= 0 ? base_size : type_size(specs);
    if (size < 0 && ck_kind_of(specs) == CK_STRUCT && !specs->n)
        size = struct_size_min(c, specs);   /* a lower bound: enough to find too large */
    for (int k = n - 1; k >= 0; k--) {
        if (d[k] == CK_POINTER) {
            size = (long long)sizeof(void *);
        } else if (d[k] != CK_ARRAY || size < 0 || dims[k] < 0) {
            size = -1;
        } else if (size && dims[k] > PTRDIFF_MAX / size) {
            ck_error(c, at, "size of %s is too large (over PTRDIFF_MAX bytes)", array_called(c));
            return false;
        } else {
            size *= dims[k];
        }
    }
    return true;
}

static bool conditional(struct ck *c, struct ck_type *t);

static bool kw_at(const struct ck *c, int i, int kw)
{
    return tok_ident(c, i) && tok_name(c, i)->keyword == kw;
}

/* `( parameter-type-list )` of a function declarator: each parameter's type (and name)
 * parsed; an identifier list (K&R) or anything else is passed over as it is. */
static bool param_list(struct ck *c)
{
    c->pos++;
    if (accept(c, ")"))
        return true;
    if (!kw_at(c, c->pos, KW_REGISTER) && !ck_starts_type(c, c->pos)) {
        int i = c->pos;             /* an identifier list (K&R): names and commas only */
        while (tok_ident(c, i) && !tok_name(c, i)->keyword && tok_is(c, i + 1, ","))
            i += 2;
        if (tok_ident(c, i) && !tok_name(c, i)->keyword && tok_is(c, i + 1, ")")) {
            c->pos = i + 2;
            return true;
        }
        ck_expected(c, "a parameter type");
        return false;
    }
    bool declaring = c->declaring, fn = c->decl_fn;
    int name = c->decl_name;
    bool ok = true;
    for (;;) {
        if (accept(c, "...")) {
            ok = expect(c, ")");
            break;
        }
        if (kw_at(c, c->pos, KW_REGISTER))
            c->pos++;
        if (!ck_starts_type(c, c->pos)) {
            ck_expected(c, "a parameter type");
            ok = false;
            break;
        }
        struct ck_type t;
        c->declaring = true;
        c->decl_name = -1;
        c->depth++;
        ok = ck_type_name(c, &t);
        c->depth--;
        if (!ok)
            break;
        if (!accept(c, ",")) {
            ok = expect(c, ")");
            break;
        }
    }
    c->declaring = declaring;
    c->decl_fn = fn;
    c->decl_name = name;
    return ok;
}

/* abstract-declarator (C11 6.7.7): derivations outermost first into d[], *n of them; the
 * size of each array in dims[] (-1: not known). */
static bool abstract_declarator(struct ck *c, unsigned char *d, long long *dims, int *n)
{
    int pointers = 0;
    while (accept(c, "*")) {
        pointers++;
        while (tok_ident(c, c->pos) && (tok_name(c, c->pos)->keyword == KW_CONST ||
                                        tok_name(c, c->pos)->keyword == KW_VOLATILE ||
                                        tok_name(c, c->pos)->keyword == KW_RESTRICT ||
                                        tok_name(c, c->pos)->keyword == KW_ATOMIC)) {
            c->ptr_qual_seen = true;
            c->pos++;
        }
    }
    int inner = 0;
    unsigned char in[CK_MAX_DERIV];
    long long indims[CK_MAX_DERIV];
    bool named = false;
    if (c->declaring && c->decl_name < 0 && tok_ident(c, c->pos) &&
        !tok_name(c, c->pos)->keyword) {
        c->decl_name = c->pos++;        /* the name of a declaration (statement expression) */
        named = true;
    } else if (is(c, "(") && (tok_is(c, c->pos + 1, "*") || tok_is(c, c->pos + 1, "(") ||
                              tok_is(c, c->pos + 1, "[") ||
                              (c->declaring && c->decl_name < 0 && tok_ident(c, c->pos + 1) &&
                               !tok_name(c, c->pos + 1)->keyword &&
                               !ck_starts_type(c, c->pos + 1)))) {   /* `int (b)[2]` */
        if (c->depth >= CK_MAX_DEPTH) {
            ck_error(c, c->pos, "type name nested too deeply");
            return false;
        }
        c->pos++;
        c->depth++;
        int before = c->decl_name;
        bool ok = abstract_declarator(c, in, indims, &inner);
        c->depth--;
        if (!ok || !expect(c, ")"))
            return false;
        named = before < 0 && c->decl_name >= 0 && !inner;    /* `(fp)(int)`: a function */
    }
    for (int k = 0; k < inner && *n < CK_MAX_DERIV; k++) {
        dims[*n] = indims[k];
        d[(*n)++] = in[k];
    }
    for (bool array = false;;) {        /* array: the suffix before was an array's */
        if (is(c, "[")) {
            long long dim;
            if (array && tok_is(c, c->pos + 1, "]")) {
                ck_error(c, c->pos, "array type has incomplete element type");
                return false;
            }
            if (!array_size(c, &dim))
                return false;
            if (*n < CK_MAX_DERIV) {
                dims[*n] = dim;
                d[(*n)++] = CK_ARRAY;
            }
            array = true;
        } else if (is(c, "(")) {
            if (!param_list(c))
                return false;
            array = false;
            c->decl_fn |= named;
            named = false;
            if (*n < CK_MAX_DERIV) {
                dims[*n] = -1;
                d[(*n)++] = CK_FUNCTION;
            }
        } else {
            break;
        }
    }
    for (int k = 0; k < pointers && *n < CK_MAX_DERIV; k++) {
        dims[*n] = -1;
        d[(*n)++] = CK_POINTER;
    }
    return true;
}

/* The type specifiers of one type name, counted (C11 6.7.2p2: which lists are types). */
enum { TS_VOID, TS_CHAR, TS_SHORT, TS_INT, TS_LONG, TS_FLOAT, TS_DOUBLE, TS_SIGN, TS_BOOL,
       TS_COMPLEX, TS_INT128, TS_FLOATN, TS_OTHER, TS_COUNT };

static int ts_kind(int kw)
{
    switch (kw) {
    case KW_VOID: return TS_VOID;
    case KW_CHAR: return TS_CHAR;
    case KW_SHORT: return TS_SHORT;
    case KW_INT: return TS_INT;
    case KW_LONG: return TS_LONG;
    case KW_FLOAT: return TS_FLOAT;
    case KW_DOUBLE: return TS_DOUBLE;
    case KW_SIGNED: case KW_UNSIGNED: return TS_SIGN;
    case KW_BOOL: return TS_BOOL;
    case KW_COMPLEX: case KW_IMAGINARY: return TS_COMPLEX;
    case KW_INT128: return TS_INT128;
    case KW_FLOATN: return TS_FLOATN;
    default: return TS_OTHER;     /* struct, union, enum, a typedef name, typeof, ... */
    }
}

/* Is the list of specifiers counted in n one C (or GNU C) accepts?  `int int`, `double
 * struct s`, `char long` are not; gcc would report them in mcc's output. */
static bool ts_valid(const int *n)
{
    int all = 0;
    for (int k = 0; k < TS_COUNT; k++)
        all += n[k];
    int rest = all - n[TS_COMPLEX];
    if (n[TS_SIGN] > 1 || n[TS_INT] > 1 || n[TS_LONG] > 2 || n[TS_COMPLEX] > 1)
        return false;
    for (int k = 0; k < TS_COUNT; k++)
        if (k != TS_LONG && k != TS_SIGN && k != TS_INT && k != TS_COMPLEX && n[k] > 1)
            return false;
    if (n[TS_OTHER] || n[TS_VOID] || n[TS_BOOL])
        return all == 1;
    if (n[TS_FLOAT] || n[TS_FLOATN])
        return rest == 1;
    if (n[TS_DOUBLE])
        return rest == 1 || (rest == 2 && n[TS_LONG] == 1);
    if (n[TS_INT128])
        return rest == n[TS_INT128] + n[TS_SIGN];
    if (n[TS_CHAR])
        return rest == n[TS_CHAR] + n[TS_SIGN];
    if (n[TS_SHORT])
        return !n[TS_LONG];
    return true;                    /* int, long, signed, unsigned and _Complex of them */
}

/* `{ enumerator-list }` of an enum specifier (C11 6.7.2.2), c->pos at the `{`: each
 * enumerator is in scope from its end on, its value must be an integer constant. */
/* Two types that are known to differ (their kinds, arithmetic types or derivations)? */
static bool types_differ(const struct ck_type *a, const struct ck_type *b)
{
    if (ck_kind_of(a) == CK_UNKNOWN || ck_kind_of(b) == CK_UNKNOWN || a->n != b->n ||
        a->base == CK_UNKNOWN || b->base == CK_UNKNOWN)
        return ck_kind_of(a) != CK_UNKNOWN && ck_kind_of(b) != CK_UNKNOWN &&
               ck_kind_of(a) != ck_kind_of(b);
    if (memcmp(a->d, b->d, a->n) || a->base != b->base)
        return true;
    return ck_is_arith(a->base) && a->at && b->at && a->at != b->at;
}

/* Name token `name` declared in the block being parsed (a statement expression's), of type
 * t: what C11 6.7p3 forbids there (a second declaration in the same block, but for
 * typedefs of the same type and extern declarations). */
static bool add_local(struct ck *c, int name, const struct ck_type *t, enum ck_local kind,
                      bool is_extern)
{
    for (int k = c->nlocals - 1; k >= 0 && c->local_block[k] == c->block; k--) {
        if (tok_name(c, c->locals[k]) != tok_name(c, name))
            continue;
        bool ok = (kind == LOCAL_TYPEDEF && c->local_kind[k] == LOCAL_TYPEDEF &&
                   !types_differ(t, &c->local_type[k])) ||
                  (kind == LOCAL_OBJECT && c->local_kind[k] == LOCAL_OBJECT && is_extern &&
                   c->local_extern[k] && !types_differ(t, &c->local_type[k]));
        if (!ok) {
            ck_error(c, name, kind == LOCAL_ENUM_CONST ? "redeclaration of enumerator '%.*s'"
                     : kind == c->local_kind[k] && kind == LOCAL_TYPEDEF
                         ? "conflicting types for '%.*s'"
                         : "redefinition of '%.*s' in the same block", CK_TOK(c, name));
            return false;
        }
    }
    if (c->nlocals == CK_MAX_LOCALS) {
        ck_error(c, name, "sorry, unimplemented: more than %d declarations in the "
                 "statement expressions of one clause", CK_MAX_LOCALS);
        return false;
    }
    c->locals[c->nlocals] = name;
    c->local_type[c->nlocals] = *t;
    c->local_kind[c->nlocals] = (unsigned char)kind;
    c->local_extern[c->nlocals] = is_extern;
    c->local_static[c->nlocals] = false;
    c->local_block[c->nlocals++] = c->block;
    return true;
}

/* A block (a statement expression's, a compound statement, a for statement) begins:
 * *mark keeps what leave_block() restores. */
struct block_mark { int block, nlocals, nstructs; };
static struct block_mark enter_block(struct ck *c)
{
    struct block_mark m = { c->block, c->nlocals, c->nstructs };
    c->block = ++c->blocks;
    return m;
}

/* ... and ends: its names and tags are no longer seen (types that name its structs keep
 * their members). */
static void leave_block(struct ck *c, struct block_mark m)
{
    for (int k = m.nstructs; k < c->nstructs; k++)
        c->structs[k].hidden = true;
    c->nlocals = m.nlocals;
    c->block = m.block;
}

/* An integer constant expression (C11 6.6) where c->pos is, parsed as a conditional
 * expression; objects count even inside a sizeof around it (its value is needed there).
 * One that is no integer or names an object is reported at token `at` as "WHAT is not an
 * integer constant" (what: a format, and its one argument a token of the text). */
static bool constant_expression(struct ck *c, struct ck_type *x, int at, const char *what,
                                int arg)
{
    int variables = c->variables, in_sizeof = c->in_sizeof, huge = c->huge_literals;
    c->in_sizeof = 0;
    c->depth++;
    bool ok = conditional(c, x);
    c->depth--;
    c->in_sizeof = in_sizeof;
    enum ck_kind k = ck_kind_of(x);
    bool integer = (k == CK_INT || k == CK_UNKNOWN) && c->variables == variables;
    if (!ok || (integer && c->huge_literals == huge))
        return ok;
    char called[160];
    snprintf(called, sizeof called, what, arg >= 0 ? (int)c->toks[arg].len : 0,
             arg >= 0 ? c->text + c->toks[arg].off : "");
    if (integer)                        /* gcc's value of it is not followed */
        ck_error(c, at, "sorry, unimplemented: an integer constant too large for its type in "
                 "%s in a clause", called);
    else
        ck_error(c, at, "%s is not an integer constant", called);
    return false;
}

static bool enumerators(struct ck *c)
{
    c->pos++;
    do {
        if (is(c, "}"))
            break;                      /* `{ A, B, }` */
        int name = c->pos;
        if (!tok_ident(c, name) || tok_name(c, name)->keyword) {
            ck_expected(c, "an identifier");
            return false;
        }
        c->pos++;
        if (accept(c, "=")) {
            struct ck_type x;
            if (!constant_expression(c, &x, name, "enumerator value for '%.*s'", name))
                return false;
        }
        struct ck_type it = ck_simple_type(CK_INT);
        if (!add_local(c, name, &it, LOCAL_ENUM_CONST, false))
            return false;
    } while (accept(c, ","));
    return expect(c, "}");
}

/* A function cannot return a function or an array, nor an array hold functions (C11
 * 6.7.6.2p1, 6.7.6.3p1).  Reports it at token `at` (the declared name, or the type name). */
static bool derivations_valid(struct ck *c, int at, const struct ck_type *t)
{
    for (int k = 0; k + 1 < t->n; k++) {
        const char *what = t->d[k] == CK_FUNCTION && t->d[k + 1] == CK_FUNCTION
                               ? "function returning a function"
                           : t->d[k] == CK_FUNCTION && t->d[k + 1] == CK_ARRAY
                               ? "function returning an array"
                           : t->d[k] == CK_ARRAY && t->d[k + 1] == CK_FUNCTION
                               ? "array of functions" : NULL;
        if (what) {
            if (c->declaring && c->decl_name == at)
                ck_error(c, at, "'%.*s' declared as %s", CK_TOK(c, at), what);
            else
                ck_error(c, at, "type name declared as %s", what);
            return false;
        }
    }
    return true;
}

/* The GNU attributes a clause's type names may carry: those whose meaning this check
 * knows, and what their arguments are.  gcc checks the others in ways not followed here
 * (section, cleanup, ...): they are refused. */
enum attr_args { ATTR_NONE, ATTR_ALIGN, ATTR_VECTOR, ATTR_MODE, ATTR_MESSAGE };
static const struct known_attribute {
    const char *name;
    enum attr_args args;
} known_attributes[] = {
    { "aligned", ATTR_ALIGN }, { "vector_size", ATTR_VECTOR }, { "mode", ATTR_MODE },
    { "packed", ATTR_NONE }, { "unused", ATTR_NONE }, { "used", ATTR_NONE },
    { "may_alias", ATTR_NONE }, { "deprecated", ATTR_MESSAGE },
    { "unavailable", ATTR_MESSAGE },
};

/* The name at token i without GNU's surrounding underscores (__aligned__). */
static size_t attr_word(const struct ck *c, int i, const char **s)
{
    size_t n = c->toks[i].len;
    *s = c->text + c->toks[i].off;
    if (n > 4 && !memcmp(*s, "__", 2) && !memcmp(*s + n - 2, "__", 2)) {
        *s += 2;
        n -= 4;
    }
    return n;
}

static const struct known_attribute *known_attribute(const struct ck *c, int i)
{
    const char *s;
    size_t n = attr_word(c, i, &s);
    for (size_t k = 0; k < sizeof known_attributes / sizeof known_attributes[0]; k++)
        if (strlen(known_attributes[k].name) == n && !memcmp(known_attributes[k].name, s, n))
            return &known_attributes[k];
    return NULL;
}

/* The class of machine mode `mode(X)` names at token i: 'i' (integer), 'f' (floating), 0
 * when gcc knows no such mode. */
static char mode_class(const struct ck *c, int i)
{
    static const char *const ints[] = { "QI", "HI", "SI", "DI", "TI", "byte", "word",
                                        "pointer" };
    static const char *const flts[] = { "SF", "DF", "XF", "TF" };
    const char *s;
    size_t n = attr_word(c, i, &s);
    for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++)
        if (strlen(ints[k]) == n && !memcmp(ints[k], s, n))
            return 'i';
    for (size_t k = 0; k < sizeof flts / sizeof flts[0]; k++)
        if (strlen(flts[k]) == n && !memcmp(flts[k], s, n))
            return 'f';
    return 0;
}

static bool power_of_two(unsigned long long v) { return v && !(v & (v - 1)); }

/* One integer constant argument of aligned or vector_size (token `name`); *v its value,
 * -1 when not known. */
static bool attribute_constant(struct ck *c, int name, long long *v)
{
    struct ck_type x;
    int at = c->pos;
    unsigned long long u;
    if (!constant_expression(c, &x, at, "the argument of attribute '%.*s'", name))
        return false;
    *v = -1;
    if (ck_value_of(&x, &u)) {
        if (ck_at_negative(u, ck_arith_of(&x)) || u > (1ull << 40)) {
            ck_error(c, at, "the argument of attribute '%.*s' is negative or too large",
                     CK_TOK(c, name));
            return false;
        }
        *v = (long long)u;
    }
    return true;
}

/* `( args )` of attribute `a`, c->pos at the `(` (or after the name, when it has none). */
static bool attribute_arguments(struct ck *c, int name, const struct known_attribute *a)
{
    int nargs = 0;
    bool parens = accept(c, "(");
    long long v;
    if (parens && !is(c, ")")) {
        do {
            struct ck_type x;
            int at = c->pos;
            nargs++;
            if (a->args == ATTR_MODE && nargs == 1 && tok_ident(c, at) &&
                !tok_name(c, at)->keyword && tok_is(c, at + 1, ")")) {
                if (!mode_class(c, at)) {
                    ck_error(c, at, "unknown machine mode '%.*s'", CK_TOK(c, at));
                    return false;
                }
                c->attr_mode = at;
                c->pos++;
                continue;
            }
            if (a->args == ATTR_ALIGN || a->args == ATTR_VECTOR) {
                if (!attribute_constant(c, name, &v))
                    return false;
                if (a->args == ATTR_ALIGN && v > (1 << 28)) {
                    ck_error(c, at, "requested alignment %lld exceeds the maximum, 268435456", v);
                    return false;
                }
                if (a->args == ATTR_ALIGN && v > 0 && !power_of_two((unsigned long long)v)) {
                    ck_error(c, at, "requested alignment %lld is not a power of 2", v);
                    return false;
                }
                if (a->args == ATTR_VECTOR) {
                    if (v == 0) {
                        ck_error(c, at, "zero vector size");
                        return false;
                    }
                    c->attr_vector = v < 0 ? -2 : v;
                    c->attr_vector_tok = at;
                }
                continue;
            }
            if (a->args == ATTR_MESSAGE && (c->toks[at].kind != OMP_TOK_STRING ||
                                            c->text[c->toks[at].off] != '"')) {
                ck_error(c, at, "the message of attribute '%.*s' must be a string",
                         CK_TOK(c, name));
                return false;
            }
            c->in_sizeof++;
            c->depth++;
            bool ok = assign(c, &x);
            c->depth--;
            c->in_sizeof--;
            if (!ok)
                return false;
        } while (accept(c, ","));
    }
    if (parens && !expect(c, ")"))
        return false;
    int max = a->args == ATTR_NONE ? 0 : 1;
    int min = a->args == ATTR_VECTOR || a->args == ATTR_MODE ? 1 : 0;
    if (nargs < min || nargs > max) {
        ck_error(c, name, "wrong number of arguments specified for '%.*s' attribute",
                 CK_TOK(c, name));
        return false;
    }
    return true;
}

/* `__attribute__ (( attribute-list ))` (GNU), c->pos after the keyword: each attribute is
 * a word, maybe with arguments; what gcc would reject in them is reported here. */
static bool attribute_specifier(struct ck *c)
{
    if (!expect(c, "(") || !expect(c, "("))
        return false;
    do {
        if (is(c, ",") || is(c, ")"))
            continue;                   /* an empty attribute */
        int name = c->pos;
        if (!tok_ident(c, name)) {
            ck_expected(c, "an attribute name");
            return false;
        }
        const struct known_attribute *a = known_attribute(c, name);
        if (!a) {
            ck_error(c, name, "sorry, unimplemented: attribute '%.*s' in a clause (mcc checks "
                     "aligned, vector_size, mode, packed, unused, used, may_alias, deprecated "
                     "and unavailable there)", CK_TOK(c, name));
            return false;
        }
        c->pos++;
        if (!attribute_arguments(c, name, a))
            return false;
    } while (accept(c, ","));
    return expect(c, ")") && expect(c, ")");
}

/* What the attributes of a type name (see attribute_specifier) ask of its type: `mode` an
 * integer or floating type with no derivations, vector_size an arithmetic element type
 * whose size divides it a power of 2 times (gcc's rules).  `specs` is the type of the
 * specifiers, n the number of the declarator's derivations. */
static bool attributes_fit(struct ck *c, const struct ck_type *specs, int n)
{
    enum ck_kind k = ck_kind_of(specs);
    if (c->attr_mode >= 0) {
        char m = mode_class(c, c->attr_mode);
        bool vector = c->attr_vector != -1 && c->attr_vector_tok < c->attr_mode;
        if (n || vector || (k != CK_UNKNOWN && k != (m == 'i' ? CK_INT : CK_FLOAT))) {
            ck_error(c, c->attr_mode, "mode '%.*s' applied to an inappropriate type%s",
                     CK_TOK(c, c->attr_mode), n ? " (a pointer or an array)"
                     : vector ? " (a vector: vector_size comes first)" : "");
            return false;
        }
    }
    if (c->attr_vector != -1) {
        int at = c->attr_vector_tok;
        if (k != CK_UNKNOWN && !ck_is_arith(k)) {
            ck_error(c, at, "invalid vector type for attribute 'vector_size'");
            return false;
        }
        long long size = type_size(specs);
        if (c->attr_vector > 0 && size > 0) {
            if (c->attr_vector % size) {
                ck_error(c, at, "vector size not an integral multiple of component size");
                return false;
            }
            if (!power_of_two((unsigned long long)(c->attr_vector / size))) {
                ck_error(c, at, "number of vector components %lld not a power of two",
                         c->attr_vector / size);
                return false;
            }
        }
    }
    return true;
}

/* `( type-name )` or `( expression )` of typeof, or `( type-name )` of _Atomic, c->pos at
 * the `(`: not evaluated. */
static bool typeof_operand(struct ck *c, struct ck_type *t)
{
    struct ck_type x = ck_unknown_type(false);
    bool atomic = kw_at(c, c->pos - 1, KW_ATOMIC);
    c->pos++;
    c->in_sizeof++;
    c->depth++;
    bool ok = ck_starts_type(c, c->pos) ? ck_type_name(c, &x)
              : atomic ? (ck_expected(c, "a type name"), false) : ck_expr(c, &x);
    c->depth--;
    c->in_sizeof--;
    *t = x;
    t->lvalue = t->has_value = t->narrow_bitfield = t->bitfield = false;
    return ok && expect(c, ")");
}

static bool type_name_inner(struct ck *c, struct ck_type *t);

/* type-name (C11 6.7.7) at c->pos, which ck_starts_type() accepted. */
bool ck_type_name(struct ck *c, struct ck_type *t)
{
    int mode = c->attr_mode, vtok = c->attr_vector_tok;
    long long vector = c->attr_vector;
    c->attr_mode = -1;
    c->attr_vector = -1;
    bool ok = type_name_inner(c, t);
    c->attr_mode = mode;
    c->attr_vector = vector;
    c->attr_vector_tok = vtok;
    return ok;
}

/* The member declarations one struct or union body has seen (member_list). */
struct members_seen {
    int owner;                       /* the struct's index in ck.structs, or -1 */
    bool is_union;
    int tag;                         /* the tag being defined: its token, or -1 */
    int names[CK_MAX_MEMBERS];       /* the named members so far (their tokens), with
                                        those of anonymous struct or union members */
    int nnames;
    int flexible;                    /* a flexible array member's name, when it was last */
};

/* The token of the tag a struct or union type names between tokens from and to, or -1. */
static int struct_tag_token(const struct ck *c, int from, int to)
{
    while (from < to && !kw_at(c, from, KW_STRUCT) && !kw_at(c, from, KW_UNION))
        from++;
    for (from++; from < to && !tok_is(c, from, "{"); from++)
        if (tok_ident(c, from) && !tok_name(c, from)->keyword)
            return tok_is(c, from + 1, "{") ? -1 : from;
    return -1;
}

/* A struct or union type whose tag (named between token at and c->pos) the unit declares
 * nowhere it is visible, nor the clause: its size and members are unknown to gcc too.  The
 * tag's token, or -1.  Only for ty the struct itself or with an array of it innermost
 * (`struct s a[2]`, `struct s (*p)[2]`): gcc refuses every array of an incomplete type. */
static int undefined_tag_token(struct ck *c, int at, const struct ck_type *ty)
{
    if (ty->n && ty->d[ty->n - 1] != CK_ARRAY)
        return -1;                      /* a pointer or a function: no object of it */
    if (ty->base != CK_STRUCT || ty->tag)
        return -1;
    int tag = struct_tag_token(c, at, c->pos);
    if (tag < 0)
        return -1;
    struct name *nm = tok_name(c, tag);
    if (nm->tag || (c->scope && ck_lookup_block_ns(c->scope, nm, c->at, true)))
        return -1;
    for (int i = 0; i + 2 < c->end && c->toks[i].kind != OMP_TOK_END; i++)
        if ((kw_at(c, i, KW_STRUCT) || kw_at(c, i, KW_UNION)) && tok_ident(c, i + 1) &&
            tok_name(c, i + 1) == nm && tok_is(c, i + 2, "{"))
            return -1;                  /* declared in a statement expression of the clause */
    return tag;
}

/* An array of the struct or union whose tag is token tag, not defined: gcc's error. */
static void incomplete_element(struct ck *c, int at, int tag)
{
    ck_error(c, at, "array type has incomplete element type '%.*s %.*s'", CK_TOK(c, tag - 1),
             CK_TOK(c, tag));
}

/* Does the declarator between tokens from and to end its outermost array in `[]`? */
static bool empty_brackets(const struct ck *c, int from, int to)
{
    for (int i = from; i + 1 < to; i++)
        if (tok_is(c, i, "[") && tok_is(c, i + 1, "]"))
            return true;
    return false;
}

/* The width of bit-field `name` (a token, or -1) of type t, after its `:`: an integer
 * constant of at most t's bits (C11 6.7.2.1p4), not zero when named. */
static bool bitfield_width(struct ck *c, int name, struct ck_type *t)
{
    int at = c->pos;
    struct ck_type w;
    if (!constant_expression(c, &w, at, name >= 0 ? "the width of bit-field '%.*s'"
                                                  : "the width of an unnamed bit-field%.*s",
                             name))
        return false;
    int a = ck_arith_of(t);
    t->bitfield = true;
    char called[80];
    if (name >= 0)
        snprintf(called, sizeof called, "bit-field '%.*s'", CK_TOK(c, name));
    else
        snprintf(called, sizeof called, "unnamed bit-field");
    if (ck_kind_of(t) != CK_INT && ck_kind_of(t) != CK_UNKNOWN) {
        ck_error(c, name >= 0 ? name : at, "%s has invalid type", called);
        return false;
    }
    unsigned long long v;
    if (!ck_value_of(&w, &v))
        return true;                    /* a constant this check does not fold */
    unsigned long long bits = !a ? ~0ull : a == AT_BOOL ? 1 : 8ull * (unsigned)ck_at_size(a);
    const char *bad = ck_at_negative(v, ck_arith_of(&w)) ? "negative width in %s"
                      : !v && name >= 0 ? "zero width for %s"
                      : v > bits ? "width of %s exceeds its type" : NULL;
    if (bad) {
        ck_error(c, at, bad, called);
        return false;
    }
    if (a && v < bits) {                /* gcc's own narrower type (bitfield_type) */
        t->narrow_bitfield = true;
        t->at = AT_UNKNOWN;
    }
    return true;
}

/* Member `name` (a token) joins m's names: an error when it is there already. */
static bool add_member_name(struct ck *c, struct members_seen *m, int name)
{
    for (int k = 0; k < m->nnames; k++)
        if (tok_name(c, m->names[k]) == tok_name(c, name)) {
            ck_error(c, name, "duplicate member '%.*s'", CK_TOK(c, name));
            return false;
        }
    if (m->nnames < CK_MAX_MEMBERS)
        m->names[m->nnames++] = name;
    return true;
}

/* What gcc refuses in member `name` (a token) of type t declared from token spec on. */
static bool member_fits(struct ck *c, struct members_seen *m, int spec, int name,
                        const struct ck_type *t)
{
    if (m->flexible >= 0) {
        ck_error(c, m->flexible, "flexible array member not at end of struct");
        return false;
    }
    if (!add_member_name(c, m, name))
        return false;
    bool object = !t->n || t->d[t->n - 1] == CK_ARRAY;    /* the struct itself, or arrays */
    int end = c->pos, tag = object && t->base == CK_STRUCT ? struct_tag_token(c, spec, name) : -1;
    bool itself = tag >= 0 && m->tag >= 0 && tok_name(c, tag) == tok_name(c, m->tag);
    c->pos = name;
    int undefined_tag = undefined_tag_token(c, spec, t);
    bool undefined = undefined_tag >= 0;
    c->pos = end;
    if ((undefined || itself) && t->n) {  /* an array of a struct not complete here */
        incomplete_element(c, name, undefined ? undefined_tag : tag);
        return false;
    }
    const char *bad = c->decl_fn ? "field '%.*s' declared as a function"
                      : (!t->n && ck_kind_of(t) == CK_VOID) || undefined || itself
                          ? "field '%.*s' has incomplete type" : NULL;
    if (bad) {
        ck_error(c, name, bad, CK_TOK(c, name));
        return false;
    }
    if (t->n && t->d[0] == CK_ARRAY && empty_brackets(c, name, c->pos)) {
        if (m->is_union || m->nnames == 1) {
            ck_error(c, name, m->is_union ? "flexible array member in union"
                     : "flexible array member in a struct with no named members");
            return false;
        }
        m->flexible = name;
    }
    return true;
}

/* The specifiers and first declarator of a declaration (or member declaration): its type
 * in *t, its name in c->decl_name (or -1), the specifiers' type (t less its declarator's
 * derivations) in *specs. */
static bool first_declarator(struct ck *c, struct ck_type *t, struct ck_type *specs)
{
    c->declaring = true;
    c->decl_name = -1;
    c->decl_fn = false;
    c->variable_size = false;
    bool ok = ck_type_name(c, t);
    c->declaring = false;
    if (!ok)
        return false;
    *specs = *t;
    if (c->decl_derivs > t->n)
        c->decl_derivs = t->n;
    specs->n = (unsigned char)(t->n - c->decl_derivs);
    memmove(specs->d, t->d + c->decl_derivs, specs->n);
    memmove(specs->dim, t->dim + c->decl_derivs, specs->n * sizeof specs->dim[0]);
    memmove(specs->params, t->params + c->decl_derivs, specs->n * sizeof specs->params[0]);
    return true;
}

/* A declarator after a `,`, of the same specifiers: its type in *t, its name as above. */
static bool next_declarator(struct ck *c, const struct ck_type *specs, struct ck_type *t)
{
    unsigned char d[CK_MAX_DERIV];
    long long dims[CK_MAX_DERIV];
    int n = 0;
    c->declaring = true;
    c->decl_name = -1;
    c->decl_fn = false;
    c->variable_size = false;
    bool ok = abstract_declarator(c, d, dims, &n) &&
              object_size_valid(c, c->decl_name >= 0 ? c->decl_name : c->pos, specs, -1, d,
                                dims, n);
    c->declaring = false;
    if (!ok)
        return false;
    *t = (struct ck_type){ .base = specs->base, .tag = specs->tag, .at = specs->at,
                           .cstruct = specs->cstruct };
    for (int k = 0; k < n; k++) {
        t->dim[t->n] = d[k] == CK_ARRAY && dims[k] >= 0 ? dims[k] + 1 : 0;
        t->d[t->n++] = d[k];
    }
    ck_append_derivs(t, specs);
    return derivations_valid(c, c->decl_name >= 0 ? c->decl_name : c->pos, t);
}

/* The attributes after a declarator (`int a __attribute__((aligned(8)))`). */
static bool declarator_attributes(struct ck *c)
{
    while (kw_at(c, c->pos, KW_ATTRIBUTE)) {
        c->pos++;
        if (!is(c, "(")) {
            ck_expected(c, "'('");
            return false;
        }
        if (!attribute_specifier(c))
            return false;
    }
    return true;
}

/* `_Static_assert ( constant-expression [, string-literal] ) ;` (C11 6.7.10): a constant
 * known to be 0 fails as it does in gcc.  member: in a member list, whose last `;` gcc lets
 * a program leave out. */
static bool static_assertion(struct ck *c, bool member)
{
    int at = c->pos++;
    if (!expect(c, "("))
        return false;
    int e = c->pos;
    struct ck_type x;
    if (!constant_expression(c, &x, e, "the expression of a static assertion%.*s", -1))
        return false;
    unsigned long long v;
    if (accept(c, ",")) {
        if (c->toks[c->pos].kind != OMP_TOK_STRING || !check_quoted(c, c->pos)) {
            if (!c->failed)
                ck_expected(c, "a string literal");
            return false;
        }
        c->pos++;
    }
    if (!expect(c, ")") || (!(member && is(c, "}")) && !expect(c, ";")))
        return false;                   /* (a member list's last `;` may be left out) */
    if (ck_value_of(&x, &v) && !v) {
        ck_error(c, at, "static assertion failed");
        return false;
    }
    return true;
}

/* `_Alignas ( type-name )` or `_Alignas ( constant-expression )` (C11 6.7.5): a known
 * alignment must be 0 or a power of two. */
static bool alignment_specifier(struct ck *c)
{
    c->pos++;
    if (!expect(c, "("))
        return false;
    int at = c->pos;
    struct ck_type x;
    if (ck_starts_type(c, c->pos)) {
        bool declaring = c->declaring;
        int name = c->decl_name, derivs = c->decl_derivs;
        c->declaring = false;
        bool ok = ck_type_name(c, &x);
        c->declaring = declaring;
        c->decl_name = name;
        c->decl_derivs = derivs;
        return ok && expect(c, ")");
    }
    if (!constant_expression(c, &x, at, "the requested alignment%.*s", -1))
        return false;
    unsigned long long v;
    if (ck_value_of(&x, &v) && (ck_at_negative(v, ck_arith_of(&x)) || (v && !power_of_two(v)))) {
        ck_error(c, at, "requested alignment is not a positive power of 2");
        return false;
    }
    return expect(c, ")");
}

/* One declarator of a member declaration, parsed, of type t, its name c->decl_name: its
 * bit-field width, and what gcc refuses in it. */
static bool member_declarator(struct ck *c, struct members_seen *m, int spec, bool first,
                              const struct ck_type *t)
{
    int name = c->decl_name;
    bool variable = c->variable_size;
    struct ck_type ft = *t;
    if (!declarator_attributes(c))
        return false;
    if (name < 0 && m->flexible >= 0 &&
        (is(c, ":") || (ck_kind_of(t) == CK_STRUCT && tok_is(c, c->pos - 1, "}")))) {
        ck_error(c, m->flexible, "flexible array member not at end of struct");
        return false;
    }
    if (name >= 0 && !member_fits(c, m, spec, name, &ft))
        return false;
    if (ft.n && ft.d[0] == CK_ARRAY && m->flexible == name)
        ft.dim[0] = -1;                 /* a flexible array member: no sizeof */
    if (accept(c, ":")) {
        if (!bitfield_width(c, name, &ft))
            return false;
    } else if (name < 0 && !(first && !t->n && (is(c, ";") || is(c, "}")))) {
        ck_expected(c, "an identifier");   /* not an anonymous struct or union, nor `int;` */
        return false;
    } else if (name < 0 && ck_kind_of(t) == CK_STRUCT && tok_is(c, c->pos - 1, "}")) {
        /* an anonymous struct or union: its members are the enclosing one's */
        for (int k = 0; k < c->nbody_names; k++)
            if (!add_member_name(c, m, c->body_names[k]))
                return false;
    } else if (name < 0) {
        return true;                    /* `int;`, `struct s { ... };`: no member */
    }
    if (m->owner < 0 || (name < 0 && ft.bitfield))
        return true;                    /* an unnamed bit-field is no member */
    struct ck_struct *st = &c->structs[m->owner];
    st->variable |= variable;
    if (name < 0 && !t->cstruct) {
        st->complete = false;           /* an anonymous member whose members are not known */
        return true;
    }
    if (c->nfields == (int)(sizeof c->fields / sizeof c->fields[0])) {
        st->complete = false;
        return true;
    }
    c->fields[c->nfields++] = (struct ck_field){ .owner = m->owner, .name = name, .type = ft };
    return true;
}

/* One member declaration (C11 6.7.2.1p1) of a struct or union body. */
static bool member_declaration(struct ck *c, struct members_seen *m)
{
    if (kw_at(c, c->pos, KW_STATIC_ASSERT))
        return static_assertion(c, true);
    while (kw_at(c, c->pos, KW_EXTENSION) || kw_at(c, c->pos, KW_ALIGNAS))
        if (kw_at(c, c->pos, KW_EXTENSION))
            c->pos++;
        else if (!alignment_specifier(c))
            return false;
    int spec = c->pos;
    if (!ck_starts_type(c, c->pos)) {
        if (tok_ident(c, c->pos) && !tok_name(c, c->pos)->keyword)
            ck_error(c, c->pos, "unknown type name '%.*s'", CK_TOK(c, c->pos));
        else
            ck_expected(c, "a member declaration");
        return false;
    }
    struct ck_type t, specs;
    if (!first_declarator(c, &t, &specs) || !member_declarator(c, m, spec, true, &t))
        return false;
    while (accept(c, ","))
        if (!next_declarator(c, &specs, &t) || !member_declarator(c, m, spec, false, &t))
            return false;
    if (accept(c, ";") || is(c, "}"))
        return true;
    ck_expected(c, "';', ',' or '}'");
    return false;
}

/* The member list of a struct or union (C11 6.7.2.1) from its `{` to its `}`, checked as gcc
 * does; tag: the token of its tag, or -1.  Its members are recorded in c->structs and
 * c->fields (c->body_struct says which), so that its type is followed like any other. */
static bool member_list(struct ck *c, bool is_union, int tag)
{
    bool declaring = c->declaring, fn = c->decl_fn, vsize = c->variable_size;
    int name = c->decl_name, derivs = c->decl_derivs;
    struct members_seen m = { .owner = -1, .is_union = is_union, .tag = tag, .flexible = -1 };
    if (c->nstructs < (int)(sizeof c->structs / sizeof c->structs[0])) {
        m.owner = c->nstructs++;
        c->structs[m.owner] = (struct ck_struct){ .tag = tag, .block = c->block,
                                                  .is_union = is_union, .complete = true };
    }
    bool ok = expect(c, "{");
    while (ok && !accept(c, "}")) {
        if (c->pos >= c->end) {
            ck_expected(c, "'}'");
            ok = false;
        } else if (!accept(c, ";")) {
            ok = member_declaration(c, &m);
        }
    }
    c->nbody_names = tag >= 0 ? 0 : m.nnames;   /* only an untagged one is anonymous */
    c->body_struct = m.owner >= 0 && c->structs[m.owner].complete ? m.owner + 1 : 0;
    memcpy(c->body_names, m.names, (size_t)m.nnames * sizeof m.names[0]);
    c->declaring = declaring;
    c->decl_fn = fn;
    c->variable_size = vsize;
    c->decl_name = name;
    c->decl_derivs = derivs;
    return ok;
}

/* The innermost struct or union with tag `tag` the clause declares and c->pos sees: its
 * index in c->structs, or -1. */
static int visible_struct(struct ck *c, struct name *tag)
{
    for (int k = c->nstructs - 1; k >= 0; k--)
        if (c->structs[k].tag >= 0 && !c->structs[k].hidden &&
            tok_name(c, c->structs[k].tag) == tag)
            return k;
    return -1;
}

/* The struct or union the clause declares with tag `tag` where c->pos is: its index in
 * c->structs plus 1, or 0 (also when its members are not all recorded). */
static int clause_struct(struct ck *c, struct name *tag)
{
    int k = visible_struct(c, tag);
    return k >= 0 && c->structs[k].complete ? k + 1 : 0;
}

/* Tag token `tag` after keyword kw (struct, union, enum), defining it (`{` follows) or
 * not: C11 6.7.2.3 wants the kind of a tag it refers to to match, and one definition per
 * block. */
static bool tag_kind_fits(struct ck *c, int tag, int kw, bool defining)
{
    struct name *nm = tok_name(c, tag);
    int k = visible_struct(c, nm);
    int other = k < 0 ? -1 : c->structs[k].is_union ? KW_UNION : KW_STRUCT;  /* its kind */
    bool same_block = k >= 0 && c->structs[k].block == c->block;
    if (other < 0 && !defining) {
        struct sym *y = c->scope ? ck_lookup_block_ns(c->scope, nm, c->at, true) : NULL;
        if (!y)
            y = nm->tag;
        if (y && y->decl && (y->decl->kind == AST_STRUCT || y->decl->kind == AST_ENUM))
            other = y->decl->kind == AST_ENUM ? KW_ENUM : y->decl->op;
    }
    if (other >= 0 && other != kw && (!defining || same_block)) {
        ck_error(c, tag, "'%.*s' defined as wrong kind of tag", CK_TOK(c, tag));
        return false;
    }
    if (defining && other >= 0 && same_block) {
        ck_error(c, tag, "redefinition of '%s %.*s'", kw == KW_UNION ? "union" : "struct",
                 CK_TOK(c, tag));
        return false;
    }
    return true;
}

static bool type_name_inner(struct ck *c, struct ck_type *t)
{
    bool arith = false, flt = false, is_void = false, seen = false, unknown_base = false;
    bool qual = false, is_const = false, from_typeof = false;
    struct ast *enum_def = NULL;        /* an enum type whose type is known: its definition */
    int ts[TS_COUNT] = {0}, first = c->pos;
    struct ck_spec_count count = {0};
    *t = ck_unknown_type(false);
    for (;;) {
        if (!tok_ident(c, c->pos))
            break;
        struct name *nm = tok_name(c, c->pos);
        int kw = nm->keyword;
        /* a type specifier: ts_kind's keywords, a tag, typeof-like or a typedef name */
        if (ts_kind(kw) != TS_OTHER || kw == KW_STRUCT || kw == KW_UNION || kw == KW_ENUM ||
            kw == KW_AUTO_TYPE || kw == KW_TYPEOF ||
            (kw == KW_ATOMIC && tok_is(c, c->pos + 1, "(")) ||
            (!kw && !seen && ck_starts_type(c, c->pos)))
            ts[ts_kind(kw)]++;
        if (kw == KW_FLOAT || kw == KW_DOUBLE || kw == KW_FLOATN || kw == KW_COMPLEX ||
            kw == KW_IMAGINARY) {
            flt = arith = seen = true;
            ck_spec_count_add(&count, kw);
            c->pos++;
        } else if (kw == KW_CHAR || kw == KW_SHORT || kw == KW_INT || kw == KW_LONG ||
                   kw == KW_SIGNED || kw == KW_UNSIGNED || kw == KW_BOOL || kw == KW_INT128) {
            arith = seen = true;
            ck_spec_count_add(&count, kw);
            c->pos++;
        } else if (kw == KW_VOID) {
            is_void = seen = true;
            c->pos++;
        } else if (kw == KW_CONST || kw == KW_VOLATILE || kw == KW_RESTRICT ||
                   (kw == KW_ATOMIC && !tok_is(c, c->pos + 1, "("))) {
            qual |= kw != KW_RESTRICT;
            is_const |= kw == KW_CONST;
            c->pos++;
        } else if (kw == KW_ATOMIC || kw == KW_TYPEOF || kw == KW_ATTRIBUTE) {
            c->pos++;
            if (!is(c, "(")) {
                ck_expected(c, "'('");
                return false;
            }
            struct ck_type x;
            if (!(kw == KW_ATTRIBUTE ? attribute_specifier(c) : typeof_operand(c, &x)))
                return false;
            if (kw != KW_ATTRIBUTE) {           /* typeof(...), _Atomic(type-name) */
                seen = from_typeof = true;
                *t = x;
            }
            qual |= kw == KW_ATOMIC;
        } else if (kw == KW_AUTO_TYPE) {
            c->pos++;
            seen = unknown_base = true;
        } else if (kw == KW_STRUCT || kw == KW_UNION || kw == KW_ENUM) {
            c->pos++;
            while (tok_ident(c, c->pos) && tok_name(c, c->pos)->keyword == KW_ATTRIBUTE) {
                c->pos++;
                if (!attribute_specifier(c))
                    return false;
            }
            bool named = tok_ident(c, c->pos) && !tok_name(c, c->pos)->keyword;
            struct name *tag = named ? tok_name(c, c->pos) : NULL;
            if (named)
                c->pos++;
            if (is(c, "{") && (kw == KW_ENUM || named) && !c->statement_expressions) {
                ck_error(c, c->pos - 1 - named, "sorry, unimplemented: %s declared in a clause "
                         "(mcc copies a clause's expressions to more than one place, where it "
                         "would be declared twice); declare it before the directive",
                         kw == KW_ENUM ? "an enumeration" : "a tag");
                return false;
            }
            bool body = is(c, "{");
            int cstruct = 0;
            if (is(c, "{") && kw == KW_ENUM) {
                if (!enumerators(c))
                    return false;
            } else if (is(c, "{")) {
                if ((named && !tag_kind_fits(c, c->pos - 1, kw, true)) ||
                    !member_list(c, kw == KW_UNION, named ? c->pos - 1 : -1))
                    return false;
                cstruct = c->body_struct;
            } else if (named) {
                if (!tag_kind_fits(c, c->pos - 1, kw, false))
                    return false;
                cstruct = clause_struct(c, tag);
            } else {
                ck_expected(c, kw == KW_ENUM ? "an enum tag or '{'" : "a tag or '{'");
                return false;
            }
            seen = true;
            t->cstruct = (unsigned char)cstruct;
            if (kw == KW_ENUM) {
                arith = true;
                struct sym *y = tag && !body && c->scope
                                    ? ck_lookup_block_ns(c->scope, tag, c->at, true) : NULL;
                if (!y && tag && !body && tag->tag && tag->tag->depth == 0)
                    y = tag->tag;
                struct ast *def = y ? ck_enum_definition(c->L, y->decl) : NULL;
                enum_def = ck_enum_type(c->L, def) ? def : NULL;
            } else {
                struct sym *y = tag && !body && !cstruct && c->scope
                                    ? ck_lookup_block_ns(c->scope, tag, c->at, true) : NULL;
                if (!y && tag && !body && !cstruct)
                    y = tag->tag;
                t->base = CK_STRUCT;
                t->tag = y && y->decl && y->decl->kind == AST_STRUCT ? y->decl : NULL;
            }
        } else if (!kw && !seen && ck_starts_type(c, c->pos)) {
            struct sym *y;
            enum ck_name what = ck_lookup(c, c->pos, &y);
            c->pos++;
            seen = true;
            if (what == NAME_LOCAL)
                *t = c->local_type[c->local_hit];
            else if (ck_has_vector_attribute(c->L, y, 0))
                unknown_base = true;
            else
                ck_type_of_decl(c->L, y->specs, lower_full_declarator(y), t, 1);
        } else {
            break;
        }
    }
    if (!seen) {
        ck_expected(c, "a type name");
        return false;
    }
    if (!ts_valid(ts)) {
        ck_error(c, first, "two or more data types in the specifiers of a type");
        return false;
    }
    if (unknown_base)
        *t = ck_unknown_type(false);
    else if (t->base != CK_STRUCT && !t->n && (flt || arith || is_void) &&
             !from_typeof) {
        t->base = flt ? CK_FLOAT : arith ? CK_INT : CK_VOID;
        t->at = arith && !ts[TS_OTHER] ? (unsigned char)ck_spec_count_type(&count) : AT_UNKNOWN;
        if (enum_def) {
            t->at = AT_UINT;
            t->tag = enum_def;
        }
    }
    t->qual |= qual;
    t->base_const |= is_const;
    unsigned char d[CK_MAX_DERIV];
    long long dims[CK_MAX_DERIV];
    int n = 0;
    bool ptr_qual = c->ptr_qual_seen;
    c->ptr_qual_seen = false;
    if (!abstract_declarator(c, d, dims, &n) || !attributes_fit(c, t, n) ||
        !object_size_valid(c, c->declaring && c->decl_name >= 0 ? c->decl_name : first, t,
                           c->attr_vector > 0 ? c->attr_vector : -1, d, dims, n))
        return false;
    if (c->attr_mode >= 0)
        t->at = AT_UNKNOWN;             /* another type of the same kind */
    if (c->attr_vector != -1)
        *t = ck_unknown_type(false);       /* a vector type: not followed */
    /* the declarator's derivations come first, then those of a typedef name */
    struct ck_type r = { .base = t->base, .tag = t->tag, .cstruct = t->cstruct,
                         .ptr_qual = c->ptr_qual_seen };
    c->ptr_qual_seen = ptr_qual;
    for (int k = 0; k < n; k++) {
        r.dim[r.n] = d[k] == CK_ARRAY && dims[k] >= 0 ? dims[k] + 1 : 0;
        r.d[r.n++] = d[k];
    }
    ck_append_derivs(&r, t);
    *t = r;
    c->decl_derivs = n;
    return derivations_valid(c, c->declaring && c->decl_name >= 0 ? c->decl_name : first, t);
}

/* ---- expressions (C11 6.5) ---- */

/* ++ and -- take a real or pointer operand (C11 6.5.2.4p1). */
static bool increment_fits(struct ck *c, int tok, const struct ck_type *t)
{
    if (ck_kind_of(t) == CK_ARRAY) {    /* an array is not a modifiable lvalue */
        ck_error(c, tok, "lvalue required as increment operand");
        return false;
    }
    if (!ck_non_scalar(ck_kind_of(t)))
        return true;
    ck_error(c, tok, "wrong type argument to increment or decrement (a %s)",
             ck_kind_of(t) == CK_VOID ? "void value" : "struct or union");
    return false;
}

static bool want_lvalue(struct ck *c, int tok, const struct ck_type *t, const char *what)
{
    if (t->lvalue && t->base_const && !t->n && t->base != CK_UNKNOWN &&
        strcmp(what, "unary '&' operand")) {
        ck_error(c, tok, "%s of a read-only location", !strcmp(what, "increment operand")
                 ? "increment or decrement" : "assignment");
        return false;
    }
    if (t->lvalue || ck_kind_of(t) == CK_UNKNOWN)
        return true;
    ck_error(c, tok, "lvalue required as %s", what);
    return false;
}

/* ---- GNU and C11 forms inside expressions: statement expressions, initializer lists,
 * _Generic, offsetof.  Parsed as gcc would, so that what gcc rejects in them is mcc's
 * error at the clause; statements the check does not follow (typedef, asm,
 * _Static_assert) end its look at a statement expression: the rest of it is taken as it
 * is and its value as unknown, never rejected. */

static bool conditional(struct ck *c, struct ck_type *t);
static bool value_fits(struct ck *c, int at, const struct ck_type *m, const struct ck_type *x,
                       const char *what);

/* The element type a string literal from token `from` to `to` (each a string token) has,
 * as an arithmetic type: char for plain and u8 strings, int (wchar_t) for L, unsigned
 * short (char16_t) for u, unsigned int (char32_t) for U; a wide piece's among plain ones
 * (pieces of two different wide prefixes are gcc's error, not looked at here). */
static int string_element(const struct ck *c, int from, int to)
{
    int a = AT_CHAR;
    for (int i = from; i < to; i++) {
        if (!glued_prefix(c, i))
            continue;
        int k = spelled(c, i, "L") ? AT_INT : spelled(c, i, "U") ? AT_UINT
                : spelled(c, i, "u") ? AT_USHORT : AT_CHAR;
        if (k != AT_CHAR)
            a = k;
    }
    return a;
}

static bool char_element(int a)
{
    return a == AT_CHAR || a == AT_SCHAR || a == AT_UCHAR;
}

/* Does a string literal of element type sa fill a whole array of elements of arithmetic
 * type a (C11 6.7.9p14-15: characters from a plain or u8 string, else the same type)? */
static bool string_fills(int a, int sa)
{
    return sa == AT_CHAR ? char_element(a) : a == sa;
}

/* Are tokens from..to one string literal (its pieces plain or prefixed, in parentheses or
 * not, as gcc takes it in an initializer)?  Its element type (string_element) in *sa. */
static bool string_literal_span(const struct ck *c, int from, int to, int *sa)
{
    int open = 0, close = 0;
    while (from + open < to && tok_is(c, from + open, "("))
        open++;
    while (close < open && to - 1 - close > from + open && tok_is(c, to - 1 - close, ")"))
        close++;
    if (close != open || from + open >= to - close)
        return false;
    for (int i = from + open, k; i < to - close; i += k)
        if (!(k = string_literal_at(c, i)))
            return false;
    *sa = string_element(c, from + open, to - close);
    return true;
}

/* A string literal of element type sa (token at) for an array whose elements are of type
 * e: it initializes the whole array when e is a character type and sa char, or e is sa
 * (wchar_t, char16_t, char32_t), which *whole says (C11 6.7.9p14-15); false after gcc's
 * error for another integer type.  Other element types: true, not whole (the string is
 * then a value for the first element). */
static bool string_fits_elements(struct ck *c, int at, const struct ck_type *e, int sa,
                                 bool *whole)
{
    int a = ck_arith_of(e);
    *whole = false;
    if (e->n || e->base != CK_INT || !a || a == AT_INT128 || a == AT_UINT128) {
        *whole = !e->n && e->base == CK_INT;    /* an integer type not followed */
        return true;
    }
    if (string_fills(a, sa)) {
        *whole = true;
        return true;
    }
    if (char_element(a) || a == AT_INT || a == AT_USHORT || a == AT_UINT)
        ck_error(c, at, "cannot initialize array of '%s' from a string literal with type "
                 "array of '%s'", ck_at_names[a], ck_at_names[sa]);
    else
        ck_error(c, at, "array of inappropriate type initialized from string constant");
    return false;
}

/* The number of values of the braced list that starts at token i (`{`), when none has a
 * designator and none is a string (which may fill a whole array of characters); -1
 * otherwise. */
static long plain_list_length(const struct ck *c, int i)
{
    long n = 0;
    int depth = 0;
    bool item = false;
    for (; i < c->end && c->toks[i].kind != OMP_TOK_END; i++) {
        if (tok_is(c, i, "{") || tok_is(c, i, "(") || tok_is(c, i, "[")) {
            if (depth == 1 && !item && !tok_is(c, i, "("))
                return -1;              /* a designator, or a braced value */
            depth++;
        } else if (tok_is(c, i, "}") || tok_is(c, i, ")") || tok_is(c, i, "]")) {
            if (--depth == 0)
                return n + item;
        } else if (depth == 1 && tok_is(c, i, ",")) {
            n += item;
            item = false;
            continue;
        } else if (depth == 1 && (tok_is(c, i, ".") && !item)) {
            return -1;
        } else if (c->toks[i].kind == OMP_TOK_STRING && c->text[c->toks[i].off] == '"') {
            return -1;
        }
        if (depth == 1 && !tok_is(c, i, "{"))
            item = true;
    }
    return -1;
}

/* A compound literal (type x, its `(` at token lp) initializing a static array of type t,
 * which gcc takes when the two array types are compatible (GNU C): 1 when they are, 0
 * when they are not, -1 when this check cannot tell. */
static int literal_fits(struct ck *c, int lp, const struct ck_type *t, const struct ck_type *x)
{
    if (t->base == CK_UNKNOWN || x->base == CK_UNKNOWN ||
        (t->base == CK_STRUCT && x->base == CK_STRUCT && t->n == x->n))
        return -1;
    if (t->n != x->n || t->base != x->base || (t->base != CK_INT && t->base != CK_FLOAT))
        return 0;
    for (int k = 0; k < t->n; k++)
        if (t->d[k] != CK_ARRAY || x->d[k] != CK_ARRAY)
            return -1;
    if (!t->at || !x->at)
        return -1;
    if (t->at != x->at)
        return 0;
    for (int k = 1; k < t->n; k++)
        if (t->dim[k] > 0 && x->dim[k] > 0 && t->dim[k] != x->dim[k])
            return 0;
    if (t->dim[0] <= 0)
        return 1;                       /* `[]` takes the literal's size */
    long long size = x->dim[0] - 1;
    if (x->dim[0] <= 0) {
        int end = c->pos;               /* the literal's list, after its type name */
        c->pos = lp;
        bool closed = skip_group(c, "(", ")");  /* parsed already: balanced */
        int i = c->pos;
        c->pos = end;
        size = closed && tok_is(c, i, "{") ? plain_list_length(c, i) : -1;
        if (size < 0)
            return -1;
    }
    return size == t->dim[0] - 1;
}

/*
 * An array declared with `= expression`, the expression (type x) from token at to
 * c->pos: only a string literal initializes it (C11 6.7.9p14-15; gcc also takes one in
 * parentheses), of characters for an array of a character type, of the same wide type
 * for an array of wchar_t, char16_t or char32_t; gcc also takes a compound literal for an
 * object of static storage.  Anything else is one of gcc's errors.
 */
static bool array_from_expression(struct ck *c, int at, const struct ck_type *t,
                                  const struct ck_type *x, bool is_static)
{
    int open = 0, sa;
    while (at + open < c->pos && tok_is(c, at + open, "("))
        open++;
    if (!string_literal_span(c, at, c->pos, &sa)) {
        bool typed = open > 0 && ck_starts_type(c, at + open);
        if (typed && ck_kind_of(x) == CK_UNKNOWN)
            return true;                /* a type this check does not follow */
        if (typed && is_static && ck_kind_of(x) == CK_ARRAY) {
            int fits = literal_fits(c, at + open - 1, t, x);
            if (fits != 0)
                return true;            /* gcc takes it (or this check cannot tell) */
            ck_error(c, at, "invalid initializer");
            return false;
        }
        ck_error(c, at, typed && ck_kind_of(x) == CK_ARRAY
                            ? "array initialized from non-constant array expression"
                            : "invalid initializer");
        return false;
    }
    struct ck_type e = ck_inner_type(t);
    if (e.n || (e.base != CK_INT && e.base != CK_UNKNOWN)) {
        ck_error(c, at, "invalid initializer");
        return false;
    }
    bool whole;
    return string_fits_elements(c, at, &e, sa, &whole);
}

/* A statement a statement expression may hold that this check does not parse. */
static bool unfollowed_statement(const struct ck *c)
{
    static const int kws[] = { KW_ASM, KW_ELSE };
    for (size_t k = 0; k < sizeof kws / sizeof kws[0]; k++)
        if (kw_at(c, c->pos, kws[k]))
            return true;
    return false;
}

/* A label (or __label__) in a clause's statement expression: the lowering copies a clause's
 * expressions to more than one place, where a label would be defined twice. */
static bool label_in_clause(struct ck *c)
{
    if (kw_at(c, c->pos, KW_LABEL) ||
        (tok_ident(c, c->pos) && !tok_name(c, c->pos)->keyword && tok_is(c, c->pos + 1, ":"))) {
        ck_error(c, c->pos, "sorry, unimplemented: a label in a statement expression of a "
                 "clause (mcc copies a clause's expressions to more than one place); compute "
                 "the value into a variable before the directive");
        return true;
    }
    return false;
}

/* Does the clause declare a struct or union tag (`struct s {`, `struct s;`, `struct {`)
 * anywhere?  Such a tag may hide one outside the clause. */
static bool declares_tag(const struct ck *c)
{
    for (int i = 0; i + 1 < c->end && c->toks[i].kind != OMP_TOK_END; i++) {
        if (!tok_is(c, i, "struct") && !tok_is(c, i, "union"))
            continue;
        int k = i + 1;
        if (tok_is(c, k, "__attribute__") || tok_is(c, k, "__attribute") || tok_is(c, k, "{"))
            return true;
        if (tok_ident(c, k) && (tok_is(c, k + 1, "{") || tok_is(c, k + 1, ";")))
            return true;
    }
    return false;
}

/* The storage-class specifier at c->pos, after those of seen[] (the tokens of the
 * storage class and of _Thread_local met so far, -1 when none): gcc's errors for one
 * given twice and for two storage classes (_Thread_local goes with static and extern). */
static bool storage_class(struct ck *c, int seen[2])
{
    int kw = tok_name(c, c->pos)->keyword;
    if (kw == KW_INLINE || kw == KW_EXTENSION)
        return true;
    int *slot = &seen[kw == KW_THREAD_LOCAL];
    if (*slot >= 0 && tok_name(c, *slot)->keyword == kw) {
        if (kw == KW_THREAD_LOCAL)
            ck_error(c, c->pos, "duplicate '_Thread_local' or '__thread'");
        else
            ck_error(c, c->pos, "duplicate '%.*s'", CK_TOK(c, c->pos));
        return false;
    }
    if (*slot >= 0) {
        ck_error(c, c->pos, "multiple storage classes in declaration specifiers");
        return false;
    }
    *slot = c->pos;
    return true;
}

/* One declaration (C11 6.7) in a statement expression: its names become visible to what
 * follows (with an unknown type), its array sizes and initializers are checked. */
static bool declaration(struct ck *c)
{
    static const int storage[] = { KW_STATIC, KW_EXTERN, KW_REGISTER, KW_AUTO,
                                   KW_THREAD_LOCAL, KW_INLINE, KW_EXTENSION };
    bool is_typedef = false, is_extern = false, is_static = false;
    int seen[2] = { -1, -1 };           /* storage_class() */
    for (bool more = true; more;) {
        more = false;
        if (kw_at(c, c->pos, KW_ALIGNAS)) {
            if (!alignment_specifier(c))
                return false;
            more = true;
        }
        for (size_t k = 0; k < sizeof storage / sizeof storage[0]; k++)
            if (kw_at(c, c->pos, storage[k]) || kw_at(c, c->pos, KW_TYPEDEF)) {
                if (!storage_class(c, seen))
                    return false;
                is_typedef |= kw_at(c, c->pos, KW_TYPEDEF);
                is_extern |= kw_at(c, c->pos, KW_EXTERN);
                is_static |= kw_at(c, c->pos, KW_STATIC) || kw_at(c, c->pos, KW_THREAD_LOCAL);
                c->pos++;
                more = true;
            }
    }
    int spec = c->pos;
    struct ck_type t, specs;
    if (!first_declarator(c, &t, &specs))
        return false;
    bool ok;
    for (;;) {
        int name = c->decl_name;
        if (!declarator_attributes(c))
            return false;
        if (name < 0) {
            if (is(c, ";") && c->pos > spec)
                break;                          /* `struct s { ... };`, `int;` */
            ck_expected(c, "an identifier");
            return false;
        }
        bool fn = c->decl_fn;
        int undefined = fn || (is_typedef && !t.n) ? -1 : undefined_tag_token(c, spec, &t);
        if (undefined >= 0 && t.n) {
            incomplete_element(c, name, undefined);
            return false;
        }
        if (undefined >= 0) {
            if (is_extern)
                ck_error(c, name, "sorry, unimplemented: an extern declaration of an "
                         "incomplete struct or union type in a clause (mcc copies a clause's "
                         "expressions to more than one place, where the types would differ); "
                         "declare it before the directive");
            else
                ck_error(c, name, "storage size of '%.*s' isn't known", CK_TOK(c, name));
            return false;
        }
        /* in scope from its declarator on; a struct's tag may be one the statement
           expression declares, whose members are not followed here */
        if (t.base == CK_STRUCT && !t.cstruct && declares_tag(c))
            t.tag = NULL;
        if (!add_local(c, name, &t, is_typedef ? LOCAL_TYPEDEF : LOCAL_OBJECT, is_extern))
            return false;
        c->local_static[c->nlocals - 1] = is_static;
        if (accept(c, "=")) {
            if (fn || is_typedef) {
                ck_error(c, name, "function '%.*s' is initialized like a variable",
                         CK_TOK(c, name));
                return false;
            }
            struct ck_type x;
            int at = c->pos;
            if (!t.n && t.cstruct && c->structs[t.cstruct - 1].variable) {
                ck_error(c, name, "variable-sized object may not be initialized");
                return false;
            }
            bool init_static = c->init_static;
            int automatic = c->automatic;
            c->init_static = is_static;
            ok = is(c, "{") ? ck_initializer_list(c, &t)
                 : ck_kind_of(&t) == CK_ARRAY
                     ? assign(c, &x) && array_from_expression(c, at, &t, &x, is_static)
                     : assign(c, &x) && static_value(c, at, automatic) &&
                       value_fits(c, at, &t, &x, "a variable");
            c->init_static = init_static;
            if (!ok)
                return false;
        }
        if (!accept(c, ","))
            break;
        if (!next_declarator(c, &specs, &t))
            return false;
    }
    return expect(c, ";");
}

/* Block items up to the `}` that ends them; *last: the type of the last one when it is an
 * expression statement, void otherwise.  False after an error; *stop when a statement
 * this check does not follow was met (the caller skips the rest). */
static bool block_items(struct ck *c, struct ck_type *last, bool *stop);

/* `( expression )` of if, while, switch, do. */
static bool paren_expr(struct ck *c)
{
    struct ck_type x;
    return expect(c, "(") && ck_expr(c, &x) && expect(c, ")");
}

/* One statement of a statement expression (C11 6.8); *last as block_items says. */
static bool statement(struct ck *c, struct ck_type *last, bool *stop)
{
    struct ck_type x;
    *last = ck_simple_type(CK_VOID);
    if (accept(c, ";"))
        return true;
    while (kw_at(c, c->pos, KW_EXTENSION))
        c->pos++;
    if (label_in_clause(c))
        return false;
    if (c->depth >= CK_MAX_DEPTH) {
        ck_error(c, c->pos, "expression nested too deeply");
        return false;
    }
    int kw = tok_ident(c, c->pos) ? tok_name(c, c->pos)->keyword : 0;
    bool ok = true;
    c->depth++;
    switch (kw) {
    case KW_IF:
        c->pos++;
        ok = paren_expr(c) && statement(c, &x, stop);
        if (ok && !*stop && kw_at(c, c->pos, KW_ELSE)) {
            c->pos++;
            ok = statement(c, &x, stop);
        }
        break;
    case KW_WHILE: case KW_SWITCH:
        c->pos++;
        ok = paren_expr(c) && statement(c, &x, stop);
        break;
    case KW_DO:
        c->pos++;
        ok = statement(c, &x, stop);
        if (ok && !*stop)
            ok = (kw_at(c, c->pos, KW_WHILE) ? (c->pos++, true)
                  : (ck_expected(c, "'while'"), false)) && paren_expr(c) && expect(c, ";");
        break;
    case KW_FOR: {
        c->pos++;
        struct block_mark saved = enter_block(c);
        ok = expect(c, "(");
        if (ok && !accept(c, ";"))
            ok = ck_starts_type(c, c->pos) ? declaration(c) : ck_expr(c, &x) && expect(c, ";");
        if (ok && !accept(c, ";"))
            ok = ck_expr(c, &x) && expect(c, ";");
        if (ok && !accept(c, ")"))
            ok = ck_expr(c, &x) && expect(c, ")");
        ok = ok && statement(c, &x, stop);
        leave_block(c, saved);
        break;
    }
    case KW_RETURN:
        c->pos++;
        ok = accept(c, ";") || (ck_expr(c, &x) && expect(c, ";"));
        break;
    case KW_BREAK: case KW_CONTINUE:
        c->pos++;
        ok = expect(c, ";");
        break;
    case KW_GOTO:
        c->pos++;
        if (!tok_ident(c, c->pos) || tok_name(c, c->pos)->keyword) {
            ck_expected(c, "a label name");
            ok = false;
        } else {
            c->pos++;
            ok = expect(c, ";");
        }
        break;
    case KW_CASE: case KW_DEFAULT:
        c->pos++;
        if (kw == KW_CASE)
            ok = conditional(c, &x) && (!accept(c, "...") || conditional(c, &x));
        ok = ok && expect(c, ":") && statement(c, &x, stop);
        break;
    case KW_STATIC_ASSERT:
        ok = static_assertion(c, false);
        break;
    default:
        if (unfollowed_statement(c)) {
            *stop = true;
            *last = ck_unknown_type(false);
        } else if (is(c, "{")) {
            c->pos++;
            struct block_mark saved = enter_block(c);
            ok = block_items(c, last, stop);
            leave_block(c, saved);
            if (ok && !*stop)
                ok = expect(c, "}");
            *last = ck_simple_type(CK_VOID);
        } else {
            bool decl = ck_starts_type(c, c->pos);
            for (int k = 0; !decl && k < 8; k++)
                decl = kw_at(c, c->pos, (int[]){ KW_STATIC, KW_EXTERN, KW_REGISTER, KW_AUTO,
                                                 KW_THREAD_LOCAL, KW_INLINE, KW_TYPEDEF,
                                                 KW_ALIGNAS }[k]);
            if (decl) {
                ok = declaration(c);
            } else {
                ok = ck_expr(c, &x) && expect(c, ";");
                *last = x;
            }
        }
        break;
    }
    c->depth--;
    bool control = kw == KW_IF || kw == KW_WHILE || kw == KW_SWITCH || kw == KW_DO ||
                   kw == KW_FOR || kw == KW_RETURN || kw == KW_BREAK || kw == KW_CONTINUE ||
                   kw == KW_GOTO || kw == KW_CASE || kw == KW_DEFAULT;
    if (control)
        *last = *stop ? ck_unknown_type(false) : ck_simple_type(CK_VOID);
    return ok;
}

/* Block items up to the `}` that ends them; *last: the type of the last one when it is an
 * expression statement, void otherwise.  False after an error; *stop when a statement
 * this check does not follow was met (the caller skips the rest). */
static bool block_items(struct ck *c, struct ck_type *last, bool *stop)
{
    while (c->pos < c->end && !is(c, "}")) {
        if (!statement(c, last, stop))
            return false;
        if (*stop)
            return true;
    }
    if (c->pos >= c->end) {
        ck_expected(c, "'}'");
        return false;
    }
    return true;
}

/* `({ block-items })` (GNU): c->pos at the `{`. */
static bool statement_expression(struct ck *c, struct ck_type *t)
{
    int open = c->pos - 1;
    bool stop = false;
    if (c->depth >= CK_MAX_DEPTH) {
        ck_error(c, c->pos, "expression nested too deeply");
        return false;
    }
    c->pos++;
    c->depth++;
    c->statement_expressions++;
    struct block_mark saved = enter_block(c);
    bool ok = block_items(c, t, &stop);
    leave_block(c, saved);
    c->statement_expressions--;
    c->depth--;
    if (!ok)
        return false;
    if (stop) {                         /* not followed: the rest as it is */
        c->pos = open;
        if (!skip_group(c, "(", ")"))
            return false;
        *t = ck_unknown_type(false);
        return true;
    }
    if (!expect(c, "}") || !expect(c, ")"))
        return false;
    t->lvalue = false;
    t->has_value = false;
    t->narrow_bitfield = t->bitfield = false;
    return true;
}

/* Member nm of the struct or union the clause declares with index `owner` (anonymous
 * members searched too): 1 with its type in *out, 0 when it has none, -1 when not known. */
static int clause_member(struct ck *c, int owner, struct name *nm, struct ck_type *out,
                         int depth)
{
    if (depth > 8)
        return -1;
    for (int k = 0; k < c->nfields; k++) {
        const struct ck_field *f = &c->fields[k];
        if (f->owner != owner)
            continue;
        if (f->name >= 0 && tok_name(c, f->name) == nm) {
            *out = f->type;
            out->lvalue = true;
            return 1;
        }
        int r = f->name < 0 ? clause_member(c, f->type.cstruct - 1, nm, out, depth + 1) : 0;
        if (r)
            return r;
    }
    return 0;
}

/* Member mi (a token) of struct or union type b: as clause_member says. */
static int struct_member(struct ck *c, const struct ck_type *b, int mi, struct ck_type *out)
{
    if (b->cstruct)
        return clause_member(c, b->cstruct - 1, tok_name(c, mi), out, 0);
    return ck_find_member(c->L, ck_struct_members(c->L, b->tag), tok_name(c, mi), out, 0);
}

/* Are the members of struct or union type t known? */
static bool members_known(struct ck *c, const struct ck_type *t)
{
    return t->cstruct || (t->tag && ck_struct_members(c->L, t->tag));
}

/* Are struct or union types a and b known to be the same one? */
static bool known_same_struct(struct ck *c, const struct ck_type *a, const struct ck_type *b)
{
    if (a->cstruct || b->cstruct)
        return a->cstruct == b->cstruct;
    return members_known(c, a) &&
           ck_struct_members(c->L, a->tag) == ck_struct_members(c->L, b->tag);
}

int ck_same_struct_type(struct ck *c, const struct ck_type *a, const struct ck_type *b)
{
    if (a->cstruct || b->cstruct)
        return a->cstruct && a->cstruct == b->cstruct ? 1 : -1;
    if (members_known(c, a) && members_known(c, b))
        return known_same_struct(c, a, b);
    return a->tag && b->tag && a->tag->sym && a->tag->sym == b->tag->sym ? 1 : -1;
}

/*
 * The members of a struct or union type that take values in an initializer, in order:
 * an unnamed bit-field takes none (C11 6.7.9p9) and is skipped.  member_next() gives
 * each one's name (NULL for an anonymous struct or union member of a struct whose
 * members mcc parsed, c->fields) and its type, each when asked (not NULL); MEMBERS_UNKNOWN where the
 * members are not known from there on (no body, a body mcc did not follow, a member
 * declaration without declarators: an anonymous member of a source struct).
 */
enum { MEMBERS_END, MEMBERS_NEXT, MEMBERS_UNKNOWN };

struct members {
    struct ck *c;
    const struct ck_type *of;
    int field;                      /* of->cstruct: the next index in c->fields */
    struct ast *sd, *decl, *d;      /* otherwise: the next declaration, the current one
                                       and its next declarator */
    bool unknown;                   /* nothing to walk: members not known */
};

static void members_start(struct members *w, struct ck *c, const struct ck_type *of)
{
    *w = (struct members){.c = c, .of = of};
    if (ck_kind_of(of) != CK_STRUCT) {
        w->unknown = true;
    } else if (of->cstruct) {
        w->unknown = !c->structs[of->cstruct - 1].complete;
    } else {
        struct ast *members = of->tag ? ck_struct_members(c->L, of->tag) : NULL;
        w->unknown = !members;
        w->sd = members ? members->kid[0] : NULL;
    }
}

static bool members_union(struct ck *c, const struct ck_type *of)
{
    return of->cstruct ? c->structs[of->cstruct - 1].is_union
                       : of->tag && of->tag->op == KW_UNION;
}

static int member_next(struct members *w, struct name **name, struct ck_type *type)
{
    struct ck *c = w->c;
    if (w->unknown)
        return MEMBERS_UNKNOWN;
    if (w->of->cstruct) {
        for (; w->field < c->nfields; w->field++) {
            const struct ck_field *f = &c->fields[w->field];
            if (f->owner != w->of->cstruct - 1)
                continue;
            if (name)
                *name = f->name >= 0 ? tok_name(c, f->name) : NULL;
            if (type)
                *type = f->type;
            w->field++;
            return MEMBERS_NEXT;
        }
        return MEMBERS_END;
    }
    for (;;) {
        while (!w->d) {                 /* the next declaration's declarators */
            struct ast *sd = w->sd;
            if (!sd)
                return MEMBERS_END;
            if (sd->kind != AST_STRUCT_DECL || !sd->kid[1])
                return w->unknown = true, MEMBERS_UNKNOWN;
            w->decl = sd;
            w->sd = sd->next;
            w->d = sd->kid[1]->kid[0];
        }
        struct ast *d = w->d, *dn = ast_declarator_name(d);
        w->d = d->next;
        if (!dn && d->kind == AST_DECL_BITFIELD)
            continue;                   /* an unnamed bit-field takes no value */
        if (!dn)
            return w->unknown = true, MEMBERS_UNKNOWN;
        if (name)
            *name = dn->name;
        if (type) {
            ck_type_of_decl(c->L, w->decl->kid[0], d, type, 0);
            if (type->n && type->d[0] == CK_ARRAY && ck_open_array(d))
                type->dim[0] = -1;
        }
        return MEMBERS_NEXT;
    }
}

/* The type of the k-th member of struct type `of` that takes a value (0-based), for the
 * positional values of an initializer; false when not known (members not known, a
 * union's member after its first, fewer members). */
static bool nth_member(struct ck *c, const struct ck_type *of, int k, struct ck_type *out)
{
    if (ck_kind_of(of) != CK_STRUCT || (k > 0 && members_union(c, of)))
        return false;
    struct members w;
    members_start(&w, c, of);
    for (int n = 0; member_next(&w, NULL, n == k ? out : NULL) == MEMBERS_NEXT; n++)
        if (n == k)
            return true;
    return false;
}

/* Are all the members of struct or union type `of` known and neither arrays nor
 * structures (so that a value for any of them needs no brace elision)? */
static bool aggregate_free(struct ck *c, const struct ck_type *of)
{
    struct members w;
    struct ck_type t;
    int r;
    members_start(&w, c, of);
    while ((r = member_next(&w, NULL, &t)) == MEMBERS_NEXT) {
        enum ck_kind k = ck_kind_of(&t);
        if (k == CK_ARRAY || k == CK_STRUCT || k == CK_UNKNOWN)
            return false;
    }
    return r == MEMBERS_END;
}

/* Are struct or union types a and b the same (as far as known)? */
static bool same_struct(const struct ck_type *a, const struct ck_type *b)
{
    if (a->cstruct || b->cstruct)
        return a->cstruct == b->cstruct || (!a->cstruct && !a->tag) || (!b->cstruct && !b->tag);
    if (!a->tag || !b->tag || a->tag == b->tag)
        return true;
    return a->tag->sym && a->tag->sym == b->tag->sym;
}

/* Do pointer types a and b point to types known to be incompatible (what gcc 14 rejects,
 * -Wincompatible-pointer-types)?  Qualifiers, the signedness of integers of one size and
 * function types are not compared (gcc only warns of the first two). */
static bool pointers_clash(const struct ck_type *a, const struct ck_type *b)
{
    struct ck_type x = ck_inner_type(a), y = ck_inner_type(b);
    for (int level = 0; level < CK_MAX_DERIV; level++) {
        enum ck_kind xk = ck_kind_of(&x), yk = ck_kind_of(&y);
        if (xk == CK_UNKNOWN || yk == CK_UNKNOWN || (level == 0 && (xk == CK_VOID ||
                                                                     yk == CK_VOID)))
            return false;               /* void * converts to and from object pointers */
        if (xk != yk)
            return true;
        switch (xk) {
        case CK_INT:
            return x.at && y.at && ck_at_size(x.at) != ck_at_size(y.at);
        case CK_FLOAT:
            return x.at && y.at && x.at != y.at;
        case CK_STRUCT:
            return !same_struct(&x, &y);
        case CK_ARRAY:
            if (x.dim[0] > 0 && y.dim[0] > 0 && x.dim[0] != y.dim[0])
                return true;
            /* fall through */
        case CK_POINTER:
            x = ck_inner_type(&x);
            y = ck_inner_type(&y);
            break;
        default:
            return false;
        }
    }
    return false;
}

static bool value_fits(struct ck *c, int at, const struct ck_type *m, const struct ck_type *x,
                       const char *what)
{
    struct ck_type v = ck_decay(x);
    enum ck_kind mk = ck_kind_of(m), vk = ck_kind_of(&v);
    if (mk == CK_UNKNOWN || vk == CK_UNKNOWN)
        return true;
    /* a member's value may be the first of a struct member's (brace elision) */
    bool whole = !what || !strcmp(what, "a variable");
    if ((ck_is_arith(mk) && (vk == CK_POINTER ? mk == CK_FLOAT : ck_non_scalar(vk))) ||
        (mk == CK_POINTER && (vk == CK_FLOAT || ck_non_scalar(vk))) ||
        (whole && mk == CK_STRUCT && vk != CK_STRUCT)) {
        const char *mt = mk == CK_FLOAT ? "float/double" : mk == CK_INT ? "int"
                         : mk == CK_POINTER ? "pointer" : "struct or union";
        const char *vt = vk == CK_POINTER ? "pointer" : vk == CK_FLOAT ? "float/double"
                         : vk == CK_INT ? "int" : vk == CK_VOID ? "void" : "struct or union";
        if (what)
            ck_error(c, at, "incompatible types when initializing %s of type %s with a "
                     "value of type %s", what, mt, vt);
        else
            ck_error(c, at, "incompatible types when assigning to type %s from type %s", mt, vt);
        return false;
    }
    if (whole && mk == CK_STRUCT && !same_struct(m, &v)) {
        ck_error(c, at, "incompatible types when %s: two different struct or union types",
                 what ? "initializing" : "assigning");
        return false;
    }
    /* C11 6.5.16.1p1: an integer is no pointer, but for a null pointer constant (gcc 14
       makes these errors; earlier ones warn).  Null or not is known for a constant of
       known value and for an object; other integers (an enumerator, `i + 1`) pass. */
    unsigned long long value;
    bool null = v.null_const || (ck_value_of(&v, &value) ? value == 0 : !x->lvalue);
    if ((mk == CK_POINTER && vk == CK_INT && !null) ||
        (mk == CK_INT && (m->at != AT_UNKNOWN || m->bitfield) && m->at != AT_BOOL &&
         vk == CK_POINTER)) {
        ck_error(c, at, "%s %s makes %s from %s without a cast",
                 what ? "initializing" : "assignment to", what ? what : "an object",
                 mk == CK_POINTER ? "a pointer" : "an integer",
                 mk == CK_POINTER ? "an integer" : "a pointer");
        return false;
    }
    if (mk == CK_POINTER && vk == CK_POINTER && !v.null_const && pointers_clash(m, &v)) {
        ck_error(c, at, "%s %s from an incompatible pointer type",
                 what ? "initializing" : "assignment to", what ? what : "a pointer");
        return false;
    }
    return true;
}

/* A string literal from token at to c->pos, first in the initializer list of an array
 * of type `of`: it initializes the whole array when its elements are characters of its
 * kind (C11 6.7.9p14-15), which *whole says; other integer elements are an error. */
static bool string_initializer(struct ck *c, int at, const struct ck_type *of, bool *whole)
{
    *whole = false;
    int sa;
    if (ck_kind_of(of) != CK_ARRAY || !string_literal_span(c, at, c->pos, &sa))
        return true;
    struct ck_type e = ck_inner_type(of);
    if (e.n || e.base != CK_INT)
        return true;
    return string_fits_elements(c, at, &e, sa, whole);
}

/* Is the initializer from token at to c->pos a string literal that initializes the
 * array m whole (its elements characters of the string's kind, C11 6.7.9p14-15)? */
static bool char_array_string(struct ck *c, int at, const struct ck_type *m)
{
    int sa;
    if (ck_kind_of(m) != CK_ARRAY || at >= c->pos || !string_literal_span(c, at, c->pos, &sa))
        return false;
    struct ck_type e = ck_inner_type(m);
    int a = ck_arith_of(&e);
    return !e.n && e.base == CK_INT && string_fills(a, sa);
}

/* `[ index ]` or GNU's `[ first ... last ]` of a designation, c->pos after the `[`: integer
 * constants (names count, even inside sizeof), a range not empty (gcc's rules). */
static bool array_designator(struct ck *c, const struct ck_type *of, long long *last)
{
    struct ck_type x[2];
    unsigned long long v[2];
    int at[2], n = 0, in_sizeof = c->in_sizeof;
    bool ok = true;
    c->in_sizeof = 0;
    do {
        int variables = c->variables;
        at[n] = c->pos;
        ok = conditional(c, &x[n]);
        if (ok && ck_kind_of(&x[n]) != CK_INT && ck_kind_of(&x[n]) != CK_UNKNOWN) {
            ck_error(c, at[n], "array index in initializer not of integer type");
            ok = false;
        } else if (ok && c->variables != variables) {
            ck_error(c, at[n], "nonconstant array index in initializer");
            ok = false;
        }
        n++;
    } while (ok && n < 2 && accept(c, "..."));
    c->in_sizeof = in_sizeof;
    if (!ok || !expect(c, "]"))
        return false;
    *last = ck_value_of(&x[n - 1], &v[n - 1]) &&
            !ck_at_negative(v[n - 1], ck_arith_of(&x[n - 1])) &&
            v[n - 1] < (1ull << 40) ? (long long)v[n - 1] : -1;
    for (int k = 0; k < n && ck_kind_of(of) == CK_ARRAY; k++)
        if (ck_value_of(&x[k], &v[k]) && (ck_at_negative(v[k], ck_arith_of(&x[k])) ||
                                          (of->dim[0] > 0 &&
                                           v[k] >= (unsigned long long)of->dim[0] - 1))) {
            ck_error(c, at[k], "array index in initializer exceeds array bounds");
            return false;
        }
    if (n == 2 && ck_value_of(&x[0], &v[0]) && ck_value_of(&x[1], &v[1])) {
        int a = ck_at_usual(ck_arith_of(&x[0]), ck_arith_of(&x[1]));
        bool u = ck_at_unsigned(a);
        v[0] = ck_at_norm(v[0], a);
        v[1] = ck_at_norm(v[1], a);
        if (u ? v[0] > v[1] : (long long)v[0] > (long long)v[1]) {
            ck_error(c, at[0], "empty index range in initializer");
            return false;
        }
    }
    return true;
}

/* A designation (C11 6.7.8: `.member`, `[index]`, chained) of an object of type *t: *t
 * becomes the type of what it designates (unknown when not followed); *index the last
 * index of a lone array designator, -1 for other designations (or an index not known). */
static bool designation(struct ck *c, struct ck_type *t, long long *index)
{
    int n = 0;
    *index = -1;
    for (; is(c, ".") || is(c, "["); n++) {
        enum ck_kind k = ck_kind_of(t);
        if (accept(c, ".")) {
            int mi = c->pos;
            if (!tok_ident(c, mi) || tok_name(c, mi)->keyword) {
                ck_expected(c, "a member name");
                return false;
            }
            if (k != CK_UNKNOWN && k != CK_STRUCT) {
                ck_error(c, mi - 1, "field name not in record or union initializer");
                return false;
            }
            struct ck_type m = ck_unknown_type(false);
            int found = k == CK_STRUCT ? struct_member(c, t, mi, &m) : -1;
            if (found == 0) {
                ck_error(c, mi, "unknown field '%.*s' specified in initializer", CK_TOK(c, mi));
                return false;
            }
            *t = found > 0 ? m : ck_unknown_type(false);
            c->pos++;
        } else {
            if (k != CK_UNKNOWN && k != CK_ARRAY) {
                ck_error(c, c->pos, "array index in non-array initializer");
                return false;
            }
            c->pos++;
            long long last;
            if (!array_designator(c, t, &last))
                return false;
            *index = n == 0 ? last : -1;
            *t = k == CK_ARRAY ? ck_inner_type(t) : ck_unknown_type(false);
        }
    }
    if (n > 1)
        *index = -1;                    /* `[1].n = x, y`: y goes inside element 1 */
    return true;
}

/* Brace elision (C11 6.7.9p20): a value without braces for an element that is an array or
 * a structure initializes that element's first scalar, and the values after it the next
 * scalars in order, down and up through nested aggregates, until the element is full.
 * The walk follows it when every aggregate on the way has a known number of elements of
 * known types (elision_count(), elision_followed()). */

/* How many elements brace elision walks through in aggregate t (an array's elements, a
 * struct's members, a union's first member), or -1 when not followed (a size not known,
 * a flexible or zero-length array, members not known, an unnamed member or bit-field). */
static long long elision_count(struct ck *c, const struct ck_type *t)
{
    if (ck_kind_of(t) == CK_ARRAY)
        return t->dim[0] > 1 ? t->dim[0] - 1 : -1;        /* dim: size + 1 */
    if (ck_kind_of(t) != CK_STRUCT || !members_known(c, t))
        return -1;
    struct members w;
    long long n = 0;
    int r;
    members_start(&w, c, t);
    while ((r = member_next(&w, NULL, NULL)) == MEMBERS_NEXT)
        n++;
    return r != MEMBERS_END || n == 0 ? -1 : members_union(c, t) ? 1 : n;
}

/* Element i of aggregate t (elision_count() says how many), false when not known. */
static bool elision_element(struct ck *c, const struct ck_type *t, long long i,
                            struct ck_type *e)
{
    if (ck_kind_of(t) == CK_ARRAY)
        *e = ck_inner_type(t);
    else if (!nth_member(c, t, (int)i, e))
        return false;
    return ck_kind_of(e) != CK_UNKNOWN;
}

/* Does the walk follow brace elision through every aggregate inside t? */
static bool elision_followed(struct ck *c, const struct ck_type *t, int depth)
{
    enum ck_kind k = ck_kind_of(t);
    if (k != CK_ARRAY && k != CK_STRUCT)
        return true;
    long long n = elision_count(c, t);
    if (n <= 0 || depth > 8)
        return false;
    for (long long i = 0; i < (k == CK_ARRAY ? 1 : n); i++) {
        struct ck_type e;
        if (!elision_element(c, t, i, &e) || !elision_followed(c, &e, depth + 1))
            return false;
    }
    return true;
}

enum elision { ELIDED, ELISION_LOST, ELISION_FAILED };

/* The value being placed: from token at to c->pos, of type x; pending until an element
 * takes it. */
struct elided_value {
    int at;
    struct ck_type x;
    bool pending;
    bool past_end;                      /* in an element past the end of an array, where
                                           gcc takes a string for an array of integers
                                           whole, whatever its kind */
};

static enum elision elision_fill(struct ck *c, const struct ck_type *t, struct elided_value *v,
                                 int depth);

/* The pending value v for an object of type t: a struct value of t's type or a string that
 * fills the char array t initializes it whole; other values go to its first scalar. */
static enum elision elision_place(struct ck *c, const struct ck_type *t, struct elided_value *v,
                                  int depth)
{
    struct ck_type xv = ck_decay(&v->x);
    bool whole = false;
    switch (ck_kind_of(t)) {
    case CK_STRUCT:
        if (ck_kind_of(&xv) == CK_STRUCT && known_same_struct(c, t, &xv))
            whole = true;
        else if (ck_kind_of(&xv) == CK_UNKNOWN ||
                 (ck_kind_of(&xv) == CK_STRUCT && same_struct(t, &xv)))
            return ELISION_LOST;        /* maybe a value of the whole struct */
        break;
    case CK_ARRAY:
        if (v->past_end) {
            struct ck_type e = ck_inner_type(t);
            int sa;
            whole = !e.n && e.base == CK_INT && string_literal_span(c, v->at, c->pos, &sa);
        } else if (!string_initializer(c, v->at, t, &whole)) {
            return ELISION_FAILED;
        }
        break;
    default:
        if (!value_fits(c, v->at, t, &v->x, "an element"))
            return ELISION_FAILED;
        whole = true;
    }
    if (whole) {
        v->pending = false;
        return ELIDED;
    }
    return elision_fill(c, t, v, depth + 1);
}

/* The elements of aggregate t in order, the pending value v first, then the values that
 * follow it in the list, until t is full, the list ends or a designator starts (which
 * designates in the braced list around). */
static enum elision elision_fill(struct ck *c, const struct ck_type *t, struct elided_value *v,
                                 int depth)
{
    long long n = elision_count(c, t);
    if (n <= 0 || depth > 8)
        return ELISION_LOST;
    for (long long i = 0; i < n; i++) {
        struct ck_type e;
        if (!elision_element(c, t, i, &e))
            return ELISION_LOST;
        if (!v->pending) {
            if (!is(c, ",") || tok_is(c, c->pos + 1, "}") || tok_is(c, c->pos + 1, ".") ||
                tok_is(c, c->pos + 1, "["))
                return ELIDED;
            v->at = ++c->pos;
            if (is(c, "{")) {
                if (tok_is(c, c->pos + 1, "}") &&
                    (ck_is_arith(ck_kind_of(&e)) || ck_kind_of(&e) == CK_POINTER)) {
                    ck_error(c, v->at, "empty scalar initializer");
                    return ELISION_FAILED;
                }
                if (!ck_initializer_list(c, &e))
                    return ELISION_FAILED;
                continue;
            }
            int automatic = c->automatic;
            if (!assign(c, &v->x) || !static_value(c, v->at, automatic))
                return ELISION_FAILED;
            v->pending = true;
        }
        enum elision r = elision_place(c, &e, v, depth);
        if (r != ELIDED)
            return r;
    }
    return ELIDED;
}

/* In a static object's initializer, the value from token at to c->pos (automatic:
 * c->automatic before it): an object of automatic storage alone, or under parentheses,
 * casts to keyword types and unary + - ~ ! & (and added to sizeof's), is gcc's
 * "initializer element is not constant".  Other values that name one are not followed
 * (gcc folds some, as `0 * i` and `1 ? 2 : i`). */
static bool static_value(struct ck *c, int at, int automatic)
{
    if (!c->init_static || c->automatic != automatic + 1)
        return true;
    for (int j = at; j < c->pos; j++) {
        bool keyword = c->toks[j].kind == OMP_TOK_IDENT && tok_name(c, j)->keyword;
        if (j != c->automatic_tok && !keyword && !tok_is(c, j, "(") && !tok_is(c, j, ")") &&
            !tok_is(c, j, "+") && !tok_is(c, j, "-") && !tok_is(c, j, "~") &&
            !tok_is(c, j, "!") && !tok_is(c, j, "&"))
            return true;
    }
    ck_error(c, at, "initializer element is not constant");
    return false;
}

/* Is the braced list at token at a string literal alone (`{ "a" "b" }`, `{ L"a", }`)? */
static bool braced_string(struct ck *c, int at)
{
    int j = at + 1;
    while (j < c->end && c->toks[j].kind == OMP_TOK_STRING)
        j++;
    return j > at + 1 && (tok_is(c, j, "}") || (tok_is(c, j, ",") && tok_is(c, j + 1, "}")));
}

/* The position of member mi (a token) among the members of struct or union `of` that take
 * values (as nth_member() counts them), or -1 when not known (a member of an anonymous
 * member, members not known). */
static long long member_index(struct ck *c, const struct ck_type *of, int mi)
{
    struct name *nm = tok_name(c, mi), *name;
    struct members w;
    members_start(&w, c, of);
    for (long long n = 0; member_next(&w, &name, NULL) == MEMBERS_NEXT; n++)
        if (name && name == nm)
            return n;
    return -1;
}

/* `{ [designation =] initializer, ... }` (C11 6.7.9) of an object of type `of`. */
bool ck_initializer_list(struct ck *c, const struct ck_type *of)
{
    int k = 0;
    bool positional = true;             /* members matched by position so far */
    long long mpos = 0;                 /* of a struct or union: the position (as
                                           nth_member() counts) of the member the next value
                                           without a designator initializes, -1 when not
                                           known */
    bool whole = false;                 /* a string initialized the whole char array */
    bool elided = false;                /* an aggregate element without its braces: which
                                           element the next values go to is not followed */
    long long idx = 0;                  /* of an array: the index of the next element, -1
                                           when not known */
    if (c->depth >= CK_MAX_DEPTH) {
        ck_error(c, c->pos, "expression nested too deeply");
        return false;
    }
    c->pos++;
    if (accept(c, "}"))
        return true;                    /* `{}` (GNU, C23) */
    c->depth++;
    bool ok = true;
    for (;;) {
        bool designated = is(c, ".") || is(c, "[");
        struct ck_type cur = *of;       /* what the designation designates */
        long long dindex = -1;
        int dstart = c->pos;
        if (designated)
            ok = designation(c, &cur, &dindex) && expect(c, "=");
        positional &= !designated;
        bool array = ck_kind_of(of) == CK_ARRAY;
        bool record = ck_kind_of(of) == CK_STRUCT;
        if (designated && record) {
            /* `.m =` alone: the values after it go to the members after m (none after a
               union's member); another designation leaves them not followed */
            long long at_m = ok && c->pos == dstart + 3 ? member_index(c, of, dstart + 1) : -1;
            long long count = at_m >= 0 ? elision_count(c, of) : -1;
            mpos = at_m < 0 || count < 0 ? -1 : count == 1 ? 1 : at_m + 1;
            elided &= mpos < 0;         /* the position is known again */
        } else if (designated && dindex >= 0) {
            elided = false;             /* `[i] =`: likewise */
        }
        /* past a struct's or union's last member gcc only warns of excess elements,
           without checking values, but a braced list there is an error */
        long long members = record && !designated && !elided && mpos >= 0
                                ? elision_count(c, of) : -1;
        bool excess = members > 0 && mpos >= members;
        if (ok && excess && is(c, "{")) {
            ck_error(c, c->pos, "extra brace group at end of initializer");
            return false;
        }
        long long pos = designated ? dindex : idx;
        bool in_bounds = pos >= 0 && (of->dim[0] <= 0 || pos < of->dim[0] - 1);  /* dim: size + 1 */
        if (ok) {
            struct ck_type x, u = ck_unknown_type(false), m = cur;
            int at = c->pos;
            bool known = designated ? ck_kind_of(&m) != CK_UNKNOWN
                         : ck_kind_of(of) == CK_ARRAY ? (m = ck_inner_type(of), true)
                         : ck_is_arith(ck_kind_of(of)) || ck_kind_of(of) == CK_POINTER
                             ? (m = *of, k == 0)            /* `{ x }` of a scalar */
                         : mpos >= 0 && nth_member(c, of, (int)mpos, &m);
            if (excess)
                m = u;                  /* no member: the value is not checked */
            bool aggregate = ck_kind_of(&m) == CK_ARRAY || ck_kind_of(&m) == CK_STRUCT;
            /* after a designator that is not followed or an elided aggregate that is not,
               which element a value goes to is not known; past the end of an array, gcc
               warns of excess elements and checks their values as elements' when they are
               aggregates or braced, but not scalar values without braces */
            known &= designated ||
                     (!elided && (array ? in_bounds || (pos >= 0 && aggregate) : mpos >= 0));
            if (known && m.n && m.d[0] == CK_ARRAY && m.dim[0] == -1 && !c->init_static) {
                ck_error(c, at, "non-static initialization of a flexible array member");
                return false;
            }
            bool element = known || (array && !elided && pos >= 0);
            if (array && !designated && !element) {
                ck_error(c, at, "sorry, unimplemented: mcc cannot tell which element of this "
                         "initializer this value initializes (it does not follow designators "
                         "and brace elision that far); brace or designate it");
                return false;
            }
            if (element && is(c, "{") && tok_is(c, c->pos + 1, "}") &&
                (ck_is_arith(ck_kind_of(&m)) || ck_kind_of(&m) == CK_POINTER)) {
                ck_error(c, at, "empty scalar initializer");
                return false;
            }
            if (whole) {
                ck_error(c, at, "excess elements in char array initializer");
                return false;
            }
            /* past the end of an array, gcc takes `{ "string" }` for an array element as
               the whole array's initializer, and checks nothing */
            if (element && array && !in_bounds && ck_kind_of(&m) == CK_ARRAY &&
                braced_string(c, c->pos))
                element = false;
            int automatic = c->automatic;
            ok = is(c, "{") ? ck_initializer_list(c, element ? &m : &u)
                 : assign(c, &x) && (!known || static_value(c, at, automatic));
            /* the last value of the list: brace elision sends it to the first scalar of
               the aggregate element, which the walk below follows; an earlier one would
               leave the next values to later scalars of that element, not followed */
            bool last = is(c, "}") || (is(c, ",") && tok_is(c, c->pos + 1, "}"));
            struct ck_type xv = ok && !tok_is(c, at, "{") ? ck_decay(&x) : u;
            bool same_struct = ck_kind_of(&m) == CK_STRUCT && ck_kind_of(&xv) == CK_STRUCT &&
                               known_same_struct(c, &m, &xv);
            if (ok && !tok_is(c, at, "{") && !designated && !known && !excess &&
                ck_kind_of(of) == CK_STRUCT && !of->cstruct && members_known(c, of) &&
                !aggregate_free(c, of)) {       /* members not known: not followed */
                ck_error(c, at, "sorry, unimplemented: mcc cannot tell which member of this "
                         "initializer a value without braces initializes (it does not follow "
                         "brace elision that far); brace each member's initializer");
                return false;
            }
            if (ok && array && !positional && c->toks[at].kind == OMP_TOK_STRING &&
                ck_is_arith(ck_kind_of(&m))) {
                /* gcc takes a string for an element after a designator that went back as
                   the initializer of the whole array */
                ck_error(c, at, "sorry, unimplemented: a string literal for an element of "
                         "type %s after a designator (mcc does not follow how gcc takes it)",
                         ck_kind_of(&m) == CK_FLOAT ? "float/double" : "int");
                return false;
            }
            if (ok && !tok_is(c, at, "{") && !known && ck_kind_of(of) == CK_ARRAY && aggregate &&
                !same_struct && !char_array_string(c, at, &m)) {
                ck_error(c, at, "sorry, unimplemented: mcc cannot tell which element of this "
                         "initializer a value without braces initializes (it does not follow "
                         "brace elision that far); brace each element's initializer");
                return false;
            }
            bool followed = false;      /* brace elision walked by elision_place() */
            if (ok && known && !tok_is(c, at, "{") && aggregate && !same_struct &&
                elision_followed(c, &m, 0)) {
                struct elided_value v = { .at = at, .x = x, .pending = true,
                                          .past_end = array && !designated && !in_bounds };
                int start = c->pos;
                enum elision r = elision_place(c, &m, &v, 0);
                followed = r == ELIDED;
                if (r == ELISION_FAILED) {
                    ok = false;
                } else if (r == ELISION_LOST && c->pos != start && !of->cstruct) {
                    ck_error(c, at, "sorry, unimplemented: mcc does not follow brace elision "
                             "in this initializer (a value without braces for an element "
                             "that is an array or a structure); brace the element's "
                             "initializer");
                    return false;
                } else if (r == ELISION_LOST && c->pos != start) {
                    followed = true;    /* what is left of the element: not followed */
                    elided = true;
                }
            }
            if (!ok || followed) {
                /* reported, or walked above */
            } else if (ok && known && !tok_is(c, at, "{") && aggregate && same_struct) {
                /* a struct value for a struct element: no elision */
            } else if (ok && known && !tok_is(c, at, "{") && aggregate) {
                bool w = false;             /* a string for an array element, or the
                                               first scalar of it (braces elided) */
                struct ck_type e = m;
                for (int depth = 0; depth < 8 && (ck_kind_of(&e) == CK_ARRAY ||
                                                  ck_kind_of(&e) == CK_STRUCT); depth++) {
                    if (ck_kind_of(&e) == CK_ARRAY && !(ok = string_initializer(c, at, &e, &w)))
                        break;
                    if (w)
                        break;
                    if (ck_kind_of(&e) == CK_ARRAY)
                        e = ck_inner_type(&e);
                    else if (!nth_member(c, &e, 0, &e))
                        e = ck_unknown_type(false);
                }
                if (ok && !w && ck_kind_of(&e) != CK_STRUCT && ck_kind_of(&e) != CK_ARRAY)
                    ok = value_fits(c, at, &e, &x, "an element");
                /* past that first scalar, the values of a struct the clause declares are
                   not followed (elided below), rather than refused as for others */
                if (ok && !w && !of->cstruct &&
                    (!last || ck_kind_of(&e) == CK_STRUCT || ck_kind_of(&e) == CK_ARRAY ||
                     ck_kind_of(&e) == CK_UNKNOWN)) {
                    ck_error(c, at, "sorry, unimplemented: mcc does not follow brace elision "
                             "in this initializer (a value without braces for an element "
                             "that is an array or a structure); brace the element's "
                             "initializer");
                    return false;
                }
            } else if (ok && k == 0 && positional && !tok_is(c, at, "{") &&
                       !(ok = string_initializer(c, at, of, &whole))) {
                /* a string for an array of integers: reported */
            } else if (ok && known && !tok_is(c, at, "{") && !whole) {
                ok = value_fits(c, at, &m, &x, "a member");
            }
            elided |= aggregate && !tok_is(c, at, "{") && !same_struct && !followed &&
                      !char_array_string(c, at, &m);
            idx = pos >= 0 ? pos + 1 : -1;
            if (!designated && mpos >= 0)
                mpos++;
        }
        k++;
        if (!ok || !accept(c, ",") || is(c, "}"))
            break;
    }
    c->depth--;
    return ok && expect(c, "}");
}

/* Can an association of type `ty` be the one _Generic chooses for a controlling
 * expression of type `ctl` (after lvalue conversion)?  GENERIC_YES and GENERIC_NO when this
 * check can tell (exact arithmetic types, C11 6.5.1.1p2: compatible means the same type
 * here, and no qualified type is compatible with the unqualified controlling type; types
 * of other kinds), GENERIC_MAYBE otherwise (pointers, structs, enums, typedefs of what is
 * not followed). */
enum generic_match { GENERIC_NO, GENERIC_MAYBE, GENERIC_YES };

/* Are the arithmetic types a and b (at known) the same?  An enum type (its definition in
 * tag) is compatible with its integer type and no other enum. */
static enum generic_match same_arith(const struct ck_type *a, const struct ck_type *b)
{
    if (a->at != b->at)
        return GENERIC_NO;
    return a->tag && b->tag && a->tag != b->tag ? GENERIC_NO : GENERIC_YES;
}

/* Are pointer types a and b the same (C11 6.7.6.1p2: compatible targets, same qualifiers)?
 * Only pointers to arithmetic types, void and structs, with unqualified pointer levels, are
 * told apart. */
static enum generic_match same_pointer(struct ck *c, const struct ck_type *a,
                                       const struct ck_type *b)
{
    for (int k = 0; k < a->n; k++)
        if (a->d[k] != CK_POINTER)
            return GENERIC_MAYBE;
    for (int k = 0; k < b->n; k++)
        if (b->d[k] != CK_POINTER)
            return GENERIC_MAYBE;
    if (a->base == CK_UNKNOWN || b->base == CK_UNKNOWN || a->ptr_qual || b->ptr_qual)
        return GENERIC_MAYBE;
    if (a->n != b->n || a->base != b->base || a->qual != b->qual)
        return GENERIC_NO;
    switch (a->base) {
    case CK_VOID:
        return GENERIC_YES;
    case CK_INT: case CK_FLOAT:
        return !a->at || !b->at ? GENERIC_MAYBE : same_arith(a, b);
    case CK_STRUCT: {
        struct ast *x = a->tag ? ck_struct_members(c->L, a->tag) : NULL;
        struct ast *y = b->tag ? ck_struct_members(c->L, b->tag) : NULL;
        return !x || !y ? GENERIC_MAYBE : x == y ? GENERIC_YES : GENERIC_NO;
    }
    default:
        return GENERIC_MAYBE;
    }
}

/* Can an association of type `ty` be the one _Generic chooses for a controlling
 * expression of type `ctl` (after lvalue conversion)?  GENERIC_YES and GENERIC_NO when this
 * check can tell (exact arithmetic types, C11 6.5.1.1p2: no qualified type is compatible
 * with the unqualified controlling type; simple pointers; types of other kinds),
 * GENERIC_MAYBE otherwise. */
static enum generic_match generic_matches(struct ck *c, const struct ck_type *ctl,
                                          const struct ck_type *ty)
{
    enum ck_kind ck = ck_kind_of(ctl), ak = ck_kind_of(ty);
    if (ck == CK_UNKNOWN || ak == CK_UNKNOWN)
        return GENERIC_MAYBE;
    if (ak != ck)
        return GENERIC_NO;
    if (ck == CK_POINTER)
        return same_pointer(c, ctl, ty);
    if (ctl->narrow_bitfield)
        return GENERIC_NO;
    int ca = ck_arith_of(ctl), aa = ck_arith_of(ty);
    if (!ca || !aa)
        return GENERIC_MAYBE;
    return ty->qual ? GENERIC_NO : same_arith(ctl, ty);
}

/* `_Generic ( assignment-expression , generic-assoc-list )` (C11 6.5.1.1).  When the
 * association chosen is known, the expression has its type (and value); when only some can
 * be ruled out (types of another kind than the controlling expression's), its type is the
 * kind of the expressions of those that may be chosen when they all have the same
 * arithmetic kind, unknown otherwise.  What gcc rejects is reported: a controlling type no
 * association matches, two associations of one type, two defaults, an association of
 * void or function type. */
static bool generic_selection(struct ck *c, struct ck_type *t)
{
    struct ck_type x, ctl, chosen, deflt;
    int kw = c->pos - 1;
    if (!expect(c, "("))
        return false;
    c->in_sizeof++;                     /* not evaluated */
    bool ok = assign(c, &ctl);
    c->in_sizeof--;
    if (!ok)
        return false;
    ctl = ck_decay(&ctl);
    enum ck_kind rk = CK_VOID;          /* the kind of the candidates; CK_VOID: none yet */
    unsigned kinds = 0;                 /* the known kinds of the candidates' values */
    bool any = false, yes = false, maybe = false, has_default = false;
    struct ck_type seen[32];            /* the arithmetic types of the associations */
    int nseen = 0;
    while (accept(c, ",")) {
        enum generic_match m = GENERIC_MAYBE;
        int at = c->pos;
        if (kw_at(c, c->pos, KW_DEFAULT)) {
            if (has_default) {
                ck_error(c, at, "duplicate 'default' case in '_Generic'");
                return false;
            }
            c->pos++;
            has_default = true;
        } else if (ck_starts_type(c, c->pos)) {
            struct ck_type ty;
            if (!ck_type_name(c, &ty))
                return false;
            if (ck_kind_of(&ty) == CK_VOID || ck_kind_of(&ty) == CK_FUNCTION) {
                ck_error(c, at, "'_Generic' association has %s type",
                         ck_kind_of(&ty) == CK_VOID ? "incomplete (void)" : "function");
                return false;
            }
            if (ck_arith_of(&ty) && !ty.qual) {
                for (int k = 0; k < nseen; k++)
                    if (same_arith(&seen[k], &ty) == GENERIC_YES) {
                        ck_error(c, at, "'_Generic' specifies two compatible types ('%s')",
                                 ck_at_names[ty.at]);
                        return false;
                    }
                if (nseen < 32)
                    seen[nseen++] = ty;
            }
            m = generic_matches(c, &ctl, &ty);
        } else {
            ck_expected(c, "a type name or 'default'");
            return false;
        }
        bool is_default = tok_is(c, at, "default");
        if (!expect(c, ":") || !assign(c, &x))
            return false;
        any = true;
        if (is_default)
            deflt = x;
        if (m == GENERIC_YES) {
            yes = true;
            chosen = x;
        }
        if (m == GENERIC_NO)
            continue;                           /* cannot be chosen */
        maybe |= m == GENERIC_MAYBE && !is_default;
        struct ck_type v = ck_decay(&x);
        enum ck_kind xk = ck_kind_of(&v);
        rk = rk == CK_VOID || rk == xk ? xk : CK_UNKNOWN;
        if (xk != CK_UNKNOWN)
            kinds |= 1u << xk;
    }
    if (!any) {
        ck_expected(c, "','");
        return false;
    }
    if (!expect(c, ")"))
        return false;
    if (yes || (!maybe && has_default)) {
        *t = yes ? chosen : deflt;
        return true;
    }
    if (!maybe) {
        int ca = ck_arith_of(&ctl);
        ck_error(c, kw, "the controlling expression of '_Generic'%s%s%s matches none of its "
                 "associations", ca ? " (of type '" : "", ca ? ck_at_names[ca] : "",
                 ca ? "')" : "");
        return false;
    }
    /* not decided: refused when the choice matters to what gcc accepts (values of other
       kinds, or maybe no association at all) */
    if (!has_default || (kinds & (kinds - 1))) {
        ck_error(c, kw, "sorry, unimplemented: mcc cannot tell which association of this "
                 "'_Generic' is chosen (it does not follow these types that far)%s; compute the "
                 "value into a variable before the directive",
                 has_default ? " and their values differ in kind" : " and it has no default");
        return false;
    }
    *t = ck_is_arith(rk) ? ck_simple_type(rk)
         : rk == CK_POINTER ? ck_derived(&(struct ck_type){ .base = CK_UNKNOWN }, CK_POINTER)
         : ck_unknown_type(false);
    return true;
}

/* The same, reported as gcc does for a compound literal ("invalid use"). */
static bool undefined_tag(struct ck *c, int at, const struct ck_type *ty)
{
    int tag = undefined_tag_token(c, at, ty);
    if (tag < 0)
        return false;
    if (ty->n)
        incomplete_element(c, at, tag);
    else
        ck_error(c, at, "invalid use of undefined type '%.*s %.*s'", CK_TOK(c, tag - 1),
                 CK_TOK(c, tag));
    return true;
}

/* `__builtin_offsetof ( type-name , member-designator )` (offsetof of <stddef.h>). */
static bool offsetof_args(struct ck *c)
{
    struct ck_type ty;
    if (!expect(c, "("))
        return false;
    if (!ck_starts_type(c, c->pos)) {
        ck_expected(c, "a type name");
        return false;
    }
    int at = c->pos;
    if (!ck_type_name(c, &ty) || undefined_tag(c, at, &ty) || !expect(c, ","))
        return false;
    struct ck_type m = ty;
    for (bool first = true;; first = false) {
        if (first || accept(c, ".")) {
            if (!tok_ident(c, c->pos) || tok_name(c, c->pos)->keyword) {
                ck_expected(c, "a member name");
                return false;
            }
            if (!ck_member(c, c->pos, &m, false))
                return false;
            c->pos++;
        } else if (accept(c, "[")) {
            struct ck_type x;
            int at = c->pos;
            if (!ck_expr(c, &x) || !expect(c, "]"))
                return false;
            if (ck_kind_of(&x) != CK_INT && ck_kind_of(&x) != CK_UNKNOWN) {
                ck_error(c, at, "array subscript is not an integer");
                return false;
            }
            m = ck_unknown_type(true);
        } else {
            break;
        }
    }
    return expect(c, ")");
}

/* The value of enumerator y: its constant expression's (folded as gcc does), else one
 * more than the enumerator before it (0 for the first).  False when not known. */
static bool enumerator_value(struct ck *c, const struct sym *y, long long *v)
{
    long long steps = 0;
    for (; y; y = y->enum_prev, steps++) {
        const struct ast *e = y->declarator;
        if (!e || e->kind != AST_ENUMERATOR)
            return false;
        if (e->kid[0]) {
            const struct ast *x = e->kid[0];
            char *text = arena_strndup(c->L->a, c->L->text + x->begin, x->end - x->begin);
            if (!check_integer_constant(c->L, x->begin, text, v))
                return false;
            *v += steps;
            return true;
        }
    }
    *v = steps - 1;
    return true;
}

/* An object of automatic storage (token i) is read or named outside sizeof. */
static void met_automatic(struct ck *c, int i)
{
    if (!c->in_sizeof) {
        c->automatic++;
        c->automatic_tok = i;
    }
}

static bool primary(struct ck *c, struct ck_type *t)
{
    int i = c->pos;
    if (i >= c->end) {
        ck_expected(c, "an expression");
        return false;
    }
    const struct omp_tok *k = &c->toks[i];
    if (k->kind == OMP_TOK_NUMBER) {
        c->pos++;
        return check_number(c, i, t);
    }
    if (k->kind == OMP_TOK_STRING) {
        bool str = c->text[k->off] == '"', wide = false;
        do {
            if (!check_quoted(c, c->pos))
                return false;
            c->pos++;
            if (str && glued_prefix(c, c->pos) && string_literal_at(c, c->pos)) {
                wide |= !spelled(c, c->pos, "u8");  /* "a" L"b" is wide */
                c->pos++;
            }
        } while (str && c->pos < c->end && c->toks[c->pos].kind == OMP_TOK_STRING &&
                 c->text[c->toks[c->pos].off] == '"');
        if (!str) {                 /* an int; 'x' of one plain character has its value */
            const char *q = c->text + k->off;
            *t = k->len == 3 && q[1] != '\\' ? ck_constant(AT_INT, (unsigned long long)(signed char)q[1])
                                              : ck_arith_type(AT_INT);
        } else {
            *t = ck_derived(&(struct ck_type){ .base = CK_INT, .at = wide ? AT_UNKNOWN : AT_CHAR },
                            CK_ARRAY);
            t->lvalue = true;
        }
        return true;
    }
    if (k->kind == OMP_TOK_PUNCT) {
        if (accept(c, "(")) {
            if (is(c, "{")) {           /* GNU statement expression */
                c->variables += !c->in_sizeof;
                return statement_expression(c, t);
            }
            if (!ck_expr(c, t) || !expect(c, ")"))
                return false;
            return true;
        }
        const char *s = c->text + k->off;
        if (k->len == 1 && strchr("@`\\#$", s[0]))
            ck_error(c, i, "stray '%c' in the clause", s[0]);
        else if (k->len == 2 && !memcmp(s, "##", 2))
            ck_error(c, i, "stray '##' in the clause");
        else
            ck_expected(c, "an expression");
        return false;
    }
    /* an identifier or keyword */
    struct name *nm = tok_name(c, i);
    switch (nm->keyword) {
    case 0:
        break;
    case KW_GENERIC:
        c->pos++;
        return generic_selection(c, t);
    case KW_OFFSETOF:
        c->pos++;
        *t = ck_arith_type(AT_ULONG);
        return offsetof_args(c);
    case KW_VA_ARG: case KW_TYPES_COMPATIBLE_P:
    case KW_CONVERTVECTOR: case KW_BIT_CAST:
        c->pos++;
        if (!is(c, "(")) {
            ck_expected(c, "'('");
            return false;
        }
        if (!skip_group(c, "(", ")"))
            return false;
        *t = nm->keyword == KW_TYPES_COMPATIBLE_P ? ck_arith_type(AT_INT) : ck_unknown_type(false);
        return true;
    default:
        ck_error(c, i, "expected an expression before '%.*s'", CK_TOK(c, i));
        return false;
    }
    /* L"wide", u8"utf-8", ...: a prefix glued to its literal */
    if (glued_prefix(c, i)) {
        c->pos++;
        bool ok = primary(c, t);
        if (!spelled(c, i, "u8"))
            t->at = AT_UNKNOWN;     /* wchar_t, char16_t, ...: not followed */
        t->has_value = false;
        return ok;
    }
    struct sym *y;
    c->pos++;
    switch (ck_lookup(c, i, &y)) {
    case NAME_ITER:
        /* (a pointer's: of a type not followed, as a shaping's) */
        *t = c->iter_hit->type.text ? ck_unknown_type(true) : ck_simple_type(CK_INT);
        t->lvalue = true;
        c->variables += !c->in_sizeof;
        met_automatic(c, i);
        return true;
    case NAME_REDVAR:
        c->variables += !c->in_sizeof;
        *t = c->red_type;
        t->lvalue = true;
        return true;
    case NAME_BUILTIN:
        *t = (struct ck_type){ .n = 1, .d = { CK_FUNCTION }, .base = CK_UNKNOWN };
        return true;
    case NAME_FUNC_NAME:
        *t = (struct ck_type){ .n = 1, .d = { CK_ARRAY }, .base = CK_INT, .at = AT_CHAR,
                               .qual = true, .lvalue = true };     /* const char [] */
        return true;
    case NAME_LOCAL:
        switch (c->local_kind[c->local_hit]) {
        case LOCAL_TYPEDEF:
            ck_error(c, i, "'%.*s' is a type name, not a value", CK_TOK(c, i));
            return false;
        case LOCAL_ENUM_CONST:
            *t = ck_arith_type(AT_INT);
            return true;
        default:
            *t = c->local_type[c->local_hit];
            t->lvalue = ck_kind_of(t) != CK_FUNCTION;
            c->variables += t->lvalue && !c->in_sizeof;
            if (t->lvalue && !c->local_extern[c->local_hit] && !c->local_static[c->local_hit])
                met_automatic(c, i);
            return true;
        }
    case NAME_SYM:
        break;
    case NAME_NONE:
        if (c->task_fn && declared_in(c->fn_body, nm)) {
            ck_error(c, i, "'%.*s' is local to '%.*s': a dependence of a function task may "
                     "name only its parameters and globals", CK_TOK(c, i),
                     (int)c->task_fn->len, c->task_fn->str);
        } else {
            struct suggestion g;
            suggest_name(c, i, &g);
            if (g.best)
                ck_error(c, i, "'%.*s' undeclared; did you mean '%.*s'?", CK_TOK(c, i),
                         (int)g.best_len, g.best);
            else
                ck_error(c, i, "'%.*s' undeclared", CK_TOK(c, i));
        }
        return false;
    }
    switch (y->kind) {
    case SYM_TYPEDEF:
        ck_error(c, i, "'%.*s' is a type name, not a value", CK_TOK(c, i));
        return false;
    case SYM_ENUM_CONST: {
        *t = ck_arith_type(AT_INT);
        long long v;
        if (enumerator_value(c, y, &v) && v >= INT_MIN && v <= INT_MAX)
            *t = ck_constant(AT_INT, (unsigned long long)v);
        return true;
    }
    case SYM_FUNCTION:
        *t = ck_type_of_sym(c->L, y);
        t->lvalue = false;
        return true;
    default:
        *t = ck_type_of_sym(c->L, y);
        t->lvalue = true;
        t->base_const = ck_specs_const(y, 0);
        c->variables += !c->in_sizeof;
        if (y->storage == STORAGE_LOCAL)
            met_automatic(c, i);
        return true;
    }
}

/* The member `m` (token mi) of t, a struct or union (t may be unknown). */
bool ck_member(struct ck *c, int mi, struct ck_type *t, bool arrow)
{
    struct ck_type b = arrow ? ck_decay(t) : *t;
    if (arrow) {
        if (ck_kind_of(&b) == CK_UNKNOWN) {
            *t = ck_unknown_type(true);
            return true;
        }
        if (ck_kind_of(&b) != CK_POINTER) {
            ck_error(c, mi, "invalid type argument of '->': the left side is not a pointer "
                     "(did you mean '.'?)");
            return false;
        }
        b = ck_inner_type(&b);
    }
    if (ck_kind_of(&b) == CK_UNKNOWN) {
        *t = ck_unknown_type(true);
        return true;
    }
    if (ck_kind_of(&b) != CK_STRUCT) {
        ck_error(c, mi, "request for member '%.*s' in something that is not a structure or "
                 "union%s", CK_TOK(c, mi), !arrow && ck_kind_of(&b) == CK_POINTER
                 ? " (did you mean '->'?)" : "");
        return false;
    }
    struct ck_type m;
    int found = struct_member(c, &b, mi, &m);
    if (found == 0 && b.cstruct) {
        const struct ck_struct *st = &c->structs[b.cstruct - 1];
        ck_error(c, mi, "'%s %.*s' has no member named '%.*s'", st->is_union ? "union" : "struct",
                 st->tag >= 0 ? (int)c->toks[st->tag].len : 11,
                 st->tag >= 0 ? c->text + c->toks[st->tag].off : "<anonymous>", CK_TOK(c, mi));
        return false;
    }
    if (found == 0) {
        struct ast *tag = b.tag;
        ck_error(c, mi, "'%s %.*s' has no member named '%.*s'",
                 tag && tag->op == KW_UNION ? "union" : "struct",
                 tag && tag->name ? (int)tag->name->len : 11,
                 tag && tag->name ? tag->name->str : "<anonymous>", CK_TOK(c, mi));
        return false;
    }
    *t = found > 0 ? m : ck_unknown_type(true);
    t->lvalue = arrow || b.lvalue || found < 0;
    bool arrays = true;             /* a member of a const object is const, not its target */
    for (int k = 0; k < t->n; k++)
        arrays &= t->d[k] == CK_ARRAY;
    t->base_const |= b.base_const && arrays && found > 0;
    return true;
}

/* base[index]: either operand may be the pointer (C11 6.5.2.1). */
bool ck_subscript(struct ck *c, int at, struct ck_type *t, const struct ck_type *index)
{
    struct ck_type b = ck_decay(t), x = ck_decay(index);
    enum ck_kind bk = ck_kind_of(&b), xk = ck_kind_of(&x);
    if ((bk == CK_POINTER && xk != CK_UNKNOWN && xk != CK_INT) || xk == CK_FLOAT ||
        bk == CK_FLOAT) {
        ck_error(c, at, "array subscript is not an integer");   /* p[1.5], p["s"], x[.5] */
        return false;
    }
    if (bk == CK_POINTER || (xk == CK_POINTER && bk == CK_INT)) {
        struct ck_type e = ck_inner_type(bk == CK_POINTER ? &b : &x);
        if (ck_kind_of(&e) == CK_FUNCTION) {
            ck_error(c, at, "subscripted value is a pointer to a function");
            return false;
        }
        *t = e;
        return true;
    }
    if (bk != CK_UNKNOWN && xk != CK_UNKNOWN) {
        ck_error(c, at, "subscripted value is neither an array nor a pointer");
        return false;
    }
    *t = ck_unknown_type(true);
    return true;
}

static bool param_is_void(const struct ast *p)
{
    return p->kind == AST_PARAM && !p->kid[1] && p->kid[0] && p->kid[0]->tclass == TYPE_VOID;
}

/* " 'f'" when the call at token `open` is of a name, else "". */
static const char *callee(struct ck *c, int open)
{
    static char buf[80];
    if (open > 0 && c->toks[open - 1].kind == OMP_TOK_IDENT)
        snprintf(buf, sizeof buf, " '%.*s'", CK_TOK(c, open - 1));
    else
        buf[0] = '\0';
    return buf;
}

/* How an argument of type a passes for a parameter of type p (C11 6.5.2.2p2: as if
 * assigned, 6.5.16.1p1), as far as mcc can tell.  Refused (CK_PASS_INCOMPATIBLE and the
 * next three) is what gcc rejects, or rejects since gcc 14: a struct for a scalar or the
 * reverse, a pointer for a number or a number other than 0 for a pointer, pointers to
 * different kinds of things.  gcc 14 only warns of pointers whose targets differ in
 * qualifiers or in the signedness of one integer size, which are not told apart here. */
enum ck_pass ck_argument_pass(struct ck *c, const struct ck_type *p, const struct ck_type *a)
{
    (void)c;
    struct ck_type pt = ck_decay(p), x = ck_decay(a);
    enum ck_kind pk = ck_kind_of(&pt), ak = ck_kind_of(&x);
    if (pk == CK_UNKNOWN || ak == CK_UNKNOWN)
        return CK_PASS_OK;
    switch (pk) {
    case CK_STRUCT:
        return ak == CK_STRUCT && same_struct(&pt, &x) ? CK_PASS_OK : CK_PASS_INCOMPATIBLE;
    case CK_INT: case CK_FLOAT:
        if (ak == CK_POINTER && pk == CK_INT)
            return pt.at == AT_BOOL ? CK_PASS_OK : CK_PASS_INT_FROM_POINTER;
        return ck_is_arith(ak) ? CK_PASS_OK : CK_PASS_INCOMPATIBLE;
    case CK_POINTER:
        if (ak == CK_INT)
            return a->null_const ? CK_PASS_OK : CK_PASS_POINTER_FROM_INT;
        if (ak != CK_POINTER)
            return CK_PASS_INCOMPATIBLE;
        return pointers_clash(&pt, &x) ? CK_PASS_POINTERS_CLASH : CK_PASS_OK;
    default:
        return CK_PASS_OK;
    }
}

/* Can an argument of type a be passed for parameter p? */
static bool argument_fits(struct ck *c, struct ast *p, const struct ck_type *a)
{
    struct ck_type pt;
    ck_type_of_decl(c->L, p->kid[0], p->kid[1], &pt, 0);
    return ck_argument_pass(c, &pt, a) == CK_PASS_OK;
}

/* postfix operators after a primary expression (or a compound literal) */
static bool postfix_tail(struct ck *c, struct ck_type *t)
{
    for (;;) {
        int at = c->pos;
        if (accept(c, "[")) {
            struct ck_type x;
            if (!ck_expr(c, &x) || !expect(c, "]") || !ck_subscript(c, at, t, &x))
                return false;
        } else if (accept(c, "(")) {
            struct ck_type f = ck_decay(t);
            if (ck_kind_of(&f) == CK_POINTER)
                f = ck_inner_type(&f);
            if (ck_kind_of(&f) != CK_FUNCTION && ck_kind_of(&f) != CK_UNKNOWN) {
                ck_error(c, at, "called object is not a function or a function pointer");
                return false;
            }
            struct ast *params = ck_kind_of(&f) == CK_FUNCTION ? f.params[0] : NULL;
            struct ast *p = params ? params->kid[0] : NULL;
            if (p && !p->next && param_is_void(p))
                p = NULL;
            int nargs = 0;
            if (!accept(c, ")")) {
                do {
                    struct ck_type a;
                    int arg = c->pos;
                    if (!assign(c, &a))
                        return false;
                    nargs++;
                    if (params && !p) {
                        ck_error(c, arg, "too many arguments to function%s", callee(c, at));
                        return false;
                    }
                    if (p && p->kind == AST_PARAM && !argument_fits(c, p, &a)) {
                        ck_error(c, arg, "incompatible type for argument %d of function%s",
                                 nargs, callee(c, at));
                        return false;
                    }
                    if (p && p->kind == AST_PARAM)
                        p = p->next;
                } while (accept(c, ","));
                if (!expect(c, ")"))
                    return false;
            }
            if (p && p->kind == AST_PARAM) {
                ck_error(c, c->pos - 1, "too few arguments to function%s", callee(c, at));
                return false;
            }
            *t = ck_kind_of(&f) == CK_FUNCTION ? ck_inner_type(&f) : ck_unknown_type(false);
            t->lvalue = false;
        } else if (is(c, ".") || is(c, "->")) {
            bool arrow = is(c, "->");
            c->pos++;
            if (!tok_ident(c, c->pos) || tok_name(c, c->pos)->keyword) {
                ck_expected(c, "a member name");
                return false;
            }
            if (!ck_member(c, c->pos++, t, arrow))
                return false;
        } else if (is(c, "++") || is(c, "--")) {
            c->pos++;
            if (!want_lvalue(c, at, t, "increment operand") || !increment_fits(c, at, t))
                return false;
            t->lvalue = false;
            t->narrow_bitfield = t->bitfield = false;
        } else {
            return true;
        }
    }
}

static bool postfix(struct ck *c, struct ck_type *t)
{
    return primary(c, t) && postfix_tail(c, t);
}

/* Is `nm` a label of the function the construct is in? */
static bool label_defined(struct ck *c, struct name *nm)
{
    struct check_state *s = c->L->fn ? ck_function_state(c->L, c->L->fn) : NULL;
    for (int i = 0; s && i < s->ngotos; i++)
        if (s->gotos[i]->kind == AST_LABEL && s->gotos[i]->name == nm)
            return true;
    return false;
}

static const char *const unary_names[] = { "unary minus", "unary plus", "bit-complement",
                                           "unary exclamation mark" };

static bool unary_inner(struct ck *c, struct ck_type *t);

/* Every nesting of an expression goes through unary(): its depth is bounded here. */
static bool unary(struct ck *c, struct ck_type *t)
{
    if (c->depth >= CK_MAX_DEPTH) {
        ck_error(c, c->pos, "expression nested too deeply");
        return false;
    }
    c->depth++;
    bool ok = unary_inner(c, t);
    c->depth--;
    return ok;
}

static bool unary_inner(struct ck *c, struct ck_type *t)
{
    int at = c->pos;
    if (accept(c, "++") || accept(c, "--")) {
        if (!unary(c, t) || !want_lvalue(c, at, t, "increment operand") ||
            !increment_fits(c, at, t))
            return false;
        t->lvalue = false;
        t->narrow_bitfield = t->bitfield = false;     /* not followed: taken as unknown */
        return true;
    }
    if (is(c, "&&") && tok_ident(c, c->pos + 1)) {      /* GNU &&label: a void * */
        c->pos += 2;
        if (!label_defined(c, tok_name(c, c->pos - 1))) {
            ck_error(c, c->pos - 1, "label '%.*s' used but not defined", CK_TOK(c, c->pos - 1));
            return false;
        }
        *t = (struct ck_type){ .n = 1, .d = { CK_POINTER }, .base = CK_VOID };
        return true;
    }
    if (accept(c, "&")) {
        if (!cast(c, t))
            return false;
        if (ck_kind_of(t) != CK_FUNCTION && !want_lvalue(c, at, t, "unary '&' operand"))
            return false;
        if (t->bitfield && !t->n) {
            ck_error(c, at, "cannot take address of bit-field");
            return false;
        }
        *t = ck_derived(t, CK_POINTER);
        return true;
    }
    if (accept(c, "*")) {
        if (!cast(c, t))
            return false;
        struct ck_type p = ck_decay(t);
        if (ck_kind_of(&p) != CK_POINTER && ck_kind_of(&p) != CK_UNKNOWN) {
            ck_error(c, at, "invalid type argument of unary '*': the operand is not a pointer");
            return false;
        }
        *t = ck_kind_of(&p) == CK_POINTER ? ck_inner_type(&p) : ck_unknown_type(true);
        return true;
    }
    for (int u = 0; u < 4; u++)
        if (accept(c, (const char *[]){ "-", "+", "~", "!" }[u])) {
            if (!cast(c, t))
                return false;
            struct ck_type v = ck_decay(t);
            enum ck_kind k = ck_kind_of(&v);
            bool bad = u < 2 ? (k != CK_UNKNOWN && !ck_is_arith(k))
                       : u == 2 ? (k != CK_UNKNOWN && k != CK_INT) : ck_non_scalar(k);
            if (bad) {
                ck_error(c, at, "wrong type argument to %s", unary_names[u]);
                return false;
            }
            unsigned long long x;
            bool known = ck_value_of(&v, &x);
            int a = u == 3 ? AT_INT : ck_at_promote(ck_arith_of(&v));
            *t = u == 3 ? ck_arith_type(AT_INT) : v;
            t->at = (unsigned char)a;
            t->tag = NULL;              /* an enum's value is of its integer type */
            t->narrow_bitfield = t->bitfield = false;
            t->has_value = false;
            if (known) {
                bool overflow = v.overflow || (u == 0 && !ck_at_unsigned(a) &&
                                               ck_at_norm(x, a) == ck_at_norm(1ull << (8 * ck_at_size(a) - 1), a));
                *t = ck_constant(a, u == 0 ? -x : u == 1 ? x : u == 2 ? ~x : x == 0);
                t->overflow = overflow;
            }
            t->lvalue = false;
            return true;
        }
    if (tok_ident(c, c->pos)) {
        int kw = tok_name(c, c->pos)->keyword;
        if (kw == KW_SIZEOF || kw == KW_ALIGNOF) {
            c->pos++;
            struct ck_type x;
            bool ok = true;
            c->in_sizeof++;
            if (is(c, "(") && ck_starts_type(c, c->pos + 1)) {
                int ty = ++c->pos;
                ok = ck_type_name(c, &x);
                int tag = ok ? undefined_tag_token(c, ty, &x) : -1;
                if (tag >= 0 && x.n) {
                    ok = false;
                    incomplete_element(c, ty, tag);
                } else if (tag >= 0) {
                    ok = false;
                    ck_error(c, ty, "invalid application of '%s' to incomplete type '%.*s %.*s'",
                             kw == KW_SIZEOF ? "sizeof" : "_Alignof", CK_TOK(c, tag - 1),
                             CK_TOK(c, tag));
                }
                ok = ok && expect(c, ")") &&
                     (!is(c, "{") || (ck_initializer_list(c, &x) && postfix_tail(c, &x)));
            } else {
                ok = unary(c, &x);
            }
            c->in_sizeof--;
            if (ok && ((x.bitfield && !x.n) || (x.n && x.d[0] == CK_ARRAY && x.dim[0] == -1))) {
                ck_error(c, at, x.bitfield ? "'%s' applied to a bit-field"
                         : "invalid application of '%s' to an incomplete type (an array "
                           "declared '[]')", kw == KW_SIZEOF ? "sizeof" : "_Alignof");
                return false;
            }
            long long size = ok ? type_size(&x) : -1;
            *t = size >= 0 ? ck_constant(AT_ULONG, (unsigned long long)size)
                           : ck_arith_type(AT_ULONG);
            return ok;
        }
        if (kw == KW_EXTENSION) {
            c->pos++;
            return cast(c, t);
        }
        if (kw == KW_REAL || kw == KW_IMAG) {
            c->pos++;
            if (!cast(c, t))
                return false;
            if (ck_non_scalar(ck_kind_of(t)) || ck_kind_of(t) == CK_POINTER) {
                ck_error(c, at, "wrong type argument to '%s'", kw == KW_REAL ? "__real__"
                                                                             : "__imag__");
                return false;
            }
            t->has_value = false;
            return true;
        }
    }
    return postfix(c, t);
}

static bool cast(struct ck *c, struct ck_type *t)
{
    int at = c->pos;
    if (c->depth >= CK_MAX_DEPTH) {
        ck_error(c, c->pos, "expression nested too deeply");
        return false;
    }
    if (!is(c, "(") || !ck_starts_type(c, c->pos + 1))
        return unary(c, t);
    c->pos++;
    struct ck_type to, x;
    bool variable_size = c->variable_size;
    c->variable_size = false;
    bool ok = ck_type_name(c, &to) && expect(c, ")");
    bool vla = c->variable_size;
    c->variable_size = variable_size;
    if (!ok)
        return false;
    if (is(c, "{")) {                       /* compound literal */
        bool arrays = to.n > 0;
        for (int k = 0; k < to.n; k++)
            arrays &= to.d[k] == CK_ARRAY;
        if ((vla && arrays) || (!to.n && to.cstruct && c->structs[to.cstruct - 1].variable)) {
            ck_error(c, at, "compound literal has variable size");
            return false;
        }
        c->pos--;
        bool undefined = undefined_tag(c, at + 1, &to);
        c->pos++;
        bool init_static = c->init_static;
        c->init_static = false;         /* a compound literal in a function is automatic */
        ok = !undefined && ck_initializer_list(c, &to);
        c->init_static = init_static;
        if (!ok)
            return false;
        *t = to;
        t->lvalue = true;
        return postfix_tail(c, t);
    }
    c->depth++;
    ok = cast(c, &x);
    c->depth--;
    if (!ok)
        return false;
    struct ck_type v = ck_decay(&x);
    enum ck_kind tk = ck_kind_of(&to), vk = ck_kind_of(&v);
    if (to.n > 0 && (to.d[0] == CK_FUNCTION || to.d[0] == CK_ARRAY)) {
        ck_error(c, at, to.d[0] == CK_FUNCTION ? "cast specifies function type"
                                                : "cast specifies array type");
        return false;
    }
    if (tk != CK_VOID && tk != CK_UNKNOWN && vk != CK_UNKNOWN) {
        if (vk == CK_STRUCT && tk != CK_STRUCT) {
            ck_error(c, at, "cast of a struct or union value to a scalar type");
            return false;
        }
        if (tk == CK_STRUCT && vk != CK_STRUCT) {
            ck_error(c, at, "conversion to non-scalar type requested");
            return false;
        }
        if ((tk == CK_POINTER && vk == CK_FLOAT) || (tk == CK_FLOAT && vk == CK_POINTER)) {
            ck_error(c, at, "cast between a pointer and a floating-point value");
            return false;
        }
        if (vk == CK_VOID) {
            ck_error(c, at, "void value not ignored as it ought to be");
            return false;
        }
    }
    *t = to;
    t->lvalue = false;
    t->qual = false;                /* a cast's value is of the unqualified type */
    unsigned long long value;
    if (ck_at_integer(ck_arith_of(&to)) && ck_value_of(&v, &value)) {
        *t = ck_constant(ck_arith_of(&to), value);
        t->overflow = v.overflow;
    }
    return true;
}

/* Binary operators, loosest first: || && | ^ & ==,!= <,>,<=,>= <<,>> +,- *,/,% */
static int binary_level(struct ck *c)
{
    static const char *const ops[][5] = {
        { "||" }, { "&&" }, { "|" }, { "^" }, { "&" }, { "==", "!=" },
        { "<", ">", "<=", ">=" }, { "<<", ">>" }, { "+", "-" }, { "*", "/", "%" },
    };
    for (int l = 0; l < 10; l++)
        for (int k = 0; k < 5 && ops[l][k]; k++)
            if (is(c, ops[l][k]))
                return l + 1;
    return 0;
}

/* `x op y` on constants of types a and b, computed in type r (C11 6.5.5-6.5.14); false
 * when it is not a constant gcc folds the same way (division by zero, a shift out of
 * range, an overflowing division). */
static bool fold_binary(const char *op, int r, int a, unsigned long long x, int b,
                        unsigned long long y, unsigned long long *out, bool *overflow)
{
    bool sh = !strcmp(op, "<<") || !strcmp(op, ">>");
    int w = sh ? ck_at_promote(a) : ck_at_usual(a, b);   /* what the operands become */
    x = ck_at_norm(x, w);
    if (!sh)
        y = ck_at_norm(y, w);
    bool u = ck_at_unsigned(w);
    long long sx = (long long)x, sy = (long long)y;
    if (!u && strchr("+-*", op[0]) && !op[1]) {
        __int128 e = op[0] == '+' ? (__int128)sx + sy : op[0] == '-' ? (__int128)sx - sy
                                                                      : (__int128)sx * sy;
        __int128 max = ((__int128)1 << (8 * ck_at_size(w) - 1)) - 1;
        *overflow |= e > max || e < -max - 1;
    }
    switch (op[0]) {
    case '+': *out = x + y; break;
    case '-': *out = x - y; break;
    case '*': *out = x * y; break;
    case '/': case '%':
        if (y == 0 || (!u && sy == -1 && sx == LLONG_MIN))
            return false;
        *out = op[0] == '/' ? (u ? x / y : (unsigned long long)(sx / sy))
                            : (u ? x % y : (unsigned long long)(sx % sy));
        break;
    case '<': case '>':
        if (sh) {
            if (ck_at_negative(y, b) || y >= (unsigned long long)(8 * ck_at_size(w)))
                return false;
            /* a signed left shift of a negative value or out of range: gcc does not
               take it as a constant (a variable-length array, not an error) */
            if (op[0] == '<' && !u &&
                (sx < 0 || x > ((1ull << (8 * ck_at_size(w) - 1)) - 1) >> y))
                return false;
            *out = op[0] == '<' ? x << y : u ? x >> y : (unsigned long long)(sx >> y);
            break;
        }
        *out = op[0] == '<' ? (u ? x < y : sx < sy) : (u ? x > y : sx > sy);
        if (op[1] == '=')
            *out = *out || x == y;
        break;
    case '=': *out = x == y; break;
    case '!': *out = x != y; break;
    case '&': *out = op[1] ? (x && y) : x & y; break;
    case '|': *out = op[1] ? (x || y) : x | y; break;
    case '^': *out = x ^ y; break;
    default: return false;
    }
    *out = ck_at_norm(*out, r);
    return true;
}

/* The arithmetic type (and value) of `x op y` into r, which binary_type made. */
static void binary_arith(const char *op, struct ck_type *r, const struct ck_type *x,
                         const struct ck_type *y)
{
    int a = ck_arith_of(x), b = ck_arith_of(y);
    if (ck_kind_of(r) == CK_POINTER)
        return;
    if (!strcmp(op, "-") && ck_kind_of(x) == CK_POINTER) {
        r->at = AT_LONG;                        /* ptrdiff_t */
        return;
    }
    bool cmp = strchr("<>=!", op[0]) || !strcmp(op, "&&") || !strcmp(op, "||");
    bool sh = !strcmp(op, "<<") || !strcmp(op, ">>");
    if (cmp && op[1] != '<' && op[1] != '>')
        r->at = AT_INT;
    else
        r->at = (unsigned char)(sh ? (a && b ? ck_at_promote(a) : AT_UNKNOWN) : ck_at_usual(a, b));
    unsigned long long vx, vy, v;
    bool overflow = x->overflow || y->overflow;
    if (ck_at_integer(r->at) && ck_value_of(x, &vx) && ck_value_of(y, &vy) &&
        fold_binary(op, r->at, a, vx, b, vy, &v, &overflow)) {
        *r = ck_constant(r->at, v);
        r->overflow = overflow;
    }
    else if (ck_value_of(x, &vx) && ((!strcmp(op, "&&") && !vx) || (!strcmp(op, "||") && vx)))
        *r = ck_constant(AT_INT, vx != 0);         /* gcc folds it, whatever the right side */
}

/* The type of `a op b` (both decayed), or report that the operands do not fit. */
static bool binary_type(struct ck *c, int at, const char *op, struct ck_type *a,
                        const struct ck_type *b)
{
    struct ck_type x = ck_decay(a), y = ck_decay(b);
    enum ck_kind xk = ck_kind_of(&x), yk = ck_kind_of(&y);
    bool unknown = xk == CK_UNKNOWN || yk == CK_UNKNOWN;
    bool ok = true;
    struct ck_type r = ck_simple_type(CK_INT);
    if (strchr("*/", op[0]) && !op[1]) {
        ok = unknown || (ck_is_arith(xk) && ck_is_arith(yk));
        r = xk == CK_FLOAT || yk == CK_FLOAT ? ck_simple_type(CK_FLOAT) : r;
    } else if (!strcmp(op, "%") || !strcmp(op, "<<") || !strcmp(op, ">>") ||
               !strcmp(op, "&") || !strcmp(op, "^") || !strcmp(op, "|")) {
        ok = (xk == CK_INT || xk == CK_UNKNOWN) && (yk == CK_INT || yk == CK_UNKNOWN);
    } else if (!strcmp(op, "+")) {
        ok = unknown || (ck_is_arith(xk) && ck_is_arith(yk)) ||
             (xk == CK_POINTER && yk == CK_INT) || (xk == CK_INT && yk == CK_POINTER);
        r = xk == CK_POINTER ? x : yk == CK_POINTER ? y
            : xk == CK_FLOAT || yk == CK_FLOAT ? ck_simple_type(CK_FLOAT) : r;
    } else if (!strcmp(op, "-")) {
        ok = unknown || (ck_is_arith(xk) && ck_is_arith(yk)) ||
             (xk == CK_POINTER && yk == CK_INT) || (xk == CK_POINTER && yk == CK_POINTER);
        r = xk == CK_POINTER && yk != CK_POINTER ? x
            : xk == CK_FLOAT || yk == CK_FLOAT ? ck_simple_type(CK_FLOAT) : r;
    } else {                                /* comparisons, && and || */
        ok = !ck_non_scalar(xk) && !ck_non_scalar(yk);
    }
    /* a pointer plus a value of a type not followed is a pointer when it is valid at all
       (the other is then an integer) */
    bool pointer_sum = !strcmp(op, "+") && (xk == CK_POINTER || yk == CK_POINTER);
    if (unknown && ok && !pointer_sum)
        r = ck_unknown_type(false);
    if (!ok) {
        ck_error(c, at, "invalid operands to binary '%s'", op);
        return false;
    }
    if (!unknown)
        binary_arith(op, &r, &x, &y);
    *a = r;
    a->lvalue = false;
    return true;
}

static bool binary(struct ck *c, int min, struct ck_type *t)
{
    if (!cast(c, t))
        return false;
    for (;;) {
        int level = binary_level(c);
        if (!level || level < min)
            return true;
        int at = c->pos;
        char op[4];
        snprintf(op, sizeof op, "%.*s", CK_TOK(c, at));
        c->pos++;
        struct ck_type r;
        if (!binary(c, level + 1, &r) || !binary_type(c, at, op, t, &r))
            return false;
    }
}

static bool conditional(struct ck *c, struct ck_type *t)
{
    int at = c->pos;
    if (!binary(c, 1, t))
        return false;
    if (!accept(c, "?"))
        return true;
    if (ck_non_scalar(ck_kind_of(t))) {
        ck_error(c, at, "used a struct or union value where a scalar is required");
        return false;
    }
    struct ck_type a = *t, b, cond = *t;
    if (!is(c, ":") && !ck_expr(c, &a))
        return false;
    if (!expect(c, ":") || !conditional(c, &b))
        return false;
    struct ck_type x = ck_decay(&a), y = ck_decay(&b);
    enum ck_kind xk = ck_kind_of(&x), yk = ck_kind_of(&y);
    if (xk != CK_UNKNOWN && yk != CK_UNKNOWN && ((xk == CK_STRUCT) != (yk == CK_STRUCT) ||
                                                 (xk == CK_POINTER && yk == CK_FLOAT) ||
                                                 (xk == CK_FLOAT && yk == CK_POINTER))) {
        ck_error(c, at, "type mismatch in conditional expression");
        return false;
    }
    *t = xk == yk ? x : ck_is_arith(xk) && ck_is_arith(yk) ? ck_simple_type(CK_FLOAT)
                                                         : ck_unknown_type(false);
    if (xk == CK_INT && yk == CK_INT)
        *t = ck_simple_type(CK_INT);
    /* a pointer and an integer (the null pointer constant, or gcc's "pointer/integer type
       mismatch"): the pointer */
    if (xk == CK_POINTER && yk == CK_INT)
        *t = x;
    else if (yk == CK_POINTER && xk == CK_INT)
        *t = y;
    /* a floating operand with an unknown one: floating, or not valid C at all */
    if ((xk == CK_FLOAT && (yk == CK_UNKNOWN || ck_is_arith(yk))) ||
        (yk == CK_FLOAT && (xk == CK_UNKNOWN || ck_is_arith(xk))))
        *t = ck_simple_type(CK_FLOAT);
    if (ck_is_arith(xk) && ck_is_arith(yk)) {
        int r = ck_at_usual(ck_arith_of(&x), ck_arith_of(&y));
        unsigned long long vc, vx, vy;
        *t = ck_arith_type(r);
        if (!r)
            t->base = (unsigned char)(xk == CK_FLOAT || yk == CK_FLOAT ? CK_FLOAT : CK_INT);
        else if (ck_value_of(&cond, &vc) && ck_value_of(vc ? &x : &y, vc ? &vx : &vy) &&
                 !(vc ? x : y).overflow)
            *t = ck_constant(r, vc ? vx : vy);     /* gcc folds it, whatever the other arm */
    }
    t->lvalue = false;
    return true;
}

/* `a op b` where op is "=" or a compound assignment, a at token at and b at token bt: what
 * gcc rejects (C11 6.5.16: arrays are not assignable, the simple assignment's operands must
 * fit as an initializer's would, `a op= b` as `a op b`). */
static bool assignment_fits(struct ck *c, int at, int bt, const char *op, const struct ck_type *a,
                            const struct ck_type *b)
{
    if (ck_kind_of(a) == CK_ARRAY) {
        ck_error(c, at, "assignment to expression with array type");
        return false;
    }
    if (!strcmp(op, "="))
        return value_fits(c, bt, a, b, NULL);
    char bop[4];
    snprintf(bop, sizeof bop, "%.*s", (int)strlen(op) - 1, op);
    struct ck_type x = *a;
    return binary_type(c, bt - 1, bop, &x, b) && value_fits(c, bt - 1, a, &x, NULL);
}

static bool assign(struct ck *c, struct ck_type *t)
{
    static const char *const ops[] = { "=", "*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=",
                                       "^=", "|=" };
    int at = c->pos;
    if (!conditional(c, t))
        return false;
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++)
        if (is(c, ops[k])) {
            c->pos++;
            if (!want_lvalue(c, at, t, "left operand of assignment"))
                return false;
            struct ck_type r;
            int rat = c->pos;
            if (!assign(c, &r) || !assignment_fits(c, at, rat, ops[k], t, &r))
                return false;
            t->lvalue = t->bitfield = false;
            return true;
        }
    return true;
}

bool ck_expr(struct ck *c, struct ck_type *t)
{
    bool comma = false;
    do {
        if (!assign(c, t))
            return false;
    } while (accept(c, ",") && (comma = true));
    if (comma) {
        t->lvalue = false;          /* (a, b) is b's value, not b */
        t->has_value = false;       /* ... and not a constant expression (C11 6.6p3) */
        t->narrow_bitfield = t->bitfield = false;
    }
    return true;
}
