/* ported: openmp
   ported-werror
   task reductions nested as solvers write them: a taskgroup
   task_reduction(+: total) around per-level taskgroups task_reduction(+: level_sum) with
   the same variable reduced again in an inner group, tasks in_reduction of both, a
   taskloop in_reduction(+: total) inside the outer group, a taskloop reduction inside a
   task that participates in the outer one, max and * reductions beside */
#include <stdio.h>

#define NL 4
#define NI 40

int main(void)
{
  long total = 0, levels[NL];
  double prod = 1.0;
  int mx = -1;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+: total) task_reduction(*: prod) task_reduction(max: mx)
    {
      for (int l = 0; l < NL; l++) {
        long level_sum = 0;
#pragma omp taskgroup task_reduction(+: level_sum)
        {
          for (int i = 0; i < NI; i++) {
#pragma omp task in_reduction(+: level_sum, total) in_reduction(max: mx) firstprivate(i, l)
            {
              level_sum += i * (l + 1);
              total += 1;
              if (i * l > mx)
                mx = i * l;
            }
          }
#pragma omp taskgroup task_reduction(+: level_sum)
          {
#pragma omp task in_reduction(+: level_sum) firstprivate(l)
            level_sum += 1000 * l;
          }
        }
        levels[l] = level_sum;
#pragma omp task in_reduction(*: prod) firstprivate(l)
        prod *= (l + 2);
      }
#pragma omp taskloop in_reduction(+: total) grainsize(7)
      for (int i = 0; i < 100; i++)
        total += i;
#pragma omp task in_reduction(+: total)
      {
        long local = 0;
#pragma omp taskloop reduction(+: local) num_tasks(5)
        for (int i = 0; i < 50; i++)
          local += i * i;
        total += local;
      }
    }
  }
  printf("total %ld prod %.1f max %d levels %ld %ld %ld %ld\n", total, prod, mx, levels[0],
         levels[1], levels[2], levels[3]);
  return 0;
}
