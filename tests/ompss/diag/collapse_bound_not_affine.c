/* An inner bound of a collapsed nest that is no affine form of the outer variable
 * (`j < i * i`): gcc -fopenmp refuses it; mcc counted it as `j < i` and ran the wrong
 * iterations. */
#include <stdio.h>

int main(void)
{
    long s = 0;
#pragma omp parallel for collapse(2) reduction(+: s)
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < i * i; j++)
            s += i * 100 + j;
    printf("%ld\n", s);
    return 0;
}
