/* block_scope.c - the kernels are declared as tasks inside the function that calls them
 * (target + task pragmas on a block-scope prototype, as Mercurium accepts), their ndrange
 * naming a local constant of that function; a target line on a local typedef is accepted.
 * Built with the OpenCL kernel (scale.cl) or, with -DWITH_CUDA, the CUDA one (scale.cu).
 * Checked against the sequential product.  Exit 0 and "result: OK". */
#include <stdio.h>

#define N 1000

static int scale_all(float *v)
{
    const int group = 64;
#pragma omp target device(smp, cuda)
    typedef float real;
    real check = 0;
#ifdef WITH_CUDA
#pragma omp target device(cuda) ndrange(1, n, group) copy_deps
#pragma omp task inout([n]v)
    __global__ void scale_cuda(float *v, int n, float f);
#define SCALE scale_cuda
#else
#pragma omp target device(opencl) ndrange(1, n, group) file(scale.cl) copy_deps
#pragma omp task inout([n]v)
    __kernel void scale_ocl(__global float *v, int n, float f);
#define SCALE scale_ocl
#endif
    for (int i = 0; i < N; i += 250)
        SCALE(&v[i], 250, 3.0f);
    SCALE(v, N, 0.5f);
#pragma omp taskwait
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        check = 1.5f * (real)(i % 10);
        wrong += v[i] != check;
    }
    return wrong;
}

int main(void)
{
    static float v[N];
    for (int i = 0; i < N; i++)
        v[i] = (float)(i % 10);
    int wrong = scale_all(v);
    printf(wrong ? "result: WRONG (%d)\n" : "result: OK\n", wrong);
    return wrong != 0;
}
