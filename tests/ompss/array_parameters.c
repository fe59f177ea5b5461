/* A parameter declared with an array type is a pointer (C11 6.7.6.3p7): an inline task that
 * captures it (firstprivate) copies the pointer, not array data, for `int q[3]`,
 * `float *m[]`, a VLA parameter `double a[n]`, `float a[N][N]` and a typedef'd array
 * `coor c`; function tasks take such parameters in their argument blocks the same way. */
#include "ompss_check.h"

#define N 4
typedef int coor[2];

static int sum3(int q[3])
{
    int s = 0;
#pragma omp task shared(s)
    s = q[0] + q[1] + q[2];
#pragma omp taskwait
    return s;
}

/* sparse-LU style: a block matrix as an array of pointers */
static float block_sum(float *m[], int nb, int bs)
{
    float s = 0;
#pragma omp task shared(s)
    for (int b = 0; b < nb; b++)
        for (int i = 0; i < bs; i++)
            s += m[b][i];
#pragma omp taskwait
    return s;
}

static void vla_last(long n, double a[n])
{
#pragma omp task
    a[n - 1] = 7.5;
#pragma omp taskwait
}

static void set_2d(float a[N][N], int i, int j, float v)
{
#pragma omp task firstprivate(i, j)
    a[i][j] = v;
#pragma omp taskwait
}

static void set_coor(coor c, int y)
{
#pragma omp task
    c[1] = y;
#pragma omp taskwait
}

#pragma omp task inout([3]q)
static void bump3(int q[3])
{
    for (int i = 0; i < 3; i++)
        q[i] += 10;
}

#pragma omp task in(c[0;2]) out(*out)
static void coor_code(coor c, int *out)
{
    *out = c[0] * 100 + c[1];
}

#pragma omp task inout([n][n]a)
static void scale_2d(int n, double a[n][n], double k)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            a[i][j] *= k;
}

int main(void)
{
    int q[3] = {1, 2, 3};
    CHECK(sum3(q) == 6, "sum3 = %d", sum3(q));

    float b0[2] = {1, 2}, b1[2] = {3, 4}, b2[2] = {5, 6};
    float *m[3] = {b0, b1, b2};
    CHECK(block_sum(m, 3, 2) == 21.0f, "block_sum = %g", block_sum(m, 3, 2));

    double a[5] = {0};
    vla_last(5, a);
    CHECK(a[4] == 7.5, "vla_last: a[4] = %g", a[4]);

    float f[N][N] = {{0}};
    set_2d(f, 1, 2, 5.0f);
    CHECK(f[1][2] == 5.0f, "set_2d: f[1][2] = %g", f[1][2]);

    coor c = {3, 4};
    set_coor(c, 42);
    CHECK(c[1] == 42, "set_coor: c[1] = %d", c[1]);

    bump3(q);
    int code = 0;
    coor_code(c, &code);
#pragma omp taskwait
    CHECK(q[0] == 11 && q[1] == 12 && q[2] == 13, "bump3: %d %d %d", q[0], q[1], q[2]);
    CHECK(code == 342, "coor_code = %d", code);

    double s2[3][3];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            s2[i][j] = i * 3 + j;
    scale_2d(3, s2, 2.0);
#pragma omp taskwait
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            CHECK(s2[i][j] == 2.0 * (i * 3 + j), "scale_2d: s2[%d][%d] = %g", i, j, s2[i][j]);
    return result_ok();
}
