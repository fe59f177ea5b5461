/*
 * fib.c - Fibonacci numbers by naive recursion, one task per call (nested tasks).
 *
 *   usage: fib [N [CUTOFF]]     (defaults 30 12)
 *   mcc --ompss -O2 fib.c -o fib && NX_ARGS="--smp-workers=2" ./fib 30
 *
 * fib(n) creates two child tasks and waits for them with taskwait; below CUTOFF it
 * recurses sequentially (final(...) makes the whole subtree run undeferred, as an
 * OmpSs program typically cuts task creation off).  The result is checked against the
 * iterative value; exit status 0 and "result: OK" when right, 1 when wrong.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int cutoff;

static long fib(int n)
{
    if (n < 2)
        return n;
    long x, y;
#pragma omp task shared(x) final(n <= cutoff)
    x = fib(n - 1);
#pragma omp task shared(y) final(n <= cutoff)
    y = fib(n - 2);
#pragma omp taskwait
    return x + y;
}

static long fib_iterative(int n)
{
    long a = 0, b = 1;
    for (int i = 0; i < n; i++) {
        long t = a + b;
        a = b;
        b = t;
    }
    return a;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 30;
    cutoff = argc > 2 ? atoi(argv[2]) : 12;
    if (n < 0 || n > 90) {
        fprintf(stderr, "usage: %s [N [CUTOFF]]  (0 <= N <= 90)\n", argv[0]);
        return 2;
    }
    double t0 = omp_get_wtime();
    long r = fib(n);
    double secs = omp_get_wtime() - t0;
    long want = fib_iterative(n);
    printf("fib(%d) = %ld, cutoff %d\n", n, r, cutoff);
    printf("time: %.6f s\n", secs);
    if (r != want) {
        printf("result: WRONG (expected %ld)\n", want);
        return 1;
    }
    printf("result: OK\n");
    return 0;
}
