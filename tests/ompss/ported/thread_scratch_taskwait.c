/* ported: openmp
   ported-werror
   ported-seq-libs: -lgomp
 * Per-thread workspaces indexed by omp_get_thread_num() inside tasks that wait for their
 * children, as packing buffers of blocked kernels are: a block task (of a taskloop) packs
 * its block into its thread's workspace, creates tasks that reduce the packed halves and
 * waits for them, then reads the workspace again (the packed block's checksum, an
 * unpack).  OpenMP's scheduling constraint for tied tasks keeps an unrelated task from
 * starting on a thread while a task tied to it waits: nanort ran sibling blocks on the
 * waiting task's stack, which packed their own blocks into the same thread's workspace
 * (bad blocks on every worker count). */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

#define NB 96
#define BS 64
#define MAXT 256

static double data[NB * BS];
static double pack[MAXT][BS];
static double partial[NB][2], result[NB];

static double half_sum(const double *w, int lo, int n)
{
  double s = 0;
  for (int r = 0; r < 40; r++)          /* long enough for the packer to wait */
    for (int i = lo; i < lo + n; i++)
      s += w[i] * (r == 0);
  return s;
}

static void block(int b)
{
  double *w = pack[omp_get_thread_num()];
  for (int i = 0; i < BS; i++)
    w[i] = data[b * BS + i] * 2;
  for (int h = 0; h < 2; h++) {
    #pragma omp task firstprivate(h, b, w)
    partial[b][h] = half_sum(w, h * BS / 2, BS / 2);
  }
  #pragma omp taskwait
  double check = 0;
  for (int i = 0; i < BS; i++)
    check += w[i] - data[b * BS + i] * 2;   /* 0 when the workspace is still this block's */
  result[b] = partial[b][0] + partial[b][1] + check * 1000;
}

int main(void)
{
  for (int i = 0; i < NB * BS; i++)
    data[i] = (i % 17) * 0.5 + i / 100;
  #pragma omp parallel
  #pragma omp single
  #pragma omp taskloop grainsize(1)
  for (int b = 0; b < NB; b++)
    block(b);
  double total = 0;
  int bad = 0;
  for (int b = 0; b < NB; b++) {
    double want = 0;
    for (int i = 0; i < BS; i++)
      want += data[b * BS + i] * 2;
    bad += result[b] != want;
    total += result[b];
  }
  printf("blocks: total %.1f, %d bad\n", total, bad);
  return 0;
}
