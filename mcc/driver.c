/*
 * driver.c - the `mcc` command: a gcc-like driver around mcc_translate().
 *
 * For every C input (DESIGN.md "mcc pipeline"), with T = $TMPDIR/mcc-XXXXXX/<n>:
 *   <cc> -E -C -fopenmp -D_OMPSS=1 <cpp flags> -I<mcc include dirs> -x c app.c -o T/app.i
 *   mcc_translate(T/app.i, T/app.c)                  (./app.mcc.c instead with -k or -y)
 *   <cc> -c <flags> -I<include dirs> -x c T/app.c -o app.o   (no -fopenmp: nanort, not libgomp)
 * then the link (driver_link.c):
 *   <cc> <flags> objects... -L<libdir> -Wl,-rpath,<libdir> -lnanort -lpthread -ldl -lm
 * --no-openmp skips all of it: the native compiler sees the command line as gcc would.
 * Here: main, where things are, and the stages of each input (C, CUDA, OpenCL kernels
 * translated to C); the command line is driver_options.c's, temporary files and the
 * commands themselves driver_proc.c's.
 *
 * <libdir> and the include dirs are found relative to the executable, so the same binary works
 * from build/bin (build/lib, build/lib/mcc/include, build/include) and from PREFIX/bin once
 * installed.  mcc is short-lived: nothing is freed before exit.
 */
#include "mcc.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- where things are ------------------------------------------------------------------ */

/* PREFIX is the directory above the one holding the mcc executable (build/ or the install
 * prefix); the layout below it is the same in both. */
static void locate_prefix(struct driver *d, const char *argv0)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
    } else if (!realpath(argv0, exe)) {
        drv_die("cannot find the mcc executable to locate nanort");
    }
    char *slash = strrchr(exe, '/');
    if (slash)
        *slash = '\0'; /* .../bin */
    slash = strrchr(exe, '/');
    if (slash)
        *slash = '\0'; /* PREFIX */
    d->libdir = drv_asprintf("%s/lib", exe);
    d->mcc_incdir = drv_asprintf("%s/lib/mcc/include", exe);
    d->incdir = drv_asprintf("%s/include", exe);
}

static void choose_compiler(struct driver *d)
{
    const char *cc = d->cc_choice;
    if (!cc || !*cc)
        cc = getenv("MCC_CC");
    if (!cc || !*cc)
        cc = "gcc";
    sv_split(&d->cc, cc, " \t");
    if (d->cc.n == 0)
        drv_die("empty native compiler name");
    if (!d->cpp_choice)
        return;
    sv_split(&d->cpp_cmd, d->cpp_choice, " \t");
    if (d->cpp_cmd.n == 0)
        drv_die("empty preprocessor name in '--cpp='");
    if (!d->opts.ompss && d->stop != STOP_PREPROCESS)
        fprintf(stderr, "mcc: warning: '--cpp=%s' has no effect with --no-openmp, where the "
                        "native compiler preprocesses its inputs itself\n", d->cpp_choice);
}

/* nvcc: MCC_NVCC, else PATH, else $CUDA_HOME/bin, else /usr/local/cuda/bin. */
static const char *find_nvcc(void)
{
    const char *forced = getenv("MCC_NVCC");
    if (forced && *forced)
        return access(forced, X_OK) == 0 ? forced : NULL;
    const char *path = getenv("PATH");
    if (path) {
        struct strvec dirs = {0};
        sv_split(&dirs, path, ":");
        for (size_t i = 0; i < dirs.n; i++) {
            char *p = drv_asprintf("%s/nvcc", dirs.v[i]);
            if (access(p, X_OK) == 0)
                return p;
        }
    }
    const char *home = getenv("CUDA_HOME");
    if (home && *home) {
        char *p = drv_asprintf("%s/bin/nvcc", home);
        if (access(p, X_OK) == 0)
            return p;
    }
    return access("/usr/local/cuda/bin/nvcc", X_OK) == 0 ? "/usr/local/cuda/bin/nvcc" : NULL;
}

/* ---- the stages ----------------------------------------------------------------------- */

/* The file a stage writes for `path` when it is the last stage: -o, else ./<stem><suffix>. */
static const char *final_name(const struct driver *d, const char *path, const char *suffix)
{
    if (d->output)
        return d->output;
    return drv_asprintf("%s%s", drv_stem(path), suffix);
}

/* The start of every native-compiler command: the compiler and the flags for all stages. */
void drv_begin_cc(const struct driver *d, struct strvec *cmd)
{
    sv_cat(cmd, &d->cc);
    sv_cat(cmd, &d->all);
}

void drv_begin_link(const struct driver *d, struct strvec *cmd)
{
    sv_cat(cmd, d->ld.n ? &d->ld : &d->cc);
    sv_cat(cmd, &d->all);
}

static void add_mcc_includes(const struct driver *d, struct strvec *cmd)
{
    sv_push(cmd, drv_asprintf("-I%s", d->mcc_incdir));
    sv_push(cmd, drv_asprintf("-I%s", d->incdir));
}

/* The path without the last suffix of its file name ("obj/app.o" -> "obj/app"). */
static char *without_suffix(const char *path)
{
    char *p = drv_asprintf("%s", path);
    char *dot = strrchr(p, '.');
    if (dot && !strchr(dot, '/'))
        *dot = '\0';
    return p;
}

/* The target of a -MD/-MMD rule, as gcc 12 names it: the output of -o (the object, the
 * assembly, or the program of a one-step `cc -MMD x.c -o x`), else <stem>.o. */
static const char *dependency_object(const struct driver *d, const char *src)
{
    if (d->output && !d->syntax_only && d->stop != STOP_PREPROCESS)
        return d->output;
    return drv_asprintf("%s.o", drv_stem(src));
}

/* The -MD/-MMD dependency file, as gcc 12 names it: after the output of -o (every input of
 * a link with -o writes it, the last one's stays), else <stem>.d, a-<stem>.d for a link or
 * -fsyntax-only (gcc's auxiliary names, as -save-temps's).  A one-step program's was
 * <stem>.d with the rule `<stem>.o: ...`, which a Makefile's `x: x.c` rule never read. */
static const char *dependency_file_name(const struct driver *d, const char *src)
{
    if (d->output && !d->syntax_only && d->stop != STOP_PREPROCESS)
        return drv_asprintf("%s.d", without_suffix(d->output));
    return drv_asprintf("%s%s.d", d->stop == STOP_LINK || d->syntax_only ? "a-" : "",
                        drv_stem(src));
}

/* With -MD/-MMD, name the dependency file and target after the final object, since gcc
 * would derive them from our temporary names. */
static void add_dependency_names(const struct driver *d, struct strvec *cmd, const char *src)
{
    if (!d->deps_file || d->stop == STOP_PREPROCESS)
        return;
    if (!d->deps_mf) {
        sv_push(cmd, "-MF");
        sv_push(cmd, dependency_file_name(d, src));
    }
    if (!d->deps_mt) {
        sv_push(cmd, "-MT");
        sv_push(cmd, dependency_object(d, src));
    }
}

/* The dependency file cpp wrote for src: -MF's, else add_dependency_names's. */
static const char *dependency_file(const struct driver *d, const char *src)
{
    for (size_t i = 0; i < d->cpp.n; i++) {
        if (!strcmp(d->cpp.v[i], "-MF") && i + 1 < d->cpp.n)
            return d->cpp.v[i + 1];
        if (!strncmp(d->cpp.v[i], "-MF", 3) && d->cpp.v[i][3])
            return d->cpp.v[i] + 3;
    }
    return dependency_file_name(d, src);
}

/* The target of src's dependency rule: -MT's or -MQ's, else the object. */
static const char *dependency_target(const struct driver *d, const char *src)
{
    for (size_t i = 0; i < d->cpp.n; i++) {
        const char *a = d->cpp.v[i];
        if ((!strncmp(a, "-MT", 3) || !strncmp(a, "-MQ", 3)) && (a[3] || i + 1 < d->cpp.n))
            return a[3] ? a + 3 : d->cpp.v[i + 1];
    }
    return dependency_object(d, src);
}

/* A file name as make reads it in a rule (gcc's escapes: blanks, '#', '$'). */
static char *make_escaped(const char *name)
{
    char *out = malloc(2 * strlen(name) + 1), *o = out;
    if (!out)
        drv_die("out of memory");
    for (const char *p = name; *p; p++) {
        if (*p == ' ' || *p == '\t' || *p == '#')
            *o++ = '\\';
        else if (*p == '$')
            *o++ = '$';
        *o++ = *p;
    }
    *o = '\0';
    return out;
}

/* The value of -Wp,-MD,<file> or -Wp,-MMD,<file> (cpp's own spelling, kbuild's), or NULL. */
static const char *wp_dependency_file(const struct driver *d)
{
    const char *file = NULL;
    for (size_t i = 0; i < d->cpp.n; i++) {
        const char *a = d->cpp.v[i];
        if (drv_has_prefix(a, "-Wp,-MD,") || drv_has_prefix(a, "-Wp,-MMD,"))
            file = strchr(a + 4, ',') + 1;
    }
    return file;
}

static bool has_cpp_flag(const struct driver *d, const char *flag)
{
    for (size_t i = 0; i < d->cpp.n; i++)
        if (!strcmp(d->cpp.v[i], flag))
            return true;
    return false;
}

/* Add `files` to the first rule of the dependency file at `path` (with -MP a phony rule
 * each); `target` names the rule when no such file was written (a .cl input). */
