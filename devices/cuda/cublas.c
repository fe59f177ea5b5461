/*
 * cublas.c - nanos_get_cublas_handle(), the Nanos++ call with which a CUDA task body gets
 * a cuBLAS handle: one handle per GPU, created at the first call on that GPU (by its
 * manager thread, which runs the GPU's task bodies one at a time), its stream set at every
 * call to the kernel stream of the calling task (nanos_get_kernel_execution_stream()), so
 * that the cuBLAS calls are ordered after the task's copies in and before its copies out,
 * as the task's own launches are.
 *
 * Its own member of libnanort-cuda.a, apart from the plugin's object: only a program that
 * calls nanos_get_cublas_handle() links it, and such a program links cuBLAS (-lcublas) for
 * its own cuBLAS calls.  cuda.c destroys the handles when it closes a GPU (a weak
 * reference: nrt_cuda_cublas_close is absent from programs without this member).
 */
#include "cuda.h"

#include <cublas_v2.h>

#define CUBLAS_MAX_GPUS 64

/* handles[gpu]: created by gpu's manager thread, destroyed when the GPU closes (after the
 * manager stopped); the lock only orders managers of different GPUs. */
static cublasHandle_t handles[CUBLAS_MAX_GPUS];
static pthread_mutex_t handles_lock = PTHREAD_MUTEX_INITIALIZER;

void *nanos_get_kernel_execution_stream(void);
cublasHandle_t nanos_get_cublas_handle(void);

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
    cublasHandle_t h = handles[gpu];
    cublasStatus_t st = CUBLAS_STATUS_SUCCESS;
    if (!h && (st = cublasCreate(&h)) == CUBLAS_STATUS_SUCCESS)
        handles[gpu] = h;
    NRT_PCHECK(pthread_mutex_unlock(&handles_lock));
    if (st != CUBLAS_STATUS_SUCCESS)
        nrt_fatal("nanos_get_cublas_handle: cublasCreate failed with status %d (GPU %d)",
                  (int)st, gpu);
    st = cublasSetStream(h, stream);
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
    cublasHandle_t h = handles[gpu];
    handles[gpu] = NULL;
    NRT_PCHECK(pthread_mutex_unlock(&handles_lock));
    if (h)
        (void)cublasDestroy(h);     /* the GPU is closing: nothing to do on failure */
}
