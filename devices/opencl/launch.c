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

/* The cl_mem of a BUFFER argument: the allocation holding the host address `host`. */
static cl_mem buffer_arg(nanort_ctx *ctx, const void *host, unsigned i)
{
    void *buf;
    size_t off;
    if (!host)
        return NULL;
    if (!nrt_cache_translate(ctx, host, &buf, &off))
        nrt_fatal("task '%s' (implementation '%s'): kernel argument %u (%p) is not inside "
                  "the data copied for the task; add it to copy_in/copy_out/copy_inout, or "
                  "to a dependence with copy_deps", ctx->task->type->label,
                  ctx->impl->name, i, host);
    return buf ? ocl_buf_at(buf, off, ctx, i) : NULL;     /* NULL: an empty region */
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

static void set_args(struct nrt_space *s, nanort_ctx *ctx, cl_kernel k,
                     const struct nanort_launch *l)
{
    for (unsigned i = 0; i < l->nargs; i++) {
        const struct nanort_karg *a = &l->args[i];
        cl_mem m;
        switch (a->kind) {
        case NANORT_KARG_VALUE:
            OCL_CHECK(s, ctx, clSetKernelArg, k, i, a->size, a->ptr);
            break;
        case NANORT_KARG_BUFFER:
            m = buffer_arg(ctx, a->ptr, i);
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
    set_args(s, ctx, k, l);
    cl_event e;
    OCL_CHECK(s, ctx, clEnqueueNDRangeKernel, d->kq, k, l->ndims, NULL, global,
              has_local ? local : NULL, 0, NULL, &e);
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
