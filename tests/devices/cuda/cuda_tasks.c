/*
 * cuda_tasks.c - CUDA task implementations built by hand with the C API, run by the
 * runtime (dispatch, manager thread, data cache) and checked against the host:
 *   saxpy    blocks of y = a*x + y, three sweeps, kernel arguments as BUFFERs
 *   chain    k kernels on one buffer: under write-back it moves in once and out once
 *   tile2d   2-D tiles of a matrix (2-D regions), device pointers and a 2-D ndrange
 *   by_hand  a task body launching <<<...>>> itself on nanos_get_kernel_execution_stream()
 *   evict    saxpy on more data than --gpu-max-memory allows (run it with a small limit)
 *   mixed    a random graph of smp-only, CUDA-only and smp+CUDA tasks on shared blocks
 *   fault    a kernel writing far out of bounds: the run must stop naming the task
 *   streams  two independent tasks whose kernels must run at the same time (they meet on
 *            a device flag): they are on two of the GPU's kernel streams (--gpu-streams);
 *            with --gpu-streams=1 the run fails, which shows the test can
 *   pinned   the chain on memory from nanos_malloc_pinned_cuda(): page-locked (it was
 *            malloc's), freed by nanos_free_pinned_cuda()
 * Usage: cuda_tasks TEST.  Skipped (77) where no GPU is usable.
 */
#include "nrt.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* tests/devices/cuda/kernels.cu */
void saxpy(int n, float a, const float *x, float *y);
void incr(unsigned *x, int n);
void tile_add(float *t, size_t ld, int w, int h, float v);
void mix(unsigned *y, const unsigned *x, int n);
void wild(unsigned *x);
void scale_by_hand(float *dev_x, int n, float a);
void *nanos_get_kernel_execution_stream(void);  /* the OmpSs name (nanort core) */
void *nanos_malloc_pinned_cuda(size_t size);    /* mcc/include/nanos.h's */
void nanos_free_pinned_cuda(void *address);
void wait_flag(unsigned *seen, long long cycles);
void set_flag(void);

#define KV(v) {NANORT_KARG_VALUE, sizeof(v), &(v)}
#define KB(p) {NANORT_KARG_BUFFER, 0, (p)}
#define TYPE(name, ...)                                                                    \
    static const struct nanort_impl name##_impls[] = {__VA_ARGS__};                        \
    static struct nanort_task_type name##_type = {                                         \
        #name, __FILE__, sizeof name##_impls / sizeof name##_impls[0], name##_impls, NULL}

static void launch1(nanort_ctx *ctx, const void *kernel, size_t n, unsigned nargs,
                    const struct nanort_karg *args)
{
    struct nanort_launch l = {kernel, 1, {n}, {0}, 0, nargs, args};
    nanort_kernel_launch(ctx, &l);
}

/* ---- the task types ------------------------------------------------------------------ */

struct saxpy_args { int n; float a; float *x, *y; };
static void saxpy_cuda(void *p, nanort_ctx *ctx)
{
    struct saxpy_args *a = p;
    struct nanort_karg args[] = {KV(a->n), KV(a->a), KB(a->x), KB(a->y)};
    launch1(ctx, (const void *)saxpy, a->n, 4, args);
}
TYPE(saxpy, {NANORT_DEVICE_CUDA, saxpy_cuda, "saxpy_cuda", NULL});

static void saxpy_task(int n, float a, float *x, float *y)
{
    void *p;
    nanort_task *t = nanort_task_create(&saxpy_type, sizeof(struct saxpy_args), 2, 2, &p);
    *(struct saxpy_args *)p = (struct saxpy_args){n, a, x, y};
    nanort_task_region1(t, NANORT_DEP_IN | NANORT_COPY_IN, x, n * sizeof *x);
    nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, y, n * sizeof *y);
    nanort_task_submit(t, 0, 0);
}

