/*
 * cuda.c - the CUDA device plugin: its options, probing the GPUs, opening one as a
 * memory space (kernel streams, a host->device and a device->host stream, pinned
 * staging buffers, an event pool), and the error messages every CUDA call goes through.
 *
 * The plugin registers itself from a constructor; programs with CUDA parts keep it in
 * the link with -Wl,--undefined=nanort_cuda_plugin (nothing else refers to it).
 */
#include "cuda.h"

#include <stdlib.h>
#include <string.h>

/* What mcc's link line names so that the linker keeps this object. */
const int nanort_cuda_plugin = 1;

/* Written by the option parser when the runtime starts (first use, or cuda_start_early
 * below).  Initialised to the defaults as well, for reads before any parse;
 * cuda_register() makes a later start parse again should a parse have come first. */
static long opt_gpus;                       /* --gpus: 0 = every GPU */
static int opt_streams;                     /* --gpu-streams: 0 = CUDA_STREAMS_DEFAULT */
#define CUDA_STREAMS_DEFAULT 4
static bool opt_disable;                    /* --disable-cuda */
static const char *opt_max_memory = "90%";  /* --gpu-max-memory */

/* The rows of options.def (help.c shows the same list in programs without CUDA parts). */
static const struct nrt_option cuda_options[] = {
#define NRT_PLUGIN_OPTION NRT_PLUGIN_OPTION_ROW
#include "options.def"
#undef NRT_PLUGIN_OPTION
};

/* ---- errors -------------------------------------------------------------------------- */

void cuda_fail(const char *call, cudaError_t rc, const char *what, int gpu)
{
    int name_len = (int)strcspn(call, "(");    /* CUDA_CHECK passes the whole call */
    if (gpu < 0)                                /* not one GPU's (pinned host memory) */
        nrt_fatal("%.*s failed: %s: %s (%s)", name_len, call, cudaGetErrorName(rc),
                  cudaGetErrorString(rc), what ? what : "no GPU");
    nrt_fatal("%.*s failed: %s: %s (%s%sGPU %d)", name_len, call, cudaGetErrorName(rc),
              cudaGetErrorString(rc), what ? what : "", what ? ", " : "", gpu);
}

void cuda_use(const struct cuda_dev *d)
{
    /* Cheap once the context exists; the hooks run on the manager, on workers (smp
     * tasks reading device data back) and on the thread of a taskwait. */
    CUDA_CHECK(cudaSetDevice(d->index), NULL, d->index);
}

/* ---- probe ------------------------------------------------------------------------------ */

static int cuda_probe(void)
{
    if (opt_disable) {
        if (nrt_cfg.verbose)
            fprintf(stderr, "nanort: cuda: disabled by --disable-cuda\n");
        return 0;
    }
    int n = 0;
    cudaError_t rc = cudaGetDeviceCount(&n);
    if (rc != cudaSuccess || n == 0) {
        (void)cudaGetLastError();   /* no sticky error left for the program's own calls */
        if (nrt_cfg.verbose)
            fprintf(stderr, "nanort: cuda: no usable GPU: %s\n",
                    rc != cudaSuccess ? cudaGetErrorString(rc) : "no device found");
        return 0;
    }
    if (opt_gpus > 0 && opt_gpus < n)
        n = (int)opt_gpus;
    if (nrt_cfg.verbose)
        fprintf(stderr, "nanort: cuda: %d GPU%s used\n", n, n == 1 ? "" : "s");
    return n;
}

/* ---- open and close ------------------------------------------------------------------- */

/* The devices opened so far (for peer access): start-up thread only. */
static int opened[NRT_MAX_SPACES];
static int nopened;

/* Let GPUs a and b read each other's memory when the hardware allows it: peer copies then
 * go directly (cudaMemcpyPeerAsync works either way, through the host otherwise). */
