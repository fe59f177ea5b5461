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

/* ---- pragma.c, pragma_ref.c, pragma_lex.c, pragma_dump.c: OmpSs directives ------------ */
/*
 * omp_parse_pragma() turns the text of one `#pragma omp ...` line (after macro expansion)
 * into a struct omp_directive.  Every sub-expression is kept as its exact source text plus
 * where it is in the user's source, so the lowering can re-emit it as C and point
 * diagnostics at it.  Errors and warnings are reported through mcc_error_at/mcc_warning_at;
 * a directive is returned even then (with nerrors > 0 and the bad clauses left out).
 * Memory: everything hangs off the directive; omp_directive_free() releases it all.
 *
 * The kinds below are X-macro lists X(ENUMERATOR, "spelling"), expanded into an enum and a
 * name table each (OMP_ENUM_ENTRY, OMP_NAME_ENTRY).
 */
#define OMP_ENUM_ENTRY(e, s) e,
#define OMP_NAME_ENTRY(e, s) [e] = s,

#define OMP_DIRECTIVES(X) \
    X(OMP_DIR_TASK, "task") X(OMP_DIR_TARGET, "target") X(OMP_DIR_TASKWAIT, "taskwait") \
    X(OMP_DIR_CRITICAL, "critical") X(OMP_DIR_ATOMIC, "atomic") \
    X(OMP_DIR_TASKYIELD, "taskyield") X(OMP_DIR_TASKLOOP, "taskloop") X(OMP_DIR_FOR, "for") \
    X(OMP_DIR_PARALLEL, "parallel") X(OMP_DIR_BARRIER, "barrier") \
    X(OMP_DIR_DECLARE_REDUCTION, "declare reduction") X(OMP_DIR_UNKNOWN, "unknown")

/* X(ENUMERATOR, spelling, argument form, may appear more than once).  The forms are private
 * to pragma.c: NONE (no parentheses), REFS (list of data references), NAMES (variable
 * names), DEPEND, REDUCTION, EXPR (one C expression), LABEL, DEFAULT, DEVICE, IDENT,
 * NDRANGE, FILE, SCHEDULE. */
#define OMP_CLAUSES(X) \
    X(OMP_CL_IN, "in", REFS, 1) X(OMP_CL_OUT, "out", REFS, 1) \
    X(OMP_CL_INOUT, "inout", REFS, 1) X(OMP_CL_INPUT, "input", REFS, 1) \
    X(OMP_CL_OUTPUT, "output", REFS, 1) X(OMP_CL_DEPEND, "depend", DEPEND, 1) \
    X(OMP_CL_CONCURRENT, "concurrent", REFS, 1) X(OMP_CL_COMMUTATIVE, "commutative", REFS, 1) \
    X(OMP_CL_REDUCTION, "reduction", REDUCTION, 1) X(OMP_CL_PRIORITY, "priority", EXPR, 0) \
    X(OMP_CL_IF, "if", EXPR, 0) X(OMP_CL_FINAL, "final", EXPR, 0) \
    X(OMP_CL_UNTIED, "untied", NONE, 0) X(OMP_CL_TIED, "tied", NONE, 0) \
    X(OMP_CL_LABEL, "label", LABEL, 0) X(OMP_CL_SHARED, "shared", NAMES, 1) \
    X(OMP_CL_PRIVATE, "private", NAMES, 1) X(OMP_CL_FIRSTPRIVATE, "firstprivate", NAMES, 1) \
    X(OMP_CL_DEFAULT, "default", DEFAULT, 0) X(OMP_CL_DEVICE, "device", DEVICE, 0) \
    X(OMP_CL_COPY_IN, "copy_in", REFS, 1) X(OMP_CL_COPY_OUT, "copy_out", REFS, 1) \
    X(OMP_CL_COPY_INOUT, "copy_inout", REFS, 1) X(OMP_CL_COPY_DEPS, "copy_deps", NONE, 0) \
    X(OMP_CL_NO_COPY_DEPS, "no_copy_deps", NONE, 0) \
    X(OMP_CL_IMPLEMENTS, "implements", IDENT, 0) X(OMP_CL_NDRANGE, "ndrange", NDRANGE, 0) \
    X(OMP_CL_SHMEM, "shmem", EXPR, 0) X(OMP_CL_FILE, "file", FILE, 0) \
    X(OMP_CL_NAME, "name", IDENT, 0) X(OMP_CL_ON, "on", REFS, 1) \
    X(OMP_CL_NOFLUSH, "noflush", NONE, 0) X(OMP_CL_GRAINSIZE, "grainsize", EXPR, 0) \
    X(OMP_CL_NUM_TASKS, "num_tasks", EXPR, 0) X(OMP_CL_NOGROUP, "nogroup", NONE, 0) \
    X(OMP_CL_SCHEDULE, "schedule", SCHEDULE, 0) X(OMP_CL_NOWAIT, "nowait", NONE, 0) \
    X(OMP_CL_READ, "read", NONE, 0) X(OMP_CL_WRITE, "write", NONE, 0) \
    X(OMP_CL_UPDATE, "update", NONE, 0) X(OMP_CL_CAPTURE, "capture", NONE, 0) \
    X(OMP_CL_SEQ_CST, "seq_cst", NONE, 0)

