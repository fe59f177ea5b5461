/* A dependence that names a parameter declared as an array (`out(a)` of `double a[N]`,
 * `in(m)` of `float m[B][B]`, `inout(v)` of `int v[n]`) is on the array the parameter
 * points to, its first dimension's elements, as in Mercurium: the writer, slow, runs
 * before its readers.  (It was on the parameter's own pointer in the spawn function: no
 * task waited for another.) */
#include "ompss_check.h"

#define N 16
#define B 4

#pragma omp task out(a)
void fill(double a[N], double v);
void fill(double a[N], double v)
{
    delay(SLOW);
    for (int i = 0; i < N; i++)
        a[i] = v + i;
}

#pragma omp task in(a) out(*sum)
void total(double a[N], double *sum);
void total(double a[N], double *sum)
{
    *sum = 0;
    for (int i = 0; i < N; i++)
        *sum += a[i];
}

#pragma omp task inout(m)
void scale(float m[B][B], float k);
void scale(float m[B][B], float k)
{
    delay(SLOW / 2);
    for (int i = 0; i < B; i++)
        for (int j = 0; j < B; j++)
            m[i][j] *= k;
}

#pragma omp task inout(v)
void bump(int n, int v[n]);
void bump(int n, int v[n])
{
    delay(SLOW / 4);
    for (int i = 0; i < n; i++)
        v[i] = v[i] * 2 + 1;
}

/* an inline task on a parameter declared as an array: the pointer is the task's own, so
 * it may outlive the call */
static void add_one(double a[N])
{
#pragma omp task inout(a)
    {
        delay(SLOW / 4);
        for (int i = 0; i < N; i++)
            a[i] += 1;
    }
}

int main(void)
{
    static double a[N];
    static float m[B][B];
    static int v[N];
    double s1 = 0, s2 = 0;
    for (int i = 0; i < B; i++)
        for (int j = 0; j < B; j++)
            m[i][j] = 1;
    fill(a, 10);
    total(a, &s1);
    add_one(a);
    total(a, &s2);
    scale(m, 2);
    scale(m, 3);
    bump(N, v);
    bump(N, v);
#pragma omp taskwait
    double want = 0;
    for (int i = 0; i < N; i++)
        want += 10 + i;
    CHECK(s1 == want, "sum after fill = %g, expected %g", s1, want);
    CHECK(s2 == want + N, "sum after add_one = %g, expected %g", s2, want + N);
    for (int i = 0; i < B; i++)
        for (int j = 0; j < B; j++)
            CHECK(m[i][j] == 6, "m[%d][%d] = %g, expected 6", i, j, m[i][j]);
    for (int i = 0; i < N; i++)
        CHECK(v[i] == 3, "v[%d] = %d, expected 3", i, v[i]);
    return result_ok();
}
