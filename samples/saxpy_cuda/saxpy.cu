/*
 * saxpy.cu - the CUDA kernel of samples/saxpy_cuda: y = a x + y on one block of n
 * elements, one thread per element.  Launch: ndrange(1, n, 256).
 */
__global__ void saxpy_cuda(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}
