/* saxpy_smp.c - the host version of the task */
#include "saxpy.h"

void saxpy(int n, float a, const float *x, float *y)
{
    for (int i = 0; i < n; i++)
        y[i] += a * x[i];
}
