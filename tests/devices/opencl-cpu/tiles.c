/* 2-D and 3-D tiled kernels (tiles.cl) against sequential C: a Jacobi sweep with halo
 * loads, a padded-tile transpose, 3-D groups summed in __local memory, a required group
 * size taken where ndrange(...) gives none. */
#include "ocl_cpu_check.h"

#define NR 100               /* grid rows: not a multiple of the tile */
#define NC 75                /* grid columns */
#define TS 16
#define BX 8                 /* boxes: 3-D groups of 8 x 4 x 2 */
#define BY 4
#define BZ 2
#define GX 32
#define GY 8
#define GZ 6
#define NB (GX * GY * GZ)

#pragma omp target device(opencl) ndrange(2, m, n, TS, TS) file(tiles.cl) copy_deps
#pragma omp task in([n * m]in) out([n * m]out)
__kernel void jacobi(__global const float *in, __global float *out, int n, int m);

#pragma omp target device(opencl) ndrange(2, cols, rows, TS, TS) file(tiles.cl) copy_deps
#pragma omp task in([rows * cols]a) out([rows * cols]b)
__kernel void transpose(__global const float *a, __global float *b, int rows, int cols);

#pragma omp target device(opencl) ndrange(3, GX, GY, GZ, BX, BY, BZ) file(tiles.cl) copy_deps
#pragma omp task in([NB]v) out([NB]sum, [NB]where)
__kernel void boxes(__global const int *v, __global int *sum, __global int *where);

#pragma omp target device(opencl) ndrange(1, n) file(tiles.cl) copy_deps
#pragma omp task out([n]a)
__kernel void stamp(__global int *a, int n);

static float g0[NR * NC], g1[NR * NC], g2[NR * NC], tr[NR * NC];
static int v[NB], sum[NB], where[NB], st[NC];

static void check_jacobi(const float *in, const float *out)
{
    for (int y = 0; y < NR; y++)
        for (int x = 0; x < NC; x++) {
            float want = in[y * NC + x];
            if (x > 0 && y > 0 && x < NC - 1 && y < NR - 1)
                want = 0.25f * (in[(y - 1) * NC + x] + in[(y + 1) * NC + x] +
                                in[y * NC + x - 1] + in[y * NC + x + 1]);
            CHECK(out[y * NC + x] == want, "jacobi: (%d, %d) = %g, expected %g", y, x,
                  out[y * NC + x], want);
        }
}

int main(void)
{
    for (int i = 0; i < NR * NC; i++)
        g0[i] = (float)((i * 37) % 101) / 8.0f;
    for (int i = 0; i < NB; i++)
        v[i] = (i * 7919) % 200 - 100;
    jacobi(g0, g1, NR, NC);
    jacobi(g1, g2, NR, NC);
    transpose(g0, tr, NR, NC);
    boxes(v, sum, where);
    stamp(st, NC);
#pragma omp taskwait
    static float want1[NR * NC];
    for (int y = 0; y < NR; y++)
        for (int x = 0; x < NC; x++)
            want1[y * NC + x] = x > 0 && y > 0 && x < NC - 1 && y < NR - 1
                ? 0.25f * (g0[(y - 1) * NC + x] + g0[(y + 1) * NC + x] + g0[y * NC + x - 1] +
                           g0[y * NC + x + 1])
                : g0[y * NC + x];
    check_jacobi(g0, g1);
    check_jacobi(want1, g2);
    for (int r = 0; r < NR; r++)
        for (int c = 0; c < NC; c++)
            CHECK(tr[c * NR + r] == g0[r * NC + c], "transpose: b[%d][%d] = %g, expected %g", c,
                  r, tr[c * NR + r], g0[r * NC + c]);
    for (int z = 0; z < GZ; z++)
        for (int y = 0; y < GY; y++)
            for (int x = 0; x < GX; x++) {
                int bx = x / BX, by = y / BY, bz = z / BZ, s = 0;
                for (int k = bz * BZ; k < (bz + 1) * BZ; k++)
                    for (int j = by * BY; j < (by + 1) * BY; j++)
                        for (int i = bx * BX; i < (bx + 1) * BX; i++)
                            s += v[(k * GY + j) * GX + i];
                int i = (z * GY + y) * GX + x;
                int g = (bz * (GY / BY) + by) * (GX / BX) + bx;
                int l = ((z % BZ) * BY + y % BY) * BX + x % BX;
                CHECK(sum[i] == s, "boxes: sum[%d] = %d, expected %d", i, sum[i], s);
                CHECK(where[i] == g * 1000 + l, "boxes: where[%d] = %d, expected %d", i,
                      where[i], g * 1000 + l);
            }
    for (int i = 0; i < NC; i++)
        CHECK(st[i] == 32 * 1000 + i / 32, "stamp: a[%d] = %d, expected %d", i, st[i],
              32 * 1000 + i / 32);
    digest("jacobi", g2, sizeof g2);
    digest("transpose", tr, sizeof tr);
    digest("boxes", sum, sizeof sum);
    digest("where", where, sizeof where);
    digest("stamp", st, sizeof st);
    printf("result: OK\n");
    return 0;
}
