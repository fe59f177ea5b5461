/* ported: openmp
   ported-werror
   task bodies written with GNU C: statement expressions, typeof,
   compound literals, a local label with goto inside the body, a nested switch with
   break, a struct returned by value, __builtin_expect in if(), a static dispatch
   table of function pointers indexed in the task, a VLA sized by a firstprivate */
#include <stdio.h>
#include <stdlib.h>

#define MAX(a, b) ({ typeof(a) _a = (a); typeof(b) _b = (b); _a > _b ? _a : _b; })
#define NJ 24

struct stats { long sum; int max; int count; };

static int op_sq(int x) { return x * x; }
static int op_neg(int x) { return -x; }
static int op_tri(int x) { return x * (x + 1) / 2; }
static int (*const ops[])(int) = { op_sq, op_neg, op_tri };
#define NOPS (int)(sizeof ops / sizeof ops[0])

static struct stats summarize(const int *v, int n)
{
  struct stats s = { 0, -1000000, 0 };
  for (int i = 0; i < n; i++) {
    s.sum += v[i];
    s.max = MAX(s.max, v[i]);
    s.count++;
  }
  return s;
}

int main(void)
{
  struct stats res[NJ];
  int out[NJ][8];
#pragma omp parallel
#pragma omp single
  for (int j = 0; j < NJ; j++) {
    int len = 3 + j % 6;
#pragma omp task firstprivate(len, j) shared(res, out) if(__builtin_expect(j > 2, 1))
    {
      __label__ done;
      int tmp[len];
      for (int i = 0; i < len; i++) {
        switch ((i + j) % 4) {
        case 0:
          tmp[i] = ops[(i + j) % NOPS](i + j);
          break;
        case 1:
          tmp[i] = ((int[]){ 5, 7, 11 })[i % 3];
          break;
        default:
          tmp[i] = ({ int q = i * j; q % 13; });
        }
        if (tmp[i] == 11 && j % 5 == 0) {
          len = i + 1;
          goto done;
        }
      }
    done:
      res[j] = summarize(tmp, len);
      for (int i = 0; i < 8; i++)
        out[j][i] = i < len ? tmp[i] : 0;
    }
  }
  long check = 0;
  for (int j = 0; j < NJ; j++) {
    check += res[j].sum * 3 + res[j].max * 5 + res[j].count;
    for (int i = 0; i < 8; i++)
      check += out[j][i] * (i + 1);
  }
  printf("check %ld sum0 %ld max5 %d count20 %d\n", check, res[0].sum, res[5].max, res[20].count);
  return 0;
}