static void add_dependencies_to(const struct driver *d, const char *path, const char *target,
                                const struct strvec *files)
{
    size_t len;
    char *text = mcc_read_file(path, &len);
    if (!text)                      /* a .cl input: no cpp wrote it */
        text = drv_asprintf("%s:\n", make_escaped(target));
    char *end = text;               /* the end of the first rule's last line */
    for (char *nl; (nl = strchr(end, '\n')) && nl > end && nl[-1] == '\\';)
        end = nl + 1;
    end += strcspn(end, "\n");
    bool phony = has_cpp_flag(d, "-MP");
    FILE *f = fopen(path, "w");
    if (!f)
        drv_die("cannot write %s: %s", path, strerror(errno));
    fwrite(text, 1, (size_t)(end - text), f);
    for (size_t i = 0; i < files->n; i++)
        fprintf(f, " \\\n %s", make_escaped(files->v[i]));
    fputs(end, f);
    for (size_t i = 0; phony && i < files->n; i++)
        fprintf(f, "\n%s:\n", make_escaped(files->v[i]));
    if (fclose(f) != 0)
        drv_die("cannot write %s: %s", path, strerror(errno));
    free(text);
}

/* With -MD/-MMD (or -Wp,-MD,file): the OpenCL sources the unit embedded (file(...) of its
 * tasks, what they include), added to the first rule of its dependency file: cpp lists
 * only the C headers, so make, CMake and Meson did not rebuild the object when a .cl
 * changed and the program ran the old kernel.  A .cl input's object (-c) gets a file of
 * its own, which it had not. */
static void add_embedded_dependencies(const struct driver *d, const char *src)
{
    struct strvec files = cl_embed_take_files();
    const char *wp = wp_dependency_file(d);
    if ((!d->deps_file && !wp) || d->stop == STOP_PREPROCESS || drv_dry_run || !files.n)
        return;
    if (d->deps_file)
        add_dependencies_to(d, dependency_file(d, src), dependency_target(d, src), &files);
    if (wp && (!d->deps_file || strcmp(wp, dependency_file(d, src))))
        add_dependencies_to(d, wp, dependency_target(d, src), &files);
}

/* With -MD/-MMD, a link's .cl inputs, which drv_opencl_sources_object just embedded, and
 * what they include: added to the link's dependency file (`app.d` with the rule `app:`,
 * that of a one-step `mcc -MMD app.c kernels.cl -o app`), where nothing listed the headers
 * a kernel includes. */
void drv_link_dependencies(const struct driver *d)
{
    if (d->cl_files.n)
        add_embedded_dependencies(d, d->cl_files.v[0]);
}

/* Finish a compiler command with [-x lang] input [-o out] and run it, its messages
 * through `filter` (NULL: none). */
static int run_filtered_on_input(struct strvec *cmd, const char *lang, const char *input,
                                 const char *out, void (*filter)(char *line))
{
    if (lang) {
        sv_push(cmd, "-x");
        sv_push(cmd, lang);
    }
    sv_push(cmd, input);
    if (out) {
        sv_push(cmd, "-o");
        sv_push(cmd, out);
    }
    return filter ? drv_run_filtered(cmd, filter) : drv_run(cmd);
}

static int run_on_input(struct strvec *cmd, const char *lang, const char *input,
                        const char *out)
{
    return run_filtered_on_input(cmd, lang, input, out, NULL);
}

/* Host C shares headers with OpenCL C and CUDA (`__constant int BS = 16;` used in an
 * ndrange, `__kernel void k(__global float *a);`, `__global__ void g(float *a);`): the
 * qualifiers mean nothing to the host compiler.  No system header uses these names.
 * __constant is const spelled `__const__`, which tells the lowering that a file-scope
 * definition is an OpenCL constant, to be static (lower_device_constant).
 * The lowering finds `__global__` in the user's file itself (lower_device.c).  With
 * --cuda (cuda_host) the CUDA ones are left to the toolkit's headers (mcc_cuda.h).
 * A header that defines one itself for the host (`#define __constant const`, beside
 * `#define __global` under `#ifndef __OPENCL_VERSION__`) keeps its own: the names in
 * `user_defined` (a bit per entry of device_qualifiers) are not predefined. */
static const char *const device_qualifiers[] = {
    "__kernel=", "__global=", "__local=", "__constant=__const__",
    "__global__=", "__device__=", "__host__=",
};
enum { OPENCL_QUALIFIERS = 4, DEVICE_QUALIFIERS = 7 };

static void add_device_qualifiers(struct strvec *cmd, bool cuda_host, unsigned user_defined)
{
    for (int i = 0; i < (cuda_host ? OPENCL_QUALIFIERS : DEVICE_QUALIFIERS); i++)
        if (!(user_defined >> i & 1))
            sv_push(cmd, drv_asprintf("-D%s", device_qualifiers[i]));
}

/* cpp's messages held back while it may be run again (held_line), and which of
 * device_qualifiers they say the user's code redefined: cpp's `"NAME" redefined`, an error
 * under -Werror. */
static struct {
    char *text;
    size_t len;
    unsigned redefined;
} held;

static void held_line(char *line)
{
    const char *q = strstr(line, "redefined") ? strchr(line, '"') : NULL;
    for (int i = 0; q && i < DEVICE_QUALIFIERS; i++) {
        size_t n = strcspn(device_qualifiers[i], "=");
        if (!strncmp(q + 1, device_qualifiers[i], n) && q[n + 1] == '"')
            held.redefined |= 1u << i;
    }
    size_t n = strlen(line);
    held.text = realloc(held.text, held.len + n + 1);
    if (!held.text)
        drv_die("out of memory");
    memcpy(held.text + held.len, line, n + 1);
    held.len += n;
    line[0] = '\0';
}

/* Where the #includes of embedded OpenCL sources are looked for: the -I (-iquote,
 * -isystem, -idirafter) directories of the command, then those of --opencl-build-opts. */
static const char *const *opencl_include_dirs(const struct driver *d)
{
    static const char *const opts[] = {"-I", "-iquote", "-isystem", "-idirafter"};
    struct cl_dirs dirs = {0};
    for (size_t i = 0; i < d->inc.n; i++)
        for (size_t k = 0; k < sizeof opts / sizeof opts[0]; k++) {
            const char *f = d->inc.v[i];
            if (!drv_has_prefix(f, opts[k]))
                continue;
            if (f[strlen(opts[k])])
                cl_dirs_add(&dirs, f + strlen(opts[k]));
            else if (i + 1 < d->inc.n)
                cl_dirs_add(&dirs, d->inc.v[++i]);
            break;
        }
    cl_include_dirs_of(d->opts.opencl_build_opts, &dirs);
    return dirs.v;
}

/* The CUDA toolkit's include directory (the one with vector_types.h), or NULL. */
static const char *cuda_include_dir(void)
{
    static const char *dir;
    static bool looked;
    if (looked)
        return dir;
    looked = true;
    const char *nvcc = find_nvcc();
    char *inc = nvcc ? drv_asprintf("%s", nvcc) : NULL;
    for (int k = 0; inc && k < 2; k++) {
        char *slash = strrchr(inc, '/');
        if (slash)
            *slash = '\0';
    }
    if (inc && access(drv_asprintf("%s/include/vector_types.h", inc), R_OK) == 0)
        dir = drv_asprintf("%s/include", inc);
    return dir;
}

/* mcc --cuda: the toolkit's headers as system headers and mcc_cuda.h before the file. */
static void add_cuda_host(const struct driver *d, struct strvec *cmd)
{
    sv_push(cmd, "-isystem");
    sv_push(cmd, cuda_include_dir());
    sv_push(cmd, "-include");
    sv_push(cmd, drv_asprintf("%s/mcc_cuda.h", d->mcc_incdir));
}

/* ---- OmpSs-2 sources: cpp expands the macros of `#pragma omp` lines only -------------- */

static const char *skip_hblank(const char *p, const char *e)
{
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

/* The `oss` of a line [p, e) that reads `# pragma oss <word>`, else NULL; only for the
 * words gcc's cpp knows after `omp` (it keeps MCC_OSS_MARK of those lines only): the
 * others, errors, reach the lexer as written. */
static const char *oss_sentinel(const char *p, const char *e)
{
    p = skip_hblank(p, e);
    if (p == e || *p != '#')
        return NULL;
    p = skip_hblank(p + 1, e);
    if (e - p < 6 || memcmp(p, "pragma", 6))
        return NULL;
    const char *q = skip_hblank(p + 6, e);
    if (q == p + 6 || e - q < 3 || memcmp(q, "oss", 3))
        return NULL;
    static const char *const words[] = {"task", "taskwait", "taskloop", "critical", "atomic",
                                        "taskyield", "declare"};
    const char *w = skip_hblank(q + 3, e), *we = w;
    while (we < e && ((*we >= 'a' && *we <= 'z') || *we == '_'))
        we++;
    if (w == q + 3)
        return NULL;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i]) == (size_t)(we - w) && !memcmp(words[i], w, (size_t)(we - w)))
            return q;
    return NULL;
}

/* The strings of v one after the other (malloc'd). */
static char *joined(const struct strvec *v)
{
    size_t n = 0;
    for (size_t i = 0; i < v->n; i++)
        n += strlen(v->v[i]);
    char *out = malloc(n + 1);
    if (!out)
        abort();
    out[0] = 0;
    for (size_t i = 0, at = 0; i < v->n; at += strlen(v->v[i]), i++)
        memcpy(out + at, v->v[i], strlen(v->v[i]) + 1);
    return out;
}

/* src's text with every `#pragma oss` spelled `#pragma omp` (same columns), which cpp
 * expands as it does OpenMP's, its last physical line ending with MCC_OSS_MARK, which
 * cpp -C keeps and the lexer reads as the sentinel; a #line first, so that the lines are
 * src's.  NULL when src has no `#pragma oss` line (or cannot be read: cpp then says so). */
