/* ported: openmp
   ported-werror
   Gauss-Seidel sweeps over 2-D tiles of a grid reached through a typedef'd
   row pointer (double (*)[N+2]), one task per tile with depend on a padded token matrix
   (the tile, its upper/left neighbours of this sweep, lower/right ones of the last sweep),
   inside a convergence loop whose residual is a taskgroup task_reduction(max:) */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define N 96
#define BS 24
#define NB (N / BS)

typedef double (*grid_t)[N + 2];

static char tok[NB + 2][NB + 2] __attribute__((unused));  /* only named in depend clauses */

static double sweep_tile(grid_t g, int bi, int bj)
{
  double r = 0.0;
  for (int i = bi * BS + 1; i <= (bi + 1) * BS; i++)
    for (int j = bj * BS + 1; j <= (bj + 1) * BS; j++) {
      double old = g[i][j];
      g[i][j] = 0.25 * (g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1]);
      double d = fabs(g[i][j] - old);
      if (d > r)
        r = d;
    }
  return r;
}

int main(void)
{
  grid_t g = calloc(N + 2, sizeof *g);
  for (int i = 0; i < N + 2; i++) {
    g[i][0] = 1.0;
    g[i][N + 1] = (double)i / (N + 1);
  }
  for (int j = 0; j < N + 2; j++)
    g[0][j] = 0.5;
  double res = 1.0;
  int it = 0;
  const double tol = 1e-3;
  while (res > tol && it < 200) {
    res = 0.0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(max: res)
    for (int bi = 0; bi < NB; bi++)
      for (int bj = 0; bj < NB; bj++) {
#pragma omp task depend(inout: tok[bi + 1][bj + 1]) \
                 depend(in: tok[bi][bj + 1], tok[bi + 1][bj], \
                            tok[bi + 2][bj + 1], tok[bi + 1][bj + 2]) \
                 in_reduction(max: res) firstprivate(g)
        {
          double r = sweep_tile(g, bi, bj);
          if (r > res)
            res = r;
        }
      }
    it++;
    if (it % 10 == 0)
      printf("iteration %d residual %.9f\n", it, res);
  }
  double sum = 0.0;
  for (int i = 0; i < N + 2; i++)
    for (int j = 0; j < N + 2; j++)
      sum += g[i][j] * (1 + (i * 7 + j) % 5);
  printf("iterations %d residual %.9f checksum %.9f\n", it, res, sum);
  free(g);
  return 0;
}
