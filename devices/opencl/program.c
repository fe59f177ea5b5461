/*
 * program.c - OpenCL C sources embedded in the program, built once per (source, device):
 * ahead, while the device's manager has no task yet (--opencl-prebuild: by default on GPUs),
 * or at the first use of one of their kernels; kernels created once per (kernel, device).
 *
 * The registry of sources is global (nanort_opencl_source() runs from constructors, before
 * main, and may run later from any thread): an append-only list under a lock whose nodes
 * are never freed.  Programs and kernels are per device and touched by that device's
 * manager thread only, so they need no lock.
 */
#include "opencl.h"

#include <stdlib.h>
#include <string.h>

struct ocl_source {
    char *name, *text, *opts;       /* immutable once listed */
    struct ocl_source *next;        /* sources_lock */
};

static struct nrt_lock sources_lock = NRT_LOCK_INITIALIZER;
static struct ocl_source *sources, **sources_tail = &sources;   /* sources_lock */

struct ocl_program {
    const struct ocl_source *src;
    cl_program prog;
    struct ocl_program *next;
};

struct ocl_kernel {
    const struct nanort_opencl_info *info;  /* the key: implementations' static data */
    cl_kernel k;
    struct ocl_kernel *next;
};

static char *dup_or_null(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    return memcpy(nrt_xmalloc(n), s, n);
}

void nanort_opencl_source(const char *name, const char *text, const char *build_opts)
{
    if (!name || !text)
        nrt_fatal("nanort_opencl_source() needs a name and the source text (got %s%s)",
                  name ? "" : "no name", text ? "" : " no text");
    nrt_lock_acquire(&sources_lock);
    bool known = false;
    for (struct ocl_source *s = sources; s; s = s->next)
        known |= strcmp(s->name, name) == 0;
    if (!known) {
        struct ocl_source *s = nrt_xcalloc(1, sizeof *s);
        s->name = dup_or_null(name);
        s->text = dup_or_null(text);
        s->opts = dup_or_null(build_opts);
        *sources_tail = s;
        sources_tail = &s->next;
    }
    nrt_lock_release(&sources_lock);
}

bool ocl_have_sources(void)
{
    nrt_lock_acquire(&sources_lock);
    bool any = sources != NULL;
    nrt_lock_release(&sources_lock);
    return any;
}

/* ---- finding the sources of a kernel ------------------------------------------------ */

#define MAX_CANDIDATES 16

/* Sources that may hold the kernel: those named info->file (as given to mcc, else by its
 * last component), else every source whose text mentions the kernel's name or may paste
 * it together in a macro (`##`), in registration order. */
static unsigned find_sources(const struct nanort_opencl_info *info,
                             const struct ocl_source **out)
{
    unsigned n = 0;
    nrt_lock_acquire(&sources_lock);
    /* a source named exactly as file(...) names it, else by its last component */
    for (int want = 2; want > 0 && n == 0; want--)
        for (const struct ocl_source *s = sources; s && n < MAX_CANDIDATES; s = s->next)
            if (info->file ? nrt_cl_file_match(s->name, info->file) == want
                           : want == 2 && (strstr(s->text, info->kernel) || strstr(s->text, "##")))
                out[n++] = s;
    nrt_lock_release(&sources_lock);
    return n;
}

static const char *label(const nanort_ctx *ctx)
{
    return ctx->task->type->label ? ctx->task->type->label : "?";
}

static void __attribute__((noreturn)) no_source(const struct nanort_opencl_info *info,
                                                const nanort_ctx *ctx)
{
    if (info->file)
        nrt_fatal("OpenCL kernel '%s' of task '%s': no OpenCL source named '%s' is in the "
                  "program; give %s to mcc with the other inputs, or register it with "
                  "nanort_opencl_source()", info->kernel, label(ctx), info->file, info->file);
    nrt_fatal("OpenCL kernel '%s' of task '%s': no OpenCL source in the program contains it; "
              "give its .cl file to mcc with the other inputs, or register it with "
              "nanort_opencl_source()", info->kernel, label(ctx));
}

/* ---- building ------------------------------------------------------------------------ */

