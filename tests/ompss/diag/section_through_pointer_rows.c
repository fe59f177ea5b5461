/* A dependence of two sections on a pointer to pointers (`a[0;n][0;m]` of `double **a`,
 * the rows of a matrix allocated row by row): the rows are not one region.  mcc took it
 * for a 2-D array laid out from `a` itself, the pointers' storage, its inner extent
 * sizeof(double *) / sizeof(double) (gcc warned of that division in the spawn function),
 * so the task was ordered with none of the tasks that wrote the rows, and read them
 * half-written.  A multidependence, `in({a[i][0;m], i = 0;n})`, gives each row. */
#include <stdlib.h>

#pragma omp task inout(a[r][0;m])
void scale_row(double **a, int r, int m)
{
    for (int j = 0; j < m; j++)
        a[r][j] *= 2;
}

#pragma omp task in(a[0;n][0;m]) inout(*s)
void sum_all(double **a, int n, int m, double *s)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            *s += a[i][j];
}

int main(void)
{
    int n = 4, m = 3;
    double **a = malloc(n * sizeof *a), s = 0;
    for (int i = 0; i < n; i++) {
        a[i] = malloc(m * sizeof **a);
        for (int j = 0; j < m; j++)
            a[i][j] = 1;
    }
    for (int r = 0; r < n; r++)
        scale_row(a, r, m);
    sum_all(a, n, m, &s);
#pragma omp taskwait
    for (int i = 0; i < n; i++)
        free(a[i]);
    free(a);
    return s == 24 ? 0 : 1;
}
