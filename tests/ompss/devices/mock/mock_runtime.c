/* mock_runtime.c - see mock_runtime.h.  Not thread-safe: tasks run on the creating thread. */
#include "mock_runtime.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum nanort_device_kind mock_device = NANORT_DEVICE_SMP;
int mock_nlaunches, mock_nsources;
struct mock_source mock_sources[MOCK_MAX];
static struct mock_launch last;
void (*mock_on_read)(const void *base, size_t bytes);
/* nanort_launch_reads of the running implementation, before its launch */
static unsigned nreads;
static const void *read_bases[MOCK_MAX];
static size_t read_bytes[MOCK_MAX];

struct nanort_task {
    struct nanort_task_type *type;
    void *args;
    unsigned nregions;
    unsigned flags[MOCK_MAX];
    const void *bases[MOCK_MAX];
    size_t bytes[MOCK_MAX];
};

struct nanort_ctx {
    struct nanort_task *task;
    const struct nanort_impl *impl;
};

const struct mock_launch *mock_last(void)
{
    return mock_nlaunches ? &last : NULL;
}

nanort_task *nanort_task_create(struct nanort_task_type *type, size_t args_size,
                                unsigned nregions, unsigned ndims_total, void **args)
{
    (void)ndims_total;
    struct nanort_task *t = calloc(1, sizeof *t);
    t->args = calloc(1, args_size ? args_size : 1);
    if (!t || !t->args || nregions > MOCK_MAX) {
        fprintf(stderr, "mock: cannot create a task of %u regions\n", nregions);
        exit(2);
    }
    t->type = type;
    *args = t->args;
    return t;
}

void nanort_task_region(nanort_task *t, unsigned flags, const void *base, unsigned ndims,
                        const struct nanort_dim *dims)
{
    size_t bytes = 1;
    for (unsigned i = 0; i < ndims; i++)
        bytes *= dims[i].length;
    t->flags[t->nregions] = flags;
    t->bases[t->nregions] = (const char *)base + (ndims ? dims[0].lower : 0);
    t->bytes[t->nregions++] = bytes;
}

void nanort_task_region1(nanort_task *t, unsigned flags, const void *addr, size_t bytes)
{
    struct nanort_dim d = {bytes, 0, bytes};
    nanort_task_region(t, flags, addr, 1, &d);
}

/* OpenMP depend objects: the one region an object holds (no dimensions kept: the mock
 * records a region's start and bytes). */
struct mock_depobj {
    unsigned flags;
    const void *start;
    size_t bytes;
};

void nanort_depobj_init(void **slot, unsigned flags, const void *base, unsigned ndims,
                        const struct nanort_dim *dims)
{
    struct mock_depobj *o = malloc(sizeof *o);
    if (!o)
        exit(2);
    o->flags = flags;
    o->start = (const char *)base + (ndims ? dims[0].lower : 0);
    o->bytes = 1;
    for (unsigned i = 0; i < ndims; i++)
        o->bytes *= dims[i].length;
    *slot = o;
}

void nanort_depobj_init1(void **slot, unsigned flags, const void *addr, size_t bytes)
{
    struct nanort_dim d = {bytes, 0, bytes};
    nanort_depobj_init(slot, flags, addr, 1, &d);
}

void nanort_depobj_destroy(void **slot, const char *where)
{
    (void)where;
    free(*slot);
    *slot = NULL;
}

unsigned nanort_depobj_ndims(void *const *slot, const char *where)
{
    (void)slot;
    (void)where;
    return 1;
}

/* copies: the COPY bits of the object's mode, as the runtime adds them */
void nanort_task_depobj(nanort_task *t, void *const *slot, int copies, const char *where)
{
    const struct mock_depobj *o = *slot;
    unsigned mode = o->flags & NANORT_DEP_MODE_MASK;
    unsigned bits = !copies ? 0u : mode == NANORT_DEP_IN ? NANORT_COPY_IN
                    : mode == NANORT_DEP_OUT ? NANORT_COPY_OUT : NANORT_COPY_INOUT;
    (void)where;
    t->flags[t->nregions] = o->flags | bits;
    t->bases[t->nregions] = o->start;
    t->bytes[t->nregions++] = o->bytes;
}

/* Implementations added at start-up (implements(f) of a task whose type is another
 * unit's, or a device(undefined) task's). */
static struct {
    const struct nanort_task_type *type;
    const struct nanort_impl *impl;
} added[MOCK_MAX];
static int nadded;

