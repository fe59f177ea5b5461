/* ported: openmp
 * ported-werror
 * Row prefix sums and a Jacobi-style residual with their scratch at file scope (as
 * PolyBench-era codes that keep every array global write them): `static double sum[NP];` and
 * `static double temp;` appear nowhere but in `private(...)` clauses and the loops'
 * bodies, which use each thread's copy.  gcc -fopenmp takes the clause for a use; mcc's
 * translation named them nowhere outside the tasks, and gcc said "'sum' defined but not
 * used" (built with -Werror). */
#include <stdio.h>

#define NR 12
#define NQ 10
#define NP 16
#define N 64

static double M[NR * NQ][NP], w[NP], last[NR * NQ], mid[NR * NQ];
static double sum[NP];
static double temp;
static double u[N][N], r[N][N];

/* each row's prefix sums of weighted entries, the last one kept */
static void kernel_row_scans(int nr, int np)
{
  int i, j;
#pragma omp parallel for private(j, sum) schedule(static)
  for (i = 0; i < nr; i++) {
    for (j = 0; j < np; j++)
      sum[j] = M[i][j] * w[j];
    for (j = 1; j < np; j++)
      sum[j] += sum[j - 1];
    last[i] = sum[np - 1];
    mid[i] = sum[np / 2];
  }
}

static double residual(int n)
{
  int i, j;
  double norm = 0.0;
#pragma omp parallel for private(j, temp) reduction(+: norm)
  for (i = 1; i < n - 1; i++)
    for (j = 1; j < n - 1; j++) {
      temp = 4.0 * u[i][j] - u[i - 1][j] - u[i + 1][j] - u[i][j - 1] - u[i][j + 1];
      r[i][j] = temp;
      norm += temp * temp;
    }
  return norm;
}

int main(void)
{
  int i, j;
  double s = 0.0;
  for (i = 0; i < NR * NQ; i++)
    for (j = 0; j < NP; j++)
      M[i][j] = (double)((i * 5 + j * 3) % 13) / 13.0;
  for (j = 0; j < NP; j++)
    w[j] = 1.0 + j % 4;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      u[i][j] = (double)((i * 7 + j * 3) % 11) / 11.0;
  kernel_row_scans(NR * NQ, NP);
  for (i = 0; i < NR * NQ; i++)
    s += last[i] * (i % 3 + 1) + mid[i];
  printf("row scans %.10e\n", s);
  printf("residual %.10e r[5][7] %.10f\n", residual(N), r[5][7]);
  return 0;
}
