/*
 * mcc.h - the one internal header of the mcc compiler, a section per .c file, in the order
 * below (tests/layout/mcc_toc.py checks that every .c file of mcc/ has its section and is
 * listed here).  Pipeline (DESIGN.md "mcc pipeline"):
 *
 *   the command     driver_proc.c (temporary files, running commands), driver_options.c
 *                   (the command line: driver_options.def's table of options gives the
 *                   parser and --help), driver.c (main: the stages that run cpp / cc /
 *                   nvcc on each input), driver_link.c (the link), translate.c (mcc_translate: read, parse, analyse,
 *                   rewrite, write), link_check.c (whole-program checks at the link),
 *                   read_file.c (the whole-file reader), cl_embed.c (OpenCL sources
 *                   embedded in programs), cl_layout.c (the structs kernels take, laid
 *                   out on each side), diag.c, cxx_input.c, arena.c
 *   C front end     lex.c + grammar/c.l, ast.c, symbols.c, the parser (grammar/c.y),
 *                   rewrite.c (edits over the preprocessed text)
 *   pragmas         pragma_lex.c, pragma.c, pragma_ref.c, pragma_dump.c (OmpSs directives
 *                   and clauses), pragma_variant.c (declare variant's match), pragma_oss.c
 *                   (OmpSs-2's `#pragma oss`), check.c (their clauses and places),
 *                   check_expr.c (the clauses' expressions as C), check_type.c (the
 *                   types these follow), check_call.c (a function task's calls: their
 *                   arguments), check_nesting.c (OpenMP's nesting of regions)
 *   lowering        a pipeline of layers; a file calls only files of the layers below
 *                   its own (tests/layout/lower_layers.py checks this list against the
 *                   calls), and a file's exported functions are named after it
 *                   (lower_task_*, lower_deps_*, ...: never a bare nanort/ file name):
 *                   1 walk        lower.c (the walk over each function, the prelude)
 *                   2 constructs  lower_task.c (function tasks), lower_loop.c (taskloop,
 *                                 for), lower_omp.c (OpenMP regions, sections),
 *                                 lower_sync.c (taskwait, critical, atomic),
 *                                 lower_taskgraph.c, lower_serial.c (final's clones)
 *                   3 inline      lower_inline.c (inline tasks: captures, outlining)
 *                   4 devices     lower_device.c (OpenCL and CUDA implementations)
 *                   5 parts       lower_calls.c (an implementation's arguments),
 *                                 lower_cuda.c (CUDA code into the .cu), lower_deps.c
 *                                 (dependences: regions), lower_reduction.c,
 *                                 lower_final.c (the serial path at a site),
 *                                 lower_detach.c, lower_block.c (structured blocks),
 *                                 lower_disjoint.c (do a loop's iterations write
 *                                 disjoint elements), lower_variant.c (declare
 *                                 variant: the function a call reaches)
 *                   6 emit        lower_dir.c (a construct's directives), lower_emit.c
 *                                 (nanort.h's descriptors, designated initialisers),
 *                                 lower_names.c (generated names), lower_lines.c
 *                                 (linemarkers)
 *                   7 text        lower_text.c (text, names in scope, declarators)
 *                   The helper layers (6, 7) keep the short names every module uses
 *                   (lbuf_*, lower_expr, lower_dir_*, lower_name ...).  The one way up is
 *                   the recursion into a construct's body: lower_visit, lower_body,
 *                   lower_statement and lower_construct_as call through L->walk (struct lower_walk), which
 *                   lower.c fills.  The declarations generated code needs come from
 *                   include/nanort.h's mcc-abi regions (mcc/abi_prelude.awk, at build time).
 *   OpenCL C        ocl_translate.c, ocl_type.c, ocl_builtin.c, ocl_expr.c, ocl_kernel.c,
 *                   ocl_names.c, ocl_inline.c (helpers holding barriers, inlined)
 *                   (kernels translated to C, docs/opencl-cpu.md)
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
    bool optimizing;     /* the last -O option is not -O0 (lower_inline.c's nested functions) */
    bool instrument;     /* --instrument */
    bool debug;          /* --debug */
    const char *opencl_build_opts; /* --opencl-build-opts=... or NULL */
    const char *const *cl_include_dirs; /* -I of the command and of --opencl-build-opts
                                           (NULL-terminated, or NULL): cl_embed.c */
    bool cuda_host;      /* --cuda with the toolkit's headers: CUDA qualifiers are CUDA's
                            attributes in the text (mcc_cuda.h), removed from the host C */
    int verbose;         /* -v */
    bool quiet;          /* no diagnostics on stderr (fuzzing); the return value still tells */
    bool werror;         /* -Werror: mcc's warnings are errors too */
    bool no_warnings;    /* -w: mcc prints no warnings either */
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

/* Where mcc_translate() writes the CUDA stub of a unit with CUDA ndrange tasks, from its
 * out_path: x.mcc.c or x.c -> x.mcc_cuda.cu (malloc'd).  No such tasks: no file. */
char *mcc_cuda_stub_path(const char *out_path);
/* The OpenCL sources (file(...)) the last mcc_translate() embedded, as registered names
 * and paths (ocl_translate.c): the driver translates their kernels to C too.  The
 * lowering notes each one; mcc_opencl_sources_reset() starts a translation. */
void mcc_note_opencl_source(const char *name, const char *path);
int mcc_opencl_sources(const char *const **names, const char *const **paths);
void mcc_opencl_sources_reset(void);
/* Bytes every object translated from a unit with CUDA tasks holds: the driver links the
 * CUDA plugin and runtime when an input object contains them. */
#define MCC_CUDA_PARTS_MARK "mcc: this object has CUDA parts"
/* The comment the driver ends a source's `#pragma oss` lines with, when it spells them
 * `#pragma omp` for cpp to expand their macros (driver.c oss_source, and expand_header_oss
 * for its headers' lines); the lexer reads it as the oss sentinel (lex.c). */
#define MCC_OSS_MARK "//__mcc_oss__"
/* ---- driver_proc.c: the driver's errors, argument vectors, file names, temporary files
 * and the commands it runs ----------------------------------------------------------------- */

/* "mcc: error: <message>" on stderr, exit status 1 (the temporaries go at exit). */
void __attribute__((noreturn, format(printf, 1, 2))) drv_die(const char *fmt, ...);
/* asprintf that dies when out of memory. */
char *__attribute__((format(printf, 1, 2))) drv_asprintf(const char *fmt, ...);
bool drv_has_prefix(const char *s, const char *prefix);
/* The file name without its directory and its last suffix ("dir/app.c" -> "app"). */
char *drv_stem(const char *path);
/* The last suffix of the file name, without the dot ("dir/app.c" -> "c"), or "". */
const char *drv_suffix(const char *path);

/* A growing list of strings (argument vectors, flag lists), always NULL-terminated. */
struct strvec {
    const char **v;
    size_t n, cap;
};
void sv_push(struct strvec *sv, const char *s);
void sv_cat(struct strvec *dst, const struct strvec *src);
/* Push the parts of `list` separated by any of `seps`, skipping empty parts. */
void sv_split(struct strvec *sv, const char *list, const char *seps);
/* Push the words of `text` split as a shell splits them (quotes, backslashes; no expansions). */
void sv_split_shell(struct strvec *sv, const char *text);

/* Remove the temporaries at exit and on the fatal signals (once, before the first one). */
void drv_install_signal_handlers(void);
/* A new private directory for one input's temporaries, $TMPDIR/mcc-XXXXXX/<n>. */
const char *drv_temp_dir(void);
/* The temporary <dir>/<name>, removed at exit (the file is not created). */
char *drv_temp(const char *dir, const char *name);
/* Copy a file, writing through the destination (never replacing it: -o /dev/null);
 * 0, or 1 after a message. */
int drv_copy_file(const char *from, const char *to);
/* Remove the output of a failed step when it is a regular file (never /dev/null). */
void drv_remove_output(const char *path);

extern bool drv_dry_run;     /* -###: print the commands, run none, write no output */
extern bool drv_verbose;     /* -v: print every command before running it */
/* Print one argument so that the line can be pasted into a shell. */
void drv_print_arg(FILE *f, const char *a);
/* Run `cmd` (searched in PATH), its messages straight to our stderr, and return its exit
 * status (1 when a signal ended it, with a message). */
int drv_run(const struct strvec *cmd);
/* The same with each line the command writes on its stderr passed through `filter`
 * (which may shorten it in place) before it reaches ours. */
int drv_run_filtered(const struct strvec *cmd, void (*filter)(char *line));

/* ---- driver_options.c + driver_options.def: the command line, one table of options for
 * the parser and for --help ----------------------------------------------------------------- */

/* How far to go, in pipeline order: -E < -y < -S < -c < link.  The earliest stop wins. */
enum stop_after { STOP_PREPROCESS, STOP_TRANSLATE, STOP_ASSEMBLY, STOP_OBJECT, STOP_LINK };

enum input_kind {
    IN_C,          /* C source: preprocess, translate, compile */
    IN_CPP_OUTPUT, /* already preprocessed C (.i): translate, compile */
    IN_CUDA,       /* .cu: nvcc */
    IN_OPENCL,     /* .cl: recorded for the OpenCL device */
    IN_NATIVE,     /* another language the native compiler knows (.s, .S, .cc, ...) */
    IN_HEADER,     /* .h, -x c-header: precompiled by the native compiler (.gch), not linked */
    IN_LINK,       /* object, archive, shared library or anything else: to the linker */
    IN_LINK_ARG,   /* -l, -Wl, and -Xlinker options, which keep their place among the inputs */
};

struct item {
    enum input_kind kind;
    const char *args[2]; /* the path (inputs) or the option with its separate argument */
    int nargs;
    const char *lang;    /* the -x language in effect for it, or NULL */
    const char *object;  /* what goes to the link once compiled */
    const char *cuda_object; /* the nvcc-compiled CUDA stub of a translated C input */
    struct strvec ocl_objects; /* its file(...) kernels translated to C (driver_ocl) */
    const char *tmpdir;  /* its private temporary directory, made at the first need */
};

struct driver {
    enum stop_after stop;
    const char *output;          /* -o, or NULL */
    bool keep;                   /* -k: keep <stem>.mcc.c in the current directory */
    struct mcc_options opts;     /* for mcc_translate() */
    bool cuda, opencl;           /* --cuda, --opencl (not yet in struct mcc_options) */
    const char *cuda_reason;     /* the first input (or --cuda) that makes CUDA parts */
    bool user_fopenmp;           /* -fopenmp given: kept only with --no-openmp */
    bool syntax_only;            /* -fsyntax-only: check, write no object, do not link */
    bool version;                /* --version: mcc's, then the native compiler's */
    bool deps_file, deps_mf, deps_mt; /* -MD/-MMD given, and -MF / -MT|-MQ given */
    const char *cc_choice;       /* --cc=, else MCC_CC, else gcc */
    const char *cpp_choice;      /* --cpp=: the preprocessor command, or NULL (cc) */
    struct strvec cpp_cmd;       /* --cpp='s command split on blanks; empty: cc */
    bool cuda_off, opencl_off;   /* --no-cuda, --no-opencl: the program starts with that
                                    device disabled (nanort_default_options) */
    int copy_deps_flag;          /* --copy-deps 1, --no-copy-deps 0, neither -1 */
    bool profile_no_copy_deps;   /* --profile=smpcc: no copy_deps unless a flag says */
    struct strvec cc;            /* the native compiler command, split on blanks */
    struct strvec ld;            /* --ld= (Mercurium's): the link's command instead of cc;
                                    empty: cc */
    struct strvec cpp, inc, all, link;  /* flags by where they go (OPT_TO_*) */
    struct strvec wn, wl, wp, wc;       /* --Wn, --Wl, --Wp, --Wc */
    struct strvec cl_files;      /* OpenCL inputs, in order (later issues use them) */
    int opencl_cpu;              /* --opencl-cpu=no|yes|require: 0, 1, 2 */
    struct item *items;
    size_t nitems, items_cap;
    const char *lang;            /* the -x language in effect */
    const char *libdir;          /* PREFIX/lib */
    const char *mcc_incdir;      /* PREFIX/lib/mcc/include (omp.h) */
    const char *incdir;          /* PREFIX/include (nanort.h) */
};

/* Fill `d` from the command line (argv[0] is mcc), @file response files expanded. */
void drv_parse_command_line(struct driver *d, int argc, char **argv);
void drv_print_version(FILE *f);

/* ---- driver.c: the mcc command, main and the stages of each input; what the link uses -- */

/* The start of every native-compiler command: the compiler and the flags for all stages. */
void drv_begin_cc(const struct driver *d, struct strvec *cmd);
/* The same for the link: --ld='s command when given, else the native compiler. */
void drv_begin_link(const struct driver *d, struct strvec *cmd);
/* nvcc, or an error naming `what` needs it and where it was looked for. */
const char *drv_require_nvcc(const char *what);
/* The object of the generated C `text` (mcc_<name>.c compiled in a temporary directory),
 * NULL when it does not compile. */
const char *drv_generated_object(struct driver *d, const char *name, const char *text);
/* The object embedding the .cl inputs (d->cl_files) with their includes, or NULL. */
const char *drv_opencl_sources_object(struct driver *d);
/* With -MD/-MMD: the files drv_opencl_sources_object read, into the link's dependency file. */
void drv_link_dependencies(const struct driver *d);
/* The object of the kernels of `path` translated to C; NULL when there is none (or only a
 * warning is due), DRV_OPENCL_CPU_FAILED after an error. */
const char *drv_opencl_cpu_object(struct driver *d, const char *name, const char *path);
#define DRV_OPENCL_CPU_FAILED ((const char *)1)

/* ---- driver_link.c: the link (the objects in order, those mcc generates, CUDA, MPI,
 * nanort) --------------------------------------------------------------------------------- */

/* Link the program (-o or a.out) after the whole-program checks; its exit status. */
int drv_link_program(struct driver *d);

/* ---- link_check.c: whole-program checks at the link ------------------------------------ */

/* Strings that objects translated by mcc carry for the link-time checks (link_check.c):
 *   mcc-note:implements:<task>                   an implementation of <task>
 *   mcc-note:undefined-task:<task>:<file:l:c>    a device(undefined) task
 *   mcc-note:opencl-kernel:<kernel>:<task>:<file:l:c>  a kernel without file(...)
 *   mcc-note:opencl-defines:<k1>,<k2>...         kernels of an embedded file(...) source
 *   mcc-note:opencl-signature:<kernel>:<t1;t2...>:<n1,n2...>:<file>  the parameter types
 *                                                and names of one of them
 *   mcc-note:opencl-text:<text>                  a .cl input compiled apart (-c), embedded
 *   mcc-note:opencl-params:<kernel>:<task>:<t1;t2...>:<n1,n2...>:<file:l:c>  a prototype's
 *                                                parameter types (cl_param_type) and names */
#define MCC_NOTE_PREFIX "mcc-note:"
/* A weak `const char` that an object made from a .cl (-c) defines per kernel: the link asks
 * for it (--undefined) for every kernel without file(...), which pulls that object out of
 * a static archive where nothing else refers to it. */
#define MCC_CL_ANCHOR "__nrt_clk_"
/* The link-time checks of the notes in `objects` (and the .cl inputs of the link): every
 * device(undefined) task has an implementation, every OpenCL kernel a source.  Errors are
 * reported (file:line:col of the clause); returns their number.  The kernels that name no
 * source (no file(...)) are pushed on `kernels`, each once: the link asks for their
 * MCC_CL_ANCHOR. */
int link_check(const char *const *objects, size_t nobjects, const char *const *cl_inputs,
               size_t ncl, const char *const *cl_dirs, struct strvec *kernels);

/* ---- read_file.c: the whole-file reader ---------------------------------------------- */

/* The contents of `path` (malloc'd, with a NUL after them; *len: their length), or NULL
 * with errno set (EIO for a read error). */
char *mcc_read_file(const char *path, size_t *len);

/* ---- cl_layout.c: the bytes of the structs a kernel takes, on each side ---------------- */
/* Which rules lay a struct out: OpenCL C's (vectors aligned to their size, 3 components
 * as 4) or the host's (x86-64 SysV, OpenCL's cl_<type> host types as OpenCL C's). */
enum cl_abi { CL_ABI_OPENCL, CL_ABI_HOST };
#define CL_LAYOUT_MEMBERS 64
struct cl_member {
    const char *name;   /* in the text */
    int len;
    long offset, size;
    size_t at;          /* the name's offset in the text */
};
struct cl_layout {
    long size, align;
    int n;
    struct cl_member m[CL_LAYOUT_MEMBERS];
    const char *forbidden;  /* OpenCL: a member's type OpenCL C leaves to the device
                               (size_t, bool, "a pointer", "a bit-field"); NULL if none */
    size_t forbidden_at;
    bool defined;           /* the text defines the type (its layout known or not) */
};
/* The layout of `type` ("struct p", a typedef name) as `text` defines it; false when
 * unknown (an attribute, #pragma pack, a union, a type not found ...). */
bool cl_layout_of(const char *text, const char *type, enum cl_abi abi, struct cl_layout *out);
/* The struct a parameter's text names ("struct p", "atom_t"), malloc'd, and *stars its
 * pointers; NULL when it names a scalar, a vector or nothing known. */
char *cl_param_struct(const char *text, size_t n, int *stars);
/* One parameter of a task whose kernel takes a struct (by pointer or value). */
struct cl_layout_param {
    const struct mcc_loc *loc;          /* the task's device clause */
    const struct mcc_source *host;      /* the host unit (preprocessed) */
    const char *host_type;              /* its parameter's struct, NULL if none */
    const char *kernel_text, *kernel_type, *file;   /* the embedded .cl, its struct */
    int kernel_stars, index;
    const char *name, *task, *kernel;
    /* out: the kernel's size of its struct where the host's layout is not known here
     * (#pragma pack, attributes) but the host defines it: for a _Static_assert; else 0 */
    long kernel_size;
    const char *kernel_file;            /* then: where its first member is */
    int kernel_line;
};
/* An error at the device clause, with notes at both members, where the struct's layout
 * differs between the host and the kernel; an error (by value, a bit-field) or a warning
 * (a buffer) at the kernel's member of a type OpenCL C sizes per device. */
void cl_layout_check(struct cl_layout_param *p);

/* ---- cl_embed.c: OpenCL sources as programs embed them ------------------------------- */

struct cl_dirs {
    const char **v;      /* NULL-terminated */
    size_t n, cap;
};
void cl_dirs_add(struct cl_dirs *dirs, const char *dir);
/* The -I directories of an option string (--opencl-build-opts) added to dirs. */
void cl_include_dirs_of(const char *opts, struct cl_dirs *dirs);
/* The text of the OpenCL source `path` as the program embeds it: `#line 1 "shown"`, then
 * its includes (and theirs) replaced by the files found next to the including file or in
 * `dirs`, each under #line, so that it builds from any directory and build errors name the
 * user's files.  malloc'd; NULL when path cannot be read (errno set). */
char *cl_embed_text(const char *path, const char *shown, const char *const *dirs);
/* Every file cl_embed_text has read since the last call (the sources and what they
 * include), each once: what a unit that embeds them depends on (-MD).  Empties the list. */
struct strvec cl_embed_take_files(void);
/* The --opencl-build-opts whose -D the kernels' parameter types see (cl_kernel_params
 * expands the object-like macros of a text: `REAL` as `float` or as `double`). */
void cl_macros_build_opts(const char *opts);
/* The kernels the OpenCL text defines (`__kernel void name(`), comma-separated; malloc'd. */
char *cl_kernel_names(const char *text);
/* C defining the MCC_CL_ANCHOR of each kernel the text defines (once each); malloc'd. */
char *cl_kernel_anchors(const char *text);
/* Does the OpenCL text name `kernel` as a word (where the runtime would look for it), or
 * may a macro paste it together (`##`)? */
bool cl_mentions(const char *text, const char *kernel);
/* The type of the parameter declaration s[0..n) as OpenCL C names it, without address
 * spaces and qualifiers ("uint", "float *"), its name in *name (malloc'd, NULL if none);
 * NULL when it is no built-in scalar or vector type or pointer to one (a typedef, a struct,
 * a macro): a type that cannot be compared.  The host's prototype and the .cl alike. */
char *cl_param_type(const char *s, size_t n, char **name);
/* The types of kernel `kernel`'s parameters in the OpenCL text, "t1;t2;..." ("?": one not
 * known); NULL when the text defines no such kernel, or several that disagree (#if). */
char *cl_kernel_params(const char *text, const char *kernel);
/* Their names, "n1,n2,..." ("" for one without), NULL as for cl_kernel_params. */
char *cl_kernel_param_names(const char *text, const char *kernel);
/* Their structs, "TYPE/STARS;..." ("struct p/1"; "" for one that names none), NULL as for
 * cl_kernel_params. */
char *cl_kernel_param_structs(const char *text, const char *kernel);
/* Which of them are buffers (__global or __constant), "1;0;...", NULL as for
 * cl_kernel_params. */
char *cl_kernel_param_buffers(const char *text, const char *kernel);
/* "kernel:t1;t2:n1,n2" per line, of each kernel the text defines (that #if variants do
 * not give different parameters); malloc'd. */
char *cl_kernel_signatures(const char *text);
/* Item i of a list separated by sep (malloc'd), NULL past its end. */
char *cl_list_item(const char *list, int i, char sep);
/* How a prototype's parameter type and its kernel's differ: not (or not in a way that
 * matters: `float *` for a `float4 *` buffer), as element types of pointers (a warning:
 * `double *` for `float *` is rarely meant), as values (an error: `int` for `float`, a
 * pointer for a value). */
enum cl_difference { CL_SAME, CL_BYTES, CL_VALUE };
/* The first parameter whose known types differ between a prototype's "t1;t2;..." and its
 * kernel's, and how; -1 for none (or counts that differ: cl_params_check compares those
 * by name). */
int cl_params_differ(const char *proto, const char *kernel, enum cl_difference *how);
/* Report at loc the first parameter of `task` whose type differs between its prototype
 * ("t1;t2", names "n1,n2") and its kernel (in `file`, types "t1;t2", names "n1,n2"): an
 * error, a warning for CL_BYTES.  A kernel with fewer parameters gets the task's of its
 * names (one the task lacks is an error; without kernel_names nothing is compared), one
 * with more is an error. */
struct mcc_loc;
void cl_params_check(const struct mcc_loc *loc, const char *proto, const char *names,
                     const char *kernel_types, const char *kernel_names, const char *task,
                     const char *kernel, const char *file);
/* The body of a C string literal holding s (a line of the literal per line of s); malloc'd. */
char *cl_c_string(const char *s);
/* C code registering an OpenCL source with the runtime from a constructor (`ctor`):
 * `static const char var[] = "text";` and nanort_opencl_source(name, var, opts), opts
 * NULL for none, then nanort_opencl_kernel_params for each kernel.  The driver (the .cl inputs of a link) and the lowering (file(...)) both
 * embed through it.  malloc'd. */
char *cl_embed_c(const char *text, const char *name, const char *opts, const char *var,
                 const char *ctor);

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
/* A warning about one of mcc's own limits, not about the code (a kernel it cannot
 * translate to C, which OpenCL devices still run): -w hides it, -Werror leaves it one. */
