/* ported: openmp
 * ported-werror
 * Orphaned worksharing constructs in main (no region: a team of one in OpenMP) that stay
 * split into tasks at once with no warning (built with -Werror): a local array written at
 * each iteration's own element and read after the loop (`y[i] = ...`, also under
 * collapse(2)), one written by a `for nowait` and read only after a later `for` without
 * nowait, whose end waits for the nowait loop's tasks too, a temporary set before its use
 * and not read after the loop, and sections each setting a local of its own (`a = 11;`,
 * `b = 12;`) or elements of a local array no other section names (`h[0]`, `h[1]`).  Their one copy ends as the team of one leaves it; taking main's variables
 * for each thread's own must not make them one task. */
#include <stdio.h>

#define N 200
#define R 6
#define C 9

static double slow(double x)
{
    for (int r = 0; r < 2000; r++)
        x = x * 0.999999 + 1e-7;
    return x;
}

int main(void)
{
    double y[N], z[N], m[R][C], t;
    int a = 0, b = 0, h[2] = {0, 0};
#pragma omp for schedule(dynamic, 4)
    for (int i = 0; i < N; i++)
        y[i] = i * 0.5 + (slow(i) > 1e9);
#pragma omp for collapse(2)
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++)
            m[r][c] = r * C + c;
#pragma omp for nowait
    for (int i = 0; i < N; i++)
        z[i] = y[i] * 2;
#pragma omp for
    for (int i = 0; i < N; i++) {
        t = slow(i) + i;
        y[i] += t > 1e9 ? 1 : 0;
    }
#pragma omp sections
    {
#pragma omp section
        a = 11;
#pragma omp section
        b = 12;
#pragma omp section
        h[0] = 7;
#pragma omp section
        h[1] = h[1] + 2;
    }
    double s = 0;
    for (int i = 0; i < N; i++)
        s += y[i] * (i % 3 + 1) + z[i];
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++)
            s += m[r][c] * (c + 1);
    printf("%.1f %d %d %d %d\n", s, a, b, h[0], h[1]);
    return 0;
}
