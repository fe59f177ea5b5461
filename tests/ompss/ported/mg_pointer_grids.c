/* ported: openmp
 * ported-werror
 * NPB MG's kernels in Omni's C port: resid, psinv and rprj3 take the grids as `double ***`
 * parameters and split their outer index with an orphaned `#pragma omp for`, and a
 * parallel region in main calls them with the grids every thread shares (the scratch
 * rows listed private here).  Each thread of OpenMP's team hands in the same pointers, so
 * what they point to is shared as a shared array is: mcc took the parameters for each
 * calling thread's own, could not tell the rows `u[i3][i2]` apart, and ran each loop as
 * one task with a warning (built with -Werror). */
#include <stdio.h>
#include <stdlib.h>
#define M 20
static double ***alloc3(int n3, int n2, int n1) {
  double ***a = malloc(n3 * sizeof *a);
  for (int i = 0; i < n3; i++) { a[i] = malloc(n2 * sizeof **a);
    for (int j = 0; j < n2; j++) a[i][j] = calloc(n1, sizeof ***a); }
  return a;
}
static void psinv(double ***r, double ***u, int n1, int n2, int n3, double c[4])
{
  int i3, i2, i1;
  double r1[M], r2[M];
#pragma omp for private(r1, r2)
  for (i3 = 1; i3 < n3 - 1; i3++) {
    for (i2 = 1; i2 < n2 - 1; i2++) {
      for (i1 = 0; i1 < n1; i1++) {
        r1[i1] = r[i3][i2 - 1][i1] + r[i3][i2 + 1][i1] + r[i3 - 1][i2][i1] + r[i3 + 1][i2][i1];
        r2[i1] = r[i3 - 1][i2 - 1][i1] + r[i3 - 1][i2 + 1][i1] + r[i3 + 1][i2 - 1][i1] + r[i3 + 1][i2 + 1][i1];
      }
      for (i1 = 1; i1 < n1 - 1; i1++)
        u[i3][i2][i1] = u[i3][i2][i1] + c[0] * r[i3][i2][i1] + c[1] * (r[i3][i2][i1 - 1] + r[i3][i2][i1 + 1] + r1[i1]) + c[2] * (r2[i1] + r1[i1 - 1] + r1[i1 + 1]);
    }
  }
}
static void resid(double ***u, double ***v, double ***r, int n1, int n2, int n3, double a[4])
{
  int i3, i2, i1;
  double u1[M], u2[M];
#pragma omp for private(u1, u2)
  for (i3 = 1; i3 < n3 - 1; i3++) {
    for (i2 = 1; i2 < n2 - 1; i2++) {
      for (i1 = 0; i1 < n1; i1++) {
        u1[i1] = u[i3][i2 - 1][i1] + u[i3][i2 + 1][i1] + u[i3 - 1][i2][i1] + u[i3 + 1][i2][i1];
        u2[i1] = u[i3 - 1][i2 - 1][i1] + u[i3 - 1][i2 + 1][i1] + u[i3 + 1][i2 - 1][i1] + u[i3 + 1][i2 + 1][i1];
      }
      for (i1 = 1; i1 < n1 - 1; i1++)
        r[i3][i2][i1] = v[i3][i2][i1] - a[0] * u[i3][i2][i1] - a[2] * (u2[i1] + u1[i1 - 1] + u1[i1 + 1]);
    }
  }
}
static void rprj3(double ***r, double ***s, int m1j, int m2j, int m3j)
{
  int j3, j2, j1, i3, i2, i1, d1 = 2, d2 = 2, d3 = 2;
  double x1[M], y1[M], x2, y2;
#pragma omp for private(x1, y1)
  for (j3 = 1; j3 < m3j - 1; j3++) {
    i3 = 2 * j3 - d3;
    for (j2 = 1; j2 < m2j - 1; j2++) {
      i2 = 2 * j2 - d2;
      for (j1 = 1; j1 < m1j; j1++) {
        i1 = 2 * j1 - d1;
        x1[i1] = r[i3 + 1][i2][i1] + r[i3 + 1][i2 + 2][i1] + r[i3][i2 + 1][i1] + r[i3 + 2][i2 + 1][i1];
        y1[i1] = r[i3][i2][i1] + r[i3 + 2][i2][i1] + r[i3][i2 + 2][i1] + r[i3 + 2][i2 + 2][i1];
      }
      for (j1 = 1; j1 < m1j - 1; j1++) {
        i1 = 2 * j1 - d1;
        y2 = r[i3][i2][i1 + 1] + r[i3 + 2][i2][i1 + 1] + r[i3][i2 + 2][i1 + 1] + r[i3 + 2][i2 + 2][i1 + 1];
        x2 = r[i3 + 1][i2][i1 + 1] + r[i3 + 1][i2 + 2][i1 + 1] + r[i3][i2 + 1][i1 + 1] + r[i3 + 2][i2 + 1][i1 + 1];
        s[j3][j2][j1] = 0.5 * r[i3 + 1][i2 + 1][i1 + 1] + 0.25 * (r[i3 + 1][i2 + 1][i1] + r[i3 + 1][i2 + 1][i1 + 2] + x2) + 0.125 * (x1[i1] + x1[i1 + 2] + y2) + 0.0625 * (y1[i1] + y1[i1 + 2]);
      }
    }
  }
}
int main(void)
{
  int n = 10, m = 6;
  double ***u = alloc3(n, n, n), ***v = alloc3(n, n, n), ***r = alloc3(n, n, n), ***s = alloc3(m, m, m);
  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) for (int k = 0; k < n; k++) v[i][j][k] = (i * 7 + j * 3 + k) % 5;
  double a[4] = {-8.0 / 3, 0, 1.0 / 6, 1.0 / 12}, c[4] = {-3.0 / 8, 1.0 / 32, -1.0 / 64, 0};
#pragma omp parallel
  {
    resid(u, v, r, n, n, n, a);
    psinv(r, u, n, n, n, c);
    resid(u, v, r, n, n, n, a);
    rprj3(r, s, m, m, m);
  }
  double t = 0;
  for (int i = 0; i < m; i++) for (int j = 0; j < m; j++) for (int k = 0; k < m; k++) t += s[i][j][k] * (i + 2 * j + 3 * k);
  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) for (int k = 0; k < n; k++) t += u[i][j][k] - r[i][j][k];
  printf("%.9f\n", t);
  return 0;
}
