/* ported: openmp
   ported-werror
 * A threadprivate workspace that tasks fill, then wait for tasks of their own, then read
 * back, as codes keep a per-thread buffer or accumulator in a threadprivate variable (a
 * Fortran-style COMMON block turned into a struct): each block task packs its block into
 * its thread's copy and counts into its thread's tally, creates tasks that reduce the
 * block's halves and waits for them, then checks the copy and reads the tally back.
 * OpenMP's scheduling constraint for tied tasks keeps an unrelated task from starting on
 * a thread while a task tied to it waits, so no other block can set the copy meanwhile:
 * nanort ran sibling blocks on the waiting task's stack, which packed their own blocks
 * into the same thread's copy (bad blocks on every worker count). */
#include <stdio.h>

#define NB 96
#define BS 64

struct work {
  double buf[BS];
  int owner;
  long tally;
};
static struct work ws;
#pragma omp threadprivate(ws)

static double data[NB * BS];
static double partial[NB][2], result[NB];
static int stale[NB];

static double half_sum(const double *v, int n)
{
  double s = 0;
  for (int r = 0; r < 40; r++)          /* long enough for the packer to wait */
    for (int i = 0; i < n; i++)
      s += v[i] * (r == 0);
  return s;
}

static void pack_block(int b)
{
  ws.owner = b;
  long before = ws.tally;
  for (int i = 0; i < BS; i++) {
    ws.buf[i] = data[b * BS + i] * 2;
    ws.tally++;
  }
  for (int h = 0; h < 2; h++) {
    #pragma omp task firstprivate(h, b)
    partial[b][h] = half_sum(&data[b * BS + h * BS / 2], BS / 2);
  }
  #pragma omp taskwait
  double check = 0;
  for (int i = 0; i < BS; i++)
    check += ws.buf[i] - data[b * BS + i] * 2;   /* 0 while the copy is this block's */
  stale[b] = ws.owner != b || ws.tally - before != BS;
  result[b] = partial[b][0] + partial[b][1] + check * 1000;
}

int main(void)
{
  for (int i = 0; i < NB * BS; i++)
    data[i] = (i % 13) * 0.25 + i / 64;
  #pragma omp parallel
  #pragma omp single
  for (int b = 0; b < NB; b++) {
    #pragma omp task firstprivate(b)
    pack_block(b);
  }
  double total = 0;
  int bad = 0, nstale = 0;
  for (int b = 0; b < NB; b++) {
    double want = 0;
    for (int i = 0; i < BS; i++)
      want += data[b * BS + i];
    bad += result[b] != want;
    nstale += stale[b];
    total += result[b];
  }
  printf("blocks: total %.2f, %d bad, %d stale\n", total, bad, nstale);
  return 0;
}
