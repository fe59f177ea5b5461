/* saxpy.cu - the CUDA version (plain nvcc) */
#include "saxpy.h"

__global__ void saxpy_cuda(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] += a * x[i];
}
