/*
 * matmul.c - tiled matrix multiplication C = A * B whose tile task has three
 * implementations: smp (C), OpenCL (matmul.cl) and CUDA (matmul.cu), tied by `implements`.
 *
 *   usage: matmul [N [BS]] [--inject-error]    (defaults 2048 256; N a multiple of BS)
 *   mcc --ompss -O2 matmul.c matmul.cl -o matmul                       smp + OpenCL
 *   mcc --ompss -O2 -DWITH_CUDA matmul.c matmul.cl matmul.cu -o matmul  smp + OpenCL + CUDA
 *   -DONLY_OPENCL / -DONLY_CUDA: the kernel is the task itself (no smp version), so every
 *   tile runs on that device: the builds the benchmarks time (bench/gpu.sh).
 *   -DPINNED_HOST (with CUDA): the tiles in pinned memory (cudaMallocHost), which the GPU
 *   copies directly; plain malloc memory goes through the runtime's staging buffers.
 *
 * The matrices are stored by tiles (samples/matmul/kernels.h); one task per (i, j, k)
 * updates tile C(i, j) with A(i, k) * B(k, j).  With copy_deps the runtime copies the
 * tiles a device needs and keeps them there: each A and B tile crosses the bus once per
 * device, a C tile stays on the device through its chain of nt updates and comes back at
 * the taskwait.  The matrices hold small integers, so C is exact on every device and the
 * check compares exactly.  Prints how many tiles ran on smp; "result: OK", exit 0 when right.
 */
#include "../matmul/kernels.h"
#include <omp.h>

#ifndef _OMPSS /* plain C (pragmas ignored) does not know the device qualifiers */
#define __kernel
#define __global
#define __global__
#endif
#ifdef ONLY_CUDA
#define WITH_CUDA
#endif

static int smp_tiles;   /* tiles the smp version computed (atomic) */

#pragma omp target device(smp) copy_deps
#pragma omp task in([bs * bs]a, [bs * bs]b) inout([bs * bs]c)
void mm_tile(const double *a, const double *b, double *c, int bs)
{
    matmul_tile(a, b, c, bs);
    __atomic_fetch_add(&smp_tiles, 1, __ATOMIC_RELAXED);
}

/* Each work-item computes 4 x 4 elements of c: the range is (bs / 4)^2, rounded up. */
#ifndef ONLY_CUDA
#ifdef ONLY_OPENCL
#define OCL_IMPLEMENTS
#else
#define OCL_IMPLEMENTS implements(mm_tile)
#endif
#pragma omp target device(opencl) ndrange(2, (bs + 3) / 4, (bs + 3) / 4, 16, 16) file(matmul.cl) copy_deps OCL_IMPLEMENTS
#pragma omp task in([bs * bs]a, [bs * bs]b) inout([bs * bs]c)
__kernel void mm_tile_ocl(__global const double *a, __global const double *b, __global double *c,
                          int bs);
#endif

#if defined(WITH_CUDA) && !defined(ONLY_OPENCL)
#ifdef ONLY_CUDA
#define CUDA_IMPLEMENTS
#else
#define CUDA_IMPLEMENTS implements(mm_tile)
#endif
#pragma omp target device(cuda) ndrange(2, (bs + 3) / 4, (bs + 3) / 4, 16, 16) copy_deps CUDA_IMPLEMENTS
#pragma omp task in([bs * bs]a, [bs * bs]b) inout([bs * bs]c)
__global__ void mm_tile_cuda(const double *a, const double *b, double *c, int bs);
#endif

#ifdef PINNED_HOST
/* The CUDA runtime's C entry points (the program links it for its CUDA parts). */
int cudaMallocHost(void **ptr, size_t size);
int cudaFreeHost(void *ptr);

static double **tiles_alloc(int nt, int bs)
{
    double **t = malloc((size_t)nt * nt * sizeof *t);
    for (int i = 0; t && i < nt * nt; i++)
        if (cudaMallocHost((void **)&t[i], (size_t)bs * bs * sizeof(double)) != 0) {
            fprintf(stderr, "matmul: cudaMallocHost of a tile failed\n");
            exit(2);
        }
    return t;
}

static void tiles_free(double **t, int nt)
{
    for (int i = 0; i < nt * nt; i++)
        cudaFreeHost(t[i]);
    free(t);
}
#else
#define tiles_alloc mm_alloc
#define tiles_free mm_free
#endif

#if defined(ONLY_CUDA)
#define TILE_TASK mm_tile_cuda
#elif defined(ONLY_OPENCL)
#define TILE_TASK mm_tile_ocl
#else
#define TILE_TASK mm_tile
#endif

static void matmul(double **a, double **b, double **c, int nt, int bs)
{
    for (int i = 0; i < nt; i++)
        for (int j = 0; j < nt; j++)
            for (int k = 0; k < nt; k++)
                TILE_TASK(a[i * nt + k], b[k * nt + j], c[i * nt + j], bs);
#pragma omp taskwait
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    int inject = argc > 1 && strcmp(argv[argc - 1], "--inject-error") == 0;
    argc -= inject;
    int n = argc > 1 ? atoi(argv[1]) : 2048, bs = argc > 2 ? atoi(argv[2]) : 256;
    if (n <= 0 || bs <= 0 || n % bs != 0) {
        fprintf(stderr, "usage: %s [N [BS]]  (N a multiple of BS)\n", argv[0]);
        return 2;
    }
    int nt = n / bs;
    double **a = tiles_alloc(nt, bs), **b = tiles_alloc(nt, bs), **c = tiles_alloc(nt, bs);
    mm_fill(a, nt, bs, 0);
    mm_fill(b, nt, bs, 1);
    mm_fill(c, nt, bs, -1);

    double t0 = omp_get_wtime();
    matmul(a, b, c, nt, bs);
    double secs = omp_get_wtime() - t0;
    printf("matmul: n %d, tile %d, %d tasks, %d on smp\n", n, bs, nt * nt * nt, smp_tiles);
    printf("time: %.6f s (%.2f GFLOP/s)\n", secs, 2.0 * n * n * (double)n / secs * 1e-9);

    if (inject)
        c[0][0] += 1;
    int wrong = matmul_wrong_rows(c, nt, bs);
    tiles_free(a, nt);
    tiles_free(b, nt);
    tiles_free(c, nt);
    if (wrong) {
        printf("result: WRONG (%d rows of C differ from A * B)\n", wrong);
        return 1;
    }
    printf("result: OK\n");
    return 0;
}
