/*
 * launch.c - the OpenCL device's compute hooks (manager thread of the space only).
 *
 * A device task's work goes on the device's in-order kernel queue: first a barrier on
 * the events of the copies its staging queued on the transfer queues, then its kernels.
 * The event of its last kernel says the task is done (the queue is in order); a task
 * that launched nothing gets a marker instead.  ctx->device_data holds that last event.
 * For the device timeline the first kernel's event is kept too (the task's span runs
 * from its start to the last one's end).
 */
#include "opencl.h"

static void ocl_begin(struct nrt_space *s, nanort_ctx *ctx, unsigned nevents,
                      const nrt_event *ev)
{
    NRT_ASSERT(ocl_dev(s)->kfirst == NULL);
    if (nevents == 0)
        return;
    OCL_CHECK(s, ctx, clEnqueueBarrierWithWaitList, ocl_dev(s)->kq, nevents,
              (const cl_event *)ev, NULL);
}

/* The allocation holding the host address `host` of a BUFFER argument and its offset
 * there; false for an empty region (the kernel gets a null buffer). */
static bool buffer_arg(nanort_ctx *ctx, const void *host, unsigned i, struct ocl_buf **b,
                       size_t *off)
{
    void *buf;
    if (!host)
        return false;
    if (!nrt_cache_translate(ctx, host, &buf, off))
        nrt_fatal("task '%s' (implementation '%s'): kernel argument %u (%p) is not inside "
                  "the data copied for the task; add it to copy_in/copy_out/copy_inout, or "
                  "to a dependence with copy_deps", ctx->task->type->label,
                  ctx->impl->name, i, host);
    *b = buf;
    return buf != NULL;
}

/*
 * A kernel argument that starts inside its allocation at an offset no sub-buffer of the
 * device can start at (CL_DEVICE_MEM_BASE_ADDR_ALIGN): a band of rows whose kernel gets
 * the first row it computes and reads the halo row above it, a half of an array of odd
 * length.  The launch copies the task's bytes of the allocation into a buffer of its own
 * where that offset is aligned (`pad` bytes further), the kernel runs there, and the
 * bytes the task writes are copied back after it: all on the kernel queue, in order,
 * before the next task's kernels.  Every argument in the allocation gets the copy, at
 * offsets that must then be aligned together.
 */
struct ocl_shifted {
    struct ocl_buf *b;
    size_t pad;                     /* b's byte x is byte pad + x of tmp */
    cl_mem tmp;
};

/* Call fn(lo, hi) for the allocation b's byte range of each region of the task that b
 * holds (with `flags` among its flags, 0: any), as buffer offsets. */
static void regions_in(const nanort_ctx *ctx, const struct ocl_buf *b, unsigned flags,
                       void (*fn)(size_t lo, size_t hi, void *arg), void *arg)
{
    const struct nrt_staging *st = ctx->staging;
    for (unsigned i = 0; i < st->task->nregions; i++) {
        const struct nrt_region *r = &st->task->regions[i];
        const struct nrt_alloc *a = st->a[i];
        if (!a || a->buf != b || (flags && !(r->flags & flags)))
            continue;
        struct nrt_chunk_it it;
        uintptr_t lo, hi;
        for (nrt_chunk_start(&it, r); nrt_chunk_next(&it, &lo, &hi);)
            fn(lo - a->lo, hi - a->lo, arg);
    }
}

struct span {
    size_t lo, hi;
};

static void span_add(size_t lo, size_t hi, void *arg)
{
    struct span *sp = arg;
    if (sp->lo >= sp->hi)
        *sp = (struct span){lo, hi};
    else
        *sp = (struct span){lo < sp->lo ? lo : sp->lo, hi > sp->hi ? hi : sp->hi};
}

/* The copy into a shifted allocation's buffer: the hull of the task's bytes there. */
static void shift_in(struct nrt_space *s, nanort_ctx *ctx, struct ocl_shifted *sh)
{
    struct ocl_device *d = ocl_dev(s);
    cl_int err;
    sh->tmp = ocl.clCreateBuffer(d->context, CL_MEM_READ_WRITE, sh->pad + sh->b->size, NULL,
                                 &err);
    if (err != CL_SUCCESS)
        ocl_fail("clCreateBuffer", err, s, ctx);
    struct span sp = {0, 0};
    regions_in(ctx, sh->b, 0, span_add, &sp);
    if (sp.lo < sp.hi)
        OCL_CHECK(s, ctx, clEnqueueCopyBuffer, d->kq, sh->b->mem, sh->tmp, sp.lo,
                  sh->pad + sp.lo, sp.hi - sp.lo, 0, NULL, NULL);
}

