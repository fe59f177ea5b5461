/* reduction on an OpenCL task: the kernel would get the operand as __local memory (the
 * launch stopped at run time, naming copy clauses). */
#pragma omp target device(opencl) ndrange(1, 1, 1) copy_deps
#pragma omp task in([n]x) reduction(+: *acc)
void sum_ocl(const float *x, int n, float *acc);
