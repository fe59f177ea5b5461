/* An OpenCL task with copy_deps whose kernel takes x as a __global buffer, but no
 * dependence nor copy clause names x: nothing copies it to the device and the launch would
 * pass __local memory in its place.  mcc built it, and the program stopped at its first
 * launch ("argument 3 of kernel 'axpy' is a buffer (__global or __constant) in the kernel,
 * but the task copies nothing for it"). */
#pragma omp target device(opencl) ndrange(1, n, 64) file(opencl_global_param_uncopied.cl) copy_deps
#pragma omp task inout([n]y)
void axpy(int n, float a, const float *x, float *y);

int main(void)
{
    float x[64] = { 1 }, y[64] = { 0 };
    axpy(64, 2.0f, x, y);
#pragma omp taskwait
    return y[0] != 2.0f;
}
