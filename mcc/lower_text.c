/*
 * lower_text.c - the text helpers of the lowering: growable text (lbuf_*), the source's
 * text, identifiers renamed in pragma expressions by the current frame, pointer maps, and
 * the names of the function being lowered (its locals and parameters by position).  They
 * call nothing else of the lowering: the walk (lower.c) and the construct modules build on
 * them.
 */
#include "mcc.h"
#include "c.tab.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- growable text -------------------------------------------------------------------- */

static void lbuf_grow(struct lower_buf *b, size_t more)
{
    if (b->len + more + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap * 2 : 256;
    while (cap < b->len + more + 1)
        cap *= 2;
    char *s = realloc(b->s, cap);
    if (!s) {
        fputs("mcc: out of memory\n", stderr);
        abort();
    }
    b->s = s;
    b->cap = cap;
}

void lbuf_puts(struct lower_buf *b, const char *s)
{
    size_t n = strlen(s);
    lbuf_grow(b, n);
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
}

void lbuf_printf(struct lower_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    lbuf_grow(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

char *lbuf_take(struct lower_buf *b, struct mcc_arena *a)
{
    char *s = arena_strndup(a, b->s ? b->s : "", b->len);
    free(b->s);
    memset(b, 0, sizeof *b);
    return s;
}

/* ---- text of the source ---------------------------------------------------------------- */

char *lower_src(struct lower *L, size_t begin, size_t end)
{
    return arena_strndup(L->a, L->text + begin, end - begin);
}

char *lower_render(struct lower *L, const struct ast *n)
{
    return rewrite_text(L->rw, n->begin, n->end);
}

static bool is_ident_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' ||
           (unsigned char)c >= 0x80;
}

static bool is_ident_char(char c)
{
    return is_ident_start(c) || (c >= '0' && c <= '9');
}

/* Length of the identifier at s: gcc -E spells its extended characters as UCNs. */
static size_t ident_len(const char *s)
{
    size_t n = 0, u;
    for (;;) {
        if (is_ident_char(s[n]))
            n++;
        else if ((u = omp_ucn_len(s + n, SIZE_MAX)) > 0)
            n += u;
        else
            return n;
    }
}

/* Length of the string or character literal at s (quote q). */
static size_t literal_len(const char *s, char q)
{
    size_t i = 1;
    while (s[i] && s[i] != q) {
        if (s[i] == '\\' && s[i + 1])
            i++;
        i++;
    }
    return s[i] ? i + 1 : i;
}

const char *lower_bytes_at(struct lower *L, const char *addr, bool konst)
{
    return arena_printf(L->a, "(%svoid *)(" LOWER_SIZE_T ")(%s)", konst ? "const " : "", addr);
}

char *lower_uncomment(struct lower *L, const char *text, size_t len)
{
    char *out = arena_alloc(L->a, len + 1), *o = out;
    for (size_t i = 0; i < len;) {
        if (text[i] == '/' && i + 1 < len && (text[i + 1] == '*' || text[i + 1] == '/')) {
            const char *e = text[i + 1] == '*'
                ? memmem(text + i + 2, len - i - 2, "*/", 2) : memchr(text + i, '\n', len - i);
            i = !e ? len : text[i + 1] == '*' ? (size_t)(e - text) + 2 : (size_t)(e - text);
            *o++ = ' ';
            continue;
        }
        size_t n = 1;
        if (text[i] == '"' || text[i] == '\'') {   /* (no NUL need follow the text) */
            size_t j = i + 1;
            while (j < len && text[j] != text[i])
                j += text[j] == '\\' ? 2 : 1;
            n = (j < len ? j + 1 : len) - i;
        }
        memcpy(o, text + i, n);
        o += n;
        i += n;
    }
    *o = 0;
    return out;
}

static const struct lower_var *frame_var_named(const struct lower_frame *f, const char *s,
                                               size_t n)
{
    for (const struct lower_var *v = f ? f->vars : NULL; v; v = v->next)
        if (v->sym->name->len == n && memcmp(v->sym->name->str, s, n) == 0)
            return v;
    return NULL;
}

bool lower_name_in(const char *s, size_t n, const char *const *names, int count)
{
    for (int i = 0; i < count; i++)
        if (strlen(names[i]) == n && memcmp(names[i], s, n) == 0)
            return true;
    return false;
}

char *lower_map_idents(struct lower *L, const char *text, lower_ident_fn *fn, void *arg)
{
    struct lower_buf b = {0};
    const char *s = text;
    char prev = 0;      /* last non-blank character copied; '.' and 'A' (->) skip members */
    while (*s) {
        if (*s == '"' || *s == '\'') {
            size_t n = literal_len(s, *s);
            lbuf_printf(&b, "%.*s", (int)n, s);
            s += n;
            prev = 'x';
        } else if (*s >= '0' && *s <= '9') {
            size_t n = 1;
            while (is_ident_char(s[n]) || s[n] == '.' ||
                   ((s[n] == '+' || s[n] == '-') && strchr("eEpP", s[n - 1])))
                n++;
            lbuf_printf(&b, "%.*s", (int)n, s);
            s += n;
            prev = '0';
        } else if (is_ident_start(*s) || omp_ucn_len(s, SIZE_MAX)) {
            size_t n = ident_len(s);
            const char *rep = prev == '.' || prev == 'A' ? NULL : fn(arg, s, n);
            if (rep)
                lbuf_puts(&b, rep);
            else
                lbuf_printf(&b, "%.*s", (int)n, s);
            s += n;
            prev = 'x';
        } else {
            if (*s == '>' && s > text && s[-1] == '-')
                prev = 'A';
            else if (*s != ' ' && *s != '\t' && *s != '\n')
                prev = *s;
            lbuf_printf(&b, "%c", *s);
            s++;
        }
    }
    return lbuf_take(&b, L->a);
}

struct expr_map {
    struct lower *L;
    const char *const *skip;
    int nskip;
};

static const char *frame_rename(void *arg, const char *s, size_t n)
{
    struct expr_map *m = arg;
    if (lower_name_in(s, n, m->skip, m->nskip))
        return NULL;
    const struct lower_var *v = frame_var_named(m->L->frame, s, n);
    return v ? v->use : NULL;
}

char *lower_expr(struct lower *L, const char *text, const char *const *skip, int nskip)
{
    struct expr_map m = {L, skip, nskip};
    return lower_map_idents(L, text, frame_rename, &m);
}

bool lower_has_effects(const char *e)
{
    for (const char *s = e; *s; s++) {
        if ((s[0] == '+' && s[1] == '+') || (s[0] == '-' && s[1] == '-'))
            return true;
        if (s[0] == '=' && s[1] != '=' && s > e &&
            (!strchr("=!<>", s[-1]) || (s - e >= 2 && s[-2] == s[-1])))    /* (<<=, >>=) */
            return true;
        if (s[0] == '(') {
            const char *p = s;
            while (p > e && (p[-1] == ' ' || p[-1] == '\t' || p[-1] == '\n'))
                p--;
            if (p > e && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == ')' ||
                          p[-1] == ']'))
                return true;
        }
    }
    return false;
}

/* ---- pointer maps ------------------------------------------------------------------- */

static size_t map_slot(const struct lower_map *m, const void *key)
{
    uintptr_t h = (uintptr_t)key;
    h ^= h >> 17;
    h *= (uintptr_t)0x9e3779b97f4a7c15u;
    size_t i = (size_t)(h ^ (h >> 29)) & (m->cap - 1);
    while (m->keys[i] && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    return i;
}

void *lower_map_get(const struct lower_map *m, const void *key)
{
    return m->cap ? m->vals[map_slot(m, key)] : NULL;
}

void lower_map_put(struct lower *L, struct lower_map *m, const void *key, void *val)
{
    if (2 * (m->n + 1) > m->cap) {        /* at most half full */
        struct lower_map g = {0};
        g.cap = m->cap ? 2 * m->cap : 64;
        g.keys = arena_alloc(L->a, g.cap * sizeof *g.keys);
        g.vals = arena_alloc(L->a, g.cap * sizeof *g.vals);
        g.order = arena_grow(L->a, m->order, m->n, g.cap / 2, sizeof *g.order);
        for (size_t i = 0; i < m->cap; i++)
            if (m->keys[i]) {
                size_t j = map_slot(&g, m->keys[i]);
                g.keys[j] = m->keys[i];
                g.vals[j] = m->vals[i];
                g.n++;
            }
        *m = g;
    }
    size_t i = map_slot(m, key);
    if (!m->keys[i])
        m->order[m->n++] = key;
    m->keys[i] = key;
    m->vals[i] = val;
}

/* ---- names of the function being lowered -------------------------------------------- */

static void add_local(struct lower *L, struct sym *sym, size_t from, size_t to)
{
    if (!sym || (sym->kind != SYM_OBJECT && sym->kind != SYM_PARAM))
        return;
    ARENA_GROW(L->a, L->locals, L->nlocals, L->caplocals, 64);
    L->locals[L->nlocals++] = (struct lower_local){sym, from, to};
    L->locals_sorted = false;
}

/* Locals ordered by interned name, so that lower_resolve looks only at one name's. */
static int local_cmp(const void *a, const void *b)
{
    const struct lower_local *x = a, *y = b;
    uintptr_t p = (uintptr_t)x->sym->name, q = (uintptr_t)y->sym->name;
    if (p != q)
        return p < q ? -1 : 1;
    return x->from < y->from ? -1 : x->from > y->from;
}

/* Index of the first local named n in the sorted array (nlocals if none). */
static int first_local_named(const struct lower *L, const struct name *n)
{
    int lo = 0, hi = L->nlocals;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if ((uintptr_t)L->locals[mid].sym->name < (uintptr_t)n)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Declarations of a block are visible to its end; of a for-init, to the for's end. */
static void collect_locals(struct lower *L, struct ast *n, size_t scope_end)
{
    if (!n)
        return;
    if (n->kind == AST_LIST) {
        for (struct ast *i = n->kid[0]; i; i = i->next)
            collect_locals(L, i, scope_end);
        return;
    }
    if (n->kind == AST_COMPOUND || n->kind == AST_FOR)
        scope_end = n->end;
    if (n->kind == AST_INIT_DECLARATOR && n->sym)
        add_local(L, n->sym, n->kid[0] ? n->kid[0]->end : n->begin, scope_end);
    if (n->kind == AST_PRAGMA)
        return;
    for (int k = 0; k < 4; k++)
        collect_locals(L, n->kid[k], scope_end);
}

void lower_set_params(struct lower *L, struct ast *params, size_t from, size_t to)
{
    L->locals = NULL;
    L->nlocals = L->caplocals = 0;
    for (struct ast *p = params ? params->kid[0] : NULL; p; p = p->next)
        if (p->kind == AST_PARAM)
            add_local(L, p->sym, from, to);
}

void lower_function_locals(struct lower *L, struct ast *def)
{
    lower_set_params(L, ast_declarator_params(def->kid[1]), def->begin, def->end);
    collect_locals(L, def->kid[2], def->end);      /* K&R parameter declarations */
    collect_locals(L, def->kid[3], def->end);
}

/* The declaration in K&R declaration list `decls` of identifier n: its AST_PARAM. */
static struct ast *kr_param(struct lower *L, struct ast *decls, const struct name *n)
{
    for (struct ast *d = decls->kid[0]; d; d = d->next)
        for (struct ast *i = d->kid[1] ? d->kid[1]->kid[0] : NULL; i; i = i->next)
            if (i->sym && i->sym->name == n && i->sym->kind == SYM_PARAM) {
                struct ast *p = ast_new(&L->t->parser, AST_PARAM, i->begin, i->end);
                p->kid[0] = d->kid[0];
                p->kid[1] = i->kid[0];
                p->sym = i->sym;
                return p;
            }
    return NULL;
}

struct ast *lower_kr_params(struct lower *L, struct ast *def)
{
    struct ast *fd = def->kind == AST_FUNCTION_DEF ? lower_function_declarator(def) : NULL;
    struct ast *ids = fd ? ast_declarator_params(fd) : NULL;
    if (!ids || !def->kid[2] || !ids->kid[0] || ids->kid[0]->kind != AST_DECL_NAME)
        return NULL;
    struct ast *list = NULL;
    for (struct ast *id = ids->kid[0]; id; id = id->next) {
        struct ast *p = kr_param(L, def->kid[2], id->name);
        if (!p)
            return NULL;
        list = list ? ast_list_append(list, p) : ast_list(&L->t->parser, p);
    }
    list->begin = ids->begin;
    list->end = ids->end;
    return list;
}

struct sym *lower_resolve(struct lower *L, const char *name, size_t len, size_t off)
{
    struct name *n = name_intern(&L->t->parser, name, len);
    if (!L->locals_sorted) {
        if (L->nlocals)
            qsort(L->locals, (size_t)L->nlocals, sizeof *L->locals, local_cmp);
        L->locals_sorted = true;
    }
    /* Of the declarations of n in scope at off, the innermost starts last. */
    struct sym *best = NULL;
    for (int i = first_local_named(L, n); i < L->nlocals && L->locals[i].sym->name == n; i++)
        if (L->locals[i].from <= off && off < L->locals[i].to)
            best = L->locals[i].sym;
    return best ? best : n->ord;
}

/* The function declarator of a declaration or definition that declares one function. */
struct ast *lower_function_declarator(struct ast *item)
{
    if (item->kind == AST_FUNCTION_DEF)
        return item->kid[1];
    if (item->kind != AST_DECLARATION || !item->kid[1])
        return NULL;
    struct ast *id = item->kid[1]->kid[0];
    if (!id || id->next || id->kind != AST_INIT_DECLARATOR || !id->sym ||
        id->sym->kind != SYM_FUNCTION)
        return NULL;
    return id->kid[0];
}

/* ---- function tasks by name, declarators and their types (lower_task.c, lower_cuda.c, ... */

struct lower_ftask *lower_ftask_find(struct lower *L, const struct name *n)
{
    return lower_map_get(&L->ftask_of, n);
}

struct ast *lower_full_declarator(struct sym *sym)
{
    struct ast *d = sym ? sym->decl : NULL;
    if (!d)
        return NULL;
    switch (d->kind) {
    case AST_DECLARATION:
        /* the init-declarator that holds the name */
        for (struct ast *i = d->kid[1] ? d->kid[1]->kid[0] : NULL; i; i = i->next)
            if (i->kind == AST_INIT_DECLARATOR && i->kid[0] &&
                i->kid[0]->begin <= sym->declarator->begin &&
                sym->declarator->end <= i->kid[0]->end)
                return i->kid[0];
        return sym->declarator;
    case AST_INIT_DECLARATOR: return d->kid[0];
    case AST_PARAM: case AST_FUNCTION_DEF: return d->kid[1];
    default: return sym->declarator;
    }
}

/* Does tree n have a node `hit` takes? */
static bool tree_has(struct ast *n, bool (*hit)(const struct ast *))
{
    if (!n)
        return false;
    if (hit(n))
        return true;
    if (n->kind == AST_LIST) {
        for (struct ast *i = n->kid[0]; i; i = i->next)
            if (tree_has(i, hit))
                return true;
        return false;
    }
    for (int k = 0; k < 4; k++)
        if (tree_has(n->kid[k], hit))
            return true;
    return false;
}

static bool is_ident(const struct ast *n)
{
    return n->kind == AST_IDENT && (!n->sym || n->sym->kind != SYM_ENUM_CONST);
}

static bool has_ident(struct ast *n)
{
    return tree_has(n, is_ident);
}

bool lower_declarator_is_vm(struct ast *d)
{
    for (; d && d->kind != AST_DECL_NAME; d = d->kid[0])
        if (d->kind == AST_DECL_ARRAY && d->kid[1] && has_ident(d->kid[1]))
            return true;
    return false;
}

/* The array derivation a parameter declared as an array has first (`q[3]` in `int q[3]`,
 * `m[]` in `float *m[]`): the one that parameter adjustment turns into a pointer (C11
 * 6.7.6.3p7).  NULL when the array type comes from a typedef (`coor c`) or s is no such
 * parameter. */
static struct ast *adjusted_array(struct sym *s)
{
    struct ast *d = s && s->array_param ? lower_full_declarator(s) : NULL, *last = NULL;
    for (; d && d->kind != AST_DECL_NAME; d = d->kid[0])
        last = d;
    return last && last->kind == AST_DECL_ARRAY ? last : NULL;
}

static bool is_vm_typedef(const struct ast *n)
{
    return n->kind == AST_TYPEDEF_REF && lower_local_vm_typedef(n->sym);
}

/* Do the specifiers `n` name a local typedef of a variably modified type? */
static bool names_vm_typedef(struct ast *n)
{
    return tree_has(n, is_vm_typedef);
}

/* A block-scope array whose size its initializer gives (`int tab[] = {1, 2, 3};`, `static
 * const char s[] = "hi";`): its type cannot be written at file scope either, so it is
 * captured as a variably modified one, its extent recorded at creation (lower_vla_bounds).
 * (`row a;` with `typedef double row[n];` is no such array: its typedef has the extent;
 * nor is `vec3 r;` with `typedef double vec3[3];`.) */
bool lower_unsized_local(struct sym *s)
{
    bool block_scope = s->storage == STORAGE_LOCAL ||
                       (s->storage == STORAGE_STATIC && s->depth > 0);
    if (s->kind != SYM_OBJECT || s->type != TYPE_ARRAY || s->array_param || s->array_size ||
        !block_scope || names_vm_typedef(s->specs))
        return false;
    struct ast *last = NULL;
    for (struct ast *d = lower_full_declarator(s); d && d->kind != AST_DECL_NAME; d = d->kid[0])
        last = d;
    if (last && last->kind == AST_DECL_ARRAY)
        return true;
    /* the array type is a typedef's (`vec3 r;` with `typedef double vec3[3];`): unsized
       only when the typedef is (`typedef int list[]; list l = {1, 2};`) */
    struct sym *td = lower_array_typedef(s);
    return !td || !td->array_size;
}

bool lower_unsized_typedef_local(struct sym *s)
{
    struct ast *d = lower_full_declarator(s);
    if (!lower_unsized_local(s) || (d && d->kind != AST_DECL_NAME))
        return false;
    struct sym *td = lower_array_typedef(s);
    return td && !td->array_size;   /* (not va_list, whose array type is the compiler's) */
}

struct sym *lower_array_typedef(struct sym *s)
{
    for (int depth = 0; s && depth < 32; depth++) {
        struct sym *td = NULL;
        struct ast *list = s->specs ? s->specs->kid[0] : NULL;
        for (struct ast *sp = list ? list->kid[0] : NULL; sp; sp = sp->next)
            if (sp->kind == AST_TYPEDEF_REF && sp->sym && sp->sym != s)
                td = sp->sym;
        if (!td || td->type != TYPE_ARRAY)
            return NULL;
        struct ast *d = lower_full_declarator(td);
        if (d && d->kind != AST_DECL_NAME)
            return td;
        s = td;
    }
    return NULL;
}

bool lower_sym_is_vm(struct sym *s)
{
    if (lower_unsized_local(s))
        return true;
    struct ast *skip = adjusted_array(s);
    for (struct ast *d = lower_full_declarator(s); d && d->kind != AST_DECL_NAME; d = d->kid[0])
        if (d != skip && d->kind == AST_DECL_ARRAY && d->kid[1] && has_ident(d->kid[1]))
            return true;
    return names_vm_typedef(s->specs);
}

static bool is_tag_definition(const struct ast *n)
{
    return (n->kind == AST_STRUCT || n->kind == AST_ENUM) && n->kid[0];
}

bool lower_specs_define_tag(struct ast *specs)
{
    return specs && tree_has(specs, is_tag_definition);
}

/* A local typedef of a variably modified type that an outlined function can declare again
 * (lower_typedef_decl).  Not one that defines its tag (`typedef struct { double x; }
 * pts[n];`): declared again, it would be another type; a task using it stays a nested
 * function, as before such typedefs were declared again (which needs gcc's trampoline). */
bool lower_local_vm_typedef(struct sym *t)
{
    return t && t->kind == SYM_TYPEDEF && t->depth > 0 && lower_sym_is_vm(t) &&
           !tree_has(t->specs, is_tag_definition);
}

/* Where a type is written again. */
enum print_at {
    PRINT_FILE,         /* at file scope: no local typedefs, tags, enumeration constants
                           (`int a[N]` with N the function's own) or typeof of what is
                           not declared at file scope */
    PRINT_OUTLINE,      /* in an outlined function, which declares again the local typedefs
                           of variably modified types it uses (lower_typedef_decl) */
    PRINT_HERE,         /* where the declaration stands, in its function: not a tag it
                           defines (`enum {A, B} e`, a second definition), not __auto_type
                           (which needs its initializer) */
    PRINT_NESTED,       /* as PRINT_HERE, in a function nested there whose own names for
                           the frame's variables are declared in the order of its captures:
                           no typeof either (`__typeof__(buf[0]) w[n]` would name a `buf`
                           declared after it) */
};

/* Does n name only what is declared at file scope (`gv[0]` of a global gv, not a local
 * or a parameter `n`)? */
static bool names_file_scope(const struct ast *n)
{
    if (!n)
        return true;
    if (n->kind == AST_IDENT)
        return n->sym && n->sym->depth == 0;
    if (n->kind == AST_LIST) {
        for (const struct ast *i = n->kid[0]; i; i = i->next)
            if (!names_file_scope(i))
                return false;
        return true;
    }
    for (int k = 0; k < 4; k++)
        if (!names_file_scope(n->kid[k]))
            return false;
    return true;
}

/* Can this type be written at `at`? */
static bool printable(struct ast *n, enum print_at at)
{
    if (!n)
        return true;
    bool here = at == PRINT_HERE || at == PRINT_NESTED;
    switch (n->kind) {
    case AST_IDENT:
        return here || !n->sym || n->sym->kind != SYM_ENUM_CONST || n->sym->depth == 0;
    case AST_TYPEDEF_REF:
        return here || !n->sym || n->sym->depth == 0 ||
               (at == PRINT_OUTLINE && lower_local_vm_typedef(n->sym));
    case AST_STRUCT: case AST_ENUM:
        return !n->kid[0] && (here || !n->sym || n->sym->depth == 0);
    case AST_TYPEOF:
        /* (not in a nested outline, whose names for the frame's variables follow its
           captures' order; elsewhere when what it names is declared at file scope,
           `__typeof__(gv[0]) w`, and the type names in it can be written there) */
        return at == PRINT_HERE || (names_file_scope(n->kid[0]) && printable(n->kid[0], at));
    case AST_SPECIFIER:
        return n->op != KW_AUTO_TYPE;
    case AST_LIST:
        for (struct ast *i = n->kid[0]; i; i = i->next)
            if (!printable(i, at))
                return false;
        return true;
    default:
        for (int k = 0; k < 4; k++)
            if (!printable(n->kid[k], at))
                return false;
        return true;
    }
}

static bool storage_class(const struct ast *s)
{
    if (s->kind != AST_SPECIFIER)
        return false;
    switch (s->op) {
    case KW_STATIC: case KW_EXTERN: case KW_AUTO: case KW_REGISTER: case KW_TYPEDEF:
    case KW_THREAD_LOCAL: case KW_INLINE: case KW_NORETURN:
        return true;
    default:
        return false;
    }
}

/* The specifiers of `specs` without storage classes, as source text. */
void lower_specs_text(struct lower *L, struct lower_buf *b, struct ast *specs)
{
    struct ast *list = specs ? specs->kid[0] : NULL;
    for (struct ast *s = list ? list->kid[0] : NULL; s; s = s->next)
        if (!storage_class(s))
            lbuf_printf(b, "%.*s ", (int)(s->end - s->begin), L->text + s->begin);
}

/* Source [begin, end) into b, each span of `subst` inside it replaced by its text. */
static void put_src(struct lower *L, struct lower_buf *b, size_t begin, size_t end,
                    const struct lower_subst *subst, int nsubst)
{
    for (int i = 0; i < nsubst; i++) {
        if (subst[i].begin < begin || subst[i].end > end)
            continue;
        lbuf_printf(b, "%.*s%s", (int)(subst[i].begin - begin), L->text + begin,
                    subst[i].text);
        begin = subst[i].end;
    }
    lbuf_printf(b, "%.*s", (int)(end - begin), L->text + begin);
}

static char *decl_text(struct lower *L, struct sym *sym, const char *name,
                       const struct lower_subst *subst, int nsubst, enum print_at at)
{
    struct ast *decl = lower_full_declarator(sym);
    if (!decl || !sym->specs || !printable(sym->specs, at) || !printable(decl, at))
        return NULL;
    struct lower_buf b = {0};
    struct ast *dn = sym->declarator;
    const char *id = name ? name : lower_src(L, dn->begin, dn->end);
    struct ast *arr = adjusted_array(sym);
    if (sym->array_param && !arr) {
        /* the array type is a typedef's: a pointer to its element */
        lbuf_puts(&b, "__typeof__((*(");
        lower_specs_text(L, &b, sym->specs);
        lbuf_printf(&b, "*)0)[0]) *%s", id);
        return lbuf_take(&b, L->a);
    }
    if (lower_unsized_typedef_local(sym)) {
        /* `row r = {1, 2, 3};` with `typedef int row[];`: an array of the typedef's
         * element, its extent the one recorded (vla_bounds), or none */
        lbuf_puts(&b, "__typeof__((*(");
        lower_specs_text(L, &b, sym->specs);
        lbuf_printf(&b, "*)0)[0]) %s[%s]", id, nsubst ? subst[0].text : "");
        return lbuf_take(&b, L->a);
    }
    lower_specs_text(L, &b, sym->specs);
    put_src(L, &b, decl->begin, dn->begin, subst, nsubst);
    if (arr) {
        /* `q[3]` -> `(*q)`: what lies between the name and the '[' (closing parentheses)
         * stays; the bound and its qualifiers go */
        size_t open = arr->kid[0]->end;
        while (open < arr->end && L->text[open] != '[')
            open++;
        lbuf_printf(&b, "(*%s%.*s)", id, (int)(open - dn->end), L->text + dn->end);
        put_src(L, &b, arr->end, decl->end, subst, nsubst);
        return lbuf_take(&b, L->a);
    }
    /* `int cb(int)` or `fn_t cb` as a parameter is a pointer to the function: as a
     * member of a task's argument block it is written `int (*cb)(int)`, `fn_t (*cb)` (a
     * member of function type is an error) */
    lbuf_printf(&b, sym->function_param ? "(*%s)" : "%s", id);
    put_src(L, &b, dn->end, decl->end, subst, nsubst);
    return lbuf_take(&b, L->a);
}

/* Does the text [begin, end) name only keywords and names of file scope (numbers,
 * strings)?  *aligned: set when it names `aligned` or `__aligned__`. */
static bool file_scope_text(struct lower *L, size_t begin, size_t end, bool *aligned)
{
    const char *text = L->text;
    for (size_t i = begin; i < end; i++) {
        if (text[i] == '"') {
            for (i++; i < end && text[i] != '"'; i++)
                if (text[i] == '\\')
                    i++;
            continue;
        }
        if (text[i] >= '0' && text[i] <= '9') {       /* a number: 64, 0x40, 64UL */
            while (i + 1 < end && (isalnum((unsigned char)text[i + 1]) || text[i + 1] == '.'))
                i++;
            continue;
        }
        if (!(text[i] == '_' || (text[i] >= 'a' && text[i] <= 'z') ||
              (text[i] >= 'A' && text[i] <= 'Z')))
            continue;
        size_t j = i;
        while (j < end && (text[j] == '_' || (text[j] >= 'a' && text[j] <= 'z') ||
                           (text[j] >= 'A' && text[j] <= 'Z') || (text[j] >= '0' && text[j] <= '9')))
            j++;
        if ((j - i == 7 && memcmp(text + i, "aligned", 7) == 0) ||
            (j - i == 11 && memcmp(text + i, "__aligned__", 11) == 0))
            *aligned = true;
        else if (!name_intern(&L->t->parser, text + i, j - i)->keyword) {
            /* a name of file scope (an enumerator, a global), else none we can write */
            struct sym *y = lower_resolve(L, text + i, j - i, begin);
            if (!y || y->depth > 0)
                return false;
        }
        i = j - 1;
    }
    return true;
}

/* Does the attribute specifier [begin, end) name `aligned` (or `__aligned__`)?  (Not in
 * a string: `section("aligned")`.)  Not when another name in it is not one of file scope
 * (`enum { AL = 64 }; ... aligned(AL)` in the function): the task's argument struct is at
 * file scope, where that name is not declared, and the copy then keeps its type's
 * alignment only. */
static bool names_aligned(struct lower *L, size_t begin, size_t end)
{
    bool aligned = false;
    return file_scope_text(L, begin, end, &aligned) && aligned;
}

char *lower_decl_align_attrs(struct lower *L, struct sym *sym)
{
    struct ast *d = sym ? sym->decl : NULL;
    struct ast *suffix = NULL;
    if (d && d->kind == AST_DECLARATION) {
        for (struct ast *i = d->kid[1] ? d->kid[1]->kid[0] : NULL; i; i = i->next)
            if (i->kind == AST_INIT_DECLARATOR && i->kid[0] &&
                i->kid[0]->begin <= sym->declarator->begin &&
                sym->declarator->end <= i->kid[0]->end)
                suffix = i->kid[2];
    } else if (d && d->kind == AST_INIT_DECLARATOR) {
        suffix = d->kid[2];
    }
    struct lower_buf b = {0};
    for (struct ast *a = suffix && suffix->kind == AST_LIST ? suffix->kid[0] : NULL; a;
         a = a->next)
        if (a->kind == AST_ATTRIBUTE && names_aligned(L, a->begin, a->end))
            lbuf_printf(&b, " %.*s", (int)(a->end - a->begin), L->text + a->begin);
    return b.s ? lbuf_take(&b, L->a) : "";
}

const char *lower_decl_align_expr(struct lower *L, struct sym *sym)
{
    struct lower_buf b = {0};
    char *attrs = lower_decl_align_attrs(L, sym);
    struct ast *list = sym && sym->specs ? sym->specs->kid[0] : NULL;
    bool unused;
    /* (__extension__: the user's _Alignas, which -std=c99 -pedantic warns of once where
       the user wrote it, not again on the pragma's line at every use) */
    lbuf_puts(&b, "(__extension__ __alignof__(struct { ");
    for (struct ast *sp = list ? list->kid[0] : NULL; sp; sp = sp->next)
        if (sp->kind == AST_SPECIFIER && sp->op == KW_ALIGNAS &&
            file_scope_text(L, sp->begin, sp->end, &unused))
            lbuf_printf(&b, "%.*s ", (int)(sp->end - sp->begin), L->text + sp->begin);
    lbuf_printf(&b, "char __nrt_c%s; }))", attrs);
    char *e = lbuf_take(&b, L->a);
    return strcmp(e, "(__extension__ __alignof__(struct { char __nrt_c; }))") ? e : NULL;
}

char *lower_decl_text_subst(struct lower *L, struct sym *sym, const char *name,
                            const struct lower_subst *subst, int nsubst, bool nested)
{
    return decl_text(L, sym, name, subst, nsubst, nested ? PRINT_NESTED : PRINT_OUTLINE);
}

char *lower_decl_text(struct lower *L, struct sym *sym, const char *name)
{
    return decl_text(L, sym, name, NULL, 0, PRINT_FILE);
}

char *lower_decl_in_frame(struct lower *L, const char *decl, const char *name)
{
    char *m = lower_expr(L, decl, NULL, 0);
    char *at = strchr(m, '@');
    if (!at)
        return m;
    return arena_printf(L->a, "%.*s%s%s", (int)(at - m), m, name, at + 1);
}

char *lower_decl_text_here(struct lower *L, struct sym *sym, const char *name)
{
    char *t = decl_text(L, sym, "@", NULL, 0, PRINT_HERE);
    if (!t)
        return NULL;
    return lower_decl_in_frame(L, t, name ? name : arena_strndup(L->a, sym->name->str,
                                                                 sym->name->len));
}

/* The levels of sym's declarator from the name outward (into an arena array). */
static int declarator_levels(struct lower *L, struct sym *sym, struct ast ***levels)
{
    int n = 0;
    struct ast *full = lower_full_declarator(sym);
    for (struct ast *d = full; d && d->kind != AST_DECL_NAME; d = d->kid[0])
        n++;
    *levels = arena_alloc(L->a, (size_t)(n ? n : 1) * sizeof **levels);
    int i = n;
    for (struct ast *d = full; d && d->kind != AST_DECL_NAME; d = d->kid[0])
        (*levels)[--i] = d;
    return n;
}

/* The extent of array e (an element of size 0 (GNU) leaves it of no use: 1 avoids x / 0). */
static const char *unsized_extent(struct lower *L, const char *e)
{
    return arena_printf(L->a, "(sizeof((%s)[0]) ? sizeof(%s) / sizeof((%s)[0]) : 1)", e, e, e);
}

/* lower_vla_bounds, and lower_typedef_bounds when `at` is not NULL: what a pointer level
 * points to is then taken at `at`, not loaded through the pointer. */
static int vla_bounds(struct lower *L, struct sym *sym, const char *obj, const char *at,
                      struct lower_subst **out)
{
    struct ast **lv;
    int n = declarator_levels(L, sym, &lv), k = 0;
    struct ast *skip = adjusted_array(sym);
    *out = arena_alloc(L->a, (size_t)(n ? n : 1) * sizeof **out);
    if (lower_unsized_typedef_local(sym)) {
        /* its typedef has the brackets: no span of its own declarator (decl_text) */
        (*out)[0] = (struct lower_subst){0, 0, unsized_extent(L, obj)};
        return 1;
    }
    const char *e = obj;
    for (int i = 0; i < n && lv[i]->kind != AST_DECL_FUNCTION; i++) {
        struct ast *a = lv[i];
        if (a->kind != AST_DECL_ARRAY || a == skip) {
            e = at ? arena_printf(L->a, "(*(__typeof__(%s))(%s))", e, at)
                   : arena_printf(L->a, "(*%s)", e);
            continue;
        }
        if ((a->kid[1] && has_ident(a->kid[1])) ||
            (i == 0 && !a->kid[1] && lower_unsized_local(sym))) {
            /* the whole text between the brackets: a parenthesised bound's node may not
             * cover its parentheses */
            size_t open = a->kid[0] ? a->kid[0]->end : a->begin;
            while (open < a->end && L->text[open] != '[')
                open++;
            (*out)[k++] = (struct lower_subst){open + 1, a->end - 1, unsized_extent(L, e)};
        }
        e = arena_printf(L->a, "(%s)[0]", e);
    }
    return k;
}

int lower_vla_bounds(struct lower *L, struct sym *sym, const char *obj,
                     struct lower_subst **out)
{
    return vla_bounds(L, sym, obj, NULL, out);
}

int lower_typedef_bounds(struct lower *L, struct sym *t, const char *at,
                         struct lower_subst **out)
{
    const char *name = arena_strndup(L->a, t->name->str, t->name->len);
    return vla_bounds(L, t, arena_printf(L->a, "(*(%s *)(%s))", name, at), at, out);
}

char *lower_typedef_decl(struct lower *L, struct sym *t, const struct lower_subst *subst,
                         int nsubst, bool nested)
{
    char *d = decl_text(L, t, "@", subst, nsubst, nested ? PRINT_HERE : PRINT_OUTLINE);
    if (!d)
        return NULL;
    return arena_printf(L->a, "__attribute__((__unused__)) typedef %s",
                        lower_decl_in_frame(L, d, arena_strndup(L->a, t->name->str,
                                                                t->name->len)));
}

bool lower_vla_bound_kept(struct ast *level)
{
    for (struct ast *d = level->kid[0]; d && d->kind != AST_DECL_NAME; d = d->kid[0])
        if (d->kind == AST_DECL_FUNCTION)
            return true;
    return false;
}

/* ---- data sharing seen from inside regions ----------------------------------------- */

static const struct lower_var *frame_var(const struct lower_frame *f, const struct sym *s)
{
    for (const struct lower_var *v = f->vars; v; v = v->next)
        if (v->sym == s)
            return v;
    return NULL;
}

static bool declared_in(const struct sym *s, size_t begin, size_t end)
{
    return s->declarator && s->declarator->begin >= begin && s->declarator->begin < end;
}

bool lower_declared_inside(const struct sym *s, const struct ast *node)
{
    return declared_in(s, node->begin, node->end);
}

/* The team region above, and whether s is shared all the way to it. */
static bool shared_up_to_team(struct lower *L, const struct sym *s, bool *in_team)
{
    struct lower_frame *f = L->frame;
    *in_team = false;
    for (struct lower_region *r = L->region; r; r = r->up) {
        for (; f && f != r->frame; f = f->up) {
            const struct lower_var *v = frame_var(f, s);
            if (v && v->region_private) {
                *in_team = true;        /* each thread that runs r has its copy (a scope's
                                           threads too, not only a parallel region's) */
                return false;
            }
            if (v && v->share != LOWER_SHARED)
                return false;
        }
        if (r->team) {
            *in_team = true;
            return s->depth == 0 || !declared_in(s, r->begin, r->end);
        }
    }
    return false;
}

bool lower_team_shared(struct lower *L, const struct sym *s)
{
    bool team;
    return shared_up_to_team(L, s, &team) && team;
}

bool lower_thread_private(struct lower *L, const struct sym *s)
{
    bool team;
    bool shared = shared_up_to_team(L, s, &team);
    return team && !shared;
}

bool lower_frame_copy(struct lower *L, const struct sym *s)
{
    for (struct lower_frame *f = L->frame; f; f = f->up)
        if (frame_var(f, s))
            return true;
    return false;
}

const struct lower_var *lower_region_reduction(struct lower *L, const struct sym *s)
{
    for (struct lower_frame *f = L->frame; f; f = f->up) {
        const struct lower_var *v = frame_var(f, s);
        if (v && v->region_private)
            return v->share == LOWER_REDUCTION ? v : NULL;
        if (v && v->share != LOWER_SHARED)
            return NULL;
    }
    return NULL;
}

bool lower_in_region_body(struct lower *L)
{
    struct lower_region *r = L->region;
    if (!r || !r->team)
        return false;               /* outside regions, or in a single/master/sections/
                                     * taskgroup of one: its code sizes per-thread data by
                                     * the team (omp_get_num_threads() is the workers) */
    for (struct lower_frame *f = L->frame; f && f != r->frame; f = f->up)
        if (!f->region)
            return false;           /* inside a task created in the region */
    return true;
}

bool lower_team_shares(struct lower *L, const struct lower_dir *d)
{
    struct lower_region *r = L->region;
    if ((d->dir->kind != OMP_DIR_FOR && d->dir->kind != OMP_DIR_SECTIONS) ||
        d->dir->parallel || !r || !r->threads)
        return false;
    /* (the frames up to the region's: privatised variables', and the member task's own,
       the one right inside the region; not a task's created in the body) */
    for (struct lower_frame *f = L->frame; f && f != r->frame; f = f->up)
        if (!f->region && f->up != r->frame)
            return false;
    return true;
}

/* The variable an lvalue expression designates (x, x[i], x.f, (x)), or NULL. */
static const struct sym *lvalue_root(const struct ast *e)
{
    while (e && (e->kind == AST_SUBSCRIPT || (e->kind == AST_MEMBER && e->op == '.')))
        e = e->kid[0];
    return e && e->kind == AST_IDENT ? e->sym : NULL;
}

static bool names_visit(struct ast *n, void *arg)
{
    const struct sym **s = arg;
    if (*s && n->kind == AST_IDENT && n->sym == *s)
        *s = NULL;
    return *s != NULL;
}

/* Does the lvalue e (x[i][j], x[i].f) have a subscript naming s? */
static bool indexed_by(struct ast *e, const struct sym *s)
{
    for (; e && (e->kind == AST_SUBSCRIPT || (e->kind == AST_MEMBER && e->op == '.'));
         e = e->kid[0]) {
        const struct sym *want = s;
        if (e->kind == AST_SUBSCRIPT && e->kid[1])
            ast_walk(e->kid[1], names_visit, &want);
        if (!want)
            return true;
    }
    return false;
}

/* Does any node of the tree n (lists followed) satisfy hit(node, s)? */
static bool any_node(struct ast *n, bool (*hit)(struct ast *, const struct sym *),
                     const struct sym *s)
{
    if (!n)
        return false;
    if (n->kind == AST_LIST) {
        for (struct ast *i = n->kid[0]; i; i = i->next)
            if (any_node(i, hit, s))
                return true;
        return false;
    }
    if (hit(n, s))
        return true;
    for (int k = 0; k < 4; k++)
        if (any_node(n->kid[k], hit, s))
            return true;
    return false;
}

/* n writes s (or part of it), takes its address, or passes the array s to a function */
/* Does writing (or taking the address of) the lvalue e change s itself: e is s, or an
 * element or member of it, but not an element of what the pointer s points to (p[i] = x
 * leaves p as it is: the swapped-pointer stencil's loop writing b[i] with b private to
 * each thread of its region ran as one task). */
static bool changes(const struct ast *e, const struct sym *s)
{
    if (lvalue_root(e) != s)
        return false;
    if (s->type != TYPE_POINTER)
        return true;
    for (; e && (e->kind == AST_SUBSCRIPT || (e->kind == AST_MEMBER && e->op == '.'));
         e = e->kid[0])
        if (e->kind == AST_SUBSCRIPT)
            return false;
    return true;
}

struct ast *lower_write_target(struct ast *n, bool address)
{
    bool unary = n->kind == AST_UNARY &&
                 (n->op == INC_OP || n->op == DEC_OP || (address && n->op == '&'));
    return n->kind == AST_ASSIGN || n->kind == AST_POSTFIX || unary ? n->kid[0] : NULL;
}

static bool writes(struct ast *n, const struct sym *s)
{
    struct ast *target = lower_write_target(n, true);
    if (target)
        return changes(target, s);
    switch (n->kind) {
    case AST_CALL:
        /* an array passed to a function (as a pointer it may be written through) */
        for (struct ast *a = n->kid[1] ? n->kid[1]->kid[0] : NULL; a; a = a->next)
            if (a->kind == AST_IDENT && a->sym == s && s->type == TYPE_ARRAY)
                return true;
        return false;
    default:
        return false;
    }
}

bool lower_writes(struct ast *n, const struct sym *s)
{
    return any_node(n, writes, s);
}

struct later_write {
    const struct sym *s;
    size_t from, to;                /* the construct: nodes inside it are not looked at */
    bool found;
};

static bool later_write_visit(struct ast *n, void *arg)
{
    struct later_write *w = arg;
    if (w->found || n->end <= w->from || (n->begin >= w->from && n->end <= w->to))
        return false;               /* before it, or it */
    if (n->begin >= w->from && writes(n, w->s))
        w->found = true;
    /* a statement that repeats around the construct: what it writes before it comes
     * after an earlier instance */
    if ((n->kind == AST_FOR || n->kind == AST_WHILE || n->kind == AST_DO) &&
        n->begin < w->from && n->end >= w->to && any_node(n, writes, w->s))
        w->found = true;
    return !w->found;
}

bool lower_writes_later(struct ast *region, const struct sym *s, const struct ast *construct)
{
    struct later_write w = {s, construct->begin, construct->end, false};
    ast_walk(region, later_write_visit, &w);
    return w.found;
}

const struct sym *lower_lvalue_root(const struct ast *e)
{
    return lvalue_root(e);
}

bool lower_lvalue_indexed_by(struct ast *e, const struct sym *s)
{
    return indexed_by(e, s);
}

static bool names_sym(struct ast *n, const struct sym *s)
{
    const struct sym *want = s;
    ast_walk(n, names_visit, &want);
    return !want;
}

/* `s = e` with e not naming s (an expression, or the expression statement around it) */
static bool plain_set(struct ast *e, const struct sym *s)
{
    if (e && e->kind == AST_EXPR_STMT)
        e = e->kid[0];
    return e && e->kind == AST_ASSIGN && e->op == '=' && e->kid[0] &&
           e->kid[0]->kind == AST_IDENT && e->kid[0]->sym == s && !names_sym(e->kid[1], s);
}

/* How a statement of a body uses s (assigned_first): not at all, perhaps reading a value
 * it had before the statement, setting it before any use on the paths that use it (it
 * may be unset after), or setting it first on every path. */
enum set_first { SF_NONE, SF_READS, SF_MAYBE, SF_ALWAYS };

static enum set_first assigned_first(struct ast *st, const struct sym *s)
{
    if (!st || !names_sym(st, s))
        return SF_NONE;
    switch (st->kind) {
    case AST_COMPOUND: {
        /* the statements naming s, in order, until one sets it on every path */
        enum set_first seen = SF_NONE;
        for (struct ast *i = st->kid[0] ? st->kid[0]->kid[0] : NULL; i; i = i->next) {
            enum set_first r = assigned_first(i, s);
            if (r == SF_READS || r == SF_ALWAYS)
                return r;
            if (r == SF_MAYBE)
                seen = SF_MAYBE;
        }
        return seen;
    }
    case AST_EXPR_STMT:
        return plain_set(st, s) ? SF_ALWAYS : SF_READS;
    case AST_IF: {
        /* if (c) { l = ...; qq[l] += 1; }: each branch that names s sets it first (NPB
         * EP's `if (t1 <= 1.0)` around its temporaries) */
        if (names_sym(st->kid[0], s))
            return SF_READS;
        enum set_first a = assigned_first(st->kid[1], s), b = assigned_first(st->kid[2], s);
        if (a == SF_READS || b == SF_READS)
            return SF_READS;
        return a == SF_ALWAYS && b == SF_ALWAYS ? SF_ALWAYS : SF_MAYBE;
    }
    case AST_FOR:
        /* for (s = e; ...) sets it first; a loop whose header does not name s and whose
         * body sets it before using it in each turn (a loop that runs no turn sets
         * nothing: a later use must set it first too) */
        if (plain_set(st->kid[0], s))
            return SF_ALWAYS;
        if (names_sym(st->kid[0], s) || names_sym(st->kid[1], s) || names_sym(st->kid[2], s) ||
            assigned_first(st->kid[3], s) == SF_READS)
            return SF_READS;
        return SF_MAYBE;
    default:
        return SF_READS;
    }
}

static bool jumps_visit(struct ast *n, void *arg)
{
    bool *found = arg;
    *found |= n->kind == AST_GOTO || n->kind == AST_LABEL;
    return !*found;
}

/* (a goto may jump past a set: to a use after it) */
bool lower_assigned_first(struct ast *st, const struct sym *s)
{
    bool jumps = false;
    ast_walk(st, jumps_visit, &jumps);
    enum set_first r = assigned_first(st, s);
    return !jumps && (r == SF_MAYBE || r == SF_ALWAYS);
}

/* ---- an array filled before it is read ---- */

/* The uses of the array s in a loop body: all of them, and those that are s[k] with k the
 * loop's counter. */
struct counter_uses {
    const struct sym *s, *k;
    int names, at_k;
};

static bool counter_uses_visit(struct ast *n, void *arg)
{
    struct counter_uses *u = arg;
    u->names += n->kind == AST_IDENT && n->sym == u->s;
    u->at_k += n->kind == AST_SUBSCRIPT && n->kid[0] && n->kid[0]->kind == AST_IDENT &&
               n->kid[0]->sym == u->s && n->kid[1] && n->kid[1]->kind == AST_IDENT &&
               n->kid[1]->sym == u->k;
    return true;
}

/* `s[k] = e;` with e not naming s */
static bool element_set(struct ast *st, const struct sym *s, const struct sym *k)
{
    struct ast *e = st && st->kind == AST_EXPR_STMT ? st->kid[0] : NULL;
    struct ast *t = e && e->kind == AST_ASSIGN && e->op == '=' ? e->kid[0] : NULL;
    return t && t->kind == AST_SUBSCRIPT && t->kid[0] && t->kid[0]->kind == AST_IDENT &&
           t->kid[0]->sym == s && t->kid[1] && t->kid[1]->kind == AST_IDENT &&
           t->kid[1]->sym == k && !names_sym(e->kid[1], s);
}

/* The counter k of `for (k = 0; ...)` or `for (int k = 0; ...)`, or NULL. */
static const struct sym *zero_counter(struct lower *L, struct ast *init)
{
    struct ast *e = init && init->kind == AST_EXPR_STMT ? init->kid[0] : init;
    const struct sym *k = NULL;
    struct ast *v = NULL;
    if (e && e->kind == AST_ASSIGN && e->op == '=' && e->kid[0] && e->kid[0]->kind == AST_IDENT) {
        k = e->kid[0]->sym;
        v = e->kid[1];
    } else if (e && e->kind == AST_DECLARATION && e->kid[1] && e->kid[1]->kid[0] &&
               !e->kid[1]->kid[0]->next && e->kid[1]->kid[0]->kind == AST_INIT_DECLARATOR) {
        k = e->kid[1]->kid[0]->sym;
        v = e->kid[1]->kid[0]->kid[1];
    }
    return v && v->kind == AST_CONSTANT && lower_src(L, v->begin, v->end)[0] == '0' &&
           v->end == v->begin + 1 ? k : NULL;
}

/* Is st `for (k = 0; k < N; k++)` (N a constant or a variable st does not write) whose
 * body names s only as s[k] and sets it before anything else names s: it fills s[0..N)
 * (`for (p = 0; p < NP; p++) { sum[p] = 0.0; for (...) sum[p] += ...; }`, `for (k = 0; k <
 * 5; k++) v[k] = 0;`)?  *bound: N's text. */
static bool counted_loop(struct lower *L, struct ast *st, const struct sym *s, bool set,
                         char **bound)
{
    if (!st || st->kind != AST_FOR)
        return false;
    const struct sym *k = zero_counter(L, st->kid[0]);
    struct ast *c = st->kid[1], *step = st->kid[2];
    if (c && c->kind == AST_EXPR_STMT)
        c = c->kid[0];
    if (!k || !c || c->kind != AST_BINARY || c->op != '<' || !c->kid[0] ||
        c->kid[0]->kind != AST_IDENT || c->kid[0]->sym != k || !c->kid[1] ||
        !(c->kid[1]->kind == AST_CONSTANT ||
          (c->kid[1]->kind == AST_IDENT && !lower_writes(st, c->kid[1]->sym))) ||
        !step || !((step->kind == AST_POSTFIX || step->kind == AST_UNARY) &&
                   step->op == INC_OP && step->kid[0] && step->kid[0]->kind == AST_IDENT &&
                   step->kid[0]->sym == k) || lower_writes(st->kid[3], k))
        return false;
    *bound = lower_src(L, c->kid[1]->begin, c->kid[1]->end);
    struct ast *body = st->kid[3], *first = body;
    if (body && body->kind == AST_COMPOUND) {
        first = body->kid[0] ? body->kid[0]->kid[0] : NULL;
        while (first && !names_sym(first, s))
            first = first->next;
    }
    struct counter_uses u = {s, k, 0, 0};
    ast_walk(body, counter_uses_visit, &u);
    return (!set || element_set(first, s, k)) && u.names == u.at_k;
}

/* Does the compound's statement `first` fill s, all of it (N its bound) or the elements
 * the compound's later statements read (each `for (j = 0; j < N; j++)` naming s only as
 * s[j]: doitgen's `A[r][q][p] = sum[p];` for p below np)? */
static bool fills_array(struct lower *L, struct ast *first, const struct sym *s)
{
    char *bound, *later;
    if (!s->array_size || !counted_loop(L, first, s, true, &bound))
        return false;
    if (!strcmp(bound, lower_src(L, s->array_size->begin, s->array_size->end)))
        return true;
    struct ast *c = first->kid[1]->kind == AST_EXPR_STMT ? first->kid[1]->kid[0] : first->kid[1];
    const struct sym *n = c->kid[1]->kind == AST_IDENT ? c->kid[1]->sym : NULL;
    for (struct ast *i = first->next; i; i = i->next)
        if ((n && lower_writes(i, n)) ||
            (names_sym(i, s) && !(counted_loop(L, i, s, false, &later) && !strcmp(later, bound))))
            return false;
    return true;
}

/* Is the first statement of st naming s one that fills it, or a loop whose header does not
 * name s, whose body does so in each turn, and after which st names s no more (doitgen's
 * `for (q = 0; q < nq; q++) { for (p = 0; p < np; p++) { sum[p] = 0.0; ... } ... }`)? */
static bool array_set_first(struct lower *L, struct ast *st, const struct sym *s)
{
    struct ast *first = st;
    if (st && st->kind == AST_COMPOUND) {
        first = st->kid[0] ? st->kid[0]->kid[0] : NULL;
        while (first && !names_sym(first, s))
            first = first->next;
    }
    if (fills_array(L, first, s))
        return true;
    if (!first || first->kind != AST_FOR || names_sym(first->kid[0], s) ||
        names_sym(first->kid[1], s) || names_sym(first->kid[2], s))
        return false;
    for (struct ast *i = first != st ? first->next : NULL; i; i = i->next)
        if (names_sym(i, s))
            return false;
    return array_set_first(L, first->kid[3], s);
}

/* Does st set every element of the array s before anything reads it (array_set_first)?
 * A loop body's scratch array of its region, cleared at the start of each iteration, is
 * then each task's own. */
bool lower_array_set_first(struct lower *L, struct ast *st, const struct sym *s)
{
    bool jumps = false;
    ast_walk(st, jumps_visit, &jumps);
    return !jumps && s->type == TYPE_ARRAY && !s->array_param && array_set_first(L, st, s);
}

/* The uses of s in code that runs after a construct: the first to run, if it reads s
 * (anything but `s = e` with e not naming s, which counts where it surely runs: not in a
 * branch, nor a loop's body or step).  A read after such a set in the same branch or loop
 * body reads what the set gave (NPB MG's `for (i1 = 0; ...)` loops after one whose tasks
 * each have their own i1), unless that body is a switch's, whose cases are jumped to.  A
 * node's time is its place in the text after the construct, or, before it in a loop
 * around it, that place after the end of everything (it runs at the loop's next turn). */
struct later_read {
    const struct sym *s;
    size_t from, to, wrap;          /* the construct; the function's end */
    bool cond;                      /* in a part that may not run */
    bool loop;                      /* in a loop around the construct */
    bool cases;                     /* in a switch's body: its sets cover no read */
    const struct ast *set;          /* the left of the last `s = e` seen */
    size_t first_read, first_set;
    size_t part_set;                /* the first `s = e` of this part or those around it,
                                       else SIZE_MAX */
};

static bool later_read_visit(struct ast *n, void *arg);

/* Walk kids from..3 of n as parts that may not run: a set in one covers that part alone. */
static void later_read_maybe(struct later_read *r, struct ast *n, int from)
{
    for (int k = 0; k < 4; k++) {
        bool cond = r->cond, cases = r->cases;
        size_t set = r->part_set;
        r->cond |= k >= from;
        r->cases |= n->kind == AST_SWITCH && k == 1;
        ast_walk(n->kid[k], later_read_visit, r);
        r->cond = cond;
        r->cases = cases;
        if (k >= from)
            r->part_set = set;
    }
}

/* A break or continue of a loop around the construct, outside it: not in a loop inside
 * that one, a break not in a switch either. */
struct own_jump {
    size_t from, to;                /* the construct */
    int kind;                       /* AST_BREAK or AST_CONTINUE */
    const struct ast *loop;
    bool found;
};

static bool own_jump_visit(struct ast *n, void *arg)
{
    struct own_jump *j = arg;
    if ((n->begin >= j->from && n->end <= j->to) ||
        (n != j->loop && (n->kind == AST_FOR || n->kind == AST_WHILE || n->kind == AST_DO)) ||
        (j->kind == AST_BREAK && n->kind == AST_SWITCH))
        return false;
    j->found |= (int)n->kind == j->kind;
    return !j->found;
}

static bool leaves_turn(const struct later_read *r, struct ast *loop)
{
    struct own_jump b = {r->from, r->to, AST_BREAK, loop, false};
    struct own_jump c = {r->from, r->to, AST_CONTINUE, loop, false};
    ast_walk(loop, own_jump_visit, &b);
    ast_walk(loop, own_jump_visit, &c);
    return b.found || c.found;
}

static bool later_read_visit(struct ast *n, void *arg)
{
    struct later_read *r = arg;
    if (n->begin >= r->from && n->end <= r->to)
        return false;               /* the construct */
    bool around = n->begin < r->from && n->end >= r->to;
    if (around && (n->kind == AST_FOR || n->kind == AST_WHILE || n->kind == AST_DO)) {
        /* (a break or continue may skip the sets after the construct: its turn is then a
           part that may not run, which covers nothing after it) */
        bool loop = r->loop;
        r->loop = true;
        later_read_maybe(r, n, leaves_turn(r, n) ? 0 : 4);
        r->loop = loop;
        return false;
    }
    if (n->end <= r->from && !r->loop)
        return false;               /* before it, not repeated */
    int maybe = around ? 0
                : n->kind == AST_IF || n->kind == AST_SWITCH || n->kind == AST_WHILE ||
                  n->kind == AST_CONDITIONAL ||
                  (n->kind == AST_BINARY && (n->op == AND_OP || n->op == OR_OP)) ? 1
                : n->kind == AST_FOR ? 2 : 0;
    if (maybe) {
        later_read_maybe(r, n, maybe);
        return false;
    }
    size_t at = n->begin >= r->to ? n->begin : n->begin + r->wrap;
    if (n->kind == AST_ASSIGN && n->op == '=' && n->kid[0] && n->kid[0]->kind == AST_IDENT &&
        n->kid[0]->sym == r->s && !names_sym(n->kid[1], r->s)) {
        r->set = n->kid[0];
        if (!r->cond && at < r->first_set)
            r->first_set = at;
        if (!r->cases && at < r->part_set)
            r->part_set = at;
    } else if (n->kind == AST_IDENT && n->sym == r->s && n != r->set && at < r->first_read &&
               r->part_set > at) {
        r->first_read = at;
    }
    return true;
}

struct label_find {
    size_t from, to;                /* the construct */
    bool found;
};

static bool label_visit(struct ast *n, void *arg)
{
    struct label_find *f = arg;
    f->found |= n->kind == AST_LABEL && (n->begin < f->from || n->begin >= f->to);
    return !f->found;
}

bool lower_read_later(struct ast *fn, const struct sym *s, const struct ast *construct)
{
    /* (a goto makes the text's order no order of running: any use may read it) */
    struct label_find f = {construct->begin, construct->end, false};
    ast_walk(fn, label_visit, &f);
    if (f.found)
        return true;
    struct later_read r = {s, construct->begin, construct->end, fn->end, false, false, false,
                           NULL, SIZE_MAX, SIZE_MAX, SIZE_MAX};
    ast_walk(fn, later_read_visit, &r);
    return r.first_read < r.first_set;
}

#define TL_WRITES_SEEN 32             /* function definitions one statement's calls reach */

struct tl_write {
    struct lower *L;
    struct sym **found;
    int n, max;
    const struct ast *seen[TL_WRITES_SEEN];
    int nseen;
    bool elsewhere;             /* it calls a function this unit does not define */
    bool names;                 /* any name of a threadprivate variable, not only writes */
    const char *other_file;     /* the first such function not `library`, or "" (a call
                                   through a pointer) */
    bool (*library)(struct lower *L, const struct sym *f);
};

/* The definition in this unit of the function f names (f may be a prototype before it). */
static struct ast *function_def(struct lower *L, const struct sym *f)
{
    if (f->decl && f->decl->kind == AST_FUNCTION_DEF)
        return f->decl;
    if (f->depth > 0 || !L->t->tu)
        return NULL;
    struct ast *items = L->t->tu->kid[0];
    for (struct ast *d = items ? items->kid[0] : NULL; d; d = d->next)
        if (d->kind == AST_FUNCTION_DEF && d->sym && d->sym->name == f->name)
            return d;
    return NULL;
}

struct ast *lower_function_def(struct lower *L, const struct sym *f)
{
    return function_def(L, f);
}

/* Is def (a function definition, or NULL) one a walk meets for the first time?  It is then
 * recorded in seen[0..*n) (up to TL_WRITES_SEEN: the walk stops following calls there). */
static bool first_visit(const struct ast **seen, int *n, const struct ast *def)
{
    int i = 0;
    while (def && i < *n && seen[i] != def)
        i++;
    if (!def || i < *n || *n == TL_WRITES_SEEN)
        return false;
    seen[(*n)++] = def;
    return true;
}

/* An OpenMP, nanort or Nanos++ routine, or a GNU builtin: none writes the program's
 * threadprivate variables. */
static bool runtime_routine(const struct ast *f)
{
    static const char *const prefixes[] = {"omp_", "nanort_", "nanos_", "__builtin_"};
    for (size_t k = 0; k < sizeof prefixes / sizeof prefixes[0]; k++) {
        size_t len = strlen(prefixes[k]);
        if (f->name->len >= len && !memcmp(f->name->str, prefixes[k], len))
            return true;
    }
    return false;
}

static bool tl_write_visit(struct ast *n, void *arg)
{
    struct tl_write *w = arg;
    struct ast *target = w->names ? (n->kind == AST_IDENT ? n : NULL)
                                  : lower_write_target(n, false);
    if (target) {
        struct sym *s = (struct sym *)lvalue_root(target);
        if (s && (s->depth == 0 || lower_map_get(&w->L->tp_moved, s)) &&
            lower_thread_local_sym(w->L, s)) {
            while (s->redecl)       /* one entry per variable: its first declaration */
                s = s->redecl;
            int i = 0;
            while (i < w->n && w->found[i] != s)
                i++;
            if (i == w->n && w->n < w->max)
                w->found[w->n++] = s;
        }
    }
    /* a function of this unit the statement calls (not a task: its body runs elsewhere,
     * later), and the ones it calls: what they write too */
    struct ast *f = n->kind == AST_CALL ? n->kid[0] : NULL;
    /* (a runtime routine called undeclared, without omp.h: no function of the program's) */
    bool undeclared_routine = f && f->kind == AST_IDENT && !f->sym && runtime_routine(f);
    if (f && !undeclared_routine &&
        !(f->kind == AST_IDENT && f->sym && f->sym->kind == SYM_FUNCTION)) {
        w->elsewhere = true;        /* through a pointer: any function */
        if (!w->other_file)
            w->other_file = "";     /* (no name: through a pointer) */
    }
    if (f && f->kind == AST_IDENT && f->sym && f->sym->kind == SYM_FUNCTION &&
        !lower_ftask_find(w->L, f->name)) {
        struct ast *def = function_def(w->L, f->sym);
        if (!def && !runtime_routine(f)) {
            w->elsewhere = true;
            if (!w->other_file && w->library && !w->library(w->L, f->sym))
                w->other_file = arena_strndup(w->L->a, f->name->str, f->name->len);
        }
        if (first_visit(w->seen, &w->nseen, def))
            ast_walk(def->kid[3], tl_write_visit, w);
    }
    return true;
}

int lower_writes_thread_local(struct lower *L, struct ast *n, struct sym **found, int max,
                              bool *elsewhere)
{
    struct tl_write w = {L, found, 0, max, {0}, 0, false, false, NULL, NULL};
    ast_walk(n, tl_write_visit, &w);
    *elsewhere = w.elsewhere;
    return w.n;
}

bool lower_names_thread_local(struct lower *L, struct ast *n)
{
    struct sym *found[1];
    struct tl_write w = {L, found, 0, 1, {0}, 0, false, true, NULL, NULL};
    ast_walk(n, tl_write_visit, &w);
    return w.n > 0;
}

const char *lower_calls_other_file(struct lower *L, struct ast *n,
                                   bool (*library)(struct lower *L, const struct sym *f))
{
    struct sym *found[1];
    struct tl_write w = {L, found, 0, 1, {0}, 0, false, false, NULL, library};
    ast_walk(n, tl_write_visit, &w);
    return w.other_file;
}

/* A call of the function `name` in a tree, or in the functions of this unit it calls. */
struct call_reach {
    struct lower *L;
    const char *name;
    const struct ast *seen[TL_WRITES_SEEN];
    int nseen;
    bool bare;                      /* not in the constructs of the functions called */
    int depth;                      /* in the functions called */
    bool found;
    lower_construct_fn *allowed;    /* (lower_reaches_construct: the constructs it passes) */
    void *arg;
    bool flush;                     /* a flush directive, not a call (lower_reaches_flush) */
};

/* Is the standalone directive n `#pragma omp flush` (its words, each maybe after blanks;
 * read from the text: the parsed directives are a layer above)? */
static bool flush_pragma(struct lower *L, const struct ast *n)
{
    static const char *const words[] = {"#", "pragma", "omp", "flush"};
    const char *p = L->text + n->begin, *end = L->text + n->end;
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
        while (p < end && (*p == ' ' || *p == '\t'))
            p++;
        size_t len = strlen(words[k]);
        if ((size_t)(end - p) < len || memcmp(p, words[k], len))
            return false;
        p += len;
    }
    return p == end || !(isalnum((unsigned char)*p) || *p == '_');
}

static bool call_reach_visit(struct ast *n, void *arg)
{
    struct call_reach *c = arg;
    bool pragma = n->pragma || n->kind == AST_PRAGMA;
    if (c->flush && n->kind == AST_PRAGMA && (n->flags & AST_PRAGMA_STANDALONE)) {
        c->found = flush_pragma(c->L, n);
        return !c->found;
    }
    if (!c->name && !c->flush && c->depth > 0 && pragma &&
        !(c->allowed && c->allowed(c->L, n->kind == AST_PRAGMA ? n : n->pragma, c->arg)))
        c->found = true;            /* (lower_reaches_construct) */
    if (c->bare && c->depth > 0 &&
        (n->pragma || (n->kind == AST_PRAGMA && !(n->flags & AST_PRAGMA_STANDALONE))))
        return false;
    struct ast *f = n->kind == AST_CALL ? n->kid[0] : NULL;
    if (c->found || !f || f->kind != AST_IDENT)
        return !c->found;
    if (c->name && lower_name_in(f->name->str, f->name->len, &c->name, 1)) {
        c->found = true;
        return false;
    }
    struct ast *def = f->sym && f->sym->kind == SYM_FUNCTION && !lower_ftask_find(c->L, f->name)
                      ? function_def(c->L, f->sym) : NULL;
    if (first_visit(c->seen, &c->nseen, def)) {
        c->depth++;
        ast_walk(def->kid[3], call_reach_visit, c);
        c->depth--;
    }
    return !c->found;
}

bool lower_reaches_call(struct lower *L, struct ast *n, const char *name)
{
    struct call_reach c = {L, name, {0}, 0, false, 0, false, NULL, NULL, false};
    ast_walk(n, call_reach_visit, &c);
    return c.found;
}

bool lower_reaches_bare_call(struct lower *L, struct ast *n, const char *name)
{
    struct call_reach c = {L, name, {0}, 0, true, 0, false, NULL, NULL, false};
    ast_walk(n, call_reach_visit, &c);
    return c.found;
}

bool lower_reaches_construct(struct lower *L, struct ast *n, lower_construct_fn *allowed,
                             void *arg)
{
    struct call_reach c = {L, NULL, {0}, 0, false, 0, false, allowed, arg, false};
    ast_walk(n, call_reach_visit, &c);
    return c.found;
}

bool lower_reaches_flush(struct lower *L, struct ast *n)
{
    struct call_reach c = {L, NULL, {0}, 0, false, 0, false, NULL, NULL, true};
    ast_walk(n, call_reach_visit, &c);
    return c.found;
}

/* The code of a tree from a text offset on: what it names, itself or in the functions of
 * this unit it calls. */
struct tl_later {
    struct tl_write w;
    size_t after;
};

static bool tl_later_visit(struct ast *n, void *arg)
{
    struct tl_later *l = arg;
    if (n->kind == AST_LIST || (n->begin < l->after && n->end > l->after))
        return true;
    if (n->begin >= l->after)
        ast_walk(n, tl_write_visit, &l->w);
    return false;
}

struct sym *lower_writes_thread_local_read_after(struct lower *L, struct ast *n,
                                                 struct ast *root, size_t after)
{
    struct sym *written[16], *named[64];
    bool elsewhere;
    int nw = lower_writes_thread_local(L, n, written, 16, &elsewhere);
    if (!nw)
        return NULL;
    struct tl_later l = {{L, named, 0, 64, {0}, 0, false, true, NULL, NULL}, after};
    ast_walk(root, tl_later_visit, &l);
    for (int i = 0; i < nw; i++)
        for (int k = 0; k < l.w.n; k++)
            if (written[i] == named[k])
                return written[i];
    return NULL;
}

bool lower_thread_local_sym(struct lower *L, const struct sym *s)
{
    for (; s; s = s->redecl)
        if (lower_map_get(&L->thread_local, s))
            return true;
    return false;
}

bool lower_pragma_is(struct lower *L, const struct ast *pr, const char *word)
{
    const char *t = L->text + pr->begin, *end = L->text + pr->end;
    const char *const words[] = {"#", "pragma", "omp", word};
    for (int k = 0; k < 4; k++) {
        size_t n = strlen(words[k]);
        while (t < end && (*t == ' ' || *t == '\t'))
            t++;
        if ((size_t)(end - t) < n || memcmp(t, words[k], n))
            return false;
        t += n;
    }
    return t == end || !(isalnum((unsigned char)*t) || *t == '_');
}

/* How many times the tree n (lists followed) names s: all, and as the whole operand of
 * `s += e`, `s -= e` (e not naming s), `s++`, `++s`, `s--`, `--s` whose value nothing
 * uses (a statement of its own, or a for's step): `out[n++] = x` and `y = (s += x)` read
 * the partial value.  For an array s the operand is an element, `s[k] += e`, `s[j][k]++`
 * (the subscripts not naming s): a histogram each element of which is a sum. */
struct accumulation {
    const struct sym *s;
    int names, updates;
};

static bool is_sym(const struct ast *e, const struct sym *s)
{
    return e && e->kind == AST_IDENT && e->sym == s;
}

static bool count_names(struct ast *n, void *arg)
{
    struct accumulation *a = arg;
    a->names += is_sym(n, a->s);
    return true;
}

static bool count_uses(struct ast *n, void *arg)
{
    struct accumulation *a = arg;
    a->names += is_sym(n, a->s);
    struct ast *e = n->kind == AST_EXPR_STMT ? n->kid[0] : n->kind == AST_FOR ? n->kid[2] : NULL;
    if (!e)
        return true;
    bool step = (e->kind == AST_POSTFIX || e->kind == AST_UNARY) &&
                (e->op == INC_OP || e->op == DEC_OP);
    bool add = e->kind == AST_ASSIGN && (e->op == ADD_ASSIGN || e->op == SUB_ASSIGN);
    const struct ast *target = e->kid[0];
    while (a->s->type == TYPE_ARRAY && target && target->kind == AST_SUBSCRIPT)
        target = target->kid[0];
    bool element = a->s->type == TYPE_ARRAY ? target != e->kid[0] : target == e->kid[0];
    if ((step || add) && element && is_sym(target, a->s)) {
        /* (s named once: as the operand's base, not in a subscript or in e) */
        struct accumulation all = { a->s, 0, 0 };
        ast_walk(e, count_names, &all);
        a->updates += all.names == 1;
    }
    return true;
}

bool lower_accumulates(struct ast *n, const struct sym *s)
{
    struct accumulation a = { s, 0, 0 };
    ast_walk(n, count_uses, &a);
    return a.updates > 0 && a.updates == a.names;
}

/* ---- names declared nowhere --------------------------------------------------------- */

/* The first identifier of expression e declared nowhere, or NULL.  Not looked into: a
 * called name (an implicit declaration, gcc's warning), statement expressions (their own
 * declarations), builtins (offsetof's member names), type names. */
static struct ast *first_undeclared(struct ast *e, int depth)
{
    if (!e || depth > 64 || e->kind == AST_STMT_EXPR || e->kind == AST_BUILTIN ||
        e->kind == AST_TYPE_NAME || e->kind == AST_DECL_NAME)
        return NULL;
    if (e->kind == AST_IDENT)
        return e->sym || lower_name_in(e->name->str, e->name->len, (const char *const[]){
                   "__func__", "__FUNCTION__", "__PRETTY_FUNCTION__"}, 3) ? NULL : e;
    if (e->kind == AST_LIST) {
        for (struct ast *i = e->kid[0]; i; i = i->next) {
            struct ast *u = first_undeclared(i, depth + 1);
            if (u)
                return u;
        }
        return NULL;
    }
    for (int k = e->kind == AST_CALL && e->kid[0] && e->kid[0]->kind == AST_IDENT; k < 4; k++) {
        struct ast *u = first_undeclared(e->kid[k], depth + 1);
        if (u)
            return u;
    }
    return NULL;
}

bool lower_report_undeclared(struct lower *L, struct ast *e)
{
    struct ast *v = first_undeclared(e, 0);
    if (!v)
        return false;
    struct mcc_loc at = source_user_loc(&L->t->src, v->begin);
    mcc_error_at(&at, "'%.*s' undeclared (first use in this function)", (int)v->name->len,
                 v->name->str);
    return true;
}

const char *lower_at_user(struct lower *L, const struct mcc_loc *at,
                          const struct mcc_loc *pragma, const char *text)
{
    if (!at->file || !pragma || !pragma->file || at->line != pragma->line || at->col <= 0 ||
        strcmp(at->file, pragma->file))
        return text;
    return arena_printf(L->a, "\n#  %d \"%s\"\n%*s%s\n#  %d \"%s\"\n", at->line, at->file,
                        at->col - 1, "", text, at->line, at->file);
}
