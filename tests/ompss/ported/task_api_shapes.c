/* ported: ompss
   ported-werror
   function tasks the way libraries declare them: the pragma on a
   prototype whose parameter names differ from the definition's, calls as the unbraced
   branches of if/else, through a macro, with arguments that have side effects
   (&v[i++]), a struct passed by value, a function-pointer parameter, a _Complex
   parameter; taskwait on(...) of an element; a recursive function task with final() */
#include <stdio.h>
#include <complex.h>

#define N 16

struct span { int lo, len; double scale; };

#pragma omp task inout([n]data) in(*factor)
void scale_vec(double *data, int n, const double *factor);

#pragma omp task in([s.len]src) out([s.len]dst)
void copy_span(const double *src, double *dst, struct span s);

#pragma omp task inout(*x)
void apply(double *x, double (*fn)(double), double _Complex z);

#pragma omp task inout([n]v) final(n <= 4)
void prefix_rec(long *v, int n);

#define SCALE(p, n, f) scale_vec((p), (n), (f))

static double twice(double x) { return 2 * x + 1; }
static double halve(double x) { return x / 2 - 3; }

void scale_vec(double *v, int len, const double *f)
{
  for (int i = 0; i < len; i++)
    v[i] = v[i] * *f + i;
}

void copy_span(const double *a, double *b, struct span sp)
{
  for (int i = 0; i < sp.len; i++)
    b[i] = a[i] * sp.scale;
}

void apply(double *p, double (*f)(double), double _Complex w)
{
  *p = f(*p) + creal(w) * cimag(w);
}

void prefix_rec(long *v, int n)
{
  if (n <= 2) {
    for (int i = 1; i < n; i++)
      v[i] += v[i - 1];
    return;
  }
  int h = n / 2;
  prefix_rec(v, h);
  prefix_rec(v + h, n - h);
#pragma omp taskwait
  for (int i = h; i < n; i++)
    v[i] += v[h - 1];
}

int main(void)
{
  double a[N], b[N], f = 1.5, g = -0.5;
  long p[40];
  for (int i = 0; i < N; i++)
    a[i] = i * 0.25;
  for (int i = 0; i < 40; i++)
    p[i] = i % 7 - 2;
  for (int k = 0; k < 6; k++)
    if (k % 2)
      SCALE(a, N, &f);
    else
      scale_vec(a + 4, N - 8, &g);
  int i = 0;
  for (int k = 0; k < N; k++)
    apply(&a[i++], (k % 3) ? twice : halve, (k % 2) + 2.0 * I);
#pragma omp taskwait on(a[N - 1])
  double last = a[N - 1];
  copy_span(a, b, (struct span){ .lo = 0, .len = N, .scale = 0.5 });
  prefix_rec(p, 40);
#pragma omp taskwait
  double s = 0;
  for (int k = 0; k < N; k++)
    s += b[k] * (k + 1);
  long ps = 0;
  for (int k = 0; k < 40; k++)
    ps += p[k] * (k % 5 + 1);
  printf("last %.6f sum %.6f prefix %ld p39 %ld\n", last, s, ps, p[39]);
  return 0;
}
