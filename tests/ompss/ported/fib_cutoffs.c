/* ported: openmp
   ported-werror ported-seq-libs: -lgomp
   fib in the shape of BOTS fib: final/if cut-offs, omp_in_final, taskwait */
#include <stdio.h>
#include <omp.h>

static long fib_seq(int n)
{
    return n < 2 ? n : fib_seq(n - 1) + fib_seq(n - 2);
}

static long fib_final(int n, int cutoff)
{
    long x, y;
    if (n < 2)
        return n;
    #pragma omp task shared(x) firstprivate(n) final(n <= cutoff)
    x = fib_final(n - 1, cutoff);
    #pragma omp task shared(y) firstprivate(n) final(n <= cutoff)
    y = fib_final(n - 2, cutoff);
    #pragma omp taskwait
    return x + y;
}

static long fib_if(int n, int depth, int max_depth)
{
    long x, y;
    if (n < 2)
        return n;
    #pragma omp task shared(x) if(depth < max_depth) untied
    x = fib_if(n - 1, depth + 1, max_depth);
    #pragma omp task shared(y) if(depth < max_depth) untied
    y = fib_if(n - 2, depth + 1, max_depth);
    #pragma omp taskwait
    return x + y;
}

/* manual cut-off: below it, call the sequential version */
static long fib_manual(int n, int cutoff)
{
    long x, y;
    if (n < cutoff)
        return fib_seq(n);
    #pragma omp task shared(x)
    x = fib_manual(n - 1, cutoff);
    y = fib_manual(n - 2, cutoff);
    #pragma omp taskwait
    return x + y;
}

static int finals_seen;

static void count_final(int n)
{
    if (n <= 0)
        return;
    #pragma omp task final(1) firstprivate(n)
    {
        /* everything below a final task is included: one counter is safe */
        if (omp_in_final()) {
            #pragma omp atomic
            finals_seen++;
        }
        #pragma omp task
        count_final(n - 1);
    }
    #pragma omp taskwait
}

int main(void)
{
    long r1 = 0, r2 = 0, r3 = 0;
    #pragma omp parallel
    #pragma omp single
    {
        r1 = fib_final(24, 12);
        r2 = fib_if(23, 0, 6);
        r3 = fib_manual(25, 15);
        count_final(5);
    }
    printf("fib_final(24) = %ld\n", r1);
    printf("fib_if(23) = %ld\n", r2);
    printf("fib_manual(25) = %ld\n", r3);
    printf("seq check %ld %ld %ld\n", fib_seq(24), fib_seq(23), fib_seq(25));
    /* in the sequential program omp_in_final() is 0 */
    printf("finals %s\n", finals_seen == 0 || finals_seen == 5 ? "ok" : "bad");
    return 0;
}
