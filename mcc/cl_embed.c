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

static char *slurp(const char *path)
{
    size_t len;
    char *buf = mcc_read_file(path, &len);
    if (buf && memchr(buf, '\0', len)) {    /* a NUL byte: not OpenCL C */
        free(buf);
        errno = EINVAL;
        return NULL;
    }
    return buf;
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

/* `#include "x"` or `#include <x>` on this line: the name (*n bytes) and its form. */
static const char *include_at(const char *p, const char *end, size_t *n, bool *quoted)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (p >= end || *p != '#')
        return NULL;
    for (p++; p < end && (*p == ' ' || *p == '\t'); p++)
        ;
    if (end - p < 7 || memcmp(p, "include", 7) != 0)
        return NULL;
    for (p += 7; p < end && (*p == ' ' || *p == '\t'); p++)
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

static bool word_char(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
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

char *cl_kernel_names(const char *text)
{
    char *out = strdup("");
    size_t len = 0;
    for (const char *p = text; *p; p++) {
        size_t kw = !strncmp(p, "__kernel", 8) ? 8 : !strncmp(p, "kernel", 6) ? 6 : 0;
        if (!kw || (p > text && word_char(p[-1])) || word_char(p[kw]))
            continue;
        const char *q = skip_blanks(p + kw);
        if (strncmp(q, "void", 4) || word_char(q[4]))
            continue;
        q = skip_blanks(q + 4);
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
    return out;
}

bool cl_mentions(const char *text, const char *kernel)
{
    size_t n = strlen(kernel);
    for (const char *p = text; n && (p = strstr(p, kernel)) != NULL; p += n)
        if ((p == text || !word_char(p[-1])) && !word_char(p[n]))
            return true;
    return false;
}

void cl_include_dirs_of(const char *opts, struct cl_dirs *dirs)
{
    for (const char *p = opts; p && *p;) {
        while (*p == ' ' || *p == '\t')
            p++;
        const char *w = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        if (p - w > 2 && w[0] == '-' && w[1] == 'I') {
            cl_dirs_add(dirs, strndup(w + 2, (size_t)(p - w - 2)));
        } else if (p - w == 2 && w[0] == '-' && w[1] == 'I') {    /* -I dir */
            while (*p == ' ' || *p == '\t')
                p++;
            const char *d = p;
            while (*p && *p != ' ' && *p != '\t')
                p++;
            if (p > d)
                cl_dirs_add(dirs, strndup(d, (size_t)(p - d)));
        }
    }
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
    struct embed e = {0};
    const char *parts[] = {"static const char ", var, "[] =\n\"", t, "\";\n"
                           "__attribute__((constructor)) static void ", ctor, "(void) "
                           "{ nanort_opencl_source(\"", n, "\", ", var, ", ", o ? "\"" : "",
                           o ? o : "0", o ? "\"" : "", "); }\n"};
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
        put(&e, parts[i], strlen(parts[i]));
    free(t);
    free(n);
    free(o);
    return e.out;
}