static char *oss_text(const char *src)
{
    size_t len;
    char *text = mcc_read_file(src, &len);
    if (!text)
        return NULL;
    struct strvec parts = {0};
    bool any = false;
    char *name = cl_c_string(src);      /* a `"` or `\\` in the name is escaped */
    sv_push(&parts, drv_asprintf("#line 1 \"%s\"\n", name));
    free(name);
    for (char *p = text, *end = text + len; p < end;) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *le = nl ? nl : end;
        char *oss = (char *)oss_sentinel(p, le);
        if (oss) {
            any = true;
            memcpy(oss, "omp", 3);
            while (le < end && le > p && le[-1] == '\\') {     /* continuation lines */
                nl = memchr(le + 1, '\n', (size_t)(end - le - 1));
                le = nl ? nl : end;
            }
            sv_push(&parts, drv_asprintf("%.*s " MCC_OSS_MARK "\n", (int)(le - p), p));
        } else {
            sv_push(&parts, drv_asprintf("%.*s\n", (int)(le - p), p));
        }
        p = le < end ? le + 1 : end;
    }
    free(text);
    return any ? joined(&parts) : NULL;
}

/* Write `text` to `path`; false after a message. */
static bool write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    bool ok = f && fputs(text, f) >= 0;
    if (f && fclose(f) != 0)
        ok = false;
    if (!ok)
        fprintf(stderr, "mcc: error: cannot write %s: %s\n", path, strerror(errno));
    return ok;
}

/* The file cpp reads for src in a translation: src itself, or (with `#pragma oss` lines)
 * its oss_text in the item's temporaries; NULL after a message. */
static const char *oss_source(const struct driver *d, const char *src, const char *copy)
{
    char *text = d->opts.ompss && !drv_dry_run ? oss_text(src) : NULL;
    if (!text)
        return src;
    bool ok = write_text(copy, text);
    free(text);
    return ok ? copy : NULL;
}

/* A file cpp wrote (its output's line markers, a dependency file) names the copy
 * oss_source made: name src instead.  The copy's name is a random temporary's, which
 * would otherwise reach the translation and the object's debug information (builds that
 * differ from run to run). */
static int oss_name_src(const char *path, const char *copy, const char *src)
{
    size_t len, n = strlen(copy);
    char *text = mcc_read_file(path, &len);
    if (!text)
        return 0;           /* none written */
    FILE *f = fopen(path, "wb");
    bool ok = f != NULL;
    for (char *p = text, *end = text + len; ok && p < end;) {
        char *hit = memmem(p, (size_t)(end - p), copy, n);
        size_t keep = hit ? (size_t)(hit - p) : (size_t)(end - p);
        ok = fwrite(p, 1, keep, f) == keep && (!hit || fputs(src, f) >= 0);
        p = hit ? hit + n : end;
    }
    if (f && fclose(f) != 0)
        ok = false;
    free(text);
    if (!ok)
        fprintf(stderr, "mcc: error: cannot write %s: %s\n", path, strerror(errno));
    return !ok;
}

/* <cc> -E [-C] [-fopenmp -D_OMPSS=1 -D<device qualifiers>] <flags> -I<mcc dirs> -x c src
 * [-o out].  For translation (`comments`), -C keeps the comments: the output goes to the
 * native compiler again, and some of them mean something to it (a "fall through" comment
 * before a case label silences -Wimplicit-fallthrough).  mcc -E prints what gcc -E does. */
/* `include`: a header cpp reads before the source (-include), or NULL. */
/* `input`: the file cpp reads, when not src (oss_source's copy: src's directory is then
 * searched for its "headers" first, as cpp searches the including file's). */
static void preprocess_command(const struct driver *d, const char *src, const char *input,
                               bool comments, const char *include, unsigned user_defined,
                               struct strvec *cmd)
{
    sv_cat(cmd, d->cpp_cmd.n ? &d->cpp_cmd : &d->cc);    /* --cpp= */
    sv_cat(cmd, &d->all);
    sv_push(cmd, "-E");
    if (comments)
        sv_push(cmd, "-C");
    if (d->opts.ompss) {
        sv_push(cmd, "-fopenmp");
        sv_push(cmd, "-D_OMPSS=1");
        add_device_qualifiers(cmd, d->opts.cuda_host, user_defined);
    }
    sv_cat(cmd, &d->cpp);
    if (input != src) {
        const char *slash = strrchr(src, '/');
        sv_push(cmd, "-iquote");
        sv_push(cmd, slash ? drv_asprintf("%.*s", (int)(slash - src + (slash == src)), src)
                           : ".");
    }
    sv_cat(cmd, &d->inc);
    sv_cat(cmd, &d->wp);
    if (d->opts.ompss)
        add_mcc_includes(d, cmd);
    if (d->opts.cuda_host)
        add_cuda_host(d, cmd);
    if (include) {
        sv_push(cmd, "-include");
        sv_push(cmd, include);
    }
    add_dependency_names(d, cmd, src);
}

/* cpp on input with the device qualifiers predefined; where it says that the user's code
 * redefines some, again without those (its messages of the first run dropped).  Output to
 * stdout (out NULL or "-": mcc -E) is made by a second run only, the first writing nowhere. */
static int preprocess_run(const struct driver *d, const char *src, const char *input,
                          const char *out, bool comments, const char *include)
{
    struct strvec cmd = {0};
    preprocess_command(d, src, input, comments, include, 0, &cmd);
    if (!d->opts.ompss || !strcmp(input, "-"))  /* (standard input is read once) */
        return run_on_input(&cmd, "c", input, out);
    bool to_stdout = !out || !strcmp(out, "-");
    held.len = 0;
    held.redefined = 0;
    int st = run_filtered_on_input(&cmd, "c", input, to_stdout ? "/dev/null" : out, held_line);
    if (!held.redefined && !to_stdout) {
        if (held.len)
            fputs(held.text, stderr);
        return st;
    }
    struct strvec again = {0};
    preprocess_command(d, src, input, comments, include, held.redefined, &again);
    return run_on_input(&again, "c", input, out);
}

static int preprocess_input(const struct driver *d, const char *src, const char *input,
                            const char *out, bool comments, const char *include)
{
    int st = preprocess_run(d, src, input, out, comments, include);
    if (!st && input != src && out)
        st = oss_name_src(out, input, src);
    if (!st && input != src && d->deps_file && d->stop != STOP_PREPROCESS)
        st = oss_name_src(dependency_file(d, src), input, src);
    return st;
}

static int preprocess(const struct driver *d, const char *src, const char *out, bool comments,
                      const char *include)
{
    return preprocess_input(d, src, src, out, comments, include);
}

/* Whether a cpp option only makes dependency output (-M, -MF x, -Wp,-MD,x, ...): those
 * are left out of the preprocessing that the translation reads. */
static bool dependency_option(const char *a)
{
    return (a[0] == '-' && a[1] == 'M') || drv_has_prefix(a, "-Wp,-M");
}

/* d for a second look at a unit: without the options that make dependency output, cpp's
 * warnings (the user's run gave them) or mcc's. */
static struct driver quiet_driver(const struct driver *d)
{
    struct driver q = *d;
    q.cpp = (struct strvec){0};
    for (size_t i = 0; i < d->cpp.n; i++) {
        const char *a = d->cpp.v[i];
        if (!dependency_option(a))
            sv_push(&q.cpp, a);
        else if ((!strcmp(a, "-MF") || !strcmp(a, "-MT") || !strcmp(a, "-MQ")) && i + 1 < d->cpp.n)
            i++;
    }
    sv_push(&q.cpp, "-w");
    q.deps_file = false;
    q.opts.quiet = true;
    return q;
}

/* A `#pragma oss` line cpp left as it was: a header's (oss_source marked the unit's). */
static bool header_oss_line(const char *p, const char *e)
{
    return oss_sentinel(p, e) && !memmem(p, (size_t)(e - p), MCC_OSS_MARK, strlen(MCC_OSS_MARK));
}

/* The header oss lines of `text`, spelled `#pragma omp`, with (when `directives`) its
 * #define and #undef lines between them; their count in *n. */
static char *header_oss_lines(char *text, size_t len, bool directives, int *n)
{
    struct strvec out = {0};
    *n = 0;
    for (char *p = text, *end = text + len; p < end;) {
        char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end;
        const char *w = skip_hblank(p, le);
        if (header_oss_line(p, le)) {
            char *oss = (char *)oss_sentinel(p, le);
            sv_push(&out, drv_asprintf("%.*somp%.*s\n", (int)(oss - p), p, (int)(le - oss - 3),
                                       oss + 3));
            ++*n;
        } else if (directives && (drv_has_prefix(w, "#define") || drv_has_prefix(w, "#undef"))) {
            sv_push(&out, drv_asprintf("%.*s\n", (int)(le - p), p));
        }
        p = le < end ? le + 1 : end;
    }
    return joined(&out);
}

/* `pre` (its `text`) with its n header oss lines replaced by the `#pragma omp` lines of
 * `expanded`, in order; 0, or 1 after a message. */
static int replace_header_oss(const char *pre, char *text, size_t len, const char *expanded,
                              int n)
{
    size_t elen;
    char *etext = mcc_read_file(expanded, &elen);
    struct strvec with = {0}, parts = {0};
    for (char *p = etext, *end = etext + (etext ? elen : 0); p && p < end;) {
        char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end;
        const char *w = skip_hblank(p, le);
        if (drv_has_prefix(w, "#pragma omp"))
            sv_push(&with, drv_asprintf("%.*s", (int)(le - w), w));
        p = le < end ? le + 1 : end;
    }
    free(etext);
    if (with.n != (size_t)n)
        return 0;
    size_t k = 0;
    for (char *p = text, *end = text + len; p < end;) {
        char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end;
        sv_push(&parts, header_oss_line(p, le)
                            ? drv_asprintf("%s " MCC_OSS_MARK "\n", with.v[k++])
                            : drv_asprintf("%.*s\n", (int)(le - p), p));
        p = le < end ? le + 1 : end;
    }
    char *out = joined(&parts);
    bool ok = write_text(pre, out);
    free(out);
    return !ok;
}

