/* ported: openmp
   ported-werror
   reductions on elements of multi-dimensional arrays (OpenMP 5.0; gcc takes them): a
   histogram matrix `hist[b][c]` counted one bin per loop (`reduction(+: hist[2][3])`,
   the bin chosen by variables), a row's section `hist[r][0:NC]`, a 3-D element on a
   `taskloop`, `*` on `sections`, max on a `parallel` region whose `for` updates it,
   `task_reduction`/`in_reduction` tasks in a taskgroup, and through a pointer to rows
   (`double (*p)[4]`) and an array parameter `q[][4]` on orphaned `for` loops, whole rows
   after a section (`hist[1:2][:]` on `parallel for`, `cube[0:1][:]` on `taskloop`,
   `p[0:1][:]` through a pointer to rows); the other elements keep their values.  mcc said "sorry, unimplemented: this form of reduction" */
#include <stdio.h>

#define NB 4
#define NC 5

static double grid[3][4];

static void orphan_rows(double (*p)[4], double q[][4], int n)
{
    #pragma omp for reduction(+: p[1][3])
    for (int i = 0; i < n; i++)
        p[1][3] += i;
    #pragma omp for reduction(+: p[0:1][:])
    for (int i = 0; i < n; i++)
        p[0][i % 4] += 0.5;
    #pragma omp for reduction(max: q[2][0:2])
    for (int i = 0; i < n; i++) {
        if (i > q[2][0])
            q[2][0] = i;
        if (2 * i > q[2][1])
            q[2][1] = 2 * i;
    }
}

static long checksum(const long h[NB][NC])
{
    long sum = 0;
    for (int b = 0; b < NB; b++)
        for (int c = 0; c < NC; c++)
            sum = sum * 31 + h[b][c];
    return sum;
}

int main(void)
{
    long hist[NB][NC];
    for (int b = 0; b < NB; b++)
        for (int c = 0; c < NC; c++)
            hist[b][c] = b * 100 + c;
    int b = 1, c = 4;
    #pragma omp parallel for reduction(+: hist[2][3])
    for (int i = 0; i < 1000; i++)
        if (i % 3 == 0)
            hist[2][3]++;
    #pragma omp parallel for reduction(+: hist[b][c]) schedule(dynamic, 7)
    for (int i = 0; i < 1000; i++)
        if (i % 7 == 0)
            hist[b][c] += 2;
    int r = 3;
    #pragma omp parallel for reduction(+: hist[r][0:NC])
    for (int i = 0; i < 1000; i++)
        hist[r][i % NC] += i;
    #pragma omp parallel for reduction(+: hist[1:2][:])
    for (int i = 0; i < 500; i++) {
        hist[1 + i % 2][i % NC] += 1;
        hist[2][0] += i % 3;
    }
    printf("hist %ld %ld %ld checksum %ld\n", hist[2][3], hist[1][4], hist[3][2],
           checksum((const long (*)[NC])hist));

    long cube[2][3][4] = {{{0}}};
    #pragma omp parallel
    #pragma omp single
    #pragma omp taskloop reduction(+: cube[1][2][3]) grainsize(10)
    for (int i = 0; i < 100; i++)
        cube[1][2][3] += i;
    #pragma omp parallel
    #pragma omp single
    #pragma omp taskloop reduction(+: cube[0:1][:]) num_tasks(4)
    for (int i = 0; i < 60; i++)
        cube[0][i % 3][i % 4] += i;
    printf("taskloop %ld %ld %ld %ld\n", cube[1][2][3], cube[1][2][2], cube[0][1][1],
           cube[0][2][3]);

    double m[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    #pragma omp parallel sections reduction(*: m[2][0])
    {
        #pragma omp section
        m[2][0] *= 3;
        #pragma omp section
        m[2][0] *= 5;
    }
    #pragma omp parallel reduction(max: m[0][2])
    {
        #pragma omp for
        for (int i = 0; i < 100; i++)
            if (i % 37 > m[0][2])
                m[0][2] = i % 37;
    }
    printf("sections %g region %g others %g %g\n", m[2][0], m[0][2], m[2][1], m[0][1]);

    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskgroup task_reduction(+: hist[0][1])
        {
            for (int k = 0; k < 20; k++) {
                #pragma omp task in_reduction(+: hist[0][1]) firstprivate(k)
                hist[0][1] += k;
            }
        }
    }
    printf("taskgroup %ld %ld\n", hist[0][1], hist[0][2]);

    #pragma omp parallel
    orphan_rows(grid, grid, 50);
    printf("rows %g %g %g %g %g %g\n", grid[1][3], grid[2][0], grid[2][1], grid[2][2],
           grid[0][1], grid[0][3]);
    return 0;
}
