/*
 * pragma_lex.c - tokens of a `#pragma omp` line, and where each one is in the user's source.
 *
 * The preprocessor (gcc -E -fopenmp) expands macros in pragma lines and may normalise their
 * whitespace, so offsets in the text we are given are not columns in the user's file.  When
 * the file named by the pragma's loc can be read, the original (logical) line is lexed too
 * and the two token streams are aligned; tokens that came out of a macro expansion get the
 * position of the macro name.  Otherwise the column is the pragma's column plus the offset.
 */
#include "mcc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Longer pragmas (tokens x original tokens) keep the fallback columns. */
#define MAX_ALIGN_CELLS (4u << 20)

static const char *const puncts3[] = { "...", "<<=", ">>=" };
static const char *const puncts2[] = {
    "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
    "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=", "##",
};

static bool is_ident_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '$'; }

size_t omp_ucn_len(const char *s, size_t left)
{
    size_t n = left >= 2 && s[0] == '\\' ? (s[1] == 'u' ? 6 : s[1] == 'U' ? 10 : 0) : 0;
    if (n > left)
        return 0;
    for (size_t i = 2; i < n; i++)      /* (stops at a NUL: not a hex digit) */
        if (!isxdigit((unsigned char)s[i]))
            return 0;
    return n;
}

/* Length of the identifier character at s, 0 when none: what grammar/c.l's ID takes, so
 * that a clause names a variable with the spelling the C front end interned.  gcc -E
 * writes extended characters as UCNs (`gr\U000000f6\U000000dfe`), in code and in pragma
 * lines alike; a UTF-8 byte is taken as such too. */
static size_t ident_char_len(const char *s, size_t left, bool first)
{
    if (is_ident_char(s[0]))
        return first && isdigit((unsigned char)s[0]) ? 0 : 1;
    if ((unsigned char)s[0] >= 0x80)
        return 1;
    return omp_ucn_len(s, left);
}

static size_t punct_len(const char *s, size_t left)
{
    for (size_t i = 0; i < sizeof puncts3 / sizeof puncts3[0]; i++)
        if (left >= 3 && !memcmp(s, puncts3[i], 3))
            return 3;
    for (size_t i = 0; i < sizeof puncts2 / sizeof puncts2[0]; i++)
        if (left >= 2 && !memcmp(s, puncts2[i], 2))
            return 2;
    return 1;
}

static size_t number_len(const char *s, size_t left)
{
    size_t i = 1;
    while (i < left) {
        char c = s[i];
        if ((c == '+' || c == '-') && strchr("eEpP", s[i - 1]))
            i++;
        else if (is_ident_char(c) || c == '.')
            i++;
        else
            break;
    }
    return i;
}

static size_t quoted_len(const char *s, size_t left)
{
    size_t i = 1;
    while (i < left && s[i] != s[0]) {
        if (s[i] == '\\' && i + 1 < left)
            i++;
        i++;
    }
    return i < left ? i + 1 : left;
}

bool omp_comment_open(const char *p, const char *e, bool open)
{
    while (p < e) {
        if (open) {
            const char *c = memmem(p, (size_t)(e - p), "*/", 2);
            if (!c)
                return true;
            open = false;
            p = c + 2;
        } else if (*p == '"' || *p == '\'') {
            char q = *p++;
            while (p < e && *p != q)
                p += *p == '\\' && p + 1 < e ? 2 : 1;
            p += p < e;
        } else if (*p == '/' && p + 1 < e && (p[1] == '/' || p[1] == '*')) {
            if (p[1] == '/')
                return false;
            open = true;
            p += 2;
        } else {
            p++;
        }
    }
    return open;
}

/* Length of the blank space or comment at s (0 when none). */
static size_t space_len(const char *s, size_t left)
{
    if (isspace((unsigned char)s[0]))
        return 1;
    if (left >= 2 && s[0] == '/' && s[1] == '/')
        return left;
    if (left >= 2 && s[0] == '/' && s[1] == '*') {
        const char *end = memmem(s + 2, left - 2, "*/", 2);
        return end ? (size_t)(end - s) + 2 : left;
    }
    return 0;
}

