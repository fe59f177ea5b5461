/* A buffer of a struct with a size_t member, from a header the host and the kernel share:
 * OpenCL C leaves size_t's size to each device, so the kernel may read other bytes than the
 * host wrote.  A warning at the kernel's member. */
#include <stddef.h>
#include "opencl_struct_size_t_member.h"

#pragma omp target device(opencl) ndrange(1, n, 16) file(opencl_struct_size_t_member.cl) copy_deps
#pragma omp task in(*r) out([n]out)
void spread(range_t *r, float *out, int n);

int main(void)
{
    return 0;
}
