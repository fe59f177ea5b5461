/* ported: openmp
 * ported-werror
 * Local typedefs of variably modified types used in tasks, a taskloop, a parallel for and
 * nested tasks after the variables their extents came from changed: `row *a` with
 * `typedef double row[n]`, a VLA declared through its typedef (shared and firstprivate),
 * `typedef int mat[n][m]`, a typedef of a pointer to VLA rows, a typedef of a typedef, the
 * typedef named inside the task.  mcc outlined such tasks as nested functions that needed
 * the enclosing frame's static chain: a trampoline, so the program needed an executable
 * stack and crashed where the stack is not executable.  Prints sums and sizes. */
#include <stdio.h>
#include <stdlib.h>

/* A pointer to rows of n doubles, a dependence on two rows; n changes first. */
static void row_pointer(int n, double *p)
{
    typedef double row[n];
    row *a = (row *)p;
    n = 1;                      /* row keeps its extent */
#pragma omp task depend(inout: a[0:2])
    {
        a[1][3] += 1;
        a[0][0] = (double)sizeof(row);
    }
#pragma omp task depend(inout: a[0:2])
    a[1][0] = a[1][3] + a[0][0];
#pragma omp taskwait
    printf("row_pointer: n=%d a[1][3]=%g a[0][0]=%g a[1][0]=%g\n", n, a[1][3], a[0][0], a[1][0]);
}

/* A VLA declared through its typedef: shared, then a firstprivate copy taken before the
 * creator changes the original. */
static void vla_by_typedef(int n)
{
    typedef long vec[n];
    vec v;
    int len = n;
    for (int i = 0; i < len; i++)
        v[i] = i + 1;
    n += 5;
    long sum = 0, copy_sum = 0;
#pragma omp task shared(v, sum)
    for (int i = 0; i < (int)(sizeof v / sizeof v[0]); i++)
        sum += v[i];
#pragma omp taskwait
#pragma omp task firstprivate(v) shared(copy_sum)
    copy_sum = v[0] + v[len - 1] + (long)(sizeof v / sizeof v[0]);
    v[0] = 100;                 /* after the copy was taken */
#pragma omp taskwait
    printf("vla_by_typedef: sum=%ld copy_sum=%ld v[0]=%ld\n", sum, copy_sum, v[0]);
}

/* A pointer to a 2-D VLA type, filled by a taskloop. */
static void matrix(int n, int m)
{
    typedef int mat[n][m];
    mat *mm = malloc(sizeof *mm);
    int rows = n, cols = m;
    n = m = 0;
#pragma omp taskloop grainsize(1)
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            (*mm)[i][j] = i * 10 + j + (int)(sizeof(mat) / sizeof(int));
    long s = 0;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            s += (*mm)[i][j];
    printf("matrix: s=%ld size=%zu\n", s, sizeof *mm);
    free(mm);
}

/* A typedef of a pointer to VLA rows and a typedef of a typedef (two rows). */
static void typedef_chain(int n)
{
    typedef double (*rowp)[n];
    typedef double row[n];
    typedef row pair[2];
    double buf[2 * 8] = {0};
    rowp p = (rowp)buf;
    pair *q = (pair *)buf;
    double out = 0;
    n = 2;
#pragma omp task depend(inout: buf)
    {
        p[1][0] = 5;
        (*q)[0][1] = 7;
    }
#pragma omp task depend(in: buf) shared(out)
    out = (double)(sizeof(pair) / sizeof(double)) + p[1][0] * 100 + (*q)[0][1] * 1000;
#pragma omp taskwait
    printf("typedef_chain: out=%g buf[1]=%g\n", out, buf[1]);
}

/* A parallel for over rows, the typedef named in the body. */
static void parallel_rows(int n)
{
    typedef double row[n];
    row *a = calloc(4, sizeof(row));
    int cols = n;
    n = -1;
#pragma omp parallel for
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < cols; j++)
            a[i][j] = i + j + (double)(sizeof(row) / sizeof(double));
    double s = 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < cols; j++)
            s += a[i][j];
    printf("parallel_rows: s=%g\n", s);
    free(a);
}

/* Tasks created by a task, each declaring a pointer of the typedef's type. */
static void nested_tasks(int n)
{
    typedef int vec[n];
    vec *v = calloc(3, sizeof(vec));
    int len = n;
    n = 0;
#pragma omp task
    {
        for (int k = 0; k < 3; k++) {
#pragma omp task firstprivate(k)
            {
                vec *w = v + k;
                for (size_t i = 0; i < sizeof *w / sizeof (*w)[0]; i++)
                    (*w)[i] = k + 1;
            }
        }
#pragma omp taskwait
    }
#pragma omp taskwait
    long s = 0;
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < len; i++)
            s += v[k][i];
    printf("nested_tasks: s=%ld\n", s);
    free(v);
}

int main(void)
{
    double d[8] = {0};
    row_pointer(4, d);
    vla_by_typedef(6);
    matrix(3, 5);
    typedef_chain(8);
    parallel_rows(5);
    nested_tasks(7);
    return 0;
}
