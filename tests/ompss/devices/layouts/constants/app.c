/* OpenCL program-scope constants (`__constant int GROUP = 16;`) in a header that the kernel
 * and three C files include (two without any OmpSs construct): each C file has its own
 * (static) copy, as OpenCL programs do (each defined them externally, and the link failed
 * with "multiple definition"); one sizes the ndrange, the host check reads the others. */
#include <stdio.h>
#include "tasks.h"

#define N 100

int main(void)
{
    float x[N], want[N];
    for (int i = 0; i < N; i++)
        x[i] = want[i] = (float)(i % 13);
    for (int r = 0; r < 3; r++) {
        amp(N, x);
        for (int i = 0; i < N; i++)
            want[i] = host_amp(want[i], i);
    }
#pragma omp taskwait
    for (int i = 0; i < N; i++)
        if (x[i] != want[i]) {
            printf("x[%d] = %g, expected %g\n", i, x[i], want[i]);
            return 1;
        }
    if (group_size() != GROUP) {
        printf("GROUP %d in group.c, %d here\n", group_size(), GROUP);
        return 1;
    }
    printf("result: OK\n");
    return 0;
}
