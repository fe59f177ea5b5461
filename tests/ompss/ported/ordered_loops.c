/* ported: openmp
 * ported-werror
 * Loops as OpenMP codes write them with an `ordered` clause: each iteration computes
 * something out of order, then prints it inside `#pragma omp ordered` (the output must
 * come in the loop's order), on `for ordered schedule(dynamic)` in a region with a
 * reduction and lastprivate, on `parallel for ordered` with `ordered threads`, and an
 * orphaned ordered region in a function the loop calls; schedule modifiers
 * (`monotonic:`, `nonmonotonic:`, `simd:`) and `default(none)` with the loop variable
 * unlisted (predetermined private).  mcc said "sorry" for ordered and refused the rest. */
#include <stdio.h>

#define N 60

static double work(int i)
{
    double s = 0;
    for (int k = 0; k < 200 * (i % 7 + 1); k++)
        s += (k % 5) * 0.25;
    return s;
}

static void emit(int i, double w)
{
#pragma omp ordered
    printf("row %d %.2f\n", i, w);
}

int main(void)
{
    double total = 0, v[N];
    int last = -1;
#pragma omp parallel
    {
#pragma omp for ordered schedule(dynamic) reduction(+ : total) lastprivate(last)
        for (int i = 0; i < N; i++) {
            double w = work(i);
            total += w;
#pragma omp ordered
            {
                printf("%d %.2f\n", i, w);
            }
            last = i;
        }
    }
#pragma omp parallel for ordered schedule(static, 3)
    for (int i = 0; i < 12; i++) {
        double w = work(i * 3);
#pragma omp ordered threads
        printf("[%d %.1f]", i, w);
    }
    printf("\n");
#pragma omp parallel for ordered
    for (int i = N - 1; i >= 0; i -= 7)
        emit(i, work(i));

#pragma omp parallel for schedule(monotonic : dynamic, 4) default(none) shared(v)
    for (int i = 0; i < N; i++)
        v[i] = work(i) / 10;
    double s1 = 0, s2 = 0;
#pragma omp parallel for schedule(nonmonotonic : guided) reduction(+ : s1) default(none) \
    shared(v)
    for (int i = 0; i < N; i++)
        s1 += v[i];
    int i, j;
    double m[8][9];
#pragma omp parallel for collapse(2) schedule(simd : static) default(none) shared(m)
    for (i = 0; i < 8; i++)
        for (j = 0; j < 9; j++)
            m[i][j] = i * 10 + j;
#pragma omp parallel for schedule(simd, monotonic : static, 2) reduction(+ : s2)
    for (int k = 0; k < 8; k++)
        s2 += m[k][k];
    printf("%.2f %d %.2f %.2f\n", total, last, s1, s2);
    return 0;
}
