/* declare reduction's initializer assigns to a string literal, not to omp_priv */
#include <stdio.h>
#pragma omp declare reduction(plus2 : unsigned : omp_out += omp_in) initializer("s" = 1u)

int main(void)
{
    unsigned s = 0;
#pragma omp taskloop reduction(plus2 : s)
    for (int i = 0; i < 10; i++)
        s += i;
    printf("%u\n", s);
    return 0;
}
