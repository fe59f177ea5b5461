/*
 * cholesky.cu - the CUDA kernels of samples/cholesky_cuda: the three update kernels of the
 * tiled Cholesky factorisation on ts x ts tiles of doubles, row-major (the arithmetic of
 * samples/cholesky/kernels.h).  Plain kernels, no cuBLAS.
 *
 *   gemm_cuda  c := c - a * b^T       ndrange(2, ts, ts, 16, 16): one thread per element
 *   syrk_cuda  c := c - a * a^T       the same, lower triangle only
 *   trsm_cuda  b := b * inv(l^T)      ndrange(1, ts, 64): one thread per row of b
 */
#define CH_TB 16

/* sum_q a[i][q] * b[j][q] for this thread's (i, j) = (row, column) of the 2-D grid, in
 * 16 x 16 tiles through shared memory; every thread of the block must call it (it takes
 * part in the loads and barriers). */
__device__ static double row_dot(const double *a, const double *b, int ts)
{
    __shared__ double as[CH_TB][CH_TB + 1], bsh[CH_TB][CH_TB + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int ai = blockIdx.y * CH_TB + ty, bj = blockIdx.x * CH_TB + ty;
    double s = 0;
    for (int q0 = 0; q0 < ts; q0 += CH_TB) {
        int q = q0 + tx;
        as[ty][tx] = ai < ts && q < ts ? a[(size_t)ai * ts + q] : 0.0;
        bsh[ty][tx] = bj < ts && q < ts ? b[(size_t)bj * ts + q] : 0.0;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < CH_TB; k++)
            s += as[ty][k] * bsh[tx][k];
        __syncthreads();
    }
    return s;
}

__global__ void gemm_cuda(const double *a, const double *b, double *c, int ts)
{
    int i = blockIdx.y * CH_TB + threadIdx.y, j = blockIdx.x * CH_TB + threadIdx.x;
    double s = row_dot(a, b, ts);
    if (i < ts && j < ts)
        c[(size_t)i * ts + j] -= s;
}

__global__ void syrk_cuda(const double *a, double *c, int ts)
{
    int i = blockIdx.y * CH_TB + threadIdx.y, j = blockIdx.x * CH_TB + threadIdx.x;
    if (blockIdx.x > blockIdx.y)
        return;                 /* the whole block is above the diagonal */
    double s = row_dot(a, a, ts);
    if (i < ts && j <= i)
        c[(size_t)i * ts + j] -= s;
}

__global__ void trsm_cuda(const double *a, double *b, int ts)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ts)
        return;
    double *row = b + (size_t)i * ts;
    for (int j = 0; j < ts; j++) {
        double s = row[j];
        for (int q = 0; q < j; q++)
            s -= row[q] * a[(size_t)j * ts + q];
        row[j] = s / a[(size_t)j * ts + j];
    }
}
