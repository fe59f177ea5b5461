/* A kernel with __local arrays in inner blocks (inner_local.cl), which OpenCL C 1.2
 * compilers reject: it runs only as translated by mcc (run.sh runs it with the OpenCL
 * devices disabled), checked against sequential C. */
#include "ocl_cpu_check.h"

#define N 1024
#define W 64

#pragma omp target device(opencl) ndrange(1, N, W) file(inner_local.cl) copy_deps
#pragma omp task inout([N]a)
__kernel void reverse_twice(__global int *a);

static int a[N], a0[N];

int main(void)
{
    for (int i = 0; i < N; i++)
        a[i] = a0[i] = (i * 31) % 97;
    reverse_twice(a);
#pragma omp taskwait
    for (int g = 0; g < N / W; g++) {
        int t[W], u[W];
        for (int l = 0; l < W; l++)
            t[l] = a0[g * W + W - 1 - l] * 2;
        for (int k = 0; k < 2; k++) {
            for (int l = 0; l < W; l++)
                u[l] = t[(l + 1) % W] + k;
            memcpy(t, u, sizeof t);
        }
        for (int l = 0; l < W; l++)
            CHECK(a[g * W + l] == t[l], "a[%d] = %d, expected %d", g * W + l, a[g * W + l], t[l]);
    }
    digest("reverse_twice", a, sizeof a);
    printf("result: OK\n");
    return 0;
}
