/*
 * cl_embed.c - OpenCL sources as programs embed them.
 *
 * mcc embeds the OpenCL C of a program (.cl inputs of the link, file(...) of device tasks)
 * so that it runs from any directory.  The usual .cl starts with `#include <kernel.h>`,
 * the header the host code includes too, found at run time through the -I of
 * --opencl-build-opts: relative to the directory the program runs in.  So the embedded
 * text carries its includes: each `#include` of a file found next to the including file
 * (quotes only) or in the -I directories of the compile command and of
 * --opencl-build-opts is replaced by that file's text, recursively, each piece under a
 * #line naming its file so that build errors show the user's file and line.  An include
 * that is not found stays as written (the OpenCL compiler reports it, or it sits in an
 * #if branch the device never takes); `#pragma once` is honoured.
 *
 * The driver also lists the kernels a source defines (link-time checks, link_check.c).
 * cl_embed_c() writes the C that registers an embedded source: the one spelling of it, for
 * the driver and the lowering.
 */
#include "mcc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct embed {
    const char *const *dirs;
    char *out;
    size_t len, cap;
    const char *once[64];           /* files with #pragma once already included */
    int nonce;
};

static void put(struct embed *e, const char *s, size_t n)
{
    if (e->len + n + 1 > e->cap) {
        size_t cap = e->cap ? e->cap : 4096;
        while (e->len + n + 1 > cap)
            cap *= 2;
        char *o = realloc(e->out, cap);
        if (!o)
            abort();
        e->out = o;
        e->cap = cap;
    }
    memcpy(e->out + e->len, s, n);
    e->len += n;
    e->out[e->len] = '\0';
}

static void put_line(struct embed *e, int line, const char *file)
{
    char num[32];
    snprintf(num, sizeof num, "#line %d \"", line);
    put(e, num, strlen(num));
    for (const char *s = file; *s; s++) {
        if (*s == '"' || *s == '\\')
            put(e, "\\", 1);
        put(e, s, 1);
    }
    put(e, "\"\n", 2);
}

/* The files read (cl_embed_take_files), each once. */
static struct strvec files_read;

static char *slurp(const char *path)
{
    size_t len;
    char *buf = mcc_read_file(path, &len);
    if (buf && memchr(buf, '\0', len)) {    /* a NUL byte: not OpenCL C */
        free(buf);
        errno = EINVAL;
        return NULL;
    }
    bool seen = false;
    for (size_t i = 0; buf && i < files_read.n; i++)
        seen |= !strcmp(files_read.v[i], strncmp(path, "./", 2) ? path : path + 2);
    if (buf && !seen)   /* as cpp names a header found next to the file: no "./" */
        sv_push(&files_read, strdup(strncmp(path, "./", 2) ? path : path + 2));
    return buf;
}

struct strvec cl_embed_take_files(void)
{
    struct strvec v = files_read;
    files_read = (struct strvec){0};
    return v;
}

static char *join(const char *dir, const char *name, size_t n)
{
    size_t dl = strlen(dir);
    char *p = malloc(dl + n + 2);
    if (!p)
        abort();
    memcpy(p, dir, dl);
    p[dl] = '/';
    memcpy(p + dl + 1, name, n);
    p[dl + 1 + n] = '\0';
    return p;
}

/* The file an include names: next to `from` for "quotes", then in the directories. */
static char *find_include(const struct embed *e, const char *from, const char *name, size_t n,
                          bool quoted)
{
    if (name[0] == '/') {
        char *p = strndup(name, n);
        if (p && access(p, R_OK) == 0)
            return p;
        free(p);
        return NULL;
    }
    if (quoted) {
        const char *slash = strrchr(from, '/');
        char *dir = slash ? strndup(from, (size_t)(slash - from)) : strdup(".");
        char *p = join(dir, name, n);
        free(dir);
        if (access(p, R_OK) == 0)
            return p;
        free(p);
    }
    for (int i = 0; e->dirs && e->dirs[i]; i++) {
        char *p = join(e->dirs[i], name, n);
        if (access(p, R_OK) == 0)
            return p;
        free(p);
    }
    return NULL;
}

static bool word_char(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Does the line at p hold the directive `#word` (blanks around the `#`)?  Where its
 * argument starts in *rest. */
static bool directive(const char *p, const char *word, const char **rest)
{
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p++ != '#')
        return false;
    while (*p == ' ' || *p == '\t')
        p++;
    size_t n = strlen(word);
    if (strncmp(p, word, n) || word_char(p[n]))
        return false;
    *rest = p + n;
    return true;
}

/* `#include "x"` or `#include <x>` on this line: the name (*n bytes) and its form. */
static const char *include_at(const char *p, const char *end, size_t *n, bool *quoted)
{
    if (!directive(p, "include", &p))
        return NULL;
    for (; p < end && (*p == ' ' || *p == '\t'); p++)
        ;
    if (p >= end || (*p != '"' && *p != '<'))
        return NULL;
    char close = *p == '"' ? '"' : '>';
    *quoted = close == '"';
    const char *name = ++p;
    while (p < end && *p != close)
        p++;
    if (p >= end || p == name)
        return NULL;
    *n = (size_t)(p - name);
    return name;
}

static bool pragma_once(const char *text)
{
    for (const char *p = text; (p = strstr(p, "once")) != NULL; p += 4) {
        const char *q = p;
        while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
            q--;
        if (q - text >= 6 && !memcmp(q - 6, "pragma", 6))
            return true;
    }
    return false;
}

