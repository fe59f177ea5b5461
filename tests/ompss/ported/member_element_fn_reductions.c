/* ported: ompss
   ported-werror
   Statistics accumulated by function tasks through reductions over several parts of one
   parameter: members of a struct pointer (`reduction(+: st->sum, st->cnt)` beside
   `reduction(+: st->sq)` and `reduction(max: st->top)`), elements of a histogram pointer
   (`reduction(+: h[0], h[2]) reduction(max: h[1])`); mcc said "'st' is listed twice in
   'reduction'" (an error) although each item is a list item of its own */
#include <stdio.h>

#define N 4000
#define BS 125

typedef struct { double sum; long cnt; double sq; double top; } stats_t;

#pragma omp task in([n]a) reduction(+: st->sum, st->cnt) reduction(+: st->sq) reduction(max: st->top)
void accumulate(const double *a, int n, stats_t *st)
{
  for (int i = 0; i < n; i++) {
    st->sum += a[i];
    st->cnt++;
    st->sq += a[i] * a[i];
    if (a[i] > st->top)
      st->top = a[i];
  }
}

#pragma omp task in([n]a) reduction(+: h[0], h[2]) reduction(max: h[1])
void odd_and_total(const long *a, int n, long *h)
{
  for (int i = 0; i < n; i++) {
    h[0] += a[i] & 1;
    h[2] += a[i];
    if (a[i] > h[1])
      h[1] = a[i];
  }
}

int main(void)
{
  static double a[N];
  static long la[N];
  for (int i = 0; i < N; i++) {
    a[i] = (i * 37 % 101) * 0.25;
    la[i] = (i * 7919L) % 1013;
  }
  stats_t st = { 0, 0, 0, -1 };
  long h[4] = { 0, -1, 0, 42 };
  for (int b = 0; b < N; b += BS) {
    accumulate(&a[b], BS, &st);
    odd_and_total(&la[b], BS, h);
  }
#pragma omp taskwait
  printf("sum %.2f cnt %ld sq %.4f top %.2f\n", st.sum, st.cnt, st.sq, st.top);
  printf("odd %ld max %ld total %ld untouched %ld\n", h[0], h[1], h[2], h[3]);
  return 0;
}
