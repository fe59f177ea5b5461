/* ported: openmp
   ported-werror
   C11 <stdatomic.h> counters and flags used by tasks instead of omp atomic:
   an _Atomic long local shared by tasks, an atomic_int array, an _Atomic(int) slot cursor,
   atomic_flag as a spin lock, const locals and a const array captured firstprivate */
#include <stdio.h>
#include <stdatomic.h>

#define NT 64

int main(void)
{
  _Atomic long hits = 0;
  atomic_int bins[4];
  for (int i = 0; i < 4; i++)
    atomic_init(&bins[i], 0);
  static double slots[NT];
  _Atomic(int) cursor = 0;
  atomic_flag lock = ATOMIC_FLAG_INIT;
  long guarded = 0;
  const int scale = 3;
  const int weights[4] = { 1, 10, 100, 1000 };
#pragma omp parallel
#pragma omp single
  for (int t = 0; t < NT; t++) {
#pragma omp task shared(hits, bins, cursor, lock, guarded) firstprivate(t)
    {
      atomic_fetch_add(&hits, t * scale);
      atomic_fetch_add_explicit(&bins[t % 4], weights[t % 4], memory_order_relaxed);
      slots[atomic_fetch_add(&cursor, 1)] += 1.0;
      while (atomic_flag_test_and_set(&lock))
        ;
      guarded += t * t;
      atomic_flag_clear(&lock);
    }
  }
  double s = 0;
  for (int i = 0; i < NT; i++)
    s += slots[i];
  printf("hits %ld bins %d %d %d %d guarded %ld slots %.1f used %d\n", atomic_load(&hits),
         atomic_load(&bins[0]), atomic_load(&bins[1]), atomic_load(&bins[2]), atomic_load(&bins[3]),
         guarded, s, atomic_load(&cursor));
  return 0;
}
