/* ported: openmp
 * ported-werror
 * `parallel for default(none)` over loop nests whose inner loops declare their variables
 * (`for (int j = 1; j < n - 1; j++)`), as Jacobi and PolyBench codes write them: C99
 * array parameters, a flattened grid, a braced body, collapse(2) over a third loop, a
 * reduction, `parallel for simd`, and a region with default(none) around `for`; mcc said
 * "'j' is not listed in a data-sharing clause" where gcc -fopenmp builds them. */
#include <stdio.h>
#include <math.h>

#define N 40

static double jacobi(int n, double A[restrict n][n], double B[restrict n][n])
{
    double err = 0.0;
#pragma omp parallel for default(none) shared(A, B, n) reduction(max: err)
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++) {
            B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
            err = fmax(err, fabs(B[i][j] - A[i][j]));
        }
#pragma omp parallel for default(none) shared(A, B) firstprivate(n)
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
            A[i][j] = B[i][j];
    return err;
}

static void flat(int n, double *a, const double *b)
{
#pragma omp parallel for default(none) shared(a, b) firstprivate(n) schedule(static)
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            a[i * n + j] += 0.5 * b[j * n + i];
    }
}

static double cube(int n, double c[n][n][4])
{
    double s = 0.0;
#pragma omp parallel for simd default(none) shared(c, n) reduction(+: s)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 4; j++)
            s += c[i][0][j];
#pragma omp parallel for collapse(2) default(none) shared(c, n) reduction(+: s)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < 4; k++)
                s += c[i][j][k] * (k + 1);
    return s;
}

int main(void)
{
    static double A[N][N], B[N][N], a[N * N], b[N * N], c[N][N][4];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = B[i][j] = (i == 0 || j == 0) ? 1.0 : 0.0;
            a[i * N + j] = i - j;
            b[i * N + j] = (i * j) % 7;
            for (int k = 0; k < 4; k++)
                c[i][j][k] = (i + 2 * j + 3 * k) % 11;
        }
    double e = 0.0;
    for (int it = 0; it < 20; it++)
        e = jacobi(N, A, B);
    flat(N, a, b);
    double sa = 0.0, sb = 0.0;
    int n = N;
#pragma omp parallel default(none) shared(A, a, n, sa, sb)
    {
#pragma omp for reduction(+: sa)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                sa += A[i][j];
#pragma omp for reduction(+: sb)
        for (int i = 0; i < n * n; i++)
            sb += a[i];
    }
    printf("%.10f %.10f %.1f %.1f\n", e, sa, sb, cube(N, c));
    return 0;
}
