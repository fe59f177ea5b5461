/* Nested recursion: fib(n) as a tree of function tasks and of inline tasks, each level
 * waiting for its two children with taskwait; checked against the iterative value. */
#include "ompss_check.h"

#pragma omp task out(*res)
void fib_task(int n, long *res);

void fib_task(int n, long *res)
{
    if (n < 2) {
        *res = n;
        return;
    }
    long a, b;
    fib_task(n - 1, &a);
    fib_task(n - 2, &b);
#pragma omp taskwait
    *res = a + b;
}

static long fib_inline(int n)
{
    if (n < 2)
        return n;
    long a, b;
#pragma omp task shared(a) firstprivate(n)
    a = fib_inline(n - 1);
#pragma omp task shared(b) firstprivate(n)
    b = fib_inline(n - 2);
#pragma omp taskwait
    return a + b;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 18;
    long r1 = -1, r2;
    fib_task(n, &r1);
#pragma omp taskwait
    r2 = fib_inline(n);
    long x = 0, y = 1;
    for (int i = 0; i < n; i++) {
        long t = x + y;
        x = y;
        y = t;
    }
    CHECK(r1 == x, "fib_task(%d) = %ld, expected %ld", n, r1, x);
    CHECK(r2 == x, "fib_inline(%d) = %ld, expected %ld", n, r2, x);
    return result_ok();
}
