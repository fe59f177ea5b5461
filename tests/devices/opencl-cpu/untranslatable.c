/* A kernel that mcc cannot translate (untranslatable.cl) keeps its OpenCL implementation
 * while the other kernel of the file runs translated; results against sequential C. */
#include "ocl_cpu_check.h"

#define N 256
#define G 32

#pragma omp target device(opencl) ndrange(1, N, G) shmem(G * sizeof(int)) \
    file(untranslatable.cl) copy_deps
#pragma omp task inout([N]a)
__kernel void rev_switch(__global int *a, int mode, __local int *t);

#pragma omp target device(opencl) ndrange(1, N, G) file(untranslatable.cl) copy_deps
#pragma omp task inout([N]a)
__kernel void plain(__global int *a);

static int a[N];

int main(void)
{
    for (int i = 0; i < N; i++)
        a[i] = i;
    rev_switch(a, 1, 0);
    plain(a);
#pragma omp taskwait
    for (int i = 0; i < N; i++) {
        int want = (i / G) * G + G - 1 - i % G + 1;
        CHECK(a[i] == want, "a[%d] = %d, expected %d", i, a[i], want);
    }
    digest("untranslatable", a, sizeof a);
    printf("result: OK\n");
    return 0;
}
