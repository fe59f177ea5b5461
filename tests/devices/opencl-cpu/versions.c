/* A task with a slow smp version and an OpenCL version (versions.cl): with no OpenCL
 * device the translation of the kernel is one more host implementation, and the
 * versioning choice must settle on it (the faster) instead of taking turns.  Run with
 * --disable-opencl --summary by run.sh, which reads how many instances each ran. */
#include "ocl_cpu_check.h"

#define N 4096
#define TASKS 120

#pragma omp target device(smp) copy_deps
#pragma omp task in([n]x) out([n]y)
void twice(const int *x, int *y, int n);

#pragma omp target device(opencl) ndrange(1, n, 64) file(versions.cl) copy_deps implements(twice)
#pragma omp task in([n]x) out([n]y)
__kernel void twice_ocl(__global const int *x, __global int *y, int n);

/* the smp version: right, but about 20 times slower than the kernel */
void twice(const int *x, int *y, int n)
{
    for (int i = 0; i < n; i++)
        y[i] = 2 * x[i];
    delay(400);
}

static int x[N], y[TASKS][N];

int main(void)
{
    for (int i = 0; i < N; i++)
        x[i] = i - 7;
    for (int t = 0; t < TASKS; t++) {
        twice(x, y[t], N);
#pragma omp taskwait
    }
    for (int t = 0; t < TASKS; t++)
        for (int i = 0; i < N; i++)
            CHECK(y[t][i] == 2 * x[i], "y[%d][%d] = %d", t, i, y[t][i]);
    printf("result: OK\n");
    return 0;
}
