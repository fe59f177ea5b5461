/* OpenCL tasks whose data only multidependences name (OmpSs-2 `{x[i*BS;BS], i=0:n}`, the
 * OpenMP `depend(iterator(i=0:n), in: y[i*BS:BS])`, shaped blocks `{[BS](p + i*BS), ...}`,
 * every other block of an array): each kernel indexes the whole array from the one pointer
 * it gets, so the device must hold every block of it in one buffer, copied in before the
 * launch and back after.  Host tasks read the results block by block between kernels
 * (no taskwait); everything is checked against the same computation done sequentially. */
#include "ompss_check.h"

typedef float real;
#define BS 16
#define NB 6
#define N (BS * NB)
#define STEPS 4

#pragma omp target device(opencl) ndrange(1, nb * BS, 16) file(kernels/mdeps.cl) copy_deps
#pragma omp task in({x[i * BS; BS], i = 0:nb-1}) inout({y[i * BS; BS], i = 0:nb-1})
__kernel void axpy_blocks(__global const real *x, __global real *y, real a, int nb);

#pragma omp target device(opencl) ndrange(1, nb * BS, 16) file(kernels/mdeps.cl) copy_deps
#pragma omp task depend(iterator(j = 0:nb), in: y[j * BS:BS]) depend(iterator(j = 0:nb), out: z[j * BS:BS])
__kernel void twice_blocks(__global const real *y, __global real *z, int nb);

#pragma omp target device(opencl) ndrange(1, nb * BS, 16) file(kernels/mdeps.cl) copy_deps
#pragma omp task in({[BS](y + i * BS), i = 0;nb}) inout({[BS](z + i * BS), i = 0;nb})
__kernel void shaped_add(__global const real *y, __global real *z, int nb);

#pragma omp target device(opencl) ndrange(1, nb * bs, 16) file(kernels/mdeps.cl) copy_deps
#pragma omp task inout({y[(2 * i + 1) * bs; bs], i = 0:nb / 2 - 1})
__kernel void odd_blocks(__global real *y, int bs, int nb);

/* a host task reading block b of z after the kernels that wrote it */
#pragma omp task in(z[b * BS; BS]) out(*sum)
static void block_sum(const real z[N], int b, double *sum)
{
    double s = 0;
    for (int i = 0; i < BS; i++)
        s += z[b * BS + i];
    *sum = s;
}

static real x[N], y[N], z[N];
static double sums[STEPS][NB];

static void reference(real rx[N], real ry[N], real rz[N], double rs[STEPS][NB])
{
    for (int s = 0; s < STEPS; s++) {
        for (int i = 0; i < N; i++)
            ry[i] = 0.5f * rx[i] + ry[i];
        for (int i = 0; i < N; i++)
            rz[i] = 2.0f * ry[i] + (float)(i % 7);
        for (int i = 0; i < N; i++)
            rz[i] += ry[i];
        for (int i = 0; i < N; i++)
            if (i / BS % 2 == 1)
                ry[i] = ry[i] * 0.5f - 1.0f;
        for (int b = 0; b < NB; b++) {
            double t = 0;
            for (int i = 0; i < BS; i++)
                t += rz[b * BS + i];
            rs[s][b] = t;
        }
    }
}

int main(void)
{
    static real rx[N], ry[N], rz[N];
    static double rs[STEPS][NB];
    for (int i = 0; i < N; i++) {
        x[i] = rx[i] = (real)i;
        y[i] = ry[i] = (real)(N - i);
        z[i] = rz[i] = -1.0f;
    }
    reference(rx, ry, rz, rs);
    for (int s = 0; s < STEPS; s++) {
        axpy_blocks(x, y, 0.5f, NB);
        twice_blocks(y, z, NB);
        shaped_add(y, z, NB);
        odd_blocks(y, BS, NB);
        for (int b = 0; b < NB; b++)
            block_sum(z, b, &sums[s][b]);
    }
#pragma omp taskwait
    for (int i = 0; i < N; i++) {
        CHECK(y[i] == ry[i], "y[%d] = %g, expected %g", i, y[i], ry[i]);
        CHECK(z[i] == rz[i], "z[%d] = %g, expected %g", i, z[i], rz[i]);
    }
    for (int s = 0; s < STEPS; s++)
        for (int b = 0; b < NB; b++)
            CHECK(sums[s][b] == rs[s][b], "step %d block %d: sum %g, expected %g", s, b,
                  sums[s][b], rs[s][b]);
    return result_ok();
}
