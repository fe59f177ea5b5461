/* kernels_mock.cu - two kernels cuda_mock.c launches (the mock records the launches, runs
 * nothing): one with C linkage, one with C++ linkage. */
extern "C" __global__ void k_c(float *x, int n)
{
    if (threadIdx.x < n)
        x[threadIdx.x] = 1;
}

__global__ void k_cxx(float *x, int n)
{
    if (threadIdx.x < n)
        x[threadIdx.x] = 2;
}