struct vec_args { unsigned *y; const unsigned *x; int n; };
static void incr_cuda(void *p, nanort_ctx *ctx)
{
    struct vec_args *a = p;
    struct nanort_karg args[] = {KB(a->y), KV(a->n)};
    launch1(ctx, (const void *)incr, a->n, 2, args);
}
static void incr_smp(void *p, nanort_ctx *ctx)
{
    struct vec_args *a = p;
    (void)ctx;
    for (int i = 0; i < a->n; i++)
        a->y[i] += 1u;
}
static void mix_cuda(void *p, nanort_ctx *ctx)
{
    struct vec_args *a = p;
    struct nanort_karg args[] = {KB(a->y), KB(a->x), KV(a->n)};
    launch1(ctx, (const void *)mix, a->n, 3, args);
}
static atomic_int mix_on_host;
static void mix_smp(void *p, nanort_ctx *ctx)
{
    struct vec_args *a = p;
    (void)ctx;
    atomic_fetch_add(&mix_on_host, 1);
    for (int i = 0; i < a->n; i++)
        a->y[i] = a->y[i] * 3u + a->x[i];
}
TYPE(incr_gpu, {NANORT_DEVICE_CUDA, incr_cuda, "incr_cuda", NULL});
TYPE(incr_host, {NANORT_DEVICE_SMP, incr_smp, "incr_smp", NULL});
TYPE(mix_any, {NANORT_DEVICE_SMP, mix_smp, "mix_smp", NULL},
     {NANORT_DEVICE_CUDA, mix_cuda, "mix_cuda", NULL});

static void vec_task(struct nanort_task_type *type, unsigned *y, const unsigned *x, int n)
{
    void *p;
    nanort_task *t = nanort_task_create(type, sizeof(struct vec_args), 2, 2, &p);
    *(struct vec_args *)p = (struct vec_args){y, x, n};
    nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, y, n * sizeof *y);
    if (x)
        nanort_task_region1(t, NANORT_DEP_IN | NANORT_COPY_IN, x, n * sizeof *x);
    nanort_task_submit(t, 0, 0);
}

/* A w x h tile at (r0, c0) of an n x n matrix: the kernel indexes from the device
 * address of its first element with the host's row length (device copies mirror the
 * host layout). */
struct tile_args { float *m; size_t n, r0, c0; int w, h; float v; };
static void tile_cuda(void *p, nanort_ctx *ctx)
{
    struct tile_args *a = p;
    float *d = nanort_device_ptr(ctx, a->m + a->r0 * a->n + a->c0);
    struct nanort_karg args[] = {KV(d), KV(a->n), KV(a->w), KV(a->h), KV(a->v)};
    struct nanort_launch l = {(const void *)tile_add, 2, {a->w, a->h}, {32, 8}, 0, 5, args};
    nanort_kernel_launch(ctx, &l);
}
TYPE(tile, {NANORT_DEVICE_CUDA, tile_cuda, "tile_cuda", NULL});

struct scale_args { float *x; int n; float a; };
static void scale_cuda(void *p, nanort_ctx *ctx)
{
    struct scale_args *a = p;
    scale_by_hand(nanort_device_ptr(ctx, a->x), a->n, a->a);
}
TYPE(scale, {NANORT_DEVICE_CUDA, scale_cuda, "scale_by_hand", NULL});

static void wild_cuda(void *p, nanort_ctx *ctx)
{
    unsigned *d = nanort_device_ptr(ctx, *(unsigned **)p);
    struct nanort_karg args[] = {KV(d)};
    launch1(ctx, (const void *)wild, 1, 1, args);
}
TYPE(wild, {NANORT_DEVICE_CUDA, wild_cuda, "wild_cuda", NULL});

/* ---- checks ------------------------------------------------------------------------- */

static int failures;
#define CHECK(c, ...)                                                                      \
    do {                                                                                   \
        if (!(c)) {                                                                        \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                    \
            printf(__VA_ARGS__);                                                           \
            putchar('\n');                                                                 \
            failures++;                                                                    \
        }                                                                                  \
    } while (0)