struct shift_out {
    struct nrt_space *s;
    nanort_ctx *ctx;
    const struct ocl_shifted *sh;
    cl_event *last;
};

static void shift_out_chunk(size_t lo, size_t hi, void *arg)
{
    struct shift_out *o = arg;
    struct ocl_device *d = ocl_dev(o->s);
    cl_event e;
    OCL_CHECK(o->s, o->ctx, clEnqueueCopyBuffer, d->kq, o->sh->tmp, o->sh->b->mem,
              o->sh->pad + lo, lo, hi - lo, 0, NULL, &e);
    ocl_event_release(o->s, *o->last);
    *o->last = e;
}

/* After the kernel: the bytes the task writes copied back into the allocation, the
 * buffer released (OpenCL frees it once the commands using it are done); *last becomes
 * the event of the last copy. */
static void shift_out(struct nrt_space *s, nanort_ctx *ctx, struct ocl_shifted *sh,
                      cl_event *last)
{
    struct shift_out o = {s, ctx, sh, last};
    regions_in(ctx, sh->b, NANORT_COPY_OUT, shift_out_chunk, &o);
    OCL_CHECK(s, ctx, clReleaseMemObject, sh->tmp);
}

/* The cl_mem of an argument at `off` in a shifted allocation (a sub-buffer released at
 * once: OpenCL keeps it while the kernel that has it as an argument runs). */
static cl_mem shifted_at(struct nrt_space *s, nanort_ctx *ctx, const struct ocl_shifted *sh,
                         size_t off, unsigned i, size_t first_off, unsigned first)
{
    struct ocl_device *d = ocl_dev(s);
    size_t at = sh->pad + off;
    if (off >= sh->b->size || at % d->align)
        nrt_fatal("task '%s' (implementation '%s'): kernel arguments %u and %u start %zu and "
                  "%zu bytes into data copied as one region, and OpenCL buffers on %s must "
                  "start at a multiple of %zu bytes: they cannot both; pass the start of the "
                  "region (the base of its dependence) and index from there",
                  ctx->task->type->label, ctx->impl->name, first, i, first_off, off, s->name,
                  d->align);
    if (at == 0)
        return sh->tmp;
    cl_buffer_region r = {at, sh->pad + sh->b->size - at};
    cl_int err;
    cl_mem m = ocl.clCreateSubBuffer(sh->tmp, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                                     &r, &err);
    if (err != CL_SUCCESS)
        ocl_fail("clCreateSubBuffer", err, s, ctx);
    return m;
}

/* __local memory of `size` bytes: a device that refuses a size that a __local parameter
 * would take (not 0) has a buffer there, which the task did not copy; so does one that
 * refuses 0 bytes where the kernel's translation has a buffer (a pointer the task names
 * in no dependence: the same buffer passed twice, named once). */
static void local_arg(struct nrt_space *s, nanort_ctx *ctx, cl_kernel k, unsigned i, size_t size)
{
    cl_int err = ocl.clSetKernelArg(k, i, size, NULL);
    const struct nanort_opencl_info *info = ctx->impl->device_info;
    const char *kernel = info->kernel;
    if (err == CL_INVALID_ARG_SIZE && (size != 0 || nrt_clcpu_arg_is_buffer(info, i)))
        nrt_karg_not_copied(ctx, i, kernel);  /* ocl_kernel_get checked it */
    if (err == CL_INVALID_ARG_SIZE)
        nrt_karg_local_empty(ctx, i, kernel);
    if (err != CL_SUCCESS)
        ocl_fail("clSetKernelArg", err, s, ctx);
}

/* A launch's buffers of its own: the shifted allocations and their sub-buffers, released
 * after the kernel is queued. */
struct shifts {
    struct ocl_shifted *sh;
    unsigned n;
    cl_mem *subs;
    unsigned nsubs;
};

/* The shifted allocation b (NULL: b is not); created, with its copy in, when an argument
 * at `off` in it needs it. */
static struct ocl_shifted *shifted(struct nrt_space *s, nanort_ctx *ctx, struct shifts *sf,
                                   struct ocl_buf *b, size_t off, bool create)
{
    for (unsigned j = 0; j < sf->n; j++)
        if (sf->sh[j].b == b)
            return &sf->sh[j];
    if (!create)
        return NULL;
    size_t align = ocl_dev(s)->align;
    struct ocl_shifted *sh = &sf->sh[sf->n++];
    *sh = (struct ocl_shifted){b, (align - off % align) % align, NULL};
    shift_in(s, ctx, sh);
    return sh;
}