static void enable_peer(int a, int b)
{
    int can = 0;
    CUDA_CHECK(cudaDeviceCanAccessPeer(&can, a, b), "peer access", a);
    if (!can)
        return;
    CUDA_CHECK(cudaSetDevice(a), "peer access", a);
    cudaError_t rc = cudaDeviceEnablePeerAccess(b, 0);
    if (rc == cudaErrorPeerAccessAlreadyEnabled)
        (void)cudaGetLastError();
    else if (rc != cudaSuccess)
        cuda_fail("cudaDeviceEnablePeerAccess", rc, "peer access", a);
    if (nrt_cfg.verbose)
        fprintf(stderr, "nanort: cuda: GPU %d reads GPU %d's memory directly\n", a, b);
}

static size_t memory_limit(int index)
{
    size_t free_b = 0, total_b = 0;
    CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b), "opening the GPU", index);
    return nrt_parse_size("--gpu-max-memory", opt_max_memory, free_b);
}

#define CUDA_POOL_WARM_BYTES ((size_t)64 << 20)

static void streams_create(struct cuda_dev *d)
{
    /* Non-blocking: the legacy default stream (a program's own cudaMemcpy) does not
     * serialise with them. */
    unsigned f = cudaStreamNonBlocking;
    int n = opt_streams > 0 ? opt_streams : CUDA_STREAMS_DEFAULT;
    d->nkstreams = n < CUDA_MAX_KSTREAMS ? (unsigned)n : CUDA_MAX_KSTREAMS;
    for (unsigned i = 0; i < d->nkstreams; i++)
        CUDA_CHECK(cudaStreamCreateWithFlags(&d->kstreams[i], f), "opening the GPU", d->index);
    CUDA_CHECK(cudaStreamCreateWithFlags(&d->h2d, f), "opening the GPU", d->index);
    CUDA_CHECK(cudaStreamCreateWithFlags(&d->d2h, f), "opening the GPU", d->index);
    CUDA_CHECK(cudaStreamCreateWithFlags(&d->astream, f), "opening the GPU", d->index);
    CUDA_CHECK(cudaStreamCreateWithFlags(&d->fstream, f), "opening the GPU", d->index);
    /* The cache allocates and frees while kernels run: cudaMalloc/cudaFree would wait for
     * the whole device.  The stream-ordered pool keeps freed memory for reuse instead of
     * giving it back at every synchronisation. */
    int pools = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&pools, cudaDevAttrMemoryPoolsSupported, d->index),
               "opening the GPU", d->index);
    d->pools = pools != 0;
    if (!d->pools)
        return;
    cudaMemPool_t pool;
    uint64_t keep = UINT64_MAX;
    CUDA_CHECK(cudaDeviceGetDefaultMemPool(&pool, d->index), "opening the GPU", d->index);
    CUDA_CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep),
               "opening the GPU", d->index);
    /* The pool's first growth costs about 7.5 ms on an H200 whatever its size (16 MiB and
     * 1 GiB alike), the allocations after it about 3 us each (cudaMalloc: 50 us): grow it
     * once here, at the start, rather than in the first task's allocation, where it was
     * the whole of n-body's fixed 8 ms behind the hand-written CUDA program.  What is
     * freed stays in the pool (the threshold above) for the cache's first allocations.  A
     * GPU too full for it just grows the pool later. */
    void *warm = NULL;
    cudaError_t rc = cudaMallocAsync(&warm, CUDA_POOL_WARM_BYTES, d->astream);
    if (rc == cudaSuccess) {
        CUDA_CHECK(cudaFreeAsync(warm, d->astream), "opening the GPU", d->index);
        CUDA_CHECK(cudaStreamSynchronize(d->astream), "opening the GPU", d->index);
    } else {
        (void)cudaGetLastError();
    }
}

