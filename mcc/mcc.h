/*
 * mcc.h - the one internal header of the mcc compiler, a section per .c file.
 *
 * Pipeline (DESIGN.md "mcc pipeline"):
 *   driver.c     command line, temporary files, runs cpp / cc / nvcc / the linker
 *   translate.c  mcc_translate(): read the preprocessed text, parse, analyse, rewrite, write
 *   lexer (grammar/c.l), parser (grammar/c.y), ast.c, symbols.c, rewrite.c, diag.c, arena.c
 */
#ifndef MCC_H
#define MCC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* ---- translate.c: the boundary between the driver and the compiler proper ------------ */

/* What the driver tells the translator. */
struct mcc_options {
    bool ompss;          /* transform OmpSs pragmas (false with --no-openmp: pass through) */
    bool copy_deps;      /* default copy_deps (false with --no-copy-deps) */
    bool instrument;     /* --instrument */
    bool debug;          /* --debug */
    const char *opencl_build_opts; /* --opencl-build-opts=... or NULL */
    int verbose;         /* -v */
    bool quiet;          /* no diagnostics on stderr (fuzzing); the return value still tells */
};

/*
 * Translate one preprocessed translation unit.
 *   in_path   the preprocessed file (cpp output with linemarkers)
 *   out_path  where to write the rewritten C
 * Diagnostics go to stderr as `file:line:col: error|warning: msg`, with the source line and
 * a caret.  Returns 0 on success, 1 when an error was reported (out_path is then not valid).
 */
int mcc_translate(const char *in_path, const char *out_path, const struct mcc_options *opts);

/* The same on a buffer (used by the fuzzer and unit tests): `name` is the file name used in
 * diagnostics until the first linemarker; the output is written to `out` (may be NULL: parse,
 * analyse and rewrite, but write nothing).  Frees everything it allocated before returning. */
int mcc_translate_buffer(const char *name, const char *text, size_t len, FILE *out,
                         const struct mcc_options *opts);

/* ---- diag.c: diagnostics (gcc style) ------------------------------------------------- */

/* A position in the user's source as linemarkers describe it (1-based line and column). */
struct mcc_loc {
    const char *file;   /* interned file name from the linemarker (never freed while mcc runs) */
    int line;
    int col;
};

/* `file:line:col: error: msg`, then the source line (read from `file` when it can be
 * opened) and a caret under col, like gcc.  Errors make mcc exit with status 1. */
void mcc_error_at(const struct mcc_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void mcc_warning_at(const struct mcc_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void mcc_note_at(const struct mcc_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Number of errors reported since the last mcc_diag_reset(). */
int mcc_error_count(void);
void mcc_diag_reset(bool quiet);

#endif /* MCC_H */
