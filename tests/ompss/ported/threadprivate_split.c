/* ported: openmp
 * ported-werror
 * threadprivate of some of the names of one declaration: `static int calls = 0, seed = 1,
 * limit = 1000;` with threadprivate(seed), at file scope, for an extern declaration and
 * its definition, and for a static local; and of a variable declared __thread already
 * (mcc wrote a second __thread).  The names not listed stay shared: every thread's
 * increments of `calls` reach the one variable (a thread-local `calls` would lose the
 * workers' counts), while each thread's `seed` is its own scratch value.
 * mcc refused it ("declared together with other names that are not"). */
#include <stdio.h>

static int calls = 0, seed = 1, limit = 1000;
#pragma omp threadprivate(seed)

static __thread int tls_base = 3;       /* __thread already, then threadprivate */
#pragma omp threadprivate(tls_base)

extern double scale, scratch;
double scale = 0.5, scratch;
#pragma omp threadprivate(scratch)

static long work(int i)
{
    static long hits, last_i;
#pragma omp threadprivate(last_i)
    last_i = i;
#pragma omp atomic
    hits++;
    seed = (int)(last_i * 7 % 13);     /* this thread's scratch value */
    scratch = seed * scale;
#pragma omp atomic
    calls++;
    return (long)(2 * scratch) + (last_i == i) + (hits > 0) + tls_base - 3;
}

int main(void)
{
    long sum = 0;
#pragma omp parallel for reduction(+ : sum) schedule(dynamic, 7)
    for (int i = 0; i < limit; i++)
        sum += work(i);
    printf("sum %ld, calls %d of %d, scale %.2f\n", sum, calls, limit, scale);
    return 0;
}
