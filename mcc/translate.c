/*
 * translate.c - mcc_translate(): read the preprocessed text, parse it, lower the OmpSs
 * pragmas (lower_translation_unit), apply the edits, write the result.  Without edits the
 * output is the input, byte for byte.
 */
#include "mcc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * The OmpSs lowering hook: lower_unit() (lower*.c, the lowering issue) walks t->tu and adds
 * edits to t->rw: pragmas are AST_PRAGMA items of the translation unit and block lists,
 * attached to their construct through ->target and construct->pragma; each is parsed with
 * omp_parse_pragma(), names resolve through AST_IDENT->sym, statements move with
 * rewrite_text().  With --no-openmp nothing is lowered (the lexer does not even make
 * `#pragma omp` lines tokens of their own then), nor in a translation unit without any
 * `#pragma omp`: its output is its input, byte for byte.  Returns the number of errors.
 */
int lower_translation_unit(struct translation *t)
{
    /* (with --cuda, CUDA code without pragmas moves to nvcc too: lower_cuda.c) */
    if (!t->opts->ompss)
        return 0;
    if (t->parser.omp_pragmas == 0 && !t->opts->cuda_host)
        return lower_unit_constants(t);
    return lower_unit(t);
}

bool translation_parse(struct translation *t, const char *name, const char *text, size_t len,
                       const struct mcc_options *opts)
{
    static const struct mcc_options defaults = { .ompss = true, .copy_deps = true };
    memset(t, 0, sizeof *t);
    t->opts = opts ? opts : &defaults;
    mcc_diag_reset(t->opts->quiet);
    mcc_diag_warnings(t->opts->werror, t->opts->no_warnings);
    t->src.name = name ? name : "<input>";
    /* our own copy: the lexer spells `#pragma oss` as `#pragma omp` in it (lex.c) */
    char *own = arena_alloc(&t->arena, len + 1);
    memcpy(own, text, len);
    t->src.text = own;
    t->src.len = len;
    source_index(&t->src, &t->arena);
    t->parser.arena = &t->arena;
    t->parser.src = &t->src;
    t->parser.opts = t->opts;
    t->tu = mcc_parse(&t->parser);
    if (!t->tu)
        return false;
    t->rw = rewrite_new(&t->arena, &t->src);
    return true;
}

void translation_free(struct translation *t)
{
    arena_free(&t->arena);
    t->tu = NULL;
    t->rw = NULL;
}

char *mcc_cuda_stub_path(const char *out_path)
{
    size_t n = strlen(out_path);
    if (n > 6 && !strcmp(out_path + n - 6, ".mcc.c"))
        n -= 6;
    else if (n > 2 && !strcmp(out_path + n - 2, ".c"))
        n -= 2;
    char *p = malloc(n + sizeof ".mcc_cuda.cu");
    if (p) {
        memcpy(p, out_path, n);
        strcpy(p + n, ".mcc_cuda.cu");
    }
    return p;
}

/* Write the unit's CUDA stub (lower_device.c) to stub_path; 0 on success. */
static int write_stub(const char *text, const char *stub_path)
{
    FILE *f = fopen(stub_path, "wb");
    if (!f || fputs(text, f) == EOF || fclose(f) != 0) {
        fprintf(stderr, "mcc: cannot write %s: %s\n", stub_path, strerror(errno));
        return 1;
    }
    return 0;
}

/* ---- OpenCL C qualifiers without underscores in host declarations ------------------- */

