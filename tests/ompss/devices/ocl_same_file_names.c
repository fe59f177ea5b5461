/* Two variants of one kernel in files of one name in two directories (kernels/add/op.cl
 * and kernels/mul/op.cl, each defining `op`), tasks choosing them by file(...) and
 * name(op).  Before the fix a source was also taken for a file(...) naming another one
 * of the same last component: both tasks ran one variant (here on PoCL: b[0] = 2; the
 * translation, whose lookup goes the other way, in other programs). */
#include "ompss_check.h"

#define N 100

#pragma omp target device(opencl) ndrange(1, n, 16) file(kernels/add/op.cl) name(op) copy_deps
#pragma omp task inout([n]b)
__kernel void op_add(__global float *b, int n, float k);

#pragma omp target device(opencl) ndrange(1, n, 16) file(kernels/mul/op.cl) name(op) copy_deps
#pragma omp task inout([n]b)
__kernel void op_mul(__global float *b, int n, float k);

static float b[N];

int main(void)
{
    for (int i = 0; i < N; i++)
        b[i] = (float)i;
    op_add(b, N, 1.0f);     /* i + 1 */
    op_mul(b, N, 3.0f);     /* 3i + 3 */
    op_add(b, N, 2.0f);     /* 3i + 5 */
#pragma omp taskwait
    for (int i = 0; i < N; i++)
        CHECK(b[i] == 3.0f * i + 5.0f, "b[%d] = %g, expected %g", i, b[i], 3.0 * i + 5);
    return result_ok();
}
