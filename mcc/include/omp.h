/*
 * omp.h - the OpenMP API that OmpSs programs call, as mcc provides it.
 *
 * mcc puts this directory ahead of the native compiler's own include path, so
 * `#include <omp.h>` and `#include "omp.h"` find this file instead of libgomp's.
 * nanort implements the functions; the prototypes are exactly those of nanort.h,
 * so a file may include both.
 */
#ifndef MCC_OMP_H
#define MCC_OMP_H

#ifdef __cplusplus
extern "C" {
#endif

/* Number of threads working on tasks (nanort's smp workers, the main thread included). */
int omp_get_num_threads(void);
/* The same: there are no nested parallel regions in OmpSs. */
int omp_get_max_threads(void);
/* Index of the calling worker, 0 for the main thread. */
int omp_get_thread_num(void);
/* Number of processors the program may use. */
int omp_get_num_procs(void);
/* Wall-clock time in seconds from an arbitrary fixed point in the past. */
double omp_get_wtime(void);

/* detach(event) (OpenMP 5.0): the handle of a task's completion event; the task completes
 * once its body has ended and omp_fulfill_event(event) was called. */
typedef __UINTPTR_TYPE__ omp_event_handle_t;
void omp_fulfill_event(omp_event_handle_t event);

/*
 * For hand-written CUDA launches inside CUDA task bodies: the stream the runtime gave
 * the task (Nanos++ API).  Only CUDA code (nvcc defines __CUDACC__) sees it; the CUDA
 * device plugin implements it.
 */
#if defined(__CUDACC__)
#include <cuda_runtime_api.h>
cudaStream_t nanos_get_kernel_execution_stream(void);
#endif

#ifdef __cplusplus
}
#endif

#endif /* MCC_OMP_H */
