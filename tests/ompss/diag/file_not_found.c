/* file(x) names an OpenCL source that does not exist next to this file. */
#pragma omp target device(opencl) ndrange(1, n, 64) file(missing.cl)
#pragma omp task inout([n]a)
void k(int *a, int n);
