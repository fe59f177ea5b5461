/* ported: ompss
   ported-werror
   OmpSs function tasks reducing into volatile objects: `reduction(+: *acc)` through a
   `volatile long *` parameter and `reduction(+: [n]h)` on a volatile array; mcc handed the
   volatile pointers to nanort and to free as they were and gcc warned "discards 'volatile'
   qualifier" (an error under -Werror) */
#include <stdio.h>

#pragma omp task reduction(+: *acc)
static void add(volatile long *acc, long v)
{
    *acc += v;
}

#pragma omp task reduction(+: [n]h)
static void hist(volatile long *h, int n, int k)
{
    h[k % n] += k;
}

int main(void)
{
    volatile long a = 0;
    volatile long h[4] = {0};
    for (int i = 0; i < 100; i++) {
        add(&a, i);
        hist(h, 4, i);
    }
    #pragma omp taskwait
    printf("%ld %ld %ld\n", a, h[0], h[3]);
    return 0;
}
