/* A __local pointer parameter and no shmem(...) (noshmem.cl): the run stops with a message
 * that says to add it, translated (it corrupted the heap) and on OpenCL (it named no
 * cause: "the task's arguments do not match the kernel's parameters"). */
#include "ocl_cpu_check.h"

#pragma omp target device(opencl) ndrange(1, 128, 64) file(noshmem.cl) copy_deps
#pragma omp task inout([128]a)
__kernel void reverse_groups(__global int *a, __local int *t);

static int a[128];

int main(void)
{
    reverse_groups(a, 0);
#pragma omp taskwait
    printf("result: OK\n");
    return 0;
}