/* Macros in the `#pragma oss` lines of the headers a unit includes: oss_source spells the
 * unit's own lines `#pragma omp` for cpp to expand, but cpp reads the headers as they are
 * and leaves their `#pragma oss` lines unexpanded (`in([N]a)` named N, "undeclared").
 * When `pre` has such lines, cpp runs again with -dD, which writes each #define and #undef
 * where it stands; those and the header pragmas spelled `#pragma omp`, alone in a file
 * (temps[1]), go once more through cpp, which expands each pragma with the macros of its
 * place; each header line in `pre` becomes its expansion, marked as the unit's are
 * (MCC_OSS_MARK).  Lines are left as they were when the runs do not agree (the lexer
 * then reports what it finds).  0, or the status of a failed step. */
static int expand_header_oss(const struct driver *d, const char *src, const char *input,
                             const char *pre, const char *include, const char *const temps[3])
{
    size_t len;
    char *text = mcc_read_file(pre, &len);
    int n = 0;
    free(text ? header_oss_lines(text, len, false, &n) : NULL);
    if (!n) {
        free(text);
        return 0;
    }
    struct driver q = quiet_driver(d);
    sv_push(&q.cpp, "-dD");
    const char *defs = temps[0], *lines = temps[1], *expanded = temps[2];
    size_t dlen;
    char *dtext = NULL;
    int st = preprocess_input(&q, src, input, defs, true, include);
    if (!st && (dtext = mcc_read_file(defs, &dlen)) != NULL) {
        int m;
        char *f = header_oss_lines(dtext, dlen, true, &m);
        st = m == n && !write_text(lines, f);
        free(f);
        struct strvec cmd = {0};
        sv_cat(&cmd, d->cpp_cmd.n ? &d->cpp_cmd : &d->cc);
        static const char *const flags[] = {"-E", "-P", "-fopenmp", "-undef", "-nostdinc", "-w"};
        for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
            sv_push(&cmd, flags[i]);
        if (m == n && !st && run_on_input(&cmd, "c", lines, expanded) == 0)
            st = replace_header_oss(pre, text, len, expanded, n);
    }
    free(dtext);
    free(text);
    return st;
}

/* ---- nanos.h for units that call its functions without it ------------------------------ */

static bool ident_char(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Whether p is inside a comment of text (cpp -C keeps them): the nearest comment mark
 * before it opens one, or a // before it on its line; or inside a string literal (an odd
 * number of unescaped quotes before it on its line). */
static bool in_comment(const char *text, const char *p)
{
    const char *line = p;
    while (line > text && line[-1] != '\n')
        line--;
    bool str = false;
    for (const char *q = line; q < p; q++)
        if (*q == '\\' && str)
            q++;
        else if (*q == '"')
            str = !str;
    if (str)
        return true;
    for (const char *q = p; q > text + 1; q--) {
        if (q[-2] == '*' && q[-1] == '/')
            break;
        if (q[-2] == '/' && q[-1] == '*')
            return true;
    }
    for (const char *q = p; q > text + 1 && q[-1] != '\n'; q--)
        if (q[-2] == '/' && q[-1] == '/')
            return true;
    return false;
}

/* Whether the name at p (in text) is declared there, not called: the token before it,
 * past blanks and '*', is an identifier (a type or qualifier) other than a keyword that
 * an expression follows (`return nanos_x()`). */
