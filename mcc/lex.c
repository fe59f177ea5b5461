/*
 * lex.c - lexer support around the flex scanner of grammar/c.l: the line index of the
 * preprocessed text (linemarkers -> user's file:line), the keyword table, interned names,
 * the typedef-name feedback, and yylex() as the bison parser calls it.
 */
#include "mcc.h"
#include "c.tab.h"

#include <stdlib.h>
#include <string.h>

/* ---- linemarkers and locations -------------------------------------------------------- */

/* Process-wide interned file names (a struct mcc_loc may outlive its translation). */
static struct file_name {
    struct file_name *next;
    size_t len;
    char str[];
} *file_names[256];

const char *mcc_intern_file(const char *s, size_t n)
{
    size_t h = 5381;
    for (size_t i = 0; i < n; i++)
        h = h * 33 + (unsigned char)s[i];
    struct file_name **b = &file_names[h % 256];
    for (struct file_name *f = *b; f; f = f->next)
        if (f->len == n && memcmp(f->str, s, n) == 0)
            return f->str;
    struct file_name *f = malloc(sizeof *f + n + 1);
    if (!f) {
        fputs("mcc: out of memory\n", stderr);
        abort();
    }
    f->len = n;
    memcpy(f->str, s, n);
    f->str[n] = '\0';
    f->next = *b;
    *b = f;
    return f->str;
}

/* A linemarker line `# 12 "file" flags` or `#line 12 "file"` starting at s (end e):
 * sets *line and *file (unchanged when the line has no file) and returns true. */
static bool parse_linemarker(const char *s, const char *e, int *line, const char **file)
{
    while (s < e && (*s == ' ' || *s == '\t'))
        s++;
    if (s == e || *s != '#')
        return false;
    s++;
    while (s < e && (*s == ' ' || *s == '\t'))
        s++;
    if (e - s > 4 && memcmp(s, "line", 4) == 0 && (s[4] == ' ' || s[4] == '\t')) {
        s += 4;
        while (s < e && (*s == ' ' || *s == '\t'))
            s++;
    }
    if (s == e || *s < '0' || *s > '9')
        return false;
    long n = 0;
    while (s < e && *s >= '0' && *s <= '9') {
        if (n < 100000000)
            n = n * 10 + (*s - '0');
        s++;
    }
    while (s < e && (*s == ' ' || *s == '\t'))
        s++;
    if (s < e && *s == '"') {
        const char *b = ++s;
        /* Keep the name as cpp wrote it, escapes included (it rarely has any). */
        while (s < e && *s != '"') {
            if (*s == '\\' && s + 1 < e)
                s++;
            s++;
        }
        *file = mcc_intern_file(b, (size_t)(s - b));
    }
    *line = (int)n;
    return true;
}

void source_index(struct mcc_source *s, struct mcc_arena *a)
{
    size_t cap = 1024, n = 0;
    struct src_line *lines = malloc(cap * sizeof *lines);
    const char *file = mcc_intern_file(s->name, strlen(s->name));
    int line = 1;
    const char *t = s->text, *end = t + s->len;
    const char *p = t;
    bool in_comment = false;     /* -C keeps comments: a comment's `# 12` line is no marker */
    for (;;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        if (n == cap) {
            cap *= 2;
            lines = realloc(lines, cap * sizeof *lines);
        }
        if (!lines) {
            fputs("mcc: out of memory\n", stderr);
            abort();
        }
        lines[n].off = (size_t)(p - t);
        lines[n].file = file;
        lines[n].line = line;
        n++;
        int mline;
        const char *mfile = file;
        if (!in_comment && p < le && (*p == '#' || *p == ' ' || *p == '\t') &&
            parse_linemarker(p, le, &mline, &mfile)) {
            /* The line after the marker is line `mline` of `mfile`. */
            file = mfile;
            line = mline;
        } else {
            line++;
            in_comment = omp_comment_open(p, le, in_comment);
        }
        if (!nl)
            break;
        p = nl + 1;
    }
    s->lines = arena_alloc(a, n * sizeof *lines);
    memcpy(s->lines, lines, n * sizeof *lines);
    s->nlines = n;
    free(lines);
}

