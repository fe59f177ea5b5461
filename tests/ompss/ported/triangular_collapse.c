/* ported: openmp
 * ported-werror
 * Triangular and other non-rectangular loop nests under collapse (OpenMP 5.0), as n-body
 * pair loops, symmetric matrices and LU write them: `for (i = 0; i < n; i++) for (j = i + 1;
 * j < n; j++)` on `parallel for collapse(2) reduction(+: ...)`, `j <= i` on `taskloop
 * collapse(2) grainsize(1)` and `num_tasks(5)`, a band `j < i + 3` clipped by
 * `if`s and rows with no iteration, a descending inner loop `j = n - 1; j >= 2 * i; j -= 2`,
 * three loops, `k` from `2 * j` down to `j` (collapse(3)), in a region's `for nowait`,
 * loop variables declared before the loops (C89 style), a nest inside a task whose inner
 * bound `c < 2 * r - N` leaves the first rows empty; every iteration
 * writes its own element, so a missing or repeated one shows.  mcc said "sorry,
 * unimplemented: collapse of a loop whose bounds depend on an outer loop's variable". */
#include <stdio.h>
#include <stdlib.h>

#define N 37

struct body {
    double x, y, m;
};

static long grid_sum(int n, int (*g)[n])
{
    long s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            s += (long)g[i][j] * (i + 1) * (2 * j + 3);
    return s;
}

static void clear(int n, int (*g)[n])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            g[i][j] = 0;
}

int main(void)
{
    static struct body b[N];
    int (*g)[N] = malloc(sizeof(int[N][N]));
    for (int i = 0; i < N; i++) {
        b[i].x = (i * 7) % 11;
        b[i].y = (i * 5) % 13;
        b[i].m = 1 + i % 3;
    }
    /* pair energies: j after i */
    double e = 0.0;
    clear(N, g);
#pragma omp parallel for collapse(2) reduction(+: e)
    for (int i = 0; i < N; i++)
        for (int j = i + 1; j < N; j++) {
            double dx = b[i].x - b[j].x, dy = b[i].y - b[j].y;
            e += b[i].m * b[j].m * (dx * dx + dy * dy);
            g[i][j] += 1;
        }
    printf("pairs %.1f %ld\n", e, grid_sum(N, g));

    /* lower triangle with the diagonal, one iteration per task, then five tasks */
    long lower = 0;
    clear(N, g);
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskloop collapse(2) grainsize(1) reduction(+: lower)
        for (int i = 0; i < N; i++)
            for (int j = 0; j <= i; j++) {
                lower += i * 100 + j;
                g[i][j] += 2;
            }
#pragma omp taskloop collapse(2) num_tasks(5)
        for (int i = 1; i < N; i += 2)
            for (int j = i; j >= 0; j--)
                g[i][j] += 3;
    }
    printf("lower %ld %ld\n", lower, grid_sum(N, g));

    /* a band clipped at both ends; rows whose range is empty */
    clear(N, g);
#pragma omp parallel for collapse(2)
    for (int i = 0; i < N; i++)
        for (int j = 0; j < i + 3; j++)
            if (j >= i - 2 && j < N)
                g[i][j] += 5;
#pragma omp parallel for collapse(2)
    for (int i = 0; i < N; i++)
        for (int j = 0; j < i - 30; j++)
            g[i][j] += 7;
    printf("band %ld\n", grid_sum(N, g));

    /* descending inner loop with a step of 2, C89-style variables */
    int i, j, k;
    clear(N, g);
#pragma omp parallel for collapse(2) private(i, j)
    for (i = 0; i < N; i++)
        for (j = N - 1; j >= 2 * i; j -= 2)
            g[i][j] += i + j;
    printf("down %ld\n", grid_sum(N, g));

    /* three loops, k between i and j, in a region's for; and a nest inside a task */
    long tri3 = 0;
    clear(N, g);
#pragma omp parallel
    {
#pragma omp for collapse(3) reduction(+: tri3) nowait
        for (i = 0; i < 12; i++)
            for (j = i; j < 12; j++)
                for (k = 2 * j; k >= j; k--)
                    tri3 += (i + 1) * (j + 2) * (k + 3);
#pragma omp single
#pragma omp task shared(g)
        {
#pragma omp taskloop collapse(2) grainsize(7)
            for (int r = 3; r < N; r++)
                for (int c = r - 3; c < 2 * r - N; c++)
                    g[r][c] += 11;
        }
    }
    printf("tri3 %ld nested %ld\n", tri3, grid_sum(N, g));
    free(g);
    return 0;
}
