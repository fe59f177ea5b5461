/*
 * matmul_hand.cu - the hand-written CUDA peer of samples/matmul_dev: the same tiled
 * C += A * B with the same tile kernel (mm_tile_cuda, included from the sample), written
 * as a careful CUDA programmer would:
 *   - host tiles pinned (cudaMallocHost; --pageable for plain memory), every tile
 *     copied in once and every C tile copied out once, all asynchronously;
 *   - A and B tiles uploaded on one copy stream in the order the products need them,
 *     each with an event; C tile (i, j) owns one of S compute streams (round robin),
 *     which uploads C, waits for the A/B events, runs its nt products, and copies C back,
 *     so copies in both directions overlap the kernels of the other streams.
 *
 *   usage: matmul_hand [N [BS [STREAMS]]] [--pageable]   (defaults 8192 1024 4)
 * Prints "time: S s (G GFLOP/s)" measured from before the device set-up (allocations,
 * streams) to the last result on the host, and checks C exactly like the sample ("result: OK", exit 0).  Then, to show how
 * much the copies overlap the kernels, the two parts alone: "kernels only" (the same
 * nt^3 launches on the same streams, data resident) and "copies only" (every tile in,
 * every C tile out, on one stream each way, no kernels).
 */
#include "../../samples/matmul_dev/matmul.cu"
#include "common.h"
#include "host_checks.h"
#include <cstring>
#include <vector>

struct mm_dev {
    int nt, bs;
    size_t tile_bytes;
    std::vector<double *> a, b, c;          /* device tiles */
    std::vector<cudaEvent_t> a_in, b_in;    /* recorded when an A/B tile has arrived */
    std::vector<bool> a_sent, b_sent;
};

static void mm_dev_alloc(mm_dev &d, int nt, int bs)
{
    d.nt = nt;
    d.bs = bs;
    d.tile_bytes = (size_t)bs * bs * sizeof(double);
    int tiles = nt * nt;
    d.a.resize(tiles);
    d.b.resize(tiles);
    d.c.resize(tiles);
    d.a_in.resize(tiles);
    d.b_in.resize(tiles);
    d.a_sent.assign(tiles, false);
    d.b_sent.assign(tiles, false);
    for (int t = 0; t < tiles; t++) {
        CK(cudaMalloc(&d.a[t], d.tile_bytes));
        CK(cudaMalloc(&d.b[t], d.tile_bytes));
        CK(cudaMalloc(&d.c[t], d.tile_bytes));
        CK(cudaEventCreateWithFlags(&d.a_in[t], cudaEventDisableTiming));
        CK(cudaEventCreateWithFlags(&d.b_in[t], cudaEventDisableTiming));
    }
}

/* Upload one A or B tile on the copy stream the first time it is needed. */
static void send_once(double *dst, const double *src, size_t bytes, cudaEvent_t ev,
                      std::vector<bool>::reference sent, cudaStream_t copy)
{
    if (sent)
        return;
    CK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, copy));
    CK(cudaEventRecord(ev, copy));
    sent = true;
}

/* C(i, j) += sum_k A(i, k) B(k, j) on stream s: all asynchronous. */
static void c_tile(mm_dev &d, double **a, double **b, double **c, int i, int j, cudaStream_t s,
                   cudaStream_t copy)
{
    int nt = d.nt, ct = i * nt + j;
    dim3 block(MM_TB, MM_TB), grid((d.bs + MM_T - 1) / MM_T, (d.bs + MM_T - 1) / MM_T);
    CK(cudaMemcpyAsync(d.c[ct], c[ct], d.tile_bytes, cudaMemcpyHostToDevice, s));
    for (int k = 0; k < nt; k++) {
        int at = i * nt + k, bt = k * nt + j;
        send_once(d.a[at], a[at], d.tile_bytes, d.a_in[at], d.a_sent[at], copy);
        send_once(d.b[bt], b[bt], d.tile_bytes, d.b_in[bt], d.b_sent[bt], copy);
        CK(cudaStreamWaitEvent(s, d.a_in[at], 0));
        CK(cudaStreamWaitEvent(s, d.b_in[bt], 0));
        mm_tile_cuda<<<grid, block, 0, s>>>(d.a[at], d.b[bt], d.c[ct], d.bs);
        CK(cudaGetLastError());
    }
    CK(cudaMemcpyAsync(c[ct], d.c[ct], d.tile_bytes, cudaMemcpyDeviceToHost, s));
}

/* The nt^3 products alone, on the same streams, the tiles already on the device (the
 * host result was checked before: this only changes device memory). */
