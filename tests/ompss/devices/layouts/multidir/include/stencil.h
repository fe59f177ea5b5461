/* stencil.h - the task declarations src/main.c and src/step.c share; the kernels are in
 * ../kernels/stencil.cl, named relative to this header. */
#ifndef STENCIL_H
#define STENCIL_H

#define LOCAL 16

/* one smoothing step on n points (the two ends copied) */
#pragma omp target device(smp) copy_deps
#pragma omp task in(u[0;n]) out(v[0;n])
void smooth(const int *u, int *v, int n);

#pragma omp target device(opencl) ndrange(1, n, LOCAL) copy_deps implements(smooth) file(../kernels/stencil.cl)
#pragma omp task in(u[0;n]) out(v[0;n])
__kernel void smooth_ocl(__global const int *u, __global int *v, int n);

/* v[i] = i * seed % 97, only OpenCL */
#pragma omp target device(opencl) ndrange(1, n) copy_deps
#pragma omp task out([n]v)
__kernel void fill(__global int *v, int n, int seed);

void run_steps(int *u, int *tmp, int n, int steps);

#endif
