/* A scope construct's reduction variable must be shared in the parallel region it binds
 * to, as a worksharing construct's (OpenMP 5.1 2.9: scope is placed as one; gcc -fopenmp:
 * "reduction variable 'hits' is private in outer context"): each thread's copy of the
 * region's own reduction would stand for the original.  mcc said nothing. */
#include <stdio.h>

int main(void)
{
    int hits = 0;
#pragma omp parallel reduction(+: hits)
    {
#pragma omp scope reduction(+: hits)
        hits += 1;
    }
    printf("%d\n", hits > 0);
    return 0;
}
