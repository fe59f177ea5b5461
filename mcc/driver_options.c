/*
 * driver_options.c - the mcc command line: what each word asks for (struct driver).
 *
 * Every option the driver looks at is a row of driver_options.def, in the order they are
 * tried: its spellings, the form of its argument, what it does and its line in --help.
 * Words that start with '-' and match no row are gcc's options for every native-compiler
 * command; other words are inputs, classified by the -x language in effect or their
 * suffix.  @file words are gcc's response files, expanded first.
 */
#include "mcc.h"
#include "nanort.h"

#include <stdlib.h>
#include <string.h>

#define MCC_VERSION_STRING "0.1.0"

/* What an option does: one of mcc's own, or where a gcc option goes (OPT_TO_*). */
enum drv_opt_action {
    OPT_OMPSS, OPT_NO_OPENMP, OPT_KEEP, OPT_TRANSLATE_ONLY, OPT_VERBOSE, OPT_DRY_RUN, OPT_CC,
    OPT_CPP, OPT_WN, OPT_WP, OPT_WNP, OPT_WL, OPT_WC, OPT_INSTRUMENT, OPT_DEBUG,
    OPT_NO_COPY_DEPS, OPT_COPY_DEPS, OPT_CUDA, OPT_NO_CUDA, OPT_OPENCL, OPT_NO_OPENCL,
    OPT_OPENCL_BUILD_OPTS, OPT_OPENCL_CPU, OPT_PROFILE, OPT_HELP, OPT_VERSION,
    OPT_WERROR, OPT_WNO_ERROR, OPT_NO_WARNINGS,   /* -Werror -Wno-error -w: noted, and to all */
    OPT_MERCURIUM,            /* a Mercurium option with no effect here: a warning */
    OPT_MERCURIUM_FLAG,       /* a flag of Mercurium's profiles with no effect here: a
                                 warning; its --no- form too */
    OPT_HOLDS,                /* holds as it is (--tied-tasks, --untied-tasks, the --no-
                                 forms of the flags above): nothing to do, no warning */
    OPT_CLUSTER_FLAG,         /* --cluster: cluster mode is chosen at run time */
    OPT_NO_DEBUG, OPT_NO_INSTRUMENT,    /* undo --debug, --instrument */
    OPT_LD,                   /* --ld=: Mercurium's linker command (mpicc, ...) */
    OPT_CXX,                  /* --cxx=: Mercurium's C++ native compiler: a warning */
    OPT_FOPENMP,              /* -fopenmp: kept only with --no-openmp */
    OPT_SYNTAX_ONLY,          /* -fsyntax-only */
    OPT_COMPILE_ONLY, OPT_ASSEMBLY_ONLY, OPT_PREPROCESS_ONLY, /* -c -S -E */
    OPT_DEPENDENCIES_ONLY,    /* -M -MM: stop after preprocessing, and to cpp */
    OPT_OUTPUT, OPT_LANGUAGE, /* -o -x */
    OPT_OPTIMIZE,             /* -O...: to every command, and noted (-O0 or not) */
    OPT_TO_CPP,               /* preprocessing only (-D -U -include -MP...) */
    OPT_TO_CPP_DEPS,          /* the same, and a dependency file is written (-MD -MMD) */
    OPT_TO_CPP_DEPS_NAMED,    /* the same, and that file is named (-MF) */
    OPT_TO_CPP_DEPS_TARGET,   /* the same, and its target is named (-MT -MQ) */
    OPT_TO_INC,               /* the include path: preprocessing, and compiling the
                                 translated file */
    OPT_TO_ALL,               /* every native-compiler command (-g -f -m -W -std ...) */
    OPT_TO_LINK,              /* the link only (-L -shared -static ...) */
    OPT_TO_ORDERED,           /* the link, in place among the inputs (-l -Wl, -Xlinker) */
};

enum drv_opt_form { EXACT, JOINED, SEPARATE, JOINED_OR_SEPARATE };

struct drv_option {
    const char *spelling, *alias;
    enum drv_opt_form form;
    enum drv_opt_action action;
    const char *arg, *help;
};

static const struct drv_option options[] = {
#define MCC_OPTION(spelling, alias, form, action, arg, help) \
    {spelling, alias, form, action, arg, help},
#include "driver_options.def"
#undef MCC_OPTION
};

/* ---- --help and --version ------------------------------------------------------------ */

