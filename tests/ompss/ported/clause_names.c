/* ported: ompss
   ported-werror
   image-processing style names that are also clause words: buffers
   called in, out, inout, label, input, output, shared, private, final, priority, used
   in the clauses of function and inline tasks; a block-scope extern and a static local
   used by tasks (shared), an inner variable shadowing an outer one of another type */
#include <stdio.h>

#define W 32

int gcount;

#pragma omp task in([n]in) out([n]out)
static void blur(const float *in, float *out, int n)
{
  for (int i = 0; i < n; i++)
    out[i] = (in[i > 0 ? i - 1 : i] + in[i] + in[i < n - 1 ? i + 1 : i]) / 3.0f;
}

#pragma omp task inout([n]inout) in(*label) priority(priority)
static void bump(float *inout, int n, const int *label, int priority)
{
  for (int i = 0; i < n; i++)
    inout[i] += *label + priority;
}

int main(void)
{
  float in[W], out[W], input[W], output[W];
  int label = 3, final = 0, priority = 2, shared = 7, private = 1;
  for (int i = 0; i < W; i++)
    in[i] = (float)(i * i % 17);
  blur(in, out, W);
  bump(out, W, &label, priority);
  blur(out, input, W);
#pragma omp task in(input) out(output) firstprivate(final, shared) private(private) if(!final)
  {
    private = shared * 2;
    for (int i = 0; i < W; i++)
      output[i] = input[i] * private + final;
  }
  {
    extern int gcount;
    static int calls;
    double label = 0.5;
#pragma omp task inout(gcount, calls) firstprivate(label)
    {
      gcount += (int)(label * 10);
      calls++;
    }
#pragma omp taskwait
    printf("gcount %d calls %d\n", gcount, calls);
  }
#pragma omp taskwait
  double s = 0;
  for (int i = 0; i < W; i++)
    s += output[i] * (i + 1);
  printf("sum %.5f\n", s);
  return 0;
}
