/*
 * cuda_mem.c - the CUDA memory hooks: device allocations, rectangular copies between the
 * host and a GPU, copies between GPUs, and the events that say when a copy landed.
 *
 * Host memory the program allocated with malloc is pageable: the DMA engines cannot read
 * it.  Copies from it to the GPU go through two pinned staging buffers, in pieces: the
 * CPU packs piece k+1 into one buffer while the copy engine moves piece k out of the
 * other, and the copy returns before its last piece landed (the event says when).
 * Copies back to pageable memory use the driver's own path, which returns when the data
 * is on the host.  Measured on an H200 (tests/devices/cuda/cuda_ops, 256 MiB, pageable; two runs
 * on two machines, the figures vary a lot from run to run):
 *   to the GPU:   staged here 8.9 / 7.1 GB/s, cudaMemcpy 8.5 / 5.6 GB/s (and ours returns
 *                 before the last piece landed)
 *   from the GPU: staged here 8.7 GB/s, cudaMemcpy 15.9 GB/s (run 1); the driver's path
 *                 in the plugin 7.4 GB/s, cudaMemcpy 5.1 GB/s (run 2)
 *   pinned, both directions, plugin and cudaMemcpy: 55 GB/s.
 * cudaHostRegister of the user's ranges was not chosen: it pins pages at a cost that grows
 * with the range, every time the cache meets a new range, and unpinning waits for the
 * copies.  Host memory that is already pinned (cudaMallocHost, cudaHostAlloc,
 * cudaHostRegister) is copied directly, fully asynchronously, in both directions.
 *
 * Every hook makes its GPU current first: they run on the manager thread, on workers
 * and on the thread of a taskwait.  The cache issues copies under its own lock; the
 * staging buffers and the event pool still have their own locks so that the plugin does
 * not depend on that.
 */
#include "cuda.h"

#include <stdlib.h>
#include <string.h>

/* ---- the event pool ---------------------------------------------------------------- */

struct cuda_event *cuda_event_get(struct cuda_dev *d, const char *what)
{
    nrt_lock_acquire(&d->pool_lock);
    struct cuda_event *e = d->pool;
    if (e)
        d->pool = e->next;
    nrt_lock_release(&d->pool_lock);
    if (!e) {
        e = nrt_xcalloc(1, sizeof *e);
        /* Timing costs a little in every wait and query: only for the device timeline. */
        unsigned flags = nrt_devtime_kernels ? cudaEventDefault : cudaEventDisableTiming;
        CUDA_CHECK(cudaEventCreateWithFlags(&e->ev, flags), what, d->index);
    }
    snprintf(e->what, sizeof e->what, "%s", what);
    e->start = NULL;
    e->task = NULL;
    return e;
}

void cuda_event_put(struct cuda_dev *d, struct cuda_event *e)
{
    nrt_lock_acquire(&d->pool_lock);
    e->next = d->pool;
    d->pool = e;
    nrt_lock_release(&d->pool_lock);
}

void cuda_events_free(struct cuda_dev *d)
{
    if (d->kstart) {
        cuda_event_put(d, d->kstart);
        d->kstart = NULL;
    }
    if (atomic_load_explicit(&d->timing, memory_order_relaxed)) {
        CUDA_CHECK(cudaEventDestroy(d->ref), "closing the GPU", d->index);
        atomic_store_explicit(&d->timing, false, memory_order_relaxed);
    }
    while (d->pool) {
        struct cuda_event *e = d->pool;
        d->pool = e->next;
        CUDA_CHECK(cudaEventDestroy(e->ev), "closing the GPU", d->index);
        free(e);
    }
}

/* ---- the device timeline ------------------------------------------------------------ */

/* The reference point, at the first timed span: an event recorded on the allocation
 * stream (idle but for allocations) and synchronised between two reads of the host
 * clock; it is put at their midpoint.  Every span is measured from it with
 * cudaEventElapsedTime (float ms: about 1 us of resolution after 10 s). */
