/* default(none) makes no exception for file-scope variables (OpenMP 5.0 2.19.4.1: only
 * predetermined ones are, threadprivate variables and loop variables; gcc -fopenmp: "'hits'
 * not specified in enclosing 'parallel'"): mcc shared them without a word. */
#include <stdio.h>

int hits;

int main(void)
{
#pragma omp parallel default(none)
    {
#pragma omp atomic
        hits++;
    }
    printf("%d\n", hits > 0);
    return 0;
}