/* One option's lines: "  <spelling>[, <alias>]  <help>", the help column at 27. */
static void print_option_help(const struct drv_option *o)
{
    char label[64];
    snprintf(label, sizeof label, o->alias ? "%s%s, %s%s" : "%s%s", o->spelling, o->arg,
             o->alias, o->arg);
    const char *h = o->help;
    size_t n = strcspn(h, "\n");
    printf(strlen(label) > 24 ? "  %s  %.*s\n" : "  %-24s %.*s\n", label, (int)n, h);
    while (h[n]) {
        h += n + 1;
        n = strcspn(h, "\n");
        printf("%27s%.*s\n", "", (int)n, h);
    }
}

static void print_help(void)
{
    fputs("Usage: mcc [options] file...\n"
          "Compile OmpSs-annotated C (#pragma omp task ...) into programs that run on nanort.\n"
          "Options and inputs are those of gcc; mcc adds:\n", stdout);
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
        if (options[i].help)
            print_option_help(&options[i]);
    fputs("Inputs: .c (OmpSs C), .i (preprocessed C), .cu (nvcc: PATH, $CUDA_HOME or\n"
          "/usr/local/cuda; MCC_NVCC overrides), .cl (OpenCL C: embedded in the program\n"
          "when it is linked, so it runs from any directory, and its kernels translated to C;\n"
          "-c makes an object of both, -y writes the C), .h (precompiled by the native\n"
          "compiler: .h.gch), .o/.a/.so and anything else (to the linker).  The program\n"
          "is linked with nanort, with an rpath, so it runs without LD_LIBRARY_PATH; a\n"
          "program with CUDA parts (.cu inputs, objects nvcc made, device(cuda) tasks)\n"
          "also with nanort's CUDA plugin and the static CUDA runtime.  Host C may use\n"
          "__kernel __global __local __constant and __global__ __device__ __host__.\n",
          stdout);
}

void drv_print_version(FILE *f)
{
    fprintf(f, "mcc (OmpSs toolchain) %s, nanort ABI %d.%d\n", MCC_VERSION_STRING,
            NANORT_VERSION_MAJOR, NANORT_VERSION_MINOR);
}

/* ---- inputs ---------------------------------------------------------------------------- */

static struct item *add_item(struct driver *d, enum input_kind kind)
{
    if (d->nitems == d->items_cap) {
        d->items_cap = d->items_cap ? 2 * d->items_cap : 16;
        struct item *it = realloc(d->items, d->items_cap * sizeof *it);
        if (!it)
            drv_die("out of memory");
        d->items = it;
    }
    struct item *it = &d->items[d->nitems++];
    *it = (struct item){.kind = kind};
    return it;
}

/* What an input is, from the -x language in effect or else from its suffix. */
static enum input_kind classify_input(const char *path, const char *lang)
{
    if (lang) {
        if (!strcmp(lang, "c"))
            return IN_C;
        if (!strcmp(lang, "cpp-output"))
            return IN_CPP_OUTPUT;
        if (!strcmp(lang, "cu") || !strcmp(lang, "cuda"))
            return IN_CUDA;
        size_t n = strlen(lang);
        return n > 7 && !strcmp(lang + n - 7, "-header") ? IN_HEADER : IN_NATIVE;
    }
    static const char *const native[] = {"s", "S", "sx", "cc", "cp", "cxx", "cpp", "CPP", "c++",
                                         "C", "ii", "m", "mi", "f", "f90", "F", "F90"};
    const char *suf = drv_suffix(path);
    if (!strcmp(suf, "h"))
        return IN_HEADER;
    if (!strcmp(suf, "c"))
        return IN_C;
    if (!strcmp(suf, "i"))
        return IN_CPP_OUTPUT;
    if (!strcmp(suf, "cu"))
        return IN_CUDA;
    if (!strcmp(suf, "cl"))
        return IN_OPENCL;
    if (!strcmp(path, "-"))
        return IN_C; /* standard input: gcc reads C there (with -E; else it wants -x) */
    for (size_t i = 0; i < sizeof native / sizeof native[0]; i++)
        if (!strcmp(suf, native[i]))
            return IN_NATIVE;
    return IN_LINK;
}

static void add_input(struct driver *d, const char *path)
{
    enum input_kind kind = classify_input(path, d->lang);
    if (kind == IN_OPENCL) {
        sv_push(&d->cl_files, path);
        d->opencl = true;
    }
    struct item *it = add_item(d, kind);
    it->args[0] = path;
    it->nargs = 1;
    it->lang = d->lang;
}

