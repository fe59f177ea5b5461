/* A taskloop over a double: OpenMP's loop variables are integers or pointers, and gcc says
 * "invalid type for iteration variable 'd'".  mcc accepted it and computed the iteration
 * count in long long, where the step 0.5 is 0: the sum came out 0. */
#include <stdio.h>

int main(void)
{
    double s = 0;
#pragma omp taskloop grainsize(1) reduction(+: s)
    for (double d = 0; d < 2.5; d += 0.5)
        s += d;
    printf("%g\n", s);
    return s == 5 ? 0 : 1;
}
