/* implements(fn): two more smp implementations of a function task; whichever the runtime
 * picks for each instance, every instance must compute the same result, and calls to an
 * implementation are tasks of their own. */
#include "ompss_check.h"

#pragma omp task inout([n]v)
void add1(int *v, int n);

#pragma omp target device(smp) implements(add1)
#pragma omp task inout([n]v)
void add1_unrolled(int *v, int n)
{
    int i = 0;
    for (; i + 1 < n; i += 2) {
        v[i]++;
        v[i + 1]++;
    }
    for (; i < n; i++)
        v[i]++;
}

#pragma omp target device(smp) implements(add1)
void add1_backwards(int *v, int n)
{
    for (int i = n - 1; i >= 0; i--)
        v[i] += 1;
}

void add1(int *v, int n)
{
    for (int i = 0; i < n; i++)
        v[i]++;
}

int main(void)
{
    int v[37] = {0};
    for (int r = 0; r < 30; r++)
        add1(v, 37);
    add1_unrolled(v, 37);
#pragma omp taskwait
    for (int i = 0; i < 37; i++)
        CHECK(v[i] == 31, "v[%d] = %d", i, v[i]);
    return 0;
}
