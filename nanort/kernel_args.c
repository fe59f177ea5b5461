/*
 * kernel_args.c - the arguments an OpenCL kernel gets when it takes fewer parameters than
 * its task's prototype (docs/devices.md: the task's parameters matched by name; `n` may
 * size the range and the dependences without being the kernel's).
 *
 * mcc registers the parameter names of every kernel of the sources it embeds
 * (nanort_opencl_kernel_params, from constructors) and names the arguments of its
 * launches after the prototype's parameters (nanort_kernel_launch_named).  A launch of an
 * OpenCL implementation, or of its translation to C, whose kernel has fewer parameters
 * than the launch has arguments gets the arguments of the kernel's names, in the kernel's
 * order; the rest is as written.  The registry is global and append-only (the first
 * registration of a kernel of a source is the one found, as for the sources): writers
 * take one lock, a launch reads it without (a node is published with a release store and
 * never freed), and each thread keeps the last kernel it looked up, so that a translated
 * kernel launched by every worker many times neither scans the list nor shares a lock.
 *
 * Also the arguments mcc cannot classify (NANORT_KARG_AUTO: a pointer parameter of a task
 * whose dependences are depend objects, which name data mcc does not see): a buffer when
 * the task's data hold the pointer, else OpenCL __local memory.
 */
#include "nrt.h"

#include <stdlib.h>
#include <string.h>

struct kernel_params {
    char *source, *kernel, *names;  /* immutable once listed */
    unsigned n;                     /* parameters in names */
    _Atomic(struct kernel_params *) next;   /* written under params_lock, read without */
};

static struct nrt_lock params_lock = NRT_LOCK_INITIALIZER;
static _Atomic(struct kernel_params *) params;
static _Atomic(struct kernel_params *) *params_tail = &params;  /* params_lock */

static char *dup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(nrt_xmalloc(n), s, n);
}

void nanort_opencl_kernel_params(const char *source, const char *kernel, const char *names)
{
    if (!source || !kernel || !names)
        return;
    struct kernel_params *p = nrt_xcalloc(1, sizeof *p);
    *p = (struct kernel_params){.source = dup(source), .kernel = dup(kernel),
                                .names = dup(names), .n = *names != '\0'};
    for (const char *c = names; (c = strchr(c, ',')) != NULL; c++)
        p->n++;
    nrt_lock_acquire(&params_lock);
    atomic_store_explicit(params_tail, p, memory_order_release);    /* p's fields first */
    params_tail = &p->next;
    nrt_lock_release(&params_lock);
}

