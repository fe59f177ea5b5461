/* device(opencl) on a function needs ndrange: an OpenCL task is a kernel launch. */
#pragma omp target device(opencl) copy_deps
#pragma omp task inout([n]a)
void k(int *a, int n);
