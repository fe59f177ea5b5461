/* ported: openmp
   ported-werror
   local types that shadow file-scope ones of the same name: a struct tag
   redeclared in a function with other members, a typedef name reused for another type,
   an enum constant shadowed by a local variable, used by tasks (firstprivate, shared,
   a taskloop) */
#include <stdio.h>

struct point { int x, y; };
typedef int real;
enum { SCALE = 3 };
static struct point origin = { 1, 2 };

static double work(void)
{
  struct point { double x, y, z; };
  typedef double real;
  int SCALE = 5;
  struct point p = { 0.5, 1.5, 2.5 };
  real acc = 0.25;
  double out[8];
#pragma omp task firstprivate(p, acc) shared(out)
  {
    for (int i = 0; i < 8; i++)
      out[i] = (p.x + p.y * i + p.z) * acc * SCALE;
  }
#pragma omp taskwait
  real s = 0;
#pragma omp taskloop reduction(+: s) grainsize(2)
  for (int i = 0; i < 8; i++)
    s += out[i] / (sizeof(struct point) / sizeof(double));
  return s;
}

int main(void)
{
  double r = 0;
  struct point q = origin;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(r)
    r = work();
#pragma omp task firstprivate(q)
    q.x += SCALE;
#pragma omp taskwait
  }
  printf("r %.4f sizeof real %zu origin %d\n", r, sizeof(real), origin.x + q.y);
  return 0;
}
