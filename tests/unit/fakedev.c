/* fakedev.c - the fake accelerator of the device-layer tests (see fakedev.h). */
#include "fakedev.h"

#include "../../nanort/nrt.h"

#include <stdlib.h>
#include <string.h>

/* ---- events: a copy (or, with FAKEDEV_ASYNC=1, kernels) not done yet -------------- */

enum { FD_MAXARGS = 16 };

/* A kernel launch kept for later: arguments bound (and values copied) at launch time,
 * as a real device API does. */
struct fd_call {
    fd_kernel *k;
    int space;
    unsigned nargs;
    void *argv[FD_MAXARGS];
    void *own[FD_MAXARGS];          /* value copies and local memory, freed after */
};

struct fd_event {
    pthread_mutex_t lock;
    bool done;                      /* lock */
    char *dst;
    const char *src;
    struct nrt_xfer x;
    struct fd_call *call;           /* a kernel instead of a copy */
    struct fd_event *after;         /* must happen first (a reference held) */
    int refs;                       /* lock: the caller's and a later copy's `after` */
};

static void call_run(struct fd_call *c);

/* FAKEDEV_BW=b: a copy takes (bytes / b) microseconds at least, as over a bus of b bytes
 * per microsecond (0: as long as its memcpy). */
static unsigned long copy_bw;

static void copy_spin(size_t bytes)
{
    uint64_t until = nrt_now_ns() + (uint64_t)bytes * 1000 / copy_bw;
    while (nrt_now_ns() < until)
        nrt_cpu_relax();
}

static void ev_run(struct fd_event *e);

static void ev_unref(struct fd_event *e)
{
    NRT_PCHECK(pthread_mutex_lock(&e->lock));
    int left = --e->refs;
    NRT_PCHECK(pthread_mutex_unlock(&e->lock));
    if (left == 0) {
        NRT_PCHECK(pthread_mutex_destroy(&e->lock));
        free(e);
    }
}

/* Do the copy now if it has not happened yet. */
static void ev_run(struct fd_event *e)
{
    NRT_PCHECK(pthread_mutex_lock(&e->lock));
    if (!e->done) {
        if (e->after)
            ev_run(e->after);
        if (e->call)
            call_run(e->call);
        for (size_t r = 0; !e->call && r < e->x.rows; r++)
            memcpy(e->dst + r * e->x.pitch, e->src + r * e->x.pitch, e->x.width);
        if (!e->call && copy_bw)
            copy_spin(e->x.rows * e->x.width);
        e->done = true;
    }
    NRT_PCHECK(pthread_mutex_unlock(&e->lock));
}

static nrt_event ev_new(void *dst, const void *src, const struct nrt_xfer *x, nrt_event after)
{
    struct fd_event *e = calloc(1, sizeof *e);
    if (!e)
        abort();
    NRT_PCHECK(pthread_mutex_init(&e->lock, NULL));
    e->dst = dst;
    e->src = src;
    e->x = *x;
    e->refs = 1;
    e->after = after;
    if (after) {
        NRT_PCHECK(pthread_mutex_lock(&e->after->lock));
        e->after->refs++;
        NRT_PCHECK(pthread_mutex_unlock(&e->after->lock));
    }
    return e;
}

/* ---- memory ------------------------------------------------------------------------ */

static atomic_ulong launches, copies_in, copies_out;
static bool async_kernels;
static __thread int running_space;
static int nfake;
static int fake_ids[NRT_MAX_SPACES];

/* FAKEDEV_OOM=size: allocations larger than that fail, as on a device that runs out of
 * memory without a configured limit (the cache's limit stays unlimited). */
static size_t oom_above = SIZE_MAX;

static void *fd_alloc(struct nrt_space *s, size_t bytes)
{
    (void)s;
    if (bytes > oom_above)
        return NULL;
    void *p = malloc(bytes ? bytes : 1);
    if (p)
        memset(p, 0xA5, bytes);     /* garbage: reading uncopied data shows */
    return p;
}

static void fd_free(struct nrt_space *s, void *buf)
{
    (void)s;
    free(buf);
}

static nrt_event fd_copy_in(struct nrt_space *s, void *buf, size_t off, const void *host,
                            const struct nrt_xfer *x, nrt_event after)
{
    (void)s;
    atomic_fetch_add(&copies_in, 1);
    return ev_new((char *)buf + off, host, x, after);
}

static nrt_event fd_copy_out(struct nrt_space *s, void *host, void *buf, size_t off,
                             const struct nrt_xfer *x, nrt_event after)
{
    (void)s;
    atomic_fetch_add(&copies_out, 1);
    return ev_new(host, (char *)buf + off, x, after);
}

