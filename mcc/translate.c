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
    if (!t->opts->ompss || (t->parser.omp_pragmas == 0 && !t->opts->cuda_host))
        return 0;
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
    t->src.text = text;
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

static int translate_buffer(const char *name, const char *text, size_t len, FILE *out,
                            const struct mcc_options *opts, const char *stub_path)
{
    struct translation t;
    int st = 1;
    mcc_opencl_sources_reset();
    if (translation_parse(&t, name, text, len, opts) && lower_translation_unit(&t) == 0 &&
        mcc_error_count() == 0) {
        st = 0;
        if (out && rewrite_output(t.rw, out) != 0)
            st = 1;
        if (st == 0 && t.cuda_stub && stub_path)
            st = write_stub(t.cuda_stub, stub_path);
    }
    translation_free(&t);
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
