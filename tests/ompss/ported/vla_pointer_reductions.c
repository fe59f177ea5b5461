/* ported: openmp
 * ported-werror
 * Reductions through pointers to variably modified types, as codes with run-time sizes
 * write them: `reduction(+: p[0][0:m])` of an `int (*p)[m]` from calloc on `parallel for`,
 * `x[1][:m]` and `x[0:n][0:m]` of a parameter `double x[n][m]` (a pointer to VLA rows), a
 * whole row `q[1]` of a `double (*q)[m]`, `q[0][1:2]` on `taskloop`, `q[2][0:w]` on a
 * taskgroup's task_reduction with `in_reduction` tasks, `x[:n]` of a parameter
 * `double x[n]`; rows outside the sections untouched.  (gcc 12 stops with an internal
 * compiler error on a taskloop reduction over `q[1]` inside `parallel`/`single`.)  mcc
 * said "sorry, unimplemented: ... a pointer to a variably modified type, on a task or
 * loop" for all but the last. */
#include <stdio.h>
#include <stdlib.h>

static void rows(int n, int m, double x[n][m])
{
    #pragma omp parallel for reduction(+: x[1][:m])
    for (int i = 0; i < 100; i++)
        x[1][i % m] += i;
    #pragma omp parallel for reduction(+: x[0:n][0:m]) schedule(dynamic, 7)
    for (int i = 0; i < 100; i++)
        x[i % n][(i / n) % m] += i;
}

static void flat(int n, double x[n])
{
    #pragma omp parallel for reduction(+: x[:n])
    for (int i = 0; i < 50; i++)
        x[i % n] += 0.5 * i;
}

int main(void)
{
    int m = 5;
    int (*p)[m] = calloc(3, sizeof *p);
    #pragma omp parallel for reduction(+: p[0][0:m])
    for (int i = 0; i < 100; i++)
        p[0][i % m] += i;
    #pragma omp parallel for reduction(max: p[2][1:3])
    for (int i = 0; i < 100; i++)
        if (i % 7 > p[2][1 + i % 3])
            p[2][1 + i % 3] = i % 7;
    for (int r = 0; r < 3; r++)
        for (int j = 0; j < m; j++)
            printf("%d%c", p[r][j], j == m - 1 ? '\n' : ' ');

    double x[3][4] = {{0}};
    rows(3, 4, x);
    for (int r = 0; r < 3; r++)
        for (int j = 0; j < 4; j++)
            printf("%g%c", x[r][j], j == 3 ? '\n' : ' ');

    int w = 4;
    double (*q)[w] = calloc(3, sizeof *q);
    #pragma omp parallel for reduction(+: q[1])
    for (int i = 0; i < 64; i++)
        q[1][i % w] += i;
    #pragma omp taskloop reduction(+: q[0][1:2]) grainsize(5)
    for (int i = 0; i < 64; i++)
        q[0][1 + i % 2] += i;
    #pragma omp taskgroup task_reduction(+: q[2][0:w])
    for (int t = 0; t < 8; t++) {
        #pragma omp task in_reduction(+: q[2][0:w])
        q[2][t % w] += t;
    }
    for (int r = 0; r < 3; r++)
        for (int j = 0; j < w; j++)
            printf("%g%c", q[r][j], j == w - 1 ? '\n' : ' ');

    double v[6] = {0};
    flat(6, v);
    for (int j = 0; j < 6; j++)
        printf("%g%c", v[j], j == 5 ? '\n' : ' ');
    free(p);
    free(q);
    return 0;
}
