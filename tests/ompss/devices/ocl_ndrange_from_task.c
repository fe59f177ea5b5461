/* ndrange reads a size that a preceding task computes (`ndrange(1, *count, G)` with
 * in(*count)), as programs with data-dependent sizes do: the sizes are evaluated when the
 * kernel launches, after the task's dependences, as Mercurium's outlines evaluate them
 * (evaluating them when the task is created read the count before its producer ran, and
 * the kernel ran over the wrong range). */
#include "ompss_check.h"

#define N 256
#define G 16

#pragma omp task out(*count)
void produce(int *count, int n);

#pragma omp target device(opencl) ndrange(1, *count, G) file(kernels/count.cl) copy_deps
#pragma omp task in(*count) inout([N]v)
__kernel void fill_count(__global int *v, __global const int *count);

void produce(int *count, int n)
{
    delay(2000);            /* after the kernel task was created */
    *count = n;
}

static int v[3][N], count[3];

int main(void)
{
    static const int n[3] = {64, 128, 32};
    for (int k = 0; k < 3; k++) {
        produce(&count[k], n[k]);
        fill_count(v[k], &count[k]);
    }
#pragma omp taskwait
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < N; i++)
            CHECK(v[k][i] == (i < n[k] ? n[k] : 0), "launch %d: v[%d] = %d, expected %d", k,
                  i, v[k][i], i < n[k] ? n[k] : 0);
    return result_ok();
}
