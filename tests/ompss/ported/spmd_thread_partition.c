/* ported: openmp
 * ported-seq-libs: -lgomp
 * SPMD code that splits work by thread number in functions a parallel region calls: a
 * `fill(a, n)` helper called from the region's body taking the block `[n*t/nt, n*(t+1)/nt)`
 * of omp_get_thread_num()/omp_get_num_threads(), a cyclic `for (i = t; i < n; i += nt)`
 * helper, per-thread partial sums `partial[omp_get_thread_num()] += x` in a helper called
 * by a `for` whose region sized them by omp_get_num_threads() in its body, the same inside
 * tasks (each task's region nested, inactive), a `single` whose helper reports the team
 * size, per-thread slots sized by a team size a helper asks in the body, indexed by
 * thread number in the loop after, and partial sums sized in a `single` of a region that
 * is inactive (`if(false)`: a team of one) and indexed by thread number in its `for`, and
 * a buffer sized by a helper's team size and indexed by an orphaned `for` of another.  mcc's region body (one thread, and 0 of 1 where it
 * called the routines itself) answered the worker's number and count to the helpers: each
 * helper did 1/nt of its work (a quarter of the array on 4 workers) and the partial sums
 * read only thread 0's; the chunks of an inactive region's loop answered their workers'
 * numbers where its single had said one thread.
 */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

#define N 1000
static double partial[8][64];

static void fill_block(double *a, int n)
{
    int t = omp_get_thread_num(), nt = omp_get_num_threads();
    for (int i = n * t / nt; i < n * (t + 1) / nt; i++)
        a[i] = i * 2.0;
}

static void add_cyclic(double *a, int n, double v)
{
    for (int i = omp_get_thread_num(); i < n; i += omp_get_num_threads())
        a[i] += v;
}

static void acc(int k, int i)
{
    partial[k][omp_get_thread_num()] += i * 0.5;
}

static int team_size(void)
{
    return omp_get_num_threads();
}

static double reduce(int k)
{
    double total = 0;
#pragma omp parallel
    {
        int nt = omp_get_num_threads();
#pragma omp for schedule(dynamic, 16)
        for (int i = 0; i < 4000; i++)
            acc(k, i);
#pragma omp single
        for (int t = 0; t < nt; t++)
            total += partial[k][t];
    }
    return total;
}

/* per-thread slots sized by a team size a helper asks in the region's body (1 in mcc's
 * team of one), indexed by thread number in the loop after */
static double slots_sum(void)
{
    double *slot = NULL, total = 0;
#pragma omp parallel
    {
        int nt = team_size();
#pragma omp single
        slot = calloc((size_t)nt, sizeof *slot);
#pragma omp for
        for (int i = 0; i < 1000; i++)
            slot[omp_get_thread_num()] += i;
#pragma omp single
        for (int t = 0; t < nt; t++)
            total += slot[t];
    }
    free(slot);
    return total;
}

/* per-thread partial sums of a region that may be inactive (if(false)): its single sizes
 * them by the team size, 1 there, and the loop indexes them by thread number, 0 there */
static double maybe_parallel(int par)
{
    double *part = NULL, total = 0;
#pragma omp parallel if(par)
    {
#pragma omp single
        part = calloc((size_t)omp_get_num_threads(), sizeof *part);
#pragma omp for schedule(dynamic, 8)
        for (int i = 0; i < 1000; i++)
            part[omp_get_thread_num()] += i;
#pragma omp single
        for (int t = 0; t < omp_get_num_threads(); t++)
            total += part[t];
    }
    free(part);
    return total;
}

/* every thread records the team size through a helper (the same value: a benign race),
 * a single sizes the per-thread buffer by it, and an orphaned for in another helper
 * indexes it by thread number */
static int nthreads;
static double *perthread;
static void setup(void)
{
    nthreads = omp_get_num_threads();
}

static void accumulate(int n)
{
#pragma omp for schedule(dynamic, 4)
    for (int i = 0; i < n; i++)
        perthread[omp_get_thread_num()] += i;
}

static double orphaned_sum(void)
{
    double tot = 0;
#pragma omp parallel
    {
        setup();
#pragma omp single
        perthread = calloc((size_t)nthreads, sizeof *perthread);
        accumulate(1000);
#pragma omp single
        for (int t = 0; t < nthreads; t++)
            tot += perthread[t];
    }
    free(perthread);
    return tot;
}

int main(void)
{
    double *a = calloc(N, sizeof *a);
    int sized = 0;
#pragma omp parallel
    {
        fill_block(a, N);
#pragma omp barrier
        add_cyclic(a, N, 0.25);
#pragma omp single
        sized = team_size() >= 1;
    }
    double s = 0;
    for (int i = 0; i < N; i++)
        s += a[i];
    printf("filled: %.2f (team size seen: %d)\n", s, sized);
    printf("partial sums, region in main: %.1f\n", reduce(0));
    printf("slots sized in the body: %.1f\n", slots_sum());
    printf("if(false) region: %.1f, if(true) region: %.1f\n", maybe_parallel(0),
           maybe_parallel(1));
    printf("sized by a helper, orphaned loop: %.1f\n", orphaned_sum());
    double r[7];
#pragma omp parallel
#pragma omp single
    for (int k = 1; k < 8; k++) {
#pragma omp task firstprivate(k) shared(r)
        r[k - 1] = reduce(k);
    }
    for (int k = 0; k < 7; k++)
        printf("partial sums, region in task %d: %.1f\n", k + 1, r[k]);
    free(a);
    return 0;
}