/* Reduction operators; USER is a declared reduction identifier (red_id holds it). */
#define OMP_REDUCTION_OPS(X) \
    X(OMP_RED_ADD, "+") X(OMP_RED_SUB, "-") X(OMP_RED_MUL, "*") X(OMP_RED_BITAND, "&") \
    X(OMP_RED_BITOR, "|") X(OMP_RED_BITXOR, "^") X(OMP_RED_AND, "&&") X(OMP_RED_OR, "||") \
    X(OMP_RED_MIN, "min") X(OMP_RED_MAX, "max") X(OMP_RED_USER, "user")
#define OMP_DEVICES(X) \
    X(OMP_DEVICE_SMP, "smp") X(OMP_DEVICE_OPENCL, "opencl") X(OMP_DEVICE_CUDA, "cuda")
#define OMP_DEFAULTS(X) \
    X(OMP_DEFAULT_NONE, "none") X(OMP_DEFAULT_SHARED, "shared") \
    X(OMP_DEFAULT_FIRSTPRIVATE, "firstprivate")
#define OMP_SCHEDULES(X) \
    X(OMP_SCHED_STATIC, "static") X(OMP_SCHED_DYNAMIC, "dynamic") \
    X(OMP_SCHED_GUIDED, "guided") X(OMP_SCHED_AUTO, "auto") X(OMP_SCHED_RUNTIME, "runtime")
/* Dependence directions a clause stands for (in/input/depend(in:), on -> INOUT, ...). */
#define OMP_DEPS(X) \
    X(OMP_DEP_NONE, "none") X(OMP_DEP_IN, "in") X(OMP_DEP_OUT, "out") \
    X(OMP_DEP_INOUT, "inout") X(OMP_DEP_CONCURRENT, "concurrent") \
    X(OMP_DEP_COMMUTATIVE, "commutative")
/* Data reference nodes. */
#define OMP_REF_KINDS(X) \
    X(OMP_REF_NAME, "name")       /* an identifier */ \
    X(OMP_REF_EXPR, "expr")       /* other C expression kept as text: (p+1), f(x), (int *)q */ \
    X(OMP_REF_SUBSCRIPT, "sub")   /* base[index] */ \
    X(OMP_REF_SECTION, "sect")    /* base[lo:hi], base[lo;len], in depend: base[lb:len] */ \
    X(OMP_REF_MEMBER, ".")        /* base.member */ \
    X(OMP_REF_ARROW, "->")        /* base->member */ \
    X(OMP_REF_DEREF, "*")         /* *base */ \
    X(OMP_REF_SHAPE, "shape")     /* [d0][d1]...base (binds like a cast) */ \
    X(OMP_REF_MULTI, "multi")     /* { base, i = lo:hi, j = lo;len } */

