/* stream.cu - the kernels of stream.h (compiled by mcc, which gives nvcc its nanos.h) */
#include <nanos.h>
#include "stream.h"

__global__ void st_copy(const double *a, double *c, int bs)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < bs)
        c[i] = a[i];
}

__global__ void st_scale(double *b, const double *c, double q, int bs)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < bs)
        b[i] = q * c[i];
}

__global__ void st_add(const double *a, const double *b, double *c, int bs)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < bs)
        c[i] = a[i] + b[i];
}

static __global__ void triad_kernel(double *a, const double *b, const double *c, double q, int bs)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < bs)
        a[i] = b[i] + q * c[i];
}

void st_triad(double *a, const double *b, const double *c, double q, int bs)
{
    triad_kernel<<<(bs + 255) / 256, 256, 0, nanos_get_kernel_execution_stream()>>>(a, b, c, q,
                                                                                   bs);
}
