/* ported: openmp
   ported-werror
   reductions on array elements (OpenMP 5.0; gcc takes them): `reduction(+: s[0])` and
   `reduction(max: m[1])` on `parallel for`, an element chosen by a variable `s[k]`, an
   element of a global array on a `parallel` region whose `for` adds into it, an element
   through a pointer parameter on an orphaned `for`, `taskloop`, `task_reduction` and
   `in_reduction`; the other elements keep their values.  mcc said "sorry, unimplemented:
   this form of reduction" */
#include <stdio.h>

static long g[4];

static void orphan(long *p, int n)
{
    #pragma omp for reduction(+: p[1])
    for (int i = 0; i < n; i++)
        p[1] += i;
}

int main(void)
{
    long s[4] = {1, 2, 3, 4};
    double m[3] = {0, 0, 0};
    int k = 2;
    long hist[5] = {0};
    #pragma omp parallel for reduction(+: s[0])
    for (int i = 0; i < 1000; i++)
        s[0] += i;
    #pragma omp parallel for reduction(max: m[1]) reduction(+: s[k])
    for (int i = 0; i < 1000; i++) {
        double v = (i * 37) % 101;
        if (v > m[1])
            m[1] = v;
        s[k] += 2;
    }
    #pragma omp parallel reduction(+: g[3])
    {
        #pragma omp for
        for (int i = 0; i < 100; i++)
            g[3] += i;
        orphan(hist, 50);
    }
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskloop reduction(+: s[1]) grainsize(10)
        for (int i = 0; i < 100; i++)
            s[1] += i * 3;
        #pragma omp taskgroup task_reduction(+: hist[4])
        {
            for (int t = 0; t < 8; t++) {
                #pragma omp task in_reduction(+: hist[4])
                hist[4] += t;
            }
        }
    }
    printf("%ld %ld %ld %ld %.0f %ld %ld %ld\n", s[0], s[1], s[2], s[3], m[1], g[3], hist[1],
           hist[4]);
    return 0;
}
