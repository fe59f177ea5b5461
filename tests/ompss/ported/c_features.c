/* ported: openmp
   ported-werror
   task bodies and captures with newer and GNU C: _Generic, _Static_assert,
   __auto_type, __int128 captured firstprivate, case ranges, a range designator
   ([0 ... 7] = 1), computed goto (&&label) inside the body, asm volatile with a memory
   clobber, an anonymous struct/union member reached in a depend clause, _Alignof */
#include <stdio.h>
#include <stdint.h>

#define KIND(x) _Generic((x), int: 1, long: 2, double: 3, default: 0)

struct cell {
  int tag;
  union { long l; double d; };
  struct { int lo, hi; };
};

int main(void)
{
  __int128 big = (__int128)1 << 100;
  struct cell c[4] = { { .tag = 0, .l = 5, .lo = 1, .hi = 2 } };
  int tab[8] = { [0 ... 2] = 1, [3] = 7, [4 ... 7] = 1 };
  long out[8] = { 0 };
  _Static_assert(sizeof(struct cell) >= sizeof(double), "cell");
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < 8; i++) {
#pragma omp task firstprivate(big, i, tab) shared(out) depend(out: out[i])
      {
        __auto_type shift = big >> (90 + i % 4);
        long v = (long)shift;
        static void *jump[] = { &&even, &&odd };
        goto *jump[i & 1];
      even:
        v += KIND(v) * 100;
        goto done;
      odd:
        v += KIND(1.0) * 1000;
      done:
        switch (i) {
        case 0 ... 2: v += tab[i]; break;
        case 3 ... 5: v -= tab[3]; break;
        default: v += (long)_Alignof(struct cell);
        }
        __asm__ volatile("" ::: "memory");
        out[i] = v;
      }
    }
#pragma omp task depend(inout: c[0].hi) shared(c)
    {
      c[0].hi += c[0].lo;
      c[0].d = 2.5;
    }
#pragma omp task depend(in: c[0].hi) depend(inout: c[1].lo) shared(c)
    c[1].lo = c[0].hi * 10;
  }
  long s = 0;
  for (int i = 0; i < 8; i++)
    s = s * 3 + out[i];
  printf("s %ld cells %d %d %.1f big %d\n", s, c[0].hi, c[1].lo, c[0].d, (int)(big >> 99));
  return 0;
}
