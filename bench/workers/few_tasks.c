/* A program with few tasks (20 independent ones and a taskwait) started with far more
 * workers than cores: what it costs is starting, idling and stopping the workers. */
#include <stdio.h>

int main(void)
{
    int a[20] = {0};
#pragma omp parallel
#pragma omp single
    {
        for (int i = 0; i < 20; i++) {
#pragma omp task shared(a) firstprivate(i)
            a[i] = i * i;
        }
#pragma omp taskwait
    }
    long s = 0;
    for (int i = 0; i < 20; i++)
        s += a[i];
    return s != 2470;
}
