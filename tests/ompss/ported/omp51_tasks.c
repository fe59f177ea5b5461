/* ported: openmp
 * ported-werror
 * ported-seq-libs: -lgomp
 * OpenMP 5.x task clauses as newer codes write them: `taskloop grainsize(strict: g)` and
 * `num_tasks(strict: n)` with reductions, `masked filter(omp_get_num_threads() - 1)`,
 * `scope` with a reduction inside a region, `untied` and `mergeable` tasks, `final` with
 * `omp_in_final()` choosing a path that computes the same value, `priority`, `affinity`
 * on an array section, `allocate(omp_low_lat_mem_alloc: buf)` on a task's firstprivate
 * array, `taskyield` in a polling loop, `taskwait depend(...)` on one result. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

static long tri(int n)
{
    long s;
    if (n < 8)
        return (long)n * (n + 1) / 2;
    long a = 0, b = 0;
#pragma omp task shared(a) final(n < 64) mergeable
    a = omp_in_final() ? (long)(n / 2) * (n / 2 + 1) / 2 : tri(n / 2);
#pragma omp task shared(b) untied priority(1)
    b = tri(n - n / 2);
#pragma omp taskwait
    s = a + b + (long)(n / 2) * (n - n / 2);
    return s;
}

int main(void)
{
    double *v = malloc(N * sizeof(double));
    for (int i = 0; i < N; i++)
        v[i] = (i % 17) * 0.5;
    double s1 = 0.0, s2 = 0.0, s3 = 0.0;
    long t = 0;
    int last = -1, count = 0;
    double buf[8];
    for (int i = 0; i < 8; i++)
        buf[i] = i + 1.0;
#pragma omp parallel
    {
#pragma omp masked filter(omp_get_num_threads() - 1)
        {
#pragma omp taskloop grainsize(strict: 37) reduction(+: s1)
            for (int i = 0; i < N; i++)
                s1 += v[i] * 2.0;
#pragma omp taskloop num_tasks(strict: 7) reduction(+: s2) reduction(max: last)
            for (int i = 0; i < N; i++) {
                s2 += v[i] * v[i];
                if (i > last)
                    last = i;
            }
#pragma omp task shared(t) affinity(v[0:N])
            t = tri(300);
#pragma omp task firstprivate(buf) allocate(omp_low_lat_mem_alloc: buf) depend(out: buf[0])
            {
                double x = 0.0;
                for (int i = 0; i < 8; i++)
                    x += buf[i];
                v[0] += x;
            }
#pragma omp taskwait depend(in: buf[0])
            count = (int)v[0];
        }
#pragma omp barrier
#pragma omp scope reduction(+: s3)
        {
#pragma omp for
            for (int i = 0; i < N; i++)
                s3 += v[i];
        }
    }
    printf("s1 %.1f s2 %.2f last %d tri %ld count %d s3 %.2f\n", s1, s2, last, t, count, s3);
    int flag = 0, seen = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp task shared(flag)
        {
#pragma omp atomic write
            flag = 1;
        }
        int f = 0;
        while (!f) {
#pragma omp atomic read
            f = flag;
            if (!f) {
#pragma omp taskyield
            }
        }
        seen = f;
    }
    printf("seen %d\n", seen);
    free(v);
    return 0;
}
