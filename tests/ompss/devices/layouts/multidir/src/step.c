/* step.c - the smp version of smooth and a function that creates its tasks. */
#include "stencil.h"

void smooth(const int *u, int *v, int n)
{
    v[0] = u[0];
    v[n - 1] = u[n - 1];
    for (int i = 1; i < n - 1; i++)
        v[i] = (u[i - 1] + 2 * u[i] + u[i + 1]) % 1000;
}

void run_steps(int *u, int *tmp, int n, int steps)
{
    for (int s = 0; s < steps; s++) {
        smooth(u, tmp, n);
        smooth(tmp, u, n);
    }
}
