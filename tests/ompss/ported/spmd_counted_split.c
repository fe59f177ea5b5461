/* ported: openmp
 * ported-werror
 * ported-seq-libs: -lgomp
 * The OpenMP tutorial's SPMD pi (Mattson's pi_spmd_simple and its later forms): each thread
 * takes `id = omp_get_thread_num()` and `nthrds = omp_get_num_threads()`, sums the steps
 * `i = id; i < N; i += nthrds` into a private partial, and adds it to the shared sum under
 * `critical` or `atomic`; and a team counted by `reduction(+: n)` that also reports
 * `omp_get_num_threads()`.  mcc runs a body that adds up its threads' work once per
 * thread number, but answered omp_get_num_threads() with 1 there: every run summed every
 * step, and pi came out as 4 pi with 4 threads (the count was 4, the size 1). */
#include <stdio.h>
#include <omp.h>

#define NUM_STEPS 200000
#define PAD 8

static long num_steps = NUM_STEPS;
double step;

static double pi_critical(void)
{
  double sum = 0.0;
  step = 1.0 / (double) num_steps;
#pragma omp parallel
  {
    int i, id, nthrds;
    double x, partial = 0.0;
    id = omp_get_thread_num();
    nthrds = omp_get_num_threads();
    for (i = id; i < num_steps; i += nthrds) {
      x = (i + 0.5) * step;
      partial += 4.0 / (1.0 + x * x);
    }
#pragma omp critical
    sum += partial;
  }
  return step * sum;
}

static double pi_atomic_padded(int nreq)
{
  double sum[64][PAD], pi = 0.0;
  int nthreads = 0;
  omp_set_num_threads(nreq);
#pragma omp parallel
  {
    int i, id, nthrds;
    double x;
    id = omp_get_thread_num();
    nthrds = omp_get_num_threads();
    if (id == 0)
      nthreads = nthrds;
    for (i = id, sum[id][0] = 0.0; i < num_steps; i += nthrds) {
      x = (i + 0.5) * step;
      sum[id][0] += 4.0 / (1.0 + x * x);
    }
#pragma omp atomic
    pi += sum[id][0] * step;
  }
  return nthreads >= 1 ? pi : -1.0;
}

int main(void)
{
  int n = 0, size = 0;
  printf("pi (critical) %.10f\n", pi_critical());
  printf("pi (atomic, padded) %.10f\n", pi_atomic_padded(4));
  printf("pi (atomic, 3 asked) %.10f\n", pi_atomic_padded(3));
#pragma omp parallel reduction(+: n)
  {
    n++;
#pragma omp critical
    if (omp_get_num_threads() > size)
      size = omp_get_num_threads();
  }
  printf("team counted as its size: %d\n", n == size);
  return 0;
}
