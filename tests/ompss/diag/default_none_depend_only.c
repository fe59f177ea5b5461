/* OpenMP's depend is no data-sharing clause: under default(none) a task that uses the
 * variable it depends on must still list it (gcc -fopenmp: "'sum' not specified in
 * enclosing 'task'"); mcc took the dependence for a shared clause, without a word. */
#include <stdio.h>

int main(void)
{
    int sum = 0;
#pragma omp task default(none) depend(inout: sum)
    sum += 2;
#pragma omp taskwait
    printf("%d\n", sum);
    return 0;
}
