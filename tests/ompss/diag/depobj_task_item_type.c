/* depend(depobj: o) names omp_depend_t objects (gcc: "'n' does not have 'omp_depend_t' type
 * in 'depend' clause with 'depobj' dependence type"). */
#include <omp.h>
int main(void)
{
    int x = 0, n = 1;
#pragma omp task depend(depobj: n) shared(x)
    x++;
#pragma omp taskwait
    return x;
}