static bool declared_at(const char *text, const char *p)
{
    static const char *const before_expr[] = {"return", "sizeof", "case", "else", "do", "goto"};
    const char *q = p;
    while (q > text && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\n' || q[-1] == '*'))
        q--;
    const char *end = q;
    while (q > text && ident_char(q[-1]))
        q--;
    if (q == end)
        return false;
    for (size_t k = 0; k < sizeof before_expr / sizeof before_expr[0]; k++)
        if ((size_t)(end - q) == strlen(before_expr[k]) && !strncmp(q, before_expr[k], (size_t)(end - q)))
            return false;
    return true;
}

/* Whether text declares the function name[0, n) (the name followed by '(' somewhere it is
 * declared: the unit has its own prototype, as the runtime's sources do). */
static bool unit_declares(const char *text, const char *name, size_t n)
{
    char *key = drv_asprintf("%.*s", (int)n, name);
    bool found = false;
    for (const char *p = strstr(text, key); p && !found; p = strstr(p + 1, key)) {
        if ((p > text && ident_char(p[-1])) || ident_char(p[n]))
            continue;
        const char *q = p + n;
        while (*q == ' ' || *q == '\t')
            q++;
        found = *q == '(' && !in_comment(text, p) && declared_at(text, p);
    }
    free(key);
    return found;
}

/* Does `text` call, without declaring it, a function whose name begins with `prefix` and
 * that `header` declares (the name followed by '(' in both)? */
static bool calls_declared_in(const char *text, const char *header, const char *prefix)
{
    size_t plen = strlen(prefix);
    for (const char *p = strstr(text, prefix); p; p = strstr(p + plen, prefix)) {
        if (p > text && ident_char(p[-1]))
            continue;
        size_t n = plen;
        while (ident_char(p[n]))
            n++;
        const char *q = p + n;
        while (*q == ' ' || *q == '\t')
            q++;
        if (*q != '(' || in_comment(text, p) || declared_at(text, p) ||
            unit_declares(text, p, n))
            continue;
        for (const char *h = strstr(header, prefix); h; h = strstr(h + 1, prefix))
            if ((h == header || !ident_char(h[-1])) && !strncmp(h, p, n) && h[n] == '(')
                return true;
    }
    return false;
}

/* Whether the preprocessed unit `pre` calls a function of mcc's nanos.h (Nanos++'s calls:
 * nanos_get_num_sockets(), nanos_current_socket(), nanos_malloc_pinned_cuda(), ...) and
 * holds no nanos.h (cpp's linemarkers name every header read).  Mercurium preprocessed every
 * OmpSs unit with -include nanos.h, and Nanos++ programs call them without an #include:
 * gcc declared them implicitly (a pointer result cut to int).  Such a unit, and only such
 * a unit (nanos.h brings stdbool.h), is preprocessed again with it, at *header. */
static bool wants_nanos_h(const struct driver *d, const char *pre, const char **header)
{
    *header = drv_asprintf("%s/nanos.h", d->mcc_incdir);
    size_t n;
    char *text = mcc_read_file(pre, &n), *h = mcc_read_file(*header, &n);
    bool want = false;
    if (text && h && !strstr(text, "nanos.h\"")) {
        static const char *const prefixes[] = {"nanos_", "ompss_opencl_", "NANOS_SAFE"};
        for (size_t k = 0; !want && k < sizeof prefixes / sizeof prefixes[0]; k++)
            want = calls_declared_in(text, h, prefixes[k]);
    }
    free(text);
    free(h);
    return want;
}

static int translate(const struct driver *d, const char *in, const char *out)
{
    if (drv_verbose || drv_dry_run) {
        fputs("mcc-translate ", stderr);
        drv_print_arg(stderr, in);
        fputs(" -o ", stderr);
        drv_print_arg(stderr, out);
        fputc('\n', stderr);
    }
    if (drv_dry_run)
        return 0;
    fflush(NULL);
    int st = mcc_translate(in, out, &d->opts);
    return st ? 1 : 0;
}

/* Does the native compiler take gcc's options (diagnostics, prefix maps) (gcc, clang, cc)? */
static bool gcc_like(const struct driver *d)
{
    const char *cc = strrchr(d->cc.v[d->cc.n - 1], '/');
    cc = cc ? cc + 1 : d->cc.v[d->cc.n - 1];
    return strstr(cc, "gcc") || strstr(cc, "clang") || !strcmp(cc, "cc");
}

/* gcc and clang record the name of the file they compile in objects and debug information;
 * map our temporary directory back to the source's, as if the source had been compiled. */
static void add_source_name_map(const struct driver *d, const struct item *it, const char *file,
                                struct strvec *cmd)
{
    if (!it->tmpdir || !drv_has_prefix(file, it->tmpdir) || !gcc_like(d))
        return;
    const char *src = it->args[0];
    const char *slash = strrchr(src, '/');
    int dirlen = slash ? (int)(slash - src + 1) : 0;
    sv_push(cmd, drv_asprintf("-fdebug-prefix-map=%s/=%.*s", it->tmpdir, dirlen, src));
}

static bool has_flag_prefix(const struct strvec *v, const char *prefix)
{
    for (size_t i = 0; i < v->n; i++)
        if (drv_has_prefix(v->v[i], prefix))
            return true;
    return false;
}

/* The translated C's messages go through lower_names_for_user, so that they name the
 * user's functions, not those the lowering generated (`In function 'main__nrt_task1'`).
 * Read from a pipe, gcc would no longer color them for a terminal: asked to, unless the
 * command says how. */
static void keep_colors(const struct driver *d, struct strvec *cmd)
{
    static const char *const said[] = { "-fdiagnostics-color", "-fno-diagnostics-color" };
    for (int i = 0; i < 2; i++)
        if (has_flag_prefix(&d->all, said[i]) || has_flag_prefix(&d->wn, said[i]))
            return;
    if (gcc_like(d) && isatty(STDERR_FILENO))
        sv_push(cmd, "-fdiagnostics-color=always");
}

/* A line of the native compiler's messages about the translated C, naming the user's
 * functions; an "In function" line the same as the last one is dropped (a task outlined
 * from main and main itself are both main now, and gcc says it once per function). */
static void user_messages(char *line)
{
    static char *last;
    lower_names_for_user(line);
    if (!strstr(line, " In function ") && !strstr(line, " At top level:"))
        return;
    if (last && !strcmp(last, line)) {
        line[0] = '\0';
        return;
    }
    free(last);
    last = strdup(line);
}

/* The generated code is C99 (designated initialisers, declarations in for loops, long
 * long): under a C90 dialect (-ansi, -std=c89, -std=gnu90, ...) the translation, already
 * preprocessed under it, is compiled as the matching C99 one, as gcc -fopenmp compiles its
 * own lowering whatever the dialect; -fgnu89-inline keeps the meaning of `inline`. */
static void c99_for_c90(const struct driver *d, struct strvec *cmd)
{
    static const char *const strict[] = {"-ansi", "-std=c89", "-std=c90", "-std=iso9899:1990",
                                         "-std=iso9899:199409"};
    static const char *const gnu[] = {"-std=gnu89", "-std=gnu90"};
    const char *c99 = NULL;
    for (size_t i = 0; i < d->all.n; i++) {
        const char *f = d->all.v[i];
        if (strcmp(f, "-ansi") && !drv_has_prefix(f, "-std="))
            continue;
        c99 = NULL;
        for (size_t k = 0; k < sizeof strict / sizeof strict[0]; k++)
            if (!strcmp(f, strict[k]))
                c99 = "-std=c99";
        for (size_t k = 0; k < sizeof gnu / sizeof gnu[0]; k++)
            if (!strcmp(f, gnu[k]))
                c99 = "-std=gnu99";
    }
    if (c99) {
        sv_push(cmd, c99);
        sv_push(cmd, "-fgnu89-inline");
    }
}

/* <cc> -c|-S <flags> -x cpp-output file -o out: the translated C, without -fopenmp.  It is
 * preprocessed text (its generated code names no macro, lower_*.c): as such its GNU
 * linemarkers (`# 12 "app.c" 1`) are no extension that -pedantic would report at each of
 * them, nothing in it is preprocessed twice, and no include directory is needed. */
static int compile_translated(const struct driver *d, const struct item *it, const char *file,
                              const char *out)
{
    struct strvec cmd = {0};
    drv_begin_cc(d, &cmd);
    sv_push(&cmd, d->stop == STOP_ASSEMBLY ? "-S" : "-c");
    c99_for_c90(d, &cmd);
    add_source_name_map(d, it, file, &cmd);
    keep_colors(d, &cmd);
    sv_cat(&cmd, &d->wn);
    return run_filtered_on_input(&cmd, "cpp-output", file, out, user_messages);
}

/* An input the native compiler handles alone (other languages; C under --no-openmp):
 * the stage flag (-E, -S or -c; none for a header), every flag, and the -x language it was
 * given with. */
static int compile_native(const struct driver *d, const struct item *it, const char *stage,
                          const char *out)
{
    struct strvec cmd = {0};
    drv_begin_cc(d, &cmd);
    if (stage)
        sv_push(&cmd, stage);
    sv_cat(&cmd, &d->cpp);
    sv_cat(&cmd, &d->inc);
    sv_cat(&cmd, &d->wp);
    sv_cat(&cmd, &d->wn);
    return run_on_input(&cmd, it->lang, it->args[0], out);
}

/* Copy from `flags` the options that start with `prefix`; with `two_word`, also the separate
 * argument of the two-word form ("-I" "dir"). */
static void copy_flags(struct strvec *cmd, const struct strvec *flags, const char *prefix,
                       bool two_word)
{
    for (size_t i = 0; i < flags->n; i++) {
        const char *f = flags->v[i];
        if (!drv_has_prefix(f, prefix))
            continue;
        sv_push(cmd, f);
        if (two_word && !strcmp(f, prefix) && i + 1 < flags->n)
            sv_push(cmd, flags->v[++i]);
    }
}

/* With -MD/-MMD, a .cu input gets its dependency file as a C input does (nvcc's options of
 * the same names; -MQ as -MT): it had none, so a Makefile reading them did not rebuild the
 * object when a header of the .cu changed. */
static void add_cuda_dependencies(const struct driver *d, struct strvec *cmd, const char *src)
{
    if (!d->deps_file)
        return;
    bool target = false;
    for (size_t i = 0; i < d->cpp.n; i++) {
        const char *a = d->cpp.v[i];
        if (!strcmp(a, "-MD") || !strcmp(a, "-MMD") || !strcmp(a, "-MP"))
            sv_push(cmd, a);
        bool named = !strncmp(a, "-MT", 3) || !strncmp(a, "-MQ", 3);
        if (named && (a[3] || i + 1 < d->cpp.n)) {
            sv_push(cmd, "-MT");
            sv_push(cmd, a[3] ? a + 3 : d->cpp.v[++i]);
            target = true;
        }
    }
    sv_push(cmd, "-MF");
    sv_push(cmd, dependency_file(d, src));
    if (!target) {
        sv_push(cmd, "-MT");
        sv_push(cmd, dependency_object(d, src));
    }
}

/* nvcc -c <-I -D -U -O -g> <--Wc opts> file.cu -o out; `deps`: with the dependency file of
 * -MD/-MMD (the user's .cu, not a generated one) */
static int compile_cuda(const struct driver *d, const char *nvcc, const char *src, const char *out,
                        bool deps)
{
    struct strvec cmd = {0};
    sv_push(&cmd, nvcc);
    sv_push(&cmd, "-c");
    copy_flags(&cmd, &d->all, "-O", false);
    for (size_t i = 0; i < d->all.n; i++)
        if (!strcmp(d->all.v[i], "-g"))
            sv_push(&cmd, "-g");
    copy_flags(&cmd, &d->cpp, "-D", true);
    copy_flags(&cmd, &d->cpp, "-U", true);
    copy_flags(&cmd, &d->inc, "-I", true);
    add_mcc_includes(d, &cmd);
    if (deps)
        add_cuda_dependencies(d, &cmd, src);
    sv_cat(&cmd, &d->wc);
    sv_push(&cmd, src);
    sv_push(&cmd, "-o");
    sv_push(&cmd, out);
    return drv_run(&cmd);
}

/* ---- one input through the pipeline -------------------------------------------------- */

/* The temporary <stem><suffix> of input `it`, in its private directory. */
static const char *item_temp(struct item *it, const char *suffix)
{
    if (!it->tmpdir)
        it->tmpdir = drv_temp_dir();
    return drv_temp(it->tmpdir, drv_asprintf("%s%s", drv_stem(it->args[0]), suffix));
}

/* -save-temps: where gcc 12 leaves an input's intermediate files (its auxiliary names):
 * beside the output of -c or -S (obj/x.o: obj/x.i, obj/x.s), <output>-<stem> when linking
 * (app-x.i, app-x.s, app-x.o; a-x without -o); with -save-temps=cwd, those names in the
 * current directory (they went beside the output, where gcc's own .s did not).  NULL
 * without -save-temps. */
static const char *saved_temps_base(const struct driver *d, const struct item *it)
{
    const char *flag = NULL, *base = NULL;
    for (size_t i = 0; i < d->all.n; i++)
        if (drv_has_prefix(d->all.v[i], "-save-temps"))
            flag = d->all.v[i];
    if (!flag || d->syntax_only)
        return NULL;
    if (d->stop == STOP_OBJECT || d->stop == STOP_ASSEMBLY)
        base = without_suffix(final_name(d, it->args[0],
                                         d->stop == STOP_ASSEMBLY ? ".s" : ".o"));
    else if (d->stop == STOP_LINK)
        base = drv_asprintf("%s-%s", d->output ? without_suffix(d->output) : "a",
                            drv_stem(it->args[0]));
    const char *slash = base && !strcmp(flag, "-save-temps=cwd") ? strrchr(base, '/') : NULL;
    return slash ? slash + 1 : base;
}

/* The translated file: ./<stem>.mcc.c when it is kept (-k) or the product (-y), else the
 * temporary <stem>.c (with -save-temps, <base>.mcc.c beside <base>.i, the preprocessed
 * input, and gcc's <base>.s).  Removed when the translation fails. */
static int translate_input(const struct driver *d, struct item *it, const char **mcc_out)
{
    const char *src = it->args[0];
    const char *pre = src;
    const char *saved = saved_temps_base(d, it);
    int st;
    if (it->kind == IN_C) {
        pre = saved ? drv_asprintf("%s.i", saved) : item_temp(it, ".i");
        const char *nanos_h, *input = oss_source(d, src, item_temp(it, ".oss.c"));
        if (!input)
            return 1;
        if ((st = preprocess_input(d, src, input, pre, true, NULL)) != 0)
            return st;
        bool with_nanos_h = d->opts.ompss && !drv_dry_run && wants_nanos_h(d, pre, &nanos_h);
        if (with_nanos_h && (st = preprocess_input(d, src, input, pre, true, nanos_h)) != 0)
            return st;
        const char *temps[3] = {item_temp(it, ".dD.i"), item_temp(it, ".oss-pragmas.c"),
                                item_temp(it, ".oss-pragmas.i")};
        if (d->opts.ompss && !drv_dry_run &&
            (st = expand_header_oss(d, src, input, pre, with_nanos_h ? nanos_h : NULL,
                                    temps)) != 0)
            return st;
    }
    const char *out;
    bool to_stdout = false;         /* -y -o -: the translation on stdout, as gcc -E -o - */
    if (d->stop == STOP_TRANSLATE) {
        out = final_name(d, src, ".mcc.c");
        if ((to_stdout = !strcmp(out, "-")))
            out = item_temp(it, ".c");
    } else if (d->keep)
        out = drv_asprintf("%s.mcc.c", drv_stem(src));
    else if (saved)
        out = drv_asprintf("%s.mcc.c", saved);
    else
        out = item_temp(it, ".c");
    (void)cl_embed_take_files();    /* only what this unit's translation reads */
    if ((st = translate(d, pre, out)) != 0) {
        drv_remove_output(out);
        return st;
    }
    if (it->kind == IN_C)
        add_embedded_dependencies(d, src);
    if (to_stdout && !drv_dry_run && (st = drv_copy_file(out, "-")) != 0)
        return st;
    *mcc_out = out;
    return 0;
}

/* The object (or .s) that compiling `it` produces at this stop. */
static const char *object_name(const struct driver *d, struct item *it)
{
    if (d->syntax_only)
        return NULL;
    const char *saved = it->kind == IN_C || it->kind == IN_CPP_OUTPUT ? saved_temps_base(d, it)
                                                                        : NULL;
    if (d->stop == STOP_LINK)
        return saved ? drv_asprintf("%s.o", saved) : item_temp(it, ".o");
    return final_name(d, it->args[0], d->stop == STOP_ASSEMBLY ? ".s" : ".o");
}

const char *drv_require_nvcc(const char *what)
{
    const char *nvcc = find_nvcc();
    if (!nvcc)
        drv_die("%s nvcc, which was not found (looked in %s, PATH, $CUDA_HOME/bin and "
            "/usr/local/cuda/bin); install the CUDA toolkit or set MCC_NVCC",
            what, getenv("MCC_NVCC") ? "$MCC_NVCC" : "nothing else");
    return nvcc;
}

/* A translated unit with CUDA ndrange tasks: its stub (the kernels' addresses) compiled by
 * nvcc goes to the link beside the C object; with -c both become one object (ld -r). */
static int compile_with_stub(struct driver *d, struct item *it, const char *mcc_out,
                             const char *stub, const char *out)
{
    const char *nvcc = drv_require_nvcc(drv_asprintf("%s: a device(cuda) ndrange task needs",
                                               it->args[0]));
    const char *stub_obj = item_temp(it, ".mcc_cuda.o");
    int st = compile_cuda(d, nvcc, stub, stub_obj, false);
    if (st)
        return st;
    if (!d->cuda_reason)
        d->cuda_reason = it->args[0];
    if (d->stop == STOP_LINK) {
        it->cuda_object = stub_obj;
        return compile_translated(d, it, mcc_out, out);
    }
    const char *c_obj = item_temp(it, ".c.o");
    if ((st = compile_translated(d, it, mcc_out, c_obj)) != 0)
        return st;
    struct strvec cmd = {0};
    sv_cat(&cmd, &d->cc);
    sv_push(&cmd, "-r");
    sv_push(&cmd, "-nostdlib");
    sv_push(&cmd, c_obj);
    sv_push(&cmd, stub_obj);
    sv_push(&cmd, "-o");
    sv_push(&cmd, out);
    return drv_run(&cmd);
}

/* OpenCL kernels translated to C (their section is below). */
static int opencl_cpu_unit(struct driver *d, struct item *it, const char *unit);
static bool opencl_cpu_combined(const struct driver *d);
static int opencl_object(struct driver *d, struct item *it);
static int opencl_to_c(struct driver *d, const char *name, const char *path, const char *c_out);

/* The OpenCL sources (file(...) and their includes) the unit embeds, found without
 * compiling it: cpp sees only the C headers, so the unit is translated, quietly and into
 * temporaries, with the options that make dependency output left out.  Its errors are
 * left to the compilation, as cpp -M leaves those of the C. */
static struct strvec embedded_files(const struct driver *d, struct item *it)
{
    struct driver q = quiet_driver(d);
    const char *pre = item_temp(it, ".i"), *nanos_h;
    (void)cl_embed_take_files();
    if (preprocess(&q, it->args[0], pre, true, NULL) == 0 &&
        (!wants_nanos_h(&q, pre, &nanos_h) || preprocess(&q, it->args[0], pre, true, nanos_h) == 0))
        (void)translate(&q, pre, item_temp(it, ".c"));
    return cl_embed_take_files();
}

static bool has_cpp_prefix(const struct driver *d, const char *prefix)
{
    return has_flag_prefix(&d->cpp, prefix);
}

/* -M/-MM: cpp's rule, and the OpenCL sources the unit embeds added as -MD adds them (make
 * did not rebuild the object when a .cl changed). */
static int dependencies_only(struct driver *d, struct item *it)
{
    const char *src = it->args[0];
    bool mf = has_cpp_prefix(d, "-MF");
    const char *rules = mf ? dependency_file(d, src)
                       : d->output && strcmp(d->output, "-") ? d->output : NULL;
    const char *out = rules || mf ? d->output : item_temp(it, ".M");
    int st = preprocess(d, src, out, false, NULL);
    if (st || !d->opts.ompss || drv_dry_run)
        return st;
    struct strvec files = embedded_files(d, it);
    if (files.n)
        add_dependencies_to(d, rules ? rules : out, dependency_target(d, src), &files);
    return rules ? 0 : drv_copy_file(out, "-");
}

/* -E with -MD/-MMD (a preprocessor run that writes the dependency file too, as ccache's)
 * or -Wp,-MD,file: the OpenCL sources added to that file as a compilation adds them. */
static int preprocess_with_dependencies(struct driver *d, struct item *it)
{
    const char *src = it->args[0];
    int st = preprocess(d, src, d->output, false, NULL);
    const char *wp = wp_dependency_file(d);
    if (st || (!d->deps_file && !wp) || !d->opts.ompss || drv_dry_run)
        return st;
    struct strvec files = embedded_files(d, it);
    if (!files.n)
        return 0;
    if (d->deps_file) {         /* cpp's name for it: after -o's file, else the input's */
        const char *path = has_cpp_prefix(d, "-MF") ? dependency_file(d, src)
                           : drv_asprintf("%s.d", d->output ? without_suffix(d->output)
                                                            : drv_stem(src));
        add_dependencies_to(d, path, dependency_target(d, src), &files);
    }
    if (wp)
        add_dependencies_to(d, wp, dependency_target(d, src), &files);
    return 0;
}

static int process_c(struct driver *d, struct item *it)
{
    if (d->stop == STOP_PREPROCESS && (has_cpp_flag(d, "-M") || has_cpp_flag(d, "-MM")))
        return dependencies_only(d, it);
    if (d->stop == STOP_PREPROCESS)
        return preprocess_with_dependencies(d, it);
    if (!d->opts.ompss && d->stop != STOP_TRANSLATE) {
        it->object = object_name(d, it);
        return compile_native(d, it, d->stop == STOP_ASSEMBLY ? "-S" : "-c", it->object);
    }
    const char *mcc_out;
    int st = translate_input(d, it, &mcc_out);
    if (st || d->stop == STOP_TRANSLATE)
        return st;
    /* -c of a unit with OpenCL kernels: the unit's object is a temporary, combined with
     * the kernels' into the output, which is written, never renamed (-o /dev/null) */
    it->object = object_name(d, it);
    const char *unit = opencl_cpu_combined(d) ? item_temp(it, ".unit.o") : it->object;
    char *stub = mcc_cuda_stub_path(mcc_out);
    if (!stub || access(stub, F_OK) != 0 || d->stop < STOP_OBJECT || d->syntax_only)
        st = compile_translated(d, it, mcc_out, unit);
    else
        st = compile_with_stub(d, it, mcc_out, stub, unit);
    return st ? st : opencl_cpu_unit(d, it, unit);
}

static int process_cuda(struct driver *d, struct item *it)
{
    if (d->stop < STOP_OBJECT || d->syntax_only) {
        fprintf(stderr, "mcc: warning: %s: CUDA input ignored with -E, -y, -S or -fsyntax-only\n",
                it->args[0]);
        return 0;
    }
    const char *nvcc = drv_require_nvcc(drv_asprintf("%s: CUDA input needs", it->args[0]));
    if (!d->cuda_reason)
        d->cuda_reason = it->args[0];
    it->object = object_name(d, it);
    return compile_cuda(d, nvcc, it->args[0], it->object, true);
}

/* A .cl input: its kernels as C with -y, an object with -c, else kept for the link. */
static int process_opencl(struct driver *d, struct item *it)
{
    if (access(it->args[0], R_OK) != 0) {      /* as gcc says it of a missing C input */
        fprintf(stderr, "mcc: error: %s: %s\n", it->args[0], strerror(errno));
        return 1;
    }
    if (d->stop == STOP_TRANSLATE) {
        const char *out = final_name(d, it->args[0], ".cl.c");
        bool to_stdout = !strcmp(out, "-");
        if (to_stdout)
            out = item_temp(it, ".cl.c");
        int st = opencl_to_c(d, it->args[0], it->args[0], out);
        if (st == MCC_OPENCL_INVALID)
            drv_remove_output(out);
        return st ? 1 : to_stdout && !drv_dry_run ? drv_copy_file(out, "-") : 0;
    }
    if (d->stop == STOP_OBJECT && !d->syntax_only && d->opts.ompss)
        return opencl_object(d, it);
    if (drv_verbose)
        fprintf(stderr, "mcc: OpenCL file '%s' recorded for the OpenCL device%s%s\n",
                it->args[0], d->opts.opencl_build_opts ? ", build options: " : "",
                d->opts.opencl_build_opts ? d->opts.opencl_build_opts : "");
    return 0;
}

/* A header: what gcc makes of it, a precompiled header (<header>.gch, or the -o file when
 * it is the only output) with -c or without; -E preprocesses it.  mcc's own preprocessing
 * reads headers as text (a .gch serves only units the native compiler compiles alone). */
static int process_header(struct driver *d, struct item *it)
{
    if (d->stop == STOP_TRANSLATE)
        return 0;
    if (d->stop == STOP_PREPROCESS)
        return compile_native(d, it, "-E", d->output);
    bool alone = true;
    for (size_t i = 0; i < d->nitems; i++)
        alone &= &d->items[i] == it || d->items[i].kind == IN_LINK_ARG;
    return compile_native(d, it, NULL, d->stop != STOP_LINK || alone ? d->output : NULL);
}

static int process_item(struct driver *d, struct item *it)
{
    switch (it->kind) {
    case IN_C:
    case IN_CPP_OUTPUT:
        if (it->kind == IN_CPP_OUTPUT && d->stop == STOP_PREPROCESS)
            return 0; /* already preprocessed: nothing to output, as gcc */
        return process_c(d, it);
    case IN_CUDA:
        return process_cuda(d, it);
    case IN_OPENCL:
        return process_opencl(d, it);
    case IN_NATIVE: {
        static const char *const stage[] = {
            [STOP_PREPROCESS] = "-E", [STOP_TRANSLATE] = NULL, [STOP_ASSEMBLY] = "-S",
            [STOP_OBJECT] = "-c", [STOP_LINK] = "-c"};
        if (!stage[d->stop])
            return 0;
        it->object = d->stop == STOP_PREPROCESS ? d->output : object_name(d, it);
        return compile_native(d, it, stage[d->stop], it->object);
    }
    case IN_HEADER:
        return process_header(d, it);
    case IN_LINK:
    case IN_LINK_ARG:
        return 0;
    }
    return 0;
}

/* ---- OpenCL kernels translated to C (mcc/ocl_*.c, docs/opencl-cpu.md) ---------------- */

/* The object of the generated C `text` (mcc_<name>.c and .o in a temporary directory). */
const char *drv_generated_object(struct driver *d, const char *name, const char *text)
{
    const char *dir = drv_temp_dir();
    const char *c = drv_temp(dir, drv_asprintf("mcc_%s.c", name));
    const char *o = drv_temp(dir, drv_asprintf("mcc_%s.o", name));
    FILE *f = fopen(c, "w");
    if (!f)
        drv_die("cannot write %s: %s", c, strerror(errno));
    fputs(text, f);
    if (fclose(f) != 0)
        drv_die("cannot write %s: %s", c, strerror(errno));
    struct strvec cmd = {0};
    drv_begin_cc(d, &cmd);
    sv_push(&cmd, "-c");
    return run_on_input(&cmd, "c", c, o) == 0 ? o : NULL;
}

/* Write the lines of `text` (malloc'd: kept on `seen`) that `seen` does not hold yet. */
static void write_new_lines(FILE *f, char *text, struct strvec *seen)
{
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        size_t k = 0;
        while (k < seen->n && strcmp(seen->v[k], line))
            k++;
        if (k == seen->n) {
            sv_push(seen, line);
            fprintf(f, "%s\n", line);
        }
    }
}

