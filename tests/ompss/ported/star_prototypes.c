/* ported: ompss
   function tasks declared in C99 prototypes with `[*]` (a VLA parameter of unspecified
   size) in the dimension that parameter adjustment makes a pointer: `double v[*]`,
   `double a[*][NC]`, `const double *rows[*]`, the definitions giving `[n]`; the
   dependences shape them (`[n]v`, `a[r][0;NC]`).  gcc said "'[*]' not allowed in other
   than function prototype scope" on mcc's spawn function (a `[*]` in another dimension,
   whose size the task would need, is an error: tests/ompss/diag) */
#include <stdio.h>

#define NC 6

#pragma omp task inout([n]v)
void scale(int n, double v[*], double f);

#pragma omp task inout(a[r][0;NC]) in([n]v)
void add_row(int n, double a[*][NC], int r, const double v[*]);

#pragma omp task in(*rows[0], *rows[1]) inout(*out)
void pair_sum(int n, const double *rows[*], double *out);

void scale(int n, double v[n], double f)
{
  for (int i = 0; i < n; i++)
    v[i] = v[i] * f + i;
}

void add_row(int n, double a[n][NC], int r, const double v[n])
{
  for (int j = 0; j < NC; j++)
    a[r][j] += v[j % n];
}

void pair_sum(int n, const double *rows[n], double *out)
{
  *out += *rows[0] * 10 + *rows[1];
}

int main(void)
{
  double v[NC], a[4][NC] = {{0}}, out = 0;
  const double *rows[3][2];   /* each task reads its pair when it runs */
  for (int i = 0; i < NC; i++)
    v[i] = i;
  for (int rep = 0; rep < 3; rep++) {
    scale(NC, v, 1.5);
    for (int r = 0; r < 4; r++)
      add_row(NC, a, r, v);
    rows[rep][0] = &a[rep][1];
    rows[rep][1] = &a[rep + 1][2];
    pair_sum(2, rows[rep], &out);
  }
#pragma omp taskwait
  double s = 0;
  for (int r = 0; r < 4; r++)
    for (int j = 0; j < NC; j++)
      s += a[r][j] * (r + j + 1);
  printf("a %.4f out %.4f v5 %.4f\n", s, out, v[5]);
  return 0;
}
