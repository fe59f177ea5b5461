/* no_copy_deps and no copy clause: the kernel's buffer in the dependence is never copied. */
#pragma omp target device(opencl) ndrange(1, n, 8) no_copy_deps
#pragma omp task inout([n]x)
void scale(float *x, float a, int n);
