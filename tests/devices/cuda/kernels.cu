/*
 * kernels.cu - the CUDA kernels of the CUDA device tests (tests/devices/cuda/), compiled by nvcc.
 * extern "C" so that the C test programs can name them (their host stubs are what
 * cudaLaunchKernel takes), plus one task body that launches by hand with <<<...>>> on the
 * task's stream, as OmpSs programs do.
 */
#include <cuda_runtime.h>
#include <stddef.h>

extern "C" void *nanos_get_kernel_execution_stream(void);

/* y = a * x + y */
extern "C" __global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}

/* x[i] += 1 (a chain of these counts how many ran) */
extern "C" __global__ void incr(unsigned *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] += 1u;
}

/* A w x h tile of a row-major matrix with `ld` elements per row: t[r][c] += v + r + c. */
extern "C" __global__ void tile_add(float *t, size_t ld, int w, int h, float v)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (c < w && r < h)
        t[(size_t)r * ld + c] += v + (float)r + (float)c;
}

/* y = y * 3 + x (unsigned: wraps identically on the host), for the mixed graph */
extern "C" __global__ void mix(unsigned *y, const unsigned *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = y[i] * 3u + x[i];
}

/* Writes far outside any allocation: the error test. */
extern "C" __global__ void wild(unsigned *x)
{
    x[(size_t)1 << 40] = 1u;
}

static __global__ void scale(float *x, int n, float a)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= a;
}

/* A task body written by hand: launches on the stream the runtime gives the task. */
extern "C" void scale_by_hand(float *dev_x, int n, float a)
{
    cudaStream_t s = (cudaStream_t)nanos_get_kernel_execution_stream();
    scale<<<(n + 127) / 128, 128, 0, s>>>(dev_x, n, a);
}

/* The streams test: two kernels of independent tasks meet on a device flag.  wait_flag
 * spins until set_flag has run (or about `cycles` clock ticks passed) and reports what it
 * saw: 1 only when the two kernels ran at the same time (on different streams); on one
 * stream set_flag cannot start before wait_flag gave up. */
__device__ int overlap_flag;

extern "C" __global__ void wait_flag(unsigned *seen, long long cycles)
{
    long long t0 = clock64();
    while (atomicAdd(&overlap_flag, 0) == 0 && clock64() - t0 < cycles)
        ;
    *seen = (unsigned)atomicAdd(&overlap_flag, 0);
}

extern "C" __global__ void set_flag(void)
{
    atomicExch(&overlap_flag, 1);
}