static bool cuda_open(int index, struct nrt_space *s)
{
    struct cudaDeviceProp prop;
    CUDA_CHECK(cudaSetDevice(index), "opening the GPU", index);
    CUDA_CHECK(cudaGetDeviceProperties(&prop, index), "opening the GPU", index);
    struct cuda_dev *d = nrt_xcalloc(1, sizeof *d);
    d->index = index;
    d->max_threads = prop.maxThreadsPerBlock;
    for (int k = 0; k < 3; k++) {
        d->max_block[k] = prop.maxThreadsDim[k];
        d->max_grid[k] = prop.maxGridSize[k];
    }
    d->shmem_per_block = prop.sharedMemPerBlock;
    nrt_lock_init_plain(&d->pool_lock);
    streams_create(d);
    cuda_stage_init(d, &d->in);
    snprintf(s->name, sizeof s->name, "cuda%d (%.48s)", index, prop.name);
    memcpy(s->uuid, prop.uuid.bytes, sizeof s->uuid);
    s->has_uuid = true;
    snprintf(s->pci, sizeof s->pci, "%04x:%02x:%02x.0", (unsigned)prop.pciDomainID & 0xffff,
             (unsigned)prop.pciBusID & 0xff, (unsigned)prop.pciDeviceID & 0xff);
    s->mem_limit = memory_limit(index);
    s->mem_option = "--gpu-max-memory";
    s->exact_base = false;          /* device pointers can point inside an allocation */
    s->priv = d;
    for (int k = 0; k < nopened; k++) {
        enable_peer(index, opened[k]);
        enable_peer(opened[k], index);
    }
    if (nopened < NRT_MAX_SPACES)
        opened[nopened++] = index;
    return true;
}

static void cuda_close(struct nrt_space *s)
{
    struct cuda_dev *d = cuda_dev(s);
    cuda_use(d);
    CUDA_CHECK(cudaDeviceSynchronize(), "closing the GPU", d->index);
    if (nrt_cuda_cublas_close)
        nrt_cuda_cublas_close(d->index);
    for (unsigned i = 0; i < d->nkstreams; i++)
        CUDA_CHECK(cudaStreamDestroy(d->kstreams[i]), "closing the GPU", d->index);
    CUDA_CHECK(cudaStreamDestroy(d->h2d), "closing the GPU", d->index);
    CUDA_CHECK(cudaStreamDestroy(d->d2h), "closing the GPU", d->index);
    CUDA_CHECK(cudaStreamDestroy(d->astream), "closing the GPU", d->index);
    CUDA_CHECK(cudaStreamDestroy(d->fstream), "closing the GPU", d->index);
    cuda_stage_fini(d, &d->in);
    cuda_events_free(d);
    nrt_lock_destroy(&d->pool_lock);
    free(d);
    s->priv = NULL;
    nopened = 0;
}

/* A copy to pinned host memory returns at once; to pageable memory the driver's copy
 * returns when the data is there (cuda_mem.c). */
static bool cuda_async_out(struct nrt_space *s, const void *host, const struct nrt_xfer *x)
{
    cuda_use(cuda_dev(s));
    return cuda_host_pinned(host, x);
}

static const struct nrt_device_ops cuda_device = {
    .name = "cuda",
    .kind = NANORT_DEVICE_CUDA,
    .mem_option = "--gpu-max-memory",
    .graph_shape = "octagon",
    .probe = cuda_probe,
    .run = NULL,
    .open = cuda_open,
    .close = cuda_close,
    .mem = &nrt_cuda_mem,
    .compute = &nrt_cuda_compute,
    .async_out = cuda_async_out,
    .host_alloc = cuda_host_alloc,
    .host_free = cuda_host_free,
};

/* Before the core's constructor parses the options (nrt.h, config section). */
__attribute__((constructor(150))) static void cuda_register(void)
{
    nrt_config_add(cuda_options, sizeof cuda_options / sizeof cuda_options[0]);
    nrt_config_reset();             /* no-op unless a shared libnanort already parsed */
    nrt_device_register(&cuda_device);
}

/* A program with CUDA parts starts the runtime before main, not at its first task:
 * opening a GPU creates its CUDA context (about a quarter of a second on the H200), which
 * would otherwise fall inside whatever the program times around its first tasks.  Nanos++
 * opens its GPUs at start too.  Runs after every constructor(150) registration, so all
 * plugins' options are known when NX_ARGS is parsed. */
__attribute__((constructor)) static void cuda_start_early(void)
{
    nanort_init();
}