static void set_args(struct nrt_space *s, nanort_ctx *ctx, cl_kernel k,
                     const struct nanort_launch *l, struct shifts *sf)
{
    unsigned n = l->nargs;
    struct ocl_buf **bufs = nrt_xcalloc(n ? n : 1, sizeof *bufs);
    size_t *offs = nrt_xcalloc(n ? n : 1, sizeof *offs);
    unsigned *first = nrt_xcalloc(n ? n : 1, sizeof *first);
    sf->sh = nrt_xcalloc(n ? n : 1, sizeof *sf->sh);
    sf->subs = nrt_xcalloc(n ? n : 1, sizeof *sf->subs);
    for (unsigned i = 0; i < n; i++)
        if (l->args[i].kind == NANORT_KARG_BUFFER &&
            !buffer_arg(ctx, l->args[i].ptr, i, &bufs[i], &offs[i]))
            bufs[i] = NULL;
    for (unsigned i = 0; i < n; i++)
        if (bufs[i] && offs[i] < bufs[i]->size && offs[i] % ocl_dev(s)->align &&
            !shifted(s, ctx, sf, bufs[i], offs[i], false)) {
            shifted(s, ctx, sf, bufs[i], offs[i], true);
            for (unsigned j = 0; j < n; j++)
                if (bufs[j] == bufs[i])
                    first[j] = i;
        }
    for (unsigned i = 0; i < n; i++) {
        const struct nanort_karg *a = &l->args[i];
        const struct ocl_shifted *sh;
        cl_mem m = NULL;
        switch (a->kind) {
        case NANORT_KARG_VALUE:
            OCL_CHECK(s, ctx, clSetKernelArg, k, i, a->size, a->ptr);
            break;
        case NANORT_KARG_BUFFER:
            if (bufs[i] && (sh = shifted(s, ctx, sf, bufs[i], 0, false))) {
                m = shifted_at(s, ctx, sh, offs[i], i, offs[first[i]], first[i]);
                if (m != sh->tmp)
                    sf->subs[sf->nsubs++] = m;
            } else if (bufs[i]) {
                m = ocl_buf_at(bufs[i], offs[i], ctx, i);
            }
            OCL_CHECK(s, ctx, clSetKernelArg, k, i, sizeof m, &m);
            break;
        case NANORT_KARG_LOCAL:
            local_arg(s, ctx, k, i, a->size);
            break;
        default:
            nrt_fatal("task '%s': kernel argument %u has an unknown kind %u",
                      ctx->task->type->label, i, a->kind);
        }
    }
    free(bufs);
    free(offs);
    free(first);
}

/* Global sizes rounded up to multiples of the local ones (the kernel bound-checks, as
 * CUDA grids do); false when every local size is 0 (the device chooses).  A 0 among
 * other local sizes was refused by nanort_kernel_launch. */
static bool ndrange(const struct nanort_launch *l, size_t global[3], size_t local[3])
{
    bool any = false;
    for (unsigned i = 0; i < l->ndims; i++)
        any |= l->local[i] != 0;
    for (unsigned i = 0; i < l->ndims; i++) {
        local[i] = l->local[i] ? l->local[i] : 1;
        global[i] = l->global[i];
        if (any && global[i] % local[i])
            global[i] += local[i] - global[i] % local[i];
    }
    return any;
}

/* Without local sizes in ndrange(...), a kernel declared with reqd_work_group_size gets
 * those (the device may not choose: CL_INVALID_WORK_GROUP_SIZE), the global sizes rounded
 * up as with given ones; as the translation to C does (nanort/clcpu.c). */
static bool reqd_ndrange(struct ocl_device *d, const nanort_ctx *ctx, cl_kernel k,
                         const struct nanort_launch *l, size_t global[3], size_t local[3])
{
    size_t reqd[3] = {0, 0, 0};
    OCL_CHECK(d->space, ctx, clGetKernelWorkGroupInfo, k, d->id,
              CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof reqd, reqd, NULL);
    if (reqd[0] == 0)
        return false;
    for (unsigned i = 0; i < l->ndims; i++) {
        local[i] = reqd[i] ? reqd[i] : 1;
        if (global[i] % local[i])
            global[i] += local[i] - global[i] % local[i];
    }
    return true;
}

/* Work-groups in one launch at most (PoCL's scheduler asserts past 32-bit counts and
 * NVIDIA's maps them to a CUDA grid): without local sizes the device may choose groups
 * of one work-item, so the work-items count. */
#define OCL_MAX_GROUPS 2147483647ull

/* Refuse what the device would reject, or crash or spin on (a huge range), with a message
 * that names the limit: the sizes are rounded already (ndrange()). */