/* The CUDA spaces' counters, summed. */
struct counters { unsigned long tasks, in, out, hits, misses, evictions; int spaces; };
static struct counters cuda_counters(void)
{
    struct counters c = {0};
    for (int i = 1; i < nrt_nspaces; i++) {
        struct nrt_space_stats *st = &nrt_spaces[i]->stats;
        if (nrt_spaces[i]->ops->kind != NANORT_DEVICE_CUDA)
            continue;
        c.spaces++;
        c.tasks += atomic_load(&st->tasks);
        c.in += atomic_load(&st->bytes_in);
        c.out += atomic_load(&st->bytes_out);
        c.hits += atomic_load(&st->hits);
        c.misses += atomic_load(&st->misses);
        c.evictions += atomic_load(&st->evictions);
    }
    return c;
}

static void print_counters(const char *when)
{
    struct counters c = cuda_counters();
    printf("%s: %lu tasks, in %lu B, out %lu B, hits %lu, misses %lu, evictions %lu\n", when,
           c.tasks, c.in, c.out, c.hits, c.misses, c.evictions);
}

/* ---- the tests ------------------------------------------------------------------------ */

static void run_saxpy(int n, int bs, int sweeps, bool expect_evictions)
{
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), a = 2.0f;
    for (int i = 0; i < n; i++) {
        x[i] = (float)(i % 1000);
        y[i] = 1.0f;
    }
    for (int s = 0; s < sweeps; s++)
        for (int i = 0; i < n; i += bs)
            saxpy_task(n - i < bs ? n - i : bs, a, x + i, y + i);
    nanort_taskwait();
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += y[i] != 1.0f + (float)sweeps * a * x[i];
    CHECK(!bad, "%d of %d elements of y wrong", bad, n);
    struct counters c = cuda_counters();
    CHECK(c.tasks == (unsigned long)(sweeps * ((n + bs - 1) / bs)), "%lu tasks ran on GPUs",
          c.tasks);
    if (expect_evictions)
        CHECK(c.evictions > 0, "no eviction (run with NX_ARGS=--gpu-max-memory=3M)");
    print_counters("saxpy");
    free(x);
    free(y);
}

/* ---- streams: the kernels of independent tasks overlap ------------------------------- */

struct flag_args { unsigned *seen; long long cycles; };
static void wait_flag_cuda(void *p, nanort_ctx *ctx)
{
    struct flag_args *a = p;
    struct nanort_karg args[] = {KB(a->seen), KV(a->cycles)};
    launch1(ctx, (const void *)wait_flag, 1, 2, args);
}
static void set_flag_cuda(void *p, nanort_ctx *ctx)
{
    (void)p;
    launch1(ctx, (const void *)set_flag, 1, 0, NULL);
}
TYPE(wait_flag, {NANORT_DEVICE_CUDA, wait_flag_cuda, "wait_flag_cuda", NULL});
TYPE(set_flag, {NANORT_DEVICE_CUDA, set_flag_cuda, "set_flag_cuda", NULL});

static void run_streams(void)
{
    static unsigned seen;
    void *p;
    /* Loaded before either runs: with CUDA's lazy loading (the default since CUDA 12.2) the
     * first launch of set_flag loads it, and a load may wait for the running wait_flag to
     * end - the two never meet whatever the streams (CUDA C Programming Guide, "Lazy
     * Loading": preload kernels meant to run concurrently).  Failed on the H200 without. */
    struct cudaFuncAttributes fa;
    if (cudaFuncGetAttributes(&fa, (const void *)wait_flag) != cudaSuccess ||
        cudaFuncGetAttributes(&fa, (const void *)set_flag) != cudaSuccess) {
        printf("FAIL: cudaFuncGetAttributes could not load the streams test's kernels\n");
        exit(1);
    }
    /* about 4 s at 2 GHz: long beside the launch of the second task, short beside the
     * harness's timeout */
    nanort_task *t = nanort_task_create(&wait_flag_type, sizeof(struct flag_args), 1, 1, &p);
    *(struct flag_args *)p = (struct flag_args){&seen, 8000000000LL};
    nanort_task_region1(t, NANORT_DEP_OUT | NANORT_COPY_OUT, &seen, sizeof seen);
    nanort_task_submit(t, 0, 0);
    t = nanort_task_create(&set_flag_type, 0, 0, 0, &p);
    nanort_task_submit(t, 0, 0);
    nanort_taskwait();
    CHECK(seen == 1, "the waiting kernel saw flag %u: the two tasks' kernels did not run at "
          "the same time", seen);
}

