/* Variably modified types: a VLA named in a dependence of an inline task (shared through a pointer to
 * the whole array, redeclared with the task's copy of n), a pointer to a VLA row
 * (firstprivate) and a function task with a VM array parameter and a 2-D section. */
#include "ompss_check.h"

#pragma omp task inout(m[0;n][0;n])
void scale(int n, double m[n][n], double k)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            m[i][j] *= k;
}

int main(void)
{
    int n = 5;
    double a[n][n];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            a[i][j] = 1;
    scale(n, a, 2.0);
#pragma omp task inout(a[1][0;n])
    {
        delay(100);
        for (int j = 0; j < n; j++)
            a[1][j] += (double)sizeof a / sizeof a[0][0];
    }
    double (*row)[n] = &a[2];
#pragma omp task inout(*row)
    (*row)[3] = -1;
    scale(n, a, 10.0);
#pragma omp taskwait
    CHECK(a[0][0] == 20, "a[0][0] = %g", a[0][0]);
    CHECK(a[1][4] == (2 + 25) * 10, "a[1][4] = %g", a[1][4]);
    CHECK(a[2][3] == -10, "a[2][3] = %g", a[2][3]);
    return 0;
}
