/* ported: openmp
   ported-werror
 * A random generator whose state is thread-local (C11 `_Thread_local`, and a GNU `__thread`
 * count of draws), as Monte Carlo codes keep one per thread: each walker task seeds its
 * thread's generator from its own number, creates tasks that build the walker's grid
 * cells and waits for them, then draws its steps from the generator.  OpenMP's
 * scheduling constraint for tied tasks keeps an unrelated task from starting on a thread
 * while a task tied to it waits, so no other walker can reseed the thread's generator
 * meanwhile: nanort ran sibling walkers on the waiting task's stack, which reseeded it,
 * and walks came out as other walkers' (every worker count). */
#include <stdio.h>

#define NW 96
#define NCELL 32
#define NSTEP 50

static _Thread_local unsigned long long rng;
static __thread long draws;

static double cell[NW][NCELL];
static long walk_end[NW];
static int miscounted[NW];

static unsigned next_rand(void)
{
  rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
  draws++;
  return (unsigned)(rng >> 33);
}

static void build_cells(int w, int lo)
{
  for (int r = 0; r < 40; r++)          /* long enough for the walker to wait */
    for (int c = lo; c < lo + NCELL / 2; c++)
      cell[w][c] = (w + c) % 5 + r * 0.0;
}

static void walker(int w)
{
  rng = 1000003ULL * (unsigned long long)(w + 1);
  long before = draws;
  for (int h = 0; h < 2; h++) {
    #pragma omp task firstprivate(w, h)
    build_cells(w, h * NCELL / 2);
  }
  #pragma omp taskwait
  long pos = 0;
  for (int s = 0; s < NSTEP; s++)
    pos += (long)cell[w][next_rand() % NCELL] - 2;
  walk_end[w] = pos;
  miscounted[w] = draws - before != NSTEP;
}

int main(void)
{
  #pragma omp parallel
  #pragma omp single
  for (int w = 0; w < NW; w++) {
    #pragma omp task firstprivate(w)
    walker(w);
  }
  long sum = 0, weighted = 0;
  int bad = 0;
  for (int w = 0; w < NW; w++) {
    sum += walk_end[w];
    weighted += walk_end[w] * (w + 1);
    bad += miscounted[w];
  }
  printf("walks: sum %ld, weighted %ld, %d miscounted\n", sum, weighted, bad);
  return 0;
}
