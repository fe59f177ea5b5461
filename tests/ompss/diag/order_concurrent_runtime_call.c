/* The iterations of a loop with order(concurrent) may run at once or in any order, so the
 * OpenMP runtime may not be called in them (OpenMP 5.0 2.9.2; gcc -fopenmp: "OpenMP
 * runtime API call 'omp_get_thread_num' in a region with 'order(concurrent)' clause");
 * mcc took it and answered each thread's number. */
#include <omp.h>
#include <stdio.h>

int owner[64];

int main(void)
{
#pragma omp parallel for order(concurrent)
    for (int i = 0; i < 64; i++)
        owner[i] = omp_get_thread_num();
    printf("%d\n", owner[63]);
    return 0;
}