#define OMP_CLAUSE_ENUM_ENTRY(e, s, form, many) e,
enum omp_directive_kind { OMP_DIRECTIVES(OMP_ENUM_ENTRY) OMP_DIR_COUNT };
enum omp_clause_kind { OMP_CLAUSES(OMP_CLAUSE_ENUM_ENTRY) OMP_CL_COUNT };
enum omp_reduction_op { OMP_REDUCTION_OPS(OMP_ENUM_ENTRY) OMP_RED_COUNT };
enum omp_device { OMP_DEVICES(OMP_ENUM_ENTRY) OMP_DEVICE_COUNT };
enum omp_default { OMP_DEFAULTS(OMP_ENUM_ENTRY) OMP_DEFAULT_COUNT };
enum omp_schedule { OMP_SCHEDULES(OMP_ENUM_ENTRY) OMP_SCHED_COUNT };
enum omp_dep { OMP_DEPS(OMP_ENUM_ENTRY) OMP_DEP_COUNT };
enum omp_ref_kind { OMP_REF_KINDS(OMP_ENUM_ENTRY) OMP_REF_COUNT };
extern const char *const omp_directive_names[OMP_DIR_COUNT];
extern const char *const omp_clause_names[OMP_CL_COUNT];
extern const char *const omp_reduction_op_names[OMP_RED_COUNT];
extern const char *const omp_device_names[OMP_DEVICE_COUNT];
extern const char *const omp_default_names[OMP_DEFAULT_COUNT];
extern const char *const omp_schedule_names[OMP_SCHED_COUNT];
extern const char *const omp_dep_names[OMP_DEP_COUNT];
extern const char *const omp_ref_kind_names[OMP_REF_COUNT];

/* A piece of the pragma kept as source text.  text is NULL when the piece is absent (an
 * omitted section bound); off is its byte offset in the pragma text; loc is where it is in
 * the user's source (found by reading the original line when possible). */
struct omp_expr {
    const char *text;
    size_t off;
    struct mcc_loc loc;
};

/* How a section's two bounds read. */
enum omp_section_form {
    OMP_SECT_LO_HI,    /* OmpSs a[lo:hi], hi INCLUSIVE */
    OMP_SECT_LO_LEN,   /* OmpSs a[lo;len] */
    OMP_SECT_OMP_LEN,  /* OpenMP a[lb:len] inside depend(...) */
};

/* One iterator of a multidependence: var = lo:hi or var = lo;len, optionally :step. */
struct omp_iter {
    struct omp_expr var, lo, bound;
    struct omp_expr step;         /* absent (text NULL) when not given: 1 */
    enum omp_section_form form;   /* OMP_SECT_LO_HI or OMP_SECT_LO_LEN */
};

/* A data reference is a tree read from the outside in: the node a clause holds is the last
 * operation written, ->base leads towards the root (omp_ref_root).  For a[i][0;n] the clause
 * holds SECTION(0;n) whose base is SUBSCRIPT(i) whose base is NAME a, i.e. walking ->base
 * visits the C dimensions from the innermost (fastest varying) out.  Shaping and
 * dereference apply to their base like a cast: [n][m]p[i] is SHAPE(n, m) of SUBSCRIPT(p, i). */
struct omp_ref {
    enum omp_ref_kind kind;
    struct omp_expr text;        /* the whole reference as written */
    struct omp_ref *base;        /* operand of SUBSCRIPT..SHAPE; the body of MULTI */
    struct omp_expr index;       /* SUBSCRIPT: index; SECTION: lower bound (may be absent) */
    struct omp_expr bound;       /* SECTION: upper bound or length (may be absent) */
    enum omp_section_form form;  /* SECTION */
    struct omp_expr member;      /* MEMBER, ARROW */
    int ndims;                   /* SHAPE: dims[0] is the outermost */
    struct omp_expr *dims;
    int niters;                  /* MULTI: iters[0] is the outermost */
    struct omp_iter *iters;
};

struct omp_clause {
    enum omp_clause_kind kind;
    struct mcc_loc loc;          /* the clause name */
    struct omp_expr text;        /* the whole clause as written */
    enum omp_dep dep;            /* in/out/inout/input/output/depend/concurrent/commutative/on */
    int nrefs;                   /* REFS, NAMES, DEPEND, REDUCTION lists */
    struct omp_ref **refs;
    int nargs;                   /* EXPR: 1; NDRANGE: all; LABEL/IDENT/FILE: 1; SCHEDULE: chunk */
    struct omp_expr *args;
    enum omp_reduction_op red_op;
    struct omp_expr red_id;      /* REDUCTION: the operator or identifier as written */
    enum omp_default def;
    unsigned devices;            /* DEVICE: bit (1u << enum omp_device) per device listed */
    enum omp_schedule sched;
    int ndrange_dims;            /* NDRANGE: n; local sizes given when nargs == 1 + 2n */
    bool label_quoted;           /* LABEL: written as "name" (args[0] holds it unquoted) */
    const char *file_path;       /* FILE: the path as found (NULL when not checked) */
};

