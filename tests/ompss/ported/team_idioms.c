/* ported: openmp
 * ported-werror ported-workers: 2 4
 * Team idioms of BOTS-like OpenMP codes: loop variables declared before the loop (C89
 * style) under for, parallel for and taskloop, in functions called from a parallel
 * region and with none (orphaned for); a parallel for inside a task and inside another
 * parallel for (a new team each time); a for nowait followed by a for on other data.
 * Built with -Werror: the translated program must be as warning-free as the source. */
#include <stdio.h>

#define N 48
#define B 6

static double m[N][B];
static long rows[N];

/* orphaned: binds to the team of whoever calls it */
static void init_rows(int base)
{
    int i, j;
#pragma omp for collapse(2)
    for (i = 0; i < N; i++)
        for (j = 0; j < B; j++)
            m[i][j] = base + i - j;
}

static void scale_row(int i, double f)
{
    int j;
#pragma omp parallel for
    for (j = 0; j < B; j++)
        m[i][j] *= f;
}

static long sum_rows(void)
{
    long s = 0;
    int i;
    for (i = 0; i < N; i++)
        s += rows[i];
    return s;
}

int main(void)
{
    int i, k;
    long total = 0, tl = 0;
    int a[N], b[N];

#pragma omp parallel
    init_rows(1);
    for (i = 0; i < N; i++)
        total += (long)m[i][B - 1];
    init_rows(2);                        /* no region: the loop runs in this task */
    for (i = 0; i < N; i++)
        total += (long)m[i][0];

#pragma omp parallel
#pragma omp single
    for (k = 0; k < N; k += 8) {
#pragma omp task firstprivate(k)
        scale_row(k, 2.0);
#pragma omp task firstprivate(k)
        {
            int j;
#pragma omp parallel for
            for (j = 0; j < B; j++)
                m[k + 1][j] += 1;
        }
    }

#pragma omp parallel for private(k)
    for (i = 0; i < N / 8; i++) {
#pragma omp parallel for
        for (k = 0; k < 8; k++)
            rows[8 * i + k] = (long)(m[8 * i + k][1] * 3);
    }

#pragma omp parallel
    {
#pragma omp for schedule(static) nowait
        for (i = 0; i < N; i++)
            a[i] = i * i;
#pragma omp for schedule(static)
        for (i = 0; i < N; i++)
            b[i] = 2 * i;
#pragma omp for reduction(+: tl)
        for (i = 0; i < N; i++)
            tl += a[i] + b[i];
    }

#pragma omp parallel
#pragma omp single
    {
        long s = 0;
#pragma omp taskloop reduction(+: s)
        for (i = 0; i < N; i++)
            s += a[i] - b[i];
        total += s;
    }
    printf("total %ld rows %ld loops %ld\n", total, sum_rows(), tl);
    return 0;
}
