/* ported: ompss
   ported-werror
   `taskwait on(a)` in functions whose parameter `a` is declared as an array (`double
   a[N]`, a `vec3 v` of `typedef double vec3[3]`) after function tasks writing it through
   `out(dst)` and `out([3]w)`: the wait is on the array, as a dependence on it is, and the
   reads after it see the slow writers' values.  mcc warned that the wait was on the
   pointer alone (an error under -Werror), while it waited for the array. */
#include <stdio.h>
#include <unistd.h>

#define N 6
typedef double vec3[3];

#pragma omp task out(dst)
void fill(double dst[N], double v)
{
    usleep(20000);
    for (int i = 0; i < N; i++)
        dst[i] = v + i;
}

#pragma omp task out([3]w)
void make(double *w, int i)
{
    usleep(10000);
    w[0] = i;
    w[1] = i * i;
    w[2] = -i;
}

static double first_and_last(double a[N], double v)
{
    fill(a, v);
#pragma omp taskwait on(a)
    return a[0] + a[N - 1];
}

static double norm1(vec3 v, int i)
{
    make(v, i);
#pragma omp taskwait on(v)
    double s = v[0] - v[2] + v[1];
#pragma omp taskwait
    return s;
}

int main(void)
{
    double a[N];
    vec3 vs[4];
    double s = first_and_last(a, 2.5);
    for (int i = 0; i < 4; i++)
        s += norm1(vs[i], i + 1);
#pragma omp taskwait
    printf("%.2f\n", s);
    return 0;
}