static void timing_start(struct cuda_dev *d, const char *what)
{
    /* acquire: pairs with the release store below (ref and ref_ns are written). */
    if (atomic_load_explicit(&d->timing, memory_order_acquire))
        return;
    nrt_lock_acquire(&d->pool_lock);
    if (!atomic_load_explicit(&d->timing, memory_order_relaxed)) {
        CUDA_CHECK(cudaEventCreate(&d->ref), what, d->index);
        uint64_t h0 = nrt_now_ns();
        CUDA_CHECK(cudaEventRecord(d->ref, d->astream), what, d->index);
        CUDA_CHECK(cudaEventSynchronize(d->ref), what, d->index);
        uint64_t h1 = nrt_now_ns();
        d->ref_ns = h0 + (h1 - h0) / 2;
        atomic_store_explicit(&d->timing, true, memory_order_release);
    }
    nrt_lock_release(&d->pool_lock);
}

struct cuda_event *cuda_mark(struct cuda_dev *d, cudaStream_t stream, const char *what)
{
    /* kernels are timed for versioning too (nrt_devtime_kernels), copies for the timeline */
    if (!(cuda_is_kstream(d, stream) ? nrt_devtime_kernels : nrt_devtime_on))
        return NULL;
    timing_start(d, what);
    struct cuda_event *e = cuda_event_get(d, what);
    CUDA_CHECK(cudaEventRecord(e->ev, stream), what, d->index);
    return e;
}

void cuda_timed(struct cuda_event *end, struct cuda_event *start, enum nrt_lane lane,
                size_t bytes, const struct nanort_task *t)
{
    end->start = start;
    end->lane = lane;
    end->bytes = bytes;
    end->task = t;
}

/* e (timed) was released, hence finished: report its span, give back its start. */
static void timed_report(struct nrt_space *s, struct cuda_event *e)
{
    struct cuda_dev *d = cuda_dev(s);
    float from_ref = 0, len = 0;
    /* The core releases only finished events; a stray one is not timed. */
    cudaError_t rc = cudaEventQuery(e->ev);
    if (rc == cudaSuccess) {
        CUDA_CHECK(cudaEventElapsedTime(&from_ref, d->ref, e->start->ev), e->what, d->index);
        CUDA_CHECK(cudaEventElapsedTime(&len, e->start->ev, e->ev), e->what, d->index);
        double t0 = (double)d->ref_ns + (double)from_ref * 1e6;
        uint64_t t0_ns = t0 > 0 ? (uint64_t)t0 : 0;
        uint64_t len_ns = len > 0 ? (uint64_t)((double)len * 1e6) : 0;
        nrt_devtime_record(s, e->lane, t0_ns, t0_ns + len_ns, e->bytes, e->task);
    } else if (rc == cudaErrorNotReady) {
        (void)cudaGetLastError();
    } else {
        cuda_fail("cudaEventQuery", rc, e->what, d->index);
    }
    cuda_event_put(d, e->start);
    e->start = NULL;
}

/* An event recorded on `stream` now: the completion of what was queued there. */
static struct cuda_event *record(struct cuda_dev *d, cudaStream_t stream, const char *what)
{
    struct cuda_event *e = cuda_event_get(d, what);
    CUDA_CHECK(cudaEventRecord(e->ev, stream), what, d->index);
    return e;
}

static void wait_after(struct cuda_dev *d, cudaStream_t stream, nrt_event after,
                       const char *what)
{
    if (after)
        CUDA_CHECK(cudaStreamWaitEvent(stream, ((struct cuda_event *)after)->ev, 0), what,
                   d->index);
}

/* ---- staging buffers ---------------------------------------------------------------- */

void cuda_stage_init(struct cuda_dev *d, struct cuda_stage *st)
{
    nrt_lock_init_plain(&st->lock);
    for (int i = 0; i < CUDA_NSTAGE; i++) {
        CUDA_CHECK(cudaHostAlloc(&st->buf[i], CUDA_STAGE_BYTES, cudaHostAllocPortable),
                   "opening the GPU (pinned staging buffers)", d->index);
        CUDA_CHECK(cudaEventCreateWithFlags(&st->done[i], cudaEventDisableTiming),
                   "opening the GPU", d->index);
        st->pending[i] = false;
    }
    st->next = 0;
}

void cuda_stage_fini(struct cuda_dev *d, struct cuda_stage *st)
{
    for (int i = 0; i < CUDA_NSTAGE; i++) {
        CUDA_CHECK(cudaEventDestroy(st->done[i]), "closing the GPU", d->index);
        CUDA_CHECK(cudaFreeHost(st->buf[i]), "closing the GPU", d->index);
    }
    nrt_lock_destroy(&st->lock);
}

