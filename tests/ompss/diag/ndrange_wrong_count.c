/* ndrange(2, ...) needs 2 global sizes and optionally 2 local sizes: 3 is wrong. */
#pragma omp target device(opencl) ndrange(2, n, m, 16) file(kernels.cl)
#pragma omp task inout([n]a)
void k(int *a, int n, int m);
