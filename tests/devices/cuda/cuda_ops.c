/*
 * cuda_ops.c - the CUDA plugin's memory and compute hooks called directly, without the
 * runtime's cache or managers: allocation (and NULL when out of memory, with no error
 * left behind), 1-D and rectangular copies from pageable and pinned memory (several
 * staging pieces, rows wider than a staging buffer), peer copies, events, kernel
 * launches with default and given block sizes.  Prints the copy bandwidths it measures.
 * Skipped (77) where no GPU is usable.
 */
#include "nrt.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void incr(unsigned *x, int n);      /* tests/devices/cuda/kernels.cu */
void tile_add(float *t, size_t ld, int w, int h, float v);

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

static const struct nrt_device_ops *ops;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void done(struct nrt_space *s, nrt_event e)
{
    if (e) {
        ops->mem->wait(s, e);
        CHECK(ops->mem->query(s, e), "an event waited for is not done");
        ops->mem->release(s, e);
    }
}

static void fill(unsigned char *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)(i * 131u + seed + (i >> 12));
}

/* A 1-D round trip of n bytes through s (several staging pieces when large). */
static void round_trip_1d(struct nrt_space *s, unsigned char *a, unsigned char *b, size_t n)
{
    struct nrt_xfer x = {n, 1, n};
    void *buf = ops->mem->alloc(s, n + 64);
    CHECK(buf, "alloc of %zu bytes failed", n);
    fill(a, n, 7);
    memset(b, 0, n);
    done(s, ops->mem->copy_in(s, buf, 64, a, &x, NULL));
    done(s, ops->mem->copy_out(s, b, buf, 64, &x, NULL));
    CHECK(memcmp(a, b, n) == 0, "1-D round trip of %zu bytes differs", n);
    ops->mem->free(s, buf);
}

/* rows x width bytes, pitch apart: the gaps between rows stay as they were. */
static void round_trip_rect(struct nrt_space *s, size_t width, size_t rows, size_t pitch)
{
    size_t n = (rows - 1) * pitch + width;
    unsigned char *a = malloc(n), *b = malloc(n);
    struct nrt_xfer x = {width, rows, pitch};
    void *buf = ops->mem->alloc(s, n);
    fill(a, n, 3);
    memset(b, 0xee, n);
    done(s, ops->mem->copy_in(s, buf, 0, a, &x, NULL));
    done(s, ops->mem->copy_out(s, b, buf, 0, &x, NULL));
    int bad = 0;
    for (size_t r = 0; r < rows; r++) {
        bad |= memcmp(a + r * pitch, b + r * pitch, width) != 0;
        for (size_t c = width; r + 1 < rows && c < pitch; c++)
            bad |= b[r * pitch + c] != 0xee;
    }
    CHECK(!bad, "rectangle %zu x %zu (pitch %zu) differs or its gaps were written", width,
          rows, pitch);
    ops->mem->free(s, buf);
    free(a);
    free(b);
}

static void test_alloc(struct nrt_space *s)
{
    void *huge = ops->mem->alloc(s, (size_t)1 << 52);
    CHECK(huge == NULL, "a 4 PiB allocation did not return NULL");
    CHECK(cudaGetLastError() == cudaSuccess, "an error was left behind by the failed alloc");
    void *p = ops->mem->alloc(s, 1 << 20);
    CHECK(p != NULL, "an allocation after a failed one failed");
    CHECK(ops->mem->address(s, p, 40) == (char *)p + 40, "address() is not buf + off");
    ops->mem->free(s, p);
}

static void test_pinned(struct nrt_space *s, size_t n)
{
    unsigned char *a, *b;
    if (cudaMallocHost((void **)&a, n) != cudaSuccess || cudaMallocHost((void **)&b, n) !=
        cudaSuccess) {
        CHECK(0, "cudaMallocHost failed");
        return;
    }
    round_trip_1d(s, a, b, n);
    cudaFreeHost(a);
    cudaFreeHost(b);
}

