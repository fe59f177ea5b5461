/* Worksharing loops that use threadprivate state each thread set up in an earlier region
 * (a per-thread generator seeded by thread number, as Monte Carlo and NPB-style codes
 * keep one): a combined `parallel for schedule(static)` and a `for schedule(static, 2)`
 * in a region's body draw from the copy of the thread that runs the iteration and count
 * their draws in it; a last region adds the counts.  What the loops draw depends on the
 * schedule and the team's size, as with gcc -fopenmp on as many threads (run.sh compares
 * them at 1 to 4).  mcc ran each such loop as one task on the region's thread (warning
 * "the loop names threadprivate"), drawing every iteration from thread 0's generator. */
#include <stdio.h>
#include <omp.h>

#define N 24

static unsigned long long seed;
static int draws;
#pragma omp threadprivate(seed, draws)

static unsigned next(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    draws++;
    return (unsigned)(seed >> 33) % 1000u;
}

int main(void)
{
    long a = 0, b = 0;
    int i, total = 0, got[N];

#pragma omp parallel
    {
        seed = 1000u + 7u * (unsigned)omp_get_thread_num();
        draws = 0;
#pragma omp barrier
    }
#pragma omp parallel for schedule(static) reduction(+: a)
    for (i = 0; i < N; i++) {
        got[i] = (int)next();
        a += got[i];
    }
#pragma omp parallel reduction(+: b)
    {
#pragma omp for schedule(static, 2)
        for (i = 0; i < N; i++)
            b += next() % 10u;
    }
#pragma omp parallel reduction(+: total)
    total += draws;
    printf("combined loop %ld, first draws %d %d, last %d\n", a, got[0], got[1], got[N - 1]);
    printf("region loop %ld\n", b);
    printf("draws %d\n", total);
    return 0;
}