/* A piece of a rectangular transfer that fits a staging buffer: rows [r0, r0+nrows) of
 * columns [c0, c0+w) (bytes).  Rows wider than a buffer go one part at a time. */
struct piece {
    size_t r0, nrows, c0, w;
};

static bool piece_next(const struct nrt_xfer *x, struct piece *p)
{
    if (p->nrows && p->c0 + p->w < x->width) {
        p->c0 += p->w;
    } else {
        p->r0 += p->nrows;
        p->c0 = 0;
    }
    if (x->width == 0 || p->r0 >= x->rows)
        return false;
    if (x->width <= CUDA_STAGE_BYTES) {
        size_t fit = CUDA_STAGE_BYTES / x->width;
        p->nrows = x->rows - p->r0 < fit ? x->rows - p->r0 : fit;
        p->w = x->width;
    } else {
        p->nrows = 1;
        p->w = x->width - p->c0 < CUDA_STAGE_BYTES ? x->width - p->c0 : CUDA_STAGE_BYTES;
    }
    return true;
}

/* Pack the piece's rows from the host rectangle at `host`. */
static void piece_pack(void *stage, const char *host, const struct nrt_xfer *x,
                       const struct piece *p)
{
    const char *src = host + p->r0 * x->pitch + p->c0;
    if (p->w == x->pitch) {
        memcpy(stage, src, p->nrows * p->w);
        return;
    }
    for (size_t r = 0; r < p->nrows; r++)
        memcpy((char *)stage + r * p->w, src + r * x->pitch, p->w);
}

/* The next buffer of st, once the copy that last used it finished. */
static unsigned stage_take(struct cuda_dev *d, struct cuda_stage *st, const char *what)
{
    unsigned b = st->next;
    st->next = (b + 1) % CUDA_NSTAGE;
    if (st->pending[b])
        CUDA_CHECK(cudaEventSynchronize(st->done[b]), what, d->index);
    st->pending[b] = false;
    return b;
}

static void stage_mark(struct cuda_dev *d, struct cuda_stage *st, unsigned b,
                       cudaStream_t stream, const char *what)
{
    CUDA_CHECK(cudaEventRecord(st->done[b], stream), what, d->index);
    st->pending[b] = true;
}

/* ---- host <-> device copies ---------------------------------------------------------- */

/* Host memory the copy engines can read directly (pinned or registered). */
bool cuda_host_pinned(const void *p, const struct nrt_xfer *x)
{
    const char *last = (const char *)p + (x->rows - 1) * x->pitch + x->width - 1;
    const void *ends[2] = {p, last};
    for (int i = 0; i < 2; i++) {
        struct cudaPointerAttributes a;
        if (cudaPointerGetAttributes(&a, ends[i]) != cudaSuccess) {
            (void)cudaGetLastError();
            return false;
        }
        if (a.type != cudaMemoryTypeHost)
            return false;
    }
    return true;
}

void *cuda_host_alloc(struct nrt_space *s, size_t bytes)
{
    struct cuda_dev *d = cuda_dev(s);
    void *p = NULL;
    cuda_use(d);
    cudaError_t rc = cudaHostAlloc(&p, bytes, cudaHostAllocPortable);
    if (rc == cudaErrorMemoryAllocation) {
        (void)cudaGetLastError();   /* leave nothing for the program's own checks */
        return NULL;                /* the caller falls back to pageable memory */
    }
    if (rc != cudaSuccess)
        cuda_fail("cudaHostAlloc", rc, "allocating pinned host memory "
                  "(nanos_malloc_pinned_cuda)", d->index);
    return p;
}

void cuda_host_free(void *p)
{
    CUDA_CHECK(cudaFreeHost(p), "freeing pinned host memory (nanos_free_pinned_cuda)", -1);
}

static void copy_in_staged(struct cuda_dev *d, char *dev, const void *host,
                           const struct nrt_xfer *x)
{
    static const char what[] = "copy to the GPU";
    struct cuda_stage *st = &d->in;
    struct piece p = {0};
    nrt_lock_acquire(&st->lock);
    while (piece_next(x, &p)) {
        unsigned b = stage_take(d, st, what);
        piece_pack(st->buf[b], host, x, &p);
        CUDA_CHECK(cudaMemcpy2DAsync(dev + p.r0 * x->pitch + p.c0, x->pitch, st->buf[b], p.w,
                                     p.w, p.nrows, cudaMemcpyHostToDevice, d->h2d),
                   what, d->index);
        stage_mark(d, st, b, d->h2d, what);
    }
    nrt_lock_release(&st->lock);
}

