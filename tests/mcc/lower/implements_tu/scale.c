/* The function task scale: its own (plain) implementation. */
#include "scale.h"

int runs_plain;

void scale(int *v, int n, int k)
{
    __atomic_add_fetch(&runs_plain, 1, __ATOMIC_RELAXED);
    for (int i = 0; i < n; i++)
        v[i] *= k;
}
