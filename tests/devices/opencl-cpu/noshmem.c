/* A __local pointer parameter and no shmem(...) (noshmem.cl): the run stops with a message
 * that says to add it, translated (it corrupted the heap) and on OpenCL (it named no
 * cause: "the task's arguments do not match the kernel's parameters").  With an argument
 * ("alias"): a __global parameter given the same pointer as another, which the task names
 * in no dependence (so it is passed as __local memory): the message says to name it, on
 * OpenCL too (it said to give shmem(...)). */
#include "ocl_cpu_check.h"

#pragma omp target device(opencl) ndrange(1, 128, 64) file(noshmem.cl) copy_deps
#pragma omp task inout([128]a)
__kernel void reverse_groups(__global int *a, __local int *t);

#pragma omp target device(opencl) ndrange(1, 128, 64) file(noshmem.cl) copy_deps
#pragma omp task inout([128]dst)
__kernel void copy_shift(__global int *dst, __global const int *src);

static int a[128];

int main(int argc, char **argv)
{
    (void)argv;
    if (argc > 1)
        copy_shift(a, a);
    else
        reverse_groups(a, 0);
#pragma omp taskwait
    printf("result: OK\n");
    return 0;
}
