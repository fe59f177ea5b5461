/* kernels_mock.cu - the kernels cuda_mock.c launches (the mock records the launches, runs
 * nothing): one with C linkage, one with C++ linkage, and two whose data a task names by
 * a multidependence and by a depend object. */
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

extern "C" __global__ void k_blocks(float *x, int n)
{
    if (threadIdx.x < n)
        x[threadIdx.x] = 3;
}

extern "C" __global__ void k_obj(float *x, float *scratch, int n)
{
    if (threadIdx.x < n)
        x[threadIdx.x] = scratch ? 4 : 5;
}