/* ---- options ---------------------------------------------------------------------------- */

static void set_stop(struct driver *d, enum stop_after s)
{
    if (s < d->stop)
        d->stop = s;
}

/* The list of --Wn, --Wl, --Wp or --Wc (Mercurium's): comma separated, except that a gcc
 * pass-through option (-Wl, -Wp, -Wa, as in --Wl,-Wl,-z,muldefs) keeps the rest of the list,
 * commas included, since that is what it is made of. */
static void split_pass_list(struct strvec *sv, const char *list)
{
    while (*list) {
        size_t n = strcspn(list, ",");
        if (n == 3 && (drv_has_prefix(list, "-Wl") || drv_has_prefix(list, "-Wp") ||
                       drv_has_prefix(list, "-Wa")) && list[n]) {
            sv_push(sv, list);
            return;
        }
        if (n)
            sv_push(sv, drv_asprintf("%.*s", (int)n, list));
        list += n + (list[n] == ',');
    }
}

/* ---- Mercurium's profiles (--profile=, its config.d): what each means here ----------- */

enum profile_kind { PROF_OMPSS, PROF_SMP, PROF_CUDA, PROF_OPENCL, PROF_ALL, PROF_PLAIN };

struct profile {
    const char *name;
    enum profile_kind kind;
    const char *backend;      /* its native compiler when not gcc, else NULL */
};

static const struct profile profiles[] = {
    {"mcc", PROF_OMPSS, NULL},      {"smpcc", PROF_SMP, NULL},
    {"mnvcc", PROF_CUDA, NULL},     {"oclmcc", PROF_OPENCL, NULL},
    {"oclcc", PROF_OPENCL, NULL},   {"mccall", PROF_ALL, NULL},
    {"plaincc", PROF_PLAIN, NULL},  {"imcc", PROF_OMPSS, "icc"},
    {"ismpcc", PROF_SMP, "icc"},    {"xlmcc", PROF_OMPSS, "xlc"},
    {"craymcc", PROF_OMPSS, "cc"},  {"pgimcc", PROF_OMPSS, "pgcc"},
    {"plainicc", PROF_PLAIN, "icc"},
};

/* A C++ or Fortran profile (mcxx, smpcxx, plainicpc, mfc, imf95, ...). */
static const char *profile_language(const char *name)
{
    if (strstr(name, "cxx") || strstr(name, "icpc") || strstr(name, "cpp"))
        return "C++";
    size_t n = strlen(name);
    if ((n > 2 && !strcmp(name + n - 2, "fc")) || strstr(name, "f95") || strstr(name, "ifort"))
        return "Fortran";
    return NULL;
}

static void take_profile(struct driver *d, const char *name)
{
    const char *lang = profile_language(name);
    if (lang)
        drv_die("--profile=%s is Mercurium's %s profile: mcc translates C only (its C "
                "profiles are mcc, smpcc, mnvcc, oclmcc, mccall, plaincc)", name, lang);
    const struct profile *p = NULL;
    for (size_t i = 0; !p && i < sizeof profiles / sizeof profiles[0]; i++)
        if (!strcmp(profiles[i].name, name))
            p = &profiles[i];
    if (!p)
        drv_die("unknown profile '--profile=%s' (Mercurium's C profiles that mcc knows: mcc, "
                "smpcc, mnvcc, oclmcc, oclcc, mccall, plaincc, imcc, ismpcc, xlmcc, craymcc, "
                "pgimcc, plainicc)", name);
    if (p->backend)
        fprintf(stderr, "mcc: warning: --profile=%s compiles with %s in Mercurium; mcc keeps "
                        "its native compiler (--cc=%s chooses that one)\n", name, p->backend,
                p->backend);
    switch (p->kind) {
    case PROF_OMPSS:  d->opts.ompss = true; break;
    case PROF_SMP:    d->opts.ompss = true, d->profile_no_copy_deps = true; break;
    case PROF_CUDA:   d->opts.ompss = true, d->cuda = true, d->cuda_off = false; break;
    case PROF_OPENCL: d->opts.ompss = true, d->opencl = true, d->opencl_off = false; break;
    case PROF_ALL:
        d->opts.ompss = d->cuda = d->opencl = true;
        d->cuda_off = d->opencl_off = false;
        break;
    case PROF_PLAIN:  d->opts.ompss = false; break;
    }
    if (p->kind == PROF_CUDA || p->kind == PROF_ALL)
        d->cuda_reason = drv_asprintf("--profile=%s", name);
}