/* Lex text[0..len) into *toks (malloc'd, ntoks tokens then an OMP_TOK_END); returns ntoks. */
int omp_lex(const char *text, size_t len, struct omp_tok **toks)
{
    struct omp_tok *v = malloc((len + 1) * sizeof *v);
    int n = 0;
    size_t i = 0;
    if (!v)
        abort();
    while (i < len) {
        size_t sp = space_len(text + i, len - i);
        if (sp) {
            i += sp;
            continue;
        }
        struct omp_tok t = { .off = i };
        char c = text[i];
        size_t ch = ident_char_len(text + i, len - i, true);
        if (ch) {
            t.kind = OMP_TOK_IDENT;
            for (t.len = ch; i + t.len < len; t.len += ch)
                if (!(ch = ident_char_len(text + i + t.len, len - i - t.len, false)))
                    break;
        } else if (isdigit((unsigned char)c) || (c == '.' && i + 1 < len && isdigit((unsigned char)text[i + 1]))) {
            t.kind = OMP_TOK_NUMBER;
            t.len = number_len(text + i, len - i);
        } else if (c == '"' || c == '\'') {
            t.kind = OMP_TOK_STRING;
            t.len = quoted_len(text + i, len - i);
        } else {
            t.kind = OMP_TOK_PUNCT;
            t.len = punct_len(text + i, len - i);
        }
        v[n++] = t;
        i += t.len;
    }
    v[n] = (struct omp_tok){ .kind = OMP_TOK_END, .off = len };
    *toks = v;
    return n;
}

/* The user's logical line (continuations joined) starting at loc->line, with the source
 * position of every byte.  Returns NULL when the file cannot be read. */
struct source_line {
    char *text;
    size_t len;
    struct mcc_loc *pos;
};

/* Columns are display columns, as gcc counts them (and diag.c draws carets): a tab goes to
 * the next multiple of 8, a UTF-8 character counts once. */
static int next_display_column(int col, char c)
{
    if (c == '\t')
        return ((col - 1) / 8 + 1) * 8 + 1;
    if (((unsigned char)c & 0xC0) == 0x80)
        return col;   /* a continuation byte: the character was already counted */
    return col + 1;
}

static bool append_physical_line(struct source_line *sl, const char *buf, size_t n,
                                 const struct mcc_loc *at)
{
    char *t = realloc(sl->text, sl->len + n + 1);
    struct mcc_loc *p = realloc(sl->pos, (sl->len + n + 1) * sizeof *p);
    if (!t || !p)
        abort();
    sl->text = t;
    sl->pos = p;
    int col = 1;
    for (size_t i = 0; i < n; i++) {
        t[sl->len] = buf[i];
        p[sl->len] = (struct mcc_loc){ at->file, at->line, col };
        sl->len++;
        col = next_display_column(col, buf[i]);
    }
    t[sl->len] = '\0';
    p[sl->len] = (struct mcc_loc){ at->file, at->line, col };
    return n > 0 && buf[n - 1] == '\\';
}

/* The last source file read, with where each line starts.  Pragmas arrive in file order,
 * so re-reading the file up to each one's line would be quadratic; the cache is keyed by
 * name, size and modification time, and omp_source_cache_free() releases it. */
static struct {
    char *name;
    struct stat st;
    char *data;
    size_t *lines;   /* nlines + 1 offsets; the last is the file size */
    int nlines;
} cache;

void omp_source_cache_free(void)
{
    free(cache.name);
    free(cache.data);
    free(cache.lines);
    memset(&cache, 0, sizeof cache);
}

