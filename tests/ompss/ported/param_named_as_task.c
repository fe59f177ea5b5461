/* ported: ompss
   ported-werror
   function tasks with a parameter of the function's own name, as accumulator kernels name
   their output: `void total(double *total, const double *v, int n)`, a static
   `count(int *count, int by)`, a recursive `sum(long *sum, int lo, int hi)` under
   `final(hi - lo < 8)` whose calls inside final tasks run at once; mcc's spawn function
   called the function by its name, which the parameter hides there ("called object
   'total' is not a function or function pointer") */
#include <stdio.h>

static void spin(void)
{
    volatile int k = 0;
    for (int i = 0; i < 20000; i++)
        k += i;
}

#pragma omp task inout(*total) in(v[0;n])
void total(double *total, const double *v, int n)
{
    spin();
    for (int i = 0; i < n; i++)
        *total += v[i] * (i + 1);
}

#pragma omp task inout(*count)
static void count(int *count, int by)
{
    spin();
    *count = *count * 3 + by;
}

#pragma omp task out(*sum) final(hi - lo < 8)
void sum(long *sum, int lo, int hi);

void sum(long *sum_, int lo, int hi)
{
    if (hi - lo < 2) {
        *sum_ = (long)lo * lo;
        return;
    }
    long a, b;
    int mid = (lo + hi) / 2;
    sum(&a, lo, mid);
    sum(&b, mid, hi);
#pragma omp taskwait
    *sum_ = a + b;
}

int main(void)
{
    double v[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, t = 0;
    total(&t, v, 8);
    total(&t, v + 2, 3);
    int c = 1;
    for (int i = 0; i < 5; i++)
        count(&c, i);
    long s;
    sum(&s, 0, 100);
#pragma omp taskwait
    printf("total %.1f count %d sum %ld\n", t, c, s);
    return 0;
}
