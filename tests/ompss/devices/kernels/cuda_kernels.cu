/* Kernels of cuda_tasks.c: one launched by the runtime (ndrange task), one launched by
 * hand on the task's stream (a CUDA task without ndrange). */
#include <omp.h>

__global__ void axpb(float *x, int n, float a, float b)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = a * x[i] + b;
}

__global__ void tile_add(double *m, int rows, int cols, double v)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r < rows && c < cols)
        m[r * cols + c] += v + r;
}

extern "C" void negate(float *x, int n)
{
    axpb<<<(n + 127) / 128, 128, 0, nanos_get_kernel_execution_stream()>>>(x, n, -1.0f, 0.0f);
}

/* cuda_multideps.c: kernels indexing a whole array whose blocks the task names one by one
 * (multidependences) or a depend object names. */
#define MD_BS 64    /* cuda_multideps.c's BS */
extern "C" __global__ void scale_blocks(float *x, int nb, float k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nb * MD_BS)
        x[i] = x[i] * k + 1.0f;
}

extern "C" __global__ void add_into(const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] += x[i];
}

/* cuda_free_reuse.c: a[i] += k */
extern "C" __global__ void addk(int *a, int k, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] += k;
}

/* cuda_free_reuse.c: y[i] += x[i] */
extern "C" __global__ void addto(const int *x, int *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] += x[i];
}

/* cuda_taskwait_on.c (taskwait_on.h): y = a x + y and y = a y, each under two task names */
#include "waits.h"
static __device__ void axpy_at(int n, real a, const real *x, real *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}

extern "C" __global__ void axpy(int n, real a, const real *x, real *y)
{
    axpy_at(n, a, x, y);
}

extern "C" __global__ void axpy_now(int n, real a, const real *x, real *y)
{
    axpy_at(n, a, x, y);
}

static __device__ void scale_at(int n, real a, real *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * y[i];
}

extern "C" __global__ void scale(int n, real a, real *y)
{
    scale_at(n, a, y);
}

extern "C" __global__ void scale_section(int n, real a, real *y)
{
    scale_at(n, a, y);
}
