/* schedule(static) without a chunk size: one chunk per thread, of sizes that differ by one
 * at most (OpenMP: approximately equal chunks, at most one per thread), which codes see
 * through variables that carry a value across a chunk's iterations: a firstprivate
 * accumulator handed out by lastprivate, a random stream each thread's chunk advances, the
 * first iteration of each chunk.  mcc cut such loops into about 4 tasks per worker: the
 * accumulator held a sixteenth of the sum (k 197 for gcc's 2175 on 4 threads).  Compared
 * with gcc -fopenmp on as many threads as workers (chunks are no sequential semantics). */
#include <stdio.h>

#define N 100

static int first_of[N];

/* chunks over the n iterations marked with their chunk's first iteration */
static void report(const char *what, int n)
{
    int chunks = 1, size = 1, lo = N, hi = 0;
    for (int i = 1; i <= n; i++) {
        if (i == n || first_of[i] != first_of[i - 1]) {
            lo = size < lo ? size : lo;
            hi = size > hi ? size : hi;
            if (i == n)
                break;
            chunks++;
            size = 0;
        }
        size++;
    }
    printf("%-28s %3d iterations: %d chunks of %d to %d\n", what, n, chunks, lo, hi);
}

static unsigned lcg(unsigned s)
{
    return s * 1103515245u + 12345u;
}

int main(void)
{
    long k = 0;
    #pragma omp parallel for schedule(static) firstprivate(k) lastprivate(k)
    for (int i = 0; i < N; i++)
        k += i;
    printf("accumulator %ld\n", k);

    unsigned seed = 42, last = 0;
    double sum = 0;
    #pragma omp parallel
    {
        #pragma omp for schedule(static) firstprivate(seed) lastprivate(last) reduction(+: sum)
        for (int i = 0; i < N; i++) {
            seed = lcg(seed);
            last = seed >> 16;
            sum += (double)(seed >> 16) / 65536.0;
        }
    }
    printf("stream last %u sum %.6f\n", last, sum);

    static const int sizes[] = {100, 10, 3, 1};
    for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int n = sizes[s], first = -1;
        #pragma omp parallel for schedule(static) firstprivate(first)
        for (int i = 0; i < n; i++) {
            if (first < 0)
                first = i;
            first_of[i] = first;
        }
        report("parallel for schedule(static)", n);
    }
    return 0;
}
