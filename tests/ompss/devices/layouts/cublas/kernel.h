/* kernel.h - the task of the tiled product, included by app.c and kernel.cu */
#ifndef KERNEL_H
#define KERNEL_H

#ifdef __cplusplus
extern "C" {
#endif

/* c += a * b on nb x nb column-major tiles, by cuBLAS (kernel.cu) on the task's stream */
#pragma omp target device(cuda) copy_deps
#pragma omp task in([nb * nb]a, [nb * nb]b) inout([nb * nb]c)
void dgemm_tile(const double *a, const double *b, double *c, int nb);

#ifdef __cplusplus
}
#endif

#endif