static const char *last_component(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

int nrt_cl_file_match(const char *name, const char *file)
{
    return !strcmp(name, file) ? 2 : !strcmp(last_component(name), last_component(file));
}

/* The parameters of `kernel` in `file` (NULL: in any source), or NULL.  The last answer
 * of this thread is kept by the strings' addresses (an implementation's, constant); a
 * kernel not found is looked up again, as its sources may be registered later. */
static const struct kernel_params *find(const char *kernel, const char *file)
{
#define IE __attribute__((tls_model("initial-exec")))
    static __thread const char *last_kernel IE, *last_file IE;
    static __thread const struct kernel_params *last IE;
#undef IE
    if (last && kernel == last_kernel && file == last_file)
        return last;
    const struct kernel_params *found = NULL;
    int best = 0;
    /* acquire: pairs with the release that published each node */
    for (const struct kernel_params *p = atomic_load_explicit(&params, memory_order_acquire);
         p && best < 2; p = atomic_load_explicit(&p->next, memory_order_acquire)) {
        int m = !strcmp(p->kernel, kernel) ? (file ? nrt_cl_file_match(p->source, file) : 2) : 0;
        if (m > best)
            found = p, best = m;
    }
    last_kernel = kernel, last_file = file, last = found;
    return found;
}

/* The argument named name[0..n) in arg_names ("n1,n2,..."), or NULL. */
static const struct nanort_karg *named(const struct nanort_launch *l, const char *arg_names,
                                       const char *name, size_t n)
{
    const char *a = arg_names;
    for (unsigned i = 0; i < l->nargs && a; i++, a = strchr(a, ',') ? strchr(a, ',') + 1 : NULL)
        if (strcspn(a, ",") == n && !memcmp(a, name, n))
            return &l->args[i];
    return NULL;
}

const struct nanort_launch *nrt_kargs_pick(const nanort_ctx *ctx, const struct nanort_launch *l,
                                           const char *arg_names, struct nanort_launch *out,
                                           struct nanort_karg *buf)
{
    const char *kernel, *file;
    if (!arg_names || !ctx->impl) {
        return l;
    } else if (nrt_clcpu_impl(ctx->impl)) {
        const struct nanort_opencl_cpu_kernel *k = ctx->impl->device_info;
        kernel = k->kernel, file = k->source;
    } else if (ctx->impl->device == NANORT_DEVICE_OPENCL && ctx->impl->device_info) {
        const struct nanort_opencl_info *info = ctx->impl->device_info;
        kernel = info->kernel, file = info->file;
    } else {
        return l;
    }
    const struct kernel_params *p = kernel ? find(kernel, file) : NULL;
    if (!p || p->n >= l->nargs)
        return l;
    const char *name = p->names;
    for (unsigned i = 0; i < p->n; i++, name += strcspn(name, ",") + 1) {
        int n = (int)strcspn(name, ",");
        const struct nanort_karg *a = named(l, arg_names, name, (size_t)n);
        if (!a)
            nrt_fatal("task '%s': kernel '%s' in %s takes parameter %u '%.*s', which the task "
                      "does not pass (a kernel that takes fewer parameters than its task gets "
                      "them by name); name the kernel's parameter as the task's",
                      ctx->task->type->label ? ctx->task->type->label : "?", kernel,
                      p->source, i + 1, n, name);
        buf[i] = *a;
    }
    *out = *l;
    out->nargs = p->n;
    out->args = buf;
    return out;
}

/* Does one of t's regions (of its copied data, on a device) hold host address p? */
static bool data_hold(nanort_ctx *ctx, const void *p)
{
    void *buf;
    size_t off;
    if (ctx->space)
        return nrt_cache_translate(ctx, p, &buf, &off);
    for (unsigned i = 0; i < ctx->task->nregions; i++) {
        const struct nrt_region *r = &ctx->task->regions[i];
        if ((r->nd && r->lo <= (uintptr_t)p && (uintptr_t)p < r->hi) || r->base == p)
            return true;
    }
    return false;
}

const struct nanort_launch *nrt_kargs_auto(nanort_ctx *ctx, const struct nanort_launch *l,
                                           struct nanort_launch *out, struct nanort_karg *buf)
{
    unsigned i = 0;
    while (i < l->nargs && l->args[i].kind != NANORT_KARG_AUTO)
        i++;
    if (i == l->nargs)
        return l;
    bool cuda = ctx->impl && ctx->impl->device == NANORT_DEVICE_CUDA;
    for (i = 0; i < l->nargs; i++) {
        buf[i] = l->args[i];
        if (buf[i].kind != NANORT_KARG_AUTO)
            continue;
        bool held = !buf[i].ptr ? cuda || buf[i].size == 0 : data_hold(ctx, buf[i].ptr);
        if (!held && cuda)
            nrt_fatal("task '%s': CUDA kernel argument %u (%p) is a pointer outside the data "
                      "copied for the task (its depend objects, depend(depobj: ...), name the "
                      "data it copies): make the object's dependence cover it, or name the "
                      "data in a dependence or copy clause of the task",
                      ctx->task->type->label ? ctx->task->type->label : "?", i, buf[i].ptr);
        buf[i].kind = held ? NANORT_KARG_BUFFER : NANORT_KARG_LOCAL;
        if (held)
            buf[i].size = sizeof(void *);
    }
    *out = *l;
    out->args = buf;
    return out;
}
