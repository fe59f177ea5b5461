/* ported: openmp
 * ported-werror
 * Reductions over whole local arrays whose size their initializer gives (`int hist[] =
 * {0, 0, 0, 0};`, a designated `double w[] = {0.5, [3] = 1.5}`, a 2-D `long m[][3]`) on
 * `parallel for`, a `for` in a region, `taskloop` (also with tasks in its body updating the
 * copy through `in_reduction`), min/max, and over a VLA `int v[n]`; the body takes the
 * array's size with sizeof.  mcc said "sorry, unimplemented: this form of reduction". */
#include <stdio.h>

static void show(const char *what, const long *a, int n)
{
    printf("%s:", what);
    for (int i = 0; i < n; i++)
        printf(" %ld", a[i]);
    printf("\n");
}

int main(void)
{
    int hist[] = {0, 0, 0, 0};
    double w[] = {0.5, [3] = 1.5};
#pragma omp parallel for reduction(+ : hist, w)
    for (int i = 0; i < 1000; i++) {
        hist[i % (int)(sizeof hist / sizeof hist[0])]++;
        w[i % 4] += 0.25;
    }
    printf("hist: %d %d %d %d w: %.2f %.2f %.2f %.2f\n", hist[0], hist[1], hist[2], hist[3],
           w[0], w[1], w[2], w[3]);

    long m[][3] = {{1, 1, 1}, {1, 1, 1}};
    long lo[] = {1000, 1000}, hi[] = {-1, -1, -1};
#pragma omp parallel
    {
#pragma omp for reduction(* : m) reduction(min : lo) reduction(max : hi) schedule(dynamic, 3)
        for (int i = 1; i <= 12; i++) {
            m[0][i % 3] *= i % 4 + 1;
            m[1][i % 3] *= 2;
            lo[i % 2] = lo[i % 2] < 100 - i ? lo[i % 2] : 100 - i;
            hi[i % 3] = hi[i % 3] > i * i ? hi[i % 3] : i * i;
        }
    }
    show("m", m[0], 6);
    show("lo", lo, 2);
    show("hi", hi, 3);

    long bins[] = {0, 0, 0, 0, 0};
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskloop reduction(+ : bins) grainsize(4)
        for (int i = 0; i < 40; i++) {
            bins[i % 5] += i;
#pragma omp task in_reduction(+ : bins)
            bins[(i + 1) % 5] += 1;
        }
    }
    show("bins", bins, 5);

    int n = 6;
    long v[n];
    for (int i = 0; i < n; i++)
        v[i] = i;
#pragma omp parallel for reduction(+ : v)
    for (int i = 0; i < 60; i++)
        v[i % n] += i;
    show("v", v, n);
    return 0;
}
