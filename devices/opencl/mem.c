/*
 * mem.c - the OpenCL device's memory hooks: buffers, rectangular copies on the transfer
 * queues, copies between devices of one context, events.
 *
 * Copies are queued without blocking and flushed at once: the kernel queue waits for
 * their events (launch.c), and an event of a queue that was never flushed may never
 * complete for a wait on another queue.
 */
#include "opencl.h"

#include <stdlib.h>

/* Errors that mean "no memory for this buffer now": the cache evicts and retries. */
static bool out_of_memory(cl_int err)
{
    return err == CL_MEM_OBJECT_ALLOCATION_FAILURE || err == CL_OUT_OF_RESOURCES ||
           err == CL_OUT_OF_HOST_MEMORY;
}

/* The status of a finished (or failed) event: CL_COMPLETE or a negative error. */
static cl_int event_status(const struct nrt_space *s, cl_event e)
{
    cl_int st;
    OCL_CHECK(s, NULL, clGetEventInfo, e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st,
              NULL);
    return st;
}

/*
 * Many implementations allocate a buffer's memory at its first use, not in clCreateBuffer
 * (NVIDIA's and PoCL's do).  Migrating it to the device with undefined contents makes the
 * allocation happen now, where a failure can still be answered with "out of memory";
 * returns the error, CL_SUCCESS when the memory is there.
 */
