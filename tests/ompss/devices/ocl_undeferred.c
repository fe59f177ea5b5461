/* An OpenCL task the program asks to run undeferred (if(false), final) is done when its
 * call returns, as a function call is: the host reads what it wrote right after the call,
 * without a taskwait (before, the results stayed on the device until the next taskwait
 * and the host read the old values).  Also after a chain of deferred tasks on the same
 * data, which the undeferred one waits for. */
#include "ompss_check.h"

#define N 1000
#define SMALL 100

#pragma omp target device(opencl) ndrange(1, n, 16) file(kernels/addk.cl) copy_deps
#pragma omp task inout([n]v) if(n > SMALL)
__kernel void addk(__global int *v, int n, int k);

#pragma omp target device(opencl) ndrange(1, n, 16) file(kernels/addk.cl) name(addk) copy_deps
#pragma omp task inout([n]v) final(1)
__kernel void addk_final(__global int *v, int n, int k);

static int v[N];

int main(void)
{
    for (int round = 1; round <= 3; round++) {
        addk(v, N, 1);                  /* deferred */
        addk(v, N, 2);                  /* deferred, after it */
        addk(v, SMALL / 2, 4);          /* if(false): after both, done on return */
        for (int i = 0; i < SMALL / 2; i++)
            CHECK(v[i] == 7 * round, "round %d: after if(false), v[%d] = %d, expected %d",
                  round, i, v[i], 7 * round);
        addk_final(v + SMALL, SMALL, 8);
        for (int i = SMALL; i < 2 * SMALL; i++)
            CHECK(v[i] == 3 * round + 8 * round,
                  "round %d: after final, v[%d] = %d, expected %d", round, i, v[i],
                  11 * round);
#pragma omp taskwait
    }
    for (int i = 0; i < N; i++) {
        int want = 3 * 3 + (i < SMALL / 2 ? 4 * 3 : 0) + (i >= SMALL && i < 2 * SMALL ? 8 * 3 : 0);
        CHECK(v[i] == want, "v[%d] = %d, expected %d", i, v[i], want);
    }
    return result_ok();
}
