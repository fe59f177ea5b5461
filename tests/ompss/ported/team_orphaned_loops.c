/* ported: openmp
   ported-werror
 * Orphaned worksharing loops (a `#pragma omp for` in a function the region's body calls,
 * NPB's and hand-written solvers' shape) called from a parallel region whose code also
 * splits work by omp_get_thread_num(): each thread of the team runs its share of the
 * called loop's iterations, as the thread it is, with the loop's barrier;
 * - a time loop of regions: `tid = omp_get_thread_num()`, a split of the program's own
 *   by thread number over omp_get_max_threads() asked before the region, a per-thread
 *   slot written before the calls, relax() (an orphaned `for` writing the new grid), a barrier,
 *   norm() (an orphaned `for reduction(+: norm2)` into a global), then each thread's slot
 *   filled from what every thread wrote;
 * - an orphaned loop whose body asks omp_get_thread_num() (a histogram per thread, summed
 *   after the region);
 * - two orphaned `for schedule(static) nowait` loops of as many iterations, the second
 *   reading what the first wrote at the same index (the same thread runs it), then a
 *   barrier;
 * - lastprivate, firstprivate, private, schedule(dynamic, 3), schedule(guided),
 *   schedule(static, 5), an orphaned loop two calls deep;
 * - an orphaned `single` setting a pointer the loop after it writes through, and a
 *   `single nowait`: run once by the team; an orphaned `master`: thread 0's;
 * - the same functions called from main outside any region and from a region whose body
 *   runs once (no thread number asked): the whole loop, as before.
 * mcc ran such a body as a team of one with a warning ("a construct in a function it
 * calls"): thread 0's share of the program's own split only, the other threads' marks
 * left unset.
 */
#include <stdio.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#define TID() omp_get_thread_num()
#define MAXT() omp_get_max_threads()
#else
#define TID() 0
#define MAXT() 1
#endif

#define N 600
#define MAXTH 64

static double u[N], unew[N], norm2;
static double slot[MAXTH];
static int filled[MAXTH];
static long hist[MAXTH][8];
static int squares[N], doubled[N], marks[N];
static int last_i, last_seen;

static void relax(void)
{
    int i;
#pragma omp for private(i)
    for (i = 1; i < N - 1; i++)
        unew[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
}

static void copy_back(void)
{
#pragma omp for schedule(dynamic, 3)
    for (int i = 1; i < N - 1; i++)
        u[i] = unew[i];
}

static void norm(void)
{
#pragma omp for reduction(+: norm2) schedule(guided)
    for (int i = 0; i < N; i++)
        norm2 += u[i] * u[i];
}

static int scale;

static void bin_values(void)
{
    /* (a per-thread histogram: the body asks the thread number) */
#pragma omp for firstprivate(scale) schedule(static, 5)
    for (int i = 0; i < N; i++)
        hist[TID()][(i * scale) % 8]++;
}

static void pair(void)
{
#pragma omp for schedule(static) nowait
    for (int i = 0; i < N; i++)
        squares[i] = i * i % 1000;
#pragma omp for schedule(static) nowait
    for (int i = 0; i < N; i++)
        doubled[i] = 2 * squares[i];
#pragma omp barrier
}

static void find_last(int *seen)
{
#pragma omp for lastprivate(last_i)
    for (int i = 0; i < N; i += 7) {
        seen[i]++;
        last_i = i * 2;
    }
}

static void deeper(int *seen)
{
    find_last(seen);
}

static double scratch[N], *buf;
static int singles, nowait_singles;

/* (the buffer is set by one thread, every thread then writes its share through it) */
static void setup(void)
{
#pragma omp single
    {
        buf = scratch;
        singles++;
    }
#pragma omp for
    for (int i = 0; i < N; i++)
        buf[i] = i * 0.5;
#pragma omp single nowait
    nowait_singles++;
}

static int masters;

static void tick(void)
{
#pragma omp master
    masters++;
}

static double checksum(void)
{
    double s = 0;
    for (int i = 0; i < N; i++)
        s += u[i] * (i % 13 + 1);
    return s;
}

int main(void)
{
    static int seen[N];
    for (int i = 0; i < N; i++)
        u[i] = (i * 37) % 101;
    double norms = 0;
    long slots_ok = 0;
    int nth = MAXT();
    for (int step = 0; step < 6; step++) {
        norm2 = 0;
        memset(filled, 0, sizeof filled);
#pragma omp parallel
        {
            int tid = TID();
            filled[tid] = 1;
            /* (the program's own split by thread number, over the count asked before) */
            for (int i = tid; i < N; i += nth)
                marks[i]++;
            relax();
            tick();
            copy_back();
            norm();
#pragma omp barrier
            /* (every thread sees the whole loop's result after the loop's barrier) */
            slot[tid] = norm2 + u[N / 2];
        }
        for (int t = 0; t < MAXTH; t++)
            if (filled[t])
                slots_ok += slot[t] == norm2 + u[N / 2];
        norms += norm2;
    }
    long total = 0, per[8] = {0};
    scale = 3;
#pragma omp parallel
    {
        int tid = TID();
        memset(hist[tid], 0, sizeof hist[tid]);
#pragma omp barrier
        bin_values();
        pair();
        deeper(seen);
        setup();
    }
    for (int t = 0; t < MAXTH; t++)
        for (int b = 0; b < 8; b++) {
            total += hist[t][b];
            per[b] += hist[t][b];
        }
    long pairs = 0;
    for (int i = 0; i < N; i++)
        pairs += doubled[i] == 2 * (i * i % 1000);
    int seen_once = 0, marked = 0;
    for (int i = 0; i < N; i++) {
        seen_once += seen[i] == (i % 7 == 0);
        marked += marks[i] == 6;
    }
    printf("norms %.6f checksum %.6f slots %s\n", norms, checksum(),
           slots_ok >= 6 ? "ok" : "short");
    printf("hist %ld:", total);
    for (int b = 0; b < 8; b++)
        printf(" %ld", per[b]);
    double halves = 0;
    for (int i = 0; i < N; i++)
        halves += scratch[i];
    printf("\npairs %ld seen %d last %d marked %d\n", pairs, seen_once, last_i, marked);
    printf("singles %d %d %.1f masters %d\n", singles, nowait_singles, halves, masters);
    /* the same functions outside any region, and from a body run once */
    norm2 = 0;
    relax();
    copy_back();
    norm();
    printf("outside %.6f %.6f\n", norm2, checksum());
#pragma omp parallel
    {
#pragma omp single
        {
            last_seen = 0;
        }
        deeper(seen);
    }
    norm2 = 0;
#pragma omp parallel
    norm();
    seen_once = 0;
    for (int i = 0; i < N; i++)
        seen_once += seen[i] == 2 * (i % 7 == 0);
    printf("once %.6f seen %d last %d\n", norm2, seen_once, last_i);
    return 0;
}