/* Append `text` (from `file`, shown as `shown`) with its includes resolved. */
static void embed(struct embed *e, const char *text, const char *file, const char *shown,
                  int depth)
{
    put_line(e, 1, shown);
    int line = 1;
    bool comment = false;           /* inside a block comment at the line's start */
    if (!strncmp(text, "\xef\xbb\xbf", 3))
        text += 3;                  /* a UTF-8 byte order mark: only a file's start may have one */
    for (const char *p = text; *p; line++) {
        const char *nl = strchr(p, '\n');
        const char *end = nl ? nl : p + strlen(p);
        size_t n;
        bool quoted;
        const char *name = !comment && depth < 32 ? include_at(p, end, &n, &quoted) : NULL;
        char *path = name ? find_include(e, file, name, n, quoted) : NULL;
        char *sub = path ? slurp(path) : NULL;
        bool skip = false;
        for (int i = 0; sub && i < e->nonce; i++)
            skip |= !strcmp(e->once[i], path);
        if (sub && !skip) {
            if (pragma_once(sub) && e->nonce < 64)
                e->once[e->nonce++] = strdup(path);
            const char *show = strncmp(path, "./", 2) ? path : path + 2;
            embed(e, sub, path, show, depth + 1);
            put_line(e, line + 1, shown);
        } else if (!skip) {
            put(e, p, (size_t)(end - p));
            put(e, "\n", 1);
        } else {
            put(e, "\n", 1);
        }
        free(sub);
        free(path);
        for (const char *c = p; c < end; c++) {     /* block comments across lines */
            if (!comment && c + 1 < end && c[0] == '/' && c[1] == '/')
                break;
            if (!comment && c + 1 < end && c[0] == '/' && c[1] == '*')
                comment = true, c++;
            else if (comment && c + 1 < end && c[0] == '*' && c[1] == '/')
                comment = false, c++;
        }
        p = nl ? nl + 1 : end;
    }
}

char *cl_embed_text(const char *path, const char *shown, const char *const *dirs)
{
    char *text = slurp(path);
    if (!text)
        return NULL;
    struct embed e = {.dirs = dirs};
    embed(&e, text, path, shown, 0);
    free(text);
    for (int i = 0; i < e.nonce; i++)
        free((char *)e.once[i]);
    if (!e.out)
        return strdup("");
    return e.out;
}

static const char *skip_blanks(const char *p)
{
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            p++;
        if (!strncmp(p, "__attribute__", 13) && !word_char(p[13])) {   /* ((...)) */
            p += 13;
            while (*p == ' ' || *p == '\t' || *p == '\n')
                p++;
            for (int depth = 0; *p; p++) {
                depth += *p == '(';
                if (*p == ')' && --depth == 0) {
                    p++;
                    break;
                }
            }
            continue;
        }
        return p;
    }
}

/* The length of the word `__kernel` or `kernel` at p (0: neither). */
static size_t kernel_word(const char *p)
{
    size_t kw = !strncmp(p, "__kernel", 8) ? 8 : !strncmp(p, "kernel", 6) ? 6 : 0;
    return kw && !word_char(p[kw]) ? kw : 0;
}

/* Where the name of a kernel defined at p begins (p at `__kernel void` or `kernel void`,
 * or at `void __kernel` (the qualifier after the type, as OpenCL C allows too), as whole
 * words of text, attributes between them), or NULL. */
static const char *kernel_name_at(const char *text, const char *p)
{
    if (p > text && word_char(p[-1]))
        return NULL;
    size_t kw = kernel_word(p);
    if (kw) {
        const char *q = skip_blanks(p + kw);
        if (strncmp(q, "void", 4) || word_char(q[4]))
            return NULL;
        return skip_blanks(q + 4);
    }
    if (strncmp(p, "void", 4) || word_char(p[4]))
        return NULL;
    const char *q = skip_blanks(p + 4);
    kw = kernel_word(q);
    return kw ? skip_blanks(q + kw) : NULL;
}

/* Blank t[from..to) but its newlines. */
static void blank(char *t, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (t[i] != '\n')
            t[i] = ' ';
}

/* The lines of `#if 0` blocks blanked in t (up to their `#else`, `#elif` or `#endif`). */
static void blank_if0(char *t)
{
    for (char *line = t; *line;) {
        const char *rest;
        char *next = strchr(line, '\n');
        if (directive(line, "if", &rest) && *skip_blanks(rest) == '0' &&
            !word_char(skip_blanks(rest)[1])) {
            int depth = 0;
            char *q = next;
            while (q && *++q) {
                if (directive(q, "if", &rest) || directive(q, "ifdef", &rest) ||
                    directive(q, "ifndef", &rest))
                    depth++;
                else if (depth == 0 && (directive(q, "else", &rest) ||
                                        directive(q, "elif", &rest) ||
                                        directive(q, "endif", &rest)))
                    break;
                else if (directive(q, "endif", &rest))
                    depth--;
                q = strchr(q, '\n');
            }
            char *end = q && *q ? q : line + strlen(line);
            blank(t, (size_t)(line - t), (size_t)(end - t));
            next = end > line ? end - 1 : NULL;
            if (!*end)
                return;
        }
        if (!next)
            return;
        line = next + 1;
    }
}