/* Space s2 (the same or another GPU) gets a copy of s1's rectangle. */
static void test_peer(struct nrt_space *s1, struct nrt_space *s2)
{
    size_t width = 3000, rows = 50, pitch = 4096, n = (rows - 1) * pitch + width;
    unsigned char *a = malloc(n), *b = calloc(1, n);
    struct nrt_xfer x = {width, rows, pitch}, flat = {n, 1, n};
    void *b1 = ops->mem->alloc(s1, n), *b2 = ops->mem->alloc(s2, n);
    fill(a, n, 11);
    done(s1, ops->mem->copy_in(s1, b1, 0, a, &flat, NULL));
    done(s2, ops->mem->copy_peer(s2, b2, 0, s1, b1, 0, &flat, NULL));
    done(s2, ops->mem->copy_out(s2, b, b2, 0, &flat, NULL));
    CHECK(memcmp(a, b, n) == 0, "1-D peer copy differs");
    memset(b, 0, n);
    done(s2, ops->mem->copy_in(s2, b2, 0, b, &flat, NULL));      /* zero it */
    done(s2, ops->mem->copy_peer(s2, b2, 0, s1, b1, 0, &x, NULL));
    done(s2, ops->mem->copy_out(s2, b, b2, 0, &flat, NULL));
    int bad = 0;
    for (size_t r = 0; r < rows; r++)
        bad |= memcmp(a + r * pitch, b + r * pitch, width) != 0 ||
               (r + 1 < rows && b[r * pitch + width] != 0);
    CHECK(!bad, "2-D peer copy differs or wrote the gaps");
    ops->mem->free(s1, b1);
    ops->mem->free(s2, b2);
    free(a);
    free(b);
}

/* A kernel after a copy (begin orders it), then a 2-D one with a given block size. */
static void test_launch(struct nrt_space *s)
{
    int n = 100003;
    size_t bytes = n * sizeof(unsigned);
    unsigned *h = malloc(bytes);
    for (int i = 0; i < n; i++)
        h[i] = (unsigned)i;
    struct nrt_xfer x = {bytes, 1, bytes};
    unsigned *d = ops->mem->alloc(s, bytes);
    nrt_event in = ops->mem->copy_in(s, d, 0, h, &x, NULL);
    nanort_ctx ctx = {.space = s};
    ops->compute->begin(s, &ctx, in ? 1 : 0, &in);
    struct nanort_karg args[2] = {{NANORT_KARG_VALUE, sizeof d, &d},
                                  {NANORT_KARG_VALUE, sizeof n, &n}};
    struct nanort_launch l = {(const void *)incr, 1, {n}, {0}, 0, 2, args};
    ops->compute->launch(s, &ctx, &l);
    l.local[0] = 96;                /* n is not a multiple: the grid rounds up */
    ops->compute->launch(s, &ctx, &l);
    done(s, ops->compute->end(s, &ctx));
    done(s, in);
    done(s, ops->mem->copy_out(s, h, d, 0, &x, NULL));
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += h[i] != (unsigned)i + 2;
    CHECK(!bad, "%d of %d elements wrong after two incr launches", bad, n);
    CHECK(ops->compute->stream(s, &ctx) != NULL, "no kernel stream");
    ops->mem->free(s, d);
    free(h);
}

static void test_launch_2d(struct nrt_space *s)
{
    int w = 37, h = 21;
    size_t ld = 64, bytes = ld * h * sizeof(float);
    float *m = calloc(ld * h, sizeof *m), v = 0.5f;
    struct nrt_xfer x = {bytes, 1, bytes};
    float *d = ops->mem->alloc(s, bytes);
    done(s, ops->mem->copy_in(s, d, 0, m, &x, NULL));
    nanort_ctx ctx = {.space = s};
    ops->compute->begin(s, &ctx, 0, NULL);
    struct nanort_karg args[5] = {{NANORT_KARG_VALUE, sizeof d, &d},
                                  {NANORT_KARG_VALUE, sizeof ld, &ld},
                                  {NANORT_KARG_VALUE, sizeof w, &w},
                                  {NANORT_KARG_VALUE, sizeof h, &h},
                                  {NANORT_KARG_VALUE, sizeof v, &v}};
    struct nanort_launch l = {(const void *)tile_add, 2, {w, h}, {0}, 0, 5, args};
    ops->compute->launch(s, &ctx, &l);
    done(s, ops->compute->end(s, &ctx));
    done(s, ops->mem->copy_out(s, m, d, 0, &x, NULL));
    int bad = 0;
    for (int r = 0; r < h; r++)
        for (size_t c = 0; c < ld; c++)
            bad += m[r * ld + c] != ((int)c < w ? v + r + c : 0.0f);
    CHECK(!bad, "%d elements wrong after the 2-D launch", bad);
    ops->mem->free(s, d);
    free(m);
}