/* declare reduction(id : type-list : combiner) [initializer(expr)] */
struct omp_declare_reduction {
    struct omp_expr id;
    int ntypes;
    struct omp_expr *types;
    struct omp_expr combiner;
    struct omp_expr initializer;   /* absent (text NULL) when not given */
};

struct omp_directive {
    enum omp_directive_kind kind;
    struct mcc_loc loc;            /* the `#pragma` */
    struct omp_expr name;          /* CRITICAL: (name), absent if unnamed; UNKNOWN: the word */
    struct omp_expr rest;          /* PARALLEL, UNKNOWN: the text after the directive word */
    int nclauses;
    struct omp_clause *clauses;
    struct omp_declare_reduction *reduction;   /* DECLARE_REDUCTION */
    int nerrors;                   /* errors reported while parsing this directive */
    void *mem;                     /* private: the allocations omp_directive_free releases */
};

/* text: the pragma line, starting at `#pragma` (or at `omp`); len: its length (need not be
 * NUL-terminated).  loc: where the `#pragma` line starts in the user's source. */
struct omp_directive *omp_parse_pragma(const char *text, size_t len, struct mcc_loc loc);
void omp_directive_free(struct omp_directive *d);
/* Release the copy of the last source file read for columns (call once at the end). */
void omp_source_cache_free(void);
/* The first clause of that kind, or NULL. */
const struct omp_clause *omp_find_clause(const struct omp_directive *d, enum omp_clause_kind k);
/* The innermost base of a reference: the NAME or EXPR every other node applies to. */
const struct omp_ref *omp_ref_root(const struct omp_ref *r);
/* Does the reference hold a section, a shaping or a multidependence anywhere? */
bool omp_ref_is_region(const struct omp_ref *r);
/* S-expression dumps for tests and `mcc --dump-pragmas`-style debugging. */
void omp_dump_ref(FILE *out, const struct omp_ref *r);
void omp_dump_clause(FILE *out, const struct omp_clause *c);
void omp_dump_directive(FILE *out, const struct omp_directive *d);

/* Internal to pragma*.c: the pragma's tokens and the parser state. */
enum omp_tok_kind { OMP_TOK_END, OMP_TOK_IDENT, OMP_TOK_NUMBER, OMP_TOK_STRING, OMP_TOK_PUNCT };
struct omp_tok {
    enum omp_tok_kind kind;
    size_t off, len;            /* in the text lexed */
    struct mcc_loc loc;         /* in the user's source (pragma_lex.c) */
};
struct omp_parser {
    const char *text;
    struct omp_tok *toks;       /* ntoks tokens, then one OMP_TOK_END */
    int ntoks, pos;
    struct omp_directive *dir;
    bool in_depend;             /* a[lb:len] is OpenMP's (lower bound, length) */
    int trial;                  /* > 0: speculative parse: errors only set `failed` */
    bool failed;
};
/* pragma_lex.c */
int omp_lex(const char *text, size_t len, struct omp_tok **toks);
void omp_locate_tokens(struct omp_tok *toks, int ntoks, const char *text, struct mcc_loc loc);
/* pragma.c */
void *omp_alloc(struct omp_parser *p, size_t size);
void omp_perror(struct omp_parser *p, int tok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
bool omp_is(const struct omp_parser *p, int tok, const char *spelling);
/* Report "expected <what>, found '<token>'" (or "... at the end of the pragma"). */
void omp_expected(struct omp_parser *p, const char *what);
/* Step over `spelling` or report "expected 'spelling' <context>, found ...". */
bool omp_expect(struct omp_parser *p, const char *spelling, const char *context);
/* A growable array; omp_vec_finish moves it into the directive's memory. */
struct omp_vec {
    void *items;
    int n, cap;
};
void *omp_vec_push(struct omp_vec *v, size_t size);
void *omp_vec_finish(struct omp_parser *p, struct omp_vec *v, size_t size);
struct omp_expr omp_span(struct omp_parser *p, int from, int to);
int omp_scan_expr(struct omp_parser *p, int from, const char *stops);
/* pragma_ref.c */
struct omp_ref *omp_parse_ref(struct omp_parser *p);

#endif /* MCC_H */
