/* stream.h - the STREAM kernels as CUDA tasks on blocks of the arrays, included by main.c
 * and stream.cu: copy, scale and add launched by the runtime (ndrange), triad a CUDA task
 * without ndrange that launches its kernel itself on the task's stream. */
#ifndef STREAM_H
#define STREAM_H

#ifdef __cplusplus
extern "C" {
#endif

#pragma omp target device(cuda) ndrange(1, bs, 128) copy_deps
#pragma omp task in([bs]a) out([bs]c)
__global__ void st_copy(const double *a, double *c, int bs);

#pragma omp target device(cuda) ndrange(1, bs, 128) copy_deps
#pragma omp task in([bs]c) out([bs]b)
__global__ void st_scale(double *b, const double *c, double q, int bs);

#pragma omp target device(cuda) ndrange(1, bs, 128) copy_deps
#pragma omp task in([bs]a, [bs]b) out([bs]c)
__global__ void st_add(const double *a, const double *b, double *c, int bs);

#pragma omp target device(cuda) copy_deps
#pragma omp task in([bs]b, [bs]c) out([bs]a)
void st_triad(double *a, const double *b, const double *c, double q, int bs);

#ifdef __cplusplus
}
#endif

#endif