/* GB/s of 1-D copies of n bytes (pageable host memory unless pinned). */
static void bandwidth(struct nrt_space *s, size_t n, int pinned)
{
    unsigned char *a;
    if (pinned ? cudaMallocHost((void **)&a, n) != cudaSuccess : !(a = malloc(n)))
        return;
    memset(a, 1, n);
    struct nrt_xfer x = {n, 1, n};
    void *buf = ops->mem->alloc(s, n);
    double t[2];
    for (int rep = 0; rep < 2; rep++) {      /* the first warms the pages and the context */
        double t0 = now();
        done(s, ops->mem->copy_in(s, buf, 0, a, &x, NULL));
        double t1 = now();
        done(s, ops->mem->copy_out(s, a, buf, 0, &x, NULL));
        t[0] = t1 - t0;
        t[1] = now() - t1;
    }
    printf("bandwidth %s %zu MiB: to GPU %.1f GB/s, from GPU %.1f GB/s (plugin)\n",
           pinned ? "pinned  " : "pageable", n >> 20, n / t[0] * 1e-9, n / t[1] * 1e-9);
    /* The same with the driver's own copies (its staging for pageable memory). */
    double t0 = now();
    cudaMemcpy(buf, a, n, cudaMemcpyHostToDevice);
    double t1 = now();
    cudaMemcpy(a, buf, n, cudaMemcpyDeviceToHost);
    printf("bandwidth %s %zu MiB: to GPU %.1f GB/s, from GPU %.1f GB/s (cudaMemcpy)\n",
           pinned ? "pinned  " : "pageable", n >> 20, n / (t1 - t0) * 1e-9,
           n / (now() - t1) * 1e-9);
    ops->mem->free(s, buf);
    pinned ? (void)cudaFreeHost(a) : free(a);
}

static struct nrt_space *open_space(int index)
{
    struct nrt_space *s = calloc(1, sizeof *s);
    s->index = index;
    s->mem_limit = SIZE_MAX;
    if (!ops->open(index, s)) {
        printf("FAIL: could not open GPU %d\n", index);
        exit(1);
    }
    printf("opened %s, cache limit %zu MiB\n", s->name, s->mem_limit >> 20);
    return s;
}

int main(void)
{
    nanort_init();
    ops = nrt_device(NANORT_DEVICE_CUDA);
    if (!ops) {
        printf("FAIL: the CUDA plugin did not register\n");
        return 1;
    }
    int n = ops->probe();
    if (n <= 0) {
        printf("skipped: no usable GPU (NX_ARGS=--verbose says why)\n");
        return 77;
    }
    struct nrt_space *s = open_space(0), *s2 = open_space(n > 1 ? 1 : 0);
    size_t big = 13u << 20;         /* > 3 staging pieces, not a multiple of one */
    unsigned char *a = malloc(big), *b = malloc(big);
    test_alloc(s);
    round_trip_1d(s, a, b, 1);
    round_trip_1d(s, a, b, 4097);
    round_trip_1d(s, a, b, big);
    round_trip_rect(s, 1000, 300, 1536);         /* many rows per piece */
    round_trip_rect(s, 5u << 20, 3, 6u << 20);   /* rows wider than a piece */
    round_trip_rect(s, 3000, 5000, 3000);        /* pitch == width: one block */
    test_pinned(s, big);
    test_peer(s, s2);
    test_launch(s);
    test_launch_2d(s);
    bandwidth(s, (size_t)256 << 20, 0);
    bandwidth(s, (size_t)256 << 20, 1);
    free(a);
    free(b);
    ops->close(s2);
    ops->close(s);
    printf("%s: %d failures\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
