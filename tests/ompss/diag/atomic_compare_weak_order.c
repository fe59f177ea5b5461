/* `weak` lets an atomic compare fail though x was e, which only an equality compare's
 * outcome reports (OpenMP 5.1 2.19.7; gcc -fopenmp: "'weak' clause requires atomic
 * equality comparison"); mcc took it on a min. */
#include <stdio.h>

int main(void)
{
    int lo = 100;
#pragma omp parallel for
    for (int i = 0; i < 64; i++) {
        int v = (i * 37) % 64;
#pragma omp atomic compare weak
        if (v < lo) { lo = v; }
    }
    printf("%d\n", lo);
    return 0;
}
