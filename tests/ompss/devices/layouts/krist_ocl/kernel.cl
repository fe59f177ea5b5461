/* kernel.cl - one work-item per reflection; the atoms go through __local memory `chunk` at
 * a time (the buffer sized with sizeof of a vector type).  Double precision is required,
 * as the OmpSs example requires it (the pragma under #ifdef, an #error without it). */
#include <krist.h>

#if defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#elif defined(cl_amd_fp64)
#pragma OPENCL EXTENSION cl_amd_fp64 : enable
#else
#error "no double precision on this OpenCL device"
#endif

#define STAGE_BYTES (16384 - 2048)

__kernel void structfac(int na, int nr, int chunk, float norm, int natoms_len,
                        __global ATOM_T *atoms, int nrefl_len, __global REFL_T *refl,
                        int nfact_len, __global FACT_T *fact)
{
    __local ATOM_T staged[STAGE_BYTES / sizeof(ATOM_T)];
    int r = get_global_id(0);
    float re = 0.0f, im = 0.0f;
    REFL_T hkl = r < nr ? refl[r] : (REFL_T)(0.0f);
    for (int first = 0; first < na; first += chunk) {
        int count = min(chunk, na - first);
        for (int k = get_local_id(0); k < count; k += get_local_size(0))
            staged[k] = atoms[first + k];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = 0; j < count && r < nr; j++) {
            ATOM_T at = staged[j];
            float c, s = sincos(6.28318584f * dot(hkl.xyz, at.yzw), &c);
            re += at.x * c;
            im += at.x * s;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (r < nr)
        fact[r] = (FACT_T)(re * norm, im * norm);
}
