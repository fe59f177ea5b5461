/*
 * provider.c - CUDA code inside the C file, as Mercurium's CUDA device provider takes it
 * (mcc --cuda moves it to nvcc, the rest stays C): kernels and a __device__ helper under
 * `#pragma omp target device(cuda)`, a __constant__ array under it (in the .cu only), a
 * __global__ kernel without a pragma, a typedef under target device(smp, cuda), a
 * __host__ __device__ function used on both sides; device(cuda) function tasks whose
 * bodies launch kernels with <<<grid, block>>> (dim3), with a shared memory size, and with
 * an explicit stream; a CUDA implementation of an smp task; an inline device(cuda) task.
 * The moved code uses an enumeration, a constant, a global variable, a host function and
 * a static helper of this file.  Every result is checked against the same computation
 * done sequentially on the host.  Exit 0 and "result: OK" when right.
 */
#include <stdio.h>
#include <stdlib.h>

#define N 5000
#define TB 128

enum op { OP_SCALE, OP_SHIFT };
static const int tile = TB;         /* a constant the kernels use */
int launches;                       /* host variable the device(cuda) tasks update */

/* a device variable under target device(cuda): it lives in the .cu only */
#define SHIFT_BIAS 1.0f
#pragma omp target device(cuda)
__constant__ float bias[2] = {0.0f, SHIFT_BIAS};

#pragma omp target device(smp, cuda)
typedef struct {
    float scale;
    int shift;
} coef_t;

/* how many blocks of `tile` threads cover n: a host function the task bodies call */
int blocks_for(int n)
{
    return (n + tile - 1) / tile;
}

/* a static helper of this file that a task body calls: the .cu gets its own copy */
static int threads(void)
{
    return TB;
}

__host__ __device__ static inline float apply(coef_t c, float v, enum op o)
{
    return o == OP_SCALE ? c.scale * v : v + (float)c.shift;
}

#pragma omp target device(cuda)
__device__ float twice(float v)
{
    return 2.0f * v;
}

#pragma omp target device(cuda)
__global__ void map_kernel(float *x, int n, coef_t c, enum op o)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = apply(c, x[i], o) + bias[o];
}

__global__ void twice_kernel(float *x, int n)
{
    int i = blockIdx.x * tile + threadIdx.x;
    if (i < n)
        x[i] = twice(x[i]);
}

/* sums[b] = sum of block b of x, through dynamic shared memory */
#pragma omp target device(cuda)
__global__ void block_sums(const float *x, int n, float *sums)
{
    extern __shared__ float part[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    part[threadIdx.x] = i < n ? x[i] : 0.0f;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s /= 2) {
        if (threadIdx.x < s)
            part[threadIdx.x] += part[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        sums[blockIdx.x] = part[0];
}

#pragma omp target device(cuda) copy_deps
#pragma omp task inout([n]x)
void map(float *x, int n, coef_t c, enum op o)
{
    dim3 grid, block;
    grid.x = blocks_for(n);
    grid.y = grid.z = 1;
    block.x = threads();
    block.y = block.z = 1;
    map_kernel<<<grid, block>>>(x, n, c, o);
    launches++;
}

#pragma omp target device(cuda) copy_deps
#pragma omp task in([n]x) out([nb]sums)
void sum_blocks(const float *x, int n, float *sums, int nb)
{
    block_sums<<<nb, TB, TB * sizeof(float)>>>(x, n, sums);
    launches++;
}

#pragma omp target device(cuda) copy_deps
#pragma omp task inout([n]x)
void twice_all(float *x, int n)
{
    twice_kernel<<<blocks_for(n), TB, 0, nanos_get_kernel_execution_stream()>>>(x, n);
    launches++;
}

/* an smp task and its CUDA implementation, whose body launches a kernel */
#pragma omp task inout([n]x)
void negate(float *x, int n)
{
    for (int i = 0; i < n; i++)
        x[i] = -x[i];
}

#pragma omp target device(cuda)
__global__ void negate_kernel(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = -x[i];
}

#pragma omp target device(cuda) copy_deps implements(negate)
#pragma omp task inout([n]x)
void negate_cuda(float *x, int n)
{
    negate_kernel<<<(n + 63) / 64, 64>>>(x, n);
}

static float x[N], ref[N], sums[(N + TB - 1) / TB];

int main(void)
{
    coef_t c = {0.5f, 3};
    for (int i = 0; i < N; i++)
        x[i] = ref[i] = (float)(i % 97);
    map(x, N / 2, c, OP_SCALE);
    map(x + N / 2, N - N / 2, c, OP_SHIFT);
    twice_all(x, N);
    negate(x, N);
    float local[256];
    for (int i = 0; i < 256; i++)
        local[i] = (float)i;
    int k = 7;
#pragma omp target device(cuda) copy_deps
#pragma omp task inout(local)
    {
        coef_t add = {1.0f, k};
        map_kernel<<<2, TB>>>(local, 256, add, OP_SHIFT);
    }
    int nb = (N + TB - 1) / TB;
    sum_blocks(x, N, sums, nb);
#pragma omp taskwait
    /* the same on the host */
    for (int i = 0; i < N; i++)
        ref[i] = -2.0f * (i < N / 2 ? apply(c, ref[i], OP_SCALE)
                                    : apply(c, ref[i], OP_SHIFT) + SHIFT_BIAS);
    int wrong = 0;
    for (int i = 0; i < N; i++)
        wrong += x[i] != ref[i];
    for (int b = 0; b < nb; b++) {
        float s = 0;
        for (int i = b * TB; i < N && i < (b + 1) * TB; i++)
            s += ref[i];
        wrong += sums[b] != s;
    }
    for (int i = 0; i < 256; i++)
        wrong += local[i] != (float)(i + 7) + SHIFT_BIAS;
    printf("launches by task bodies: %d\n", launches);
    printf(wrong ? "result: WRONG (%d values)\n" : "result: OK\n", wrong);
    return wrong != 0;
}
