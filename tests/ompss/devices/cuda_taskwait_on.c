/* What the host sees and writes around `taskwait on(...)` and undeferred CUDA tasks, with
 * a header shared with the kernels' .cu: taskwait_on.h says what is checked.  Exit 77
 * without a GPU. */
#include "ompss_check.h"
#include "kernels/waits.h"

#pragma omp target device(cuda) ndrange(1, n, WG) copy_deps
#pragma omp task in([n]x) inout([n]y)
__global__ void axpy(int n, real a, const real *x, real *y);

#pragma omp target device(cuda) ndrange(1, n, WG) copy_deps
#pragma omp task inout([n]y)
__global__ void scale(int n, real a, real *y);

/* its data as copy sections, no dependence copied */
#pragma omp target device(cuda) ndrange(1, n, WG) no_copy_deps copy_inout(y[0;n])
#pragma omp task inout(y[0:n-1])
__global__ void scale_section(int n, real a, real *y);

/* run undeferred: done when the call returns */
#pragma omp target device(cuda) ndrange(1, n, WG) copy_deps
#pragma omp task in([n]x) inout([n]y) if(0)
__global__ void axpy_now(int n, real a, const real *x, real *y);

#include "taskwait_on.h"
