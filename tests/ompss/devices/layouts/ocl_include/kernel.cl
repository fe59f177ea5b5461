#include <kernel.h>
#include "tile.h"

/* c += a * b on one nb x nb block, one work-item per element of c */
__kernel void muladd(__global REAL *a, __global REAL *b, __global REAL *c, int nb)
{
    int col = get_global_id(0), row = get_global_id(1);
    if (row >= nb || col >= nb)
        return;
    REAL sum = 0;
    for (int k = 0; k < nb; k++)
        sum += AT(a, row, k, nb) * AT(b, k, col, nb);
    AT(c, row, col, nb) += sum;
}
