/* float4 kernels whose buffers start 8 bytes past a 16-byte boundary (&v[2]).  OpenCL C
 * requires a float4 * to be 16-byte aligned; an OpenCL device works on its own aligned
 * copy of the task's data, so such a program runs on PoCL.  The translation works on the
 * host's memory: it runs such a buffer on an aligned copy of the task's region (written
 * back for out and inout, not for in), as a device would. */
#include <stdio.h>

#pragma omp target device(opencl) ndrange(1, n4, 16) file(misaligned.cl) copy_deps
#pragma omp task inout([4 * n4]v)
__kernel void twice4(int n4, __global float *v);

#pragma omp target device(opencl) ndrange(1, n4, 16) file(misaligned.cl) copy_deps
#pragma omp task in([4 * n4]a, [4 * n4]b) out([4 * n4]c)
__kernel void add4(int n4, __global const float *a, __global const float *b, __global float *c);

enum { N = 4 * 64 + 8 };
static float v[N] __attribute__((aligned(16)));
static float a[N] __attribute__((aligned(16))), b[N] __attribute__((aligned(16)));
static float c[N] __attribute__((aligned(16)));

int main(void)
{
    for (int i = 0; i < N; i++) {
        v[i] = (float)i;
        a[i] = (float)i;
        b[i] = 1000.0f + (float)i;
        c[i] = -1.0f;
    }
    twice4(64, &v[2]);              /* inout: misaligned, written back */
    add4(64, &a[2], b, &c[6]);      /* in misaligned (not written back), out misaligned */
#pragma omp taskwait
    int bad = 0;
    for (int i = 0; i < N; i++) {
        bad += v[i] != (i >= 2 && i < 2 + 4 * 64 ? 2.0f * i : (float)i);
        bad += a[i] != (float)i || b[i] != 1000.0f + (float)i;
        float want = i >= 6 && i < 6 + 4 * 64 ? (float)(i - 4) + 1000.0f + (float)(i - 6) : -1.0f;
        bad += c[i] != want;
    }
    printf("result: %s\n", bad ? "WRONG" : "OK");
    return bad != 0;
}
