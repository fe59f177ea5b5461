/*
 * cublas.c - nanos_get_cublas_handle(), the Nanos++ call with which a CUDA task body gets
 * a cuBLAS handle: one handle per kernel stream of each GPU (the tasks in flight on a GPU
 * take its --gpu-streams streams in turn, and their cuBLAS calls may run at the same time:
 * one handle shared by the streams would share its workspace between them), created at the
 * first call of a task on that stream by the GPU's manager thread (which runs the GPU's
 * task bodies one at a time), its stream set at every call to the calling task's kernel
 * stream (nanos_get_kernel_execution_stream()), so that the cuBLAS calls are ordered after
 * the task's copies in and before its copies out, as the task's own launches are.
 *
 * Its own member of libnanort-cuda.a, apart from the plugin's object: only a program that
 * calls nanos_get_cublas_handle() links it, and such a program links cuBLAS (-lcublas) for
 * its own cuBLAS calls.  cuda.c destroys the handles when it closes a GPU (a weak
 * reference: nrt_cuda_cublas_close is absent from programs without this member).
 */
#include "cuda.h"

#include <cublas_v2.h>

#define CUBLAS_MAX_GPUS 64

/* handles[gpu][i]: the handle of the i-th kernel stream that called on gpu, created by
 * gpu's manager thread, destroyed when the GPU closes (after the manager stopped); the
 * lock only orders managers of different GPUs. */
static struct stream_handle {
    cudaStream_t stream;
    cublasHandle_t handle;
} handles[CUBLAS_MAX_GPUS][CUDA_MAX_KSTREAMS];
static pthread_mutex_t handles_lock = PTHREAD_MUTEX_INITIALIZER;

void *nanos_get_kernel_execution_stream(void);
cublasHandle_t nanos_get_cublas_handle(void);

/* The handle of `stream` on gpu (made now if it has none); handles_lock held. */
static cublasHandle_t stream_handle(int gpu, cudaStream_t stream)
{
    struct stream_handle *h = handles[gpu];
    int i = 0;
    while (i < CUDA_MAX_KSTREAMS && h[i].handle && h[i].stream != stream)
        i++;
    if (i == CUDA_MAX_KSTREAMS)
        nrt_fatal("nanos_get_cublas_handle: more than %d kernel streams on GPU %d",
                  CUDA_MAX_KSTREAMS, gpu);
    if (!h[i].handle) {
        cublasStatus_t st = cublasCreate(&h[i].handle);
        if (st != CUBLAS_STATUS_SUCCESS)
            nrt_fatal("nanos_get_cublas_handle: cublasCreate failed with status %d (GPU %d)",
                      (int)st, gpu);
        h[i].stream = stream;
    }
    return h[i].handle;
}

cublasHandle_t nanos_get_cublas_handle(void)
{
    cudaStream_t stream = nanos_get_kernel_execution_stream();
    if (!stream)
        return NULL;                /* not in a CUDA task (as the stream) */
    int gpu = -1;
    cudaError_t rc = cudaGetDevice(&gpu);
    if (rc != cudaSuccess || gpu < 0 || gpu >= CUBLAS_MAX_GPUS)
        nrt_fatal("nanos_get_cublas_handle: no usable current GPU (%s)",
                  rc != cudaSuccess ? cudaGetErrorString(rc) : "ordinal out of range");
    NRT_PCHECK(pthread_mutex_lock(&handles_lock));
    cublasHandle_t h = stream_handle(gpu, stream);
    NRT_PCHECK(pthread_mutex_unlock(&handles_lock));
    cublasStatus_t st = cublasSetStream(h, stream);
    if (st != CUBLAS_STATUS_SUCCESS)
        nrt_fatal("nanos_get_cublas_handle: cublasSetStream failed with status %d (GPU %d)",
                  (int)st, gpu);
    return h;
}

void nrt_cuda_cublas_close(int gpu)
{
    if (gpu < 0 || gpu >= CUBLAS_MAX_GPUS)
        return;
    NRT_PCHECK(pthread_mutex_lock(&handles_lock));
    for (int i = 0; i < CUDA_MAX_KSTREAMS; i++) {
        if (handles[gpu][i].handle)
            (void)cublasDestroy(handles[gpu][i].handle);  /* closing: nothing to do on failure */
        handles[gpu][i] = (struct stream_handle){0};
    }
    NRT_PCHECK(pthread_mutex_unlock(&handles_lock));
}
