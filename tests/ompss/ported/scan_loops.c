/* ported: openmp
 * ported-werror
 * Prefix sums with OpenMP 5.0's scan: `reduction(inscan, +: x)` with `#pragma omp scan
 * inclusive(x)` (the scan phase sees the input phases up to its iteration) and
 * `exclusive(x)` (before it), starting from x's value, on `parallel for` and on a `for`
 * in a region, also a product and two variables in one scan.  mcc refused inscan and
 * scan ("sorry"). */
#include <stdio.h>

#define N 40

int main(void)
{
    long a[N], incl[N], excl[N], cnt[N], twice[N];
    double f[N], prod[N];
    for (int i = 0; i < N; i++) {
        a[i] = (i * 7) % 5 + 1;
        f[i] = 1.0 + (i % 3) * 0.5;
    }
    long x = 5, y = 0, n = 0, m = 0;
    double p = 1;
#pragma omp parallel for reduction(inscan, + : x)
    for (int i = 0; i < N; i++) {
        x += a[i];
#pragma omp scan inclusive(x)
        incl[i] = x;
    }
#pragma omp parallel
    {
#pragma omp for reduction(inscan, + : y)
        for (int i = 0; i < N; i++) {
            excl[i] = y;
#pragma omp scan exclusive(y)
            y += a[i];
        }
    }
#pragma omp parallel for reduction(inscan, * : p)
    for (int i = 0; i < 12; i++) {
        p *= f[i];
#pragma omp scan inclusive(p)
        prod[i] = p;
    }
#pragma omp parallel for reduction(inscan, + : n, m)
    for (int i = 0; i < N; i++) {
        n += a[i] > 2;
        m += 2 * a[i];
#pragma omp scan inclusive(n, m)
        cnt[i] = n;
        twice[i] = m;
    }
    for (int i = 0; i < N; i += 3)
        printf("%ld/%ld/%ld/%ld ", incl[i], excl[i], cnt[i], twice[i]);
    printf("\n%ld %ld %ld %ld %.4f %.4f\n", x, y, n, m, p, prod[7]);
    return 0;
}
