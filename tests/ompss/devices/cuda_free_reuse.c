/* Heap blocks freed or reallocated while their results are on a CUDA GPU only (after
 * `taskwait noflush`): free_reuse.h says what is checked.  Exit 77 without a GPU. */
#include "ompss_check.h"

#pragma omp target device(cuda) ndrange(1, n, 16) copy_deps
#pragma omp task inout([n]a)
__global__ void addk(int *a, int k, int n);

#pragma omp target device(cuda) ndrange(1, n, 16) copy_deps
#pragma omp task in([n]x) inout([n]y)
__global__ void addto(const int *x, int *y, int n);

#include "free_reuse.h"