void mcc_limit_warning_at(const struct mcc_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void mcc_note_at(const struct mcc_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Number of errors reported since the last mcc_diag_reset(). */
int mcc_error_count(void);
void mcc_diag_reset(bool quiet);
/* -Werror (warnings are errors, "[-Werror]") and -w (no warnings), after mcc_diag_reset. */
void mcc_diag_warnings(bool werror, bool none);
/* While on, errors are printed as warnings (still counted): the OpenCL
 * translation, whose failures leave a kernel to the OpenCL runtime instead of failing the
 * build.  Warnings stay warnings, and -Werror still makes them errors. */
void mcc_diag_soft(bool on);
/* Number of warnings -Werror made errors (soft mode or not), never reset. */
int mcc_werror_count(void);

/* ---- cxx_input.c: C++ sources in OmpSs mode are an error ---------------------------- */
/* Whether an input is C++ (the -x language in effect, or else its suffix). */
bool mcc_cxx_input(const char *path, const char *lang);
/* Report it: at its first OmpSs pragma when it has one, else at the file. */
void mcc_cxx_error(const char *path);

/* ---- arena.c: bump allocation, everything of one translation freed at once ---------- */
struct arena_chunk;
struct mcc_arena {
    struct arena_chunk *chunks;
    char *cur, *end;
    size_t total;        /* bytes obtained from malloc */
};
void *arena_alloc(struct mcc_arena *a, size_t size);   /* zeroed, 16-byte aligned */
/* A new array of cap items of `size` bytes holding the n items at v, the rest zeroed; v
 * stays allocated until arena_free().  Arrays that grow by one item use ARENA_GROW. */
void *arena_grow(struct mcc_arena *a, const void *v, size_t n, size_t cap, size_t size);
/* Room for one more item in the arena array v of n items and capacity cap (lvalues of any
 * integer type, each evaluated more than once): when it is full, cap doubles (`first` for
 * an empty array) and v moves to a new array of that many items. */
#define ARENA_GROW(a, v, n, cap, first) do {                                              \
        if ((n) == (cap)) {                                                               \
            (cap) = (cap) ? 2 * (cap) : (first);                                          \
            (v) = arena_grow((a), (v), (size_t)(n), (size_t)(cap), sizeof *(v));          \
        }                                                                                 \
    } while (0)
char *arena_strndup(struct mcc_arena *a, const char *s, size_t n);
char *arena_printf(struct mcc_arena *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void arena_free(struct mcc_arena *a);

/* ---- lex.c + grammar/c.l: the preprocessed text, its lines, tokens, names -------------- */
/*
 * The preprocessed text is indexed once (source_index): one entry per physical line with
 * the user's file and line that linemarkers (`# 12 "f.c" 1 3`, `#line 12 "f.c"`) give it.
 * Tokens carry only byte spans [begin, end) in that text; source_loc() maps any offset to
 * the user's file:line:col (col in display columns: a tab advances to a multiple of 8).
 */
struct mcc_span {
    size_t begin, end;   /* [begin, end) byte offsets in the preprocessed text */
};
struct src_line {
    size_t off;          /* first byte of the line */
    const char *file;    /* interned (mcc_intern_file) */
    int line;
};
struct mcc_source {
    const char *name;    /* file name until the first linemarker */
    const char *text;    /* translation_parse's own copy (the lexer writes `#pragma oss`'s
                            sentinel as `omp` in it) */
    size_t len;
    struct src_line *lines;
    size_t nlines;
};
void source_index(struct mcc_source *s, struct mcc_arena *a);
struct mcc_loc source_loc(const struct mcc_source *s, size_t off);
/* The same with the column in the user's own line (cpp squeezes blanks): read from the
 * file when it can be, for diagnostics; falls back to source_loc's column. */
struct mcc_loc source_user_loc(const struct mcc_source *s, size_t off);
/* Index of the physical line holding `off`. */
size_t source_line_index(const struct mcc_source *s, size_t off);
/* File names live for the whole process (struct mcc_loc promises it). */
const char *mcc_intern_file(const char *s, size_t n);

/* Spelling -> token for every keyword, GNU alternate spellings folded onto the standard
 * token.  X(TOKEN, "spelling"); TOKEN is the bison token (c.tab.h). */
#define MCC_KEYWORDS(X) \
    X(KW_AUTO, "auto") X(KW_BREAK, "break") X(KW_CASE, "case") X(KW_CHAR, "char") \
    X(KW_CONST, "const") X(KW_CONST, "__const") X(KW_CONST, "__const__") \
    X(KW_CONTINUE, "continue") X(KW_DEFAULT, "default") X(KW_DO, "do") \
    X(KW_DOUBLE, "double") X(KW_ELSE, "else") X(KW_ENUM, "enum") X(KW_EXTERN, "extern") \
    X(KW_FLOAT, "float") X(KW_FOR, "for") X(KW_GOTO, "goto") X(KW_IF, "if") \
    X(KW_INLINE, "inline") X(KW_INLINE, "__inline") X(KW_INLINE, "__inline__") \
    X(KW_INT, "int") X(KW_LONG, "long") X(KW_REGISTER, "register") \
    X(KW_RESTRICT, "restrict") X(KW_RESTRICT, "__restrict") X(KW_RESTRICT, "__restrict__") \
    X(KW_RETURN, "return") X(KW_SHORT, "short") \
    X(KW_SIGNED, "signed") X(KW_SIGNED, "__signed") X(KW_SIGNED, "__signed__") \
    X(KW_SIZEOF, "sizeof") X(KW_STATIC, "static") X(KW_STRUCT, "struct") \
    X(KW_SWITCH, "switch") X(KW_TYPEDEF, "typedef") X(KW_UNION, "union") \
    X(KW_UNSIGNED, "unsigned") X(KW_VOID, "void") \
    X(KW_VOLATILE, "volatile") X(KW_VOLATILE, "__volatile") X(KW_VOLATILE, "__volatile__") \
    X(KW_WHILE, "while") X(KW_ALIGNAS, "_Alignas") \
    X(KW_ALIGNOF, "_Alignof") X(KW_ALIGNOF, "__alignof") X(KW_ALIGNOF, "__alignof__") \
    X(KW_ATOMIC, "_Atomic") X(KW_BOOL, "_Bool") \
    X(KW_COMPLEX, "_Complex") X(KW_COMPLEX, "__complex") X(KW_COMPLEX, "__complex__") \
    X(KW_GENERIC, "_Generic") X(KW_IMAGINARY, "_Imaginary") X(KW_NORETURN, "_Noreturn") \
    X(KW_STATIC_ASSERT, "_Static_assert") X(KW_THREAD_LOCAL, "_Thread_local") \
    X(KW_THREAD_LOCAL, "__thread") \
    X(KW_ASM, "asm") X(KW_ASM, "__asm") X(KW_ASM, "__asm__") \
    X(KW_ATTRIBUTE, "__attribute") X(KW_ATTRIBUTE, "__attribute__") \
    X(KW_EXTENSION, "__extension__") \
    X(KW_TYPEOF, "typeof") X(KW_TYPEOF, "__typeof") X(KW_TYPEOF, "__typeof__") \
    X(KW_AUTO_TYPE, "__auto_type") X(KW_LABEL, "__label__") \
    X(KW_INT128, "__int128") \
    X(KW_FLOATN, "_Float16") X(KW_FLOATN, "_Float32") X(KW_FLOATN, "_Float64") \
    X(KW_FLOATN, "_Float128") X(KW_FLOATN, "_Float32x") X(KW_FLOATN, "_Float64x") \
    X(KW_FLOATN, "_Float128x") X(KW_FLOATN, "__float128") X(KW_FLOATN, "__float80") \
    X(KW_FLOATN, "__ibm128") X(KW_FLOATN, "_Decimal32") X(KW_FLOATN, "_Decimal64") \
    X(KW_FLOATN, "_Decimal128") X(KW_FLOATN, "__bf16") \
    X(KW_REAL, "__real") X(KW_REAL, "__real__") X(KW_IMAG, "__imag") X(KW_IMAG, "__imag__") \
    X(KW_VA_ARG, "__builtin_va_arg") X(KW_OFFSETOF, "__builtin_offsetof") \
    X(KW_TYPES_COMPATIBLE_P, "__builtin_types_compatible_p") \
    X(KW_CONVERTVECTOR, "__builtin_convertvector") X(KW_BIT_CAST, "__builtin_bit_cast")

/* An identifier spelling, interned per translation (one hash lookup per identifier
 * token).  Each namespace points at the innermost visible declaration; declarations shadow
 * through sym->shadow. */
struct sym;
struct name {
    const char *str;
    size_t len;
    int keyword;             /* bison token when the spelling is a keyword, else 0 */
    struct sym *ord;         /* ordinary identifiers: objects, functions, typedefs, enum constants */
    struct sym *tag;         /* struct/union/enum tags */
    struct sym *label;       /* labels of the function being parsed */
    struct name *hnext;
};

struct mcc_parser;
struct name *name_intern(struct mcc_parser *p, const char *s, size_t n);
/*
 * THE typedef-name feedback: the lexer calls this for every identifier to decide between
 * IDENTIFIER and TYPEDEF_NAME.  A name is a TYPEDEF_NAME when its innermost ordinary
 * declaration is a typedef AND p->type_seen is false (see struct mcc_parser).
 */
int lex_classify_ident(struct mcc_parser *p, struct name *n);
/* Intern the keywords and gcc's builtin typedef names into a new parser's name table. */
void lex_setup_names(struct mcc_parser *p);
/* Set up / tear down the flex scanner over p->src (grammar/c.l). */
void lex_init(struct mcc_parser *p);
void lex_destroy(struct mcc_parser *p);
/* The raw scanner (grammar/c.l): next token code, its span in *begin, *end.  0 at the end. */
int lex_raw(struct mcc_parser *p, size_t *begin, size_t *end);

/* ---- ast.c: the syntax tree ---------------------------------------------------------- */
/*
 * Every node has its exact span [begin, end) in the preprocessed text.  Children are in
 * kid[]; lists are AST_LIST nodes whose items are chained through `next` (kid[0] first,
 * kid[1] last).  The layout per kind is given next to each kind.
 */
#define AST_KINDS(X) \
    X(AST_LIST, "list")                   /* kid0 first item, kid1 last item; a function declarator's parameters: kid2 an empty list spanning GNU forward parameter declarations (`int m;`) */ \
    X(AST_TRANSLATION_UNIT, "translation_unit") /* kid0 list of external declarations */ \
    X(AST_FUNCTION_DEF, "function_definition") /* kid0 specs, kid1 declarator, kid2 K&R decls, kid3 body; sym */ \
    X(AST_DECLARATION, "declaration")     /* kid0 specs, kid1 list of init declarators (or NULL) */ \
    X(AST_STATIC_ASSERT, "static_assert") /* kid0 expression, kid1 message */ \
    X(AST_ASM_DEF, "asm_definition")      /* file-scope asm("...") */ \
    X(AST_SPECS, "declaration_specifiers") /* kid0 list of specifiers; flags, tclass */ \
    X(AST_SPECIFIER, "specifier")         /* op: keyword token; kid0 argument (alignas, atomic) */ \
    X(AST_TYPEDEF_REF, "typedef_name")    /* name, sym: the typedef */ \
    X(AST_STRUCT, "struct_or_union_specifier") /* op KW_STRUCT/KW_UNION; name tag; kid0 members (or NULL); sym tag */ \
    X(AST_ENUM, "enum_specifier")         /* name tag; kid0 list of enumerators; sym tag */ \
    X(AST_ENUMERATOR, "enumerator")       /* name; kid0 value; sym */ \
    X(AST_TYPEOF, "typeof_specifier")     /* kid0 expression or type name */ \
    X(AST_ATTRIBUTE, "attribute")         /* __attribute__((...)) kept as its span */ \
    X(AST_ASM_LABEL, "asm_label")         /* declarator __asm__("name") */ \
    X(AST_STRUCT_DECL, "struct_declaration") /* kid0 specs, kid1 list of member declarators */ \
    X(AST_INIT_DECLARATOR, "init_declarator") /* kid0 declarator, kid1 initializer; sym */ \
    X(AST_DECL_NAME, "declarator_identifier") /* name, sym: the symbol declared */ \
    X(AST_DECL_POINTER, "pointer_declarator") /* kid0 inner declarator (may be NULL), kid1 qualifiers */ \
    X(AST_DECL_ARRAY, "array_declarator") /* kid0 inner (may be NULL), kid1 size expression */ \
    X(AST_DECL_FUNCTION, "function_declarator") /* kid0 inner (may be NULL), kid1 list of AST_PARAM or identifiers */ \
    X(AST_DECL_BITFIELD, "bitfield_declarator") /* kid0 declarator (may be NULL), kid1 width */ \
    X(AST_PARAM, "parameter_declaration") /* kid0 specs, kid1 declarator (may be NULL); sym */ \
    X(AST_ELLIPSIS, "ellipsis") \
    X(AST_TYPE_NAME, "type_name")         /* kid0 specs, kid1 abstract declarator */ \
    X(AST_INIT_LIST, "initializer_list")  /* kid0 list of initializers / AST_DESIGNATION */ \
    X(AST_DESIGNATION, "designation")     /* kid0 list of designators, kid1 initializer */ \
    X(AST_DESIGNATOR_FIELD, "field_designator") /* name */ \
    X(AST_DESIGNATOR_INDEX, "index_designator") /* kid0 index, kid1 range end */ \
    X(AST_PRAGMA, "pragma")               /* `#pragma omp` line: kid0 next pragma of the chain; target */ \
    X(AST_COMPOUND, "compound_statement") /* kid0 list of block items */ \
    X(AST_EXPR_STMT, "expression_statement") /* kid0 expression (NULL for `;`) */ \
    X(AST_IF, "if")                       /* kid0 cond, kid1 then, kid2 else */ \
    X(AST_SWITCH, "switch")               /* kid0 expr, kid1 body */ \
    X(AST_WHILE, "while")                 /* kid0 cond, kid1 body */ \
    X(AST_DO, "do")                       /* kid0 body, kid1 cond */ \
    X(AST_FOR, "for")                     /* kid0 init (decl or expr), kid1 cond, kid2 step, kid3 body */ \
    X(AST_GOTO, "goto")                   /* name, or kid0 expression (goto *p) */ \
    X(AST_CONTINUE, "continue") X(AST_BREAK, "break") \
    X(AST_RETURN, "return")               /* kid0 expression */ \
    X(AST_LABEL, "label")                 /* name, sym; kid0 statement */ \
    X(AST_CASE, "case")                   /* kid0 value, kid1 range end, kid2 statement */ \
    X(AST_DEFAULT, "default")             /* kid0 statement */ \
    X(AST_ASM_STMT, "asm_statement")      /* kid0 list of operand expressions */ \
    X(AST_LOCAL_LABEL, "local_label_declaration") /* __label__ a, b; */ \
    X(AST_IDENT, "identifier")            /* name, sym: what it resolves to (NULL: undeclared) */ \
    X(AST_CONSTANT, "constant") X(AST_STRING, "string_literal") \
    X(AST_CALL, "call")                   /* kid0 callee, kid1 list of arguments */ \
    X(AST_CUDA_LAUNCH, "cuda_launch")     /* k<<<c>>>(a): kid0 kernel, kid1 list c, kid2 list a */ \
    X(AST_MEMBER, "member")               /* op '.' or PTR_OP; kid0 object, name member */ \
    X(AST_SUBSCRIPT, "subscript")         /* kid0 array, kid1 index */ \
    X(AST_POSTFIX, "postfix")             /* op INC_OP/DEC_OP; kid0 */ \
    X(AST_UNARY, "unary")                 /* op ('&' '*' '+' '-' '~' '!' INC_OP DEC_OP KW_REAL KW_IMAG); kid0 */ \
    X(AST_BINARY, "binary")               /* op (token); kid0, kid1; op ',' for the comma operator */ \
    X(AST_ASSIGN, "assign")               /* op '=' or MUL_ASSIGN...; kid0, kid1 */ \
    X(AST_CONDITIONAL, "conditional")     /* kid0 ? kid1 (NULL: GNU a ?: b) : kid2 */ \
    X(AST_CAST, "cast")                   /* kid0 type name, kid1 operand */ \
    X(AST_SIZEOF, "sizeof")               /* op KW_SIZEOF/KW_ALIGNOF; kid0 expression or type name */ \
    X(AST_COMPOUND_LITERAL, "compound_literal") /* kid0 type name, kid1 initializer list */ \
    X(AST_STMT_EXPR, "statement_expression") /* kid0 compound statement */ \
    X(AST_GENERIC, "generic_selection")   /* kid0 controlling expr, kid1 list of associations */ \
    X(AST_GENERIC_ASSOC, "generic_association") /* kid0 type name (NULL: default), kid1 expr */ \
    X(AST_BUILTIN, "builtin")             /* op keyword (va_arg, offsetof, ...); kid0.. arguments */ \
    X(AST_LABEL_ADDR, "label_address")    /* &&label: name */ \
    X(AST_EXTENSION, "extension")         /* __extension__ expr: kid0 */

#define AST_ENUM_ENTRY(e, s) e,
enum ast_kind { AST_KINDS(AST_ENUM_ENTRY) AST_KIND_COUNT };
extern const char *const ast_kind_names[AST_KIND_COUNT];

/* Declaration-specifier summary kept in AST_SPECS.flags. */
enum spec_flag {
    SPEC_TYPEDEF = 1 << 0, SPEC_EXTERN = 1 << 1, SPEC_STATIC = 1 << 2, SPEC_AUTO = 1 << 3,
    SPEC_REGISTER = 1 << 4, SPEC_THREAD_LOCAL = 1 << 5, SPEC_INLINE = 1 << 6,
    SPEC_HAS_TYPE = 1 << 7,    /* a type specifier was seen */
};

/* What kind of type a name has (the outermost derivation). */
#define TYPE_CLASSES(X) \
    X(TYPE_NONE, "none") X(TYPE_VOID, "void") X(TYPE_SCALAR, "scalar") \
    X(TYPE_POINTER, "pointer") X(TYPE_ARRAY, "array") X(TYPE_FUNCTION, "function") \
    X(TYPE_STRUCT, "struct") X(TYPE_UNION, "union") X(TYPE_ENUM, "enum")
enum type_class { TYPE_CLASSES(AST_ENUM_ENTRY) TYPE_CLASS_COUNT };
extern const char *const type_class_names[TYPE_CLASS_COUNT];

struct ast {
    enum ast_kind kind;
    int op;                 /* operator / keyword token, per kind */
    size_t begin, end;      /* [begin, end) in the preprocessed text */
    struct ast *kid[4];
    struct ast *next;       /* next item when in an AST_LIST */
    struct name *name;      /* identifiers, declarator names, members, tags, labels */
    struct sym *sym;        /* AST_IDENT: resolved symbol; declarations: symbol declared */
    unsigned flags;         /* AST_SPECS: enum spec_flag; AST_PRAGMA: enum ast_pragma_flag */
    enum type_class tclass; /* AST_SPECS: class of the base type */
    struct ast *pragma;     /* the first `#pragma omp` attached to this construct */
    struct ast *target;     /* AST_PRAGMA: the construct it is attached to (NULL: none) */
};

/* AST_PRAGMA's flags.  OSS: written `#pragma oss` (OmpSs-2); the lexer has rewritten the
 * sentinel to `omp` in the text, so every later reader of the line sees one spelling, and
 * the differences of OmpSs-2 are decided from this flag (pragma_oss.c). */
enum ast_pragma_flag { AST_PRAGMA_STANDALONE = 1u << 0, AST_PRAGMA_OSS = 1u << 1 };

struct ast *ast_new(struct mcc_parser *p, enum ast_kind kind, size_t begin, size_t end);
struct ast *ast_list(struct mcc_parser *p, struct ast *first);   /* first may be NULL */
struct ast *ast_list_append(struct ast *list, struct ast *item);
/* Append an item of a translation unit or block: `#pragma omp` items wait for the next
 * construct and are attached to it as a chain (construct->pragma, pragma->kid[0]). */
struct ast *ast_list_append_item(struct ast *list, struct ast *item);
/* Chain pragma `pr` (and the pragmas chained after it) onto `construct`. */
void ast_attach_pragma(struct ast *pr, struct ast *construct);
/* Is this `#pragma omp` line a standalone directive (taskwait, barrier, taskyield, flush,
 * declare ...)?  They are statements (or file-scope items) of their own. */
bool ast_pragma_is_standalone(const char *text, size_t len);
/* Pre-order walk; return false from fn to skip a node's children.  Pragmas are visited
 * as items of the lists they stand in; one placed before the body of an if/for/while/
 * do/label (not a list item) is reached only through its construct's ->pragma. */
void ast_walk(struct ast *n, bool (*fn)(struct ast *n, void *arg), void *arg);
/* The declarator name (AST_DECL_NAME) inside a declarator, or NULL (abstract). */
struct ast *ast_declarator_name(struct ast *declarator);
/* The parameter list (AST_LIST) of the function declarator applied first to the name. */
struct ast *ast_declarator_params(struct ast *declarator);
/* S-expression dump (tests, debugging). */
void ast_dump(FILE *out, const struct ast *n, const char *text);

/* ---- symbols.c: scopes and what each name denotes ------------------------------------- */
#define SYM_KINDS(X) \
    X(SYM_OBJECT, "object") X(SYM_FUNCTION, "function") X(SYM_TYPEDEF, "typedef") \
    X(SYM_ENUM_CONST, "enum_constant") X(SYM_PARAM, "parameter") X(SYM_LABEL, "label") \
    X(SYM_TAG, "tag")
enum sym_kind { SYM_KINDS(AST_ENUM_ENTRY) SYM_KIND_COUNT };
extern const char *const sym_kind_names[SYM_KIND_COUNT];
#define SCOPE_KINDS(X) \
    X(SCOPE_FILE, "file") X(SCOPE_FUNCTION, "function") X(SCOPE_BLOCK, "block") \
    X(SCOPE_PROTOTYPE, "prototype")
enum scope_kind { SCOPE_KINDS(AST_ENUM_ENTRY) SCOPE_KIND_COUNT };
extern const char *const scope_kind_names[SCOPE_KIND_COUNT];
/* Storage of objects and functions. */
#define SYM_STORAGES(X) \
    X(STORAGE_NONE, "none") X(STORAGE_GLOBAL, "global") /* file scope, external linkage */ \
    X(STORAGE_STATIC, "static") /* static storage: file-scope static or block-scope static */ \
    X(STORAGE_EXTERN, "extern") /* declared extern (possibly in a block) */ \
    X(STORAGE_LOCAL, "local")   /* automatic (block scope, parameters) */
enum sym_storage { SYM_STORAGES(AST_ENUM_ENTRY) STORAGE_COUNT };
extern const char *const sym_storage_names[STORAGE_COUNT];

struct scope;
struct sym {
    struct name *name;
    enum sym_kind kind;
    enum scope_kind scope;      /* kind of scope it was declared in */
    enum sym_storage storage;
    enum type_class type;       /* for objects, parameters, functions, typedefs */
    int depth;                  /* scope depth: 0 file scope */
    struct ast *declarator;     /* the AST_DECL_NAME (or tag/enumerator/label node) */
    struct ast *decl;           /* AST_DECLARATION, AST_PARAM, AST_FUNCTION_DEF, AST_STRUCT... */
    struct ast *specs;          /* AST_SPECS of the declaration (NULL for tags, labels) */
    struct ast *array_size;     /* TYPE_ARRAY: the outermost bound expression (NULL: [] ) */
    bool array_param;           /* a parameter written as an array (adjusted to a pointer) */
    bool function_param;        /* a parameter written as a function (`int cb(int)`, a
                                   typedef of a function type): a pointer to it */
    bool forward_param;         /* a GNU forward parameter declaration (`int m;` before the
                                   parameter list), until its parameter declares it */
    bool defined;               /* tag with a body, function with a body, label placed */
    struct sym *shadow;         /* the declaration of the same name it hides */
    struct sym *redecl;         /* an earlier declaration of the same object or function in
                                 * the same scope (a prototype before its definition) */
    struct sym *scope_next;     /* next symbol declared in the same scope */
    struct sym *enum_prev;      /* SYM_ENUM_CONST: the enumerator before it in its list */
};

struct scope {
    enum scope_kind kind;
    int depth;
    struct sym *syms;           /* ordinary names and tags declared here */
    struct scope *up;
};

void scope_push(struct mcc_parser *p, enum scope_kind kind);
/* Pops the innermost scope; returns its symbols (chained through scope_next). */
struct sym *scope_pop(struct mcc_parser *p);
/* Declare `declarator` (AST_DECL_NAME inside it) with specifiers `specs` in the current
 * scope; `decl` is the enclosing declaration node.  Returns the symbol (NULL: abstract). */
struct sym *sym_declare(struct mcc_parser *p, struct ast *specs, struct ast *declarator,
                        struct ast *decl, bool is_param);
struct sym *sym_declare_tag(struct mcc_parser *p, struct ast *spec, bool defines);
struct sym *sym_declare_enum_const(struct mcc_parser *p, struct ast *enumerator);
struct sym *sym_label(struct mcc_parser *p, struct ast *node, bool defines);
/* Forget the labels of the function just parsed. */
void sym_labels_end(struct mcc_parser *p);
/* The names a K&R parameter declaration `decl` (`double a[n][n];` after `f(n, a)`)
 * declares are parameters: arrays and functions adjusted to pointers, as in a prototype. */
void sym_kr_params(struct ast *decl);
/* Make the parameters of `declarator` visible (function definition bodies). */
void sym_enter_params(struct mcc_parser *p, struct ast *declarator);
/* Fold one specifier into the AST_SPECS summary (flags, tclass). */
void specs_add(struct ast *specs, struct ast *spec);
/* Type class of a declarator over specifiers; *size gets the array bound, if any. */
enum type_class declarator_type(struct ast *specs, struct ast *declarator, struct ast **size);

/* ---- the parser (grammar/c.y) and its state ------------------------------------------ */
struct mcc_parser {
    struct mcc_arena *arena;
    struct mcc_source *src;
    const struct mcc_options *opts;
    void *scanner;              /* flex's yyscan_t */
    const char *lex_base;       /* flex's copy of the text */
    struct name **names;        /* interned names: hash table of nnames_cap buckets */
    size_t nnames_cap, nnames;
    struct scope *scope;        /* innermost scope */
    struct scope *file_scope;
    struct sym *labels;         /* labels of the function(s) being parsed */
    /*
     * type_seen - "a type specifier was already seen" (pcc's `notype`, inverted).  While it
     * is set, a typedef name is an IDENTIFIER: the declarator being named (`T T;`, or `int T`
     * redeclaring a typedef name in an inner scope).  Set by the grammar when it reduces a
     * type specifier without having read the next token (keywords, a struct/union/enum
     * body's `}`, typeof(...)), by the lexer when it returns a struct/union/enum tag or a
     * TYPEDEF_NAME, and again at the `,` of a declarator list.  Cleared where types may
     * start again: `(` of a parameter list and `[` of an array declarator (both saved and
     * restored at the closing bracket), the end of a parameter declaration or type name,
     * a typedef name used as a member/label/designator name, and by the lexer on every
     * `=`, `{`, `}`, `;`.
     */
    bool type_seen;
    int tag_state;              /* lexer: 1 after struct/union/enum, until the tag or `{` */
    int tag_parens;             /* lexer: paren depth of attributes while tag_state */
    bool saved_flags[256];      /* type_seen saved at `(` and `[` (nesting bounded) */
    int nsaved;
    struct ast *spec_stack[256];/* specifiers of the declarations being parsed */
    int nspecs;
    size_t last_begin, last_end;/* span of the last token read */
    int last_kind;              /* ... its kind (IDENTIFIER: no typedef name, no keyword) */
    size_t prev_begin, prev_end;/* the token read before it (a syntax error's lookahead is
                                   the last: "unknown type name" names this one) */
    int prev_kind, prev2_kind;  /* ... its kind, and the kind of the one before (0: none) */
    size_t dangling_pragma;     /* a `#pragma omp` construct right before a `}` (its offset
                                   plus 1; 0: none): a later syntax error is said there */
    struct ast *tu;             /* the result */
    struct ast *other_pragmas;  /* AST_LIST of every other #pragma line (passed through) */
    int omp_pragmas;            /* number of `#pragma omp` tokens (0: nothing to lower) */
    int errors;
    int depth;                  /* nesting depth guard (fuzzing) */
};
/* Parse p->src; returns the translation unit or NULL after a syntax error (reported). */
struct ast *mcc_parse(struct mcc_parser *p);

/* ---- rewrite.c: edits over the preprocessed text ------------------------------------- */
/*
 * An edit list applied in one pass at output.  Offsets are byte offsets in the
 * preprocessed text.  At one offset, text inserted "after" (the end of what precedes)
 * comes first, then text inserted "before" (the start of what follows), then a
 * replacement starting there, each group in the order the edits were made.  A replacement
 * hides every edit strictly inside its span, so an edit that moves a region renders it
 * first with rewrite_text() (the edits inside applied) and replaces it; it also hides the
 * insertions at its ends (insert_before at its start, insert_after at its end) that a
 * rewrite_text() rendered before it was made (a construct that is the whole statement of
 * another: the inner one's end moved with the outer one's body), and of two replacements
 * of one span the later one (which rendered the other) is kept.  After edited
 * text that adds or removes newlines, output() emits a linemarker so the lines that
 * follow keep their numbers in the user's file.
 */
struct rewriter;
struct rewriter *rewrite_new(struct mcc_arena *a, const struct mcc_source *src);
void rewrite_insert_before(struct rewriter *rw, size_t off, const char *text);
/* insert_before, but before the insertions made at off earlier (the outer construct of a
 * combined one whose inner construct, lowered first, inserted its code there too) */
void rewrite_insert_before_earlier(struct rewriter *rw, size_t off, const char *text);
void rewrite_insert_after(struct rewriter *rw, size_t off, const char *text);
void rewrite_replace(struct rewriter *rw, size_t begin, size_t end, const char *text);
/* The text of [begin, end) with the edits inside it applied (arena string): insertions
 * at begin made with insert_before and at end made with insert_after belong to the span;
 * insert_after at begin and insert_before at end belong to its neighbours and are left
 * out, as are replacements that reach outside the span. */
char *rewrite_text(struct rewriter *rw, size_t begin, size_t end);
/* The same text for a place elsewhere in the output (a task body moved into an outlined
 * function): it starts with a linemarker for `begin` (and blanks up to its column), and
 * every edit inside that adds or removes newlines or moves the columns of what follows
 * it on its line is followed by another, so gcc's diagnostics, gdb's line table and
 * sanitizer frames keep pointing at the user's lines.  Where it is put, the text after
 * it needs a linemarker of its own (lower_mark). */
char *rewrite_text_lines(struct rewriter *rw, size_t begin, size_t end);
/* Write the whole text with every edit applied; returns 0, or -1 on a write error. */
int rewrite_output(struct rewriter *rw, FILE *out);
int rewrite_count(const struct rewriter *rw);

/* ---- translate.c --------------------------------------------------------------------- */
struct translation {
    struct mcc_arena arena;
    struct mcc_source src;
    struct mcc_parser parser;
    struct ast *tu;
    struct rewriter *rw;
    const struct mcc_options *opts;
    char *cuda_stub;             /* the CUDA stub (lower_device.c) to write, or NULL */
};
/* Index and parse one buffer into t (text must stay valid while t is used).  Returns
 * false after a syntax error (reported).  translation_free() releases everything. */
bool translation_parse(struct translation *t, const char *name, const char *text, size_t len,
                       const struct mcc_options *opts);
void translation_free(struct translation *t);
/* The lowering of OmpSs pragmas (translate.c; empty until the lowering issue). */
int lower_translation_unit(struct translation *t);

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
    X(OMP_DIR_SINGLE, "single") X(OMP_DIR_MASTER, "master") X(OMP_DIR_MASKED, "masked") \
    X(OMP_DIR_SECTIONS, "sections") X(OMP_DIR_SECTION, "section") \
    X(OMP_DIR_TASKGROUP, "taskgroup") X(OMP_DIR_THREADPRIVATE, "threadprivate") \
    X(OMP_DIR_FLUSH, "flush") X(OMP_DIR_SIMD, "simd") \
    X(OMP_DIR_TASKGRAPH, "taskgraph") X(OMP_DIR_ORDERED, "ordered") X(OMP_DIR_SCOPE, "scope") \
    X(OMP_DIR_CANCEL, "cancel") X(OMP_DIR_CANCELLATION_POINT, "cancellation point") \
    X(OMP_DIR_SCAN, "scan") X(OMP_DIR_DEPOBJ, "depobj") X(OMP_DIR_ERROR, "error") \
    X(OMP_DIR_DECLARE_REDUCTION, "declare reduction") X(OMP_DIR_DECLARE_SIMD, "declare simd") \
    X(OMP_DIR_DECLARE_VARIANT, "declare variant") \
    X(OMP_DIR_UNKNOWN, "unknown")

/* X(ENUMERATOR, spelling, argument form, may appear more than once).  The forms are private
 * to pragma.c: NONE (no parentheses), REFS (list of data references), NAMES (variable
 * names), DEPEND, REDUCTION, EXPR (one C expression), OPTEXPR (an optional parenthesised
 * C expression), LABEL, DEFAULT, DEVICE, IDENT, NDRANGE, FILE, SCHEDULE, EXPRS (a list of C
 * expressions). */
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
    X(OMP_CL_SEQ_CST, "seq_cst", NONE, 0) X(OMP_CL_CALLS, "calls", EXPRS, 0) \
    X(OMP_CL_LASTPRIVATE, "lastprivate", NAMES, 1) X(OMP_CL_COLLAPSE, "collapse", EXPR, 0) \
    X(OMP_CL_MERGEABLE, "mergeable", NONE, 0) X(OMP_CL_INPRIVATE, "inprivate", REFS, 1) \
    X(OMP_CL_NUM_THREADS, "num_threads", EXPR, 0) X(OMP_CL_PROC_BIND, "proc_bind", IDENT, 0) \
    X(OMP_CL_COPYIN, "copyin", NAMES, 1) X(OMP_CL_COPYPRIVATE, "copyprivate", NAMES, 1) \
    X(OMP_CL_FILTER, "filter", EXPR, 0) X(OMP_CL_ORDERED, "ordered", OPTEXPR, 0) \
    X(OMP_CL_TASK_REDUCTION, "task_reduction", REDUCTION, 1) \
    X(OMP_CL_IN_REDUCTION, "in_reduction", REDUCTION, 1) \
    X(OMP_CL_GRAPH_ID, "graph_id", EXPR, 0) X(OMP_CL_GRAPH_RESET, "graph_reset", OPTEXPR, 0) \
    X(OMP_CL_DETACH, "detach", NAMES, 0) X(OMP_CL_LINEAR, "linear", LINEAR, 1) \
    X(OMP_CL_COMPARE, "compare", NONE, 0) X(OMP_CL_ALLOCATE, "allocate", NAMES, 1) \
    X(OMP_CL_HINT, "hint", EXPR, 0)  /* of critical and atomic: advice, checked, not used */ \
    X(OMP_CL_AFFINITY, "affinity", DEPEND, 1)  /* of task: advice (directive's affinity) */ \
    X(OMP_CL_LIST, "(list)", NAMES, 0)  /* the (list) of threadprivate and flush */

/* Reduction operators; USER is a declared reduction identifier (red_id holds it). */
#define OMP_REDUCTION_OPS(X) \
    X(OMP_RED_ADD, "+") X(OMP_RED_SUB, "-") X(OMP_RED_MUL, "*") X(OMP_RED_BITAND, "&") \
    X(OMP_RED_BITOR, "|") X(OMP_RED_BITXOR, "^") X(OMP_RED_AND, "&&") X(OMP_RED_OR, "||") \
    X(OMP_RED_MIN, "min") X(OMP_RED_MAX, "max") X(OMP_RED_USER, "user")
/* UNDEFINED (the seed's device "undefined"): a task with no definition of its own, only
 * the implementations `implements` gives it; it stays last (not a place tasks run). */
#define OMP_DEVICES(X) \
    X(OMP_DEVICE_SMP, "smp") X(OMP_DEVICE_OPENCL, "opencl") X(OMP_DEVICE_CUDA, "cuda") \
    X(OMP_DEVICE_UNDEFINED, "undefined")
#define OMP_DEFAULTS(X) \
    X(OMP_DEFAULT_NONE, "none") X(OMP_DEFAULT_SHARED, "shared") \
    X(OMP_DEFAULT_FIRSTPRIVATE, "firstprivate") X(OMP_DEFAULT_PRIVATE, "private")
#define OMP_SCHEDULES(X) \
    X(OMP_SCHED_STATIC, "static") X(OMP_SCHED_DYNAMIC, "dynamic") \
    X(OMP_SCHED_GUIDED, "guided") X(OMP_SCHED_AUTO, "auto") X(OMP_SCHED_RUNTIME, "runtime")
/* Dependence directions a clause stands for (in/input/depend(in:), on -> INOUT, ...). */
#define OMP_DEPS(X) \
    X(OMP_DEP_NONE, "none") X(OMP_DEP_IN, "in") X(OMP_DEP_OUT, "out") \
    X(OMP_DEP_INOUT, "inout") X(OMP_DEP_CONCURRENT, "concurrent") \
    X(OMP_DEP_COMMUTATIVE, "commutative") \
    X(OMP_DEP_DEPOBJ, "depobj")    /* depend(depobj: o): the dependence o holds */
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
    OMP_SECT_OMP_LEN,  /* OpenMP a[lb:len]: depend(...), OpenMP reductions (pragma.c) */
    OMP_SECT_LO_END,   /* an OpenMP iterator's begin:end, end EXCLUSIVE */
    OMP_SECT_ELEMENT,  /* an OpenMP reduction's a[i] (5.0): the section a[i:1], no bound */
};

/* One iterator of a multidependence: var = lo:hi or var = lo;len, optionally :step (or of
 * an OpenMP depend's iterator(var = begin:end[:step])). */
struct omp_iter {
    struct omp_expr var, lo, bound;
    struct omp_expr step;         /* absent (text NULL) when not given: 1 */
    struct omp_expr type;         /* OpenMP's iterator of a pointer type (`int *p = a:a+n`):
                                     that type; text NULL: an integer, counted as long */
    struct omp_expr written;      /* the type written before its name, if any (check.c
                                     refuses one that is neither integer nor pointer) */
    enum omp_section_form form;   /* OMP_SECT_LO_HI, OMP_SECT_LO_LEN or OMP_SECT_LO_END */
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
    bool all_memory;             /* SHAPE: what depend(out|inout: omp_all_memory) stands
                                    for (pragma.c all_memory_items) */
};

struct omp_clause {
    enum omp_clause_kind kind;
    struct mcc_loc loc;          /* the clause name */
    struct omp_expr text;        /* the whole clause as written */
    enum omp_dep dep;            /* in/out/inout/input/output/depend/concurrent/commutative/on */
    int nrefs;                   /* REFS, NAMES, DEPEND, REDUCTION lists */
    struct omp_ref **refs;
    int nargs;                   /* EXPR: 1; NDRANGE, EXPRS: all; LABEL/IDENT/FILE: 1;
                                    SCHEDULE: chunk */
    struct omp_expr *args;
    enum omp_reduction_op red_op;
    struct omp_expr red_id;      /* REDUCTION: the operator or identifier as written */
    enum omp_default def;
    unsigned devices;            /* DEVICE: bit (1u << enum omp_device) per device listed */
    enum omp_schedule sched;
    int ndrange_dims;            /* NDRANGE: n; local sizes given when nargs == 1 + 2n */
    bool ndrange_nocheck;        /* NDRANGE: a last argument noCheckDim (not in args) */
    bool label_quoted;           /* LABEL: written as "name" (args[0] holds it unquoted) */
    bool conditional;            /* LASTPRIVATE: lastprivate(conditional: list) */
    bool saved;                  /* FIRSTPRIVATE: firstprivate(saved: list) (6.0) */
    bool inscan;                 /* REDUCTION: reduction(inscan, op: list) */
    bool in_reduction;           /* REDUCTION: written in_reduction (a task's share of an
                                    enclosing taskgroup's task_reduction) */
    bool nonmonotonic;           /* SCHEDULE: the nonmonotonic modifier */
    bool strict;                 /* GRAINSIZE, NUM_TASKS: the strict modifier (5.1) */
    bool doacross;               /* ORDERED: ordered(n), a doacross nest */
    const char *file_path;       /* FILE: the path as found (NULL when not checked) */
    struct omp_expr allocator;   /* ALLOCATE: `a` of allocate(a: list) or of allocator(a)
                                    (checked, not used: one kind of memory), else NULL */
};

/* declare reduction(id : type-list : combiner) [initializer(expr)] */
struct omp_declare_reduction {
    struct omp_expr id;
    int ntypes;
    struct omp_expr *types;
    struct omp_expr combiner;
    struct omp_expr initializer;   /* absent (text NULL) when not given */
};

/* An OpenMP target region run on the host (pragma.c target_env, lower_omp.c
 * lower_omp_target): how it sees a variable it names.  Without a clause a scalar or a
 * pointer gets a copy of its own (OpenMP 4.5's implicit firstprivate), an aggregate (array,
 * struct, union) is the original (a tofrom map); defaultmap(behaviour[: category]) changes
 * that per category. */
enum omp_tmap { OMP_TMAP_DEFAULT, OMP_TMAP_COPY, OMP_TMAP_SHARE, OMP_TMAP_NONE };
enum omp_tcat { OMP_TCAT_SCALAR, OMP_TCAT_POINTER, OMP_TCAT_AGGREGATE, OMP_TCAT_COUNT };
struct omp_target_env {
    const char **mapped;           /* map, has_device_addr, in_reduction, and a combined
                                      construct's reduction, lastprivate, linear: the
                                      original itself */
    int nmapped;
    const char **copied;           /* firstprivate, private, is_device_ptr: a copy */
    int ncopied;
    enum omp_tmap defaultmap[OMP_TCAT_COUNT];
};

/* declare variant(fn) match(...) (pragma_variant.c): what the host build meets of the
 * selectors; the rest is decided at each call (lower_variant.c). */
enum omp_vconstruct { OMP_VC_TARGET, OMP_VC_TEAMS, OMP_VC_PARALLEL, OMP_VC_FOR, OMP_VC_SIMD,
                      OMP_VC_COUNT };
enum { OMP_VARIANT_SCORES = 8 };
struct omp_declare_variant {
    struct omp_expr fn;            /* the variant function's name */
    enum omp_vconstruct construct[OMP_VC_COUNT];   /* construct={...}, outermost first */
    int nconstruct;
    bool never;                    /* a trait the host build never meets (kind(gpu),
                                      vendor(llvm), isa(...), extension(...)) */
    bool has_kind, has_arch, has_isa;
    struct omp_expr scores[OMP_VARIANT_SCORES];    /* the score(e) of its other traits */
    int nscores;
    struct omp_expr condition;     /* user={condition(e)}; text NULL when absent */
};

/* An item of an ordered line's sink vector, `depend(sink: i - 1, j)` (its offset checked
 * and dropped: the loop keeps every such dependence, pragma.c's doacross_wait). */
struct omp_sink {
    struct omp_expr var;           /* the iteration variable, or omp_cur_iteration */
    int index, count;              /* its place in its vector, and the vector's length */
};

/* A parameter a `declare simd` clause names (lower.c checks it is one of the function's). */
struct omp_simd_param {
    struct omp_expr name;
    const char *clause;            /* "uniform", "linear" or "aligned" */
};

struct omp_directive {
    enum omp_directive_kind kind;
    struct mcc_loc loc;            /* the `#pragma` */
    struct omp_expr name;          /* CRITICAL: (name), absent if unnamed; UNKNOWN: the word */
    struct omp_expr rest;          /* UNKNOWN: the text after the directive word */
    bool parallel;                 /* combined with parallel: `parallel for`, `parallel
                                      sections`, `parallel master` (kind: the inner one) */
    bool ordered_threads, ordered_simd; /* ORDERED: its threads and simd clauses */
    bool ordered_doacross;         /* ORDERED: depend(source|sink: ...), standalone */
    bool ordered_sink;             /* ... a wait: depend(sink: ...) */
    struct omp_sink *sink;         /* ... the items of its sink vectors, nsink in all */
    int nsink;
    struct omp_simd_param *simd_params; /* DECLARE_SIMD: the names its clauses list */
    int nsimd_params;
    struct omp_clause *affinity;   /* TASK: its affinity clauses, advice the lowering never
                                      sees (check.c checks their lists), naffinity of them */
    int naffinity;
    bool simd;                     /* `for simd`, `taskloop simd` (kind: for, taskloop) */
    bool masked;                   /* `masked taskloop` (kind: taskloop): masked's filter
                                      clause is allowed (its body runs once anyway) */
    bool master;                   /* `master taskloop` or `masked taskloop` (kind: taskloop):
                                      placed as a master region is (check_nesting.c) */
    bool loop;                     /* OpenMP 5.0 `loop`, `parallel loop` (kind: for): its
                                      iterations may run in any order, as a `for`'s tasks do */
    char bind;                     /* loop's bind clause: 't' thread, 'p' parallel, 'T' teams,
                                      0 none */
    bool concurrent;               /* an order(concurrent) clause (5.0), or a `loop`: only
                                      parallel, loop and simd constructs may be in it
                                      (check_nesting.c) */
    bool weak;                     /* ATOMIC: a weak clause (5.1), which only an equality
                                      compare may have (lower_sync.c) */
    bool host;                     /* UNKNOWN: a device construct (`target data`, `teams`,
                                      `distribute`, `declare target`, ...) that on the host
                                      runs as written, with no warning (host_only) */
    const char *host_wait;         /* ... a target's depend clauses as the directive
                                      `taskwait depend(...)` it waits as, else NULL */
    bool teams;                    /* `teams` alone or combined (`target teams ...`):
                                      declare variant's construct={teams} */
    struct omp_target_env *target; /* an OpenMP `target` region (alone: UNKNOWN and host;
                                      combined: the host construct), else NULL */
    enum omp_directive_kind cancel_of; /* CANCEL, CANCELLATION_POINT: parallel, for,
                                      sections or taskgroup */
    bool scan_inclusive;           /* SCAN: inclusive(list), else exclusive(list) */
    /* DEPOBJ: the object is `name`; its one clause is depend (in clauses), update(type)
     * (depobj_update, not OMP_DEP_NONE) or destroy */
    enum omp_dep depobj_update;
    bool depobj_destroy;
    /* ERROR (OpenMP 5.1): at(execution), severity(warning), message(expr) (absent: text
     * NULL); the defaults are at(compilation) severity(fatal) */
    bool error_execution, error_warning;
    struct omp_expr error_message;
    /* SIMD, and the simd part of `for simd` and `taskloop simd`: the arguments of
     * simdlen(n), safelen(n) (absent: text NULL) and the alignments of aligned(list : a),
     * advice that check.c wants constant, the list pointers or arrays (the loop runs as
     * written) */
    struct omp_expr simdlen, safelen;
    struct omp_expr *aligned;
    int naligned;
    struct omp_expr *aligned_items; /* ... and the names aligned lists */
    int naligned_items;
    int nclauses;
    struct omp_clause *clauses;
    struct omp_declare_reduction *reduction;   /* DECLARE_REDUCTION */
    struct omp_declare_variant *variant;       /* DECLARE_VARIANT */
    int nerrors;                   /* errors found in this directive (one is reported) */
    bool oss;                      /* written `#pragma oss` (OmpSs-2: pragma_oss.c) */
    bool oss_wait;                 /* OmpSs-2 task `wait`: a taskwait at the end of its body */
    const char *text;              /* the pragma as parsed: what toks and expressions index */
    struct omp_tok *toks;          /* its tokens, then an OMP_TOK_END, each with its place in
                                      the user's source (check.c reads expressions from them) */
    int ntoks;
    void *mem;                     /* private: the allocations omp_directive_free releases */
};

/* text: the pragma line, starting at `#pragma` (or at `omp`); len: its length (need not be
 * NUL-terminated).  loc: where the `#pragma` line starts in the user's source. */
struct omp_directive *omp_parse_pragma(const char *text, size_t len, struct mcc_loc loc);
/* The same for a line written `#pragma oss` (OmpSs-2) when oss is true. */
struct omp_directive *omp_parse_pragma_as(const char *text, size_t len, struct mcc_loc loc,
                                          bool oss);
void omp_directive_free(struct omp_directive *d);
/* Release the copy of the last source file read for columns (call once at the end). */
void omp_source_cache_free(void);
/* Physical line `line` of `file` (without its newline) from that copy; false when the
 * file cannot be read or is shorter.  *text stays valid until another file is read. */
bool omp_source_line(const char *file, int line, const char **text, size_t *len);
/* Edit distance (insertions, deletions, substitutions, transpositions) between a and b,
 * for "did you mean" suggestions. */
int omp_edit_distance(const char *a, size_t na, const char *b, size_t nb);
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
    bool in_depend;             /* a[lb:len] is OpenMP's (lower bound, length): depend,
                                   and reductions but a task's own `reduction` */
    int trial;                  /* > 0: speculative parse: errors only set `failed` */
    bool failed;
    bool offload;               /* `target`, `teams` or `distribute` stood before the
                                   directive (host_prefix): their clauses are dropped */
    bool offload_target;        /* ... `target` among them */
};
/* pragma_lex.c */
int omp_lex(const char *text, size_t len, struct omp_tok **toks);
/* Length of the universal character name (\uXXXX, \UXXXXXXXX) at s, 0 when none; reads
 * at most `left` bytes and never past a NUL. */
