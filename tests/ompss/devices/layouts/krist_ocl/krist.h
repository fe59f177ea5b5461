/* krist.h - shared by krist.c and kernel.cl, found as <krist.h> through -I. and
 * --opencl-build-opts=-I.: the row widths of the arrays, the vector types the kernel
 * reads the rows as (the host passes plain float arrays), and the task. */
#define ATOM_W 4        /* scattering factor, x, y, z */
#define REFL_W 4        /* h, k, l, unused */
#define FACT_W 2        /* real, imaginary */

#if ATOM_W == 4
#define ATOM_T float4
#endif
#if REFL_W == 4
#define REFL_T float4
#endif
#if FACT_W == 2
#define FACT_T float2
#endif

#ifndef __OPENCL_VERSION__
#pragma omp target device(opencl) copy_deps ndrange(1, nr, 128)
#pragma omp task in([natoms_len]atoms, [nrefl_len]refl) out([nfact_len]fact)
__kernel void structfac(int na, int nr, int chunk, float norm, int natoms_len,
                        __global float *atoms, int nrefl_len, __global float *refl,
                        int nfact_len, __global float *fact);
#endif
