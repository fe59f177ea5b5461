/* ported-werror
 * OpenMP 5.1's reserved locator omp_all_memory (gcc 12 lacks it: no gcc -fopenmp build):
 * checkpoint tasks with `depend(inout: omp_all_memory)` between steps of element-wise
 * tasks read what every earlier task with a dependence wrote and are waited for by every
 * later one; `depend(out: omp_all_memory)` at the end, beside another item
 * (`depend(inout: b[0], omp_all_memory)`); `taskwait depend(inout: omp_all_memory)` waiting
 * for the tasks with dependences.  mcc said "'omp_all_memory' undeclared"; it is now a
 * dependence on every byte (and `depend(in: omp_all_memory)` gcc's error). */
#include <stdio.h>

#define N 16
static double a[N], b[N], log_sum[16];

static void slow(int k)
{
    for (volatile int i = 0; i < 20000 * k; i++)
        ;
}

int main(void)
{
    int nlog = 0;
#pragma omp parallel
#pragma omp single
    {
        for (int step = 0; step < 4; step++) {
            for (int i = 0; i < N; i++) {
#pragma omp task depend(inout: a[i]) firstprivate(step)
                {
                    slow(i % 3);
                    a[i] = a[i] * 0.5 + i + step;
                }
#pragma omp task depend(in: a[i]) depend(out: b[i])
                b[i] = a[i] * 2;
            }
#pragma omp task depend(inout: omp_all_memory) shared(nlog)
            {
                double s = 0;
                for (int i = 0; i < N; i++)
                    s += a[i] + b[i];
                log_sum[nlog++] = s;
            }
            for (int i = 0; i < N; i += 2) {
#pragma omp task depend(inout: b[i])
                {
                    slow(1);
                    b[i] += 1;
                }
            }
        }
#pragma omp taskwait depend(inout: omp_all_memory)
        log_sum[nlog++] = b[0] + b[2];
        for (int i = 1; i < N; i += 2) {
#pragma omp task depend(inout: a[i])
            {
                slow(2);
                a[i] -= 3;
            }
        }
#pragma omp task depend(inout: b[0], omp_all_memory) shared(nlog)
        {
            double s = 0;
            for (int i = 0; i < N; i++)
                s += a[i] - b[i];
            log_sum[nlog++] = s;
        }
#pragma omp task depend(out: omp_all_memory) shared(nlog)
        log_sum[nlog++] = a[N - 1] * 2;
#pragma omp taskwait
    }
    for (int k = 0; k < nlog; k++)
        printf("log[%d] = %.3f\n", k, log_sum[k]);
    return 0;
}
