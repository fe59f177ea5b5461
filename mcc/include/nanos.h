/*
 * nanos.h - the user-level Nanos++ calls that OmpSs programs make, as mcc provides them
 * (omp.h includes it, as Nanos++'s does).  nanort implements them with their Nanos++
 * meaning; the scheduler internals of Nanos++'s nanos.h (work descriptors, teams, slicers)
 * are what mcc generates differently and are not here.  The instrumentation calls are
 * accepted and record nothing (nanort's traces: NX_ARGS=--trace=FILE); not provided:
 * nanos_instrument_events() and its event structures.
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

/* The running task (main outside tasks) and its number, unique in the run (main's is 1). */
typedef void *nanos_wd_t;
nanos_wd_t nanos_current_wd(void);
int nanos_get_wd_id(nanos_wd_t wd);
/* Nanos++'s names of omp_get_thread_num(), omp_get_num_threads(), omp_get_max_threads()
 * and omp_set_num_threads(), with their meaning (omp.h). */
int nanos_omp_get_thread_num(void);
int nanos_omp_get_num_threads(void);
int nanos_omp_get_max_threads(void);
void nanos_omp_set_num_threads(int nthreads);
/* Host memory (file and line name the caller, for Nanos++'s memory tracker): *p is NULL
 * and NANOS_ENOMEM returned when there is none; nanos_memalign's is page-aligned.  Free it
 * with nanos_free() (or nanos_free0(), which returns nothing). */
nanos_err_t nanos_malloc(void **p, size_t size, const char *file, int line);
nanos_err_t nanos_memalign(void **p, size_t size, const char *file, int line);
nanos_err_t nanos_free(void *p);
void nanos_free0(void *p);
/* Instrumentation: keys and values are registered and found again by name (a second
 * registration with abort_when_registered stops the program, as in Nanos++); bursts and
 * enable/disable are accepted and record nothing. */
typedef unsigned int nanos_event_key_t;
typedef unsigned long long nanos_event_value_t;
nanos_err_t nanos_instrument_register_key(nanos_event_key_t *event_key, const char *key,
                                          const char *description, bool abort_when_registered);
nanos_err_t nanos_instrument_register_value(nanos_event_value_t *event_value, const char *key,
                                            const char *value, const char *description,
                                            bool abort_when_registered);
nanos_err_t nanos_instrument_register_value_with_val(nanos_event_value_t val, const char *key,
                                                     const char *value,
                                                     const char *description,
                                                     bool abort_when_registered);
nanos_err_t nanos_instrument_get_key(const char *key, nanos_event_key_t *event_key);
nanos_err_t nanos_instrument_get_value(const char *key, const char *value,
                                       nanos_event_value_t *event_value);
nanos_err_t nanos_instrument_begin_burst(const char *key, const char *key_descr,
                                         const char *value, const char *value_descr);
nanos_err_t nanos_instrument_end_burst(const char *key, const char *value);
nanos_err_t nanos_instrument_begin_burst_with_val(const char *key, const char *key_descr,
                                                  nanos_event_value_t *val);
nanos_err_t nanos_instrument_end_burst_with_val(const char *key, nanos_event_value_t *val);
nanos_err_t nanos_instrument_enable(void);
nanos_err_t nanos_instrument_disable(void);
/* Memory for data that OpenCL tasks use: host memory here (the runtime copies it to the
 * devices as the tasks need it). */
void *ompss_opencl_malloc(size_t size);
void ompss_opencl_free(void *address);
/* Memory for the data of CUDA tasks, pinned as Nanos++'s was: page-locked host memory from
 * the CUDA runtime (cudaHostAlloc) when a GPU is used, which the GPU copies directly;
 * malloc's otherwise (no GPU, or no pinned memory left).  Free it with
 * nanos_free_pinned_cuda() only. */
void *nanos_malloc_pinned_cuda(size_t size);
void nanos_free_pinned_cuda(void *address);

/* NUMA sockets (Nanos++'s socket scheduler): one socket here; the hints are accepted. */
nanos_err_t nanos_get_num_sockets(int *num_sockets);
nanos_err_t nanos_current_socket(int socket);

/*
 * CUDA task bodies: the stream the runtime gave the task, for their own launches and
 * copies, and a cuBLAS handle of the task's GPU and stream, set to that stream (one per
 * stream, made at its first call, destroyed at the end; the program links cuBLAS).  NULL outside CUDA
 * tasks; the CUDA device plugin implements them.  Declared with the types cudaStream_t
 * and cublasHandle_t name (struct CUstream_st *, struct cublasContext *), whatever was
 * included before or after: declared only after the CUDA runtime's header, a unit that
 * included omp.h first called nanos_get_kernel_execution_stream() undeclared and cut the
 * stream to an int.
 */
struct CUstream_st;
struct cublasContext;
struct CUstream_st *nanos_get_kernel_execution_stream(void);
struct cublasContext *nanos_get_cublas_handle(void);

#ifdef __cplusplus
}
#endif

#endif /* MCC_NANOS_H */
