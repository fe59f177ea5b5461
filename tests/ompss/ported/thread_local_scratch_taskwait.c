/* ported: openmp
   ported-werror
 * C11 `_Thread_local` (and GNU `__thread`) workspaces that tasks fill, then wait for tasks
 * of their own, then read back: a solver's per-thread scratch row and a per-thread count
 * of the rows it packed, kept in thread-local storage instead of threadprivate.  OpenMP's
 * scheduling constraint for tied tasks keeps an unrelated task from starting on a thread
 * while a task tied to it waits, so no other row task can set the thread's scratch
 * meanwhile: nanort ran sibling rows on the waiting task's stack, which packed their own
 * rows into the same thread's scratch (bad rows on every worker count). */
#include <stdio.h>

#define NR 96
#define NC 64

static _Thread_local double scratch[NC];
static __thread long packed;

static double m[NR][NC];
static double half[NR][2], norm[NR];
static int stale[NR];

static double sum_half(const double *row, int n)
{
  double s = 0;
  for (int r = 0; r < 40; r++)          /* long enough for the packer to wait */
    for (int j = 0; j < n; j++)
      s += row[j] * (r == 0);
  return s;
}

static void row_task(int i)
{
  long before = packed;
  for (int j = 0; j < NC; j++) {
    scratch[j] = m[i][j] * m[i][j];
    packed++;
  }
  for (int h = 0; h < 2; h++) {
    #pragma omp task firstprivate(h, i)
    half[i][h] = sum_half(&m[i][h * NC / 2], NC / 2);
  }
  #pragma omp taskwait
  double check = 0;
  for (int j = 0; j < NC; j++)
    check += scratch[j] - m[i][j] * m[i][j];   /* 0 while the scratch is this row's */
  stale[i] = packed - before != NC;
  norm[i] = half[i][0] + half[i][1] + check * 1000;
}

int main(void)
{
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++)
      m[i][j] = (i * 7 + j) % 11 * 0.5;
  #pragma omp parallel
  #pragma omp single
  for (int i = 0; i < NR; i++) {
    #pragma omp task firstprivate(i)
    row_task(i);
  }
  double total = 0;
  int bad = 0, nstale = 0;
  for (int i = 0; i < NR; i++) {
    double want = 0;
    for (int j = 0; j < NC; j++)
      want += m[i][j];
    bad += norm[i] != want;
    nstale += stale[i];
    total += norm[i];
  }
  printf("rows: total %.2f, %d bad, %d stale\n", total, bad, nstale);
  return 0;
}
