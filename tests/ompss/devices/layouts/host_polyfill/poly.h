/* Shared by the kernels (poly.cl) and the host C (app.c, check.c): the polynomial that both
 * evaluate, written once in OpenCL C, with the qualifiers defined away for the host, as
 * headers shared with OpenCL kernels do (before the fix: mcc's own definition of __constant
 * made the host's `"__constant" redefined`, an error under -Werror). */
#ifndef POLY_H
#define POLY_H

#ifndef __OPENCL_VERSION__
#define __kernel
#define __global
#define __local
#define __constant const
#endif

#define DEGREE 4
#define GROUP 32

typedef struct {
    float scale;
    int shift;
} poly_params;

static inline float poly_eval(__constant float *coef, float x)
{
    float y = 0;
    for (int k = DEGREE; k >= 0; k--)
        y = y * x + coef[k];
    return y;
}

#ifndef __OPENCL_VERSION__
#pragma omp target device(opencl) ndrange(1, n, GROUP) shmem(GROUP * sizeof(float)) copy_deps file(poly.cl)
#pragma omp task in([DEGREE + 1]coef, [n]x) out([n]y)
__kernel void poly_apply(int n, poly_params p, __constant float *coef, __global const float *x,
                         __global float *y, __local float *tmp);

float poly_host(poly_params p, __constant float *coef, const float *x, int i, int n);
#endif

#endif
