/* --opencl-build-opts with a quoted value holding a blank (-DWORDS="two words", see
 * run.sh): split as a shell splits it, it is one -D for the kernel's translation to C and
 * for the OpenCL compiler, and the kernel copies the macro's text out. */
#include "ompss_check.h"

#define N 16

#pragma omp target device(opencl) ndrange(1, n, 4) file(kernels/quoted_opts.cl) copy_deps
#pragma omp task out([n]out)
__kernel void words(char *out, int n);

int main(void)
{
    char out[N];
    memset(out, 'z', sizeof out);
    words(out, N);
#pragma omp taskwait
    CHECK(!memcmp(out, "two words\0??????", N), "the kernel saw WORDS as '%.*s'", N, out);
    printf("ocl_quoted_build_opts: ok\n");
    return 0;
}
