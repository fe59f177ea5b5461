/* ported: ompss
   ported-werror
   Tasks that take their own copy of what a pointer points to with `inprivate(*p)`: a scalar
   result `*r` and a parameter block `*cfg` (a struct) handed in through pointer parameters,
   and a local pointer `*q` into an array, each written by a slow task before (the copy is
   taken after the writer); a task scribbles on its copy of `*cfg` while an earlier reader
   (`in(*cfg)`, run at the same time, waiting a little) still sees the original; mcc said
   "sorry, unimplemented: this form of inprivate" */
#include <stdio.h>
#include <unistd.h>

typedef struct { double scale; long steps; int mode; } params_t;

static void pipeline(double *r, params_t *cfg, double *out)
{
  #pragma omp task out(*r)
  {
    usleep(20000);
    *r = 2.5;
  }
  #pragma omp task out(*cfg)
  {
    usleep(20000);
    cfg->scale = 3;
    cfg->steps = 40;
    cfg->mode = 2;
  }
  #pragma omp task in(*cfg) out(out[0])
  {
    usleep(30000);
    out[0] = cfg->scale * (double)cfg->steps + cfg->mode;
  }
  #pragma omp task inprivate(*r, *cfg) out(out[1])
  {
    double acc = 0;
    for (long i = 0; i < cfg->steps; i++) {
      acc += *r * cfg->scale;
      *r += 0.5;              /* the task's own copies */
      cfg->scale = 0;
    }
    cfg->steps = -1;
    out[1] = acc;
  }
  #pragma omp taskwait
}

int main(void)
{
  double res = 1, out[3] = { 0, 0, 0 };
  params_t cfg = { 1, 1, 0 };
  pipeline(&res, &cfg, out);

  long a[6] = { 1, 2, 3, 4, 5, 6 };
  long *q = &a[2];
  #pragma omp task out(a[2])
  {
    usleep(20000);
    a[2] = 30;
  }
  #pragma omp task inprivate(*q) out(out[2])
  out[2] = (double)(*q * 2);
  #pragma omp taskwait
  printf("reader %.2f copy %.2f elem %.0f\n", out[0], out[1], out[2]);
  return 0;
}
