/* `taskwait on(y)` of a pointer y waits for the tasks that depend on the pointer variable
 * and brings back its bytes, not the array the tasks wrote through it: the host then reads
 * what it held before them (the results of a device task stay on the device).  A warning
 * that names the data's forms.  Not said where a task of the unit depends on the pointer
 * itself (swap_then_wait: its taskwait on(q) is meant so). */
#include <stdlib.h>

static float a[8], b[8];

static float swap_then_wait(void)
{
    float *q = a;
#pragma omp task inout(q)
    q = b;
#pragma omp taskwait on(q)
    return q[0];
}

int main(void)
{
    int n = 8;
    float *y = malloc(n * sizeof *y);
#pragma omp task out([n]y) firstprivate(n)
    for (int i = 0; i < n; i++)
        y[i] = (float)i;
#pragma omp taskwait on(y)
    float r = y[5] + swap_then_wait();
    free(y);
    return r != 5.0f;
}
