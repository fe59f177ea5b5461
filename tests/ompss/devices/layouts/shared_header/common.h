/* common.h - shared by app.c (host C) and tiled.cl (OpenCL C) */
#ifndef COMMON_H
#define COMMON_H

#define TS 8                  /* tile edge: work-group is TS x TS */
#define TILE_AREA (TS * TS)

typedef float real_t;

typedef struct {
    real_t alpha;
    real_t beta;
    int n;      /* rows of a and c */
    int k;      /* cols of a, rows of b */
    int m;      /* cols of b and c */
} gemm_params;

#ifdef __OPENCL_VERSION__
#define GLOBAL __global
#else
#define GLOBAL
#endif

#pragma omp target device(opencl) ndrange(2, p.m, p.n, TS, TS) file(tiled.cl) copy_deps
#pragma omp task in([p.n * p.k]a, [p.k * p.m]b) inout([p.n * p.m]c)
__kernel void gemm_tiled(GLOBAL const real_t *a, GLOBAL const real_t *b, GLOBAL real_t *c,
                         gemm_params p);

#pragma omp target device(opencl) ndrange(2, cols + 0, rows * 1, bs, bs) file(tiled.cl) copy_deps
#pragma omp task in([rows * cols]src) out([cols * rows]dst)
__kernel void transpose(GLOBAL const real_t *src, GLOBAL real_t *dst, int rows, int cols, int bs);

#endif
