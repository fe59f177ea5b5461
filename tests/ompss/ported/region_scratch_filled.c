/* ported: openmp
 * ported-werror
 * Scratch arrays declared in a parallel region, each thread's own, that every iteration
 * of the region's `for` fills before it reads them: PolyBench's doitgen with its
 * `double sum[NP];` in the region (`sum[p] = 0.0;` then `sum[p] += ...` for each p of
 * each q), and an XSBench-style lookup clearing its `double macro_xs[5];` with
 * `for (k = 0; k < 5; k++) macro_xs[k] = 0;` before adding to it.  What a thread's copy
 * held before an iteration does not matter, so each task may have its own: mcc took the
 * arrays for state carried between iterations and ran each loop as one task with a
 * warning (built with -Werror). */
#include <stdio.h>

#define NR 10
#define NQ 12
#define NP 14
#define NXS 5
#define LOOKUPS 4000

static double A[NR][NQ][NP], C4[NP][NP];
static double grid[64][NXS];

static void kernel_doitgen(int nr, int nq, int np)
{
  int r, q, p, s;
#pragma omp parallel private(q, p, s)
  {
    double sum[NP];
#pragma omp for
    for (r = 0; r < nr; r++)
      for (q = 0; q < nq; q++) {
        for (p = 0; p < np; p++) {
          sum[p] = 0.0;
          for (s = 0; s < np; s++)
            sum[p] += A[r][q][s] * C4[s][p];
        }
        for (p = 0; p < np; p++)
          A[r][q][p] = sum[p];
      }
  }
}

static unsigned long long lookups(void)
{
  unsigned long long verification = 0;
#pragma omp parallel reduction(+: verification)
  {
    double macro_xs[NXS];
#pragma omp for schedule(dynamic, 100)
    for (int i = 0; i < LOOKUPS; i++) {
      unsigned long seed = 1070 + 2 * (unsigned long)i;
      for (int k = 0; k < NXS; k++)
        macro_xs[k] = 0;
      for (int n = 0; n < 4 + i % 5; n++) {
        seed = seed * 2806196910506780709ULL + 1;
        int g = (int)((seed >> 33) % 64);
        for (int k = 0; k < NXS; k++)
          macro_xs[k] += grid[g][k] * (double)((seed >> 20) % 100) / 100.0;
      }
      int max_idx = 0;
      for (int j = 1; j < NXS; j++)
        if (macro_xs[j] > macro_xs[max_idx])
          max_idx = j;
      verification += (unsigned long long)max_idx + 1;
    }
  }
  return verification;
}

/* (the arrays seen flat: PolyBench's init_array in one loop each) */
static void init_arrays(void)
{
  double *a = &A[0][0][0], *c = &C4[0][0], *g = &grid[0][0];
  for (int i = 0; i < NR * NQ * NP; i++)
    a[i] = (double)((i / NP + i % NP) % NP) / NP;
  for (int i = 0; i < NP * NP; i++)
    c[i] = (double)((i / NP) * (i % NP) % NP) / NP;
  for (int i = 0; i < 64 * NXS; i++)
    g[i] = (double)((i * 17) % 23) / 23.0;
}

int main(void)
{
  double t = 0.0;
  const double *a = &A[0][0][0];
  init_arrays();
  kernel_doitgen(NR, NQ, NP);
  for (int i = 0; i < NR * NQ * NP; i++)
    t += a[i] * (i % NP + 1);
  printf("doitgen %.10e\n", t);
  printf("verification %llu\n", lookups());
  return 0;
}