/* A copy of the OpenCL text without what the compiler does not see: comments (their
 * characters blanked, newlines kept) and `#if 0` blocks, where codes keep older versions
 * of a kernel, with other parameters; malloc'd. */
static char *code_only(const char *text)
{
    char *t = strdup(text);
    if (!t)
        abort();
    for (size_t i = 0; t[i]; i++) {
        if (t[i] == '"' || t[i] == '\'') {         /* a literal: skipped whole */
            char quote = t[i];
            for (i++; t[i] && t[i] != quote && t[i] != '\n'; i++)
                if (t[i] == '\\' && t[i + 1])
                    i++;
            if (!t[i])
                break;
        } else if (t[i] == '/' && t[i + 1] == '/') {
            size_t j = i;
            while (t[j] && t[j] != '\n')
                j++;
            blank(t, i, j);
            i = j ? j - 1 : j;
        } else if (t[i] == '/' && t[i + 1] == '*') {
            char *e = strstr(t + i + 2, "*/");
            size_t j = e ? (size_t)(e - t) + 2 : strlen(t);
            blank(t, i, j);
            i = j ? j - 1 : j;
        }
    }
    blank_if0(t);
    return t;
}

char *cl_kernel_names(const char *source)
{
    char *text = code_only(source);
    char *out = strdup("");
    size_t len = 0;
    for (const char *p = text; *p; p++) {
        const char *q = kernel_name_at(text, p);
        if (!q)
            continue;
        const char *name = q;
        while (word_char(*q))
            q++;
        if (q == name || *skip_blanks(q) != '(')
            continue;
        char *o = realloc(out, len + (size_t)(q - name) + 2);
        if (!o)
            abort();
        out = o;
        if (len)
            out[len++] = ',';
        memcpy(out + len, name, (size_t)(q - name));
        len += (size_t)(q - name);
        out[len] = '\0';
        p = q - 1;
    }
    free(text);
    return out;
}

/* The index of `item` in the list, -1 when absent. */
static int list_index(const char *list, const char *item, char sep)
{
    char *e;
    for (int i = 0; (e = cl_list_item(list, i, sep)) != NULL; i++) {
        bool same = !strcmp(e, item);
        free(e);
        if (same)
            return i;
    }
    return -1;
}

/* What `each` writes (malloc'd, or NULL) for every kernel the text defines, once per name
 * (#if variants define one twice), concatenated; malloc'd. */
static char *for_each_kernel(const char *text, const char *name,
                             char *(*each)(const char *text, const char *kernel, const char *name))
{
    char *names = cl_kernel_names(text), *out = strdup(""), *k;
    for (int i = 0; (k = cl_list_item(names, i, ',')) != NULL && *k; i++) {
        char *c = list_index(names, k, ',') == i ? each(text, k, name) : NULL, *o = out;
        if (c && asprintf(&out, "%s%s", o, c) < 0)
            abort();
        if (c)
            free(o);
        free(c);
        free(k);
    }
    free(k);
    free(names);
    return out;
}

static char *anchor_c(const char *text, const char *kernel, const char *name)
{
    (void)text, (void)name;
    char *c;
    if (asprintf(&c, "__attribute__((weak)) const char %s%s = 0;\n", MCC_CL_ANCHOR, kernel) < 0)
        abort();
    return c;
}

char *cl_kernel_anchors(const char *text)
{
    return for_each_kernel(text, NULL, anchor_c);
}

/* "kernel:t1;t2:n1,n2\n" (cl_kernel_params, cl_kernel_param_names), or NULL. */
static char *signature(const char *text, const char *kernel, const char *name)
{
    (void)name;
    char *types = cl_kernel_params(text, kernel), *names = cl_kernel_param_names(text, kernel);
    char *c = NULL;
    if (types && names && asprintf(&c, "%s:%s:%s\n", kernel, types, names) < 0)
        abort();
    free(types);
    free(names);
    return c;
}

char *cl_kernel_signatures(const char *text)
{
    return for_each_kernel(text, NULL, signature);
}

/* The registration of the kernel's parameter names (nanort_opencl_kernel_params), for the
 * source registered as `name` (a C string's body). */
static char *params_c(const char *text, const char *kernel, const char *name)
{
    char *names = cl_kernel_param_names(text, kernel), *c = NULL;
    if (names && asprintf(&c, " nanort_opencl_kernel_params(\"%s\", \"%s\", \"%s\");", name,
                          kernel, names) < 0)
        abort();
    free(names);
    return c;
}

bool cl_mentions(const char *text, const char *kernel)
{
    size_t n = strlen(kernel);
    for (const char *p = text; n && (p = strstr(p, kernel)) != NULL; p += n)
        if ((p == text || !word_char(p[-1])) && !word_char(p[n]))
            return true;
    /* a macro may paste the name together (`__kernel void KN(scale)(...)` with
     * `#define KN(x) x##_kern`): only the OpenCL compiler's preprocessor can tell */
    return n && strstr(text, "##") != NULL;
}

void cl_include_dirs_of(const char *opts, struct cl_dirs *dirs)
{
    struct strvec words = {0};
    sv_split_shell(&words, opts);
    for (size_t i = 0; i < words.n; i++)
        if (!strncmp(words.v[i], "-I", 2) && words.v[i][2])
            cl_dirs_add(dirs, words.v[i] + 2);
        else if (!strcmp(words.v[i], "-I") && i + 1 < words.n)    /* -I dir */
            cl_dirs_add(dirs, words.v[++i]);
}

