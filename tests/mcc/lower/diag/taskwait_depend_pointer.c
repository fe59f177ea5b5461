/* OpenMP's form of taskwait_on_pointer.c: `taskwait depend(inout: y)` of a pointer y waits
 * for the tasks that depend on the pointer variable, not for the one that writes y[0:n]
 * (gcc -fopenmp waits the same way: the read after it races with the task).  A warning
 * naming the array section. */
#include <stdlib.h>

int main(void)
{
    int n = 8;
    float *y = malloc((size_t)n * sizeof *y);
#pragma omp task depend(out: y[0:n]) firstprivate(n)
    for (int i = 0; i < n; i++)
        y[i] = (float)i;
#pragma omp taskwait depend(inout: y)
    float r = y[5];
#pragma omp taskwait
    free(y);
    return r != 5.0f;
}
