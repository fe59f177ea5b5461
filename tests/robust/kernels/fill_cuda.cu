/* tests/robust/cuda_ndrange_limits.c's kernel: x[i] = i + 1 for the threads below n. */
__global__ void fill_cuda(int *x, int n, long gx, long gy, long lx, long ly)
{
    long i = (blockIdx.y * (long)blockDim.y + threadIdx.y) * gx + blockIdx.x * (long)blockDim.x +
             threadIdx.x;
    if (i < n && blockIdx.x * (long)blockDim.x + threadIdx.x < gx)
        x[i] = (int)i + 1;
}
