/* ported: openmp
   ported-werror
   volatile variables in data-sharing and dependence clauses: `reduction` (+ and max, a
   volatile array, a section of one) on `parallel for`, a region's `for` and `taskloop`,
   `lastprivate`, `firstprivate`, `depend` on a volatile scalar, a volatile array's element
   and a section of a volatile global, `taskwait depend`; mcc passed their addresses to
   nanort's `const void *` and `void *` parameters (and to free) as they were and gcc warned
   "discards 'volatile' qualifier" (an error under -Werror) */
#include <stdio.h>

static volatile long g[4] = {1, 2, 3, 4};

int main(void)
{
    volatile long s = 0;
    volatile double m = 0;
    volatile int last = -1, fp = 3;
    volatile long arr[4] = {0};
    #pragma omp parallel for reduction(+: s) reduction(max: m) lastprivate(last) firstprivate(fp)
    for (int i = 0; i < 100; i++) {
        s += i + fp;
        if (i > m)
            m = i;
        last = i;
    }
    volatile long sec[6] = {0};
    #pragma omp parallel
    {
        #pragma omp for reduction(+: arr)
        for (int i = 0; i < 100; i++)
            arr[i % 4] += i;
        #pragma omp for reduction(+: sec[1:4])
        for (int i = 0; i < 100; i++)
            sec[1 + i % 4] += i;
    }
    long t = 0;
    volatile long x = 0;
    volatile int vals[8] = {0};
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskloop reduction(+: s)
        for (int i = 0; i < 10; i++)
            s += 1;
        #pragma omp task shared(t) firstprivate(fp)
        t = fp * 2;
        for (int i = 0; i < 4; i++) {
            #pragma omp task depend(inout: x) shared(x) firstprivate(i)
            x = x * 3 + i;
            #pragma omp task depend(inout: vals[i]) depend(in: g[0:2]) shared(vals) firstprivate(i)
            vals[i] = (int)g[1] + i;
            #pragma omp task depend(inout: vals[4:4]) shared(vals) firstprivate(i)
            vals[4 + i] = vals[4 + i] * 2 + i;
        }
        #pragma omp taskwait depend(in: x)
        #pragma omp taskwait
    }
    printf("%ld %.0f %d %ld %ld %ld %d %d %ld %ld\n", s, m, last, arr[3], t, x, vals[3],
           vals[7], sec[2], sec[5]);
    return 0;
}
