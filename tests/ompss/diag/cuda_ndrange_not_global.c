/* ndrange on a CUDA function that is not __global__ (a host function cannot be launched). */
#pragma omp target device(cuda) ndrange(1, n, 128) copy_deps
#pragma omp task inout([n]a)
void k(int *a, int n);