static bool word_char(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* The end of the line at s (its '\n', or end). */
static const char *line_end(const char *s, const char *end)
{
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    return nl ? nl : end;
}

/* Does the directive line [s, e) read `#pragma omp ... device(... opencl ...)`? */
static bool opencl_pragma(const char *s, const char *e)
{
    const char *p = s + 1;                  /* after '#' */
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    if (e - p < 6 || memcmp(p, "pragma", 6) != 0)
        return false;
    for (p += 6; p < e && (*p == ' ' || *p == '\t'); p++)
        ;
    if (e - p < 3 || memcmp(p, "omp", 3) != 0 || (p + 3 < e && word_char(p[3])))
        return false;
    for (; p + 6 <= e; p++) {
        if (memcmp(p, "device", 6) != 0 || word_char(p[-1]) || (p + 6 < e && word_char(p[6])))
            continue;
        const char *q = p + 6;
        while (q < e && (*q == ' ' || *q == '\t'))
            q++;
        if (q == e || *q != '(')
            continue;
        for (const char *r = q; r + 6 <= e && *r != ')'; r++)
            if (!memcmp(r, "opencl", 6) && !word_char(r[-1]) && (r + 6 == e || !word_char(r[6])))
                return true;
    }
    return false;
}

/* The declaration at s: its end (the ';' or '{' at depth 0, outside directive lines and
 * literals) and whether it declares a function (a '(' at depth 0 before any '=').  */
static const char *declaration_end(const char *s, const char *end, bool *function)
{
    int depth = 0;
    bool init = false;
    *function = false;
    for (const char *p = s; p < end; p++) {
        if (*p == '#' && (p == s || p[-1] == '\n')) {
            p = line_end(p, end);
            continue;
        }
        if (*p == '"' || *p == '\'') {
            for (char q = *p++; p < end && *p != q && *p != '\n'; p++)
                p += *p == '\\' && p + 1 < end;
            continue;
        }
        if (depth == 0 && (*p == ';' || *p == '{'))
            return p;
        if (*p == '(' || *p == '[')
            *function |= *p == '(' && depth == 0 && !init, depth++;
        else if ((*p == ')' || *p == ']') && depth > 0)
            depth--;
        else if (*p == '=' && depth == 0)
            init = true;
    }
    return end;
}

/* Blank the qualifiers of the function declaration [s, e): a whole word kernel, global,
 * local or constant followed by another word (a type: a parameter named `local` stays). */
static void blank_qualifiers(char *s, const char *e)
{
    static const struct { const char *word, *as; } q[] = {
        {"kernel", ""}, {"global", ""}, {"local", ""}, {"constant", "const"},
    };
    for (char *p = s; p < e; p++) {
        if (*p == '#' && (p == s || p[-1] == '\n')) {
            p = (char *)line_end(p, e);
            continue;
        }
        if (!word_char(*p) || (p > s && word_char(p[-1])))
            continue;
        size_t n = 0;
        while (p + n < e && word_char(p[n]))
            n++;
        const char *next = p + n;
        while (next < e && (*next == ' ' || *next == '\t' || *next == '\n'))
            next++;
        for (size_t k = 0; k < sizeof q / sizeof q[0]; k++)
            if (strlen(q[k].word) == n && !memcmp(p, q[k].word, n) && next < e &&
                word_char(*next) && !(*next >= '0' && *next <= '9')) {
                size_t a = strlen(q[k].as);
                memcpy(p, q[k].as, a);
                memset(p + a, ' ', n - a);
            }
        p += n - 1;
    }
}

/*
 * OpenCL C lets kernels write their qualifiers without underscores (`kernel void k(global
 * float *a, constant float *c, local float *t)`), and OmpSs programs declare their kernels
 * so in C, as Mercurium accepts: in the declaration under a `#pragma omp` naming
 * device(opencl), those words are blanked in place (columns kept), as the driver's
 * -D__kernel= -D__global= -D__local= -D__constant=const do for the underscored ones.  Only
 * a function's declaration (not a variable or type under the pragma), only before its body.
 * Returns a changed copy of text (malloc'd), or NULL when there is nothing to change.
 */
static char *opencl_host_qualifiers(const char *text, size_t len)
{
    if (!memmem(text, len, "opencl", 6))
        return NULL;
    char *copy = NULL;
    const char *end = text + len;
    bool armed = false;
    for (const char *s = text; s < end;) {
        const char *e = line_end(s, end), *p = s;
        while (p < e && (*p == ' ' || *p == '\t'))
            p++;
        if (p < e && *p == '#') {
            armed |= opencl_pragma(p, e);
        } else if (armed && p < e) {
            bool function;
            e = declaration_end(p, end, &function);
            armed = false;
            if (function) {
                if (!copy) {
                    copy = malloc(len + 1);
                    if (!copy)
                        abort();
                    memcpy(copy, text, len);
                    copy[len] = '\0';
                }
                blank_qualifiers(copy + (p - text), copy + (e - text));
            }
        }
        s = e < end ? e + 1 : end;
    }
    return copy;
}

static int translate_buffer(const char *name, const char *text, size_t len, FILE *out,
                            const struct mcc_options *opts, const char *stub_path)
{
    struct translation t;
    int st = 1;
    mcc_opencl_sources_reset();
    char *cl = opts && opts->ompss ? opencl_host_qualifiers(text, len) : NULL;
    if (cl)
        text = cl;
    if (translation_parse(&t, name, text, len, opts) && lower_translation_unit(&t) == 0 &&
        mcc_error_count() == 0) {
        st = 0;
        if (out && rewrite_output(t.rw, out) != 0)
            st = 1;
        if (st == 0 && t.cuda_stub && stub_path)
            st = write_stub(t.cuda_stub, stub_path);
    }
    translation_free(&t);
    free(cl);
    return st;
}

int mcc_translate_buffer(const char *name, const char *text, size_t len, FILE *out,
                         const struct mcc_options *opts)
{
    return translate_buffer(name, text, len, out, opts, NULL);
}

int mcc_translate(const char *in_path, const char *out_path, const struct mcc_options *opts)
{
    size_t len;
    char *buf = mcc_read_file(in_path, &len);
    if (!buf) {
        fprintf(stderr, "mcc: cannot read %s: %s\n", in_path, strerror(errno));
        return 1;
    }
    FILE *out = fopen(out_path, "wb");
    if (!out) {
        fprintf(stderr, "mcc: cannot write %s: %s\n", out_path, strerror(errno));
        free(buf);
        return 1;
    }
    char *stub = mcc_cuda_stub_path(out_path);
    if (stub)
        unlink(stub);               /* a stale stub must not be compiled again */
    int st = translate_buffer(in_path, buf, len, out, opts, stub);
    free(stub);
    if (fclose(out) != 0 && st == 0) {
        fprintf(stderr, "mcc: cannot write %s: %s\n", out_path, strerror(errno));
        st = 1;
    }
    free(buf);
    return st;
}
