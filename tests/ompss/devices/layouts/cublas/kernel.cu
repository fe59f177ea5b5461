/* kernel.cu - the CUDA task as Nanos++ programs write it: the runtime's cuBLAS handle, its
 * stream set to the task's.  OMP_FIRST: omp.h (with nanos.h) before cublas_v2.h and the
 * handle cast, as some programs have it; else cublas_v2.h first and no cast. */
#ifdef OMP_FIRST
#include <omp.h>
#include <cublas_v2.h>
#else
#include <cublas_v2.h>
#include <nanos.h>
#endif
#include "kernel.h"

void dgemm_tile(const double *a, const double *b, double *c, int nb)
{
    const double one = 1.0;
#ifdef OMP_FIRST
    cublasHandle_t handle = (cublasHandle_t)nanos_get_cublas_handle();
#else
    cublasHandle_t handle = nanos_get_cublas_handle();
#endif
    cudaStream_t stream = nanos_get_kernel_execution_stream();
    cublasSetStream(handle, stream);
    cublasDgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, nb, nb, nb, &one, a, nb, b, nb, &one, c, nb);
}