size_t source_line_index(const struct mcc_source *s, size_t off)
{
    size_t lo = 0, hi = s->nlines;   /* lines[lo].off <= off < lines[hi].off */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->lines[mid].off <= off)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

struct mcc_loc source_loc(const struct mcc_source *s, size_t off)
{
    struct mcc_loc loc = { s->name, 1, 1 };
    if (s->nlines == 0)
        return loc;
    if (off > s->len)
        off = s->len;
    const struct src_line *l = &s->lines[source_line_index(s, off)];
    loc.file = l->file;
    loc.line = l->line;
    int col = 1;
    for (size_t i = l->off; i < off; i++)
        col = s->text[i] == '\t' ? ((col - 1) / 8 + 1) * 8 + 1 : col + 1;
    loc.col = col;
    return loc;
}

/* Skip blanks and comments of a source line. */
static size_t skip_source_blanks(const char *l, size_t j, size_t n)
{
    for (;;) {
        while (j < n && (l[j] == ' ' || l[j] == '\t' || l[j] == '\f' || l[j] == '\v' ||
                         l[j] == '\r'))
            j++;
        if (j + 1 < n && l[j] == '/' && l[j + 1] == '*') {
            size_t k = j + 2;
            while (k + 1 < n && !(l[k] == '*' && l[k + 1] == '/'))
                k++;
            if (k + 1 >= n)
                return j;
            j = k + 2;
        } else {
            return j;
        }
    }
}

/* The column of preprocessed offset `off` (its line starts at `i`) in the source line
 * `line` (`len` bytes): walk both together, blanks matching blanks of any length (cpp
 * squeezes indentation and spacing) and comments skipped on both sides (cpp -C keeps
 * them, but not those of a macro's definition); 0 at any other difference, a macro
 * expansion. */
static int source_col(const char *pp, size_t i, size_t off, const char *line, size_t len)
{
    size_t j = 0;
    for (;;) {
        i = skip_source_blanks(pp, i, off);
        j = skip_source_blanks(line, j, len);
        if (i >= off)
            break;
        if (j >= len || line[j] != pp[i])
            return 0;
        i++;
        j++;
    }
    int col = 1;
    for (size_t k = 0; k < j; k++)
        col = line[k] == '\t' ? ((col - 1) / 8 + 1) * 8 + 1 : col + 1;
    return col;
}

