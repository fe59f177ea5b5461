/* ported: ompss
   ported-werror
   Function tasks declared at the top of the file by prototypes without parameter names, as
   header-style C writes them (`void fill(double (*)[4], int, const double [restrict],
   size_t);`, `static void tag(row4 *, const int);`, `void count(int, long *);`) and
   defined further down with names; the pragmas name no parameter (the work synchronizes
   by taskwait), one a global.  mcc said "sorry, unimplemented: function task 'fill' needs
   names for its parameters"; the definition's names are now taken */
#include <stdio.h>
#include <stddef.h>

#define ROWS 6

typedef double row4[4];
long calls;

#pragma omp task
void fill(double (*)[4], int, const double [restrict], size_t);
#pragma omp task
static void tag(row4 *, const int);
#pragma omp task inout(calls)
void count(int, long *);

int main(void)
{
  double m[ROWS][4] = {{0}}, src[4] = {1, 2, 3, 4};
  long seen[ROWS] = {0};
  for (int i = 0; i < ROWS; i += 2)
    fill(&m[i], 2, src, 4);
  #pragma omp taskwait
  for (int i = 0; i < ROWS; i++)
    tag(&m[i], i * 10);
  for (int i = 0; i < ROWS; i++)
    count(i, &seen[i]);
  #pragma omp taskwait
  double s = 0;
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < 4; j++)
      s += m[i][j] * (j + 1);
  printf("sum %.1f corner %.1f calls %ld seen %ld %ld\n", s, m[ROWS - 1][3], calls, seen[0],
         seen[ROWS - 1]);
  return 0;
}

void fill(double (*rows)[4], int nrows, const double src[restrict], size_t cols)
{
  for (int i = 0; i < nrows; i++)
    for (size_t j = 0; j < cols; j++)
      rows[i][j] = src[j] * (i + 1);
}

static void tag(row4 *r, const int k)
{
  (*r)[1] += k;
}

void count(int i, long *seen)
{
  calls += 1;
  *seen = calls * 100 + i;
}