/* The .cl inputs of a link, embedded with their includes (cl_embed.c): a generated C file
 * with one constructor per source calling nanort_opencl_source(name as given, text,
 * --opencl-build-opts), compiled.  Each text is also a note for the link-time checks
 * (link_check.c): an object made from a .cl by -c and linked later has the kernels that
 * the .cl input itself would have at that link; the MCC_CL_ANCHOR of each kernel lets the
 * link pull such an object out of an archive. */
const char *drv_opencl_sources_object(struct driver *d)
{
    char *text;
    size_t len;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        drv_die("out of memory");
    fputs("/* generated by mcc: the OpenCL sources given on its command line (as strings\n"
          " * longer than -pedantic's 4095 characters) */\n"
          "#pragma GCC diagnostic ignored \"-Woverlength-strings\"\n"
          "void nanort_opencl_source(const char *name, const char *text, "
          "const char *build_opts);\n"
          "void nanort_opencl_kernel_params(const char *source, const char *kernel, "
          "const char *names);\n", f);
    const char *opts = d->opts.opencl_build_opts;
    struct strvec anchored = {0};   /* anchor lines written: a kernel two sources define */
    for (size_t i = 0; i < d->cl_files.n; i++) {
        char *src = cl_embed_text(d->cl_files.v[i], d->cl_files.v[i], d->opts.cl_include_dirs);
        if (!src)
            drv_die("%s: cannot read OpenCL input: %s", d->cl_files.v[i], strerror(errno));
        char *code = cl_embed_c(src, d->cl_files.v[i], opts, drv_asprintf("text_%zu", i),
                                drv_asprintf("source_%zu", i));
        fputs(code, f);
        free(code);
        char *note = cl_c_string(src), *anchors = cl_kernel_anchors(src);
        fprintf(f, "__attribute__((used)) static const char note_%zu[] =\n\"%sopencl-text:%s\";\n",
                i, MCC_NOTE_PREFIX, note);
        write_new_lines(f, anchors, &anchored);
        free(note);
        free(src);
    }
    free(anchored.v);
    if (fclose(f) != 0)
        drv_die("out of memory");
    return drv_generated_object(d, "opencl_sources", text);
}

