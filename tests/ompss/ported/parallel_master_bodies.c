/* ported: openmp
 * ported-werror
 * OpenMP 5.0/5.1's `parallel master` and `parallel masked` with a statement of their own
 * (not a taskloop): the producer creating tasks for the team, with a reduction of the
 * region, firstprivate and private copies, `filter(0)`, a one-statement body; mcc opened
 * the master's block before the region's and gcc rejected the generated code. */
#include <stdio.h>

#define N 64

static double a[N];

static double work(int i)
{
    double s = 0.0;
    for (int k = 0; k <= i; k++)
        s += 0.5 * k;
    return s;
}

int main(void)
{
    int z = 0;
#pragma omp parallel master reduction(+: z)
    z += 7;
    printf("z %d\n", z);

    double total = 0.0;
    int scale = 3;
#pragma omp parallel master firstprivate(scale) shared(a)
    {
        for (int i = 0; i < N; i++) {
#pragma omp task firstprivate(i) shared(a)
            a[i] = scale * work(i);
        }
#pragma omp taskwait
        for (int i = 0; i < N; i++)
            total += a[i];
    }
    printf("total %.2f\n", total);

    long count = 0;
    int tmp = -1;
#pragma omp parallel masked filter(0) private(tmp) reduction(+: count)
    {
        tmp = 0;
        for (int i = 0; i < N; i++)
            tmp += i % 5;
        count += tmp;
    }
    printf("count %ld\n", count);

    double m = 0.0;
#pragma omp parallel masked shared(m)
#pragma omp taskgroup
    {
        for (int i = 0; i < N; i += 8) {
#pragma omp task shared(m) firstprivate(i)
            {
                double w = work(i);
#pragma omp atomic
                m += w;
            }
        }
    }
    printf("m %.2f\n", m);
    return 0;
}
