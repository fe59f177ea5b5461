/* ported: openmp
   ported-werror
 * Orphaned `sections` (in a function the region's body calls) called from a parallel
 * region whose code splits work by omp_get_thread_num() and waits at barriers: the team
 * shares them, each section run once, by one thread, with the construct's barrier:
 * - a time loop of regions: each thread marks its own slots, then stats() (sections
 *   computing the sum, the minimum and the maximum of a grid into globals, each by one
 *   thread, reduction(+: calls) counting the sections run), a barrier, then each thread
 *   copies what the sections computed into its slot;
 * - sections with firstprivate (a scale read by each), private (a scratch each section
 *   sets first), lastprivate (the last section's value), a nowait sections followed by a
 *   barrier, sections two calls deep, a section asking omp_get_thread_num() (a per-thread
 *   count, summed after the region);
 * - sections writing a scratch local of the function (each section its own copy), and
 *   sections whose sections run in order in one task (lastprivate(conditional:)): one
 *   thread runs them all;
 * - the same functions called from main outside any region and from a region whose body
 *   runs once (no thread number asked): every section once, as before.
 * mcc ran such a body as a team of one with a warning ("a construct in a function it
 * calls"): thread 0's share of the program's own split only.
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

#define N 500
#define MAXTH 64

static double grid[N];
static double gsum, gmin, gmax;
static int calls;
static double slot[MAXTH];
static int filled[MAXTH], marks[N];
static int ran[8];

static void stats(void)
{
#pragma omp sections reduction(+: calls)
    {
#pragma omp section
        {
            double s = 0;
            for (int i = 0; i < N; i++)
                s += grid[i];
            gsum = s;
            calls++;
        }
#pragma omp section
        {
            double m = grid[0];
            for (int i = 1; i < N; i++)
                m = grid[i] < m ? grid[i] : m;
            gmin = m;
            calls++;
        }
#pragma omp section
        {
            double m = grid[0];
            for (int i = 1; i < N; i++)
                m = grid[i] > m ? grid[i] : m;
            gmax = m;
            calls++;
        }
    }
}

static double scale = 2.0, lastv, part[4];
static long per_thread[MAXTH];

/* (firstprivate, private, lastprivate; a section that asks the thread number) */
static void scaled(void)
{
    double tmp;
#pragma omp sections firstprivate(scale) private(tmp) lastprivate(lastv)
    {
#pragma omp section
        {
            tmp = grid[1] * scale;
            part[0] = tmp;
            lastv = tmp;
            __atomic_fetch_add(&ran[0], 1, __ATOMIC_RELAXED);
        }
#pragma omp section
        {
            tmp = grid[2] * scale;
            part[1] = tmp;
            lastv = tmp;
            per_thread[TID()]++;
            __atomic_fetch_add(&ran[1], 1, __ATOMIC_RELAXED);
        }
#pragma omp section
        {
            tmp = grid[3] * scale;
            part[2] = tmp;
            lastv = tmp + 1000;
            __atomic_fetch_add(&ran[2], 1, __ATOMIC_RELAXED);
        }
    }
}

static int left[N], right[N];

/* (nowait, then the caller's barrier before the halves are read) */
static void halves(void)
{
#pragma omp sections nowait
    {
#pragma omp section
        for (int i = 0; i < N / 2; i++)
            left[i] = i * 3;
#pragma omp section
        for (int i = N / 2; i < N; i++)
            right[i] = i * 5;
    }
}

static void deeper(void)
{
    stats();
}

static double first_out[MAXTH], second_out[MAXTH];
static int order_hits;
static double cond_last = 0.5;

/* (lastprivate(conditional:): the sections run in order in one task, so in a team one
   thread runs them all; gcc 12 -fopenmp warns that cond_last may be used uninitialized) */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
static void conditional(int k)
{
#pragma omp sections lastprivate(conditional: cond_last)
    {
#pragma omp section
        {
            __atomic_fetch_add(&order_hits, 1, __ATOMIC_RELAXED);
            if (k % 2 == 0)
                cond_last = grid[k] + 1;
        }
#pragma omp section
        {
            __atomic_fetch_add(&order_hits, 1, __ATOMIC_RELAXED);
            if (k % 3 == 0)
                cond_last = grid[k + 1] + 2;
        }
    }
}

/* (each section writes a scratch local of the function, one each thread has: each
   section its own copy) */
static void in_order(int k)
{
    double scratch;
#pragma omp sections
    {
#pragma omp section
        {
            scratch = grid[k] + 1;
            first_out[0] = scratch;
            __atomic_fetch_add(&order_hits, 1, __ATOMIC_RELAXED);
        }
#pragma omp section
        {
            scratch = grid[k + 1] + 2;
            second_out[0] = scratch;
            __atomic_fetch_add(&order_hits, 1, __ATOMIC_RELAXED);
        }
    }
}

int main(void)
{
    for (int i = 0; i < N; i++)
        grid[i] = (i * 53) % 97 - 40;
    int nth = MAXT();
    double sums = 0;
    long slots_ok = 0;
    for (int step = 0; step < 5; step++) {
        grid[step * 7] += 100;
        memset(filled, 0, sizeof filled);
#pragma omp parallel
        {
            int tid = TID();
            filled[tid] = 1;
            for (int i = tid; i < N; i += nth)
                marks[i]++;
#pragma omp barrier
            stats();
            slot[tid] = gsum + gmin + gmax;
        }
        for (int t = 0; t < MAXTH; t++)
            if (filled[t])
                slots_ok += slot[t] == gsum + gmin + gmax;
        sums += gsum + gmin + gmax;
    }
    int marked = 0;
    for (int i = 0; i < N; i++)
        marked += marks[i] == 5;
    printf("stats %.1f calls %d slots %s marked %d\n", sums, calls,
           slots_ok >= 5 ? "ok" : "short", marked);
    long halves_ok = 0;
#pragma omp parallel
    {
        int tid = TID();
        per_thread[tid] = 0;
#pragma omp barrier
        scaled();
        halves();
#pragma omp barrier
        /* (every thread reads both halves after the barrier) */
        int ok = 1;
        for (int i = 0; i < N / 2; i++)
            ok &= left[i] == i * 3 && right[N / 2 + i] == (N / 2 + i) * 5;
        __atomic_fetch_add(&halves_ok, ok, __ATOMIC_RELAXED);
        deeper();
        in_order(0);
        conditional(4);
    }
    long threads = 0;
    for (int t = 0; t < MAXTH; t++)
        threads += per_thread[t];
    printf("scaled %.1f %.1f %.1f last %.1f scale %.1f ran %d %d %d per-thread %ld\n",
           part[0], part[1], part[2], lastv, scale, ran[0], ran[1], ran[2], threads);
    printf("halves %s calls %d in-order %d %.1f %.1f last %.1f\n",
           halves_ok >= 1 ? "ok" : "short", calls, order_hits, first_out[0], second_out[0],
           cond_last);
    /* the same functions outside any region, and from a body run once */
    calls = 0;
    stats();
    scaled();
    in_order(5);
    conditional(3);
    printf("outside %.1f %.1f %.1f calls %d last %.1f in-order %d %.1f %.1f last %.1f\n",
           gsum, gmin, gmax, calls, lastv, order_hits, first_out[0], second_out[0], cond_last);
#pragma omp parallel
    {
        deeper();
        halves();
    }
    printf("once calls %d ran %d %d %d\n", calls, ran[0], ran[1], ran[2]);
    return 0;
}