size_t omp_ucn_len(const char *s, size_t left);
/* Whether a block comment is open at the end of the line [p, e), given whether one was at
 * its start (literals end at the line).  The driver preprocesses with -C, so a pragma's
 * comment may go on over the lines below (lex.c's line index follows comments too). */
bool omp_comment_open(const char *p, const char *e, bool open);
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
/* Index just past the ')' matching the '(' at token `open` (the end when there is none). */
int omp_skip_group(struct omp_parser *p, int open);
/* pragma_variant.c: the rest of `declare variant` after its two words */
void omp_parse_declare_variant(struct omp_parser *p);
/* pragma_oss.c: `#pragma oss` (OmpSs-2), parsed as `#pragma omp` with its differences.
 * omp_oss_directive: at the directive word; false (reported) when it is none mcc runs.
 * omp_oss_clause: the kind of the clause named at token `name` (`kind`: its OpenMP/OmpSs
 * lookup, -1 unknown): an OmpSs-2 spelling's (weakin: in), or OMP_OSS_DROPPED for a clause
 * taken here (wait, cost) or reported.  omp_oss_check: after the clauses, the combinations
 * mcc does not run. */
enum { OMP_OSS_DROPPED = -2 };
bool omp_oss_directive(struct omp_parser *p);
int omp_oss_clause(struct omp_parser *p, int name, int kind);
/* depend(type: ...)'s OmpSs-2 types at p->pos (concurrent, commutative, the weak ones as
 * the strong), else OMP_DEP_NONE. */
