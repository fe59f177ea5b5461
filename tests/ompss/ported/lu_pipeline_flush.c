/* ported: openmp
 * NPB LU's pipelined sweeps: each thread waits for its left neighbour's flag (spin-waits
 * with flush) before its share of a `for nowait` over the columns of one plane, then
 * raises its own; once in the region's code and once in orphaned helpers (blts). */
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_num_threads(void) { return 1; }
#endif

#define N 96
#define MAXT 64

static double v[N][N], u[N][N];
static int isync[MAXT];

static void sync_left(int iam)
{
    if (iam > 0) {
        int neigh = iam - 1;
        while (isync[neigh] == 0) {
#pragma omp flush(isync)
        }
        isync[neigh] = 0;
#pragma omp flush(isync)
    }
}

static void sync_right(int iam, int nth)
{
    if (iam < nth - 1) {
        while (isync[iam] == 1) {
#pragma omp flush(isync)
        }
        isync[iam] = 1;
#pragma omp flush(isync)
    }
}

/* one plane of the lower sweep: column j needs column j - 1 of the same plane */
static void blts(int i, int iam, int nth)
{
    sync_left(iam);
#pragma omp for schedule(static) nowait
    for (int j = 1; j < N; j++) {
        double s = 0.0;
        for (int k = 0; k < 200; k++)
            s += 1e-6 * (k % 3);
        u[i][j] = 0.25 * (u[i - 1][j] + u[i][j - 1]) + 0.5 * u[i - 1][j - 1] + s + 0.001 * j;
    }
    sync_right(iam, nth);
}

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            v[i][j] = u[i][j] = (i == 0 || j == 0) ? 1.0 : 0.0;
#pragma omp parallel
    {
        int iam = omp_get_thread_num(), nth = omp_get_num_threads();
        for (int i = 1; i < N; i++) {
            sync_left(iam);
#pragma omp for schedule(static) nowait
            for (int j = 1; j < N; j++)
                v[i][j] = 0.5 * (v[i - 1][j] + v[i][j - 1]) + 0.001 * j;
            sync_right(iam, nth);
        }
    }
#pragma omp parallel
    {
        int iam = omp_get_thread_num(), nth = omp_get_num_threads();
        for (int i = 1; i < N; i++)
            blts(i, iam, nth);
    }
    double sv = 0.0, su = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            sv += v[i][j] * (1 + (i + j) % 5);
            su += u[i][j] * (1 + (i * j) % 7);
        }
    printf("%.9f %.9f\n", sv, su);
    return 0;
}