static bool peer_on;

static nrt_event fd_copy_peer(struct nrt_space *dst, void *dbuf, size_t doff,
                              struct nrt_space *src, void *sbuf, size_t soff,
                              const struct nrt_xfer *x, nrt_event after)
{
    (void)dst;
    (void)src;
    if (!peer_on)
        return NRT_EVENT_UNSUPPORTED;
    return ev_new((char *)dbuf + doff, (char *)sbuf + soff, x, after);
}

static void fd_wait(struct nrt_space *s, nrt_event e)
{
    (void)s;
    if (e)
        ev_run(e);
}

static bool fd_query(struct nrt_space *s, nrt_event e)
{
    (void)s;
    if (!e)
        return true;
    struct fd_event *f = e;
    NRT_PCHECK(pthread_mutex_lock(&f->lock));
    bool done = f->done;
    NRT_PCHECK(pthread_mutex_unlock(&f->lock));
    return done;
}

static void fd_release(struct nrt_space *s, nrt_event e)
{
    (void)s;
    if (!e)
        return;
    ev_run(e);                      /* a real device finishes a released copy too */
    struct fd_event *f = e;
    if (f->after)
        ev_unref(f->after);
    ev_unref(f);
}

static void *fd_address(struct nrt_space *s, void *buf, size_t off)
{
    (void)s;
    return (char *)buf + off;
}

static const struct nrt_mem_ops fd_mem = {
    .alloc = fd_alloc, .free = fd_free, .copy_in = fd_copy_in, .copy_out = fd_copy_out,
    .copy_peer = fd_copy_peer, .wait = fd_wait, .query = fd_query, .release = fd_release,
    .address = fd_address,
};

/* ---- compute ------------------------------------------------------------------------ */

static void fd_begin(struct nrt_space *s, nanort_ctx *ctx, unsigned n, const nrt_event *ev)
{
    (void)s;
    (void)ctx;
    for (unsigned i = 0; i < n; i++)
        ev_run(ev[i]);
}

static void call_run(struct fd_call *c)
{
    running_space = c->space;
    c->k(c->argv);
    running_space = 0;
    for (unsigned i = 0; i < c->nargs; i++)
        free(c->own[i]);
    free(c);
    atomic_fetch_add(&launches, 1);
}

/* Device addresses for buffers, copies of values, fresh local memory. */
static struct fd_call *call_bind(struct nrt_space *s, nanort_ctx *ctx,
                                 const struct nanort_launch *l)
{
    struct fd_call *c = calloc(1, sizeof *c);
    if (!c || l->nargs > FD_MAXARGS)
        nrt_fatal("fakedev: out of memory or more than %d kernel arguments", FD_MAXARGS);
    c->k = (fd_kernel *)(uintptr_t)l->kernel;
    c->space = s->id;
    c->nargs = l->nargs;
    for (unsigned i = 0; i < l->nargs; i++) {
        const struct nanort_karg *a = &l->args[i];
        if (a->kind == NANORT_KARG_BUFFER) {
            c->argv[i] = nanort_device_ptr(ctx, a->ptr);
        } else {
            c->argv[i] = c->own[i] = calloc(1, a->size ? a->size : 1);
            if (a->kind == NANORT_KARG_VALUE)
                memcpy(c->own[i], a->ptr, a->size);
        }
    }
    return c;
}

/* The kernel runs at once on the manager thread, or (FAKEDEV_ASYNC=1) when the task's
 * completion event is waited for, after the task's earlier kernels. */
static void fd_launch(struct nrt_space *s, nanort_ctx *ctx, const struct nanort_launch *l)
{
    struct fd_call *c = call_bind(s, ctx, l);
    if (!async_kernels) {
        call_run(c);
        return;
    }
    struct nrt_xfer none = {0, 0, 0};
    struct fd_event *e = ev_new(NULL, NULL, &none, ctx->device_data);
    e->call = c;
    if (ctx->device_data)
        ev_unref(ctx->device_data); /* the new event holds it now */
    ctx->device_data = e;
}

static nrt_event fd_end(struct nrt_space *s, nanort_ctx *ctx)
{
    (void)s;
    nrt_event e = ctx->device_data;  /* the last kernel (the cache releases it), or NULL */
    ctx->device_data = NULL;
    return e;
}

/* A stream is an address nobody dereferences: the space's id plus one, in a pointer. */
static void *fd_stream(struct nrt_space *s, nanort_ctx *ctx)
{
    (void)ctx;
    return (void *)(uintptr_t)(s->id + 1);
}

