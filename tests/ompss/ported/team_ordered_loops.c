/* ported: openmp
   ported-werror
 * `for ordered` loops shared by a team of threads: a parallel region whose code splits
 * work by omp_get_thread_num() and waits at a barrier runs on a team, and its ordered
 * loops run each thread's chunks while their ordered regions keep the loop's order:
 * - an ordered loop in the region's body with schedule(static, 1) (a chain h = h * 31 + i
 *   and a log written only in the ordered region), and one with schedule(dynamic, 3)
 *   whose ordered region is in a function it calls (orphaned);
 * - an orphaned `for ordered` in a function the body calls, `nowait` then a barrier, with
 *   a reduction beside the ordered region;
 * - a doacross nest, `ordered(1)` with `ordered depend(sink: i - 1)` and
 *   `depend(source)`, each iteration reading what the one before wrote;
 * - the same functions called from a region whose body runs once.
 * mcc ran such a body as a team of one with a warning ("a construct..."): thread 0's
 * share of the program's own split only.
 */
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#define TID() omp_get_thread_num()
#define MAXT() omp_get_max_threads()
#else
#define TID() 0
#define MAXT() 1
#endif

#define N 90
static unsigned long chain, chain2, chain3;
static int log_[2 * N], nlog;
static long osum;
static int owned[N];
static double acc[N + 1];

static void note(int i)
{
#pragma omp ordered
    {
        chain2 = chain2 * 31 + (unsigned long)i;
        log_[nlog++] = i;
    }
}

static void orphan_loop(int n)
{
#pragma omp for ordered reduction(+: osum) schedule(static, 4) nowait
    for (int i = 0; i < n; i++) {
        osum += i * i;
#pragma omp ordered
        chain3 = chain3 * 7 + (unsigned long)i;
    }
}

static void doacross(int n)
{
#pragma omp for ordered(1) schedule(static, 2)
    for (int i = 1; i <= n; i++) {
        double x = i * 0.5;
#pragma omp ordered depend(sink: i - 1)
        acc[i] = acc[i - 1] * 0.75 + x;
#pragma omp ordered depend(source)
    }
}

int main(void)
{
    int nth = MAXT();
    for (int step = 0; step < 2; step++) {
#pragma omp parallel
        {
            int me = TID();
            for (int i = me; i < N; i += nth)
                owned[i]++;
#pragma omp barrier
#pragma omp for ordered schedule(static, 1)
            for (int i = 0; i < N; i++) {
                int v = i * 3;
#pragma omp ordered
                chain = chain * 31 + (unsigned long)v;
            }
#pragma omp for ordered schedule(dynamic, 3)
            for (int i = 0; i < N; i++)
                note(i);
            orphan_loop(N);
#pragma omp barrier
            doacross(N);
        }
    }
    int once = 0, inorder = 1;
    for (int i = 0; i < N; i++) {
        once += owned[i] == 2;
        inorder &= log_[i] == i && log_[i + N] == i;
    }
    printf("team: chain %lu %lu %lu sum %ld once %d in order %d acc %.6f\n", chain, chain2,
           chain3, osum, once, inorder, acc[N]);
    /* a body that runs once: the same functions */
    nlog = 0;
    chain2 = chain3 = 0;
    osum = 0;
#pragma omp parallel
    {
#pragma omp for ordered
        for (int i = 0; i < N; i++)
            note(i);
        orphan_loop(N / 2);
#pragma omp barrier
        doacross(N / 3);
    }
    printf("once: chain %lu %lu sum %ld acc %.6f\n", chain2, chain3, osum, acc[N / 3]);
    return 0;
}