static bool same_file(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size
           && a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

static bool load_source(const char *name)
{
    struct stat st;
    if (!name || stat(name, &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    if (cache.name && !strcmp(cache.name, name) && same_file(&cache.st, &st))
        return true;
    omp_source_cache_free();
    FILE *f = fopen(name, "r");
    size_t size = (size_t)st.st_size;
    char *data = malloc(size + 1);
    if (!f || !data || fread(data, 1, size, f) != size) {
        free(data);
        if (f)
            fclose(f);
        return false;
    }
    fclose(f);
    cache = (typeof(cache)){ .name = strdup(name), .st = st, .data = data };
    cache.lines = malloc((size + 2) * sizeof *cache.lines);
    if (!cache.name || !cache.lines)
        abort();
    cache.lines[0] = 0;
    for (size_t i = 0; i < size; i++)
        if (data[i] == '\n')
            cache.lines[++cache.nlines] = i + 1;
    if (size > 0 && data[size - 1] != '\n')
        cache.nlines++;
    cache.lines[cache.nlines] = size;
    return true;
}

bool omp_source_line(const char *file, int line, const char **text, size_t *len)
{
    if (!load_source(file) || line < 1 || line > cache.nlines)
        return false;
    *text = cache.data + cache.lines[line - 1];
    *len = cache.lines[line] - cache.lines[line - 1];
    while (*len > 0 && ((*text)[*len - 1] == '\n' || (*text)[*len - 1] == '\r'))
        --*len;
    return true;
}

static bool read_source_line(const struct mcc_loc *loc, struct source_line *sl)
{
    *sl = (struct source_line){ 0 };
    if (!load_source(loc->file) || loc->line < 1)
        return false;
    for (int line = loc->line; line <= cache.nlines; line++) {
        const char *start = cache.data + cache.lines[line - 1];
        size_t n = cache.lines[line] - cache.lines[line - 1];
        while (n > 0 && (start[n - 1] == '\n' || start[n - 1] == '\r'))
            n--;
        struct mcc_loc at = { loc->file, line, 1 };
        if (append_physical_line(sl, start, n, &at)) {
            sl->len--;   /* drop the backslash of the continuation */
            continue;
        }
        /* A block comment open at the end goes on below, and the pragma with it (cpp -C
         * keeps the comment in the pragma's text); a blank stands for the newline. */
        if (!omp_comment_open(sl->text, sl->text + sl->len, false))
            break;
        append_physical_line(sl, " ", 1, &at);
    }
    return sl->text != NULL;
}

static bool same_token(const char *a, const struct omp_tok *ta, const char *b,
                       const struct omp_tok *tb)
{
    return ta->len == tb->len && !memcmp(a + ta->off, b + tb->off, ta->len);
}

/* Align the pragma's tokens with the original line's by a longest common subsequence:
 * matched tokens take their original position; a token with no match (it came from a macro
 * expansion) takes the position of the next unmatched original token (the macro's name).
 * A line that is no `#pragma` line holds a macro that expands to `_Pragma(...)`: aligned
 * too, a clause's argument is found where the macro's argument is written (`T(zz)`), and
 * nothing lands past the end of the line, as offsets in the pragma text would. */
static void align_tokens(struct omp_tok *toks, int n, const char *text,
                         const struct source_line *sl)
{
    struct omp_tok *orig;
    int m = omp_lex(sl->text, sl->len, &orig);
    int *lcs = NULL;
    if (m >= 1 && (size_t)(n + 1) * (size_t)(m + 1) <= MAX_ALIGN_CELLS)
        lcs = calloc((size_t)(n + 1) * (size_t)(m + 1), sizeof *lcs);
    if (!lcs) {
        free(orig);   /* an empty line, or too long: keep the fallback columns */
        return;
    }
#define LCS(i, j) lcs[(size_t)(i) * (size_t)(m + 1) + (size_t)(j)]
    for (int i = n - 1; i >= 0; i--)
        for (int j = m - 1; j >= 0; j--)
            LCS(i, j) = same_token(text, &toks[i], sl->text, &orig[j]) ? LCS(i + 1, j + 1) + 1
                        : LCS(i + 1, j) > LCS(i, j + 1) ? LCS(i + 1, j) : LCS(i, j + 1);
    for (int i = 0, j = 0; i < n;) {
        size_t at = j < m ? orig[j].off : sl->len;
        if (j < m && same_token(text, &toks[i], sl->text, &orig[j])) {
            toks[i++].loc = sl->pos[at];
            j++;
        } else if (j == m || LCS(i + 1, j) >= LCS(i, j + 1)) {
            toks[i++].loc = sl->pos[at];
        } else {
            j++;
        }
    }
#undef LCS
    toks[n].loc = sl->pos[sl->len];
    free(lcs);
    free(orig);
}

/* Give every token (and the final OMP_TOK_END) its position in the user's source. */
void omp_locate_tokens(struct omp_tok *toks, int ntoks, const char *text, struct mcc_loc loc)
{
    /* Fallback: offsets from the `#`; text that starts later is assumed to follow
     * "#pragma " or "#pragma omp ". */
    int adj = 12;
    if (ntoks > 0 && text[toks[0].off] == '#')
        adj = -(int)toks[0].off;
    else if (ntoks > 0 && toks[0].len == 6 && !memcmp(text + toks[0].off, "pragma", 6))
        adj = 1 - (int)toks[0].off;
    else if (ntoks > 0 && toks[0].len == 3 && !memcmp(text + toks[0].off, "omp", 3))
        adj = 8 - (int)toks[0].off;
    for (int i = 0; i <= ntoks; i++)
        toks[i].loc = (struct mcc_loc){ loc.file, loc.line, loc.col + (int)toks[i].off + adj };

    struct source_line sl;
    if (read_source_line(&loc, &sl))
        align_tokens(toks, ntoks, text, &sl);
    free(sl.text);
    free(sl.pos);
}