/* The build log of p for d (allocated). */
static char *build_log(struct ocl_device *d, cl_program p)
{
    size_t n = 0;
    OCL_CHECK(d->space, NULL, clGetProgramBuildInfo, p, d->id, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
    char *log = nrt_xcalloc(1, n + 1);
    OCL_CHECK(d->space, NULL, clGetProgramBuildInfo, p, d->id, CL_PROGRAM_BUILD_LOG, n, log, NULL);
    return log;
}

static char *build_options(const struct ocl_source *src)
{
    const char *a = src->opts ? src->opts : "", *b = ocl_runtime_build_opts();
    size_t n = strlen(a) + strlen(b) + 2;
    char *o = nrt_xmalloc(n);
    snprintf(o, n, "%s%s%s", a, *a && *b ? " " : "", b);
    return o;
}

/* NVIDIA's compiler ignores #line: its log says "<kernel>:LINE:" for the text it was given,
 * whose first line is the #line naming the source (program_build's or mcc's).  Where that
 * is the text's only #line, the log names the source and its own line instead. */
static char *name_lines(char *log, const struct ocl_source *src)
{
    static const char tag[] = "<kernel>:";
    const size_t tn = sizeof tag - 1;
    const char *first = strstr(src->text, "#line");
    if ((first && (first != src->text || strstr(first + 5, "#line"))) || !strstr(log, tag))
        return log;
    char *out;
    size_t size;
    FILE *f = open_memstream(&out, &size);
    if (!f)
        return log;
    for (const char *p = log; *p;) {
        const char *hit = strstr(p, tag);
        if (!hit) {
            fputs(p, f);
            break;
        }
        fwrite(p, 1, (size_t)(hit - p), f);
        char *end;
        long line = strtol(hit + tn, &end, 10);
        if (end > hit + tn && *end == ':' && line > 1) {
            fprintf(f, "%s:%ld", src->name, line - 1);
            p = end;
        } else {
            fwrite(hit, 1, tn, f);
            p = hit + tn;
        }
    }
    fclose(f);
    free(log);
    return out;
}

/* The build log of p for src on d, naming src's lines, without trailing blanks. */
static char *named_log(struct ocl_device *d, cl_program p, const struct ocl_source *src)
{
    char *log = name_lines(build_log(d, p), src);
    size_t n = strlen(log);
    while (n > 0 && (log[n - 1] == '\n' || log[n - 1] == ' '))
        log[--n] = '\0';
    return log;
}

static void __attribute__((noreturn)) build_failed(struct ocl_device *d, cl_program p,
                                                   const struct ocl_source *src,
                                                   const char *kernel, const char *opts)
{
    char *log = named_log(d, p, src);
    nrt_fatal("OpenCL kernel '%s' (file %s) failed to build for device %s:\n%s\n"
              "nanort: fix the errors above in %s%s%s%s (the runtime builds it when a task first "
              "needs one of its kernels)", kernel, src->name, d->space->name, log, src->name,
              *opts ? " or the build options '" : "", opts, *opts ? "'" : "");
}

static cl_program program_find(const struct ocl_device *d, const struct ocl_source *src)
{
    for (const struct ocl_program *p = d->programs; p; p = p->next)
        if (p->src == src)
            return p->prog;
    return NULL;
}

/* src built for d and kept; when `quiet` (ahead of its use, or to learn whether it
 * builds), NULL on a failure instead of stopping the program with the build log, which
 * goes to *log when log is not NULL (allocated). */
static cl_program program_build(struct ocl_device *d, const struct ocl_source *src,
                                const nanort_ctx *ctx, const char *kernel, bool quiet,
                                char **log)
{
    cl_int err;
    /* Build errors name the source as it was registered, not the OpenCL implementation's
     * temporary copy (mcc's embedded texts carry their own #line directives). */
    char line[512];
    snprintf(line, sizeof line, "#line 1 \"%s\"\n", src->name);
    bool named = strncmp(src->text, "#line", 5) == 0 || strpbrk(src->name, "\"\\\n");
    const char *text[2] = {line, src->text};
    cl_program prog = ocl.clCreateProgramWithSource(d->context, named ? 1 : 2,
                                                    text + named, NULL, &err);
    if (err != CL_SUCCESS) {
        if (quiet)
            return NULL;
        ocl_fail("clCreateProgramWithSource", err, d->space, ctx);
    }
    char *opts = build_options(src);
    err = ocl.clBuildProgram(prog, 1, &d->id, opts, NULL, NULL);
    if (err != CL_SUCCESS && quiet) {
        if (log && (err == CL_BUILD_PROGRAM_FAILURE || err == CL_INVALID_BUILD_OPTIONS))
            *log = named_log(d, prog, src);
        ocl.clReleaseProgram(prog);
        free(opts);
        return NULL;
    }
    if (err == CL_BUILD_PROGRAM_FAILURE || err == CL_INVALID_BUILD_OPTIONS)
        build_failed(d, prog, src, kernel, opts);
    if (err != CL_SUCCESS)
        ocl_fail("clBuildProgram", err, d->space, ctx);
    free(opts);
    struct ocl_program *p = nrt_xmalloc(sizeof *p);
    *p = (struct ocl_program){src, prog, d->programs};
    /* (release: tests/devices/opencl/prebuild.c watches the list from another thread) */
    __atomic_store_n(&d->programs, p, __ATOMIC_RELEASE);
    return prog;
}

/* src built for d (once: the program is kept). */
static cl_program program_get(struct ocl_device *d, const struct ocl_source *src,
                              const nanort_ctx *ctx, const char *kernel)
{
    cl_program prog = program_find(d, src);
    return prog ? prog : program_build(d, src, ctx, kernel, false, NULL);
}

bool ocl_program_ahead(struct ocl_device *d)
{
    nrt_lock_acquire(&sources_lock);
    const struct ocl_source *src = d->ahead ? d->ahead->next : sources;
    nrt_lock_release(&sources_lock);
    if (!src)
        return false;
    d->ahead = src;
    if (!program_find(d, src))
        program_build(d, src, NULL, NULL, true, NULL);
    return true;
}

/* ---- kernels --------------------------------------------------------------------------- */

static const struct nanort_opencl_info *impl_info(const nanort_ctx *ctx)
{
    const struct nanort_opencl_info *info = ctx->impl->device_info;
    if (!info || !info->kernel)
        nrt_fatal("implementation '%s' of task '%s' names no OpenCL kernel (its device_info "
                  "must point to a struct nanort_opencl_info)", ctx->impl->name, label(ctx));
    return info;
}

/* Create the kernel from the first candidate source that has it. */
static cl_kernel kernel_create(struct ocl_device *d, const struct nanort_opencl_info *info,
                               const nanort_ctx *ctx)
{
    const struct ocl_source *cand[MAX_CANDIDATES];
    unsigned n = find_sources(info, cand);
    if (n == 0)
        no_source(info, ctx);
    for (unsigned i = 0; i < n; i++) {
        cl_program prog = program_get(d, cand[i], ctx, info->kernel);
        cl_int err;
        cl_kernel k = ocl.clCreateKernel(prog, info->kernel, &err);
        if (err == CL_SUCCESS)
            return k;
        if (err != CL_INVALID_KERNEL_NAME)
            ocl_fail("clCreateKernel", err, d->space, ctx);
    }
    nrt_fatal("OpenCL kernel '%s' of task '%s' is not defined in %s%s (a __kernel function "
              "of that name is needed; name(...) gives it when it differs from the task's; a name "
              "of an OpenCL C built-in function such as step or mix cannot be used)",
              info->kernel, label(ctx), info->file ? info->file : "any source of the program",
              info->file ? "" : " that mentions it");
}

cl_kernel ocl_kernel_get(struct ocl_device *d, const nanort_ctx *ctx)
{
    const struct nanort_opencl_info *info = impl_info(ctx);
    for (struct ocl_kernel *k = d->kernels; k; k = k->next)
        if (k->info == info && k->k)
            return k->k;
    /* (an entry without a kernel: ocl_kernel_usable() found that it does not build, and
     * the task has no other implementation: kernel_create() reports the build log) */
    struct ocl_kernel *k = nrt_xmalloc(sizeof *k);
    *k = (struct ocl_kernel){info, kernel_create(d, info, ctx), d->kernels};
    d->kernels = k;
    return k->k;
}

/* compute->usable: whether impl's kernel can be created on d, its sources built quietly
 * (the first that builds and has it, as kernel_create()); a kernel that does not build
 * is said once, with the build log, and kept as an entry without a kernel.  A kernel no
 * source has, and other errors, are left to the launch, which reports them. */
bool ocl_kernel_usable(struct ocl_device *d, const struct nanort_impl *impl)
{
    const struct nanort_opencl_info *info = impl->device_info;
    if (!info || !info->kernel)
        return true;
    for (const struct ocl_kernel *k = d->kernels; k; k = k->next)
        if (k->info == info)
            return k->k != NULL;
    const struct ocl_source *cand[MAX_CANDIDATES], *failed = NULL;
    unsigned n = find_sources(info, cand);
    char *log = NULL;
    for (unsigned i = 0; i < n; i++) {
        char *why = NULL;
        cl_program prog = program_find(d, cand[i]);
        if (!prog)
            prog = program_build(d, cand[i], NULL, info->kernel, true, &why);
        if (!prog) {
            if (!failed) {
                failed = cand[i];
                log = why;
            } else {
                free(why);
            }
            continue;
        }
        cl_int err;
        cl_kernel kern = ocl.clCreateKernel(prog, info->kernel, &err);
        if (err != CL_SUCCESS) {
            if (err == CL_INVALID_KERNEL_NAME)
                continue;
            free(log);
            return true;
        }
        struct ocl_kernel *k = nrt_xmalloc(sizeof *k);
        *k = (struct ocl_kernel){info, kern, d->kernels};
        d->kernels = k;
        free(log);
        return true;
    }
    if (!failed)
        return true;
    fprintf(stderr, "nanort: OpenCL kernel '%s' (file %s) failed to build for device %s:\n%s\n",
            info->kernel, failed->name, d->space->name, log ? log : "(no build log)");
    free(log);
    struct ocl_kernel *k = nrt_xmalloc(sizeof *k);
    *k = (struct ocl_kernel){info, NULL, d->kernels};
    d->kernels = k;
    return false;
}

void ocl_programs_release(struct ocl_device *d)
{
    for (struct ocl_kernel *k = d->kernels, *next; k; k = next) {
        next = k->next;
        if (k->k)
            OCL_CHECK(d->space, NULL, clReleaseKernel, k->k);
        free(k);
    }
    for (struct ocl_program *p = d->programs, *next; p; p = next) {
        next = p->next;
        OCL_CHECK(d->space, NULL, clReleaseProgram, p->prog);
        free(p);
    }
    d->kernels = NULL;
    d->programs = NULL;
}
