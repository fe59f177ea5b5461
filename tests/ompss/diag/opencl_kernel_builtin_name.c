/* A kernel named like an OpenCL C built-in (mix): OpenCL compilers take it for the built-in. */
#pragma omp target device(opencl) ndrange(1, n, 8) copy_deps
#pragma omp task inout([n]x)
void mix(float *x, float a, int n);
