/* kernel.cu - one thread per point of the block (the last CUDA block is partial). */
#include "kernel.h"

__global__ void heat_step(int n, const float *in, float *out, heat_params p, int first, int last)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float l = first && i == 0 ? p.left : in[i - 1];
    float r = last && i == n - 1 ? p.right : in[i + 1];
    out[i] = in[i] + p.alpha * (l - 2.0f * in[i] + r);
}