static bool word_char(char c)
{
    return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* The column of the word at preprocessed offset `at` (its line starts at `i`) in the
 * source line: the same occurrence of that word there (the k-th, k counted in the
 * preprocessed line before it), 0 when the word is not there that often. */
static int word_col(const char *pp, size_t i, size_t at, size_t w, const char *line,
                    size_t len)
{
    int k = 0;
    for (size_t p = i; p + w <= at; p++)
        if (!memcmp(pp + p, pp + at, w) && (p == i || !word_char(pp[p - 1])) &&
            !word_char(pp[p + w]))
            k++;
    for (size_t j = 0; j + w <= len; j++) {
        if (memcmp(line + j, pp + at, w) || (j && word_char(line[j - 1])) ||
            (j + w < len && word_char(line[j + w])) || k-- > 0)
            continue;
        int col = 1;
        for (size_t c = 0; c < j; c++)
            col = line[c] == '\t' ? ((col - 1) / 8 + 1) * 8 + 1 : col + 1;
        return col;
    }
    return 0;
}

/* After a macro expansion earlier on the line, where walking both lines fails: the
 * column of the first word from offset `off` on (to the end of its preprocessed line)
 * that the source line has, skipping those an expansion made (`__global` is
 * `__attribute__((...))` in a .cl); 0 when none is found. */
static int source_word_col(const char *pp, size_t i, size_t off, size_t end, const char *line,
                           size_t len)
{
    while (off > i && word_char(pp[off - 1]))
        off--;
    for (size_t at = off; at < end && pp[at] != '\n';) {
        size_t w = 0;
        while (at + w < end && word_char(pp[at + w]))
            w++;
        if (!w) {
            at++;
            continue;
        }
        int col = word_col(pp, i, at, w, line, len);
        if (col)
            return col;
        at += w;
    }
    return 0;
}

struct mcc_loc source_user_loc(const struct mcc_source *s, size_t off)
{
    struct mcc_loc loc = source_loc(s, off);
    if (s->nlines == 0 || off >= s->len)
        return loc;
    const struct src_line *sl = &s->lines[source_line_index(s, off)];
    size_t flen;
    char *file = mcc_read_file(loc.file, &flen);
    if (!file)
        return loc;
    const char *line = file, *end = file + flen;
    for (int n = 1; n < loc.line && line; n++) {
        line = memchr(line, '\n', (size_t)(end - line));
        line = line ? line + 1 : NULL;
    }
    if (loc.line >= 1 && line && line < end) {   /* the line is there: its column when it matches */
        size_t len = strcspn(line, "\n");
        int col = source_col(s->text, sl->off, off, line, len);
        if (!col)
            col = source_word_col(s->text, sl->off, off, s->len, line, len);
        if (col)
            loc.col = col;
    }
    free(file);
    return loc;
}

/* ---- names and keywords --------------------------------------------------------------- */

static size_t hash_bytes(const char *s, size_t n)
{
    size_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static void names_grow(struct mcc_parser *p)
{
    size_t cap = p->nnames_cap ? p->nnames_cap * 2 : 4096;
    struct name **t = arena_alloc(p->arena, cap * sizeof *t);
    for (size_t i = 0; i < p->nnames_cap; i++) {
        struct name *n = p->names[i];
        while (n) {
            struct name *next = n->hnext;
            size_t b = hash_bytes(n->str, n->len) & (cap - 1);
            n->hnext = t[b];
            t[b] = n;
            n = next;
        }
    }
    p->names = t;
    p->nnames_cap = cap;
}

struct name *name_intern(struct mcc_parser *p, const char *s, size_t n)
{
    size_t b = hash_bytes(s, n) & (p->nnames_cap - 1);
    for (struct name *e = p->names[b]; e; e = e->hnext)
        if (e->len == n && memcmp(e->str, s, n) == 0)
            return e;
    if (++p->nnames > p->nnames_cap) {
        names_grow(p);
        b = hash_bytes(s, n) & (p->nnames_cap - 1);
    }
    struct name *e = arena_alloc(p->arena, sizeof *e);
    e->str = arena_strndup(p->arena, s, n);
    e->len = n;
    e->hnext = p->names[b];
    p->names[b] = e;
    return e;
}

static const struct { int tok; const char *spelling; } keywords[] = {
#define KEYWORD_ENTRY(tok, s) { tok, s },
    MCC_KEYWORDS(KEYWORD_ENTRY)
#undef KEYWORD_ENTRY
};

/* Builtin typedef names gcc knows without a declaration, with their kind of type on
 * x86-64: its va_list is an array (struct __va_list_tag[1]), so a task takes a copy of
 * one as of any array, never by `=`; the MS ABI's is a char pointer. */
static const struct { const char *name; enum type_class type; } builtin_typedefs[] = {
    {"__builtin_va_list", TYPE_ARRAY}, {"__builtin_ms_va_list", TYPE_POINTER},
    {"__int128_t", TYPE_SCALAR}, {"__uint128_t", TYPE_SCALAR},
};

int lex_classify_ident(struct mcc_parser *p, struct name *n)
{
    if (!p->type_seen && n->ord && n->ord->kind == SYM_TYPEDEF)
        return TYPEDEF_NAME;
    return IDENTIFIER;
}

void lex_setup_names(struct mcc_parser *p)
{
    names_grow(p);
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        name_intern(p, keywords[i].spelling, strlen(keywords[i].spelling))->keyword =
            keywords[i].tok;
    for (size_t i = 0; i < sizeof builtin_typedefs / sizeof builtin_typedefs[0]; i++) {
        const char *b = builtin_typedefs[i].name;
        struct name *n = name_intern(p, b, strlen(b));
        struct sym *s = arena_alloc(p->arena, sizeof *s);
        s->name = n;
        s->kind = SYM_TYPEDEF;
        s->scope = SCOPE_FILE;
        s->type = builtin_typedefs[i].type;
        n->ord = s;
    }
}

/* ---- pragmas -------------------------------------------------------------------------- */

static const char *skip_blanks(const char *s, const char *e)
{
    for (;;) {
        while (s < e && (*s == ' ' || *s == '\t' || *s == '\f' || *s == '\v' || *s == '\r'))
            s++;
        if (e - s >= 2 && s[0] == '\\' && s[1] == '\n')
            s += 2;
        else if (e - s >= 2 && s[0] == '/' && s[1] == '*') {
            const char *c = s + 2;
            while (e - c >= 2 && !(c[0] == '*' && c[1] == '/'))
                c++;
            s = e - c >= 2 ? c + 2 : e;
        } else
            return s;
    }
}

/* The word at s (identifier characters). */
static size_t word_len(const char *s, const char *e)
{
    const char *w = s;
    while (w < e && (*w == '_' || (*w >= 'a' && *w <= 'z') || (*w >= 'A' && *w <= 'Z') ||
                     (*w >= '0' && *w <= '9')))
        w++;
    return (size_t)(w - s);
}

/* After `#pragma`: where the first word starts (s: the `#`). */
static const char *pragma_body(const char *s, const char *e)
{
    s = skip_blanks(s, e);
    if (s < e && *s == '#')
        s++;
    s = skip_blanks(s, e);
    s += word_len(s, e);          /* pragma */
    return skip_blanks(s, e);
}

static bool pragma_is_omp(const char *s, const char *e)
{
    s = pragma_body(s, e);
    return word_len(s, e) == 3 && memcmp(s, "omp", 3) == 0;
}

/* `#pragma oss` (OmpSs-2): its sentinel, or NULL.  The text is translation_parse's copy
 * (struct mcc_source): the caller spells the sentinel `omp` in it, in place (same length,
 * so every offset and column stays), and flags the pragma AST_PRAGMA_OSS.  (The driver
 * spells a source file's own `#pragma oss` lines `#pragma omp ... MCC_OSS_MARK` for cpp to
 * expand their macros; those of headers come here as written.) */
static char *pragma_oss_sentinel(const char *s, const char *e)
{
    s = pragma_body(s, e);
    return word_len(s, e) == 3 && memcmp(s, "oss", 3) == 0 ? (char *)s : NULL;
}

bool ast_pragma_is_standalone(const char *text, size_t len)
{
    static const char *const standalone[] = { "taskwait", "barrier", "taskyield", "flush",
                                              "declare", "threadprivate", "cancel",
                                              "cancellation", "scan", "depobj", "error",
                                              "begin", "end", "requires",
                                              "release" /* OmpSs-2 */ };
    const char *e = text + len, *s = pragma_body(text, e);
    if (word_len(s, e) == 3 && memcmp(s, "omp", 3) == 0)
        s = skip_blanks(s + 3, e);
    size_t n = word_len(s, e);
    if (n == 7 && memcmp(s, "ordered", 7) == 0) {   /* ordered depend(...): a doacross wait */
        const char *w = skip_blanks(s + n, e);
        size_t m = word_len(w, e);
        return (m == 6 && memcmp(w, "depend", 6) == 0) ||
               (m == 8 && memcmp(w, "doacross", 8) == 0);
    }
    if (n == 7 && memcmp(s, "declare", 7) == 0) {  /* declare variant: of the next function */
        const char *w = skip_blanks(s + n, e);
        return !(word_len(w, e) == 7 && memcmp(w, "variant", 7) == 0);
    }
    if (n == 6 && memcmp(s, "target", 6) == 0) {  /* target enter|exit data, target update */
        const char *w = skip_blanks(s + n, e);
        size_t m = word_len(w, e);
        return (m == 5 && memcmp(w, "enter", 5) == 0) || (m == 4 && memcmp(w, "exit", 4) == 0) ||
               (m == 6 && memcmp(w, "update", 6) == 0);
    }
    for (size_t i = 0; i < sizeof standalone / sizeof standalone[0]; i++)
        if (n == strlen(standalone[i]) && memcmp(s, standalone[i], n) == 0)
            return true;
    return false;
}

/* ---- yylex ---------------------------------------------------------------------------- */

int yylex(YYSTYPE *lval, YYLTYPE *lloc, struct mcc_parser *p)
{
    for (;;) {
        size_t b, e;
        int t = lex_raw(p, &b, &e);
        lloc->begin = b;
        lloc->end = e;
        lval->name = NULL;
        const char *text = p->src->text;
        if (t == PRAGMA_OMP) {
            /* The span is the directive itself, without trailing blanks or a CR. */
            while (e > b && (text[e - 1] == '\r' || text[e - 1] == ' ' || text[e - 1] == '\t'))
                e--;
            lloc->end = e;
            bool ompss = !(p->opts && !p->opts->ompss);
            char *oss = ompss ? pragma_oss_sentinel(text + b, text + e) : NULL;
            if (oss)
                memcpy(oss, "omp", 3);
            if (ompss && pragma_is_omp(text + b, text + e)) {
                struct ast *n = ast_new(p, AST_PRAGMA, b, e);
                p->omp_pragmas++;
                if (oss || memmem(text + b, e - b, MCC_OSS_MARK, strlen(MCC_OSS_MARK)))
                    n->flags |= AST_PRAGMA_OSS;
                if (ast_pragma_is_standalone(text + b, e - b)) {
                    n->flags |= AST_PRAGMA_STANDALONE;
                    t = PRAGMA_OMP_STANDALONE;
                    /* `do #pragma omp taskwait x--; while (...)`: the parser's error would
                     * be the `while` it misses; the lowering reports the other bodies */
                    if (p->last_end == p->last_begin + 2 &&
                        !memcmp(text + p->last_begin, "do", 2))
                        lower_block_standalone_error(p->src, b, e);
                }
                lval->node = n;
            } else {
                /* Every other pragma passes through untouched: the output is the input
                 * text, so it only needs remembering, not parsing. */
                ast_list_append(p->other_pragmas, ast_new(p, AST_PRAGMA, b, e));
                continue;
            }
        } else if (t == IDENTIFIER) {
            struct name *n = name_intern(p, text + b, e - b);
            lval->name = n;
            if (n->keyword) {
                t = n->keyword;
                if (t == KW_STRUCT || t == KW_UNION || t == KW_ENUM) {
                    p->tag_state = 1;
                    p->tag_parens = 0;
                } else if (p->tag_state && p->tag_parens == 0 && t != KW_ATTRIBUTE) {
                    p->tag_state = 0;
                }
            } else if (p->tag_state && p->tag_parens == 0) {
                /* A struct/union/enum tag: its own namespace, and a type specifier. */
                p->tag_state = 0;
                p->type_seen = true;
                t = IDENTIFIER;
            } else if (!p->tag_state) {
                t = lex_classify_ident(p, n);
                /* A typedef name is a type specifier (or a label, member or designator
                 * name, where nothing follows that could be a declarator's name). */
                if (t == TYPEDEF_NAME)
                    p->type_seen = true;
            }
        } else if (p->tag_state) {
            if (t == '(')
                p->tag_parens++;
            else if (t == ')' && p->tag_parens > 0)
                p->tag_parens--;
            else if (p->tag_parens == 0)
                p->tag_state = 0;
        }
        if (t == ';' || t == '{' || t == '}' || t == '=')
            p->type_seen = false;
        if (t == '}' && p->last_kind == PRAGMA_OMP && !p->dangling_pragma)
            p->dangling_pragma = p->last_begin + 1;
        if (t != 0) {
            p->prev2_kind = p->prev_kind;
            p->prev_begin = p->last_begin;
            p->prev_end = p->last_end;
            p->prev_kind = p->last_kind;
            p->last_begin = b;
            p->last_end = e;
            p->last_kind = t;
        }
        return t;
    }
}