static nrt_event cuda_copy_in(struct nrt_space *s, void *buf, size_t off, const void *host,
                              const struct nrt_xfer *x, nrt_event after)
{
    static const char what[] = "copy to the GPU";
    struct cuda_dev *d = cuda_dev(s);
    char *dev = (char *)buf + off;
    if (x->width == 0 || x->rows == 0)
        return NULL;
    cuda_use(d);
    wait_after(d, d->h2d, after, what);
    struct cuda_event *t0 = cuda_mark(d, d->h2d, what);
    if (cuda_host_pinned(host, x))
        CUDA_CHECK(cudaMemcpy2DAsync(dev, x->pitch, host, x->pitch, x->width, x->rows,
                                     cudaMemcpyHostToDevice, d->h2d), what, d->index);
    else
        copy_in_staged(d, dev, host, x);
    struct cuda_event *e = record(d, d->h2d, what);
    if (t0)
        cuda_timed(e, t0, NRT_LANE_IN, x->width * x->rows, NULL);
    return e;
}

static nrt_event cuda_copy_out(struct nrt_space *s, void *host, void *buf, size_t off,
                               const struct nrt_xfer *x, nrt_event after)
{
    static const char what[] = "copy from the GPU";
    struct cuda_dev *d = cuda_dev(s);
    const char *dev = (const char *)buf + off;
    if (x->width == 0 || x->rows == 0)
        return NULL;
    cuda_use(d);
    wait_after(d, d->d2h, after, what);
    struct cuda_event *t0 = cuda_mark(d, d->d2h, what);
    /* To pageable memory the driver's copy returns when the data is there (see the top). */
    CUDA_CHECK(cudaMemcpy2DAsync(host, x->pitch, dev, x->pitch, x->width, x->rows,
                                 cudaMemcpyDeviceToHost, d->d2h), what, d->index);
    struct cuda_event *e = record(d, d->d2h, what);
    if (t0)
        cuda_timed(e, t0, NRT_LANE_OUT, x->width * x->rows, NULL);
    return e;
}

/* ---- between GPUs ----------------------------------------------------------------------- */

static void peer_3d(char *dst, int dgpu, const char *src, int sgpu, const struct nrt_xfer *x,
                    cudaStream_t stream, const char *what)
{
    struct cudaMemcpy3DPeerParms p;
    memset(&p, 0, sizeof p);
    p.dstPtr = (struct cudaPitchedPtr){dst, x->pitch, x->width, x->rows};
    p.srcPtr = (struct cudaPitchedPtr){(void *)src, x->pitch, x->width, x->rows};
    p.dstDevice = dgpu;
    p.srcDevice = sgpu;
    p.extent = (struct cudaExtent){x->width, x->rows, 1};
    CUDA_CHECK(cudaMemcpy3DPeerAsync(&p, stream), what, dgpu);
}

/* Queued on the destination's host->device stream (it fills the destination's memory,
 * as a copy in would). */
static nrt_event cuda_copy_peer(struct nrt_space *ds, void *dbuf, size_t doff,
                                struct nrt_space *ss, void *sbuf, size_t soff,
                                const struct nrt_xfer *x, nrt_event after)
{
    static const char what[] = "copy between GPUs";
    struct cuda_dev *dd = cuda_dev(ds), *sd = cuda_dev(ss);
    char *dst = (char *)dbuf + doff;
    const char *src = (const char *)sbuf + soff;
    if (x->width == 0 || x->rows == 0)
        return NULL;
    cuda_use(dd);
    wait_after(dd, dd->h2d, after, what);
    struct cuda_event *t0 = cuda_mark(dd, dd->h2d, what);
    if (x->rows == 1 || x->width == x->pitch)
        CUDA_CHECK(cudaMemcpyPeerAsync(dst, dd->index, src, sd->index,
                                       (x->rows - 1) * x->pitch + x->width, dd->h2d),
                   what, dd->index);
    else
        peer_3d(dst, dd->index, src, sd->index, x, dd->h2d, what);
    struct cuda_event *e = record(dd, dd->h2d, what);
    if (t0)
        cuda_timed(e, t0, NRT_LANE_PEER, x->width * x->rows, NULL);
    return e;
}

