/* ported: openmp
   ported-werror
   a heat stencil with taskloop: `taskloop grainsize(g)` over rows each step, a
   `taskloop nogroup` inside a `taskgroup` for the residual pass, num_tasks, collapse(2),
   a reduction on the taskloop for the residual, global 2-D arrays swapped by pointers */
#include <stdio.h>
#include <string.h>

#define N 130

static double grid_a[N][N], grid_b[N][N];

static void init(double (*g)[N])
{
    memset(g, 0, sizeof(double) * N * N);
    for (int i = 0; i < N; i++) {
        g[0][i] = 100.0;
        g[i][0] = 50.0 * i / (N - 1);
    }
}

static void step(double (*restrict src)[N], double (*restrict dst)[N], int grain)
{
    #pragma omp taskloop grainsize(grain)
    for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < N - 1; j++)
            dst[i][j] = 0.25 * (src[i - 1][j] + src[i + 1][j] + src[i][j - 1] + src[i][j + 1]);
}

int main(void)
{
    double (*src)[N] = grid_a, (*dst)[N] = grid_b;
    double resid = 0, total = 0;
    long changed[4] = {0, 0, 0, 0};
    init(grid_a);
    init(grid_b);
    #pragma omp parallel
    #pragma omp single
    {
        for (int s = 0; s < 200; s++) {
            step(src, dst, 1 + s % 17);
            double (*t)[N] = src;
            src = dst;
            dst = t;
        }
        #pragma omp taskloop reduction(+: resid) num_tasks(7)
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++) {
                double r = src[i - 1][j] + src[i + 1][j] + src[i][j - 1] + src[i][j + 1] -
                           4 * src[i][j];
                resid += r * r;
            }
        #pragma omp taskgroup task_reduction(+: total)
        {
            #pragma omp taskloop nogroup grainsize(8) collapse(2)
            for (int i = 0; i < N; i++)
                for (int j = 0; j < N; j++)
                    if (src[i][j] != dst[i][j]) {
                        #pragma omp atomic
                        changed[(i + j) % 4]++;
                    }
            #pragma omp taskloop nogroup num_tasks(5) in_reduction(+: total)
            for (int i = 0; i < N; i++)
                for (int j = 0; j < N; j++)
                    total += src[i][j];
        }
    }
    printf("resid %.6e total %.6f changed %ld %ld %ld %ld\n", resid, total, changed[0],
           changed[1], changed[2], changed[3]);
    printf("center %.9f\n", src[N / 2][N / 2]);
    return 0;
}
