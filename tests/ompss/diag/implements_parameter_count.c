/* An implementation takes the argument block of the task it implements: without calls(...)
 * its parameters are the task's, matched by name, or by position when the counts agree;
 * neither here (k is a __global__ CUDA kernel, so its ndrange is accepted). */
#pragma omp target device(cuda) ndrange(1, n, 128) copy_deps
#pragma omp task inout([n]a)
__global__ void k(int *a, int n);

#pragma omp target device(cuda) ndrange(1, 64, 64) implements(k)
#pragma omp task
__global__ void k2(int *b);
