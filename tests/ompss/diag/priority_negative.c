/* A task's priority(-1) (gcc -fopenmp: "'priority' value must be non-negative"): OpenMP
 * priorities are non-negative.  mcc said nothing. */
#include <stdio.h>

int main(void)
{
    int x = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task priority(-1) shared(x)
        x++;
    }
    printf("%d\n", x);
    return 0;
}
