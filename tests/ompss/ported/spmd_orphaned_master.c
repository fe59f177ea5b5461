/* ported: openmp
 * An orphaned `master` (and `masked` without a filter) in functions that a parallel
 * region's body calls, where the body splits its work by omp_get_thread_num() over
 * omp_get_max_threads() asked before it: thread 0 alone runs them, as with gcc -fopenmp.
 * mcc runs such a body once per thread number in turn (it warns); it ran it once as
 * thread 0 of a team of one with a warning, so the other numbers' elements were not
 * done (50 of 100 at 2 workers), and, the constructs being orphaned, ran every master once
 * per run where it did run the body per number.
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

#define N 100
static int masters, maskeds, a[N];
static double stamp[4];

static void tick(int step)
{
#pragma omp master
    {
        masters++;
        stamp[step % 4] += step;
    }
}

static void tock(void)
{
#pragma omp masked
    maskeds++;
}

int main(void)
{
    int nth = MAXT();
    for (int step = 0; step < 5; step++) {
#pragma omp parallel
        {
            int me = TID();
            for (int i = me; i < N; i += nth)
                a[i] += step;
            tick(step);
            tock();
        }
    }
    int s = 0;
    for (int i = 0; i < N; i++)
        s += a[i];
    printf("masters %d maskeds %d sum %d stamps %.0f %.0f %.0f %.0f\n", masters, maskeds, s,
           stamp[0], stamp[1], stamp[2], stamp[3]);
    tick(7);
    tock();
    printf("outside %d %d\n", masters, maskeds);
    return 0;
}