void cl_dirs_add(struct cl_dirs *dirs, const char *dir)
{
    if (dirs->n + 2 > dirs->cap) {
        dirs->cap = dirs->cap ? 2 * dirs->cap : 8;
        const char **v = realloc(dirs->v, dirs->cap * sizeof *v);
        if (!v)
            abort();
        dirs->v = v;
    }
    dirs->v[dirs->n++] = dir;
    dirs->v[dirs->n] = NULL;
}

char *cl_c_string(const char *s)
{
    struct embed e = {0};
    put(&e, "", 0);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        char esc[8];
        if (c == '"' || c == '\\') {
            esc[0] = '\\', esc[1] = (char)c;
            put(&e, esc, 2);
        } else if (c == '\n') {
            put(&e, "\\n\"\n\"", 5);
        } else if (c < 32 || c == 127) {
            snprintf(esc, sizeof esc, "\\%03o", c);
            put(&e, esc, 4);
        } else {
            put(&e, s, 1);
        }
    }
    return e.out;
}

char *cl_embed_c(const char *text, const char *name, const char *opts, const char *var,
                 const char *ctor)
{
    char *t = cl_c_string(text), *n = cl_c_string(name), *o = opts ? cl_c_string(opts) : NULL;
    char *params = for_each_kernel(text, n, params_c);
    struct embed e = {0};
    /* (a kernel file longer than 4095 characters is no ISO C99 string: -pedantic's
     * -Woverlength-strings on the user's command is not about the user's code) */
    const char *parts[] = {"#pragma GCC diagnostic push\n"
                           "#pragma GCC diagnostic ignored \"-Woverlength-strings\"\n"
                           "static const char ", var, "[] =\n\"", t, "\";\n"
                           "#pragma GCC diagnostic pop\n"
                           "__attribute__((constructor)) static void ", ctor, "(void) "
                           "{ nanort_opencl_source(\"", n, "\", ", var, ", ", o ? "\"" : "",
                           o ? o : "0", o ? "\"" : "", ");", params, " }\n"};
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
        put(&e, parts[i], strlen(parts[i]));
    free(t);
    free(n);
    free(o);
    free(params);
    return e.out;
}

/* ---- object-like macros of a text (`#define REAL float` under `#ifdef DP`) -------------- */

static bool word_is(const char *w, size_t n, const char *const *list);

/* What the kernels' compiler would make of a word in the parameter types: the object-like
 * macros the text defines where its #ifdef/#ifndef lines (with --opencl-build-opts' -D)
 * decide, and those options' own.  A macro defined or undefined under an #if, or under a
 * condition on a name the OpenCL compiler may define, is `unknown`: its parameters are not
 * compared. */
struct cl_macro {
    const char *name, *body;        /* body NULL: unknown */
    size_t n, bn;
};
static struct cl_macros {
    struct cl_macro *v;
    size_t n, cap;
} *cur_macros;                      /* of the text kernel_param_list reads, else NULL */
static struct strvec macro_build_opts;     /* its words, as a shell splits them */

void cl_macros_build_opts(const char *opts)
{
    macro_build_opts = (struct strvec){0};
    sv_split_shell(&macro_build_opts, opts);
}

static struct cl_macro *macro_find(struct cl_macros *m, const char *name, size_t n)
{
    for (size_t i = m ? m->n : 0; i-- > 0;)
        if (m->v[i].n == n && !memcmp(m->v[i].name, name, n))
            return &m->v[i];
    return NULL;
}

static void macro_set(struct cl_macros *m, const char *name, size_t n, const char *body,
                      size_t bn)
{
    struct cl_macro *x = macro_find(m, name, n);
    if (!x) {
        if (m->n == m->cap) {
            m->cap = m->cap ? 2 * m->cap : 16;
            m->v = realloc(m->v, m->cap * sizeof *m->v);
            if (!m->v)
                abort();
        }
        x = &m->v[m->n++];
    }
    *x = (struct cl_macro){.name = name, .n = n, .body = body, .bn = bn};
}

/* Is the word [b, b + n) defined (1), not (0), or unknown (-1) where the text says it? */
static int macro_defined(struct cl_macros *m, const char *b, size_t n)
{
    static const char *const opencl_c[] = {"__OPENCL_VERSION__", "__OPENCL_C_VERSION__",
                                           "CL_VERSION_1_0", "CL_VERSION_1_1",
                                           "CL_VERSION_1_2", "__ENDIAN_LITTLE__", NULL};
    struct cl_macro *x = macro_find(m, b, n);
    if (x)
        return x->body ? (x->bn == (size_t)-1 ? 0 : 1) : -1;
    if (word_is(b, n, opencl_c))
        return 1;
    if (n == 11 && !memcmp(b, "__cplusplus", 11))
        return 0;
    /* the OpenCL compiler's other macros (cl_khr_fp64, __IMAGE_SUPPORT__, vendors'...) */
    return (n > 2 && b[0] == '_' && b[1] == '_') || (n > 3 && !memcmp(b, "cl_", 3)) ? -1 : 0;
}

enum { COND_ON, COND_OFF, COND_UNKNOWN };