/* x[i] = i, then k increment tasks on the GPU in a chain: x[i] must be i + k. */
static void incr_chain(unsigned *x, int n, int k)
{
    for (int i = 0; i < n; i++)
        x[i] = (unsigned)i;
    for (int j = 0; j < k; j++)
        vec_task(&incr_gpu_type, x, NULL, n);
    nanort_taskwait();
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += x[i] != (unsigned)(i + k);
    CHECK(!bad, "%d of %d elements wrong after %d increments", bad, n, k);
}

static void run_chain(void)
{
    int n = 1 << 20, k = 10;
    unsigned *x = malloc(n * sizeof *x);
    incr_chain(x, n, k);
    struct counters c = cuda_counters();
    print_counters("chain");
    if (nrt_cfg.cache_policy == NRT_CACHE_WRITEBACK) {
        CHECK(c.in == n * sizeof *x, "%lu bytes in, expected %zu (once)", c.in, n * sizeof *x);
        CHECK(c.out == n * sizeof *x, "%lu bytes out, expected %zu", c.out, n * sizeof *x);
        CHECK(c.misses == 1 && c.hits == (unsigned long)k - 1, "%lu misses, %lu hits",
              c.misses, c.hits);
    }
    free(x);
}

static void run_tile2d(void)
{
    size_t n = 1000, ts = 256;      /* edge tiles are smaller */
    float *m = calloc(n * n, sizeof *m);
    for (int pass = 1; pass <= 2; pass++)
        for (size_t r0 = 0; r0 < n; r0 += ts)
            for (size_t c0 = 0; c0 < n; c0 += ts) {
                void *p;
                int w = (int)(n - c0 < ts ? n - c0 : ts), h = (int)(n - r0 < ts ? n - r0 : ts);
                nanort_task *t = nanort_task_create(&tile_type, sizeof(struct tile_args), 1, 2,
                                                    &p);
                *(struct tile_args *)p = (struct tile_args){m, n, r0, c0, w, h, (float)pass};
                struct nanort_dim d[2] = {{n * sizeof *m, c0 * sizeof *m, w * sizeof *m},
                                          {n, r0, (size_t)h}};
                nanort_task_region(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, m, 2, d);
                nanort_task_submit(t, 0, 0);
            }
    nanort_taskwait();
    int bad = 0;
    for (size_t r = 0; r < n; r++)
        for (size_t c = 0; c < n; c++) {
            float want = 3.0f + 2.0f * (float)(r % ts + c % ts);
            bad += m[r * n + c] != want;
        }
    CHECK(!bad, "%d of %zu matrix elements wrong", bad, n * n);
    print_counters("tile2d");
    free(m);
}

static void run_by_hand(void)
{
    int n = 1 << 18, bs = 1 << 16;
    float *x = malloc(n * sizeof *x);
    for (int i = 0; i < n; i++)
        x[i] = (float)(i % 77);
    for (int rep = 0; rep < 2; rep++)
        for (int i = 0; i < n; i += bs) {
            void *p;
            nanort_task *t = nanort_task_create(&scale_type, sizeof(struct scale_args), 1, 1,
                                                &p);
            *(struct scale_args *)p = (struct scale_args){x + i, bs, 2.0f};
            nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, x + i,
                                bs * sizeof *x);
            nanort_task_submit(t, 0, 0);
        }
    nanort_taskwait();
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += x[i] != 4.0f * (float)(i % 77);
    CHECK(!bad, "%d of %d elements wrong", bad, n);
    CHECK(nanos_get_kernel_execution_stream() == NULL, "a stream outside CUDA tasks");
    print_counters("by_hand");
    free(x);
}

