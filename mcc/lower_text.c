/*
 * lower_text.c - the text helpers of the lowering: growable text (lbuf_*), the source's
 * text, identifiers renamed in pragma expressions by the current frame, pointer maps, and
 * the names of the function being lowered (its locals and parameters by position).  They
 * call nothing else of the lowering: the walk (lower.c) and the construct modules build on
 * them.
 */
#include "mcc.h"

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
        } else if (is_ident_start(*s)) {
            size_t n = 1;
            while (is_ident_char(s[n]))
                n++;
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
    m->n += !m->keys[i];
    m->keys[i] = key;
    m->vals[i] = val;
}

/* ---- names of the function being lowered -------------------------------------------- */

static void add_local(struct lower *L, struct sym *sym, size_t from, size_t to)
{
    if (!sym || (sym->kind != SYM_OBJECT && sym->kind != SYM_PARAM))
        return;
    if (L->nlocals == L->caplocals) {
        L->caplocals = L->caplocals ? 2 * L->caplocals : 64;
        struct lower_local *n = arena_alloc(L->a, (size_t)L->caplocals * sizeof *n);
        if (L->nlocals)
            memcpy(n, L->locals, L->nlocals * sizeof *n);
        L->locals = n;
    }
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
    collect_locals(L, def->kid[3], def->end);
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
