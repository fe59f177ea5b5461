/* ported: openmp
   ported-werror
   a program whose source went through a generator that writes #line
   directives (into another file name, with and without a file, GNU "# 12 file" form)
   between tasks, inside a task body, and between a pragma's continuation lines' users;
   pragmas carrying comments; __LINE__ and __FILE__ read inside tasks */
#include <stdio.h>
#include <string.h>

#define NT 8
static long acc[NT];
static int lines[4];

int main(void)
{
  long total = 0;
#line 100 "stencil.gen"
  for (int t = 0; t < NT; t++) {
#pragma omp task depend(out: acc[t]) firstprivate(t) /* producer */
    {
#line 200
      acc[t] = (long)t * __LINE__;
    }
  }
# 300 "reduce.gen"
#pragma omp task depend(in: acc[0:NT]) shared(total) // consumer, an OpenMP section
  {
    for (int t = 0; t < NT; t++)
      total += acc[t];
    lines[0] = __LINE__;
  }
#pragma omp taskwait
#line 400 "tail.gen"
  int one = 1;
#pragma omp task shared(lines) firstprivate(one)
  lines[1] = __LINE__ + one;
#pragma omp taskwait
  const char *f = __FILE__;
  printf("total %ld lines %d %d file %s\n", total, lines[0], lines[1], strrchr(f, '/') ? strrchr(f, '/') + 1 : f);
  return 0;
}
