/* ported: ompss
   ported-werror
   shapes of pointers to arrays, as matrix codes write them: `out([2]a)` of a parameter
   `float a[N][N]` (and of a `float (*a)[N]`, of a `float (*c)[4][4]`) is 2 rows, the type a
   cast to a pointer to that array takes; `inout([N][N]a)` names the whole matrix.  Each
   producer lingers before it writes, so a consumer of its last row that the dependence
   missed reads the old values (mcc took `[2]a` as 2 floats: rows 1.. unordered). */
#include <stdio.h>
#include <time.h>

#define N 16

static void linger(void)
{
    struct timespec ts = {0, 20 * 1000 * 1000};
    nanosleep(&ts, NULL);
}

#pragma omp task out([rows]a)
static void fill_rows(float a[N][N], int rows, float v)
{
    linger();
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < N; j++)
            a[i][j] = v + i * N + j;
}

static void scale_rows(float (*a)[N], int rows, float k)
{
#pragma omp task inout([rows]a) firstprivate(rows, k)
    {
        linger();
        for (int i = 0; i < rows; i++)
            for (int j = 0; j < N; j++)
                a[i][j] *= k;
    }
}

#pragma omp task inout([N][N]a)
static void add_one(float a[N][N])
{
    linger();
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            a[i][j] += 1;
}

static void cubes(float (*c)[4][4], int n)
{
#pragma omp task out([n]c) firstprivate(n)
    {
        linger();
        for (int b = 0; b < n; b++)
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 4; j++)
                    c[b][i][j] = b * 100 + i * 4 + j;
    }
}

static float m[N][N], cube[3][4][4];

int main(void)
{
    float x[6] = {0};
    fill_rows(m, 3, 1000);                  /* rows 0-2 */
#pragma omp task in(m[2][N - 1]) out(x[0])
    x[0] = m[2][N - 1];
    scale_rows(&m[1], 2, 2);                /* rows 1-2 */
#pragma omp task in(m[2][5]) out(x[1])
    x[1] = m[2][5];
    add_one(m);
#pragma omp task in(m[N - 1][N - 1], m[2][3]) out(x[2])
    x[2] = m[N - 1][N - 1] + m[2][3];
    cubes(cube, 3);
#pragma omp task in(cube[2][3][3]) out(x[3])
    x[3] = cube[2][3][3];
#pragma omp taskwait
    printf("%g %g %g %g\n", x[0], x[1], x[2], x[3]);
    float s = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            s += m[i][j];
    printf("sum %g\n", s);
    return 0;
}
