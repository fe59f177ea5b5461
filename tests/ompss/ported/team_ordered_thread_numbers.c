/* ported: openmp
   ported-werror
 * A region whose body is only a `for ordered` loop that reports who ran each iteration
 * (the OpenMP tutorials' and test suites' check of a static schedule): each ordered
 * region records omp_get_thread_num() and the iteration, in the loop's order; with
 * schedule(static, 1) thread i % T runs iteration i, with schedule(static, 3) thread
 * (i / 3) % T.  The body neither counts its threads nor splits its work by thread number,
 * so mcc ran it once, as a team of one, and the loop's iterations in order in one task:
 * thread 0 everywhere, where gcc -fopenmp gives i % T.  Now a team of threads shares the
 * loop, each thread running its chunks, their ordered regions in the loop's order.
 */
#include <stdio.h>

#define N 40
static int owner[N], seen[N], nseen;

#ifdef _OPENMP
#include <omp.h>
#define TID() omp_get_thread_num()
#else
#define TID() 0
#endif

static void record(int i)
{
    owner[i] = TID();
    seen[nseen++] = i;
}

/* 1 when every iteration ran on the thread the schedule gives it and the ordered regions
 * ran in the loop's order */
static int check(int nth, int chunk)
{
    int ok = nseen == N;
    for (int i = 0; i < N; i++)
        ok &= owner[i] == (i / chunk) % nth && seen[i] == i;
    nseen = 0;
    return ok;
}

int main(void)
{
#ifdef _OPENMP
    int nth = omp_get_max_threads();
#else
    int nth = 1;
#endif
#pragma omp parallel
    {
#pragma omp for ordered schedule(static, 1)
        for (int i = 0; i < N; i++) {
#pragma omp ordered
            {
                owner[i] = TID();
                seen[nseen++] = i;
            }
        }
    }
    printf("static, 1: %d\n", check(nth, 1));
    long sum = 0;
#pragma omp parallel
    {
#pragma omp for ordered schedule(static, 3) reduction(+: sum)
        for (int i = 0; i < N; i++) {
            sum += i;
#pragma omp ordered
            record(i);
        }
    }
    printf("static, 3: %d, sum %ld\n", check(nth, 3), sum);
    return 0;
}