static void check_limits(struct ocl_device *d, const nanort_ctx *ctx, cl_kernel k,
                         const struct nanort_launch *l, const size_t *global,
                         const size_t *local, bool has_local)
{
    unsigned long long groups = 1;
    size_t wg = 1;
    for (unsigned i = 0; i < l->ndims; i++) {
        size_t n = has_local ? global[i] / local[i] : global[i];
        groups = n > OCL_MAX_GROUPS || groups * n > OCL_MAX_GROUPS ? OCL_MAX_GROUPS + 1
                                                                    : groups * n;
        wg *= local[i];
        if (has_local && local[i] > d->max_items[i])
            nrt_launch_refuse(ctx, l, "the local size of dimension %u, %zu, is more than the "
                              "%zu the device allows (CL_DEVICE_MAX_WORK_ITEM_SIZES)", i + 1,
                              local[i], d->max_items[i]);
    }
    if (groups > OCL_MAX_GROUPS)
        nrt_launch_refuse(ctx, l, has_local ? "more than %llu work-groups in one launch"
                                            : "more than %llu work-items in one launch without "
                                              "local sizes (the device may make groups of one: "
                                              "give local sizes)", OCL_MAX_GROUPS);
    if (!has_local)
        return;
    if (wg > d->max_wg)
        nrt_launch_refuse(ctx, l, "a work-group of %zu work-items is more than the %zu the "
                          "device allows (CL_DEVICE_MAX_WORK_GROUP_SIZE)", wg, d->max_wg);
    size_t kwg = 0;
    OCL_CHECK(d->space, ctx, clGetKernelWorkGroupInfo, k, d->id, CL_KERNEL_WORK_GROUP_SIZE,
              sizeof kwg, &kwg, NULL);
    if (kwg && wg > kwg)
        nrt_launch_refuse(ctx, l, "a work-group of %zu work-items is more than the %zu this "
                          "kernel can have on the device (CL_KERNEL_WORK_GROUP_SIZE: its "
                          "registers and local memory)", wg, kwg);
}

static void ocl_launch(struct nrt_space *s, nanort_ctx *ctx, const struct nanort_launch *l)
{
    struct ocl_device *d = ocl_dev(s);
    size_t global[3], local[3];
    bool has_local = ndrange(l, global, local);
    for (unsigned i = 0; i < l->ndims; i++)
        if (global[i] == 0)
            return;                 /* an empty range (its regions may be empty: no copies) */
    cl_kernel k = ocl_kernel_get(d, ctx);
    if (!has_local)
        has_local = reqd_ndrange(d, ctx, k, l, global, local);
    check_limits(d, ctx, k, l, global, local, has_local);
    struct shifts sf = {0};
    set_args(s, ctx, k, l, &sf);
    cl_event e;
    OCL_CHECK(s, ctx, clEnqueueNDRangeKernel, d->kq, k, l->ndims, NULL, global,
              has_local ? local : NULL, 0, NULL, &e);
    for (unsigned j = 0; j < sf.nsubs; j++)
        OCL_CHECK(s, ctx, clReleaseMemObject, sf.subs[j]);
    for (unsigned j = 0; j < sf.n; j++)
        shift_out(s, ctx, &sf.sh[j], &e);
    free(sf.sh);
    free(sf.subs);
    cl_event prev = ctx->device_data;
    if (prev && d->timing && !d->kfirst)
        d->kfirst = prev;           /* the task's first kernel: its start is the span's */
    else
        ocl_event_release(s, prev);
    ctx->device_data = e;
}

static nrt_event ocl_end(struct nrt_space *s, nanort_ctx *ctx)
{
    struct ocl_device *d = ocl_dev(s);
    cl_event e = ctx->device_data;
    ctx->device_data = NULL;
    if (!e)
        OCL_CHECK(s, ctx, clEnqueueMarkerWithWaitList, d->kq, 0, NULL, &e);
    OCL_CHECK(s, ctx, clFlush, d->kq);
    if (d->timing) {
        ocl_timed_add(d, e, NRT_LANE_KERNEL, 0, d->kfirst, ctx->task);
        d->kfirst = NULL;           /* released with e's entry */
    }
    return e;
}

static bool ocl_usable(struct nrt_space *s, const struct nanort_impl *impl)
{
    return ocl_kernel_usable(ocl_dev(s), impl);
}

const struct nrt_compute_ops ocl_compute_ops = {
    .begin = ocl_begin,
    .launch = ocl_launch,
    .end = ocl_end,
    .stream = NULL,
    .idle = ocl_idle,
    .usable = ocl_usable,
};
