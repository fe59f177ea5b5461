/* ported: openmp
 * ported-werror
 * Variable length arrays, pointers to VLA rows and VLA parameters used in tasks, loop
 * tasks and nested tasks after the variables their sizes were computed from have
 * changed: the task sees the type as declared: mcc computed the bounds again in the
 * task, from the variables' values at task creation, and called a bound's function
 * again.  Prints sizes, element reads and checksums. */
#include <stdio.h>

static int calls;

static int count_calls(int n)
{
    calls++;
    return n;
}

/* A parameter declared as a 2-D VLA: a pointer to rows of n doubles. */
static void param_rows(int n, double a[n][n])
{
    int rows = n;
    n = 1;                      /* the type of a does not change */
    long size = 0;
    double x = 0;
#pragma omp task shared(size, x)
    {
        size = (long)sizeof(a[0]);
        for (int i = 0; i < rows; i++)
            x += a[i][i];
    }
#pragma omp taskwait
    printf("param: %ld %g\n", size, x);
}

static void one_dim(void)
{
    long r = 0, fp = 0, pv = 0, sum = 0;
    int n = 5;
    int v[n];
    for (int i = 0; i < 5; i++)
        v[i] = i + 1;
    n = 100;
#pragma omp task shared(r, v)
    r = (long)sizeof(v);
#pragma omp task firstprivate(v) shared(fp, sum)
    {
        fp = (long)sizeof(v);
        for (int i = 0; i < 5; i++)
            sum += v[i];
    }
#pragma omp task private(v) shared(pv)
    pv = (long)sizeof(v);
#pragma omp taskwait
    printf("1-d: %ld %ld %ld %ld %d\n", r, fp, pv, sum, v[4]);
}

static void two_dim(void)
{
    int n = 3, m = 4;
    double a[n][m];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            a[i][j] = 10 * i + j;
    double (*p)[m] = a;
    n = 7;
    m = 9;
    long s0 = 0, s1 = 0, s2 = 0;
    double x = 0, y = 0;
#pragma omp task shared(a, s0, s1, x)
    {
        s0 = (long)sizeof(a);
        s1 = (long)sizeof(a[0]);
        x = a[2][3] + a[1][0];
    }
#pragma omp task firstprivate(p) shared(s2, y)
    {
        s2 = (long)sizeof(*p);
        y = p[2][1];
    }
#pragma omp task shared(p)
    p += 1;                     /* the creator's p: one row further */
#pragma omp taskwait
    printf("2-d: %ld %ld %ld %g %g %g\n", s0, s1, s2, x, y, p[1][2]);
    int k = 3;
    double sq[k][k];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            sq[i][j] = i + 0.5 * j;
    k = 5;
    param_rows(3, sq);
}

static void side_effect_bound(void)
{
    long r = 0;
    double t[count_calls(3)];
    t[2] = 1.5;
#pragma omp task shared(r, t)
    r = (long)sizeof(t) + (long)t[2];
#pragma omp taskwait
    printf("call: %ld calls=%d\n", r, calls);
}

static void nested_and_loops(void)
{
    int n = 6;
    int v[n];
    for (int i = 0; i < 6; i++)
        v[i] = i;
    n = 2;
    long inner = 0;
    int sum = 0, lsum = 0;
#pragma omp task shared(inner, v)
    {
#pragma omp task shared(inner, v)
        inner = (long)sizeof(v) + v[5];
#pragma omp taskwait
    }
#pragma omp taskwait
#pragma omp parallel for reduction(+: sum)
    for (int i = 0; i < 6; i++)
        sum += v[i] + (int)(sizeof(v) / sizeof(v[0]));
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+: lsum) firstprivate(v)
    for (int i = 0; i < 6; i++)
        lsum += v[i] * (int)(sizeof(v) / sizeof(v[0]));
    printf("nested: %ld loops: %d %d\n", inner, sum, lsum);
}

/* A VLA and a pointer to VLA rows named only in a task's depend clause: the task's copy
 * of them is unused (mcc's declaration of it made gcc warn under -Wall). */
static void depend_only(void)
{
    int n = 4, x = 0;
    double a[n], rows[2][n];
    double (*m)[n] = rows;
    a[0] = 1;
    m[1][2] = 2;
#pragma omp task depend(out: a[0:n]) shared(a)
    a[1] = 3;
#pragma omp task depend(in: a[0:n]) depend(in: m[1][0:n]) shared(x, a, rows)
    x = (int)(a[1] + rows[1][2]);
#pragma omp taskwait
    printf("depend only: %d\n", x);
}

int main(void)
{
    depend_only();
    one_dim();
    two_dim();
    side_effect_bound();
    nested_and_loops();
    return 0;
}
