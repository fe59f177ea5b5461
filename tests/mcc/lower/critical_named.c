/* critical as an unbraced loop body and inside a function task: named and unnamed
 * sections protect plain read-modify-write updates from concurrent tasks. */
#include "ompss_check.h"

static long a, b;

#pragma omp task
void bump(int times)
{
    for (int k = 0; k < times; k++)
#pragma omp critical
        a = a + 1;
#pragma omp critical(other_lock)
    {
        long t = b;
        delay(2);
        b = t + times;
    }
}

int main(void)
{
    for (int i = 0; i < 200; i++)
        bump(3);
#pragma omp taskwait
    CHECK(a == 600, "a = %ld", a);
    CHECK(b == 600, "b = %ld", b);
    return 0;
}
