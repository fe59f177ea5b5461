/* kernel.cu - y = a x + y, one thread per element (launched by the runtime over
 * ndrange(1, n, BLOCK): the last block is partly out of range). */
#include <kernel.h>

__global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}
