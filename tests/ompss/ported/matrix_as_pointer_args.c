/* ported: ompss
   Old codes hand whole matrices to function tasks whose parameters are plain pointers
   (`double A[N][N]` passed for `double *a`), and an address kept in an integer: gcc 12
   warns ("incompatible pointer type", "makes pointer from integer without a cast") and
   the program runs.  mcc refused both calls (its argument check called them errors, as
   gcc 14 does); it now warns as gcc 12 does, and the tasks get the same pointers. */
#include <stdint.h>
#include <stdio.h>

#define N 8

#pragma omp task inout([n * n]a)
void scale(double *a, int n, double f);
#pragma omp task in([n * n]a) inout([1]sum)
void add_up(const double *a, int n, double *sum);

void scale(double *a, int n, double f)
{
    for (int i = 0; i < n * n; i++)
        a[i] *= f;
}

void add_up(const double *a, int n, double *sum)
{
    for (int i = 0; i < n * n; i++)
        *sum += a[i] * (i % 5 + 1);
}

int main(void)
{
    double A[N][N], B[N][N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = i + 0.5 * j;
            B[i][j] = i * j;
        }
    double s = 0;
    intptr_t where = (intptr_t)&s;
    scale(A, N, 2.0);               /* double (*)[N] for double * */
    scale(&B[0][0], N, 3.0);
    add_up(A, N, where);            /* an integer for double * */
    add_up(B, N, &s);
#pragma omp taskwait
    printf("%.2f %.2f %.2f\n", s, A[N - 1][N - 1], B[N - 1][N - 1]);
    return 0;
}
