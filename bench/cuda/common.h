/*
 * common.h - what the hand-written CUDA peers share: a checked-call macro that names the
 * failing call, and a wall clock.
 */
#ifndef BENCH_CUDA_COMMON_H
#define BENCH_CUDA_COMMON_H

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <cuda_runtime.h>

#define CK(call)                                                                          \
    do {                                                                                  \
        cudaError_t ck_err = (call);                                                      \
        if (ck_err != cudaSuccess) {                                                      \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,          \
                    cudaGetErrorString(ck_err));                                          \
            exit(2);                                                                      \
        }                                                                                 \
    } while (0)

static inline double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Host memory: pinned (cudaMallocHost), as a careful CUDA programmer allocates what
 * crosses the bus, or plain pageable memory with --pageable. */
static inline void *host_alloc(size_t bytes, bool pinned)
{
    void *p = NULL;
    if (pinned)
        CK(cudaMallocHost(&p, bytes));
    else if (posix_memalign(&p, 64, bytes) != 0)
        p = NULL;
    if (!p) {
        fprintf(stderr, "out of host memory (%zu bytes)\n", bytes);
        exit(2);
    }
    return p;
}

static inline void host_free(void *p, bool pinned)
{
    if (pinned)
        CK(cudaFreeHost(p));
    else
        free(p);
}

#endif
