/* ported: openmp
 * ported-werror
 * A program that includes no omp.h (pragmas only, as many PolyBench-, miniMD- and
 * textbook-style codes are): a parallel region around a time loop whose threads wait for
 * each other at barriers, with `#pragma omp master` and `#pragma omp single` between the
 * phases and `#pragma omp for` sweeps.  mcc runs such a body on a team of threads and
 * guarded the master and single bodies with a call of omp_get_thread_num(), which the
 * program never declared: gcc's "implicit declaration of function" warning under
 * -Werror (an error by default from gcc 14). */
#include <stdio.h>

#define N 400
#define STEPS 30

static double a[N], b[N];
static double residual[STEPS];

int main(void)
{
  int i, t;
  double total = 0.0, diff;
  int swaps = 0, visits = 0;
  for (i = 0; i < N; i++)
    a[i] = (double)(i % 17) / 17.0;
#pragma omp parallel private(t, i)
  {
    double mymax;
    for (t = 0; t < STEPS; t++) {
#pragma omp for
      for (i = 1; i < N - 1; i++)
        b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
#pragma omp master
      {
        b[0] = a[0];
        b[N - 1] = a[N - 1];
      }
#pragma omp barrier
#pragma omp single
      {
        diff = 0.0;
        swaps++;
      }
      mymax = 0.0;
#pragma omp for
      for (i = 0; i < N; i++) {
        double d = b[i] > a[i] ? b[i] - a[i] : a[i] - b[i];
        if (d > mymax)
          mymax = d;
        a[i] = b[i];
      }
#pragma omp critical
      {
        if (mymax > diff)
          diff = mymax;
        visits++;
      }
#pragma omp barrier
#pragma omp master
      residual[t] = diff;
#pragma omp barrier
    }
  }
  for (t = 0; t < STEPS; t++)
    total += residual[t];
  printf("swaps %d visits %d residual %.12e last %.12e\n", swaps, visits > 0, total, residual[STEPS - 1]);
  for (i = 0; i < N; i += 80)
    printf("a[%d] = %.12f\n", i, a[i]);
  return 0;
}
