/* Copies that only an implementation asks for are added by the spawn function of the task
 * it implements, so they must name its parameters as that task does (x, not data). */
#pragma omp task inout([n]x)
void f(float *x, int n);

#pragma omp target device(opencl) ndrange(1, len) no_copy_deps copy_inout([len]data) \
    implements(f)
__kernel void f_ocl(__global float *data, int len);
