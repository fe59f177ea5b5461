/* Heap blocks freed or reallocated while their results are on an OpenCL device only
 * (after `taskwait noflush`): free_reuse.h says what is checked. */
#include "ompss_check.h"

#pragma omp target device(opencl) ndrange(1, n, 16) file(kernels/reuse.cl) copy_deps
#pragma omp task inout([n]a)
__kernel void addk(__global int *a, int k, int n);

#pragma omp target device(opencl) ndrange(1, n, 16) file(kernels/reuse.cl) copy_deps
#pragma omp task in([n]x) inout([n]y)
__kernel void addto(__global const int *x, __global int *y, int n);

#include "free_reuse.h"