enum omp_dep omp_oss_dependence_type(struct omp_parser *p);
void omp_oss_check(struct omp_parser *p);
/* pragma_ref.c */
struct omp_ref *omp_parse_ref(struct omp_parser *p);
/* depend(iterator(...), ...): the iterators' definitions `[type] i = begin:end[:step]`
 * after `iterator(` up to its `)` (passed); false after an error. */
bool omp_parse_iterators(struct omp_parser *p, struct omp_vec *iters);

/* ---- lower.c, lower_task.c, lower_deps.c, lower_inline.c, lower_sync.c: OmpSs lowering -- */
/*
 * lower_translation_unit() turns every `#pragma omp` construct into calls to nanort
 * (include/nanort.h) by adding edits to the rewriter: the text around stays as it was.
 * The files are layers (the contents at the top): the walk (lower.c: pragma chains,
 * dispatch to the construct modules), the construct families (lower_task.c, lower_loop.c,
 * lower_omp.c, lower_sync.c, lower_taskgraph.c, lower_serial.c), inline tasks
 * (lower_inline.c), devices, the parts constructs share (dependences, reductions, final's
 * serial path, detach, structured blocks), what they emit through (directives,
 * descriptors, names, linemarkers) and the text helpers (lower_text.c).
 * Generated names start with `__nrt_` (locals of generated code: LOWER_LOCAL_NAMES) or
 * `<fn>__nrt_` (file scope: LOWER_NAMES), both spelled in lower_names.c.
 * The output is compiled as preprocessed text (the driver's -x cpp-output: its linemarkers
 * are no GNU extension to -pedantic then), so generated code names no macro: size_t and
 * ptrdiff_t are spelled by these types, never __SIZE_TYPE__ or __PTRDIFF_TYPE__, and memory
 * orders by their values.
 */
#define LOWER_SIZE_T "__typeof__(sizeof 0)"
#define LOWER_PTRDIFF_T "__typeof__((char *)0 - (char *)0)"
/* The memory orders of the __atomic builtins by value, as gcc's and clang's __ATOMIC_*
 * macros define them. */
