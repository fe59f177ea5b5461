/*
 * nanos.h - the user-level Nanos++ calls that OmpSs programs make, as mcc provides them
 * (omp.h includes it, as Nanos++'s does).  nanort implements them with their Nanos++
 * meaning; the scheduler internals of Nanos++'s nanos.h (work descriptors, teams, slicers)
 * are what mcc generates differently and are not here.  The instrumentation calls record
 * user events in nanort's traces (NX_ARGS=--trace=FILE: JSON, or Paraver for FILE.prv).
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

/* "nanort <major>.<minor>". */
const char *nanos_get_runtime_version(void);
/* This process's node (its rank in a cluster run, --cluster; else 0), and the number of
 * nodes (1 outside a cluster run). */
nanos_err_t nanos_get_node_num(unsigned int *num);
int nanos_get_num_nodes(void);
/* Whether the workers are bound to cores (--binding, and they fill the allowed cores). */
nanos_err_t nanos_get_default_binding(bool *res);
/* memcpy (overlapping areas allowed). */
nanos_err_t nanos_memcpy(void *dest, const void *src, size_t n);
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
/* The processors the system has (configured, online or not). */
int nanos_omp_get_max_processors(void);
/* Host memory (file and line name the caller, for Nanos++'s memory tracker): *p is NULL
 * and NANOS_ENOMEM returned when there is none; nanos_memalign's is page-aligned.  Free it
 * with nanos_free() (or nanos_free0(), which returns nothing). */
nanos_err_t nanos_malloc(void **p, size_t size, const char *file, int line);
nanos_err_t nanos_memalign(void **p, size_t size, const char *file, int line);
nanos_err_t nanos_free(void *p);
void nanos_free0(void *p);
/*
 * Instrumentation, as Nanos++'s: keys and values are registered by name (with a
 * description) and numbered; a second registration with abort_when_registered stops the
 * program.  The key "user-funct-name" exists from the start.  Events a program raises are
 * key = value pairs on the calling thread at that time, written to the trace when the run
 * has one (--trace): bursts (begin: the value, end: 0), point events, and the pairs of
 * point-to-point events; the thread-state calls are accepted and record nothing (the trace
 * has the runtime's own states).  In a Paraver trace a key is event type 9400000 + its
 * number, named in the .pcf by its description (else its name), with its values'; in the
 * JSON trace an event is an instant named after its key.  An event of a key that was not
 * registered returns NANOS_INVALID_PARAM and is not recorded.
 */
typedef unsigned int nanos_event_key_t;
typedef unsigned long long nanos_event_value_t;
typedef enum {
    NANOS_STATE_START, NANOS_STATE_END, NANOS_SUBSTATE_START, NANOS_SUBSTATE_END,
    NANOS_BURST_START, NANOS_BURST_END, NANOS_PTP_START, NANOS_PTP_END, NANOS_POINT,
    EVENT_TYPES
} nanos_event_type_t;
typedef enum {
    NANOS_NOT_CREATED, NANOS_NOT_RUNNING, NANOS_STARTUP, NANOS_SHUTDOWN, NANOS_ERROR,
    NANOS_IDLE, NANOS_RUNTIME, NANOS_RUNNING, NANOS_SYNCHRONIZATION, NANOS_SCHEDULING,
    NANOS_CREATION, NANOS_MEM_TRANSFER_ISSUE, NANOS_CACHE, NANOS_YIELD, NANOS_ACQUIRING_LOCK,
    NANOS_CONTEXT_SWITCH, NANOS_FILL1, NANOS_WAKINGUP, NANOS_STOPPED, NANOS_SYNCED_RUNNING,
    NANOS_DEBUG, NANOS_EVENT_STATE_TYPES
} nanos_event_state_value_t;
typedef enum {
    NANOS_WD_DOMAIN, NANOS_WD_DEPENDENCY, NANOS_WAIT, NANOS_XFER_DATA, NANOS_XFER_REQ,
    NANOS_WD_REMOTE, NANOS_AM_WORK, NANOS_AM_WORK_DONE, NANOS_XFER_WAIT_REQ_PUT,
    NANOS_XFER_FREE_TMP_BUFF
} nanos_event_domain_t;
typedef long long nanos_event_id_t;
typedef struct {
    nanos_event_type_t type;
    nanos_event_key_t key;
    nanos_event_value_t value;
    nanos_event_domain_t domain;
    nanos_event_id_t id;
} nanos_event_t;
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
nanos_err_t nanos_instrument_events(unsigned int num_events, nanos_event_t events[]);
nanos_err_t nanos_instrument_enter_state(nanos_event_state_value_t state);
nanos_err_t nanos_instrument_leave_state(void);
nanos_err_t nanos_instrument_enter_burst(nanos_event_key_t key, nanos_event_value_t value);
nanos_err_t nanos_instrument_leave_burst(nanos_event_key_t key);
nanos_err_t nanos_instrument_point_event(unsigned int nkvs, nanos_event_key_t *keys,
                                         nanos_event_value_t *values);
nanos_err_t nanos_instrument_ptp_start(nanos_event_domain_t domain, nanos_event_id_t id,
                                       unsigned int nkvs, nanos_event_key_t *keys,
                                       nanos_event_value_t *values);
nanos_err_t nanos_instrument_ptp_end(nanos_event_domain_t domain, nanos_event_id_t id,
                                     unsigned int nkvs, nanos_event_key_t *keys,
                                     nanos_event_value_t *values);
nanos_err_t nanos_instrument_disable_state_events(nanos_event_state_value_t state);
nanos_err_t nanos_instrument_enable_state_events(void);
nanos_err_t nanos_instrument_close_user_fun_event(void);
nanos_err_t nanos_instrument_begin_burst(const char *key, const char *key_descr,
                                         const char *value, const char *value_descr);
nanos_err_t nanos_instrument_end_burst(const char *key, const char *value);
nanos_err_t nanos_instrument_begin_burst_with_val(const char *key, const char *key_descr,
                                                  nanos_event_value_t *val);
nanos_err_t nanos_instrument_end_burst_with_val(const char *key, nanos_event_value_t *val);
/* Around a hand-written CUDA launch in Nanos++: accepted (the trace has the kernels). */
nanos_err_t nanos_instrument_raise_gpu_kernel_launch_event(void);
nanos_err_t nanos_instrument_close_gpu_kernel_launch_event(void);
/* Record user events (the default) or not. */
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