static double kernels_only(mm_dev &d, std::vector<cudaStream_t> &s)
{
    int nt = d.nt, ns = (int)s.size();
    dim3 block(MM_TB, MM_TB), grid((d.bs + MM_T - 1) / MM_T, (d.bs + MM_T - 1) / MM_T);
    CK(cudaDeviceSynchronize());
    double t0 = wall_seconds();
    for (int i = 0; i < nt; i++)
        for (int j = 0; j < nt; j++)
            for (int k = 0; k < nt; k++) {
                mm_tile_cuda<<<grid, block, 0, s[(i * nt + j) % ns]>>>(d.a[i * nt + k],
                                                                     d.b[k * nt + j],
                                                                     d.c[i * nt + j], d.bs);
                CK(cudaGetLastError());
            }
    CK(cudaDeviceSynchronize());
    return wall_seconds() - t0;
}

/* Every tile in and every C tile out, H2D on one stream and D2H on another, no kernels. */
static double copies_only(mm_dev &d, double **a, double **b, double **c, cudaStream_t in,
                          cudaStream_t out)
{
    int tiles = d.nt * d.nt;
    CK(cudaDeviceSynchronize());
    double t0 = wall_seconds();
    for (int t = 0; t < tiles; t++) {
        CK(cudaMemcpyAsync(d.a[t], a[t], d.tile_bytes, cudaMemcpyHostToDevice, in));
        CK(cudaMemcpyAsync(d.b[t], b[t], d.tile_bytes, cudaMemcpyHostToDevice, in));
        CK(cudaMemcpyAsync(d.c[t], c[t], d.tile_bytes, cudaMemcpyHostToDevice, in));
        CK(cudaMemcpyAsync(c[t], d.c[t], d.tile_bytes, cudaMemcpyDeviceToHost, out));
    }
    CK(cudaDeviceSynchronize());
    return wall_seconds() - t0;
}

static double **tiles(int nt, int bs, bool pinned)
{
    double **t = (double **)malloc(sizeof(double *) * nt * nt);
    for (int i = 0; i < nt * nt; i++)
        t[i] = (double *)host_alloc((size_t)bs * bs * sizeof(double), pinned);
    return t;
}

int main(int argc, char **argv)
{
    bool pinned = !(argc > 1 && !strcmp(argv[argc - 1], "--pageable"));
    argc -= !pinned;
    int n = argc > 1 ? atoi(argv[1]) : 8192, bs = argc > 2 ? atoi(argv[2]) : 1024;
    int ns = argc > 3 ? atoi(argv[3]) : 4;
    if (n <= 0 || bs <= 0 || n % bs || ns <= 0) {
        fprintf(stderr, "usage: %s [N [BS [STREAMS]]] [--pageable]  (N a multiple of BS)\n",
                argv[0]);
        return 2;
    }
    int nt = n / bs;
    double **a = tiles(nt, bs, pinned), **b = tiles(nt, bs, pinned), **c = tiles(nt, bs, pinned);
    hc_mm_fill(a, nt, bs, 0);
    hc_mm_fill(b, nt, bs, 1);
    hc_mm_fill(c, nt, bs, -1);

    /* Timed from before the device set-up, as the OmpSs version opens the GPU at its first
     * task (with pageable tiles the CUDA context is made here; pinned tiles made it). */
    double t0 = wall_seconds();
    mm_dev d;
    mm_dev_alloc(d, nt, bs);
    std::vector<cudaStream_t> s(ns);
    cudaStream_t copy;
    for (auto &x : s)
        CK(cudaStreamCreateWithFlags(&x, cudaStreamNonBlocking));
    CK(cudaStreamCreateWithFlags(&copy, cudaStreamNonBlocking));
    double setup = wall_seconds() - t0;
    for (int i = 0; i < nt; i++)
        for (int j = 0; j < nt; j++)
            c_tile(d, a, b, c, i, j, s[(i * nt + j) % ns], copy);
    CK(cudaDeviceSynchronize());
    double secs = wall_seconds() - t0;

    printf("matmul_hand: n %d, tile %d, %d streams, %s host memory\n", n, bs, ns,
           pinned ? "pinned" : "pageable");
    printf("time: %.6f s (%.2f GFLOP/s), device set-up %.6f s of it\n", secs,
           2.0 * n * n * (double)n / secs * 1e-9, setup);
    int wrong = hc_mm_wrong_rows(c, nt, bs);
    printf(wrong ? "result: WRONG (%d rows)\n" : "result: OK\n", wrong);
    printf("kernels only: %.6f s\n", kernels_only(d, s));
    printf("copies only: %.6f s\n", copies_only(d, a, b, c, s[0], copy));
    return wrong != 0;
}
