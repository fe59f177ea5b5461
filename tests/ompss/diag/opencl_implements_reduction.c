/* reduction on an smp task that an OpenCL kernel implements: the kernel would get the
 * operand as __local memory (the launch stopped at run time, naming copy clauses). */
#pragma omp task in([n]x) reduction(+: *acc)
void sum_host(const float *x, int n, float *acc);

#pragma omp target device(opencl) ndrange(1, 1, 1) copy_deps implements(sum_host)
#pragma omp task in([n]x) commutative(*acc)
void sum_k(const float *x, int n, float *acc);
