/* ported: ompss
   ported-werror
   dependences with an omitted upper bound on parameters declared as arrays, as OmpSs code
   writes them to mean "to the end of the array": `inout(a[2:])` and `in(a[:])` of `double
   a[N]`, `inout(b[:][1:2])` of a VLA parameter `double b[n][4]`, `in(c[1:])` of a
   parameter of an array typedef, in function tasks and in inline tasks of a function
   with such parameters; mcc said "array section of pointer 'a' needs an upper bound or a
   length" although the parameter gives the extent (as a dependence on `a` alone takes it) */
#include <stdio.h>

#define N 12
typedef double vec_t[8];

static void spin(void)
{
    volatile int k = 0;
    for (int i = 0; i < 20000; i++)
        k += i;
}

#pragma omp task inout(a[2:])
void tail_scale(double a[N], double f)
{
    spin();
    for (int i = 2; i < N; i++)
        a[i] *= f;
}

#pragma omp task in(a[:]) inout(*s)
void sum_all(const double a[N], double *s)
{
    for (int i = 0; i < N; i++)
        *s += a[i] * (i + 1);
}

#pragma omp task inout(b[:][1:2])
void middle_cols(int n, double b[n][4])
{
    spin();
    for (int i = 0; i < n; i++)
        for (int j = 1; j <= 2; j++)
            b[i][j] = b[i][j] * 3 + i;
}

#pragma omp task in(b[0;n][0;4]) inout(*s)
void sum_rows(int n, double b[n][4], double *s)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 4; j++)
            *s += b[i][j] * (i + j + 1);
}

#pragma omp task in(c[1:]) inout(*s)
void sum_vec(vec_t c, double *s)
{
    for (int i = 1; i < 8; i++)
        *s += c[i] * i;
}

static void steps(double a[N], vec_t c)
{
    for (int k = 0; k < 3; k++) {
#pragma omp task inout(a[k:]) firstprivate(k)
        {
            spin();
            for (int i = k; i < N; i++)
                a[i] += k + 1;
        }
#pragma omp task inout(c[:]) in(a[N - 1])
        for (int i = 0; i < 8; i++)
            c[i] += a[N - 1] * 0.5;
    }
#pragma omp taskwait
}

int main(void)
{
    double a[N], b[5][4], s = 0;
    vec_t c;
    for (int i = 0; i < N; i++)
        a[i] = i;
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 4; j++)
            b[i][j] = i - j;
    for (int i = 0; i < 8; i++)
        c[i] = i * 0.25;
    tail_scale(a, 2);
    sum_all(a, &s);
    tail_scale(a, 0.5);
    sum_all(a, &s);
    middle_cols(5, b);
    sum_rows(5, b, &s);
    middle_cols(3, b + 1);
    sum_rows(5, b, &s);
#pragma omp taskwait
    printf("sums %.3f\n", s);
    steps(a, c);
    s = 0;
    sum_all(a, &s);
    sum_vec(c, &s);
#pragma omp taskwait
    printf("steps %.3f\n", s);
    return 0;
}
