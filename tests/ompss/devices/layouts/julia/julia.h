/* julia.h - shared by julia.c (host C) and julia.cl (OpenCL C): the view of a band of rows
 * of the image, passed by value to the kernel, and the task declarations (the kernel and
 * the host version the check uses). */
#ifndef JULIA_H
#define JULIA_H

typedef struct {
    int w, h;          /* the image: w columns, rows up to h (the band ends there) */
    int row0;          /* the band's first row */
    int maxit;
    float x0, y0, dx, dy;
    float cre, cim;    /* the Julia set's constant */
} view_t;

#ifndef __OPENCL_VERSION__
/* one work-item per pixel of the band: a 2-D range from the struct's fields */
#pragma omp target device(opencl) ndrange(2, v.w, v.h - v.row0, 16, 4) copy_deps file(julia.cl)
#pragma omp task in([16]palette) out([v.w * (v.h - v.row0)]pix)
__kernel void julia(view_t v, __constant unsigned int *palette, __global unsigned int *pix);

#pragma omp task in([16]palette) out([v.w * (v.h - v.row0)]pix)
void julia_host(view_t v, const unsigned int *palette, unsigned int *pix);
#endif

#endif
