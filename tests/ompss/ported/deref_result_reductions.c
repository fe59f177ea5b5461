/* ported: ompss
   ported-werror
   Kernels that return their results through pointer parameters and reduce into them from
   inline tasks, as OmpSs dot products and statistics are written: `reduction(+: *res)` with
   `*res += x[i] * y[i]`, `reduction(max: *mx)`, `reduction(+: *cnt)` with `(*cnt)++`, a
   declared reduction over a struct `reduction(merge: *acc)` with `acc->n += 1`, a taskloop
   `reduction(+: *res)`, and `*hist` of a local array; mcc said "sorry, unimplemented: a
   reduction over '*res', a dereference" where `res[0]` was accepted */
#include <stdio.h>

#define N 1000
#define BS 64

typedef struct { long n; double s; } acc_t;

#pragma omp declare reduction(merge : acc_t : omp_out.n += omp_in.n, omp_out.s += omp_in.s) \
    initializer(omp_priv = (acc_t){ 0, 0 })

static void dot(const double *x, const double *y, int n, double *res)
{
  for (int b = 0; b < n; b += BS) {
    #pragma omp task reduction(+: *res) firstprivate(b)
    for (int i = b; i < b + BS && i < n; i++)
      *res += x[i] * y[i];
  }
  #pragma omp taskwait
}

static void stats(const double *x, int n, double *mx, long *cnt, acc_t *acc)
{
  for (int b = 0; b < n; b += BS) {
    #pragma omp task reduction(max: *mx) reduction(+: *cnt) reduction(merge: *acc) firstprivate(b)
    for (int i = b; i < b + BS && i < n; i++) {
      if (x[i] > *mx)
        *mx = x[i];
      if (x[i] > 50)
        (*cnt)++;
      acc->n += 1;
      acc->s += x[i] * 2;
    }
  }
  #pragma omp taskwait
}

static void count_above(const double *x, int n, double limit, long *res)
{
  #pragma omp taskloop reduction(+: *res) grainsize(100)
  for (int i = 0; i < n; i++)
    if (x[i] > limit)
      *res += 1;
}

int main(void)
{
  static double x[N], y[N];
  for (int i = 0; i < N; i++) {
    x[i] = (i * 37) % 101;
    y[i] = 1.0 / (1 + i % 7);
  }
  double d = 0.5, mx = -1;
  long cnt = 0, above = 3;
  acc_t acc = { 0, 0 };
  dot(x, y, N, &d);
  stats(x, N, &mx, &cnt, &acc);
  count_above(x, N, 90, &above);
  long hist[3] = { 5, 0, 0 };
  for (int k = 0; k < 10; k++) {
    #pragma omp task reduction(+: *hist) firstprivate(k)
    *hist += k;
  }
  #pragma omp taskwait
  printf("dot %.6f max %.1f cnt %ld\n", d, mx, cnt);
  printf("acc %ld %.1f above %ld hist %ld %ld %ld\n", acc.n, acc.s, above, hist[0], hist[1],
         hist[2]);
  return 0;
}
