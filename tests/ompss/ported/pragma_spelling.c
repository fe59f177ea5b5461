/* ported: openmp
 * ported-werror
 * Directive spellings real code has: a `_Pragma` pair on one line from one macro
 * (`PAR_SINGLE` = `_Pragma("omp parallel") _Pragma("omp single")`), a task macro taking a
 * dependence list with commas through `__VA_ARGS__`, clauses from macros that expand to
 * sections (`BLK(a, b)` = `a[(b) * BS:BS]`), very long pragma lines continued with
 * backslashes (one continued inside a section's bounds, one between a clause's name and
 * its parenthesis), a pragma whose continuation lines are indented with tabs, `omp`
 * directives with extra spaces and a trailing comment, `taskwait` from a macro. */
#include <stdio.h>

#define BS 8
#define NBLK 6
#define DO_PRAGMA(x) _Pragma(#x)
#define PAR_SINGLE _Pragma("omp parallel") _Pragma("omp single")
#define TASK(...) DO_PRAGMA(omp task __VA_ARGS__)
#define BLK(a, b) a[(b) * BS:BS]
#define WAIT() DO_PRAGMA(omp taskwait)

static double data[NBLK * BS], out[NBLK * BS];

static void step(double *a, double *b, int k)
{
    for (int i = 0; i < BS; i++)
        b[i] = b[i] * 0.5 + a[i] + k;
}

int main(void)
{
    for (int i = 0; i < NBLK * BS; i++)
        data[i] = i % 5;
    double total = 0.0;
    PAR_SINGLE
    {
        for (int k = 0; k < 3; k++)
            for (int b = 0; b < NBLK; b++) {
                TASK(depend(in: BLK(data, b), BLK(data, (b + 1) % NBLK)) depend(inout: BLK(out, b)) firstprivate(k))
                step(&data[b * BS], &out[b * BS], k);
            }
        for (int b = 0; b < NBLK; b++) {
#pragma omp task depend(inout: data[b * BS:BS]) depend(in: out[b * BS:BS]) firstprivate(b) shared(data, out) default(none)
            for (int i = 0; i < BS; i++)
                data[b * BS + i] += out[b * BS + i];
        }
#pragma omp task depend(in: data[0 * BS:BS], data[1 * BS:BS], data[2 * BS:BS], data[3 * \
BS:BS], data[4 * BS:BS], data[5 * BS:BS]) \
                 shared(total) depend(out: total)
        for (int i = 0; i < NBLK * BS; i++)
            total += data[i];
#pragma   omp   task   depend \
            (inout: total) shared   (total)   /* scaled once the sum is there */
        total *= 2.0;
#pragma omp task depend(inout: total) \
	shared(total) \
	if(total >= 0.0)
        total += 1.0;
        WAIT()
    }
    printf("total %.3f out0 %.3f out_last %.3f\n", total, out[0], out[NBLK * BS - 1]);
    return 0;
}
