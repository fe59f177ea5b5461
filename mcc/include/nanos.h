/*
 * nanos.h - the user-level Nanos++ calls that OmpSs programs make, as mcc provides them
 * (omp.h includes it, as Nanos++'s does).  nanort implements them with their Nanos++
 * meaning; the scheduler internals of Nanos++'s nanos.h (work descriptors, teams, slicers)
 * are what mcc generates differently and are not here.  Not provided: the Paraver
 * instrumentation calls.
 */
#ifndef MCC_NANOS_H
#define MCC_NANOS_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    NANOS_OK = 0,
    NANOS_UNKNOWN_ERR,
    NANOS_UNIMPLEMENTED,
    NANOS_ENOMEM,
    NANOS_INVALID_PARAM,
    NANOS_INVALID_REQUEST
} nanos_err_t;

/* Print what `err` means and stop (exit status 1). */
void nanos_handle_error(nanos_err_t err);
#define NANOS_SAFE(call)                                                                   \
    do {                                                                                   \
        nanos_err_t nanos_safe_err_ = (call);                                              \
        if (nanos_safe_err_ != NANOS_OK)                                                   \
            nanos_handle_error(nanos_safe_err_);                                           \
    } while (0)

/* Let the running task be switched out (taskyield). */
nanos_err_t nanos_yield(void);
/* Whether the running task is final. */
nanos_err_t nanos_in_final(bool *result);

/* Tasks now (estimates: other threads change them meanwhile).  total: created and not
 * finished; ready: queued for a worker or a device; running: workers running a task body;
 * nonready: total - ready; blocked: nonready - running (waiting for dependences or in a
 * taskwait). */
nanos_err_t nanos_get_num_total_tasks(unsigned int *total_tasks);
nanos_err_t nanos_get_num_ready_tasks(unsigned int *ready_tasks);
nanos_err_t nanos_get_num_running_tasks(unsigned int *running_tasks);
nanos_err_t nanos_get_num_nonready_tasks(unsigned int *nonready_tasks);
nanos_err_t nanos_get_num_blocked_tasks(unsigned int *blocked_tasks);

/* The scheduling policy (--schedule), "smp", and the programming model. */
const char *nanos_get_default_scheduler(void);
const char *nanos_get_default_architecture(void);
const char *nanos_get_pm(void);

/* Devices the runtime uses (after --disable-opencl, --opencl-max-devices, --gpus, ...). */
unsigned int nanos_get_opencl_num_devices(void);
int nanos_get_num_cuda_devices(void);

/* Memory for data that OpenCL tasks use: host memory here (the runtime copies it to the
 * devices as the tasks need it). */
void *ompss_opencl_malloc(size_t size);
void ompss_opencl_free(void *address);
/* Memory for the data of CUDA tasks, which Nanos++ allocated pinned: host memory here too
 * (the CUDA device stages copies of it through pinned buffers of its own). */
void *nanos_malloc_pinned_cuda(size_t size);
void nanos_free_pinned_cuda(void *address);

/* NUMA sockets (Nanos++'s socket scheduler): one socket here; the hints are accepted. */
nanos_err_t nanos_get_num_sockets(int *num_sockets);
nanos_err_t nanos_current_socket(int socket);

/*
 * For hand-written CUDA launches inside CUDA task bodies: the stream the runtime gave
 * the task.  Only CUDA code (nvcc defines __CUDACC__, the CUDA runtime header
 * CUDART_VERSION) sees it; the CUDA device plugin implements it.
 */
#if defined(__CUDACC__) || defined(CUDART_VERSION)
#include <cuda_runtime_api.h>
cudaStream_t nanos_get_kernel_execution_stream(void);
/* The cuBLAS handle of the GPU the calling CUDA task runs on, its stream set to that task's
 * (created at the GPU's first call, destroyed at the end; NULL outside CUDA tasks).  The
 * program links cuBLAS (-lcublas).  cublasHandle_t as cuBLAS's cublas_api.h defines it (a
 * typedef repeated with the same type is valid), so that cublas_v2.h or cublas.h may come
 * before or after this header, as with Nanos++'s nanos-gpu.h. */
struct cublasContext;
typedef struct cublasContext *cublasHandle_t;
cublasHandle_t nanos_get_cublas_handle(void);
#endif

#ifdef __cplusplus
}
#endif

#endif /* MCC_NANOS_H */
