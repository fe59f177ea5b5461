/* ported: openmp
   ported-werror
   ported-seq-libs: -lgomp
   OpenMP 5.0/5.1 combined task constructs: parallel master taskloop,
   parallel masked taskloop simd, master taskloop with reduction, taskloop with priority,
   untied, mergeable, final, if; taskwait depend(...); task affinity(...); the omp_*
   routines a taskloop code calls for its priorities */
#include <stdio.h>
#include <omp.h>

#define N 1000
static double a[N], b[N];

int main(void)
{
  long sum = 0, sum2 = 0;
  int prio __attribute__((unused)) = omp_get_max_task_priority() >= 0;
#pragma omp parallel master taskloop grainsize(64) shared(a)
  for (int i = 0; i < N; i++)
    a[i] = i * 0.5;
#pragma omp parallel masked taskloop simd num_tasks(7) reduction(+: sum)
  for (int i = 0; i < N; i++)
    sum += (long)a[i];
#pragma omp parallel
  {
#pragma omp master taskloop reduction(+: sum2) priority(3) untied mergeable
    for (int i = 0; i < N; i += 3)
      sum2 += i % 11;
#pragma omp single
    {
#pragma omp taskloop final(1) if(prio) collapse(2) grainsize(10)
      for (int i = 0; i < 10; i++)
        for (int j = 0; j < N / 10; j++)
          b[i * (N / 10) + j] = a[i * (N / 10) + j] + j;
      double x = 0;
#pragma omp task depend(out: x) affinity(b[0:N]) shared(x)
      x = b[N - 1] * 2;
#pragma omp taskwait depend(in: x)
      b[0] = x;
    }
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    s += b[i];
  printf("sum %ld sum2 %ld b %.3f\n", sum, sum2, s);
  return 0;
}
