extern "C" __global__ void scale_cuda(float *v, int n, float f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] *= f;
}
