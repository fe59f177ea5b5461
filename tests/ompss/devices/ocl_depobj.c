/* OpenCL tasks whose data only OpenMP depend objects name (`depend(depobj: o)` after
 * `#pragma omp depobj(o) depend(inout: v[0:N])`): with copy_deps the object's data is
 * copied in before the kernel and back after it, and the kernel's pointer is the device
 * copy (mcc cannot see which parameter the object covers: the runtime finds it in the
 * task's data); a pointer it does not cover is the kernel's __local memory of shmem
 * bytes.  Also an smp task with depend objects and an OpenCL implementation (implements).
 * Host tasks read the results between kernels; everything is checked against the same
 * computation done sequentially. */
#include "ompss_check.h"
#include <omp.h>

typedef float real;
#define N 96
#define G 16
#define ROUNDS 3

static omp_depend_t dv_inout, dv_in, dsums_out;

#pragma omp target device(opencl) ndrange(1, n, G) file(kernels/depobj.cl) copy_deps
#pragma omp task depend(depobj: dv_inout)
__kernel void scale_obj(__global real *v, real k, int n);

#pragma omp target device(opencl) ndrange(1, n, G) shmem(G * sizeof(real)) file(kernels/depobj.cl) copy_deps
#pragma omp task depend(depobj: dv_in) depend(depobj: dsums_out)
__kernel void group_sums(__global const real *v, __global real *out, __local real *tmp, int n);

#pragma omp target device(smp) copy_deps
#pragma omp task depend(depobj: dv_inout)
void shift(real *v, int n);

#pragma omp target device(opencl) ndrange(1, n, G) file(kernels/depobj.cl) copy_deps implements(shift)
__kernel void shift_ocl(__global real *v, int n);

void shift(real *v, int n)
{
    for (int i = 0; i < n; i++)
        v[i] = v[i] - 2.0f;
}

/* a host task reading v after the kernels that wrote it */
#pragma omp task in(v[0;N]) out(*total)
static void host_total(const real v[N], double *total)
{
    double s = 0;
    for (int i = 0; i < N; i++)
        s += v[i];
    *total = s;
}

static real v[N], sums[N / G];
static double totals[ROUNDS];

int main(void)
{
    real rv[N], rsums[N / G];
    double rtotals[ROUNDS];
    for (int i = 0; i < N; i++)
        v[i] = rv[i] = (real)(i % 13) - 4.0f;
    for (int r = 0; r < ROUNDS; r++) {      /* the sequential computation */
        for (int i = 0; i < N; i++)
            rv[i] = rv[i] * 1.5f + 1.0f;
        for (int g = 0; g < N / G; g++) {
            real s = 0.0f;
            for (int k = 0; k < G; k++)
                s += rv[g * G + k];
            rsums[g] = s;
        }
        for (int i = 0; i < N; i++)
            rv[i] = rv[i] - 2.0f;
        rtotals[r] = 0;
        for (int i = 0; i < N; i++)
            rtotals[r] += rv[i];
    }
#pragma omp depobj(dv_inout) depend(inout: v[0:N])
#pragma omp depobj(dv_in) depend(in: v[0:N])
#pragma omp depobj(dsums_out) depend(out: sums[0:N / G])
    for (int r = 0; r < ROUNDS; r++) {
        scale_obj(v, 1.5f, N);
        group_sums(v, sums, NULL, N);
        shift(v, N);
        host_total(v, &totals[r]);
    }
#pragma omp taskwait
#pragma omp depobj(dv_inout) destroy
#pragma omp depobj(dv_in) destroy
#pragma omp depobj(dsums_out) destroy
    for (int i = 0; i < N; i++)
        CHECK(v[i] == rv[i], "v[%d] = %g, expected %g", i, v[i], rv[i]);
    for (int g = 0; g < N / G; g++)
        CHECK(sums[g] == rsums[g], "sums[%d] = %g, expected %g", g, sums[g], rsums[g]);
    for (int r = 0; r < ROUNDS; r++)
        CHECK(totals[r] == rtotals[r], "round %d: total %g, expected %g", r, totals[r], rtotals[r]);
    return result_ok();
}
