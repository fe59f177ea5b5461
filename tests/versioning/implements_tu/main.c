/* implements_tu: a task in this unit, its second version defined in version.c. */
#include <stdio.h>
#include "kernels.h"

void fill(int *v, int n, int x)
{
    for (int i = 0; i < n; i++)
        v[i] = x + i;
}

int main(void)
{
    enum { N = 64, B = 16 };
    static int v[N][B];
    long s = 0;
    for (int k = 0; k < N; k++)
        fill(v[k], B, k);
#pragma omp taskwait
    for (int k = 0; k < N; k++)
        for (int i = 0; i < B; i++)
            s += v[k][i];
    printf("sum %ld\n", s);
    return 0;
}
