/* An orphaned worksharing reduction on a local of its function: each thread that calls the
 * function has its own copy, which would stand for the original (gcc -fopenmp: "reduction
 * variable 'sum' is private in outer context").  mcc built it. */
#include <stdio.h>

static void dot(const double *x, const double *y, int n)
{
    double sum = 0.0;
#pragma omp for reduction(+: sum)
    for (int i = 0; i < n; i++)
        sum += x[i] * y[i];
    printf("%f\n", sum);
}

int main(void)
{
    double x[8], y[8];
    for (int i = 0; i < 8; i++)
        x[i] = y[i] = i;
#pragma omp parallel
    dot(x, y, 8);
    return 0;
}