static struct cl_macros *macros_of(const char *text)
{
    struct cl_macros *m = calloc(1, sizeof *m);
    if (!m)
        abort();
    for (size_t i = 0; i < macro_build_opts.n; i++) {
        const char *o = macro_build_opts.v[i];
        if (strncmp(o, "-D", 2))
            continue;
        o = o[2] || i + 1 == macro_build_opts.n ? o + 2 : macro_build_opts.v[++i];  /* -D X */
        size_t n = 0;
        while (word_char(o[n]))
            n++;
        const char *body = o[n] == '=' ? o + n + 1 : "1";
        macro_set(m, o, n, body, strlen(body));
    }
    int cond[64], depth = 0;
    for (const char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        const char *p = line + strspn(line, " \t");
        if (*p != '#')
            continue;
        p += 1 + strspn(p + 1, " \t");
        size_t kw = 0;
        while (word_char(p[kw]))
            kw++;
        const char *a = p + kw + strspn(p + kw, " \t");
        size_t an = 0;
        while (word_char(a[an]))
            an++;
        int state = COND_ON;
        for (int i = 0; i < depth && i < 64; i++)
            state = cond[i] == COND_OFF ? COND_OFF : state == COND_ON ? cond[i] : state;
        if ((kw == 5 && !memcmp(p, "ifdef", 5)) || (kw == 6 && !memcmp(p, "ifndef", 6))) {
            int d = macro_defined(m, a, an);
            if (depth < 64)
                cond[depth] = d < 0 ? COND_UNKNOWN : (d == 1) == (kw == 5) ? COND_ON : COND_OFF;
            depth++;
        } else if (kw == 2 && !memcmp(p, "if", 2)) {
            if (depth < 64)
                cond[depth] = COND_UNKNOWN;
            depth++;
        } else if (depth > 0 && depth <= 64 && kw == 4 && !memcmp(p, "elif", 4)) {
            cond[depth - 1] = COND_UNKNOWN;
        } else if (depth > 0 && depth <= 64 && kw == 4 && !memcmp(p, "else", 4)) {
            cond[depth - 1] = cond[depth - 1] == COND_UNKNOWN ? COND_UNKNOWN
                              : cond[depth - 1] == COND_ON ? COND_OFF : COND_ON;
        } else if (depth > 0 && kw == 5 && !memcmp(p, "endif", 5)) {
            depth--;
        } else if (state != COND_OFF && an && kw == 6 && !memcmp(p, "define", 6)) {
            const char *body = a + an;
            bool fn = *body == '(';
            body += strspn(body, " \t");
            size_t bn = strcspn(body, "\n");
            const char *c = strstr(body, "/*"), *c2 = strstr(body, "//");
            if (c2 && (!c || c2 < c))
                c = c2;
            if (c && c < body + bn)
                bn = (size_t)(c - body);
            while (bn && (body[bn - 1] == ' ' || body[bn - 1] == '\t' || body[bn - 1] == '\r'))
                bn--;
            bool plain = !fn && state == COND_ON && !(bn && body[bn - 1] == '\\');
            macro_set(m, a, an, plain ? body : NULL, bn);
        } else if (state != COND_OFF && an && kw == 5 && !memcmp(p, "undef", 5)) {
            macro_set(m, a, an, state == COND_ON ? "" : NULL, state == COND_ON ? (size_t)-1 : 0);
        }
    }
    return m;
}

static void macros_free(struct cl_macros *m)
{
    if (m)
        free(m->v);
    free(m);
}

/* ---- kernel signatures (the types a task's prototype and its kernel must agree on) ----- */

static bool word_is(const char *w, size_t n, const char *const *list)
{
    for (; *list; list++)
        if (strlen(*list) == n && !memcmp(*list, w, n))
            return true;
    return false;
}

/* OpenCL C's scalar type names, which the host writes the same way or as C spells them. */
static const char *const scalars[] = {
    "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double",
    "half", "bool", "size_t", "ptrdiff_t", "intptr_t", "uintptr_t", "void", NULL,
};

/* Words that say nothing about the bytes an argument has. */
static const char *const qualifiers[] = {
    "const", "volatile", "restrict", "__restrict", "__restrict__", "__global", "global",
    "__local", "local", "__constant", "constant", "__private", "private", "register", NULL,
};

/* A known type word: a C specifier or an OpenCL scalar or vector type name. */
static bool type_word(const char *w, size_t n)
{
    static const char *const c[] = {"signed", "unsigned", "_Bool", NULL};
    if (word_is(w, n, scalars) || word_is(w, n, c))
        return true;
    size_t k = n;
    while (k > 0 && w[k - 1] >= '0' && w[k - 1] <= '9')
        k--;
    if (k == n || k == 0)
        return false;
    static const char *const sizes[] = {"2", "3", "4", "8", "16", NULL};
    return word_is(w, k, scalars) && word_is(w + k, n - k, sizes);
}

/* The words' type as OpenCL C names it ("uint" for `unsigned int`), NULL if none. */
static char *type_of_words(const char *const *w, const size_t *len, int n)
{
    int longs = 0;
    bool uns = false, sgn = false;
    const char *base = NULL;
    size_t blen = 0;
    for (int i = 0; i < n; i++) {
        if (len[i] == 4 && !memcmp(w[i], "long", 4))
            longs++;
        else if (len[i] == 8 && !memcmp(w[i], "unsigned", 8))
            uns = true;
        else if (len[i] == 6 && !memcmp(w[i], "signed", 6))
            sgn = true;
        else if (base)
            return NULL;
        else
            base = w[i], blen = len[i];
    }
    if (base && blen == 5 && !memcmp(base, "_Bool", 5))
        base = "bool", blen = 4;
    if (longs) {
        if (longs > 2 || (base && !(blen == 3 && !memcmp(base, "int", 3))))
            return NULL;
        base = "long", blen = 4;
    } else if (!base) {
        if (!uns && !sgn)
            return NULL;
        base = "int", blen = 3;
    }
    if (uns || sgn) {
        static const char *const ints[] = {"char", "short", "int", "long", NULL};
        if (!word_is(base, blen, ints))
            return NULL;
    }
    char *t = malloc(blen + 2);
    if (!t)
        abort();
    snprintf(t, blen + 2, "%s%.*s", uns ? "u" : "", (int)blen, base);
    return t;
}

