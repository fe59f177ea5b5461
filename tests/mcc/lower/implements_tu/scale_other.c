/* Another implementation of scale, in a translation unit of its own: registered at
 * start-up on scale's task type, which is defined in the other units. */
#include "scale.h"

int runs_other;

#pragma omp target device(smp) implements(scale)
void scale_backwards(int *v, int n, int k)
{
    __atomic_add_fetch(&runs_other, 1, __ATOMIC_RELAXED);
    for (int i = n - 1; i >= 0; i--)
        v[i] *= k;
}