#define LOWER_ATOMIC_RELAXED "0"
#define LOWER_ATOMIC_ACQUIRE "2"
#define LOWER_ATOMIC_RELEASE "3"
#define LOWER_ATOMIC_SEQ_CST "5"
struct lower_buf {
    char *s;
    size_t len, cap;
};
void lbuf_puts(struct lower_buf *b, const char *s);
void lbuf_printf(struct lower_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The text as an arena string; b is emptied. */
char *lbuf_take(struct lower_buf *b, struct mcc_arena *a);

/* The pragma lines attached to one construct, parsed. */
struct lower_dir {
    struct omp_directive *dir;     /* task, critical, atomic, taskloop, for, ... */
    struct omp_directive *target;  /* a `target` line that goes with it, or NULL */
    bool teams;                    /* a directive of the chain is (or has) `teams` */
    const struct omp_directive *omp_target; /* OpenMP's target region on the host: its
                                      directive (alone, or combined with the host construct
                                      dir), or NULL (lower_omp_target) */
    struct ast *node;              /* the construct (NULL: none follows) */
    struct ast *inner;             /* the next pragma of node's chain when it starts a
                                      construct of its own inside this one (`task` then
                                      `atomic`, `parallel` then `single`), else NULL */
};

/* How an inline task sees one variable of the code around it. */
enum lower_share { LOWER_FIRSTPRIVATE, LOWER_SHARED, LOWER_PRIVATE, LOWER_REDUCTION };
/* A reduction over a section (lower_reduction_section). */
struct lower_red_section {
    const char *lb, *len, *zeros;
    int outer;      /* subscripts before the section (m[i][j:1]: 1); lb counts from m's start */
    /* sections of the rows' dimensions after it (m[lb:len][lb1:len1]): the section's
     * elements are those rows, of which only these parts are reduced; inner_lb[j] and
     * inner_len[j] as C evaluated where the construct is (both NULL for a whole dimension
     * m[lb:len][:]), read where the copy is combined through `bounds` (an array of
     * ptrdiff_t: lb, len of each dimension in turn), which the caller sets */
    int ninner;
    const char **inner_lb, **inner_len;
    const char *bounds;
};

struct lower_var {
    struct sym *sym;
    enum lower_share share;
    bool vm;                       /* variably modified: a void * member, redeclared inside */
    const char *use;               /* how the outlined code names it, e.g. (__nrt_e->x) */
    const struct omp_clause *red;  /* LOWER_REDUCTION: its clause */
    const struct omp_ref *red_ref; /* LOWER_REDUCTION: the reference (maybe shaped) */
    struct lower_red_section red_sec; /* ... a section's bounds (capture_section) */
    size_t first_use;              /* offset of its first use (diagnostics) */
    bool first;                    /* listed in firstprivate */
    bool saved;                    /* ... with the saved modifier (a taskgraph's replays
                                      keep the recorded value) */
    bool last;                     /* listed in lastprivate: copied back by the task of
                                      the sequentially last iteration (__nrt_islast) */
    bool region_private;           /* a region's own copy (its private, firstprivate or
                                      reduction clause): each thread of a team has one */
    const struct omp_clause *linear; /* listed in linear (also `last`): set to its value
                                      plus the iteration number times the step at the
                                      start of each iteration (lower_loop.c) */
    const struct omp_ref *inpriv;  /* inprivate(x) or inprivate([n]p): the task copies the
                                      data when it starts (after its dependences) */
    const struct omp_ref *red_in_place; /* a member item of it that the task reduces where
                                      it is (lower_reduction_in_place), else NULL */
    const struct omp_ref *listed;  /* the clause's reference that decided its sharing, else
                                      NULL (diagnostics) */
    bool waited;                   /* LOWER_REDUCTION of a copy each thread of the region
                                      has, by a nowait loop: the loop waits for its own
                                      tasks all the same (lower_loop.c) */
    struct lower_var *next;
};
/* The variables an outlined task body renames; frames nest like the tasks. */
struct lower_frame {
    struct lower_var *vars;
    struct lower_frame *up;
    bool region;                   /* a region's privatised variables (lower_omp.c), not a
                                      task */
    bool team_of_one;              /* a worksharing task that runs on the region's thread
                                      as its team of one (omp_get_thread_num() 0 in it) */
};
/* A construct whose body stays where it is (parallel, single, master, taskgroup): the
 * variables it privatises are renamed through a frame of their own (vars with `use`). */
/* A construct being lowered, and the one around it (check_nesting.c). */
struct lower_nest {
    const struct omp_directive *dir;
    const struct ast *node;        /* its construct (a loop's `for`), or NULL */
    struct lower_nest *up;
    /* A cancel or cancellation point closely nested in it goes to this label when its
     * region is cancelled (lower_cancel_goto); the construct's lowering places it after
     * the body it runs (lower_cancel_place), which clears it. */
    const char *cancel_label;
    bool cuda;                     /* a task whose statement nvcc compiles: no cancel in it */
};
struct lower_region {
    const struct lower_dir *d;
    bool team;                     /* a parallel region: its threads share what is declared
                                      outside it */
    size_t begin, end;             /* its text */
    struct lower_frame *frame;     /* L->frame where it starts */
    struct lower_region *up;
    bool team_size_asked;          /* its own body called omp_get_num_threads() (1) */
    bool thread_num_asked;         /* ... omp_get_thread_num() (0) */
    bool thread_num_split;         /* ... outside the constructs of the helpers it calls too:
                                      work split by it (region()'s warning) */
    const char *spmd;              /* an SPMD body, run once per thread number: the variable
                                      holding the number (lower_omp.c), else NULL */
    bool threads;                  /* ... run by a team of threads at once (its barriers
                                      are the team's: nanort_team_barrier) */
    bool own_split;                /* its own code (or the helpers' code it calls, outside
                                      their constructs) asks omp_get_thread_num(): known
                                      before its body is lowered */
};
/* A local of the function being lowered and where its name is visible. */
struct lower_local {
    struct sym *sym;
    size_t from, to;
};

/* A reduction item of a function task with a private copy in its run function. */
struct lower_fred {
    const struct omp_clause *clause;
    const struct omp_ref *ref;     /* *p (one element) or [n]..p (an array by shaping) */
    struct sym *param;             /* p: a pointer parameter */
    struct lower_fred *next;
};

struct lower_ftask {
    struct name *name;
    struct ast *decl;              /* AST_FUNCTION_DEF or AST_DECLARATION with the pragma */
    struct ast *declarator;        /* the function declarator (inside decl) */
    struct ast *params;            /* AST_LIST of AST_PARAM, NULL for () or (void) */
    bool kr;                       /* params are a K&R definition's (lower_kr_params) */
    struct lower_dir dir;
    const char *impl_of;           /* implements(f): f's name, else NULL */
    size_t first_decl;             /* offset of the first file-scope declaration of it */
    struct lower_ftask *next;
    struct lower_ftask *next_impl; /* the next task with impl_of (lower_task_emit_all) */
    struct lower_fred *reds;       /* reductions with private copies (lower_task_emit_all); NULL:
                                      none, or kept as commutative dependences */
    struct sym *scope_sym;         /* declared in a block (or a GNU nested function): only
                                      calls of this declaration are tasks; else NULL */
    struct ast *enclosing;         /* a block-scope declaration's function definition: the
                                      spawn and run functions go before it */
    bool declared;                 /* args struct and spawn prototype already emitted */
    bool unused;                   /* declared here, never named: nothing emitted for it */
};

/* A hash map from pointers (interned names) to pointers, in the arena.  Code that walks
 * the map walks `order`, its n keys in the order they were first put: the slots' order
 * follows the keys' addresses, which change from run to run (ASLR), and what mcc writes
 * must not (reproducible builds). */
struct lower_map {
    const void **keys;
    void **vals;
    const void **order;             /* keys[] in the order put, n of them */
    size_t cap, n;
};
/* The clause expressions of one construct evaluated once (lower_once): the declarations
 * of their temporaries, which the construct's code must follow, which expression of a
 * clause each one holds (a reduction's section gives its region and its copy), and the
 * statements that free what they allocated, after the construct's code (all its tasks). */
struct lower_values {
    struct lower_buf decl;          /* `__auto_type __nrt_val3 = (f()); ...` */
    struct lower_map held;          /* const struct omp_expr * -> how code names it */
    struct lower_buf tidy;          /* `__builtin_free(__nrt_iv4_p); ` (lower_deps.c) */
    bool seeds;                     /* decl copies an original that the construct's tasks
                                       combine into (a reduction's omp_orig): a team's
                                       members must all have copied it before any combines */
};

/* A `declare reduction` of the unit, newest first (an inner block's come after its
 * enclosing blocks' in the list, so the first visible one of a name and type is the
 * innermost). */
struct lower_declred {
    const char *id;
    const struct omp_declare_reduction *r;
    const struct ck_type *types;   /* r->types as check.c parsed them (NULL: not known) */
    size_t from, to;               /* where it is visible: from its pragma to the end of its
                                      block (SIZE_MAX at file scope) */
    struct lower_declred *next;
};

struct lower;
/* The walk's entry points for the construct modules (lower.c fills it; lower_visit,
 * lower_body and lower_construct_as call through it). */
struct lower_walk {
    void (*visit)(struct lower *L, struct ast *n);
    size_t (*body)(struct lower *L, const struct lower_dir *d);
    void (*construct_as)(struct lower *L, struct lower_dir *d, enum omp_directive_kind k);
    size_t (*statement)(struct lower *L, struct ast *n);
};

struct lower {
    struct translation *t;
    const struct lower_walk *walk; /* lower.c's recursion (lower_visit, lower_body, ...) */
    struct mcc_arena *a;
    const char *text;
    struct rewriter *rw;
    struct lower_ftask *ftasks;
    struct lower_map ftask_of;     /* name -> its function task (dir.dir set) */
    struct lower_map kernel_only;  /* name -> the lower_ftask of an OpenCL kernel declared
                                      with a target line and no task one (no host code can
                                      call it: lower.c's visit_call says so) */
    struct lower_map thread_local; /* declarations made __thread already (threadprivate) */
    struct lower_map tp_split;     /* declarations split at the end (threadprivate of some of
                                      their names: lower_omp_threadprivate_finish) */
    struct lower_map copyin_setters; /* threadprivate sym -> its copyin setter's name */
    struct lower_map tp_vars;      /* threadprivate variables' syms (thread_local also holds
                                      their specifiers), to list them */
    struct lower_map tp_moved;     /* a static local threadprivate sym -> the name of the
                                      file-scope variable it became (lower_omp.c) */
    struct lower_map first_decl_of;/* name -> first file-scope item declaring it (lazily) */
    struct lower_declred *declreds;
    struct lower_map red_types;    /* check.c: a declare reduction -> its types, parsed */
    struct lower_map red_decl;     /* check.c: a reduction item (omp_ref) of a declared
                                      reduction -> the lower_declred for its type */
    struct check_state *check;     /* check.c: names of the function being checked */
    struct lower_frame *frame;     /* innermost outlined task being lowered, or NULL */
    struct lower_region *region;   /* innermost region (lower_omp.c) around it, or NULL */
    struct lower_capture_log **capture_log; /* while a taskgraph's block is lowered: where
                                      lower_inline.c appends what its constructs capture */
    struct lower_nest *nest;       /* the constructs around it, innermost first (check_nesting.c) */
    struct lower_simd_at {         /* the last simd loop met, which stays out of nest: its
                                      loop, its directive, the one of its chain before it
                                      (or NULL) and nest there (check_nesting_call) */
        const struct ast *loop;
        const struct omp_directive *dir, *after;
        const struct lower_nest *nest;
    } simd;
    bool in_refused_sections;      /* inside a sections construct reported as an error: its
                                      section directives are no stray ones (lower.c) */
    struct lower_map parsed;       /* pragma node -> its directive (parsed once) */
    const struct mcc_loc *deps_at; /* the pragma whose dependences lower_deps.c renders */
    struct ast *fn;                /* the function definition being lowered */
    const char *func_name;         /* what __func__ names there (NULL in a nested function) */
    struct ast *proto_fn;          /* fn once its prototype is emitted before its tasks */
    struct lower_map variants;     /* a base function's name -> its declare variants
                                      (lower_variant.c), in declaration order */
    bool in_target;                /* lowering a target region's statement (lower_omp.c) */
    const struct lower_nest *target_nest; /* ... the constructs around it (L->nest there) */
    bool in_teams;                 /* ... a teams region (declare variant's context) */
    struct lower_declare_target *declare_target; /* the unit's declare target variables
                                      (lower_variant_declare_target), found once */
    struct ast *nested_fn;         /* fn once marked optimize("O1") (lower_inline.c, -O0) */
    bool in_main;
    bool fn_spawns;                /* fn creates tasks, or hands on addresses in its frame to
                                      a call that may (nanort_frame_end) */
    const struct ast *task_callee; /* the name of the function task the call being walked
                                      calls (visit_ident: any other use is a pointer) */
    bool critical_used;            /* LOWER_SYNC_CRITICAL_DEF must precede the unit */
    bool thread_data_used;         /* a function names a `__thread` variable: the unit's
                                      constructor says so (nanort_thread_data_used) */
    struct lower_local *locals;    /* of fn; sorted by name pointer, then from, when */
    int nlocals, caplocals;
    bool locals_sorted;            /* ... this is set (lower_resolve sorts on demand) */
    int serial;                    /* numbers generated names */
    const char *unit_tag;          /* lower_unit_tag, once computed */
    struct lower_map spawn_ptrs;   /* function task -> the external pointer to its spawn
                                      (lower_task_spawn_name) */
    int values;                    /* numbers the clause expressions evaluated once
                                      (lower_once), unique in the unit */
    struct lower_buf tail;         /* emitted at the end of the translation unit */
    struct lower_buf head;         /* declarations emitted at its start, on one line */
    struct lower_map late_tag;     /* check.c: a dependence or copy item (omp_ref) whose
                                      struct or union the unit completes after the
                                      construct -> that file-scope tag's sym */
    struct lower_map late_size;    /* lower_deps.c: such a tag's sym -> the function that
                                      gives its size, defined in tail */
    struct lower_map late_array;   /* check.c: a dependence or copy item naming a file-scope
                                      array declared without its size there, which the unit
                                      defines with one later -> that definition's sym
                                      (a `depend` item never completed -> itself: its
                                      first element) */
    struct lower_map void_item;    /* check.c: a dependence or copy item `*vp` or `vp[i]` of
                                      a `void *` (warned of) -> itself: one byte there */
    struct omp_directive **dirs;   /* every directive parsed, freed at the end */
    int ndirs, capdirs;
    bool copy_deps;
    struct lower_map reported;     /* lower_block.c: statements already reported */
    struct lower_buf cuda_stub;    /* lower_device.c: the .cu text, empty: none */
    struct lower_map cuda_stubs;   /* kernel name -> its ftask, once in cuda_stub */
    struct lower_map cuda_types;   /* declarations of types already in cuda_stub */
    struct lower_map cl_sources;   /* OpenCL source names already embedded */
    bool cuda_parts;               /* a CUDA implementation was emitted */
    struct lower_cuda *cuda;       /* lower_cuda.c's state (NULL until needed) */
    bool final_used;               /* lower_final.c: a final clause in the unit */
    bool clone;                    /* lowering a serial clone (L->rw is its own) */
    struct lower_map clones;       /* function name -> its clone's name */
};

/* lower_text.c: text helpers (they call nothing else of the lowering) */
typedef const char *lower_ident_fn(void *arg, const char *s, size_t n);
/* Copy `text`, replacing each identifier (not a member name) for which fn returns text. */
char *lower_map_idents(struct lower *L, const char *text, lower_ident_fn *fn, void *arg);
bool lower_name_in(const char *s, size_t n, const char *const *names, int count);
/* An identifier of expression (or statement) e declared nowhere: gcc's "'n' undeclared
 * (first use in this function)" at the first one, for code whose text the lowering moves
 * where gcc's columns would be wrong; true when reported.  A called name (an implicit
 * declaration) is gcc's. */
bool lower_report_undeclared(struct lower *L, struct ast *e);
/* Make `params` the names lower_resolve finds in [from, to). */
void lower_set_params(struct lower *L, struct ast *params, size_t from, size_t to);
/* The locals and parameters of function definition `def`, for lower_resolve. */
void lower_function_locals(struct lower *L, struct ast *def);
/* The parameters of K&R definition `def` (`void f(a, n) int *a; int n; {...}`) as a
 * prototype's list: an AST_PARAM for each identifier, in the list's order, with the
 * specifiers, declarator and symbol of its declaration; NULL when `def` is no K&R
 * definition or an identifier is declared by none (an implicit int). */
struct ast *lower_kr_params(struct lower *L, struct ast *def);
char *lower_src(struct lower *L, size_t begin, size_t end);           /* raw text */
/* The address `addr` as `void *` (konst: `const void *`) for __builtin_memcpy, through an
 * integer: what it points to may be const, volatile or restrict-qualified (a member set
 * once at creation, a qualified parameter copied), which a pointer cast would discard
 * (-Wcast-qual); the generated copy means to. */
const char *lower_bytes_at(struct lower *L, const char *addr, bool konst);
/* The same as a prefix of a parenthesised address: `LOWER_CONST_BYTES "(%s)"`. */
#define LOWER_CONST_BYTES "(const void *)(" LOWER_SIZE_T ")"
/* ... and for nanort's and free's `void *` parameters (a volatile object's address). */
#define LOWER_BYTES "(void *)(" LOWER_SIZE_T ")"
/* A copy of the `len` bytes of `text` with each comment replaced by a blank (the driver
 * preprocesses with -C): for the text searches that a comment must not fool. */
char *lower_uncomment(struct lower *L, const char *text, size_t len);
char *lower_render(struct lower *L, const struct ast *n);             /* with edits */
/* C text of a pragma expression with the names of the current frame replaced;
 * `skip` names (multidependence iterators) are left alone. */
char *lower_expr(struct lower *L, const char *text, const char *const *skip, int nskip);
/* The user's expression at `at` (a clause's argument), rendered as `text`, on a line of its
 * own from at's column, so that gcc's warnings on it name the user's line and column, when
 * it is on the line of its pragma (at `pragma`): a line of the pragma's continuation keeps
 * no code, as in the sequential build; else text as it is.  Its linemarkers are written
 * `#  N` (gcc -E writes `# N`), which lower_flat (lower_lines.c) keeps. */
const char *lower_at_user(struct lower *L, const struct mcc_loc *at,
                          const struct mcc_loc *pragma, const char *text);
/* Could evaluating the C expression `e` have an effect: a call, an increment or decrement,
 * an assignment?  Read from the text, generously (`sizeof(x)` counts as a call). */
bool lower_has_effects(const char *e);
/* The local (or parameter) `name` visible at `off` in the current function, else the
 * file-scope symbol, else NULL. */
struct sym *lower_resolve(struct lower *L, const char *name, size_t len, size_t off);
void *lower_map_get(const struct lower_map *m, const void *key);    /* NULL: absent */
void lower_map_put(struct lower *L, struct lower_map *m, const void *key, void *val);
/* The function declarator of a declaration or definition that declares one function
 * (the item's), else NULL. */
struct ast *lower_function_declarator(struct ast *item);
/* The function task `n` names (registered by lower_task.c), else NULL. */
struct lower_ftask *lower_ftask_find(struct lower *L, const struct name *n);
const char *lower_task_spawn_name(struct lower *L, const struct sym *callee);
/* The definition in this unit of the function f names, or NULL (lower_text.c). */
struct ast *lower_function_def(struct lower *L, const struct sym *f);
/* Text of a declaration of `sym` (specifiers without storage class + declarator) with the
 * name replaced by `name` (NULL: kept); NULL when its type cannot be written at file scope.
 * A parameter declared as an array gets its adjusted pointer type (`int q[3]` -> `(*q)`). */
char *lower_decl_text(struct lower *L, struct sym *sym, const char *name);
/* The `aligned` attribute specifiers written after sym's declarator (`double
 * buf[8] __attribute__((aligned(64)))`), each after a space, or "": a copy of the
 * variable declared with lower_decl_text keeps its alignment with them (one written
 * before the name is in the specifiers, which lower_decl_text keeps). */
char *lower_decl_align_attrs(struct lower *L, struct sym *sym);
/* The alignment sym's declaration asks for (its `aligned` attributes, its `_Alignas`
 * specifiers, those naming only what file scope sees), as a constant expression that
 * stands anywhere; NULL when it asks for none. */
const char *lower_decl_align_expr(struct lower *L, struct sym *sym);
/* A span of the source and the text that replaces it. */
struct lower_subst {
    size_t begin, end;
    const char *text;
};
/* lower_decl_text for code that stands in sym's function, where the names its type uses
 * are in scope as at its declaration (a nested outlined function, lower_inline.c): local
 * typedefs, tags and typeof are kept, the frame's names renamed (lower_decl_in_frame; the
 * name is never renamed);
 * NULL when it cannot be written twice (it defines a tag; __auto_type). */
char *lower_decl_text_here(struct lower *L, struct sym *sym, const char *name);
/* `decl`, a declaration whose name is written "@", with the frame's names renamed
 * (lower_expr) and "@" replaced by `name`. */
char *lower_decl_in_frame(struct lower *L, const char *decl, const char *name);
/* lower_decl_text with the spans of `subst` inside the declarator replaced (in order), for an
 * outlined function: the local typedefs of variably modified types it names are allowed
 * (lower_local_vm_typedef); `nested`: one outlined inside sym's function, where the local
 * typedefs and tags it names are in scope (as lower_decl_text_here, but no typeof). */
char *lower_decl_text_subst(struct lower *L, struct sym *sym, const char *name,
                            const struct lower_subst *subst, int nsubst, bool nested);
/* The variable array bounds of sym's declared type, walking its declarator from the name
 * outward up to a function declarator (an adjusted array parameter's first level is a
 * pointer): into *out, each bound's span between its brackets and its extent for the
 * object `obj` of that type, taken from the object's type with sizeof (the bound is not
 * evaluated again: its variables may have changed, it may call a function).  Returns how
 * many. */
int lower_vla_bounds(struct lower *L, struct sym *sym, const char *obj,
                     struct lower_subst **out);
/* lower_vla_bounds for the local typedef t of a variably modified type (`typedef double
 * row[n];`): its extents, as they were fixed at its declaration, for an object of type t at
 * the address `at` (in sizeof only: nothing there is read but a pointer's bytes). */
int lower_typedef_bounds(struct lower *L, struct sym *t, const char *at,
                         struct lower_subst **out);
/* The declaration of typedef t again (`typedef double row[b]`, unused allowed), the spans of
 * `subst` replaced (its bounds, lower_typedef_bounds), the frame's names renamed; NULL when
 * a type it names cannot be written in an outlined function at file scope (a local struct),
 * or `nested` in one inside t's function (a tag it defines). */
char *lower_typedef_decl(struct lower *L, struct sym *t, const struct lower_subst *subst,
                         int nsubst, bool nested);
/* Is t a typedef declared in the function whose type is variably modified (`typedef double
 * row[n];`, or one of such a typedef: `typedef row *rows;`)?  Variables of such types are
 * captured as variably modified ones, and an outlined function declares the typedef again
 * with the extents recorded at the task's creation, not from the frame it was declared in
 * (that needs a static chain: a trampoline, an executable stack). */
bool lower_local_vm_typedef(struct sym *t);
/* Do the specifiers define a struct, union or enum (`struct { int a; } *p`)? */
bool lower_specs_define_tag(struct ast *specs);
/* The typedef whose array type s has without an array derivation of its own (`vec3 r`),
 * through typedefs of typedefs to the one with the array declarator; NULL when none. */
struct sym *lower_array_typedef(struct sym *s);
/* Is s a block-scope array sized by its initializer (`int t[] = {1, 2};`, `list_t l =
 * {1, 2};` with `typedef int list_t[];`)? */
bool lower_unsized_local(struct sym *s);
/* Is s a block-scope array whose type is a typedef of an array of no size (`list_t l =
 * {1, 2};` with `typedef int list_t[];`)? */
bool lower_unsized_typedef_local(struct sym *s);
/* Is the array declarator `level` one lower_vla_bounds leaves alone (a function declarator
 * lies between it and the name)? */
bool lower_vla_bound_kept(struct ast *level);
/* The specifiers of `specs` without storage classes, as source text appended to b. */
void lower_specs_text(struct lower *L, struct lower_buf *b, struct ast *specs);
/* The full declarator node of `sym` (what its AST_DECL_NAME is inside). */
struct ast *lower_full_declarator(struct sym *sym);
bool lower_declarator_is_vm(struct ast *declarator);
/* Is sym's type variably modified once a parameter's array type is adjusted to a pointer
 * (`double a[n]` is not, `double a[n][n]` is)?  lower_decl_text writes the adjusted type. */
bool lower_sym_is_vm(struct sym *sym);
/* Is `s` shared by the whole team of the innermost enclosing parallel region (declared
 * outside it, privatised by nothing on the way)?  Then a task inside shares it too. */
bool lower_team_shared(struct lower *L, const struct sym *s);
/* Inside a parallel region, is `s` a variable each of its threads has a copy of? */
bool lower_thread_private(struct lower *L, const struct sym *s);
/* The global threadprivate variables (and the static local ones moved to file scope,
 * L->tp_moved) statement n writes (x = ..., x++, x.f += ...), also
 * in the functions of this unit it calls (not tasks): up to max in found; returns how many.
 * *elsewhere: it (or a function of this unit it calls) calls a function this unit does not
 * define, or through a pointer, which may write any of them. */
int lower_writes_thread_local(struct lower *L, struct ast *n, struct sym **found, int max,
                              bool *elsewhere);
/* Does n name a threadprivate variable (reads it or writes it), itself or in a function of
 * this unit it calls (not a task)? */
bool lower_names_thread_local(struct lower *L, struct ast *n);
/* The first function of another file that n calls, itself or in a function of this unit
 * it calls (not a task): not defined here, nor a runtime routine, nor one `library` says
 * is a library's (declared by a system header); "" for a call through a pointer;
 * NULL when there is none. */
const char *lower_calls_other_file(struct lower *L, struct ast *n,
                                   bool (*library)(struct lower *L, const struct sym *f));
/* A threadprivate variable that n writes (as lower_writes_thread_local finds) and that the
 * code of root from text offset `after` on names, itself or in a function of this unit it
 * calls; NULL when there is none. */
struct sym *lower_writes_thread_local_read_after(struct lower *L, struct ast *n,
                                                 struct ast *root, size_t after);
/* Does n call the function `name`, itself or in a function of this unit it calls (not a
 * task)? */
bool lower_reaches_call(struct lower *L, struct ast *n, const char *name);
/* ... outside the constructs of the functions it calls (in their own code, which each
 * thread of a team runs)? */
bool lower_reaches_bare_call(struct lower *L, struct ast *n, const char *name);
/* Is there a construct or standalone directive in the functions of this unit that n calls
 * (not n's own), other than those `allowed` (may be NULL) passes?  It is given the pragma
 * of each (the construct's first one) and arg. */
typedef bool lower_construct_fn(struct lower *L, struct ast *pragma, void *arg);
bool lower_reaches_construct(struct lower *L, struct ast *n, lower_construct_fn *allowed,
                             void *arg);
/* Is there a flush directive in n, or in a function of this unit it calls? */
bool lower_reaches_flush(struct lower *L, struct ast *n);
/* lower_dir.c: `nanort_spmd_orphan(...); ` before an orphaned for, single or barrier
 * (no parallel region around it in its function), else "". */
const char *lower_spmd_orphan_check(struct lower *L, const struct omp_directive *dir);
/* lower_dir.c: ` __attribute__((__aligned__(n)))` for the copies of variable s that an
 * `allocate(align(n): s)` clause of dir (OpenMP 5.1) aligns, else "". */
const char *lower_allocate_align(struct lower *L, const struct omp_directive *dir,
                                 const struct sym *s);
/* lower_dir.c: `int __nrt_ws = nanort_team_orphan(...); ` before an orphaned `for`,
 * `single` or `sections` a team's member may run (its share then, else the whole). */
const char *lower_team_orphan_check(struct lower *L, const struct omp_directive *dir);
/* lower_dir.c: the kind of a `for` or `sections` cancel scope (kind: NANORT_CANCEL_FOR,
 * ...), the team's for a team's construct, or for an orphaned one a team's member shares
 * (__nrt_ws). */
const char *lower_team_cancel_kind(struct lower *L, const char *kind, bool team, bool shared);
/* lower_dir.c: a declaration in decl that passes the team's barrier (when `when`, an
 * expression, holds; NULL: always), after the copies omp_orig reads. */
void lower_team_seeded(struct lower_buf *decl, const char *when);
/* lower_dir.c: `__typeof__(orig) name;` declared with a copy of orig's value. */
void lower_seed_copy(struct lower_buf *decl, const char *name, const char *orig);
/* lower_dir.c: is reduction item r of task or taskloop d a member of a variable or a part
 * of one (`s->total`, `st.sum`, `p->acc[3]`), or one of several parts of one variable d
 * reduces (`e[0]` and `e[3]`), which the task reduces in place under a commutative
 * dependence instead of a private copy (not inside a region's body that each thread
 * runs)? */
bool lower_reduction_in_place(struct lower *L, const struct omp_directive *d,
                              const struct omp_ref *r);
/* Is s declared within node's text (a local of that block or statement)? */
bool lower_declared_inside(const struct sym *s, const struct ast *node);
/* Is s (or an earlier declaration of it) threadprivate? */
bool lower_thread_local_sym(struct lower *L, const struct sym *s);
/* Is the pragma line pr `#pragma omp WORD ...` (`parallel` also for `parallel for`)? */
bool lower_pragma_is(struct lower *L, const struct ast *pr, const char *word);
/* Does n use s only to add to it or subtract from it (`s += e`, `s -= e` with e not naming
 * s, `s++`, `--s`, ... as statements of their own, not `out[s++] = x`), at least once?  An
 * array s: only to add to its elements (`s[k] += e`, `s[k]++`). */
bool lower_accumulates(struct ast *n, const struct sym *s);
/* Do the frames of the code being lowered rename s (a task's or region's copy of it)? */
bool lower_frame_copy(struct lower *L, const struct sym *s);
/* The copy of `s` a region's own reduction clause made, when that is what the code being
 * lowered sees (no task or region between privatises it), else NULL. */
const struct lower_var *lower_region_reduction(struct lower *L, const struct sym *s);
/* Is the code being lowered directly in the body of a parallel region, run once by its
 * encountering task (an SPMD split there by omp_get_thread_num()/omp_get_num_threads()
 * must cover all the work: 0 and 1)?  Not inside a single, master, sections or taskgroup
 * of the region, nor in its tasks, where the team is every worker. */
bool lower_in_region_body(struct lower *L);
/* Is d a `for` or `sections` directly in the body of a region a team of threads runs at
 * once (lower_omp.c's team_region)?  Each member then runs the chunks or sections dealt to
 * it, at once on its own thread (nanort_team_chunk), and the construct ends with the
 * team's barrier. */
bool lower_team_shares(struct lower *L, const struct lower_dir *d);
/* May `body` write `s` (assign, ++/--, take its address, pass an array)?  Not a write
 * through the pointer s (s[i] = x). */
bool lower_writes(struct ast *body, const struct sym *s);
/* May code of `region` that runs after `construct` (after it in the text, or before it in
 * a loop around it) write s? */
bool lower_writes_later(struct ast *region, const struct sym *s, const struct ast *construct);
/* Does code of the function `fn` that runs after `construct` (after it in the text, or
 * before it in a loop around it) read the value s has after it, before setting it
 * (`s = e`, e not naming s, before the read in its branch or loop body)?  (A rough order:
 * the text's, branches taken as in a row; with a goto label, any use reads it.) */
bool lower_read_later(struct ast *fn, const struct sym *s, const struct ast *construct);
/* The lvalue node n writes (the left of an assignment, the operand of ++ or --, and with
 * `address` of unary &), or NULL. */
struct ast *lower_write_target(struct ast *n, bool address);
/* The variable an lvalue expression designates (x, x[i], x.f), or NULL. */
const struct sym *lower_lvalue_root(const struct ast *e);
/* Does the lvalue e (x[i][j], x[i].f) have a subscript naming s? */
bool lower_lvalue_indexed_by(struct ast *e, const struct sym *s);
/* Does statement st set s (`s = e`, e not naming s) before anything else names it: the
 * first statement naming it, or the init of a for (an inner loop's counter), or the body
 * of a for after which st no longer names it? */
bool lower_assigned_first(struct ast *st, const struct sym *s);
/* Does statement st fill the array s before anything reads it: its first statement naming
 * s is `for (k = 0; k < N; k++)` (N the array's bound) whose body sets s[k] first and
 * names s only as s[k]? */
bool lower_array_set_first(struct lower *L, struct ast *st, const struct sym *s);
/* lower_dir.c: a construct's directives */
/* The directive of a pragma line (parsed once, freed at the end). */
struct omp_directive *lower_parse_pragma(struct lower *L, struct ast *pr);
/* "file:line" of a directive (or of a place in it), as a C string literal body. */
const char *lower_where(struct lower *L, const struct omp_directive *d);
const char *lower_where_loc(struct lower *L, const struct mcc_loc *loc);
/* The label of a task: label(...) or `fallback`. */
const char *lower_label(const struct lower_dir *d, const char *fallback);
bool lower_dir_has(const struct lower_dir *d, enum omp_clause_kind k);
const struct omp_clause *lower_dir_find(const struct lower_dir *d, enum omp_clause_kind k);
/* The loop nested in `body` for collapse: the body itself or a block holding only it. */
struct ast *lower_dir_nested_loop(struct ast *body);
/* Is s the iteration variable of one of the loops a for or taskloop construct d is
 * associated with (predetermined private: default(none) needs no clause for it)? */
bool lower_dir_iteration_var(const struct lower_dir *d, const struct sym *s);
/* The loops a for or taskloop construct d is associated with (collapse(n): n of them, the
 * construct's own first), into loops[LOWER_DIR_MAX_NEST]; how many (0 for other constructs). */
enum { LOWER_DIR_MAX_NEST = 8 };
int lower_dir_nest(const struct lower_dir *d, struct ast **loops);
/* The variable the init of a for statement sets: `int i = lo` or `i = lo`, or NULL. */
const struct sym *lower_dir_for_var(const struct ast *init);
/* The argument of clause c of d, lowered, at its own column (lower_at_user): gcc's warnings
 * on it name the user's line and column. */
const char *lower_dir_arg(struct lower *L, const struct lower_dir *d, const struct omp_clause *c);
/* Submit flags and priority text from if/final/priority. */
void lower_submit(struct lower *L, struct lower_buf *b, const struct lower_dir *d,
                  const char *flags);
/* Where the directive word of pragma line pr is (`task` in `#pragma omp task`): in the
 * text (past the line's end when it has none), and for messages. */
const char *lower_pragma_word(struct lower *L, const struct ast *pr);
struct mcc_loc lower_pragma_loc(struct lower *L, const struct ast *pr);
/* Where the directive word of d's first pragma line is (`task` in `#pragma omp task`). */
struct mcc_loc lower_dir_loc(struct lower *L, const struct lower_dir *d);
unsigned lower_dir_devices(const struct lower_dir *d);   /* 1u << enum omp_device; none: smp */
/* Is `name` the base of a region d copies to the device? */
bool lower_dir_copies(struct lower *L, const struct lower_dir *d, const char *name);
/* Is `name` the base of a dependence of d (what copy_deps would copy)? */
bool lower_dir_depends(const struct lower_dir *d, const char *name);
/* d's first `depend(depobj: ...)` clause when d copies its dependences (copy_deps): a
 * depend object names data a device gets that mcc does not see; NULL: none. */
const struct omp_clause *lower_dir_copied_depobj(struct lower *L, const struct lower_dir *d);
/* Where d's first pragma line starts (its construct's start without one). */
size_t lower_dir_off(const struct lower_dir *d);
/* lower.c: the walk */
int lower_unit(struct translation *t);    /* the body of lower_translation_unit() */
/* A unit without OmpSs constructs: only its OpenCL constants (lower_device_constant). */
int lower_unit_constants(struct translation *t);
/* The walk's recursion, which the construct modules reach through L->walk (the one way up
 * the layers, an interface rather than a call into lower.c): */
/* Lower the statements under n (idents renamed by the frame, nested constructs). */
static inline void lower_visit(struct lower *L, struct ast *n)
{
    L->walk->visit(L, n);
}
/* Lower d's statement as its body: with the constructs of d->inner when there are.
 * Returns where the body's text starts (d->node->begin, or d->inner's pragma). */
static inline size_t lower_body(struct lower *L, const struct lower_dir *d)
{
    return L->walk->body(L, d);
}
/* A statement with its chain of pragmas (the unbraced body of a loop being lowered):
 * lowered as a construct; returns where its text starts (its first pragma). */
static inline size_t lower_statement(struct lower *L, struct ast *n)
{
    return L->walk->statement(L, n);
}
/* Lower d as a construct of kind k (the inner construct of `parallel for`, ...). */
static inline void lower_construct_as(struct lower *L, struct lower_dir *d,
                                      enum omp_directive_kind k)
{
    L->walk->construct_as(L, d, k);
}
/* lower_detach.c: the function that creates a task of d, nanort_task_create, or under
 * detach(ev) nanort_task_create_detach; *tail gets the text of its extra argument (`, &ev`
 * in the creating context) or "".  Reports a detach clause it cannot lower. */
const char *lower_detach_create_fn(struct lower *L, const struct lower_dir *d, const char **tail);
/* lower_detach.c: the expression creating a task of type `type` whose argument block has
 * `size` bytes aligned to `align` (a constant expression; into __nrt_a, with the counts
 * __nrt_nr and __nrt_nd): create_fn and its tail, or nanort_task_create_aligned when
 * align is more than 16. */
const char *lower_detach_create_call(struct lower *L, const char *align, const char *type,
                                   const char *size, const char *create_fn,
                                   const char *create_tail);

/* check.c: a directive's clauses (names, types, C syntax of every expression) and place
 * checked before it is lowered; errors are reported, false means "do not lower it". */
struct check_state;
bool lower_check_construct(struct lower *L, const struct lower_dir *d);
bool lower_check_standalone(struct lower *L, const struct ast *pr, const struct omp_directive *d);
/* ... of a `simd` line, which is dropped (the loop runs as written): its clauses alone */
bool lower_check_simd(struct lower *L, const struct ast *pr, const struct omp_directive *d);
/* Is y an array declared without its size, which no initializer gives (`extern int a[];`)? */
bool check_declared_without_size(const struct sym *y);
/* check_call.c: is `call`, a call of function task f, one with f's number of arguments,
 * each of a type that passes for its parameter?  Reports the error (or warning) at the
 * call, naming f; a warned argument is converted through `(void *)` in the output. */
bool check_task_call(struct lower *L, const struct ast *call, const struct lower_ftask *f);
/* check_call.c: a call of an undeclared function that a function task declared later
 * names (the call stays gcc's implicit declaration, not a task): warned of at the call. */
void check_call_before_task(struct lower *L, const struct ast *call);
/* check_nesting.c: may d, at text offset `at`, be where it is, inside L->nest?  Reports
 * the error when not. */
bool check_nesting(struct lower *L, const struct omp_directive *d, size_t at);
/* check_nesting.c: may `call` be where it is, inside L->nest (no call of the OpenMP runtime
 * in a region with order(concurrent))?  Reports it if not. */
bool check_nesting_call(const struct lower *L, const struct ast *call);
/* ... and the constructs in the body n of a simd loop (directive simd: simd, for simd,
 * taskloop simd), searched since simd lines are dropped */
bool check_simd_body(struct lower *L, struct ast *n, const struct omp_directive *simd);
const struct mcc_loc *check_word_loc(const struct omp_directive *d);
/* check.c: does text [begin, end) name a typedef, enumerator or tag local to L->fn?  Local
 * typedefs of variably modified types (lower_local_vm_typedef) do not count: each is given
 * to `vm_typedef` (arg its first argument) instead, as often as it is named. */
bool check_names_local_type(struct lower *L, size_t begin, size_t end,
                            void (*vm_typedef)(void *, struct sym *), void *arg);
/* The value of `text`, C seen from offset `at` of the function being lowered, when it is
 * an integer constant expression as gcc folds them (`1u`, `(2 - 1)`, an enumeration
 * constant, `sizeof(char)`, `(int)1.0`); false otherwise, nothing reported. */
bool check_integer_constant(struct lower *L, size_t at, const char *text, long long *value);
/* check.c: the type of the expression [begin, end) of the function being lowered, as seen
 * there; false when check_expr.c cannot tell. */
struct ck_type;
bool check_expression_type(struct lower *L, size_t begin, size_t end, struct ck_type *t);

/* check_type.c: the types the clause check follows and the declarations they come from
 * (check_expr.c and check.c share them). */
/* What a C type is, as far as this check needs: its derivations from the outside in
 * (`double *a[4]`: array, pointer; base float) and its base. */
enum ck_kind { CK_UNKNOWN, CK_INT, CK_FLOAT, CK_STRUCT, CK_VOID, CK_POINTER, CK_ARRAY,
               CK_FUNCTION };
#define CK_MAX_DERIV 16
struct ck_type {
    unsigned char n;                 /* derivations d[0..n), d[0] the outermost */
    unsigned char d[CK_MAX_DERIV];   /* CK_POINTER, CK_ARRAY, CK_FUNCTION */
    struct ast *params[CK_MAX_DERIV];/* CK_FUNCTION: its parameter list (AST_LIST), or NULL
                                        when unknown or unchecked (K&R, `()`) */
    unsigned char base;              /* CK_INT, CK_FLOAT, CK_STRUCT, CK_VOID, CK_UNKNOWN */
    struct ast *tag;                 /* CK_STRUCT: its struct/union specifier, or NULL */
    unsigned char cstruct;           /* CK_STRUCT declared in the clause being checked: its
                                        index in ck.structs plus 1 (0: not one) */
    bool lvalue;                     /* designates an object (or could: unknown forms) */
    bool null_const;                 /* the constant 0 (a null pointer constant) */
    bool base_const;                 /* the base is const-qualified (a declared object's
                                        specifiers say const): with no derivations left
                                        (an element, a target), a read-only object */
    unsigned char at;                /* CK_INT, CK_FLOAT base: which arithmetic type
                                        (enum ck_arith; AT_UNKNOWN when not known) */
    bool complex;                    /* CK_INT, CK_FLOAT base: a _Complex type (`at` is
                                        then unknown) */
    bool qual;                       /* the base's specifiers are qualified (const,
                                        volatile, _Atomic): no _Generic association of an
                                        unqualified type matches it */
    bool ptr_qual;                   /* a pointer derivation is qualified (`* const`) */
    bool bitfield;                   /* a bit-field (no address, no sizeof) */
    bool narrow_bitfield;            /* a bit-field narrower than its type: gcc gives it a
                                        type of its own, which no _Generic association
                                        names (`at` is then unknown) */
    bool has_value;                  /* an integer constant expression (C11 6.6p6) whose
                                        value is known: `value`, converted to `at` (its
                                        bits, sign-extended from signed types) */
    unsigned long long value;
    bool overflow;                   /* ... computed with a signed overflow: gcc keeps
                                        folding it, but a ?: choosing it is no constant */
    long long dim[CK_MAX_DERIV];     /* CK_ARRAY d[k] of a type name: its size, when
                                        known, plus 1 (0: not known; -1: a member
                                        declared `[]`, a flexible array) */
};

/* The arithmetic types _Generic tells apart (C11 6.2.5; enums are not here: gcc gives an
 * enum type int or unsigned int after its values), and the integer constant folder
 * computes in (x86-64 LP64, the target mcc's output is compiled for). */
enum ck_arith { AT_UNKNOWN, AT_BOOL, AT_CHAR, AT_SCHAR, AT_UCHAR, AT_SHORT, AT_USHORT, AT_INT,
                AT_UINT, AT_LONG, AT_ULONG, AT_LLONG, AT_ULLONG, AT_INT128, AT_UINT128,
                AT_FLOAT, AT_DOUBLE, AT_LDOUBLE };

extern const char *const ck_at_names[];   /* enum ck_arith's types as C spells them */

bool ck_at_integer(int a);
bool ck_at_unsigned(int a);
int ck_at_size(int a);
int ck_at_promote(int a);
int ck_at_usual(int a, int b);
unsigned long long ck_at_norm(unsigned long long v, int a);
bool ck_at_negative(unsigned long long v, int a);
/* The type specifier keywords of a declaration or type name, counted (C11 6.7.2p2). */
struct ck_spec_count { int chr, shrt, lng, sgn, uns, bln, flt, dbl, i128, cplx, other; };
void ck_spec_count_add(struct ck_spec_count *n, int kw);
int ck_spec_count_type(const struct ck_spec_count *n);
/* Types made, taken apart and asked about. */
enum ck_kind ck_kind_of(const struct ck_type *t);
struct ck_type ck_unknown_type(bool lvalue);
struct ck_type ck_simple_type(enum ck_kind k);
struct ck_type ck_inner_type(const struct ck_type *t);
struct ck_type ck_derived(const struct ck_type *t, enum ck_kind k);
struct ck_type ck_decay(const struct ck_type *t);
bool ck_is_arith(enum ck_kind k);
int ck_arith_of(const struct ck_type *t);
bool ck_value_of(const struct ck_type *t, unsigned long long *v);
struct ck_type ck_arith_type(int a);
struct ck_type ck_constant(int a, unsigned long long v);
bool ck_non_scalar(enum ck_kind k);

/* The names the function being checked declares and where each is visible; the bodies of
 * struct and enum tags. */
struct check_decl {
    struct name *name;
    struct sym *sym;
    size_t from, to;                 /* visible in [from, to) */
};

struct check_state {
    struct ast *fn;                  /* the function whose declarations these are */
    struct check_decl *v;
    int n, cap;
    struct ast **gotos;              /* gotos, &&label and labels of fn */
    int ngotos, capgotos;
    struct lower_map bodies;         /* tag sym -> the struct/union specifier with its body */
    bool bodies_built;
};
struct check_state *ck_function_state(struct lower *L, struct ast *fn);
struct sym *ck_lookup_block_ns(struct check_state *s, struct name *nm, size_t at, bool tag);
struct sym *ck_lookup_block(struct check_state *s, struct name *nm, size_t at);
struct sym *ck_lookup_file(struct name *nm, size_t at);
struct ast *ck_struct_members(struct lower *L, struct ast *spec);
struct ck;
/* Are struct or union types a and b the same one: 1, 0, or -1 when not known. */
int ck_same_struct_type(struct ck *c, const struct ck_type *a, const struct ck_type *b);
struct ast *ck_enum_definition(struct lower *L, struct ast *spec);
int ck_enum_type(struct lower *L, struct ast *def);

/* Types of declarations. */
void ck_append_derivs(struct ck_type *t, const struct ck_type *u);
void ck_type_of_decl(struct lower *L, struct ast *specs, struct ast *declarator,
                     struct ck_type *t, int depth);
bool ck_has_vector_attribute(struct lower *L, struct sym *y, int depth);
struct ck_type ck_type_of_sym(struct lower *L, struct sym *y);
bool ck_open_array(struct ast *d);
int ck_find_member(struct lower *L, struct ast *members, struct name *m,
                   struct ck_type *out, int depth);
bool ck_specs_const(const struct sym *y, int depth);

/* check_expr.c: a clause's expressions parsed and checked as C from the directive's tokens
 * (struct ck: where the check is and what it has seen). */
#define CK_MAX_LOCALS 64
#define CK_MAX_MEMBERS 64            /* member names of one struct checked for duplicates */
enum ck_local { LOCAL_OBJECT, LOCAL_TYPEDEF, LOCAL_ENUM_CONST };
struct ck {
    struct lower *L;
    const struct omp_directive *d;
    const char *text;                /* d's text, which the tokens index */
    const struct omp_tok *toks;
    int pos, end;                    /* next token; the end of what is being checked */
    size_t at;                       /* names are looked up as seen from here */
    struct check_state *scope;       /* block-scope names (NULL: file scope) */
    struct ast *params;              /* a function task's parameters, or NULL */
    struct ast *impl_params;         /* with implements(f): f's parameters, or NULL */
    struct name *task_fn;            /* ... and its name */
    struct ast *fn_body;             /* ... its definition, for "is local to" */
    const struct omp_iter *iters[16];/* multidependence iterators in scope */
    const struct omp_iter *iter_hit; /* (the one ck_lookup found) */
    int niters;
    enum { RED_NONE, RED_COMBINER, RED_INITIALIZER } reduction; /* declare reduction's
                                        combiner (omp_in, omp_out in scope) or initializer
                                        (omp_priv, omp_orig) */
    struct ck_type red_type;         /* their type */
    bool failed;                     /* an error was reported */
    bool quiet;                      /* ... or would be: nothing is printed */
    bool reducing;                   /* checking a reduction's list item */
    bool depending;                  /* ... an OpenMP depend clause's */
    int depth;                       /* nesting of the expression being parsed */
    int locals[CK_MAX_LOCALS];       /* names declared in statement expressions around the
                                        expression being parsed (their tokens) */
    struct ck_type local_type[CK_MAX_LOCALS]; /* ... their types (a typedef: the type) */
    unsigned char local_kind[CK_MAX_LOCALS];  /* ... what they are (enum ck_local) */
    bool local_extern[CK_MAX_LOCALS];         /* ... declared extern */
    bool local_static[CK_MAX_LOCALS];         /* ... declared static (or _Thread_local) */
    int local_block[CK_MAX_LOCALS];           /* ... the block they are declared in */
    int block, blocks;               /* the block being parsed (0: none), blocks so far */
    int nlocals;
    int local_hit;                   /* ck_lookup()'s NAME_LOCAL: its index in locals[] */
    int in_sizeof;                   /* inside an operand that is not evaluated (sizeof,
                                        _Alignof, _Generic's controlling expression) */
    int variables;                   /* objects and statement expressions met outside
                                        sizeof (a size that counts them is not constant) */
    int automatic;                   /* ... of them, objects of automatic storage */
    int automatic_tok;               /* ... the last one's token */
    int huge_literals;               /* integer constants too large for any type met */
    bool variable_size;              /* an array size of the type name being parsed did */
    int statement_expressions;       /* statement expressions around c->pos */
    bool declaring;                  /* abstract_declarator() takes a name (a declaration) */
    int decl_name;                   /* ... the token of the name it took, or -1 */
    int decl_derivs;                 /* ck_type_name(): its declarator's derivations (the
                                        rest are its specifiers', a typedef's) */
    bool decl_fn;                    /* ... which it declared a function */
    bool ptr_qual_seen;              /* abstract_declarator() met a qualified pointer */
    int attr_mode;                   /* the type name being parsed has mode(X): X's token,
                                        or -1 */
    long long attr_vector;           /* ... vector_size(N): N, -2 when not known, or -1 */
    int attr_vector_tok;             /* ... N's token */
    int body_names[CK_MAX_MEMBERS];  /* the member names of the untagged struct or union
                                        body member_list() read last (their tokens) */
    int nbody_names;
    int body_struct;                 /* ... its index in structs[] plus 1, or 0 */
    bool init_static;                /* the initializer being checked is a static
                                        object's (flexible array members may have one) */
    struct ck_struct {               /* the structs and unions the clause declares */
        int tag;                     /* its tag's token, or -1 */
        int block;                   /* the block it is declared in */
        bool is_union, complete;     /* complete: every member is in fields[] */
        bool hidden;                 /* its statement expression has ended (tag not seen) */
        bool variable;               /* a member has a variably modified type */
    } structs[16];
    int nstructs;
    struct ck_field {                /* their members, in order */
        int owner;                   /* its struct's index */
        int name;                    /* its token; -1 for an anonymous struct or union */
        struct ck_type type;
    } fields[96];
    int nfields;
};
/* The spelling of token i, for "%.*s". */
#define CK_TOK(c, i) (int)(c)->toks[i].len, (c)->text + (c)->toks[i].off
void ck_error(struct ck *c, int tok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
enum ck_name { NAME_NONE, NAME_SYM, NAME_ITER, NAME_REDVAR, NAME_BUILTIN, NAME_FUNC_NAME,
               NAME_LOCAL };
void ck_expected(struct ck *c, const char *what);
enum ck_name ck_lookup(struct ck *c, int i, struct sym **out);
bool ck_starts_type(struct ck *c, int i);
bool ck_type_name(struct ck *c, struct ck_type *t);
bool ck_member(struct ck *c, int mi, struct ck_type *t, bool arrow);
bool ck_subscript(struct ck *c, int at, struct ck_type *t, const struct ck_type *index);
bool ck_expr(struct ck *c, struct ck_type *t);
bool ck_initializer_list(struct ck *c, const struct ck_type *of);
/* How an argument of type a passes for a parameter of type p (C11 6.5.2.2p2). */
enum ck_pass { CK_PASS_OK, CK_PASS_INCOMPATIBLE, CK_PASS_INT_FROM_POINTER,
               CK_PASS_POINTER_FROM_INT, CK_PASS_POINTERS_CLASH };
enum ck_pass ck_argument_pass(struct ck *c, const struct ck_type *p, const struct ck_type *a);

/* lower_deps.c: the regions of a task's clauses.  `values` gets the expressions they
 * evaluate once (lower_once; its declarations go before count and add, in their block or
 * one around it), `count` code adding to __nrt_nr and __nrt_nd (regions, dimensions),
 * `add` the nanort_task_region calls on __nrt_t. */
void lower_deps_emit(struct lower *L, const struct lower_dir *d, bool reduction_commutative,
                     struct lower_values *values, struct lower_buf *count, struct lower_buf *add);
/* Only the copy_in/copy_out/copy_inout regions of d (NANORT_DEP_NONE | COPY bits): those
 * of an implementation, added by the spawn function of the task it implements. */
void lower_deps_emit_copies(struct lower *L, const struct lower_dir *d,
                            struct lower_values *values, struct lower_buf *count,
                            struct lower_buf *add);
/* In a device run function, before its launch's sizes are evaluated: nanort_launch_reads
 * of each region of d's dependence and copy clauses (only copies: `copies_only`) whose data
 * hangs from one of `names` (what ndrange and shmem read), so that the sizes see what a
 * device task wrote there.  Into b; false when there is none. */
bool lower_deps_emit_reads(struct lower *L, const struct lower_dir *d, bool copies_only,
                           const char *const *names, int n, struct lower_buf *b);
/* taskwait on(...) / in / out / inout: a call to nanort_taskwait_on. */
void lower_deps_depobj(struct lower *L, struct ast *pr, const struct omp_directive *d);
void lower_deps_emit_taskwait(struct lower *L, const struct omp_directive *d, struct lower_buf *b);
/* sizeof text of a shape's element (lower_deps.c: the pointed-to type, or its scalar). */
char *lower_deps_shape_elem(struct lower *L, const struct omp_ref *shape, const char *ptr);
const char *lower_deps_inpriv_bytes(struct lower *L, const struct omp_ref *ref,
                                    const char *ptr, struct sym **param, bool *failed);

/* lower_task.c */
void lower_task_register(struct lower *L, struct ast *item, struct lower_dir *d);
void lower_task_emit_all(struct lower *L);
/* `#pragma omp task` on a block-scope function declaration or a GNU nested function
 * definition inside the function being lowered: registered (and, nested, emitted in
 * place).  False when n is neither (the caller reports). */
bool lower_task_local_function(struct lower *L, struct ast *n, struct lower_dir *d);

/* lower_device.c: OpenCL and CUDA implementations of function tasks */
/* A note in the object for the driver's link-time checks (link_check.c): a string
 * MCC_NOTE_PREFIX "kind:..." the object keeps. */
void lower_device_link_note(struct lower *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "file:line:col" of loc, for a note (a static buffer). */
const char *lower_device_link_where(const struct mcc_loc *loc);
bool lower_device_check(struct lower *L, struct lower_ftask *f);
/* g's device implementations as an implementation of of's type (g == of: its own): run
 * functions in L->tail, `, {...}` entries appended to impls, *n counted. */
void lower_device_impls(struct lower *L, const struct lower_ftask *g, const struct lower_ftask *of,
                        const char *suffix, struct lower_buf *impls, int *n);
/* Embed an OpenCL source file, registered as `name` from a constructor (once per name). */
void lower_device_embed_source(struct lower *L, const char *name, const char *path,
                               const struct mcc_loc *loc);
/* Embed every file(...) of the unit's tasks; the CUDA marker when there are CUDA parts. */
void lower_device_embed_all(struct lower *L);
/* A file-scope definition of an OpenCL program-scope constant (`__constant int BS = 16;`,
 * spelled `__const__` by the driver) made static, as OpenCL's are: one per C file. */
void lower_device_constant(struct lower *L, struct ast *item);
/* The host's text of an OpenCL kernel's declaration, without the OpenCL C attributes
 * copied from its .cl (reqd_work_group_size, ...), which gcc warns about. */
void lower_device_host_prototype(struct lower *L, const struct lower_ftask *f);
/* The device side of a task on a function prototype inside a function (d->node, Mercurium's
 * block-scope kernels): its parameters' types must be written at file scope, and names of
 * local constants in ndrange/shmem are replaced by their values.  False when an error was
 * reported. */
bool lower_device_block_task(struct lower *L, struct lower_dir *d);

/* lower_calls.c: the arguments of an implementation g of task `of` (g == of: its own) */
struct impl_arg {
    const char *src;               /* a C expression of of's parameters */
    bool buffer;                   /* an address inside data copied for the task */
    bool pointers;                 /* of's parameter and g's are pointers, perhaps to other
                                    * types (`float a[16][16]` and `float *a`: the address
                                    * passes as it is) */
};
/* One per parameter of g, from calls(...), or by name, or by position; NULL: an error was
 * reported. */
struct impl_arg *lower_calls_bind(struct lower *L, const struct lower_ftask *g,
                                  const struct lower_ftask *of);
/* In a run function (__nrt_p: of's arguments): of's parameters as locals, then the
 * statements `between` (NULL: none; of's parameters in scope), then `{` and g's parameters
 * from args (the caller closes the block). */
void lower_calls_locals(struct lower *L, struct lower_buf *b, const struct lower_ftask *g,
                        const struct lower_ftask *of, const struct impl_arg *args,
                        const char *between);

/* lower_cuda.c: the CUDA code of a C file (mcc --cuda) into the generated .cu */
void lower_cuda_stub_begin(struct lower *L);           /* the .cu's head, once */
/* The declarations the types under n need in the .cu (user's typedefs, tags, enums). */
void lower_cuda_types(struct lower *L, const struct ast *n, int depth);
/* A file-scope `target` line without `task` on item: handled (CUDA functions marked,
 * declarations copied to the .cu); false: lower_task.c's to register. */
bool lower_cuda_target_decl(struct lower *L, struct ast *item, struct lower_dir *d);
/* A function definition that is CUDA code: moved to the .cu (true; the host keeps a
 * prototype) or copied (false: the host lowers it too). */
bool lower_cuda_function_def(struct lower *L, struct ast *def);
bool lower_cuda_defines(struct lower *L, const struct name *n);       /* defined in the .cu */
/* What the CUDA run function of g calls: g, or the .cu's wrapper of a copied body. */
const char *lower_cuda_body_name(struct lower *L, const struct lower_ftask *g);
/* A device(cuda) inline task: checked, its statement marked CUDA code (false: error). */
bool lower_cuda_inline_check(struct lower *L, const struct lower_dir *d);
/* `sorry, unimplemented` for a device other than smp; false when so. */
bool lower_cuda_check_inline_devices(struct lower *L, const struct lower_dir *d);
/* The outlined statement of a CUDA inline task into the .cu, and into `out` the host's
 * environment struct and run function fn__nrt_task<n> (it translates copied addresses). */
void lower_cuda_inline_outline(struct lower *L, const struct lower_dir *d, struct lower_var *vars,
                               const char *fn, int n, const char *env, const char *prologue,
                               const char *body, bool local, struct lower_buf *out);
/* A kernel launch k<<<...>>>(...) met while lowering host code: an error unless inside
 * CUDA code. */
void lower_cuda_launch_check(struct lower *L, struct ast *n);
/* The end of the unit: CUDA attributes removed from the host C. */
void lower_cuda_finish(struct lower *L);
/* The system header the user's code included that declares what is at `off`, or NULL
 * when `off` is in the user's own files (lower_inline.c asks it of C code too). */
const char *lower_cuda_system_header(struct lower *L, size_t off);

/* lower_inline.c */
void lower_inline_task(struct lower *L, struct lower_dir *d);
/* What a loop or a section adds to an outlined task. */
struct lower_extra {
    const char *env, *init;        /* more members of the environment, set at creation
                                      (through __nrt_x); __nrt_islast is there when a variable
                                      is lastprivate */
    const char *head;              /* opens a block around the body (a loop over a chunk) */
    const char *group;             /* a byte each task gets a concurrent region on */
    bool iters;                    /* a `for` with a static schedule: each task gets an inout
                                      region on its iterations (lower_loop) */
    size_t at;                     /* where the glue stands (a section's pragma line); 0:
                                      d's first pragma line (lower_lines.c) */
    bool here;                     /* undeferred: runs at once on the creating thread */
    bool local;                    /* env or head names a type declared in the function:
                                      the task is outlined inside it (a loop's variable) */
    struct lower_values *values;   /* where the clauses' expressions evaluated once go (a
                                      loop's, before its tasks); NULL: the task's code */
    const char *create;            /* the function that makes the task, instead of
                                      nanort_task_create (its arguments) */
    const char *submit;            /* what hands the task on (__nrt_t), instead of its
                                      submission (no final variant then) */
    const char *flags;             /* more flags of its submission (an unsigned expression) */
};
/* The variables `body` (d's statement, a loop body or a section) captures and how; serial
 * (may be NULL) is set when a worksharing body must run as one task (implicit_sharing),
 * here (may be NULL) when that task must also run undeferred (it names a threadprivate
 * variable). */
struct lower_var *lower_inline_captures(struct lower *L, const struct lower_dir *d,
                                        struct ast *body, bool *serial, bool *here);
/* The variables the body of parallel region d captures when a team of threads runs it
 * (lower_omp.c): those its clauses or default do not make private or firstprivate are
 * shared. */
struct lower_var *lower_inline_team_captures(struct lower *L, const struct lower_dir *d);
/* Outline `body` as a task of d with those captures: the definitions go before the
 * function, the creation code is returned. */
char *lower_inline_outline(struct lower *L, const struct lower_dir *d, struct ast *body,
                           struct lower_var *vars, const struct lower_extra *x);
/* How the outlined body of `body` names capture v (its alias, lower_inline.c): `x` or
 * `(*x)`; the same as lower_inline_outline decides for it. */
const char *lower_inline_alias_use(struct lower *L, const struct lower_var *v, struct ast *body);
/* Into `init` (creation code), the copy of v's value `parent` into member `member` of the
 * task's environment (__nrt_x); a register variable goes through a local first. */
void lower_inline_copy_in(struct lower *L, struct lower_buf *init, const struct lower_var *v,
                   const char *member, const char *parent);

/* lower_loop.c: taskloop and for */
void lower_loop(struct lower *L, struct lower_dir *d);
/* The loop a `simd` line pr (directive d) is on has OpenMP's canonical form, as a `for`'s
 * (it runs as written); false after an error. */
bool lower_loop_check_simd(struct lower *L, struct ast *pr, struct omp_directive *d,
                           struct ast *loop);
/* Where the iteration numbers of `for` loops with a static schedule stand as bytes, each
 * chunk's task an inout region on its own: 2^62, an address no object has on x86-64. */
#define LOWER_LOOP_ITERS "0x4000000000000000ull"


/* lower_omp.c: the OpenMP constructs of ported programs (OMPSS.md "OpenMP compatibility") */
void lower_omp_parallel(struct lower *L, struct lower_dir *d);
void lower_omp_single(struct lower *L, struct lower_dir *d);        /* also master, masked */
void lower_omp_sections(struct lower *L, struct lower_dir *d);
void lower_omp_section_alone(struct lower *L, struct lower_dir *d); /* an error */
void lower_omp_taskgroup(struct lower *L, struct lower_dir *d);
/* lower_variant.c: declare variant.  Record the variant d (pragma pr) of the function
 * item declares or defines; an error when item is none. */
void lower_variant_declare(struct lower *L, struct ast *item, struct ast *pr,
                           const struct omp_directive *d);
/* The name of the variant a direct call of `base` here calls instead, or NULL. */
const char *lower_variant_call(struct lower *L, const struct sym *base);
/* Is y a variable of the unit's `declare target` blocks or lists (a target region names
 * the original, as a device would its own one)? */
bool lower_variant_declare_target(struct lower *L, const struct sym *y);

/* An OpenMP target region run on the host, statement n (its pragma chain begins the
 * region), with the clauses e (NULL: none): each scalar and pointer it names from outside
 * without a map gets a copy of its own (OpenMP 4.5's implicit firstprivate), declared in a
 * block around it; lower(L, n, arg) lowers n (its construct, or its statement as written)
 * with the copies' names in scope. */
void lower_omp_target(struct lower *L, struct ast *n, const struct omp_target_env *e,
                      void (*lower)(struct lower *L, struct ast *n, void *arg), void *arg);
void lower_omp_threadprivate_finish(struct lower *L);
void lower_omp_threadprivate(struct lower *L, struct omp_directive *d, size_t off);
/* The constructor registering the threadprivate variables the unit defines with the
 * runtime (nanort_threadprivate_register), at the end of the unit; and the one saying that
 * its functions name `__thread` variables (nanort_thread_data_used). */
void lower_omp_threadprivate_register(struct lower *L);
/* How code outside its function names threadprivate s (a moved static local's new name). */
const char *lower_omp_tp_name(struct lower *L, const struct sym *s);
/* A call giving every worker's copy of the global threadprivate s the running thread's
 * value (nanort_copyin), its setter defined before the function once per unit. */
const char *lower_omp_copyin_call(struct lower *L, struct sym *s);
/* `x = e;` (statement stmt) in a region's own body, x (sym s) threadprivate, e a call that
 * names nothing local: every thread of an OpenMP team evaluates e for its own copy (its own
 * buffer from malloc), so every worker evaluates it (nanort_copyin with a setter that does
 * so where the copy differs from the value the region's thread got).  The call, or NULL
 * when e is of another form (the value is copied, lower_omp_copyin_call). */
const char *lower_omp_copyin_eval(struct lower *L, const struct ast *stmt, struct sym *s);

/* lower_reduction.c: reductions of tasks and regions, declared reductions */
/* Remember d (a declare reduction whose pragma is at `at`), visible to the end of its block. */
void lower_reduction_declare(struct lower *L, struct omp_directive *d, size_t at);
/* The end of the block a declaration at `at` is in (SIZE_MAX at file scope). */
size_t lower_reduction_scope_end(struct lower *L, size_t at);
/* Element-wise code over an array reduction (empty open/close for a scalar). */
struct lower_red_elems {
    const char *open, *close;       /* a for loop over __nrt_i, or "" */
    const char *priv, *orig;        /* one element of the private copy / the original */
    const char *seed;               /* what omp_orig names in a declared initializer (the
                                       original's value when the construct began), else
                                       NULL: orig */
};
/* declare reduction's initializer written `omp_priv = { ... }` (an initialization): where
 * its list begins, else NULL. */
const char *lower_reduction_init_list(const char *init);
/* A reduction's private-copy initialisation (appended to pro) and its combination into the
 * original under the critical section "nrt.reduction" (appended to epi), for item `ref` of
 * clause `red` (a declared reduction: the declaration check.c chose for its type). */
/* Whether the declared reduction of reduction item `ref` has an initializer that reads
 * omp_orig (it must see the original's value before any copy combines into it). */
bool lower_reduction_reads_orig(struct lower *L, const struct omp_ref *ref);
void lower_reduction_code(struct lower *L, const struct omp_clause *red,
                          const struct omp_ref *ref, const struct lower_red_elems *e,
                          struct lower_buf *pro, struct lower_buf *epi);
/* Element-wise code over a whole array of known size (`int v[N]`, any rank): `priv` and
 * `orig` are expressions of that array type. */
void lower_reduction_array_elems(struct lower *L, struct sym *s, const char *priv, const char *orig,
                                 struct lower_red_elems *e);
/* reduction(op: a[lb:len]) (or a[lo:hi], a[lo;len] in an OmpSs task) on an array or
 * pointer variable s that the creator names `parent`: the lower bound and the number of
 * elements, as C evaluated there (the bounds evaluated once, into values), and the
 * subscripts ("[0]" each) that lead from one element to its first scalar.  After subscripts
 * of an array of arrays (m[i][lb:len]) the lower bound counts the section's elements from
 * m's start (lower_reduction_flat).  Sections of the dimensions after the first section
 * (m[lb:len][lb1:len1], m[lb:len][:]) make the section's elements the rows m[lb:len],
 * their bounds in sec->inner_lb and inner_len.  False: reported (a pointer's section needs
 * its length; subscripts through a pointer). */
bool lower_reduction_section(struct lower *L, const struct omp_ref *r, struct sym *s,
                             const char *parent, struct lower_values *values,
                             struct lower_red_section *sec);
/* "sorry, unimplemented" for a reduction item mcc cannot privatise, naming its form ("a
 * subscript after a section" for m[0:2][1]). */
void lower_reduction_sorry(const struct omp_ref *r);
/* Is r a section of an array or pointer variable, maybe after subscripts of an array of
 * arrays (`a[lb:len]`, `m[i][lb:len]`, an element `m[i][j]`), or sections of the rows'
 * dimensions after one (`m[lb:len][:]`, `m[lb:len][lb1:len1]`, taken as m[lb:len] here and
 * in lower_reduction_section, which keeps the inner bounds)? */
bool lower_reduction_section_item(const struct omp_ref *r);
const struct omp_ref *lower_reduction_shaped_array(struct lower *L, const struct omp_ref *r,
                                                   const struct sym *s);
/* The bounds of sec's inner sections (m[lb:len][lb1:len1]) as the initializer of an array
 * of ptrdiff_t for sec->bounds to name, or NULL when it has none. */
const char *lower_reduction_inner_bounds(struct lower *L, const struct lower_red_section *sec);
/* The original `orig` (the variable) seen as its section's elements laid end to end: orig
 * itself for a[lb:len], a pointer to m's scalars for m[i][lb:len] (sec->lb counts those). */
const char *lower_reduction_flat(struct lower *L, const struct lower_red_section *sec,
                                 const char *orig);
/* Element-wise code over `count` elements at pointers `priv` and `orig` (any element type;
 * arrays of arithmetic elements go scalar by scalar, as whole arrays do); of rows with
 * inner sections (sec->ninner), only the scalars inside those sections. */
void lower_reduction_buffer_elems(struct lower *L, const struct lower_red_section *sec,
                                  const char *count, const char *priv, const char *orig,
                                  struct lower_red_elems *e);
/* A function task's reduction over [n]..p or *p: the `count` elements of what p points to
 * in the buffers priv and orig, scalar by scalar where they are arrays (each row of a
 * `row3 *s`). */
void lower_reduction_shaped_elems(struct lower *L, struct sym *p, const char *count,
                                  const char *priv, const char *orig, struct lower_red_elems *e);

/* lower_disjoint.c: whether the iterations of a for or taskloop write disjoint elements */
typedef bool lower_disjoint_own_fn(void *arg, const struct sym *s);
/* Do the lvalues targets[0..n), every write the loop body `body` of d makes into or through
 * the variables they start from, land on elements no other iteration of d writes?  Each
 * subscript is taken to stay in its array's bounds.  own(arg, s): is s, a counter of a for
 * statement in the body declared outside it, each iteration's own (not shared between the
 * loop's tasks)?  False for a construct other than for and taskloop. */
bool lower_disjoint_writes(struct lower *L, const struct lower_dir *d, struct ast *body,
                           struct ast *const *targets, int n, lower_disjoint_own_fn *own,
                           void *arg);
/* The pointer or array variable whose element (or pointee) the lvalue e designates,
 * through subscripts, members, `->`, `*`, pointer arithmetic and casts (q in `*(q + k)`,
 * `q->f`, `(*q)[k]`, `((T *)q)[k]`), or NULL. */
const struct sym *lower_disjoint_root(const struct ast *e);
/* Does `body` let what the pointer s points to reach writes lower_disjoint_writes cannot
 * see: s (s + k, &s[k], a pointer loaded through it: rows[i], w->buf) passed to a function
 * whose parameter is not a pointer to const, stored in a pointer that is not one to
 * const, returned?  For a struct or an array s, the pointers loaded from it (w.buf,
 * bufs[k]) only. */
bool lower_disjoint_escapes(struct lower *L, struct ast *body, const struct sym *s);
/* Does `body` write through the pointer s and through another variable that may point into
 * the same storage: one that s was set from or was set from s, in this function, directly
 * or on the way (`double *q = p + 1;`, `p = buf; q = buf;`, `r = rows[0]`)?  Each may write
 * only its iteration's own elements, and yet one element another iteration's. */
bool lower_disjoint_aliased(struct lower *L, struct ast *body, const struct sym *s);
/* Does `body`, which writes through the pointer s, read an element another iteration of d
 * may write: through s at an element its writes do not reach the same way (p[i + 1]
 * beside p[i] = x), or through another variable that may point into the same storage
 * (q[i] with q = p + 1), or hand such a pointer on?  Only when that storage is each
 * thread's own in OpenMP (set in the region from no variable, malloc(...), or an array of
 * each thread; in an orphaned construct, whatever calls its function, also a parameter's
 * or a local array): the region's one copy then has what other iterations wrote.  own and
 * arg as in lower_disjoint_writes. */
bool lower_disjoint_reads_others(struct lower *L, const struct lower_dir *d, struct ast *body,
                                 const struct sym *s, lower_disjoint_own_fn *own, void *arg);
/* Does the region's code after `construct` (or before it in a loop around it) use what s
 * or a variable that may point into the same storage points to, storage each thread of
 * the region owns (as lower_disjoint_reads_others says): name one, or, when `body` (the
 * construct's) only reads that storage, write through one or hand it on?  In OpenMP each
 * thread's code after a nowait loop uses its own storage once its own iterations are
 * done; the region's one copy may still be in use by the loop's tasks (free(t) after `for
 * nowait` reading t[i]). */
bool lower_disjoint_used_after(struct lower *L, const struct ast *construct, struct ast *body,
                               const struct sym *s);

/* lower_block.c: structured blocks.  A stand-alone directive as the unbraced body of a
 * statement (reported at the directive word). */
void lower_block_standalone_body(struct lower *L, struct ast *pragma);
/* The same error from the lexer, for the pragma at [begin, end) (the body of a `do`, which
 * the parser cannot take). */
void lower_block_standalone_error(const struct mcc_source *src, size_t begin, size_t end);
/* `return`, `break`, `continue`, `goto` or `case` that leaves `body` (or a goto from the
 * rest of the function into it): an error at that statement, "invalid branch out of
 * <what>" (NULL: "a task").  loop_body: `continue` is the loop's next iteration.  False
 * when an error was reported. */
bool lower_block_check_branches(struct lower *L, struct ast *body, bool loop_body,
                                const char *what);
bool lower_block_check_outlined(struct lower *L, struct ast *body, const char *what);
/* ... of a block that runs in place (critical, a simd loop, teams, target, distribute): no
 * va_start check. */
bool lower_block_check_in_place(struct lower *L, struct ast *body, bool loop_body,
                                const char *what);
/* ... of the statement of a device construct that runs as written (d->host: teams, target
 * data, distribute's loops). */
void lower_block_check_host(struct lower *L, const struct omp_directive *d, struct ast *stmt);

/* lower_taskgraph.c: `taskgraph [graph_id(e)] [graph_reset(e)] [if(e)] [nogroup]` on a
 * structured block. */
void lower_taskgraph(struct lower *L, struct lower_dir *d);
/* What the constructs inside a taskgraph's block captured, in order (lower_inline.c
 * appends while lower_taskgraph.c lowers the block, which makes its watch list of it). */
struct lower_capture_log {
    struct lower_capture_log *next;
    const struct lower_var *vars;  /* a construct's captures; NULL: */
    const struct sym *data;        /* a variable (a global's too) a clause made its data */
};
/* lower_emit.c: the descriptors of include/nanort.h that generated code fills (task types,
 * implementations, launches, kernel arguments, OpenCL info, taskgraphs, translated
 * kernels), each appended to `b` on one line with designated initialisers.  Values are C
 * expressions; "0" or NULL for an optional field leaves it out (zero). */
void lower_emit_impl(struct lower_buf *b, const char *device, const char *run, const char *name,
                     const char *info);
/* `impls`: an array's name or lower_emit_impl_list's compound literal; storage: "static", "" ... */
void lower_emit_task_type(struct lower_buf *b, const char *storage, const char *name,
                          const char *label, const char *source, int nimpls, const char *impls);
/* (const struct nanort_impl[]){list}: list holds lower_emit_impl's, comma-separated */
void lower_emit_impl_list(struct lower_buf *b, const char *list);
/* global, local: comma-separated size expressions (ndims of them) */
void lower_emit_launch(struct lower_buf *b, const char *var, int ndims, const char *global,
                       const char *local, const char *shmem);
void lower_emit_karg(struct lower_buf *b, const char *kind, const char *size, const char *ptr);
/* &(const struct nanort_opencl_info){...}; kernel is a C string's contents, file an
 * expression */
const char *lower_emit_opencl_info(struct mcc_arena *a, const char *kernel, const char *file);
void lower_emit_taskgraph(struct lower_buf *b, const char *name, const char *source);
void lower_emit_opencl_cpu_kernel(struct lower_buf *b, const char *name, const char *source,
                                  const char *kernel, const char *run, int nargs,
                                  const char *arg_kinds, const char *arg_sizes,
                                  const char *arg_align, const long reqd[3], int not_opencl_c,
                                  int group_free);
/* lower_names.c: the names generated code defines, `<base>__nrt_<what>` and, for inline
 * tasks, numbered `<base>__nrt_<what><n>` (n >= 0).  One list: the kind, its spelling. */
#define LOWER_NAMES(X)                                                                    \
    X(LN_TYPE, "type")           /* struct nanort_task_type of a task */                   \
    X(LN_IMPL, "impl")           /* the implementation array of a nested task's type */    \
    X(LN_TASK, "task")           /* an inline task's outlined body (its smp run) */        \
    X(LN_ENV, "env")             /* struct of an inline task's captures */                 \
    X(LN_ARGS, "args")           /* struct of a function task's arguments */               \
    X(LN_RUN, "run")             /* a function task's smp run function */                  \
    X(LN_SPAWN, "spawn")         /* creates an instance of a function task (its calls) */  \
    X(LN_SELF, "self")           /* a function task's address, for a spawn function whose  \
                                    parameter of its name hides it */                      \
    X(LN_MORE, "more")           /* implements(f) of this unit, added at start-up */       \
    X(LN_ADD_IMPLS, "add_impls") /* the constructor that adds them */                      \
    X(LN_SERIAL, "serial")       /* final's serial clone of a function (lower_final.c) */  \
    X(LN_OCL, "ocl")             /* run function of an OpenCL ndrange implementation */    \
    X(LN_CUDA, "cuda")           /* run function of a CUDA implementation */               \
    X(LN_CUTASK, "cutask")       /* an inline CUDA task's statement, in the .cu */         \
    X(LN_CUDAFN, "cudafn")       /* extern "C" entry of a CUDA function moved to the .cu */\
    X(LN_CL, "cl")               /* an OpenCL kernel translated to C (ocl_kernel.c) */     \
    X(LN_SIZEOF, "sizeof")       /* the size of a struct completed after a dependence on it */
enum lower_name {
#define X(kind, what) kind,
    LOWER_NAMES(X)
#undef X
};
const char *lower_name(struct lower *L, enum lower_name kind, const char *base, int n);
bool lower_in_external_inline(struct lower *L);
const char *lower_unit_tag(struct lower *L);
/* In a line of the native compiler's messages, the name of each function generated code
 * defines (`main__nrt_task1`, `f__nrt_spawn`, ...) replaced by its user's function's
 * (`main`, `f`), in place. */
void lower_names_for_user(char *line);
/* The names generated code declares inside what it generates for one construct (locals of
 * spawn, run and outlined functions, members of environments, objects of one site):
 * `__nrt_<what>` then, by the form, a number (NUM: __nrt_tg3), the user's name it stands
 * for (NAME: __nrt_rn_x), or both (BOTH: __nrt_pv3_x).  X(kind, what, form), one list. */
#define LOWER_LOCAL_NAMES(X)                                                                   \
    X(LL_ARG, "v", NUM)          /* an implementation's argument (lower_calls.c) */        \
    X(LL_CUDA_COPY, "c_", NAME)  /* the .cu's copy of a dual CUDA kernel */                \
    X(LL_CUDA_FN, "cuda_fn_", NAME) /* a CUDA kernel's address, from the .cu */            \
    X(LL_CL_TEXT, "cl_text_", NUM)  /* an embedded OpenCL source's text */                 \
    X(LL_CL_SOURCE, "cl_source_", NUM) /* ... its registration with nanort */              \
    X(LL_NOTE, "note_", NUM)     /* a note for the link-time checks (link_check.c) */      \
    X(LL_RED_COUNT, "rn_", NAME) /* elements of an array reduction */                      \
    X(LL_RED_ORIG, "ro_", NAME)  /* the original a task's reduction combines into */        \
    X(LL_RED_COPY, "rc_", NAME)  /* a task's record of its copy (nanort_reduction_copy) */   \
    X(LL_RED_REF, "r_", NAME)    /* member: the address of a reduction's original */       \
    X(LL_RED_SEED, "rv_", NAME)  /* member: the original's value when the construct began */ \
    X(LL_RED_PRIV, "rp_", NAME)  /* a function task's private reduction copy */            \
    X(LL_RED_HEAP, "rh_", NAME)  /* ... whether it is on the heap */                       \
    X(LL_RED_STACK, "rs_", NAME) /* ... its stack array */                                 \
    X(LL_RED_LB, "rl_", NAME)    /* member: a section reduction's lower bound */          \
    X(LL_RED_BASE, "rb_", NAME)  /* member: its private copy, offset so that the lower     \
                                    bound indexes the first element */                    \
    X(LL_RED_INNER, "ri_", NAME) /* member: the bounds of its rows' inner sections */     \
    X(LL_REGION_RED, "pr", BOTH) /* a region's private copy of a section */                \
    X(LL_REGION_LB, "pl", BOTH)  /* ... its lower bound */                                 \
    X(LL_REGION_N, "pn", BOTH)   /* ... its number of elements */                          \
    X(LL_REGION_BASE, "pb", BOTH) /* ... placed as the pointer it stands for */            \
    X(LL_REGION_INNER, "pi", BOTH) /* ... the bounds of its rows' inner sections */        \
    X(LL_VLA_OFF, "off_", NAME)  /* offset of a VLA's copy in the argument block */        \
    X(LL_VLA_BOUND, "vb", BOTH)  /* member: a variable array bound of a capture's type */  \
    X(LL_TYPE_BOUND, "tb", BOTH) /* member: one of a local typedef's (lower_typedef_bounds) */ \
    X(LL_INPRIV, "ip_", NAME)    /* member: the address inprivate copies from */           \
    X(LL_INPRIV_BYTES, "ib_", NAME) /* ... how many bytes */                               \
    X(LL_INPRIV_COPY, "if_", NAME)  /* ... the task's copy */                              \
    X(LL_LASTPRIV, "lp_", NAME)  /* member: where lastprivate copies back to */            \
    X(LL_COPYIN_SET, "copyin_", NAME) /* a threadprivate variable's copyin setter */     \
    X(LL_TP_BEFORE, "tw", BOTH)  /* its value before a call to another unit's function */  \
    X(LL_COPYIN_EVAL, "copyin_eval", BOTH) /* ... a setter that evaluates its new value */  \
    X(LL_TP_STATIC, "tp", BOTH)  /* a static local threadprivate variable at file scope */ \
    X(LL_TP_ADDR, "tpa", BOTH)   /* a threadprivate variable's address on this thread */ \
    X(LL_TP_SET, "tps", BOTH)    /* ... its setter, both given to the runtime by */        \
    X(LL_TP_REGISTER, "tp_register", NUM) /* ... the unit's constructor */                \
    X(LL_TP_KEPT, "tk", NUM)     /* the runtime's copies of them before a call */          \
    X(LL_TP_DONE, "td", NUM)     /* a declaration whose initializer gives them every worker */ \
    X(LL_LINEAR_BASE, "l0_", NAME) /* member: a linear variable's value before the loop */ \
    X(LL_LINEAR_STEP, "ls_", NAME) /* ... its step */                                      \
    X(LL_LOOP_LO, "lo", NUM)     /* loop k of a nest: its first value */                   \
    X(LL_LOOP_HI, "hi", NUM)     /* ... its bound, evaluated once */                       \
    X(LL_LOOP_SET, "hs", NUM)    /* ... whether a serial clone's loop has them (lower_serial.c) */ \
    X(LL_LOOP_STEP, "st", NUM)   /* ... its step */                                        \
    X(LL_LOOP_N, "n", NUM)       /* ... its number of iterations */                        \
    X(LL_ITER_END, "end", NUM)   /* the end of a multidependence iterator */               \
    X(LL_ITER_STEP, "step", NUM) /* ... its step */                                        \
    X(LL_ITER_INDEX, "ix", NUM)  /* ... the index of a pointer iterator's value */         \
    X(LL_ITER_KEPT, "iv", BOTH)  /* a nested multidependence's bounds kept for its 2nd pass */ \
    X(LL_ITER_JOIN, "ij", NUM)   /* 0, then NANORT_REGION_JOIN: a multidependence's regions */ \
    X(LL_VALUE, "val", NUM)      /* a clause's expression evaluated once (lower_once) */   \
    X(LL_REGION_PRIV, "pv", BOTH) /* a region's private copy of a variable */              \
    X(LL_FIRSTPRIV, "fp", NUM)   /* a serial clone's firstprivate source */                \
    X(LL_TASKGRAPH, "tg", NUM)   /* a taskgraph's descriptor */                            \
    X(LL_TASKGRAPH_EXEC, "tgx", NUM) /* ... its execution */                                 \
    X(LL_TASKGRAPH_WATCH, "tgw", NUM) /* ... the values it reads from outside its block */   \
    X(LL_CANCEL_SCOPE, "cx", NUM)  /* a cancellable region's scope (nanort_cancel_begin) */ \
    X(LL_TEAM_MEMBER, "tm", NUM)   /* a single's caller state (nanort_team_member) */   \
    X(LL_SINGLE_RAN, "sr", NUM)    /* a team's member ran the single copyprivate */     \
    X(LL_MASKED_FILTER, "mf", NUM) /* a masked's filter, evaluated once */               \
    X(LL_SPMD_NUM, "sk", NUM)      /* an SPMD body's thread number (lower_omp.c) */      \
    X(LL_SPMD_SIZE, "sn", NUM)     /* ... its team's size */                              \
    X(LL_SPMD_STATE, "ss", NUM)    /* ... the thread's state before (nanort_spmd_begin) */ \
    X(LL_CANCEL_LABEL, "cancelled", NUM) /* the end of a region a cancel jumps to */
enum lower_local_name {
#define X(kind, what, form) kind,
    LOWER_LOCAL_NAMES(X)
#undef X
};
/* `__nrt_<what>` of kind, with n (NUM, BOTH) and x (NAME, BOTH) as its form says. */
const char *lower_local_name(struct lower *L, enum lower_local_name kind, int n, const char *x);
/* Whether cancellation may be on (nanort.h's nanort_cancel_var: one load, no call, when
 * OMP_CANCELLATION is unset): the guard of the scopes' calls and of barriers' checks. */
#define LOWER_CANCEL_ON "nanort_cancel_var != NANORT_CANCEL_VAR_FALSE"
/* The label the cancels closely nested in construct n jump to (named at the first). */
const char *lower_cancel_goto(struct lower *L, struct lower_nest *n);
/* `label: ; ` when a cancel in n asked for one (its jump's target, placed by n's lowering
 * after the body), else ""; n may be NULL. */
const char *lower_cancel_place(struct lower *L, struct lower_nest *n);
/* The scope of a region of `kind` (NANORT_CANCEL_...) that a cancel may bind to, around
 * the creation of its tasks and the wait for them: its declaration, the call that opens it
 * (after the block's declarations) and the one that closes it (after the wait). */
struct lower_cancel_scope {
    const char *decl, *begin, *end;
};
struct lower_cancel_scope lower_cancel_scope(struct lower *L, const char *kind);
/* At a barrier of the parallel region `par` (its own, or the implicit one of a worksharing
 * construct closely nested in it): a cancellation point of the region, or "" when par is
 * NULL or no parallel region of its own (a combined construct's). */
const char *lower_cancel_barrier(struct lower *L, struct lower_nest *par);
/* The expression `e` (the text of clause expression `src` as the code names it, or src
 * NULL) evaluated once: a temporary __nrt_valN declared in v->decl holding its value
 * (`addr`: its address, the lvalue then read through it, `(*__nrt_valN)`), the one already
 * holding src, or e itself when it has no effect (lower_has_effects). */
const char *lower_once(struct lower *L, struct lower_values *v, const struct omp_expr *src,
                       const char *e, bool addr);
/* The same as a long, `long __nrt_valN = (long)(e);`, whether e has an effect or not (a
 * multidependence's bound that others may change: lower_deps.c); e itself when it is a
 * decimal constant. */
const char *lower_once_long(struct lower *L, struct lower_values *v, const struct omp_expr *src,
                            const char *e);
/* lower_lines.c: generated code on the user's lines.  Glue (environments, outlined
 * function heads, prologues and epilogues, spawn and run functions, task types) stands on
 * the line of the pragma it comes from, so that a breakpoint on a line of the user's
 * code never stops in it; moved user code keeps its own lines and columns
 * (rewrite_text_lines).  Offsets are in the preprocessed text. */
/* "\n# LINE \"FILE\"\n": what follows is on the user's line holding `off`. */
const char *lower_mark(struct lower *L, size_t off);
/* Generated `text` with each of its lines on the user's line holding `off` (a
 * linemarker after every newline), starting with one. */
char *lower_glue(struct lower *L, size_t off, const char *text);
/* Around generated declarations under the user's names, which hide others on purpose (a
 * task's captures, a serial clone's copies, a kernel's parameters): -Wshadow off for their
 * lines only, the user's own keep it.  Each is lines of its own: glue only. */
extern const char lower_shadow_off[], lower_shadow_on[], lower_vla_quiet[];
/* A linemarker for code of no construct (the prelude, the end of the unit): the file
 * "<mcc>", so that no line of the user's has it. */
const char *lower_mark_generated(void);
/* Generated code made one line (its newlines blanks), to stand where user code stood:
 * on the line of its construct.  Only for text without rendered user code or marks
 * other than lower_at_user's (lower_text.c). */
char *lower_flat(struct lower *L, const char *text);

/* lower_final.c: the serial path of code under a final task */
/* Set L->final_used when a pragma of the unit has a final clause (nothing else is
 * generated for final otherwise). */
void lower_final_scan(struct lower *L);
/* May a task, taskloop or for with these clauses take the serial path? */
bool lower_final_site_ok(const struct lower_dir *d);
/* The same for one of its directive lines (NULL: none). */
bool lower_final_clauses_ok(const struct omp_directive *d);
/* What a task's creation code is made of (lower_inline.c), for its serial path. */
struct final_parts {
    const char *env;               /* the environment's struct tag */
    const char *fn;                /* the outlined function */
    const char *size;              /* creation code: declarations of the VLA copies' offsets */
    const char *size_end;          /* the block's size past them (NULL: the environment's) */
    const char *align;             /* the block's alignment (a constant expression) */
    const char *init, *extra_init; /* creation code: member set-up */
};
/* The serial path of one task: the environment on the stack, the body called on it. */
char *lower_final_site(struct lower *L, const struct final_parts *p);

/* lower_serial.c: final's serial clones of whole functions */
/* After def's lowering (errors_before: the error count before it): its serial clone,
 * when the unit uses final and def's body creates tasks the clone can run in place. */
void lower_serial_function(struct lower *L, struct ast *def, int errors_before);
/* A task, taskloop or for lowered in a clone (L->clone). */
void lower_serial_construct(struct lower *L, struct lower_dir *d);
/* In a clone, the clone of the function `s` a call names, else NULL. */
const char *lower_serial_clone_name(struct lower *L, const struct sym *s);

/* lower_sync.c */
void lower_sync_taskwait(struct lower *L, struct ast *pragma, struct omp_directive *d);
/* cancel and cancellation point (nanort_cancel). */
void lower_sync_cancel(struct lower *L, struct ast *pragma, const struct omp_directive *d);
/* A critical section's cleanup function (releases the section whose slot its argument
 * points to): declared before the unit's code, defined at its end, where nanort.h or the
 * prelude has declared the call (a declaration of its own was redundant with theirs,
 * -Wredundant-decls).  Inlined all the same. */
#define LOWER_SYNC_CRITICAL_RELEASE "mcc__nrt_critical_release"
#define LOWER_SYNC_CRITICAL_HEAD                                                                 \
    "static __inline__ __attribute__((__unused__, __always_inline__, __artificial__)) void "  \
    LOWER_SYNC_CRITICAL_RELEASE "(void **const *__nrt_n)"
#define LOWER_SYNC_CRITICAL_DECL LOWER_SYNC_CRITICAL_HEAD "; "
#define LOWER_SYNC_CRITICAL_DEF                                                                  \
    LOWER_SYNC_CRITICAL_HEAD " { nanort_critical_leave_at(*__nrt_n); }\n"
void lower_sync_critical(struct lower *L, struct lower_dir *d);
void lower_sync_atomic(struct lower *L, struct lower_dir *d);
void lower_sync_main_return(struct lower *L, struct ast *ret);


/* ---- ocl_*.c: OpenCL C kernels translated to C (docs/opencl-cpu.md) ------------------- */
/*
 * mcc_translate_opencl() reads a .cl file preprocessed with opencl_c.h (its types and
 * keywords), parses it with the C grammar and rewrites it into C that nanort runs on its
 * workers: every kernel becomes a function running a range of work-groups, each as loops
 * over its work-items (fissioned at barriers), registered with nanort from a constructor.
 *   ocl_type.c       OpenCL types of declarations and expressions (vectors, address spaces)
 *   ocl_builtin.c    the built-in functions: overloads -> C versions (opencl_c_impl.h, or
 *                    vector variants written into the output on first use)
 *   ocl_expr.c       expression rewriting: components and swizzles, vector literals,
 *                    conversions, built-in calls, work-item functions
 *   ocl_kernel.c     the work-group functions: regions between barriers, privatisation
 *   ocl_translate.c  the unit: functions, file-scope rewriting, registration, output
 *   ocl_names.c      every name the translator generates (OCL_NAMES)
 *   ocl_inline.c     helpers that hold barriers, inlined into their kernels first
 * A construct that cannot be translated makes its kernel (and the kernels that call the
 * function holding it) stay OpenCL-only, with a warning at its line.
 */
#define OCL_SCALARS(X)                                                                \
    X(OCL_BOOL, "bool", "b", 1, 0, 0) X(OCL_CHAR, "char", "c", 1, 1, 0)              \
    X(OCL_UCHAR, "uchar", "uc", 1, 0, 0) X(OCL_SHORT, "short", "s", 2, 1, 0)         \
    X(OCL_USHORT, "ushort", "us", 2, 0, 0) X(OCL_INT, "int", "i", 4, 1, 0)           \
    X(OCL_UINT, "uint", "ui", 4, 0, 0) X(OCL_LONG, "long", "l", 8, 1, 0)             \
    X(OCL_ULONG, "ulong", "ul", 8, 0, 0) X(OCL_HALF, "half", "h", 2, 1, 1)           \
    X(OCL_FLOAT, "float", "f", 4, 1, 1) X(OCL_DOUBLE, "double", "d", 8, 1, 1)
/* X(kind, name): the other kinds of type */
#define OCL_TYPE_KINDS(X)                                                             \
    X(OCL_VOID, "void") X(OCL_VECTOR, "vector") X(OCL_POINTER, "pointer")           \
    X(OCL_ARRAY, "array") X(OCL_STRUCT, "struct") X(OCL_FUNCTION, "function")       \
    X(OCL_OPAQUE, "opaque") X(OCL_UNKNOWN, "unknown")
#define OCL_SCALAR_ENUM(e, name, suffix, size, is_signed, is_float) e,
#define OCL_KIND_ENUM(e, name) e,
enum ocl_kind { OCL_SCALARS(OCL_SCALAR_ENUM) OCL_TYPE_KINDS(OCL_KIND_ENUM) OCL_KIND_COUNT };
/* Address spaces (6.5); a pointer's is the one of what it points to. */
#define OCL_SPACES(X)                                                                 \
    X(OCL_PRIVATE, "__private") X(OCL_GLOBAL, "__global") X(OCL_LOCAL, "__local")     \
    X(OCL_CONSTANT, "__constant")
enum ocl_space { OCL_SPACES(OCL_KIND_ENUM) OCL_SPACE_COUNT };

struct ocl_type {
    enum ocl_kind kind;
    int n;                       /* VECTOR: components (2, 3, 4, 8, 16); ARRAY: length, -1
                                  * when unknown */
    const struct ocl_type *of;   /* VECTOR: the scalar component; POINTER, ARRAY: element;
                                  * FUNCTION: return type */
    enum ocl_space space;        /* POINTER: where it points */
    struct ast *tag;             /* STRUCT: the struct/union specifier with the members;
                                  * FUNCTION: its parameter list (AST_LIST or NULL) */
};

/* A function of the .cl file (its definition). */
struct ocl_fn {
    struct ast *def;             /* AST_FUNCTION_DEF */
    struct sym *sym;
    const char *name;
    bool kernel;
    bool uses_wi;                /* work-item functions, in it or in what it calls: takes
                                  * the work-item as hidden parameters (helpers) */
    bool has_barrier;            /* a barrier in it (helpers: inlined, ocl_inline.c) */
    bool barrier_helper;         /* not a kernel, and a barrier in it or in what it calls */
    bool sees_group;             /* local ids, group ids or sizes, async copies, in it or
                                  * in what it calls: the work-group shape is observable */
    const char *why_not;         /* the first reason it cannot be translated (NULL: it can) */
    struct mcc_loc why_loc;
    struct ocl_fn **callees;     /* user functions it calls */
    int ncallees, capcallees;
    struct ast **calls;          /* its calls of user functions */
    int ncalls, capcalls;
    struct ocl_kplan *plan;      /* kernels: the work-group function (ocl_kernel.c) */
    struct ocl_fn *next;
};

struct ocl {
    struct lower L;              /* arena, text, rewriter and the text helpers of lower.c */
    struct lower_map types;      /* expression node -> its struct ocl_type */
    struct lower_map sym_types;  /* struct sym -> its struct ocl_type */
    struct lower_map fn_of;      /* struct sym (function) -> struct ocl_fn */
    struct lower_map defined;    /* interned C name -> non-NULL once defined in `defs` */
    struct lower_map tmp;        /* expression node -> the temporary its rewrite declared */
    struct lower_map stored;     /* swizzles assigned through a temporary (ocl_expr.c) */
    struct ocl_fn *fns, *cur;    /* the file's functions; the one being rewritten */
    struct lower_buf defs;       /* vector variants of built-ins, before the user's code */
    const char *source;          /* the name the .cl is registered under */
    const char *prelude;         /* opencl_c.h's file name as linemarkers give it */
    size_t user_begin;           /* where the user's code starts (after the prelude) */
    int serial;                  /* numbers generated names */
    bool file_scope;             /* rewriting a file-scope initializer (constant context) */
};

/* ocl_names.c: every name the translator generates, one list.  X(kind, format, where):
 * the printf format of the name (its arguments, in order, go to ocl_name()), and where what
 * it names is defined: opencl_c_impl.h / opencl_c.h (must match them byte for byte), or the
 * generated code itself (a local of the work-group function, a label, a temporary).
 * Not here: the fixed text of the work-group function's prologue (ocl_kernel.c's
 * ocl_kernel_emit: nrt_r, nrt_first, nrt_count, nrt_li<d>, nrt_nwi, nrt_G, nrt_c, nrt_brk,
 * nrt_cnt, nrt_done, nrt_g, nrt_grp<d>, nrt_gbi<d>, nrt_wi), spelled once there as literal
 * C; nrt_li<d> and nrt_wi must match opencl_c_impl.h's NRT_CL_WORK_ITEMS. */
#define OCL_NAMES(X)                                                                         \
    X(OCLN_BUILTIN, "nrt_cl_%s_%s", "opencl_c_impl.h") /* built-in <base>_<suffix> */      \
    X(OCLN_BUILTIN2, "nrt_cl_%s_%s_%s", "opencl_c_impl.h") /* <base>_<suffix>_<suffix> */  \
    X(OCLN_SPLAT, "nrt_cl_splat_%s", "opencl_c_impl.h") /* scalar -> vector */             \
    X(OCLN_UPSAMPLE, "nrt_cl_upsample_%s", "opencl_c_impl.h")                              \
    X(OCLN_VLOAD, "nrt_cl_vload%d_%s", "opencl_c_impl.h")                                  \
    X(OCLN_VSTORE, "nrt_cl_vstore%d_%s", "opencl_c_impl.h")                                \
    X(OCLN_CONVERT, "nrt_cl_convert_%s%s%s%s_%s", "opencl_c_impl.h") /* dst_sat_rnd_src */ \
    X(OCLN_AS, "nrt_cl_as_%s_%s", "opencl_c_impl.h") /* as_<dst> of <src> */               \
    X(OCLN_ASYNC, "nrt_cl_async_copy", "opencl_c_impl.h")                                  \
    X(OCLN_ASYNC_STRIDED, "nrt_cl_async_strided_copy", "opencl_c_impl.h")                  \
    X(OCLN_WI_FN, "nrt_cl_%s", "opencl_c_impl.h") /* get_<x> of a computed dimension */    \
    X(OCLN_MIN_L, "nrt_cl_min_l(%s, %s)", "opencl_c_impl.h")                               \
    X(OCLN_TMP, "nrt_%s%d", "generated code") /* a temporary of an expression */          \
    X(OCLN_LOCAL_ID, "nrt_l%d", "opencl_c_impl.h") /* local id of d: NRT_CL_WORK_ITEMS */ \
    X(OCLN_GLOBAL_ID, "((size_t)(nrt_gbi%d + nrt_l%d))", "generated code") /* kernel */   \
    X(OCLN_GLOBAL_ID_FN, "((size_t)((int)nrt_x->gb[%d] + nrt_l%d))", "opencl_c_impl.h")    \
    X(OCLN_WI_FIELD, "nrt_%s%d", "generated code") /* the kernel's nrt_<field><d> */      \
    X(OCLN_WI_FIELD_FN, "nrt_x->%s[%d]", "opencl_c_impl.h") /* struct nrt_cl_group */     \
    X(OCLN_ARG, "nrt_arg_%s", "generated code") /* a parameter's privatised copy */        \
    X(OCLN_WIEND, "nrt_wiend%d", "generated code") /* label: a work-item's region end */   \
    X(OCLN_BRK, "nrt_brk%d", "generated code") /* label: break out of loop n */            \
    X(OCLN_CNT, "nrt_cnt%d", "generated code") /* label: continue loop n */            \
    X(OCLN_LS, "nrt_ls%d", "generated code") /* work-group function: local size of d */  \
    X(OCLN_GS, "nrt_gs%d", "generated code") /* ... global size */                        \
    X(OCLN_NG, "nrt_ng%d", "generated code") /* ... number of work-groups */             \
    X(OCLN_OFF, "nrt_off%d", "generated code") /* ... global offset */                    \
    X(OCLN_GB, "nrt_gb%d", "generated code") /* ... the work-group's first global id */   \
    X(OCLN_LEFT, "nrt_left%d", "generated code") /* ... work-items left before a guard */ \
    X(OCLN_LIM, "nrt_lim%d", "opencl_c_impl.h") /* ... bound of NRT_CL_WORK_ITEMS */    \
    X(OCLN_DIM, "nrt_dim", "generated code") /* ... get_work_dim() */                      \
    X(OCLN_DIM_FN, "nrt_x->dim", "opencl_c_impl.h") /* ... in other functions */          \
    X(OCLN_HIDDEN_PARAMS, "const struct nrt_cl_group *nrt_x, int nrt_l0, int nrt_l1, "    \
      "int nrt_l2", "opencl_c_impl.h (struct nrt_cl_group)") /* of user functions */      \
    X(OCLN_HIDDEN_ARGS, "nrt_x, nrt_l0, nrt_l1, nrt_l2", "opencl_c_impl.h") /* calls */   \
    X(OCLN_PRELUDE_END, "nrt_cl_prelude_end", "opencl_c.h") /* where the user's code starts */ \
    X(OCLN_PREFIX, "nrt_cl_", "opencl_c.h") /* its attributes: nrt_cl_<what> */          \
    X(OCLN_INLINED, "nrt_in%d_%d_%s", "generated code") /* pass, call: an inlined helper's \
                                                         * parameter, result ("ret") */
enum ocl_name {
#define X(kind, format, where) kind,
    OCL_NAMES(X)
#undef X
};
/* The name of kind, its format's arguments following. */
const char *ocl_name(struct ocl *o, enum ocl_name kind, ...);

/* ocl_translate.c */
/* Translate the preprocessed .cl `in_path` to the C `out_path`; `source` is the name its
 * kernels are registered under (the OpenCL source's name given to nanort).  A syntax error
 * is an error (no OpenCL compiler takes the text: MCC_OPENCL_INVALID); what cannot be
 * translated is a warning (those kernels stay OpenCL-only), an error when `require`
 * (--opencl-cpu=require).  Returns 0, or 1 when nothing could be written; a warning that
 * -Werror made an error: MCC_OPENCL_WERROR (the text is written; the build fails). */
#define MCC_OPENCL_INVALID 2
#define MCC_OPENCL_WERROR 3
int mcc_translate_opencl(const char *in_path, const char *out_path, const char *source,
                         bool require, const struct mcc_options *opts);
/* The function cannot be translated: remember why (the first reason counts). */
void ocl_fail(struct ocl *o, const struct ast *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
struct mcc_loc ocl_loc(struct ocl *o, size_t off);
/* Is node n in the user's code (not in opencl_c.h)? */
bool ocl_is_user(struct ocl *o, const struct ast *n);
/* Does the specifier or qualifier list hold the attribute `nrt_cl_<what>`? */
bool ocl_has_attr(struct ocl *o, const struct ast *list, const char *what);

/* ocl_inline.c: helpers holding barriers inlined where kernels call them as statements.
 * ocl_inline_helpers: the text with this pass's inlining done (malloc'd), NULL when
 * nothing was; ocl_inline_diagnose: the kernels still calling one fail, saying why. */
#define OCL_INLINE_PASSES 8
char *ocl_inline_helpers(struct ocl *o, int pass);
void ocl_inline_diagnose(struct ocl *o);
/* The OpenCL C 2.0 work-group function (work_group_reduce_add...) call c calls, or NULL:
 * inlined as helpers are (their work-items take turns on a __local accumulator). */
const char *ocl_collective(struct ocl *o, const struct ast *c);

/* ocl_type.c */
const struct ocl_type *ocl_scalar(enum ocl_kind k);
const struct ocl_type *ocl_vector(enum ocl_kind elem, int n);
const struct ocl_type *ocl_pointer(struct ocl *o, const struct ocl_type *to, enum ocl_space s);
const struct ocl_type *ocl_unknown(void);
bool ocl_is_scalar(const struct ocl_type *t);
bool ocl_is_float(const struct ocl_type *t);     /* a floating scalar or vector */
bool ocl_is_integer(const struct ocl_type *t);   /* an integer scalar or vector */
bool ocl_is_signed(const struct ocl_type *t);
int ocl_size(const struct ocl_type *t);          /* sizeof of a scalar or vector, else 0 */
/* The scalar kind of a scalar or of a vector's components. */
enum ocl_kind ocl_elem(const struct ocl_type *t);
/* Name of a scalar or vector type in C ("float4"), its suffix ("f4"). */
const char *ocl_type_name(struct ocl *o, const struct ocl_type *t);
const char *ocl_suffix(struct ocl *o, const struct ocl_type *t);
/* The scalar or vector type named `name` ("float4", "uchar"), or NULL. */
const struct ocl_type *ocl_type_by_name(const char *name, size_t len);
/* The type of a declared symbol, of a type name, of specifiers + declarator. */
const struct ocl_type *ocl_sym_type(struct ocl *o, struct sym *s);
const struct ocl_type *ocl_type_name_type(struct ocl *o, struct ast *type_name);
const struct ocl_type *ocl_decl_type(struct ocl *o, struct ast *specs, struct ast *declarator);
/* Is the object s declares in __local memory (`__local float t[8]`, not `__local float *p`)? */
bool ocl_in_local_space(struct ocl *o, struct sym *s);
/* The type of an expression (memoized in o->types), unknown when it cannot tell. */
const struct ocl_type *ocl_expr_type(struct ocl *o, struct ast *e);
/* Integer promotion and the usual arithmetic conversions of two scalars. */
const struct ocl_type *ocl_promote(const struct ocl_type *t);
const struct ocl_type *ocl_arith(const struct ocl_type *a, const struct ocl_type *b);
/* The signed integer vector a relational operator gives for operands of vector type t. */
const struct ocl_type *ocl_mask_type(const struct ocl_type *t);
/* The type of a vector component selection `.xyzw`, `.s01`, `.lo`...; NULL: invalid. */
const struct ocl_type *ocl_swizzle_type(const struct ocl_type *v, const char *sel, size_t len,
                                        int *idx);

/* ocl_builtin.c */
/* The result type of a call of the built-in `name` with these argument types, or NULL
 * when `name` is no built-in function. */
const struct ocl_type *ocl_builtin_type(struct ocl *o, const char *name, int nargs,
                                        const struct ocl_type *const *args);
bool ocl_is_builtin(const char *name);
/* Widen the arguments of a call of the built-in `name` that it takes as vectors (walking
 * down, before the arguments' own rewrites). */
void ocl_builtin_args(struct ocl *o, struct ast *call, const char *name);
/* Rewrite the call (its callee is the built-in `name`); false when it cannot be (the
 * reason given to ocl_fail). */
bool ocl_builtin_call(struct ocl *o, struct ast *call, const char *name);
/* The C name of a vector splat of scalar type `to`'s components, defined on first use. */
const char *ocl_splat_fn(struct ocl *o, const struct ocl_type *to);

/* ocl_expr.c */
/* Rewrite every expression under n (a function body or an initializer). */
void ocl_rewrite_exprs(struct ocl *o, struct ast *n);
/* Make expression e (of type `from`) a value of type `to` where OpenCL converts it
 * implicitly and C does not (a scalar into a vector: a splat). */
void ocl_convert(struct ocl *o, struct ast *e, const struct ocl_type *from,
                 const struct ocl_type *to);
/* The name of the callee when n is a call of an undeclared function (a built-in). */
const char *ocl_builtin_callee(struct ocl *o, const struct ast *call);
/* `(float4)(a, b, c, d).xyz`: the swizzles made to apply to the literal, as in OpenCL C
 * (the C grammar applied them to the parenthesised list), before any type is computed. */
void ocl_fix_vector_literals(struct ocl *o, struct ast *tu);
/* select(a, b, c) of vectors of type t, c of type ct, as C on the texts a, b, c (each
 * evaluated twice at most: names); NULL where c's components are not as wide as t's. */
const char *ocl_select_bits(struct ocl *o, const struct ocl_type *t, const struct ocl_type *ct,
                            const char *a, const char *b, const char *c);
/* Is it a barrier (or another call all work-items make together: wait_group_events)? */
bool ocl_is_barrier_call(struct ocl *o, const struct ast *call);

/* ocl_kernel.c */
/* Kernel f's work-group function: the regions between its barriers, where each of its
 * variables lives; renames the variables that move (before ocl_rewrite_exprs, so that
 * every later edit keeps them).  Sets f->why_not when it cannot be done. */
void ocl_kernel_analyse(struct ocl *o, struct ocl_fn *f);
/* Replace kernel f's definition by its work-group function and its registration with
 * nanort (after ocl_rewrite_exprs). */
void ocl_kernel_emit(struct ocl *o, struct ocl_fn *f);

#endif /* MCC_H */