char *cl_param_type(const char *s, size_t n, char **name)
{
    enum { MAX_WORDS = 8 };
    const char *w[MAX_WORDS];
    size_t len[MAX_WORDS];
    int nw = 0, stars = 0;
    bool unknown = false;
    *name = NULL;
    for (const char *p = s, *end = s + n; p < end;) {
        if (p + 1 < end && p[0] == '/' && p[1] == '*') {
            const char *c = strstr(p + 2, "*/");
            p = c && c < end ? c + 2 : end;
        } else if (p + 1 < end && p[0] == '/' && p[1] == '/') {
            while (p < end && *p != '\n')
                p++;
        } else if (*p == '#') {                 /* a #line the embedding put there */
            while (p < end && *p != '\n')
                p++;
        } else if (word_char(*p) && !(*p >= '0' && *p <= '9')) {
            const char *b = p;
            while (p < end && word_char(*p))
                p++;
            if (word_is(b, (size_t)(p - b), qualifiers))
                continue;
            struct cl_macro *mac = macro_find(cur_macros, b, (size_t)(p - b));
            if (mac && mac->bn == (size_t)-1)
                mac = NULL;                     /* #undef'd */
            if (mac && !mac->body) {
                unknown = true;
                continue;
            }
            if (mac && !stars && nw < MAX_WORDS) {  /* its words, one level (REAL -> float) */
                for (const char *q = mac->body, *qe = q + mac->bn; q < qe;) {
                    const char *qb = q;
                    while (q < qe && word_char(*q))
                        q++;
                    if (q > qb && !word_is(qb, (size_t)(q - qb), qualifiers) && nw < MAX_WORDS)
                        w[nw] = qb, len[nw++] = (size_t)(q - qb);
                    else if (q == qb && *q == '*')
                        stars++, q++;
                    else if (q == qb && (*q == ' ' || *q == '\t'))
                        q++;
                    else if (q == qb)
                        unknown = true, q++;
                    unknown |= q > qb && macro_find(cur_macros, qb, (size_t)(q - qb));
                }
                continue;
            }
            if (nw == MAX_WORDS || stars) {     /* the name, after the stars */
                unknown |= nw == MAX_WORDS || *name != NULL;
                free(*name);
                *name = strndup(b, (size_t)(p - b));
                continue;
            }
            w[nw] = b, len[nw++] = (size_t)(p - b);
        } else if (*p == '*') {
            stars++, p++;
        } else if (*p == '[') {                 /* an array parameter is a pointer */
            stars++;
            while (p < end && *p != ']')
                p++;
        } else if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == ']') {
            p++;
        } else {                                /* function pointers, attributes, ... */
            unknown = true;
            p++;
        }
    }
    if (!*name && nw >= 2 && !type_word(w[nw - 1], len[nw - 1])) {
        *name = strndup(w[nw - 1], len[nw - 1]);
        nw--;
    }
    for (int i = 0; i < nw; i++)
        unknown |= !type_word(w[i], len[i]);
    char *t = unknown || !nw ? NULL : type_of_words(w, len, nw);
    if (t && stars) {
        char *ts = malloc(strlen(t) + (size_t)stars + 2);
        if (!ts)
            abort();
        sprintf(ts, "%s %.*s", t, stars, "****************");
        free(t);
        t = ts;
    }
    return t;
}

/* What param_list lists of each parameter. */
enum { PL_TYPES, PL_NAMES, PL_STRUCTS, PL_BUFFERS };

/* Does the parameter declaration b[0..n) name an address space of buffers (__global,
 * __constant), which the host passes a device buffer for? */
static bool buffer_space(const char *b, size_t n)
{
    static const char *const spaces[] = {"__global", "global", "__constant", "constant", NULL};
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && word_char(b[j]))
            j++;
        if (j > i && (i == 0 || !word_char(b[i - 1])) && word_is(b + i, j - i, spaces))
            return true;
        i = j > i ? j : i + 1;
    }
    return false;
}

/* The struct a parameter's type names, "TYPE/STARS" ("struct p/1"), or "" (cl_param_struct). */
static char *struct_item(const char *b, size_t n)
{
    int stars;
    char *t = cl_param_struct(b, n, &stars), *item;
    if (asprintf(&item, t ? "%s/%d" : "", t, stars) < 0)
        abort();
    free(t);
    return item;
}

/* The parameter list after `(` at p, to its `)`: its types "t1;t2;..." ("?": not known),
 * with PL_NAMES its names "n1,n2,..." ("" for one without), with PL_STRUCTS its structs
 * "s1;s2" (struct_item), with PL_BUFFERS "1" for a buffer (buffer_space), else "0". */
