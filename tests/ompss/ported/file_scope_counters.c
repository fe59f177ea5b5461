/* ported: openmp
 * ported-werror
 * Loop counters declared at file scope, as C translated from Fortran declares them
 * (`static int i, j, k;` at the top of a benchmark's file): used only by `parallel for`
 * loops (one with collapse(2)), an orphaned `for` a region calls, a `taskloop` and a
 * `lastprivate(m)` loop.  Each loop's tasks count with their own copy, so the file's
 * variables were unused in mcc's translation and gcc warned "'i' defined but not used"
 * (an error under -Werror), which neither gcc nor gcc -fopenmp says of the program. */
#include <stdio.h>

#define NX 120
#define NY 40

static int i, j;
static int k;
static int t;
static long m;
static double u[NX][NY], rhs[NX][NY];

static void add_rhs(void)
{
#pragma omp for collapse(2)
    for (i = 1; i < NX - 1; i++)
        for (j = 1; j < NY - 1; j++)
            u[i][j] += 0.25 * rhs[i][j];
}

int main(void)
{
#pragma omp parallel for private(j)
    for (i = 0; i < NX; i++)
        for (j = 0; j < NY; j++) {
            u[i][j] = (double)((i * 7 + j * 3) % 11);
            rhs[i][j] = (double)((i + 2 * j) % 5);
        }
    for (int step = 0; step < 3; step++) {
#pragma omp parallel
        add_rhs();
    }
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(16)
    for (k = 0; k < NX; k++)
        u[k][0] += 1.0;
    double sum = 0.0;
#pragma omp parallel for reduction(+: sum)
    for (t = 0; t < NX * NY; t++)
        sum += u[t / NY][t % NY];
#pragma omp parallel for lastprivate(m)
    for (m = 0; m < NX; m += 7)
        u[m][NY - 1] = (double)m;
    printf("sum %.2f last m %ld u %.1f %.1f\n", sum, m, u[NX - 2][NY - 1], u[5][5]);
    return 0;
}