/* Random tasks on nb blocks; the same sequence run sequentially gives the reference. */
static void run_mixed(void)
{
    enum { NB = 12, BS = 1 << 16, NT = 400 };
    unsigned *data = malloc((size_t)NB * BS * sizeof *data);
    unsigned *ref = malloc((size_t)NB * BS * sizeof *ref);
    for (size_t i = 0; i < (size_t)NB * BS; i++)
        data[i] = ref[i] = (unsigned)(i * 2654435761u);
    srand(12345);
    for (int k = 0; k < NT; k++) {
        int op = rand() % 3, i = rand() % NB, j = (i + 1 + rand() % (NB - 1)) % NB;
        unsigned *y = data + (size_t)i * BS, *x = data + (size_t)j * BS;
        unsigned *ry = ref + (size_t)i * BS, *rx = ref + (size_t)j * BS;
        for (int e = 0; e < BS; e++)
            ry[e] = op == 2 ? ry[e] * 3u + rx[e] : ry[e] + 1u;
        vec_task(op == 0 ? &incr_gpu_type : op == 1 ? &incr_host_type : &mix_any_type, y,
                 op == 2 ? x : NULL, BS);
    }
    nanort_taskwait();
    size_t bad = 0;
    for (size_t i = 0; i < (size_t)NB * BS; i++)
        bad += data[i] != ref[i];
    CHECK(!bad, "%zu of %d elements differ from the sequential run", bad, NB * BS);
    struct counters c = cuda_counters();
    printf("mixed: %d mix tasks ran on the host\n", atomic_load(&mix_on_host));
    print_counters("mixed");
    CHECK(c.tasks > 0, "no task ran on a GPU");
    free(data);
    free(ref);
}

static void run_fault(void)
{
    unsigned *x = calloc(1024, sizeof *x);
    void *p;
    nanort_task *t = nanort_task_create(&wild_type, sizeof x, 1, 1, &p);
    *(unsigned **)p = x;
    nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, x, 1024 * sizeof *x);
    nanort_task_submit(t, 0, 0);
    nanort_taskwait();
    printf("FAIL: the faulting kernel was not reported\n");
    exit(1);
}

/* What CUDA says host memory at p is (cudaMemoryTypeUnregistered for malloc's). */
static enum cudaMemoryType host_memory_type(const void *p)
{
    struct cudaPointerAttributes a;
    if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
        (void)cudaGetLastError();
        return cudaMemoryTypeUnregistered;
    }
    return a.type;
}

static void run_pinned(void)
{
    int n = 1 << 20, k = 10;
    unsigned *x = nanos_malloc_pinned_cuda(n * sizeof *x);
    CHECK(host_memory_type(x) == cudaMemoryTypeHost && host_memory_type(x + n - 1) ==
          cudaMemoryTypeHost, "nanos_malloc_pinned_cuda's memory is not pinned (type %d)",
          (int)host_memory_type(x));
    incr_chain(x, n, k);
    nanos_free_pinned_cuda(x);
    CHECK(host_memory_type(x) != cudaMemoryTypeHost, "pinned memory still pinned after "
          "nanos_free_pinned_cuda");
    void *none = nanos_malloc_pinned_cuda(0);
    nanos_free_pinned_cuda(none);
}

int main(int argc, char **argv)
{
    const char *test = argc > 1 ? argv[1] : "";
    nanort_init();
    if (cuda_counters().spaces == 0) {
        printf("skipped: no usable GPU (NX_ARGS=--verbose says why)\n");
        return 77;
    }
    if (!strcmp(test, "saxpy"))
        run_saxpy(1 << 22, 1 << 18, 3, false);
    else if (!strcmp(test, "evict"))
        run_saxpy(1 << 22, 1 << 18, 3, true);
    else if (!strcmp(test, "chain"))
        run_chain();
    else if (!strcmp(test, "tile2d"))
        run_tile2d();
    else if (!strcmp(test, "by_hand"))
        run_by_hand();
    else if (!strcmp(test, "mixed"))
        run_mixed();
    else if (!strcmp(test, "fault"))
        run_fault();
    else if (!strcmp(test, "streams"))
        run_streams();
    else if (!strcmp(test, "pinned"))
        run_pinned();
    else {
        fprintf(stderr, "usage: cuda_tasks saxpy|evict|chain|tile2d|by_hand|mixed|fault|streams|"
                        "pinned\n");
        return 2;
    }
    printf("%s: %d failures\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
