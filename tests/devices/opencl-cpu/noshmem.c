/* A __local pointer parameter and no shmem(...) (noshmem.cl): the run stops with a message
 * that says to add it, translated (it corrupted the heap) and on OpenCL (it named no
 * cause: "the task's arguments do not match the kernel's parameters").  With ALIAS
 * defined: a __global parameter given the same pointer as another, which the task names
 * in no dependence (so it would be passed as __local memory): mcc's error names it (the
 * run stopped with a message, and on OpenCL it said to give shmem(...)). */
#include "ocl_cpu_check.h"

#pragma omp target device(opencl) ndrange(1, 128, 64) file(noshmem.cl) copy_deps
#pragma omp task inout([128]a)
__kernel void reverse_groups(__global int *a, __local int *t);

#ifdef ALIAS
#pragma omp target device(opencl) ndrange(1, 128, 64) file(noshmem.cl) copy_deps
#pragma omp task inout([128]dst)
__kernel void copy_shift(__global int *dst, __global const int *src);
#endif

static int a[128];

int main(int argc, char **argv)
{
    (void)argv;
    (void)argc;
#ifdef ALIAS
    copy_shift(a, a);
#else
    reverse_groups(a, 0);
#endif
#pragma omp taskwait
    printf("result: OK\n");
    return 0;
}