void nanort_task_type_add_impl(struct nanort_task_type *type, const struct nanort_impl *impl)
{
    if (nadded == MOCK_MAX) {
        fprintf(stderr, "mock: more than %d implementations added\n", MOCK_MAX);
        exit(2);
    }
    added[nadded].type = type;
    added[nadded++].impl = impl;
}

void nanort_task_submit(nanort_task *t, unsigned flags, int priority)
{
    (void)flags;
    (void)priority;
    const struct nanort_impl *impl = NULL;
    for (unsigned i = 0; i < t->type->nimpls && !impl; i++)
        if (t->type->impls[i].device == mock_device)
            impl = &t->type->impls[i];
    for (int i = 0; i < nadded && !impl; i++)
        if (added[i].type == t->type && added[i].impl->device == mock_device)
            impl = added[i].impl;
    if (!impl) {
        fprintf(stderr, "mock: task type '%s' has no implementation for device %d\n",
                t->type->label, (int)mock_device);
        exit(2);
    }
    struct nanort_ctx ctx = {t, impl};
    nreads = 0;
    impl->run(t->args, &ctx);
    free(t->args);
    free(t);
}

void nanort_kernel_launch(nanort_ctx *ctx, const struct nanort_launch *l)
{
    memset(&last, 0, sizeof last);
    last.impl = ctx->impl;
    last.ocl = ctx->impl->device == NANORT_DEVICE_OPENCL ? ctx->impl->device_info : NULL;
    last.l = *l;
    for (unsigned i = 0; i < l->nargs && i < MOCK_MAX; i++) {
        last.args[i].kind = l->args[i].kind;
        last.args[i].size = l->args[i].size;
        last.args[i].ptr = l->args[i].ptr;
        if (l->args[i].kind == NANORT_KARG_VALUE)
            memcpy(last.args[i].value, l->args[i].ptr,
                   l->args[i].size < 16 ? l->args[i].size : 16);
    }
    last.nregions = ctx->task->nregions;
    memcpy(last.flags, ctx->task->flags, sizeof last.flags);
    memcpy(last.bases, ctx->task->bases, sizeof last.bases);
    memcpy(last.bytes, ctx->task->bytes, sizeof last.bytes);
    last.nreads = nreads;
    memcpy(last.read_bases, read_bases, sizeof last.read_bases);
    memcpy(last.read_bytes, read_bytes, sizeof last.read_bytes);
    mock_nlaunches++;
}

/* The names are the runtime's, to pick the arguments of a kernel that takes fewer: the
 * mock records the launch as mcc wrote it. */
void nanort_kernel_launch_named(nanort_ctx *ctx, const struct nanort_launch *l,
                                const char *arg_names)
{
    (void)arg_names;
    nanort_kernel_launch(ctx, l);
}

void nanort_launch_reads(nanort_ctx *ctx, const void *base, unsigned ndims,
                         const struct nanort_dim *dims)
{
    (void)ctx;
    size_t bytes = 1;
    for (unsigned i = 0; i < ndims; i++)
        bytes *= dims[i].length;
    base = (const char *)base + (ndims ? dims[0].lower : 0);
    if (nreads < MOCK_MAX) {
        read_bases[nreads] = base;
        read_bytes[nreads++] = bytes;
    }
    if (mock_on_read)
        mock_on_read(base, bytes);
}

void nanort_launch_reads1(nanort_ctx *ctx, const void *addr, size_t bytes)
{
    struct nanort_dim d = {bytes, 0, bytes};
    nanort_launch_reads(ctx, addr, 1, &d);
}

void *nanort_device_ptr(nanort_ctx *ctx, const void *host)
{
    (void)ctx;
    return host ? (char *)(uintptr_t)host + MOCK_DEVICE_OFFSET : NULL;
}

void *nanort_cuda_stream(nanort_ctx *ctx)
{
    (void)ctx;
    return NULL;
}

void nanort_opencl_source(const char *name, const char *text, const char *build_opts)
{
    if (mock_nsources < MOCK_MAX)
        mock_sources[mock_nsources++] = (struct mock_source){name, text, build_opts};
}

void nanort_opencl_kernel_params(const char *source, const char *kernel, const char *names)
{
    (void)source, (void)kernel, (void)names;
}

int nanort_in_final(void)
{
    return 0;
}

void nanort_taskwait(void)
{
}
