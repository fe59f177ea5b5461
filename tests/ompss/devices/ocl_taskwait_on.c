/* What the host sees and writes around `taskwait on(...)` and undeferred OpenCL tasks,
 * with kernels from a .cl that includes a header shared with this file: taskwait_on.h says
 * what is checked. */
#include "ompss_check.h"
#include "kernels/waits.h"

#pragma omp target device(opencl) ndrange(1, n, WG) file(kernels/waits.cl) copy_deps
#pragma omp task in([n]x) inout([n]y)
__kernel void axpy(int n, real a, __global const real *x, __global real *y);

#pragma omp target device(opencl) ndrange(1, n, WG) file(kernels/waits.cl) copy_deps
#pragma omp task inout([n]y)
__kernel void scale(int n, real a, __global real *y);

/* the same kernel with its data as copy sections, no dependence copied */
#pragma omp target device(opencl) ndrange(1, n, WG) file(kernels/waits.cl) name(scale) \
    no_copy_deps copy_inout(y[0;n])
#pragma omp task inout(y[0:n-1])
__kernel void scale_section(int n, real a, __global real *y);

/* the same kernel run undeferred: done when the call returns */
#pragma omp target device(opencl) ndrange(1, n, WG) file(kernels/waits.cl) name(axpy) copy_deps
#pragma omp task in([n]x) inout([n]y) if(0)
__kernel void axpy_now(int n, real a, __global const real *x, __global real *y);

#include "taskwait_on.h"