static int opencl_cpu_option(const char *v)
{
    if (!strcmp(v, "no") || !strcmp(v, "off"))
        return 0;
    if (!strcmp(v, "yes") || !strcmp(v, "on"))
        return 1;
    if (!strcmp(v, "require"))
        return 2;
    drv_die("--opencl-cpu=%s: expected yes, no or require", v);
}

/* A gcc option (with its separate argument, words[1], or NULL) to the list of `action`. */
static void route_option(struct driver *d, enum drv_opt_action action, const char *const words[2])
{
    if (action == OPT_TO_ORDERED) {
        struct item *it = add_item(d, IN_LINK_ARG);
        it->args[0] = words[0];
        it->args[1] = words[1];
        it->nargs = words[1] ? 2 : 1;
        return;
    }
    struct strvec *list = action == OPT_TO_INC ? &d->inc : action == OPT_TO_ALL ? &d->all
                          : action == OPT_TO_LINK ? &d->link : &d->cpp;
    sv_push(list, words[0]);
    if (words[1])
        sv_push(list, words[1]);
}

/* Do what option `o` asks: `value` is its argument (joined or separate), words[] the words
 * it was written as. */
static void take_option(struct driver *d, const struct drv_option *o, const char *value,
                        const char *const words[2])
{
    switch (o->action) {
    case OPT_OMPSS:             d->opts.ompss = true; break;
    case OPT_NO_OPENMP:         d->opts.ompss = false; break;
    case OPT_KEEP:              d->keep = true; break;
    case OPT_TRANSLATE_ONLY:    set_stop(d, STOP_TRANSLATE); break;
    case OPT_VERBOSE:                   /* gcc -v too: build systems read its link line */
        drv_verbose = true, d->opts.verbose++;
        sv_push(&d->all, "-v");
        break;
    case OPT_DRY_RUN:           drv_dry_run = true; break;
    case OPT_CC:                d->cc_choice = value; break;
    case OPT_CPP:               d->cpp_choice = value; break;
    case OPT_CXX:
        fprintf(stderr, "mcc: warning: ignoring '%s' (Mercurium's native compiler for C++: "
                        "mcc translates C only; --cc= names the C compiler)\n", words[0]);
        break;
    case OPT_PROFILE:           take_profile(d, value); break;
    case OPT_LD:
        d->ld.n = 0;
        sv_split(&d->ld, value, " \t");
        break;
    case OPT_WN:                split_pass_list(&d->wn, value); break;
    case OPT_WP:                split_pass_list(&d->wp, value); break;
    case OPT_WNP:
        split_pass_list(&d->wn, value);
        split_pass_list(&d->wp, value);
        break;
    case OPT_WL:                split_pass_list(&d->wl, value); break;
    case OPT_WC:                split_pass_list(&d->wc, value); break;
    case OPT_INSTRUMENT:        d->opts.instrument = true; break;
    case OPT_DEBUG:             d->opts.debug = true; break;
    case OPT_NO_COPY_DEPS:      d->copy_deps_flag = 0; break;
    case OPT_COPY_DEPS:         d->copy_deps_flag = 1; break;
    case OPT_CUDA:
        d->cuda = true, d->cuda_reason = "--cuda", d->cuda_off = false;
        break;
    case OPT_NO_CUDA:           d->cuda = false, d->cuda_reason = NULL, d->cuda_off = true; break;
    case OPT_OPENCL:            d->opencl = true, d->opencl_off = false; break;
    case OPT_NO_OPENCL:         d->opencl_off = true; break;
    case OPT_MERCURIUM:
        /* Mercurium's makefiles keep them; gcc took them for its own and stopped */
        fprintf(stderr, "mcc: warning: ignoring '%s' (a setting of Mercurium's own "
                        "front end, which mcc has no equivalent of)\n", words[0]);
        break;
    case OPT_MERCURIUM_FLAG:
        fprintf(stderr, "mcc: warning: ignoring '%s' (a flag of Mercurium's profiles, for its "
                        "own analyses, vectorizer or runtime set-up, which mcc has no "
                        "equivalent of)\n", words[0]);
        break;
    case OPT_HOLDS:             break;
    case OPT_CLUSTER_FLAG:
        fprintf(stderr, "mcc: warning: '%s' has no effect when building: a program runs in "
                        "cluster mode with NX_ARGS=--cluster under mpirun\n", words[0]);
        break;
    case OPT_NO_DEBUG:          d->opts.debug = false; break;
    case OPT_NO_INSTRUMENT:     d->opts.instrument = false; break;
    case OPT_OPENCL_BUILD_OPTS: d->opts.opencl_build_opts = value; break;
    case OPT_OPENCL_CPU:        d->opencl_cpu = opencl_cpu_option(value); break;
    /* gcc's -Werror and -w apply to mcc's own warnings too (they are about the user's
     * code); the last of -Werror and -Wno-error decides, as in gcc */
    case OPT_WERROR:            d->opts.werror = true; route_option(d, OPT_TO_ALL, words); break;
    case OPT_WNO_ERROR:         d->opts.werror = false; route_option(d, OPT_TO_ALL, words); break;
    case OPT_NO_WARNINGS:
        d->opts.no_warnings = true;
        route_option(d, OPT_TO_ALL, words);
        break;
    case OPT_HELP:              print_help(); exit(0);
    case OPT_VERSION:           d->version = true; break;
    case OPT_FOPENMP:           d->user_fopenmp = true; break;
    case OPT_SYNTAX_ONLY:
        d->syntax_only = true;
        set_stop(d, STOP_OBJECT);
        sv_push(&d->all, words[0]);
        break;
    case OPT_COMPILE_ONLY:      set_stop(d, STOP_OBJECT); break;
    case OPT_ASSEMBLY_ONLY:     set_stop(d, STOP_ASSEMBLY); break;
    case OPT_PREPROCESS_ONLY:   set_stop(d, STOP_PREPROCESS); break;
    case OPT_DEPENDENCIES_ONLY:
        set_stop(d, STOP_PREPROCESS);
        sv_push(&d->cpp, words[0]);
        break;
    case OPT_OUTPUT:            d->output = value; break;
    case OPT_LANGUAGE:          d->lang = strcmp(value, "none") ? value : NULL; break;
    case OPT_OPTIMIZE:
        d->opts.optimizing = strcmp(words[0], "-O0") != 0;
        route_option(d, OPT_TO_ALL, words);
        break;
    case OPT_TO_CPP_DEPS:       d->deps_file = true; route_option(d, OPT_TO_CPP, words); break;
    case OPT_TO_CPP_DEPS_NAMED: d->deps_mf = true; route_option(d, OPT_TO_CPP, words); break;
    case OPT_TO_CPP_DEPS_TARGET: d->deps_mt = true; route_option(d, OPT_TO_CPP, words); break;
    case OPT_TO_CPP:
    case OPT_TO_INC:
    case OPT_TO_ALL:
    case OPT_TO_LINK:
    case OPT_TO_ORDERED:
        route_option(d, o->action, words);
        break;
    }
}

