/* Kernel of ocl_struct_buffers.c: a structure factor per reflection, summed over the atoms. */
#include "structs.h"

__kernel void structfac(__constant dims_t *d, __global const atom_t *atoms,
                        __global const hkl_t *refl, __global factor_t *f)
{
    int r = get_global_id(0);
    if (r >= d->nr)
        return;
    float re = 0, im = 0;
    hkl_t q = refl[r];
    for (int a = 0; a < d->na; a++) {
        atom_t at = atoms[a];
        float ph = 6.2831853f * (q.h * at.x + q.k * at.y + q.l * at.z);
        float w = (float)at.occ * (at.kind == 'C' ? 6.0f : 8.0f);
        re += w * cos(ph);
        im += w * sin(ph);
    }
    f[r].re = re * d->scale;
    f[r].im = im * d->scale;
}
