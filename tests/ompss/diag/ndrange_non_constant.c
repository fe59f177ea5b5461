/* The dimension count of ndrange must be the constant 1, 2 or 3. */
#pragma omp target device(opencl) ndrange(dims, n, 64) file(kernels.cl)
#pragma omp task inout([n]a)
void k(int *a, int n, int dims);