/* Does `a` spell option `name` of form `form`?  *value: its joined argument ("" for none). */
static bool spells(const char *a, const char *name, enum drv_opt_form form, const char **value)
{
    if (!name)
        return false;
    if (!strcmp(a, name)) {
        *value = a + strlen(name);
        return true;
    }
    if ((form == JOINED || form == JOINED_OR_SEPARATE) && drv_has_prefix(a, name)) {
        *value = a + strlen(name);
        return true;
    }
    return false;
}

/* --no-FLAG, when FLAG is a flag of Mercurium's profiles (a row of OPT_MERCURIUM_FLAG,
 * OPT_CLUSTER_FLAG or OPT_HOLDS), which --no- clears: off is how mcc works anyway, so
 * the option holds as it is; NULL for any other word. */
static const struct drv_option *profile_flag_negated(const char *a)
{
    static const struct drv_option holds = {.form = EXACT, .action = OPT_HOLDS};
    if (!drv_has_prefix(a, "--no-"))
        return NULL;
    for (size_t k = 0; k < sizeof options / sizeof options[0]; k++) {
        enum drv_opt_action act = options[k].action;
        if ((act == OPT_MERCURIUM_FLAG || act == OPT_CLUSTER_FLAG || act == OPT_HOLDS) &&
            !strcmp(options[k].spelling + 2, a + 5))
            return &holds;
    }
    return NULL;
}

/* The families of mcc's own options (and Mercurium's): a word of one that no row spells is
 * a misspelling, which gcc would report as its own "unrecognized command-line option". */
