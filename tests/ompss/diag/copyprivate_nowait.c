/* copyprivate's values reach the other threads at single's barrier, which nowait removes
 * (gcc -fopenmp: "'nowait' clause must not be used together with 'copyprivate'"): mcc
 * built it. */
#include <stdio.h>

int main(void)
{
    int seed = 0;
#pragma omp parallel firstprivate(seed)
    {
#pragma omp single copyprivate(seed) nowait
        seed = 42;
        if (seed != 42)
            printf("wrong seed\n");
    }
    return 0;
}
