/* Kernels declared with OpenCL C's qualifiers written without underscores (`kernel void
 * k(global float *a, constant float *f, local float *tmp, int n)`), as OpenCL C allows and
 * Mercurium accepts: mcc takes them as it takes __kernel, __global, __constant and __local
 * (the host compiler stopped on `global float *a`), in an OpenCL task of its own and in an
 * implementation; the same words stay C names elsewhere in the program. */
#include "ompss_check.h"

#define N 300
#define G 16

#pragma omp target device(opencl) ndrange(1, n, G) shmem(G * sizeof(float)) \
    file(kernels/unprefixed.cl) copy_deps
#pragma omp task inout([n]a) in([1]f)
kernel void scale_by(global float *a, constant float *f, local float *tmp, int n);

#pragma omp task inout([n]y) in([n]x)
void axpy(float *y, const float *x, float alpha, int n);

#pragma omp target device(opencl) ndrange(1, n, G) file(kernels/unprefixed.cl) copy_deps \
    implements(axpy)
kernel void axpy_ocl(global float *y, global const float *x, float alpha, int n);

void axpy(float *y, const float *x, float alpha, int n)
{
    for (int i = 0; i < n; i++)
        y[i] += alpha * x[i];
}

/* C names that are OpenCL C words */
static int local = 2;
static float global(float kernel) { return kernel * (float)local; }

static float a[N], b[N], f[1] = {3.0f};

int main(void)
{
    for (int i = 0; i < N; i++) {
        a[i] = (float)i;
        b[i] = 1.0f;
    }
    scale_by(a, f, NULL, N);            /* a = 3i */
    axpy(a, b, global(0.5f), N);        /* a = 3i + 1 */
    scale_by(a, f, NULL, N / 2);        /* first half: 9i + 3 */
#pragma omp taskwait
    for (int i = 0; i < N; i++) {
        float want = i < N / 2 ? 9.0f * (float)i + 3.0f : 3.0f * (float)i + 1.0f;
        CHECK(a[i] == want, "a[%d] = %g, expected %g", i, (double)a[i], (double)want);
    }
    return result_ok();
}
