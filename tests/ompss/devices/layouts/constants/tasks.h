#include "params.h"

#pragma omp target device(opencl) ndrange(1, n, GROUP) file(amp.cl) copy_deps
#pragma omp task inout([n]x)
__kernel void amp(int n, __global float *x);

/* check.c: the same computation on the host, from the same constants */
float host_amp(float v, int i);
/* group.c: GROUP as that file has it */
int group_size(void);
