/* kernel.h - shared by app.c (mcc) and kernel.cu (nvcc): the tasks and their struct. */
#ifndef KERNEL_H
#define KERNEL_H
#define BX 16
#define BY 8

typedef struct {
    float a, b;
    int rows, cols;
} coeffs;

#ifdef __cplusplus
extern "C" {
#endif

#pragma omp target device(smp) copy_deps
#pragma omp task in([c.rows * c.cols]x) inout([c.rows * c.cols]y)
void axpby(const float *x, float *y, coeffs c);

#pragma omp target device(cuda) ndrange(2, c.cols, c.rows, BX, BY) copy_deps implements(axpby)
#pragma omp task in([c.rows * c.cols]x) inout([c.rows * c.cols]y)
__global__ void axpby_cuda(const float *x, float *y, coeffs c);

#pragma omp target device(cuda) ndrange(1, n, 128) shmem(128 * sizeof(float)) copy_deps
#pragma omp task in([n]x) out([(n + 127) / 128]sums)
__global__ void block_sums(const float *x, float *sums, int n);

#ifdef __cplusplus
}
#endif
#endif