static const struct nrt_compute_ops fd_compute = {
    .begin = fd_begin, .launch = fd_launch, .end = fd_end, .stream = fd_stream,
};

/* ---- the plugin ---------------------------------------------------------------------- */

static struct nrt_device_ops fd_ops;

/* FAKEDEV_ORDERED=1: the space claims ordered_out (a host task's fetch waits for its copy
 * back outside the cache's lock, as from a cluster rank).  Lazy copies keep the claim
 * honest: a kernel that wrote the bytes before the copy ran would show as wrong data. */
static void fd_ordered(void)
{
    const char *o = getenv("FAKEDEV_ORDERED");
    fd_ops.ordered_out = o && strcmp(o, "1") == 0;
}

static int fd_probe(void)
{
    const char *n = getenv("FAKEDEV_N");
    const char *p = getenv("FAKEDEV_PEER");
    const char *a = getenv("FAKEDEV_ASYNC");
    const char *bw = getenv("FAKEDEV_BW");
    copy_bw = bw ? strtoul(bw, NULL, 10) : 0;
    peer_on = !p || strcmp(p, "0") != 0;
    fd_ordered();
    async_kernels = a && strcmp(a, "1") == 0;
    nfake = 0;
    return n ? atoi(n) : 2;
}

static bool fd_open(int index, struct nrt_space *s)
{
    const char *mem = getenv("FAKEDEV_MEM");
    const char *exact = getenv("FAKEDEV_EXACT");
    const char *oom = getenv("FAKEDEV_OOM");
    oom_above = oom ? nrt_parse_size("FAKEDEV_OOM", oom, 1u << 30) : SIZE_MAX;
    snprintf(s->name, sizeof s->name, "fake%d", index);
    s->mem_limit = mem ? nrt_parse_size("FAKEDEV_MEM", mem, 1u << 30) : SIZE_MAX;
    s->mem_option = "FAKEDEV_MEM";
    const char *max_alloc = getenv("FAKEDEV_MAX_ALLOC");    /* as OpenCL's largest buffer */
    if (max_alloc)
        s->max_alloc = nrt_parse_size("FAKEDEV_MAX_ALLOC", max_alloc, 1u << 30);
    s->exact_base = exact && strcmp(exact, "1") == 0;
    const char *same = getenv("FAKEDEV_SAME_DEVICE");
    if (same && strcmp(same, "1") == 0) {   /* every space one physical device */
        memset(s->uuid, 0x5a, sizeof s->uuid);
        s->has_uuid = true;
    }
    fake_ids[nfake++] = s->id;
    return true;
}

/* FAKEDEV_EAGER=1: copies out are asynchronous (they are: an event runs its copy when
 * waited for or released), so the cache may write results back eagerly. */
static bool fd_async_out(struct nrt_space *s, const void *host, const struct nrt_xfer *x)
{
    (void)s;
    (void)host;
    (void)x;
    const char *e = getenv("FAKEDEV_EAGER");
    return e && strcmp(e, "1") == 0;
}

/* ---- pinned host memory (nanos_malloc_pinned_cuda) ---------------------------------- */

/* Not malloc's pointer but one 64 bytes into a block with a mark before it, as another
 * allocator's would be: free() of it, or fd_host_free() of malloc'd memory, is caught
 * (by glibc or ASan, or by the mark).  FAKEDEV_OOM applies, as to device memory. */
#define FD_HOST_HEADER 64
#define FD_HOST_MARK 0x70696e6e6564ul   /* "pinned" */
static atomic_ulong host_allocs, host_frees;

static void *fd_host_alloc(struct nrt_space *s, size_t bytes)
{
    (void)s;
    if (bytes > oom_above)
        return NULL;
    unsigned long *h = malloc(bytes + FD_HOST_HEADER);
    if (!h)
        return NULL;
    h[0] = FD_HOST_MARK;
    atomic_fetch_add(&host_allocs, 1);
    return (char *)h + FD_HOST_HEADER;
}

static void fd_host_free(void *p)
{
    unsigned long *h = (unsigned long *)(void *)((char *)p - FD_HOST_HEADER);
    if (h[0] != FD_HOST_MARK) {
        fprintf(stderr, "fakedev: host_free(%p) of memory host_alloc did not give\n", p);
        abort();
    }
    h[0] = 0;
    atomic_fetch_add(&host_frees, 1);
    free(h);
}

unsigned long fd_host_allocs(bool freed)
{
    return atomic_load(freed ? &host_frees : &host_allocs);
}

