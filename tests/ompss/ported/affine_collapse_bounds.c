/* ported: openmp
 * ported-werror
 * The spellings of an affine inner bound that OpenMP 5.0 (and gcc -fopenmp) take in a
 * collapsed nest, beside the plain `j < i + 1`: `a2 - i` (`N - (i)`, `13 - i`), a cast
 * `(long)i`, constants folded before the variable (`3 + 4 + i`, `2 * 3 * i`), a negative
 * multiplier either side (`-1 * i + 20`, `i * (-1) + 20`), a multiplier that is a variable
 * (`m * i + m`), both bounds moving with a step that divides their change (`j = 3 * i; j
 * < 5 * i + 3; j += 2`), on `parallel for`, `taskloop` and `for simd`.  mcc now checks
 * these forms (it refuses the others, tests/ompss/diag/collapse_bound_*); every iteration
 * writes its own element, so a missing or repeated one shows. */
#include <stdio.h>
#include <string.h>

#define N 12
#define W 64

static int g[N][W];

static long grid_sum(void)
{
    long s = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < W; j++)
            s += (long)g[i][j] * (i + 1) * (2 * j + 3);
    memset(g, 0, sizeof g);
    return s;
}

int main(void)
{
    int m = 3;
#pragma omp parallel for collapse(2)
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N - (i); j++)
            g[i][j] += 1;
    printf("a2 - i: %ld\n", grid_sum());
#pragma omp parallel for collapse(2)
    for (int i = 0; i < N; i++)
        for (int j = 0; j < 13 - i; j++)
            g[i][j] += 2;
    printf("13 - i: %ld\n", grid_sum());
#pragma omp parallel for collapse(2)
    for (int i = 0; i < N; i++)
        for (int j = (long)i; j < N; j++)
            g[i][j] += 3;
    printf("cast: %ld\n", grid_sum());
#pragma omp parallel for collapse(2)
    for (int i = 0; i < N; i++)
        for (int j = 0; j < 3 + 4 + i; j++)
            g[i][j] += 4;
    printf("folded sum: %ld\n", grid_sum());
#pragma omp parallel for collapse(2)
    for (int i = 0; i < N; i++)
        for (int j = 2 * 3 * i; j < W; j += 3)
            g[i][j] += 5;
    printf("folded product: %ld\n", grid_sum());
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskloop collapse(2) grainsize(3)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < -1 * i + 20; j++)
                g[i][j] += 6;
#pragma omp taskloop collapse(2) num_tasks(4)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < i * (-1) + 20; j++)
                g[i][j] += 7;
    }
    printf("negative: %ld\n", grid_sum());
#pragma omp parallel for simd collapse(2)
    for (int i = 0; i < N; i++)
        for (int j = m; j < m * i + m; j++)
            if (j < W)
                g[i][j] += 8;
    printf("variable multiplier: %ld\n", grid_sum());
#pragma omp parallel for collapse(2)
    for (int i = 0; i < N; i++)
        for (int j = 3 * i; j < 5 * i + 3; j += 2)
            if (j < W)
                g[i][j] += 9;
    printf("both bounds: %ld\n", grid_sum());
    return 0;
}
