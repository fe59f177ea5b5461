/* ported: openmp
 * ported-werror
 * Reductions over sections of 2-D and 3-D arrays written with a section in every dimension,
 * as contiguous storage (OpenMP asks for it, gcc checks it): whole rows `m[1:3][0:C]`,
 * `m[r0:nr][0:]` with the length left out, part of one row `m[2:1][1:3]`, one element
 * after a section `m[3:1][4]`, planes
 * `c[1:2][0:3][0:4]`, part of one plane `c[2:1][1:2][0:4]`, on `parallel for`, a `for` in a
 * region, `taskloop`, `taskgroup task_reduction` with `in_reduction` tasks; max over part of
 * a row.  The elements around a part of a row keep their values, here -0.0, which adding a
 * 0.0 would turn into 0.0 (printed "-0" and "0").  mcc said "sorry, unimplemented: a
 * reduction over 'm[1:3][0:6]', a section of more than one dimension" (and "a subscript
 * after a section" for m[3:1][4]). */
#include <stdio.h>

#define R 5
#define C 6

static void show(const char *what, double m[R][C])
{
    printf("%s:", what);
    for (int i = 0; i < R; i++) {
        printf(" |");
        for (int j = 0; j < C; j++)
            printf(" %g", m[i][j]);
    }
    printf("\n");
}

static void clear(double m[R][C])
{
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            m[i][j] = -0.0;
}

int main(void)
{
    double m[R][C];
    double c[3][3][4];
    long mx[R][C];
    int r0 = 2, nr = 2;

    clear(m);
#pragma omp parallel for reduction(+: m[1:3][0:C])
    for (int k = 0; k < 60; k++)
        for (int i = 1; i < 4; i++)
            for (int j = 0; j < C; j++)
                m[i][j] += k % 7 + i * j;
    show("for", m);

    clear(m);
#pragma omp parallel
    {
#pragma omp for reduction(+: m[r0:nr][0:])
        for (int k = 0; k < 40; k++)
            for (int i = r0; i < r0 + nr; i++)
                for (int j = 0; j < C; j++)
                    m[i][j] += 1.0 + (k & 1) + j;
    }
    show("region for", m);

    clear(m);
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+: m[2:1][1:3]) grainsize(3)
    for (int k = 0; k < 30; k++)
        for (int j = 1; j < 4; j++)
            m[2][j] += k * j;
    show("taskloop", m);

    clear(m);
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+: m[1:1][2:3])
    for (int t = 0; t < 12; t++) {
#pragma omp task in_reduction(+: m[1:1][2:3]) firstprivate(t)
        m[1][2 + t % 3] += t;
    }
    show("tasks", m);

    /* a subscript after a section of one row: the element m[3][4], contiguous */
    clear(m);
#pragma omp parallel for reduction(+: m[3:1][4])
    for (int k = 0; k < 25; k++)
        m[3][4] += k;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+: m[1:1][0]) num_tasks(4)
    for (int k = 0; k < 25; k++)
        m[1][0] += 2 * k;
    show("subscript", m);

    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 4; k++)
                c[i][j][k] = -0.0;
#pragma omp parallel for reduction(+: c[1:2][0:3][0:4])
    for (int k = 0; k < 24; k++)
        c[1 + k / 12][k / 4 % 3][k % 4] += k;
#pragma omp parallel for reduction(+: c[2:1][1:2][0:4])
    for (int k = 0; k < 24; k++)
        c[2][1 + k / 4 % 2][k % 4] += 0.25 * k;
    printf("cube:");
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 4; k++)
                printf(" %g", c[i][j][k]);
    printf("\n");

    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            mx[i][j] = 100 + i * C + j;
#pragma omp parallel for reduction(max: mx[3:1][1:4])
    for (int k = 0; k < 50; k++)
        for (int j = 1; j < 5; j++)
            if ((k * 7 + j) % 50 + 100 > mx[3][j])
                mx[3][j] = (k * 7 + j) % 50 + 100;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            printf("%ld%c", mx[i][j], j == C - 1 ? '\n' : ' ');
    return 0;
}