static struct nrt_device_ops fd_ops = {
    .name = "fake",
    .kind = NANORT_DEVICE_CUDA,
    .probe = fd_probe,
    .open = fd_open,
    .mem = &fd_mem,
    .compute = &fd_compute,
    .async_out = fd_async_out,
    .host_alloc = fd_host_alloc,
    .host_free = fd_host_free,
};

__attribute__((constructor(150))) static void fd_register(void)
{
    nrt_device_register(&fd_ops);
}

/* ---- task types ------------------------------------------------------------------------ */

struct fd_args {
    fd_body *body;
    long k;
    unsigned np;
    void *p[FD_MAXP];
};

static void fd_run_smp(void *args, nanort_ctx *ctx)
{
    (void)ctx;
    struct fd_args *a = args;
    a->body(a->p, a->k);
}

/* The kernel: argv = {&body, &k, &np, device pointers...}. */
static void fd_trampoline(void *const *argv)
{
    fd_body *body = *(fd_body *const *)argv[0];
    long k = *(const long *)argv[1];
    unsigned np = *(const unsigned *)argv[2];
    void *p[FD_MAXP];
    for (unsigned i = 0; i < np; i++)
        p[i] = argv[3 + i];
    body(p, k);
}

static void fd_run_dev(void *args, nanort_ctx *ctx)
{
    struct fd_args *a = args;
    struct nanort_karg kargs[3 + FD_MAXP] = {
        {NANORT_KARG_VALUE, sizeof a->body, &a->body},
        {NANORT_KARG_VALUE, sizeof a->k, &a->k},
        {NANORT_KARG_VALUE, sizeof a->np, &a->np},
    };
    for (unsigned i = 0; i < a->np; i++)
        kargs[3 + i] = (struct nanort_karg){NANORT_KARG_BUFFER, 0, a->p[i]};
    struct nanort_launch l = {.kernel = (const void *)(uintptr_t)fd_trampoline, .ndims = 1,
                              .global = {1, 1, 1}, .nargs = 3 + a->np, .args = kargs};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_impl impl_smp = {NANORT_DEVICE_SMP, fd_run_smp, "fd_smp", NULL};
static const struct nanort_impl impl_dev = {NANORT_DEVICE_CUDA, fd_run_dev, "fd_dev", NULL};
static const struct nanort_impl impls_both[] = {
    {NANORT_DEVICE_SMP, fd_run_smp, "fd_smp", NULL},
    {NANORT_DEVICE_CUDA, fd_run_dev, "fd_dev", NULL},
};
struct nanort_task_type fd_type_dev = {"fd_dev", __FILE__, 1, &impl_dev, NULL};
struct nanort_task_type fd_type_both = {"fd_both", __FILE__, 2, impls_both, NULL};
struct nanort_task_type fd_type_smp = {"fd_smp", __FILE__, 1, &impl_smp, NULL};

void fd_spawn(struct nanort_task_type *type, fd_body *body, unsigned np, void *const *p, long k,
              unsigned submit_flags, unsigned nregions, const struct fd_region *regions)
{
    unsigned ndims = 0;
    for (unsigned i = 0; i < nregions; i++)
        ndims += regions[i].ndims;
    void *args;
    nanort_task *t = nanort_task_create(type, sizeof(struct fd_args), nregions, ndims, &args);
    struct fd_args *a = args;
    a->body = body;
    a->k = k;
    a->np = np;
    for (unsigned i = 0; i < np && i < FD_MAXP; i++)
        a->p[i] = p[i];
    for (unsigned i = 0; i < nregions; i++)
        nanort_task_region(t, regions[i].flags, regions[i].base, regions[i].ndims,
                           regions[i].dims);
    nanort_task_submit(t, submit_flags, 0);
}

int fd_current_space(void)
{
    return running_space;
}

int fd_nspaces(void)
{
    return nfake;
}

unsigned long fd_launches(void)
{
    return atomic_load(&launches);
}

unsigned long fd_copy_calls(bool in)
{
    return atomic_load(in ? &copies_in : &copies_out);
}

struct fd_stats fd_stats(int i)
{
    struct fd_stats r = {.space = -1};
    if (i < 0 || i >= nfake)
        return r;
    struct nrt_space_stats *st = &nrt_spaces[fake_ids[i]]->stats;
    r.space = fake_ids[i];
    r.tasks = atomic_load(&st->tasks);
    r.bytes_in = atomic_load(&st->bytes_in);
    r.bytes_out = atomic_load(&st->bytes_out);
    r.bytes_peer = atomic_load(&st->bytes_peer);
    r.hits = atomic_load(&st->hits);
    r.misses = atomic_load(&st->misses);
    r.evictions = atomic_load(&st->evictions);
    return r;
}
