/* ported: openmp
 * ported-werror
 * Reductions over rows of 2-D arrays written with explicit bounds, as KASTORS- and
 * PolyBench-style codes write them: `task_reduction(+: a[0:N][0:M])` over a whole array,
 * `in_reduction(+: p[0:n][0:M])` through a pointer-to-row parameter `double (*p)[M]`
 * (rows 2 to 5 of the caller's array, reduced inside a function task's caller), `d[2:4][:M]`,
 * `reduction(+: b[2:3][0:M])` on a `parallel for`; the rows' extents come from macros.
 * mcc said "sorry, unimplemented: ... a section of more than one dimension" for each but
 * `[:M]`. */
#include <stdio.h>

#define N 8
#define M 6

static void add_rows(int n, double (*p)[M], int t)
{
    #pragma omp task in_reduction(+: p[0:n][0:M])
    for (int i = 0; i < n; i++)
        for (int j = 0; j < M; j++)
            p[i][j] += i - j + t;
}

int main(void)
{
    int a[N][M] = {{0}};
    double d[N][M] = {{0}};
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskgroup task_reduction(+: a[0:N][0:M], d[2:4][:M])
        for (int t = 0; t < 20; t++) {
            #pragma omp task in_reduction(+: a[0:N][0:M])
            for (int i = 0; i < N; i++)
                for (int j = 0; j < M; j++)
                    a[i][j] += i * j + t;
            add_rows(4, &d[2], t);
        }
    }
    long s = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            s += a[i][j] * (i + 1) + j + (long)d[i][j] * 3;
    printf("task reductions: %ld\n", s);

    int b[N][M] = {{0}};
    #pragma omp parallel for reduction(+: b[2:3][0:M])
    for (int k = 0; k < 100; k++)
        for (int i = 2; i < 5; i++)
            for (int j = 0; j < M; j++)
                b[i][j] += k % 7 + j;
    s = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            s += b[i][j] * (i + 1) + j;
    printf("parallel for: %ld\n", s);
    return 0;
}
