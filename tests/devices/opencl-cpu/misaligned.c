/* A float4 kernel whose buffer starts at &v[2], 8 bytes past a 16-byte boundary.  An OpenCL
 * device works on its own (aligned) copy; the translation works on the host's array, where
 * its vector accesses would fault (SIGSEGV, the task 'crashed'): it stops instead with a
 * message naming the kernel, the argument and the alignment (run.sh misaligned). */
#include <stdio.h>

#pragma omp target device(opencl) ndrange(1, n4, 16) file(misaligned.cl) copy_deps
#pragma omp task inout([4 * n4]v)
__kernel void twice4(int n4, __global float *v);

static float v[4 * 64 + 4] __attribute__((aligned(16)));

int main(void)
{
    for (int i = 0; i < 4 * 64 + 4; i++)
        v[i] = (float)i;
    twice4(64, &v[2]);
#pragma omp taskwait
    int bad = 0;
    for (int i = 0; i < 4 * 64 + 4; i++)
        bad += v[i] != (i >= 2 && i < 2 + 4 * 64 ? 2.0f * i : (float)i);
    printf("result: %s\n", bad ? "WRONG" : "OK");
    return bad != 0;
}
