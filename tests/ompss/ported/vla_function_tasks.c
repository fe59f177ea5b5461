/* ported: ompss
   ported-werror
   function tasks over VLA parameters as numerical libraries write them:
   prototypes and definitions with `double a[n][n]` (one dimension a parameter), dependences on
   2-D sections of the VLA parameter (a[i0;bs][j0;bs]), an index computed by a function
   in a clause, a struct with a flexible array member reached through a pointer
   (b->v[0;b->n]), a dependence through a cast to a pointer to array */
#include <stdio.h>
#include <stdlib.h>

struct buf { int n; double v[]; };

static int idx(int i, int j, int w) { return i * w + j; }

#pragma omp task inout(a[i0;bs][j0;bs])
void tile_update(int n, double a[n][n], int i0, int j0, int bs, double f);

#pragma omp task in(a[0;n][0;n]) inout(b->v[0;b->n])
void reduce_rows(int n, const double a[n][n], struct buf *b);

#pragma omp task inout(flat[idx(r, 0, w);w])
void row_scale(double *flat, int r, int w, double f);

#pragma omp task inout(*(double (*)[8])p)
void oct_negate(void *p);

void tile_update(int n, double a[n][n], int i0, int j0, int bs, double f)
{
  for (int i = i0; i < i0 + bs; i++)
    for (int j = j0; j < j0 + bs; j++)
      a[i][j] = a[i][j] * f + (i - j);
}

void reduce_rows(int n, const double a[n][n], struct buf *b)
{
  for (int i = 0; i < b->n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++)
      s += a[i % n][j];
    b->v[i] += s;
  }
}

void row_scale(double *flat, int r, int w, double f)
{
  for (int j = 0; j < w; j++)
    flat[idx(r, j, w)] *= f;
}

void oct_negate(void *p)
{
  double *d = p;
  for (int k = 0; k < 8; k++)
    d[k] = -d[k] + k;
}

int main(void)
{
  int n = 24, bs = 8;
  double (*a)[n] = malloc(sizeof(double[n][n]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = (i * 31 + j * 17) % 10;
  struct buf *b = malloc(sizeof *b + 5 * sizeof(double));
  b->n = 5;
  for (int i = 0; i < 5; i++)
    b->v[i] = i;
  for (int rep = 0; rep < 3; rep++) {
    for (int i0 = 0; i0 < n; i0 += bs)
      for (int j0 = 0; j0 < n; j0 += bs)
        tile_update(n, a, i0, j0, bs, 0.5 + rep);
    reduce_rows(n, (const double (*)[n])a, b);
    for (int r = 0; r < n; r += 5)
      row_scale(&a[0][0], r, n, 1.25);
    oct_negate(&a[rep][4]);
  }
#pragma omp taskwait
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += a[i][j] * ((i + j) % 3 + 1);
  printf("grid %.4f rows %.4f %.4f %.4f\n", s, b->v[0], b->v[2], b->v[4]);
  free(a);
  free(b);
  return 0;
}