static char *param_list(const char *p, int what)
{
    bool names = what == PL_NAMES;
    char *out = strdup("");
    size_t len = 0;
    for (int depth = 0, first = 1, n = 0; *p && depth >= 0; first = 0) {
        const char *b = p;
        while (*p && !(depth == 0 && (*p == ',' || *p == ')'))) {
            depth += *p == '(';
            depth -= *p == ')';
            p++;
        }
        char *name;
        char *t = cl_param_type(b, (size_t)(p - b), &name);
        if (!(first && *p == ')' && t && !strcmp(t, "void") && !name)) {
            char *si = what == PL_STRUCTS ? struct_item(b, (size_t)(p - b)) : NULL;
            const char *item = si ? si : names ? (name ? name : "") :
                               what == PL_BUFFERS ? (buffer_space(b, (size_t)(p - b)) ? "1" : "0") :
                               t ? t : "?";
            char *o = realloc(out, len + strlen(item) + 2);
            if (!o)
                abort();
            out = o;
            len += (size_t)sprintf(out + len, "%s%s", n++ ? names ? "," : ";" : "", item);
            free(si);
        }
        free(t);
        free(name);
        if (*p == ')')
            break;
        if (*p)
            p++;
    }
    return out;
}

/* Is the parameter list opening at q ('(') a declaration's (`;` after it), not a
 * definition's?  A prototype of the kernel before its definition may leave the parameters
 * unnamed or name them otherwise: the definition's are the kernel's. */
static bool declaration_only(const char *q)
{
    int depth = 0;
    for (; *q; q++)
        if (*q == '(')
            depth++;
        else if (*q == ')' && --depth == 0)
            return *skip_blanks(q + 1) == ';';
    return false;
}

/* The parameter list of `kernel` in the text (param_list); NULL when the text defines no
 * such kernel, or several that disagree (#if variants: nothing to compare). */
static char *kernel_param_list_in(const char *text, const char *kernel, int what)
{
    char *found = NULL;
    size_t kn = strlen(kernel);
    for (const char *p = text; *p; p++) {
        const char *q = kernel_name_at(text, p);
        if (!q)
            continue;
        if (strncmp(q, kernel, kn) || word_char(q[kn]) || *(q = skip_blanks(q + kn)) != '(' ||
            declaration_only(q))
            continue;
        char *t = param_list(q + 1, what);
        if (found && strcmp(found, t)) {
            free(found);
            free(t);
            return NULL;
        }
        free(found);
        found = t;
    }
    return found;
}

/* kernel_param_list_in of the text the compiler sees (code_only), its object-like macros
 * expanded in the types. */
static char *kernel_param_list(const char *source, const char *kernel, int what)
{
    char *text = code_only(source);
    struct cl_macros *m = macros_of(text);
    cur_macros = m;
    char *found = kernel_param_list_in(text, kernel, what);
    cur_macros = NULL;
    macros_free(m);
    free(text);
    return found;
}

char *cl_kernel_params(const char *text, const char *kernel)
{
    return kernel_param_list(text, kernel, PL_TYPES);
}

char *cl_kernel_param_names(const char *text, const char *kernel)
{
    return kernel_param_list(text, kernel, PL_NAMES);
}

char *cl_kernel_param_structs(const char *text, const char *kernel)
{
    return kernel_param_list(text, kernel, PL_STRUCTS);
}

char *cl_kernel_param_buffers(const char *text, const char *kernel)
{
    return kernel_param_list(text, kernel, PL_BUFFERS);
}

char *cl_list_item(const char *list, int i, char sep)
{
    for (; list && i > 0; i--)
        list = (list = strchr(list, sep)) ? list + 1 : NULL;
    if (!list)
        return NULL;
    return strndup(list, strcspn(list, (char[]){sep, '\0'}));
}

/* Whether a and b ("int", "uint *", ...) are the same integer type but for its sign: the
 * same bytes, which C converts between as the kernel reads them (an `int n` for a kernel's
 * `uint n`, an `int *` buffer read as `uint *`). */
static bool differ_in_sign(const char *a, const char *b)
{
    static const char *const ints[] = {"char", "short", "int", "long", NULL};
    a += *a == 'u';
    b += *b == 'u';
    size_t n = strcspn(a, " ");
    return !strcmp(a, b) && word_is(a, n, ints);
}

/* t ("size_t *", ...) with a host's pointer-sized integer named as OpenCL C names its
 * bytes on the LP64 hosts mcc builds for (`size_t n` on the host for the kernel's `ulong
 * n`); malloc'd. */
static char *lp64_spelling(const char *t)
{
    static const char *const from[] = {"size_t", "uintptr_t", "ptrdiff_t", "intptr_t"};
    static const char *const to[] = {"ulong", "ulong", "long", "long"};
    size_t n = strcspn(t, " ");
    for (size_t i = 0; i < sizeof from / sizeof *from; i++)
        if (n == strlen(from[i]) && !memcmp(t, from[i], n)) {
            char *r;
            if (asprintf(&r, "%s%s", to[i], t + n) < 0)
                abort();
            return r;
        }
    return strdup(t);
}

/* How two known parameter types differ: CL_SAME, also integers that differ in sign only;
 * CL_BYTES, pointers whose element types differ as scalars (`double *` for `float *`: a
 * buffer may well be read another way, `float *` as `float4 *`, any as bytes); CL_VALUE,
 * by-value types or a pointer and a value. */
static enum cl_difference difference_of(const char *a, const char *b);

