/* ported: openmp
 * ported-werror
 * PolyBench's doitgen and a Jacobi-style residual with their scratch at file scope (as
 * codes that keep every array global write them): `static double sum[NP];` and
 * `static double temp;` appear nowhere but in `private(...)` clauses and the loops'
 * bodies, which use each thread's copy.  gcc -fopenmp takes the clause for a use; mcc's
 * translation named them nowhere outside the tasks, and gcc said "'sum' defined but not
 * used" (built with -Werror). */
#include <stdio.h>

#define NR 12
#define NQ 10
#define NP 16
#define N 64

static double A[NR][NQ][NP], C4[NP][NP];
static double sum[NP];
static double temp;
static double u[N][N], r[N][N];

static void kernel_doitgen(int nr, int nq, int np)
{
  int q, p, s, rr;
#pragma omp parallel for private(q, p, s, sum) collapse(2)
  for (rr = 0; rr < nr; rr++)
    for (q = 0; q < nq; q++) {
      for (p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (s = 0; s < np; s++)
          sum[p] += A[rr][q][s] * C4[s][p];
      }
      for (p = 0; p < np; p++)
        A[rr][q][p] = sum[p];
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
  int i, j, k;
  double s = 0.0;
  for (i = 0; i < NR; i++)
    for (j = 0; j < NQ; j++)
      for (k = 0; k < NP; k++)
        A[i][j][k] = (double)((i * j + k) % NP) / NP;
  for (i = 0; i < NP; i++)
    for (j = 0; j < NP; j++)
      C4[i][j] = (double)(i * j % NP) / NP;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      u[i][j] = (double)((i * 7 + j * 3) % 11) / 11.0;
  kernel_doitgen(NR, NQ, NP);
  for (i = 0; i < NR; i++)
    for (j = 0; j < NQ; j++)
      for (k = 0; k < NP; k++)
        s += A[i][j][k] * (k + 1);
  printf("doitgen %.10e\n", s);
  printf("residual %.10e r[5][7] %.10f\n", residual(N), r[5][7]);
  return 0;
}
