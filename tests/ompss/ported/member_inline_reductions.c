/* ported: ompss
   ported-werror
   Statistics kept in structs and accumulated by inline tasks through reductions over their
   members: `reduction(+: s->total, s->cnt)` through a pointer parameter, `st.sum` and
   `max: st.hi` of a local struct, `p->acc[3]` (an element of an array member), members of
   different types (double, long, int, unsigned char) with min and `|` beside a private-copy
   item `x`, a declared reduction over a struct member `w.in.acc`, two elements `e[0], e[3]`
   of one array, a taskloop over `s.h[1], s.cnt` and `in_reduction(+: g.total)` of a
   taskgroup's `task_reduction`; mcc said "sorry, unimplemented: reductions over two parts of
   's'" and "a reduction over 's->cnt', a member of a struct or union" */
#include <stdio.h>

#define N 4000
#define BS 250

typedef struct { long n; double s; } acc_t;

#pragma omp declare reduction(merge : acc_t : omp_out.n += omp_in.n, omp_out.s += omp_in.s) \
    initializer(omp_priv = (acc_t){ 0, 0 })

typedef struct {
  double total;
  long cnt;
  int lo;
  unsigned char seen;
  double acc[5];
  float h[4];
} stats_t;

static struct { double total; long n; } g;

static void accumulate(const double *a, int n, stats_t *s)
{
  for (int b = 0; b < n; b += BS) {
    #pragma omp task reduction(+: s->total, s->cnt) firstprivate(b)
    for (int i = b; i < b + BS && i < n; i++) {
      s->total += a[i];
      s->cnt++;
    }
  }
  #pragma omp taskwait
}

int main(void)
{
  static double a[N];
  for (int i = 0; i < N; i++)
    a[i] = (i * 37 % 101) * 0.25 + 1;

  stats_t s = { 0.5, 3, 1000, 0, { 0 }, { 0 } };
  accumulate(a, N, &s);

  struct { double sum; int hi; } st = { 0, -1 };
  stats_t *p = &s;
  double x = 0;
  for (int b = 0; b < N; b += BS) {
    #pragma omp task reduction(+: st.sum) reduction(max: st.hi) firstprivate(b)
    for (int i = b; i < b + BS; i++) {
      st.sum += a[i] * 2;
      if ((int)a[i] > st.hi)
        st.hi = (int)a[i];
    }
    #pragma omp task reduction(+: p->acc[3], x) reduction(min: p->lo) reduction(|: p->seen) \
        firstprivate(b)
    for (int i = b; i < b + BS; i++) {
      p->acc[3] += a[i];
      x += 1;
      if ((int)a[i] < p->lo)
        p->lo = (int)a[i];
      p->seen |= (unsigned char)(1u << (i % 7));
    }
  }

  struct { int tag; struct { acc_t acc; } in; } w = { 7, { { 0, 0 } } };
  long e[4] = { 0, 5, 5, 0 };
  for (int b = 0; b < N; b += BS) {
    #pragma omp task reduction(merge: w.in.acc) reduction(+: e[0], e[3]) firstprivate(b)
    for (int i = b; i < b + BS; i++) {
      w.in.acc.n++;
      w.in.acc.s += a[i];
      e[0] += i;
      e[3] += 1;
    }
  }

  #pragma omp taskloop reduction(+: s.h[1], s.cnt) grainsize(100)
  for (int i = 0; i < N; i++) {
    s.h[1] += 1;
    s.cnt += i % 3;
  }

  #pragma omp taskgroup task_reduction(+: g.total)
  {
    for (int b = 0; b < N; b += BS) {
      #pragma omp task in_reduction(+: g.total) firstprivate(b)
      for (int i = b; i < b + BS; i++)
        g.total += a[i];
    }
  }
  #pragma omp taskwait

  printf("total %.2f cnt %ld sum %.2f hi %d\n", s.total, s.cnt, st.sum, st.hi);
  printf("acc3 %.2f x %.0f lo %d seen %u\n", s.acc[3], x, s.lo, s.seen);
  printf("merge %ld %.2f tag %d e %ld %ld %ld %ld\n", w.in.acc.n, w.in.acc.s, w.tag, e[0], e[1],
         e[2], e[3]);
  printf("h1 %.0f g %.2f\n", s.h[1], g.total);
  return 0;
}