static enum cl_difference difference(const char *a, const char *b)
{
    char *la = lp64_spelling(a), *lb = lp64_spelling(b);
    enum cl_difference how = difference_of(la, lb);
    free(la);
    free(lb);
    return how;
}

static enum cl_difference difference_of(const char *a, const char *b)
{
    if (!strcmp(a, b) || differ_in_sign(a, b))
        return CL_SAME;
    bool pa = strchr(a, '*') != NULL, pb = strchr(b, '*') != NULL;
    if (!pa || !pb)
        return CL_VALUE;
    static const char *const loose[] = {"void", "char", "uchar", NULL};
    size_t na = strcspn(a, " "), nb = strcspn(b, " ");
    bool vec = (a[na - 1] >= '0' && a[na - 1] <= '9') || (b[nb - 1] >= '0' && b[nb - 1] <= '9');
    if (vec || word_is(a, na, loose) || word_is(b, nb, loose) || strcmp(a + na, b + nb))
        return CL_SAME;
    return CL_BYTES;
}

static int list_count(const char *list, char sep)
{
    int n = 0;
    for (const char *p = list; p; p = strchr(p, sep) ? strchr(p, sep) + 1 : NULL)
        n++;
    return n;
}


/* How the known types of parameter i of the prototype and j of the kernel differ. */
static enum cl_difference param_difference(const char *proto, int i, const char *kernel, int j)
{
    char *a = cl_list_item(proto, i, ';'), *b = cl_list_item(kernel, j, ';');
    enum cl_difference how = a && b && strcmp(a, "?") && strcmp(b, "?") ? difference(a, b)
                                                                          : CL_SAME;
    free(a);
    free(b);
    return how;
}

int cl_params_differ(const char *proto, const char *kernel, enum cl_difference *how)
{
    int n = list_count(proto, ';');
    if (n != list_count(kernel, ';') || !*proto)   /* as many parameters (else by name) */
        return -1;
    for (int i = 0; i < n; i++)
        if ((*how = param_difference(proto, i, kernel, i)) != CL_SAME)
            return i;
    return -1;
}

/* Parameter i of the task has kernel parameter j's type only as `how` says: the error (a
 * warning for CL_BYTES) at loc. */
static void report_difference(const struct mcc_loc *loc, const char *proto, const char *names,
                              int i, const char *kernel_types, int j, enum cl_difference how,
                              const char *task, const char *kernel, const char *file)
{
    char *pt = cl_list_item(proto, i, ';'), *kt = cl_list_item(kernel_types, j, ';');
    char *name = cl_list_item(names, i, ',');
    char *msg;
    if (asprintf(&msg, "parameter %d%s%s%s of task '%s' is '%s' but kernel '%s' in %s takes "
                 "'%s' there: %s; declare the parameter as the kernel does", i + 1, name && *name ? " '" : "",
                 name && *name ? name : "", name && *name ? "'" : "", task, pt, kernel, file,
                 kt, how == CL_BYTES ? "the kernel reads the buffer's elements as its own type"
                 : "the argument would reach the kernel unconverted") < 0)
        abort();
    if (how == CL_BYTES)
        mcc_warning_at(loc, "%s", msg);
    else
        mcc_error_at(loc, "%s", msg);
    free(msg);
    free(pt);
    free(kt);
    free(name);
}

/* A kernel with fewer parameters than its task gets the task's of the same names (the
 * runtime picks them, nanort/kernel_args.c): each must be there, with the kernel's type. */
static void check_by_name(const struct mcc_loc *loc, const char *proto, const char *names,
                          const char *kernel_types, const char *kernel_names, const char *task,
                          const char *kernel, const char *file)
{
    for (int j = 0; j < list_count(kernel_types, ';'); j++) {
        char *kn = cl_list_item(kernel_names, j, ',');
        int i = *kn ? list_index(names, kn, ',') : -1;
        bool found = i >= 0;
        enum cl_difference how = found ? param_difference(proto, i, kernel_types, j) : CL_SAME;
        if (!found)
            mcc_error_at(loc, "kernel '%s' in %s takes parameter %d '%s', which task '%s' does "
                         "not have: a kernel that takes fewer parameters than its task gets "
                         "them by name; name the parameter as the task does", kernel, file,
                         j + 1, kn, task);
        else if (how != CL_SAME)
            report_difference(loc, proto, names, i, kernel_types, j, how, task, kernel, file);
        free(kn);
        if (!found || how != CL_SAME)
            return;
    }
}

void cl_params_check(const struct mcc_loc *loc, const char *proto, const char *names,
                     const char *kernel_types, const char *kernel_names, const char *task,
                     const char *kernel, const char *file)
{
    int np = *proto ? list_count(proto, ';') : 0, nk = *kernel_types ? list_count(kernel_types, ';') : 0;
    if (nk > np) {
        mcc_error_at(loc, "kernel '%s' in %s takes %d parameters but task '%s' has %d: the "
                     "kernel gets the task's parameters; declare the task with the kernel's",
                     kernel, file, nk, task, np);
        return;
    }
    if (nk < np) {
        if (kernel_names)
            check_by_name(loc, proto, names, kernel_types, kernel_names, task, kernel, file);
        return;
    }
    /* every parameter: a buffer's warning must not hide a value's error after it */
    for (int i = 0; i < np; i++) {
        enum cl_difference how = param_difference(proto, i, kernel_types, i);
        if (how != CL_SAME)
            report_difference(loc, proto, names, i, kernel_types, i, how, task, kernel, file);
    }
}