static const char *const own_families[] = {"--opencl", "--ompss", "--nanox"};

/* Stop on `a`, an unknown option of family `fam`, naming the options of that family. */
static void __attribute__((noreturn)) unknown_own_option(const char *a, const char *fam)
{
    char list[512] = "";
    size_t len = 0;
    for (size_t k = 0; k < sizeof options / sizeof options[0] && len < sizeof list; k++)
        if (options[k].help && drv_has_prefix(options[k].spelling, fam))
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s%s", len ? ", " : "",
                                    options[k].spelling, options[k].arg);
    if (!len)
        drv_die("unknown option '%s' (mcc has no option of its kind; mcc --help lists them "
                "all)", a);
    drv_die("unknown option '%s' (mcc's options of its kind: %s; mcc --help lists them all)",
            a, list);
}

/* The option argv[*i] (the first row that matches; none: a gcc option for every command),
 * taken with its separate argument, which advances *i. */
static void parse_option(struct driver *d, int argc, const char *const *argv, int *i)
{
    static const struct drv_option to_all = {.form = EXACT, .action = OPT_TO_ALL};
    const char *a = argv[*i], *value = NULL;
    const char *words[2] = {a, NULL};
    const struct drv_option *o = &to_all;
    for (size_t k = 0; k < sizeof options / sizeof options[0]; k++) {
        if (spells(a, options[k].spelling, options[k].form, &value) ||
            spells(a, options[k].alias, options[k].form, &value)) {
            o = &options[k];
            break;
        }
    }
    const struct drv_option *negated = o == &to_all ? profile_flag_negated(a) : NULL;
    if (negated)
        o = negated, value = "";
    for (size_t k = 0; o == &to_all && k < sizeof own_families / sizeof own_families[0]; k++)
        if (drv_has_prefix(a, own_families[k]))
            unknown_own_option(a, own_families[k]);
    if (o != &to_all && !*value && (o->form == SEPARATE || o->form == JOINED_OR_SEPARATE)) {
        if (*i + 1 >= argc)
            drv_die("missing argument to '%s'", a);
        value = words[1] = argv[++*i];
    }
    take_option(d, o, value, words);
}

static void parse_args(struct driver *d, int argc, const char *const *argv)
{
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] != '-' || !strcmp(argv[i], "-"))
            add_input(d, argv[i]);
        else
            parse_option(d, argc, argv, &i);
    }
}

/* ---- response files --------------------------------------------------------------------- */

static void expand_argument(const char *arg, struct strvec *out, int depth);

/* Append the words of response file `path` (gcc's @file): blanks separate words, quotes
 * and backslashes work as in a shell (without expansions); @file inside it expands too.
 * False when the file cannot be read: the argument then stays as it is, as in gcc. */
static bool read_response_file(const char *path, struct strvec *out, int depth)
{
    size_t len;
    char *text = depth < 16 ? mcc_read_file(path, &len) : NULL;
    if (!text)
        return false;
    char *word = NULL;
    size_t wlen = 0;
    FILE *w = NULL;
    int quote = 0;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (!quote && (c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
            if (w) {
                fclose(w);
                w = NULL;
                expand_argument(word, out, depth + 1);
            }
            continue;
        }
        if (!w && !(w = open_memstream(&word, &wlen)))
            drv_die("out of memory");
        if (c == '\\') {
            if (++i == len)
                break;
            putc(text[i], w);
        } else if (quote && c == quote) {
            quote = 0;
        } else if (!quote && (c == '\'' || c == '"')) {
            quote = c;
        } else {
            putc(c, w);
        }
    }
    if (w) {
        fclose(w);
        expand_argument(word, out, depth + 1);
    }
    free(text);
    return true;
}

static void expand_argument(const char *arg, struct strvec *out, int depth)
{
    if (arg[0] != '@' || !read_response_file(arg + 1, out, depth))
        sv_push(out, arg);
}

void drv_parse_command_line(struct driver *d, int argc, char **argv)
{
    struct strvec args = {0};
    for (int i = 0; i < argc; i++)
        expand_argument(argv[i], &args, 0);
    d->copy_deps_flag = -1;
    parse_args(d, (int)args.n, args.v);
    /* a profile is the base the flags change, wherever it stands (Mercurium's config) */
    d->opts.copy_deps = d->copy_deps_flag >= 0 ? d->copy_deps_flag == 1
                                               : !d->profile_no_copy_deps;
}
