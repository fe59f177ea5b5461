/* smp tasks whose parameters are 2-D arrays (`float a[BS][BS]`, as the OmpSs matmul and
 * Cholesky write their tiles, shaped `[BS][BS]a`) with OpenCL implementations whose
 * kernels take `__global float *`: by name (tile_mm_ocl, an extra parameter bs) and by
 * position (tile_scale_ocl, parameters named otherwise).  The address passes as it is.
 * Before the fix gcc warned on the generated code ("initialization of 'float *' from
 * incompatible pointer type 'float (*)[16]'", at the smp task's line): this build, with
 * -Werror, failed.  Checked against the same products in C. */
#include "ompss_check.h"

#define BS 16
#define NB 3

#pragma omp target device(smp) copy_deps
#pragma omp task in([BS][BS]a, [BS][BS]b) inout([BS][BS]c)
void tile_mm(float a[BS][BS], float b[BS][BS], float c[BS][BS], int bs)
{
    for (int i = 0; i < bs; i++)
        for (int j = 0; j < bs; j++)
            for (int k = 0; k < bs; k++)
                c[i][j] += a[i][k] * b[k][j];
}

#pragma omp target device(opencl) ndrange(2, bs, bs, 8, 8) file(kernels/tile_mm.cl) copy_deps \
    implements(tile_mm)
#pragma omp task in([BS][BS]a, [BS][BS]b) inout([BS][BS]c)
__kernel void tile_mm_ocl(__global const float *a, __global const float *b, __global float *c,
                          int bs);

#pragma omp target device(smp) copy_deps
#pragma omp task inout([BS][BS]t)
void tile_scale(float t[BS][BS], float f, int bs)
{
    for (int i = 0; i < bs; i++)
        for (int j = 0; j < bs; j++)
            t[i][j] *= f;
}

#pragma omp target device(opencl) ndrange(1, size * size, 64) file(kernels/tile_mm.cl) \
    name(tile_scale) copy_deps implements(tile_scale)
#pragma omp task inout([BS][BS]tile)
__kernel void tile_scale_ocl(__global float *tile, float factor, int size);

static float A[NB][NB][BS][BS], B[NB][NB][BS][BS], C[NB][NB][BS][BS], R[NB][NB][BS][BS];

int main(void)
{
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++)
            for (int x = 0; x < BS; x++)
                for (int y = 0; y < BS; y++) {
                    A[i][j][x][y] = (float)((x + y + i) % 5);
                    B[i][j][x][y] = (float)((x * y + j) % 3);
                    C[i][j][x][y] = R[i][j][x][y] = 1;
                }
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++) {
            for (int k = 0; k < NB; k++)
                tile_mm(A[i][k], B[k][j], C[i][j], BS);
            tile_scale(C[i][j], 0.5f, BS);
        }
#pragma omp taskwait
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++)
            for (int x = 0; x < BS; x++)
                for (int y = 0; y < BS; y++) {
                    for (int k = 0; k < NB; k++)
                        for (int z = 0; z < BS; z++)
                            R[i][j][x][y] += A[i][k][x][z] * B[k][j][z][y];
                    R[i][j][x][y] *= 0.5f;
                    CHECK(C[i][j][x][y] == R[i][j][x][y], "C[%d][%d][%d][%d] = %g, expected %g",
                          i, j, x, y, C[i][j][x][y], R[i][j][x][y]);
                }
    return result_ok();
}
