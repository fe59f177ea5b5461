/* ported: ompss
   ported-werror
   function tasks whose VLA parameters are sized by parameters listed after them, written
   with GNU C's forward parameter declarations as C libraries do for `(a, n)` argument
   orders: a prototype `void addrows(int m; int n, double a[n][m], int m, double v)` under
   the pragma with its definition after main, a definition `rowsum(int m; const double
   a[][m], int r, int m, double *s)` whose dependence is a row `a[r][0;m]`, two forward
   declarations `int m; int n;` before a parameter sized by both, inline tasks over rows in
   a function declared that way, a task calling another; mcc said "expected ')' before ';'" */
#include <stdio.h>
#include <stdlib.h>

static void spin(void)
{
    volatile int k = 0;
    for (int i = 0; i < 20000; i++)
        k += i;
}

#pragma omp task inout(a[0;n][0;m])
void addrows(int m; int n, double a[n][m], int m, double v);

#pragma omp task in(a[r][0;m]) inout(*s)
void rowsum(int m; const double a[][m], int r, int m, double *s)
{
    spin();
    for (int j = 0; j < m; j++)
        *s += a[r][j] * (j + 1);
}

/* a task creating tasks: the rows of `a` summed into s[r] */
#pragma omp task in(a[0;n][0;m]) out(s[0;n])
void allrows(int m; int n; const double a[n][m], double s[n], int n, int m)
{
    for (int r = 0; r < n; r++) {
        s[r] = 0;
        rowsum(a, r, m, &s[r]);
    }
#pragma omp taskwait
}

static void halves(int m; int n, double a[n][m], int m)
{
    for (int i = 0; i < n; i++) {
#pragma omp task inout(a[i][0;m]) firstprivate(i)
        {
            spin();
            for (int j = 0; j < m; j++)
                a[i][j] = a[i][j] * 2 + i;
        }
        if (i > 0) {
#pragma omp task in(a[i - 1][0;m]) inout(a[i][0;m]) firstprivate(i)
            for (int j = 0; j < m; j++)
                a[i][j] -= a[i - 1][j] * 0.25;
        }
    }
#pragma omp taskwait
}

int main(void)
{
    int n = 5, m = 6;
    double (*a)[m] = malloc(sizeof(double[n][m]));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = i + j;
    double s = 0;
    addrows(n, a, m, 1.5);
    for (int r = 0; r < n; r++)
        rowsum(a, r, m, &s);
    addrows(n - 2, a + 1, m, 2);
    for (int r = 0; r < n; r++)
        rowsum(a, r, m, &s);
#pragma omp taskwait
    printf("rowsums %.2f\n", s);

    double rs[5];
    allrows(a, rs, n, m);
    addrows(n, a, m, -1);
#pragma omp taskwait
    for (int r = 0; r < n; r++)
        printf("row %d %.2f\n", r, rs[r]);

    halves(n, a, m);
    s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            s += a[i][j] * (i + j);
    printf("halves %.4f\n", s);
    free(a);
    return 0;
}

void addrows(int m; int n, double a[n][m], int m, double v)
{
    spin();
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] += v * (j + 1);
}
