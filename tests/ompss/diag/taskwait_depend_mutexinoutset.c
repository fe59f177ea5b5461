/* A taskwait's depend takes in, out, inout and depobj (OpenMP 5.1; gcc -fopenmp:
 * "'mutexinoutset' kind in 'depend' clause on a 'taskwait' construct"): the error names
 * the dependence type; mcc said "'depend' is not allowed on a taskwait", which its other
 * kinds are. */
#include <stdio.h>

int main(void)
{
    int a = 0;
#pragma omp task depend(mutexinoutset: a)
    a += 1;
#pragma omp taskwait depend(mutexinoutset: a)
    printf("%d\n", a);
    return 0;
}
