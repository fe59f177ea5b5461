/* An OpenCL kernel declared with a target line and no task line, then called from host
 * code: only a task launches a kernel (the call named a function that exists nowhere, and
 * the link failed with "undefined reference to 'k'"). */
#pragma omp target device(opencl) ndrange(1, n, 8) file(kernels.cl) copy_deps
__kernel void k(__global int *a, int n);

int main(void)
{
    int a[8] = {0};
    k(a, 8);
#pragma omp taskwait
    return 0;
}
