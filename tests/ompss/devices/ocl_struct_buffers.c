/* The krist shape with buffers of structs: atoms {float x, y, z; char kind; double occ}
 * (padding the kernel must see as the host lays it out), reflections, complex factors, and
 * the sizes in a struct passed by pointer as `__constant dims_t *d`, a dependence of the
 * task (`in(*d)`) whose field sizes the ndrange (`ndrange(1, d->nr, 32)`) and the other
 * dependences.  The reflections in blocks, each with its own dims.  Checked against a
 * double-precision sum on the host. */
#include <math.h>
#include "ompss_check.h"
#include "kernels/structs.h"

#pragma omp target device(opencl) ndrange(1, d->nr, 32) file(kernels/structs.cl) copy_deps
#pragma omp task in(*d, [d->na]atoms, [d->nr]refl) out([d->nr]f)
__kernel void structfac(__constant dims_t *d, __global const atom_t *atoms,
                        __global const hkl_t *refl, __global factor_t *f);

#define NA 300
#define NR 1000
#define NB 4

static atom_t atoms[NA];
static hkl_t refl[NR];
static factor_t f[NR];
static dims_t dims[NB];

int main(void)
{
    for (int a = 0; a < NA; a++) {
        atoms[a].x = (float)(a * 37 % 101) / 101.0f;
        atoms[a].y = (float)(a * 53 % 97) / 97.0f;
        atoms[a].z = (float)(a * 11 % 89) / 89.0f;
        atoms[a].kind = a % 3 ? 'C' : 'O';
        atoms[a].occ = 0.5 + (a % 2) * 0.5;
    }
    for (int r = 0; r < NR; r++)
        refl[r] = (hkl_t){r % 7 - 3, r % 5 - 2, r % 3 - 1, -1};
    int per = NR / NB;
    for (int b = 0; b < NB; b++) {
        dims[b] = (dims_t){NA, b == NB - 1 ? NR - b * per : per, 1.0f + (float)b};
        structfac(&dims[b], atoms, refl + b * per, f + b * per);
    }
#pragma omp taskwait
    for (int r = 0; r < NR; r++) {
        int b = r / per < NB ? r / per : NB - 1;
        double re = 0, im = 0;
        for (int a = 0; a < NA; a++) {
            double ph = 6.2831853 * (refl[r].h * atoms[a].x + refl[r].k * atoms[a].y +
                                     refl[r].l * atoms[a].z);
            double w = atoms[a].occ * (atoms[a].kind == 'C' ? 6.0 : 8.0);
            re += w * cos(ph);
            im += w * sin(ph);
        }
        re *= dims[b].scale;
        im *= dims[b].scale;
        CHECK(fabs(f[r].re - re) < 1e-2 && fabs(f[r].im - im) < 1e-2,
              "f[%d] = (%g, %g), expected (%g, %g)", r, f[r].re, f[r].im, re, im);
    }
    return result_ok();
}
