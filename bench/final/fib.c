/*
 * fib.c - Fibonacci by naive recursion with a final cut-off (bench/final).
 *
 *   usage: fib N CUTOFF       prints "time: S s" (the recursion only) and "result: OK"
 *
 * Above the cut-off every call creates two tasks; the tasks of a call with n <= CUTOFF are
 * final, so everything below runs in the thread that created it, in program order.  The
 * same file is the sequential program (gcc, pragmas ignored), the OpenMP one (gcc
 * -fopenmp: parallel + single around the root call) and the OmpSs one (mcc).
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int cutoff;

static long fib(int n)
{
    long x, y;
    if (n < 2)
        return n;
    #pragma omp task shared(x) final(n <= cutoff)
    x = fib(n - 1);
    #pragma omp task shared(y) final(n <= cutoff)
    y = fib(n - 2);
    #pragma omp taskwait
    return x + y;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 34;
    cutoff = argc > 2 ? atoi(argv[2]) : 20;
    long r = 0;
    double t0 = omp_get_wtime();
    #pragma omp parallel
    #pragma omp single
    r = fib(n);
    double t = omp_get_wtime() - t0;
    long a = 0, b = 1;
    for (int i = 0; i < n; i++) {
        long s = a + b;
        a = b;
        b = s;
    }
    printf("fib(%d) = %ld, cutoff %d\ntime: %.6f s\nresult: %s\n", n, r, cutoff, t,
           r == a ? "OK" : "WRONG");
    return r != a;
}
