/* atomic compare's conditional update braces its assignment (OpenMP 5.1 2.19.7: `if (expr
 * ordop x) { x = expr; }`; gcc -fopenmp: "expected '{' before 'lo'"); mcc took the unbraced
 * form without a word. */
#include <stdio.h>

int main(void)
{
    int lo = 100;
#pragma omp parallel for
    for (int i = 0; i < 64; i++) {
        int v = (i * 37) % 64;
#pragma omp atomic compare
        if (v < lo) lo = v;
    }
    printf("%d\n", lo);
    return 0;
}