static cl_int commit_memory(struct ocl_device *d, cl_mem m)
{
    cl_event e;
    cl_int err = ocl.clEnqueueMigrateMemObjects(d->h2d, 1, &m,
                                                CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED, 0,
                                                NULL, &e);
    if (err != CL_SUCCESS)
        return err;
    err = ocl.clWaitForEvents(1, &e);
    if (err == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
        err = event_status(d->space, e);
    ocl_event_release(d->space, e);
    return err;
}

static void *ocl_alloc(struct nrt_space *s, size_t bytes)
{
    struct ocl_device *d = ocl_dev(s);
    if (bytes > d->max_alloc)
        nrt_fatal("data of %zu bytes does not fit in one buffer of %s (its largest is %llu "
                  "bytes, CL_DEVICE_MAX_MEM_ALLOC_SIZE): split it over smaller tasks", bytes,
                  s->name, (unsigned long long)d->max_alloc);
    cl_int err;
    cl_mem m = ocl.clCreateBuffer(d->context, CL_MEM_READ_WRITE, bytes ? bytes : 1, NULL, &err);
    if (out_of_memory(err))
        return NULL;
    if (err != CL_SUCCESS)
        ocl_fail("clCreateBuffer", err, s, NULL);
    err = commit_memory(d, m);
    if (err != CL_SUCCESS) {
        OCL_CHECK(s, NULL, clReleaseMemObject, m);
        if (out_of_memory(err))
            return NULL;
        ocl_fail("clEnqueueMigrateMemObjects", err, s, NULL);
    }
    struct ocl_buf *b = nrt_xcalloc(1, sizeof *b);
    b->mem = m;
    b->size = bytes;
    return b;
}

static void ocl_free(struct nrt_space *s, void *buf)
{
    struct ocl_buf *b = buf;
    for (struct ocl_sub *u = b->subs, *next; u; u = next) {
        next = u->next;
        OCL_CHECK(s, NULL, clReleaseMemObject, u->mem);
        free(u);
    }
    OCL_CHECK(s, NULL, clReleaseMemObject, b->mem);
    free(b);
}

/* A device offset as the (x, y, z) origin of a rectangle with rows `pitch` bytes apart. */
static void rect_origin(size_t off, size_t pitch, size_t o[3])
{
    o[0] = off % pitch;
    o[1] = off / pitch;
    o[2] = 0;
}

/* How many of x's rows one rectangle copies in a buffer of `size` bytes from `off`: all of
 * them, or all but the last, which is then copied alone.  NVIDIA's OpenCL refuses
 * (CL_INVALID_VALUE) a rectangle whose rows, counted whole from its origin's row, end past
 * the buffer, although every byte it copies is inside it: a buffer mirrors the hull of a
 * tile, which ends with the last row's width, not a whole pitch (tests/devices/opencl/
 * tile2d on the H100; PoCL takes such rectangles). */
static size_t rect_rows(size_t off, const struct nrt_xfer *x, size_t size)
{
    return (off / x->pitch + x->rows) * x->pitch <= size ? x->rows : x->rows - 1;
}

/* The end of a copy queued on q: flushed, and timed for the timeline from `first` (the
 * rectangle of a copy in two commands, or NULL) to e. */
static nrt_event copy_queued(struct ocl_device *d, cl_command_queue q, cl_event e,
                             cl_event first, enum nrt_lane lane, const struct nrt_xfer *x)
{
    OCL_CHECK(d->space, NULL, clFlush, q);
    if (d->timing && nrt_devtime_on)   /* copies: only for the timeline */
        ocl_timed_add(d, e, lane, x->width * x->rows, first, NULL);
    else
        ocl_event_release(d->space, first);
    return e;
}

static nrt_event ocl_copy_in(struct nrt_space *s, void *buf, size_t off, const void *host,
                             const struct nrt_xfer *x, nrt_event after)
{
    struct ocl_device *d = ocl_dev(s);
    const struct ocl_buf *b = buf;
    cl_event wl = after, e, first = NULL;
    cl_uint nwl = after ? 1 : 0;
    size_t rows = x->rows <= 1 ? 0 : rect_rows(off, x, b->size);
    if (rows > 0) {
        size_t bo[3], ho[3] = {0, 0, 0}, region[3] = {x->width, rows, 1};
        rect_origin(off, x->pitch, bo);
        OCL_CHECK(s, NULL, clEnqueueWriteBufferRect, d->h2d, b->mem, CL_FALSE, bo, ho, region,
                  x->pitch, 0, x->pitch, 0, host, nwl, nwl ? &wl : NULL, &e);
        if (rows == x->rows)
            return copy_queued(d, d->h2d, e, NULL, NRT_LANE_IN, x);
        wl = first = e;
        nwl = 1;
    }
    size_t at = rows * x->pitch;        /* the row (or the only one) copied alone */
    OCL_CHECK(s, NULL, clEnqueueWriteBuffer, d->h2d, b->mem, CL_FALSE, off + at, x->width,
              (const char *)host + at, nwl, nwl ? &wl : NULL, &e);
    return copy_queued(d, d->h2d, e, first, NRT_LANE_IN, x);
}

static nrt_event ocl_copy_out(struct nrt_space *s, void *host, void *buf, size_t off,
                              const struct nrt_xfer *x, nrt_event after)
{
    struct ocl_device *d = ocl_dev(s);
    const struct ocl_buf *b = buf;
    cl_event wl = after, e, first = NULL;
    cl_uint nwl = after ? 1 : 0;
    size_t rows = x->rows <= 1 ? 0 : rect_rows(off, x, b->size);
    if (rows > 0) {
        size_t bo[3], ho[3] = {0, 0, 0}, region[3] = {x->width, rows, 1};
        rect_origin(off, x->pitch, bo);
        OCL_CHECK(s, NULL, clEnqueueReadBufferRect, d->d2h, b->mem, CL_FALSE, bo, ho, region,
                  x->pitch, 0, x->pitch, 0, host, nwl, nwl ? &wl : NULL, &e);
        if (rows == x->rows)
            return copy_queued(d, d->d2h, e, NULL, NRT_LANE_OUT, x);
        wl = first = e;
        nwl = 1;
    }
    size_t at = rows * x->pitch;
    OCL_CHECK(s, NULL, clEnqueueReadBuffer, d->d2h, b->mem, CL_FALSE, off + at, x->width,
              (char *)host + at, nwl, nwl ? &wl : NULL, &e);
    return copy_queued(d, d->d2h, e, first, NRT_LANE_OUT, x);
}

/* Device to device: only inside one context (the devices of one platform); queued on the
 * destination's host->device queue. */
static nrt_event ocl_copy_peer(struct nrt_space *dst, void *dbuf, size_t doff,
                               struct nrt_space *src, void *sbuf, size_t soff,
                               const struct nrt_xfer *x, nrt_event after)
{
    struct ocl_device *d = ocl_dev(dst);
    if (src->ops != dst->ops || ocl_dev(src)->context != d->context)
        return NRT_EVENT_UNSUPPORTED;
    const struct ocl_buf *sb = sbuf, *db = dbuf;
    cl_event wl = after, e, first = NULL;
    cl_uint nwl = after ? 1 : 0;
    size_t rows = 0;
    if (x->rows > 1) {
        size_t rs = rect_rows(soff, x, sb->size), rd = rect_rows(doff, x, db->size);
        rows = rs < rd ? rs : rd;
    }
    if (rows > 0) {
        size_t so[3], dO[3], region[3] = {x->width, rows, 1};
        rect_origin(soff, x->pitch, so);
        rect_origin(doff, x->pitch, dO);
        OCL_CHECK(dst, NULL, clEnqueueCopyBufferRect, d->h2d, sb->mem, db->mem, so, dO, region,
                  x->pitch, 0, x->pitch, 0, nwl, nwl ? &wl : NULL, &e);
        if (rows == x->rows)
            return copy_queued(d, d->h2d, e, NULL, NRT_LANE_PEER, x);
        wl = first = e;
        nwl = 1;
    }
    size_t at = rows * x->pitch;
    OCL_CHECK(dst, NULL, clEnqueueCopyBuffer, d->h2d, sb->mem, db->mem, soff + at, doff + at,
              x->width, nwl, nwl ? &wl : NULL, &e);
    return copy_queued(d, d->h2d, e, first, NRT_LANE_PEER, x);
}

static void ocl_wait(struct nrt_space *s, nrt_event ev)
{
    cl_event e = ev;
    if (!e)
        return;
    cl_int err = ocl.clWaitForEvents(1, &e);
    if (err == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
        ocl_fail("a command of the device (clWaitForEvents)", event_status(s, e), s, NULL);
    if (err != CL_SUCCESS)
        ocl_fail("clWaitForEvents", err, s, NULL);
}

static bool ocl_query(struct nrt_space *s, nrt_event ev)
{
    if (!ev)
        return true;
    cl_int st = event_status(s, ev);
    if (st < 0)
        ocl_fail("a command of the device (clGetEventInfo)", st, s, NULL);
    return st == CL_COMPLETE;
}

void ocl_event_release(const struct nrt_space *s, cl_event e)
{
    if (e)
        OCL_CHECK(s, NULL, clReleaseEvent, e);
}

/* ---- the device timeline ------------------------------------------------------------ */

/* An event to time when it is released. */
struct ocl_timed {
    cl_event ev, first;
    enum nrt_lane lane;
    size_t bytes;
    const struct nanort_task *task;
    struct ocl_timed *next;         /* bucket or spare list */
};

static unsigned timed_bucket(cl_event e)
{
    uintptr_t h = (uintptr_t)e;
    return (unsigned)((h >> 4) ^ (h >> 12)) % OCL_TIMED_BUCKETS;
}

void ocl_timed_add(struct ocl_device *d, cl_event e, enum nrt_lane lane, size_t bytes,
                   cl_event first, const struct nanort_task *t)
{
    nrt_lock_acquire(&d->timed_lock);
    struct ocl_timed *m = d->timed_free;
    if (m)
        d->timed_free = m->next;
    else
        m = nrt_xmalloc(sizeof *m);
    unsigned b = timed_bucket(e);
    *m = (struct ocl_timed){e, first, lane, bytes, t, d->timed[b]};
    d->timed[b] = m;
    nrt_lock_release(&d->timed_lock);
}

/* Take e's entry out of the table (copied into *out); false when e is not timed. */
static bool timed_take(struct ocl_device *d, cl_event e, struct ocl_timed *out)
{
    bool found = false;
    nrt_lock_acquire(&d->timed_lock);
    for (struct ocl_timed **p = &d->timed[timed_bucket(e)]; *p; p = &(*p)->next) {
        if ((*p)->ev != e)
            continue;
        struct ocl_timed *m = *p;
        *out = *m;
        *p = m->next;
        m->next = d->timed_free;
        d->timed_free = m;
        found = true;
        break;
    }
    nrt_lock_release(&d->timed_lock);
    return found;
}

/* CL_PROFILING_COMMAND_START or _END of a finished command, on the host clock; false
 * when the implementation has no time for it. */
static bool profiled(const struct nrt_space *s, cl_event e, cl_profiling_info what,
                     uint64_t *host_ns)
{
    cl_ulong t = 0;
    cl_int err = ocl.clGetEventProfilingInfo(e, what, sizeof t, &t, NULL);
    if (err == CL_PROFILING_INFO_NOT_AVAILABLE)
        return false;
    if (err != CL_SUCCESS)
        ocl_fail("clGetEventProfilingInfo", err, s, NULL);
    int64_t h = (int64_t)t + ocl_dev(s)->clock_off;
    *host_ns = h > 0 ? (uint64_t)h : 0;
    return true;
}

/* e finished: report its span if it is timed. */
static void timed_report(struct nrt_space *s, cl_event e)
{
    struct ocl_timed m;
    if (!timed_take(ocl_dev(s), e, &m))
        return;
    uint64_t t0, t1;
    if (event_status(s, e) == CL_COMPLETE &&
        profiled(s, m.first ? m.first : e, CL_PROFILING_COMMAND_START, &t0) &&
        profiled(s, e, CL_PROFILING_COMMAND_END, &t1))
        nrt_devtime_record(s, m.lane, t0, t1, m.bytes, m.task);
    ocl_event_release(s, m.first);
}

void ocl_timed_fini(struct ocl_device *d)
{
    for (unsigned b = 0; b < OCL_TIMED_BUCKETS; b++)
        while (d->timed[b]) {
            struct ocl_timed *m = d->timed[b];
            d->timed[b] = m->next;
            ocl_event_release(d->space, m->first);
            free(m);
        }
    while (d->timed_free) {
        struct ocl_timed *m = d->timed_free;
        d->timed_free = m->next;
        free(m);
    }
    ocl_event_release(d->space, d->kfirst);
    d->kfirst = NULL;
}

static void ocl_release(struct nrt_space *s, nrt_event ev)
{
    if (ev && ocl_dev(s)->timing)
        timed_report(s, ev);
    ocl_event_release(s, ev);
}

static void *ocl_address(struct nrt_space *s, void *buf, size_t off)
{
    (void)s, (void)buf, (void)off;
    return NULL;                    /* OpenCL buffers are not addresses */
}

const struct nrt_mem_ops ocl_mem_ops = {
    .alloc = ocl_alloc,
    .free = ocl_free,
    .copy_in = ocl_copy_in,
    .copy_out = ocl_copy_out,
    .copy_peer = ocl_copy_peer,
    .wait = ocl_wait,
    .query = ocl_query,
    .release = ocl_release,
    .address = ocl_address,
};

/* ---- kernel arguments inside an allocation ------------------------------------------- */

static const char *task_label(const nanort_ctx *ctx)
{
    return ctx->task->type->label ? ctx->task->type->label : "?";
}

cl_mem ocl_buf_at(struct ocl_buf *b, size_t off, const nanort_ctx *ctx, unsigned arg)
{
    const struct nrt_space *s = ctx->space;
    struct ocl_device *d = ocl_dev(s);
    if (off == 0)
        return b->mem;
    if (off >= b->size)
        nrt_fatal("task '%s' (implementation '%s'): kernel argument %u points before the "
                  "data copied for it on %s; pass the start of the copied region (the base "
                  "of its dependence) to the kernel", task_label(ctx), ctx->impl->name, arg,
                  s->name);
    if (off % d->align)
        nrt_fatal("task '%s' (implementation '%s'): kernel argument %u starts %zu bytes into "
                  "its copied region, and OpenCL sub-buffers on %s must start at a multiple "
                  "of %zu bytes; pass the start of the region (the base of its dependence) "
                  "and index from there", task_label(ctx), ctx->impl->name, arg, off,
                  s->name, d->align);
    for (struct ocl_sub *u = b->subs; u; u = u->next)
        if (u->off == off)
            return u->mem;
    cl_buffer_region r = {off, b->size - off};
    cl_int err;
    cl_mem m = ocl.clCreateSubBuffer(b->mem, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                                     &r, &err);
    if (err != CL_SUCCESS)
        ocl_fail("clCreateSubBuffer", err, s, ctx);
    struct ocl_sub *u = nrt_xmalloc(sizeof *u);
    *u = (struct ocl_sub){off, m, b->subs};
    b->subs = u;
    return m;
}
