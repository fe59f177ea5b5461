/*
 * pool_growth.cu - how long the stream-ordered pool's first allocations take (issue 20's
 * n-body gap; bench/cuda/README.md, "the pool's first growth").  Not built by make: on the
 * GPU machine, `nvcc -O2 -o pool_growth bench/cuda/pool_growth.cu`, then
 *   ./pool_growth MODE [WARM_MIB]
 * MODE 0: four cudaMalloc of 4 MiB; 1: four cudaMallocAsync from the default pool with the
 * release threshold at its maximum (as the CUDA plugin sets it); 2: the same, threshold
 * untouched.  WARM_MIB: first allocate and free that much through the pool (what the plugin
 * now does when it opens the GPU).  Prints the time of the warm-up, of the four
 * allocations and of four 4 MiB copies into them.
 */
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

static double now()
{
    return std::chrono::duration<double>(
               std::chrono::steady_clock::now().time_since_epoch()).count();
}

int main(int argc, char **argv)
{
    int mode = argc > 1 ? atoi(argv[1]) : 1;
    size_t warm = argc > 2 ? (size_t)atol(argv[2]) << 20 : 0;
    const size_t bytes = (size_t)4 << 20;
    void *h;
    cudaMallocHost(&h, bytes);                      /* the context, outside the timings */
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaMemPool_t pool;
    cudaDeviceGetDefaultMemPool(&pool, 0);
    uint64_t keep = UINT64_MAX;
    if (mode == 1)
        cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep);
    double w0 = now();
    if (warm) {
        void *q;
        cudaMallocAsync(&q, warm, s);
        cudaFreeAsync(q, s);
        cudaStreamSynchronize(s);
    }
    double t0 = now();
    void *p[4];
    for (int i = 0; i < 4; i++) {
        if (mode == 0) {
            cudaMalloc(&p[i], bytes);
        } else {
            cudaMallocAsync(&p[i], bytes, s);
            cudaStreamSynchronize(s);
        }
    }
    double t1 = now();
    for (int i = 0; i < 4; i++)
        cudaMemcpyAsync(p[i], h, bytes, cudaMemcpyHostToDevice, s);
    cudaStreamSynchronize(s);
    double t2 = now();
    printf("mode %d: warm-up of %zu MiB %.3f ms, four allocations %.3f ms, four copies %.3f ms\n",
           mode, warm >> 20, (t0 - w0) * 1e3, (t1 - t0) * 1e3, (t2 - t1) * 1e3);
    return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