/* ---- allocations, events, addresses ------------------------------------------------------ */

static void *cuda_alloc(struct nrt_space *s, size_t bytes)
{
    struct cuda_dev *d = cuda_dev(s);
    void *p = NULL;
    cuda_use(d);
    /* On a stream of its own, which has nothing else to wait for: the synchronisation
     * returns once the pool has the memory, while the kernels and copies go on (cudaMalloc
     * may wait for the whole device).  Afterwards any stream may use it. */
    cudaError_t rc;
    if (d->pools) {
        rc = cudaMallocAsync(&p, bytes ? bytes : 1, d->astream);
        if (rc == cudaSuccess)
            rc = cudaStreamSynchronize(d->astream);
    } else {
        rc = cudaMalloc(&p, bytes ? bytes : 1);
    }
    if (rc == cudaErrorMemoryAllocation) {
        (void)cudaGetLastError();   /* not sticky, but leave nothing for the next check */
        return NULL;                /* the cache evicts and tries again */
    }
    if (rc != cudaSuccess)
        cuda_fail("cudaMallocAsync", rc, "allocating device memory", d->index);
    return p;
}

/* Order the free stream after everything queued so far on the others (not the
 * allocation stream: an allocation must not wait for kernels). */
static void after_all_streams(struct cuda_dev *d)
{
    cudaStream_t others[CUDA_MAX_KSTREAMS + 2] = {d->h2d, d->d2h};
    unsigned n = 2;
    for (unsigned k = 0; k < d->nkstreams; k++)
        others[n++] = d->kstreams[k];
    for (unsigned i = 0; i < n; i++) {
        struct cuda_event *e = cuda_event_get(d, "freeing device memory");
        CUDA_CHECK(cudaEventRecord(e->ev, others[i]), "freeing device memory", d->index);
        CUDA_CHECK(cudaStreamWaitEvent(d->fstream, e->ev, 0), "freeing device memory",
                   d->index);
        cuda_event_put(d, e);
    }
}

static void cuda_free(struct nrt_space *s, void *buf)
{
    struct cuda_dev *d = cuda_dev(s);
    cuda_use(d);
    /* After every use queued so far (a copy back may still be reading it); the memory
     * returns to the pool, not to the driver, so later allocations do not wait. */
    if (!d->pools) {
        CUDA_CHECK(cudaFree(buf), "freeing device memory", d->index);
        return;
    }
    after_all_streams(d);
    CUDA_CHECK(cudaFreeAsync(buf, d->fstream), "freeing device memory", d->index);
}

static void cuda_wait(struct nrt_space *s, nrt_event ev)
{
    struct cuda_dev *d = cuda_dev(s);
    struct cuda_event *e = ev;
    cuda_use(d);
    /* Errors of the kernels (an illegal address, a failed assert) surface here. */
    CUDA_CHECK(cudaEventSynchronize(e->ev), e->what, d->index);
}

static bool cuda_query(struct nrt_space *s, nrt_event ev)
{
    struct cuda_dev *d = cuda_dev(s);
    struct cuda_event *e = ev;
    cuda_use(d);
    cudaError_t rc = cudaEventQuery(e->ev);
    if (rc == cudaErrorNotReady) {
        (void)cudaGetLastError();
        return false;
    }
    if (rc != cudaSuccess)
        cuda_fail("cudaEventQuery", rc, e->what, d->index);
    return true;
}

static void cuda_release(struct nrt_space *s, nrt_event ev)
{
    struct cuda_event *e = ev;
    if (e->start) {
        cuda_use(cuda_dev(s));
        timed_report(s, e);
    }
    cuda_event_put(cuda_dev(s), e);
}

static void *cuda_address(struct nrt_space *s, void *buf, size_t off)
{
    (void)s;
    return (char *)buf + off;
}

const struct nrt_mem_ops nrt_cuda_mem = {
    .alloc = cuda_alloc,
    .free = cuda_free,
    .copy_in = cuda_copy_in,
    .copy_out = cuda_copy_out,
    .copy_peer = cuda_copy_peer,
    .wait = cuda_wait,
    .query = cuda_query,
    .release = cuda_release,
    .address = cuda_address,
};
