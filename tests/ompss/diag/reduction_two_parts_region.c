/* Two reductions over elements of one array on a parallel region: the region keeps one
 * private copy per variable, so mcc says "sorry" (it reduced e[0] alone and dropped e[2]
 * silently; gcc -fopenmp refuses it too).  Tasks reduce such parts in place
 * (tests/ompss/ported/member_inline_reductions). */
#include <stdio.h>

int main(void)
{
    long e[3] = {0, 0, 0};
#pragma omp parallel reduction(+: e[0], e[2]) num_threads(3)
    {
        e[0] += 1;
        e[2] += 2;
    }
    printf("%ld %ld\n", e[0], e[2]);
    return 0;
}