/* The -D, -U and -I options of --opencl-build-opts (the rest concerns the OpenCL
 * compiler only); -cl-fast-relaxed-math defines what it defines for OpenCL C. */
static void opencl_build_defines(const struct driver *d, struct strvec *cmd)
{
    struct strvec words = {0};
    sv_split_shell(&words, d->opts.opencl_build_opts);
    for (size_t i = 0; i < words.n; i++) {
        const char *w = words.v[i];
        if ((drv_has_prefix(w, "-D") || drv_has_prefix(w, "-U") || drv_has_prefix(w, "-I")) &&
            w[2])
            sv_push(cmd, w);
        else if ((!strcmp(w, "-D") || !strcmp(w, "-U") || !strcmp(w, "-I")) && i + 1 < words.n)
            sv_push(cmd, drv_asprintf("%s%s", w, words.v[++i]));
        else if (!strcmp(w, "-cl-fast-relaxed-math"))
            sv_push(cmd, "-D__FAST_RELAXED_MATH__=1");
    }
}

/* The OpenCL C of `path` as C (registered under `name`) in `c_out`: preprocessed with
 * opencl_c.h, its #includes found next to it, then through the include options of the
 * command and of --opencl-build-opts (as OpenCL sources are embedded), translated.
 * Non-zero when nothing could be written: MCC_OPENCL_INVALID when the text does not
 * preprocess or parse (the OpenCL compiler would refuse it too). */
static int opencl_to_c(struct driver *d, const char *name, const char *path, const char *c_out)
{
    const char *dir = drv_temp_dir();
    const char *pre = drv_temp(dir, drv_asprintf("%s.cl.i", drv_stem(path)));
    struct strvec cmd = {0};
    sv_cat(&cmd, &d->cc);
    sv_push(&cmd, "-E");
    sv_push(&cmd, "-std=c11");      /* no `linux` or `unix` macros in OpenCL C */
    sv_push(&cmd, "-include");
    sv_push(&cmd, drv_asprintf("%s/opencl_c.h", d->mcc_incdir));
    const char *slash = strrchr(path, '/');
    sv_push(&cmd, !slash ? "-I." : slash == path ? "-I/"
                                 : drv_asprintf("-I%.*s", (int)(slash - path), path));
    static const char *const incs[] = {"-I", "-iquote", "-isystem", "-idirafter"};
    for (size_t i = 0; i < sizeof incs / sizeof incs[0]; i++)
        copy_flags(&cmd, &d->inc, incs[i], true);
    opencl_build_defines(d, &cmd);
    if (run_on_input(&cmd, "c", path, pre) != 0)
        return MCC_OPENCL_INVALID;
    if (drv_verbose || drv_dry_run)
        fprintf(stderr, "mcc-translate-opencl %s -o %s\n", pre, c_out);
    if (drv_dry_run)
        return 0;
    fflush(NULL);
    return mcc_translate_opencl(pre, c_out, name, d->opencl_cpu == 2, &d->opts);
}

/* The object of `path`'s kernels translated to C and compiled by gcc -O3; NULL when there
 * is none (--opencl-cpu=no, or the translation failed and only a warning is due),
 * DRV_OPENCL_CPU_FAILED after an error (a warning under -Werror too): a .cl that does not
 * preprocess or parse is one with every --opencl-cpu but no (its kernels could build for
 * no device). */
