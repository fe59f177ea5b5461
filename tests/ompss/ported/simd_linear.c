/* ported: openmp
 * ported-werror
 * Vector loops as HPC codes write them: `parallel for simd` with aligned, safelen, simdlen
 * and nontemporal, functions with `declare simd` (uniform, linear, notinbranch), `simd`
 * with linear, `linear` on `for` and `parallel for` (an int by 2, a pointer by 3
 * elements, a step from an expression, a long stepping down, a `parallel for simd` loop
 * variable), `taskloop simd` with linear, and `if(simd: ...)`/`if(parallel: ...)`.  The linear variables' values
 * after the loops are printed: each is its value at the end of the last iteration.  mcc
 * refused every simd clause ("unknown clause") and linear. */
#include <stdio.h>

#define N 1024

static float a[N] __attribute__((aligned(64))), b[N] __attribute__((aligned(64)));

#pragma omp declare simd
static float sq(float x)
{
    return x * x;
}

#pragma omp declare simd uniform(s) linear(i : 1) notinbranch
static float twice(const float *s, int i)
{
    return s[i] * 2;
}

int main(void)
{
    for (int i = 0; i < N; i++) {
        a[i] = (float)(i % 64) * 0.25f;
        b[i] = 1;
    }
    float s = 0;
#pragma omp parallel for simd aligned(a, b : 64) reduction(+ : s)
    for (int i = 0; i < N; i++)
        s += a[i] * b[i];
#pragma omp parallel for simd safelen(8) simdlen(4) if(simd : N > 10) if(parallel : N > 1)
    for (int i = 0; i < N; i++)
        b[i] = sq(a[i]);
#pragma omp parallel
#pragma omp for simd nontemporal(b) nowait
    for (int i = 0; i < N; i++)
        b[i] += twice(a, i);

    int j = 5, k = 100, step = 3;
    long m = 0;
    double buf[200], *p = buf, t = 0;
    for (int i = 0; i < 200; i++)
        buf[i] = i * 0.5;
#pragma omp simd linear(j : 2)
    for (int i = 0; i < 10; i++)
        j += 2;
#pragma omp parallel for linear(j : 2) reduction(+ : t)
    for (int i = 0; i < 40; i++) {
        t += j;
        j += 2;
    }
#pragma omp parallel for linear(k) linear(p : step) reduction(+ : t)
    for (int i = 0; i < 60; i++) {
        t += k * 1000 + *p;
        k++;
        p += step;
    }
#pragma omp parallel
#pragma omp for linear(m : -1) schedule(dynamic, 3)
    for (int i = 0; i < 17; i++)
        m--;
    int last;
#pragma omp parallel for simd linear(last)
    for (last = 0; last < 25; last++)
        b[last] += 1;
    int q = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop simd linear(q : 4) grainsize(8) reduction(+ : t)
    for (int i = 0; i < 64; i++) {
        t += q;
        q += 4;
    }
    printf("%.2f %.2f %.2f\n", s, b[100], b[7]);
    printf("%d %d %.1f %ld %d %d %.1f\n", j, k, *p, m, last, q, t);
    return 0;
}