const char *drv_opencl_cpu_object(struct driver *d, const char *name, const char *path)
{
    if (!d->opencl_cpu || !d->opts.ompss)
        return NULL;
    const char *dir = drv_temp_dir();
    const char *stem = drv_stem(path);
    const char *c = d->keep ? drv_asprintf("%s.cl.c", stem)
                            : drv_temp(dir, drv_asprintf("%s.cl.c", stem));
    const char *o = drv_temp(dir, drv_asprintf("%s.cl.o", stem));
    int st = opencl_to_c(d, name, path, c);
    if (st == MCC_OPENCL_INVALID) {
        drv_remove_output(c);
        fprintf(stderr, "mcc: error: %s: not valid OpenCL C (see above): no device could build "
                "its kernels (macros it needs go in --opencl-build-opts)\n", path);
    }
    if (st != 0)
        return d->opencl_cpu == 2 || st == MCC_OPENCL_INVALID || st == MCC_OPENCL_WERROR
               ? DRV_OPENCL_CPU_FAILED : NULL;
    struct strvec cmd = {0};
    drv_begin_cc(d, &cmd);
    static const char *const flags[] = {
        "-c", "-O3", "-std=gnu11", "-w", "-Wno-psabi", "-Werror=implicit-function-declaration",
        "-ffp-contract=off", "-fno-math-errno", "-fno-trapping-math",
    };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        sv_push(&cmd, flags[i]);
    add_mcc_includes(d, &cmd);
    if (run_on_input(&cmd, "c", c, o) == 0)
        return o;
    /* The errors above are at the kernels' own lines (linemarkers), whether the kernel is
     * wrong (a mistyped initializer: OpenCL C rejects it too) or mcc's translation is:
     * which one mcc cannot tell, so the message does not blame either. */
    if (d->opencl_cpu == 2) {
        fprintf(stderr, "mcc: error: %s: its kernels translated to C do not compile (errors "
                "above): fix what is wrong in the kernel; if the kernel is valid OpenCL C, it is "
                "a bug of mcc: please report it\n", path);
        return DRV_OPENCL_CPU_FAILED;
    }
    fprintf(stderr, "mcc: warning: %s: its kernels translated to C do not compile (errors "
            "above), so its tasks keep only their OpenCL implementation: fix what is wrong in "
            "the kernel (an OpenCL compiler rejects it too); if the kernel is valid OpenCL C, it "
            "is a bug of mcc: please report it\n", path);
    return NULL;
}

/* Are the OpenCL kernels of the unit just translated (its file(...) sources) to go into its
 * object (-c)? */
static bool opencl_cpu_combined(const struct driver *d)
{
    const char *const *names, *const *paths;
    return d->stop == STOP_OBJECT && !d->syntax_only && d->opencl_cpu && d->opts.ompss &&
           mcc_opencl_sources(&names, &paths) > 0;
}

/* The kernels of the OpenCL sources a translated unit embeds (file(...)), compiled to C
 * beside it: in the link, or with -c in the object of `it` together with the unit's own
 * object `unit` (a temporary then: opencl_cpu_combined). */
static int opencl_cpu_unit(struct driver *d, struct item *it, const char *unit)
{
    const char *const *names, *const *paths;
    int n = mcc_opencl_sources(&names, &paths);
    if (!n || d->stop < STOP_OBJECT || d->syntax_only)
        return 0;
    for (int i = 0; i < n; i++) {
        const char *o = drv_opencl_cpu_object(d, names[i], paths[i]);
        if (o == DRV_OPENCL_CPU_FAILED)
            return 1;
        if (o)
            sv_push(&it->ocl_objects, o);
    }
    if (d->stop == STOP_LINK || unit == it->object)
        return 0;
    if (!it->ocl_objects.n)     /* no kernel translated (warnings): the unit alone */
        return drv_copy_file(unit, it->object);
    struct strvec cmd = {0};
    sv_cat(&cmd, &d->cc);
    sv_push(&cmd, "-r");
    sv_push(&cmd, "-nostdlib");
    sv_push(&cmd, unit);
    sv_cat(&cmd, &it->ocl_objects);
    sv_push(&cmd, "-o");
    sv_push(&cmd, it->object);
    it->ocl_objects.n = 0;
    return drv_run(&cmd);
}

/* -c on a .cl input: one object holding its text (registered, as at a link) and its
 * kernels translated to C, so that linking the object is linking the .cl. */
static int opencl_object(struct driver *d, struct item *it)
{
    struct strvec all = d->cl_files, one = {0};
    sv_push(&one, it->args[0]);
    d->cl_files = one;
    (void)cl_embed_take_files();
    const char *text = drv_opencl_sources_object(d);
    d->cl_files = all;
    if (!text)
        return 1;
    add_embedded_dependencies(d, it->args[0]);
    const char *cpu = drv_opencl_cpu_object(d, it->args[0], it->args[0]);
    if (cpu == DRV_OPENCL_CPU_FAILED)
        return 1;
    struct strvec cmd = {0};
    sv_cat(&cmd, &d->cc);
    sv_push(&cmd, "-r");
    sv_push(&cmd, "-nostdlib");
    sv_push(&cmd, text);
    if (cpu)
        sv_push(&cmd, cpu);
    sv_push(&cmd, "-o");
    sv_push(&cmd, final_name(d, it->args[0], ".o"));
    return drv_run(&cmd);
}

/* ---- main ----------------------------------------------------------------------------- */

/* How many inputs produce an output of their own at this stop. */
static size_t count_outputs(const struct driver *d)
{
    size_t n = 0;
    for (size_t i = 0; i < d->nitems; i++) {
        enum input_kind k = d->items[i].kind;
        if (k == IN_C || k == IN_CPP_OUTPUT ||
            ((k == IN_NATIVE || k == IN_HEADER) && d->stop != STOP_TRANSLATE) ||
            (k == IN_CUDA && d->stop >= STOP_OBJECT) ||
            (k == IN_OPENCL && (d->stop == STOP_TRANSLATE || d->stop == STOP_OBJECT)))
            n++;
    }
    return n;
}

/* No inputs: queries about the compiler (-print-*, -dump*, --help=target, which build scripts
 * ask) go to it, -print-file-name= looking in nanort's lib dir first (libnanort.so, for a
 * build's rpath); `mcc -v` prints the version, then the compiler's (gcc -v: its
 * configuration, which build systems log).  Without a query, -l and -Wl options alone are
 * a link, as gcc makes them (Meson asks `cc -Wl,--version` which linker it runs). */
static int run_without_inputs(struct driver *d)
{
    static const char *const queries[] = {"-print-", "-dump", "--help=", "--target-help"};
    bool query = drv_verbose;
    for (size_t i = 0; i < d->all.n; i++)
        for (size_t k = 0; k < sizeof queries / sizeof queries[0]; k++)
            query |= drv_has_prefix(d->all.v[i], queries[k]);
    if (!query && d->nitems && d->stop == STOP_LINK)
        return drv_link_program(d);
    if (!query)
        drv_die("no input files");
    if (drv_verbose)
        drv_print_version(stderr);
    struct strvec cmd = {0};
    drv_begin_cc(d, &cmd);
    if (has_flag_prefix(&d->all, "-print-file-name="))  /* nanort's files are found too */
        sv_push(&cmd, drv_asprintf("-B%s/", d->libdir));
    return drv_run(&cmd);
}

/* --version: mcc's line, then the native compiler's text, as mpicc prints it (Meson tells
 * a GNU compiler by the "Free Software Foundation" of gcc's). */
static int print_versions(const struct driver *d)
{
    drv_print_version(stdout);
    fflush(stdout);
    struct strvec cmd = {0};
    sv_cat(&cmd, &d->cc);
    sv_push(&cmd, "--version");
    return drv_run(&cmd);
}

/* What the options imply beyond themselves, and where the compiler and nanort are. */
static void settle_options(struct driver *d, const char *argv0)
{
    if (d->user_fopenmp && !d->opts.ompss)
        sv_push(&d->all, "-fopenmp"); /* plain gcc behaviour; with OmpSs nanort replaces libgomp */
    if (d->opts.debug && d->opts.ompss) {  /* after the user's flags: the last -O wins */
        sv_push(&d->all, "-g");
        sv_push(&d->all, "-O0");
        d->opts.optimizing = false;
    }
    choose_compiler(d);
    locate_prefix(d, argv0);
    /* a .cu input makes a CUDA program: its C units see the header the .cu shares with
     * them (float2, dim3, make_float4) as they would with --cuda */
    for (size_t i = 0; !d->cuda && i < d->nitems; i++)
        d->cuda = d->items[i].kind == IN_CUDA;
    d->opts.cuda_host = d->cuda && d->opts.ompss && cuda_include_dir() != NULL;
    d->opts.cl_include_dirs = opencl_include_dirs(d);
    cl_macros_build_opts(d->opts.opencl_build_opts);
}

/* C++ in OmpSs mode: an error before anything runs (cxx_input.c); true when there is one. */
static bool reject_cxx_inputs(const struct driver *d)
{
    bool cxx = false;
    for (size_t i = 0; d->opts.ompss && i < d->nitems; i++)
        if (d->items[i].kind == IN_NATIVE && mcc_cxx_input(d->items[i].args[0], d->items[i].lang)) {
            mcc_cxx_error(d->items[i].args[0]);
            cxx = true;
        }
    return cxx;
}

int main(int argc, char **argv)
{
    struct driver d = {.stop = STOP_LINK, .opts = {.ompss = true, .copy_deps = true},
                       .opencl_cpu = 1};
    drv_parse_command_line(&d, argc, argv);
    settle_options(&d, argv[0]);
    drv_install_signal_handlers();
    if (d.version)
        return print_versions(&d);

    size_t real_inputs = 0, headers = 0;
    for (size_t i = 0; i < d.nitems; i++) {
        real_inputs += d.items[i].kind != IN_LINK_ARG;
        headers += d.items[i].kind == IN_HEADER;
    }
    if (real_inputs == 0)
        return run_without_inputs(&d);
    if (d.output && d.stop != STOP_LINK && count_outputs(&d) > 1)
        drv_die("cannot specify '-o' with '-c', '-S', '-E' or '-y' with multiple files");
    if (reject_cxx_inputs(&d))
        return 1;

    int status = 0;
    for (size_t i = 0; i < d.nitems; i++) {
        int st = process_item(&d, &d.items[i]);
        if (st && !status)
            status = st;
    }
    if (status || d.stop != STOP_LINK || headers == real_inputs)
        return status;      /* (headers alone: precompiled, nothing to link) */
    return drv_link_program(&d);
}
