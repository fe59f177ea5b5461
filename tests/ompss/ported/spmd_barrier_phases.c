/* ported: openmp
 * SPMD regions whose threads wait for each other, as hand-written OpenMP codes (Rodinia's
 * and NPB's pthread-style kernels, streamcluster) are: the work split by
 * omp_get_thread_num() over a count of the program's own (1 without OpenMP), phases
 * separated by `#pragma omp barrier` where each thread reads what the others wrote;
 * - a block split, a barrier, then each thread reads the mirrored block of another;
 * - a Jacobi sweep over two grids in a helper with an array parameter, a barrier after
 *   every step of the time loop, `num_threads(np)`, `firstprivate`, `private` and a
 *   region `reduction(+:)` / `reduction(max:)`, the thread number from a helper function;
 * - a prefix sum over the threads' blocks handed on through `flush` spin-waits on
 *   volatile flags (NPB LU's pipeline);
 * - tasks each thread creates before a barrier, whose results every thread then reads;
 *   a `master` after the last barrier combining the threads' partial sums, an `atomic`;
 * - a helper of the file with barriers of its own between the phases, called from the body;
 * - a `single` that sums what all threads wrote before a barrier, read by every thread
 *   after the single's own barrier; `single nowait`; a `single` claimed once per team.
 * mcc ran each body once as thread 0 of a team of one (a warning said so): only thread 0's
 * share was done; now a team of threads runs it at once (nanort_team_run).
 */
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#define NP 4
#define THREAD_NUM() omp_get_thread_num()
#else
#define NP 1
#define THREAD_NUM() 0
#endif

#define N 1200

static double a[N], b[N];
static double grid[2][N];
static double part[NP], prefix[N];
static volatile int ready[NP];

static int my_number(void)
{
    return THREAD_NUM();
}

static double mirror(int nproc)
{
    double check = 0;
#pragma omp parallel num_threads(nproc)
    {
        int pid = THREAD_NUM();
        for (int i = pid * N / nproc; i < (pid + 1) * N / nproc; i++)
            a[i] = i * 0.5;
#pragma omp barrier
        double s = 0;
        for (int i = pid * N / nproc; i < (pid + 1) * N / nproc; i++) {
            b[i] = a[N - 1 - i] + 1;
            s += b[i];
        }
        part[pid] = s;
#pragma omp barrier
#pragma omp master
        {
            for (int k = 0; k < nproc; k++)
                check += part[k];
        }
    }
    return check;
}

static void sweep(double g[2][N], int steps, int np, double *sum, double *top)
{
    double s = 0, m = -1, w = 0.25, tmp;
#pragma omp parallel num_threads(np) firstprivate(w) private(tmp) reduction(+: s) reduction(max: m)
    {
        int me = my_number();
        int lo = me * N / np, hi = (me + 1) * N / np;
        w += 0.0;               /* each thread's own copy */
        for (int t = 0; t < steps; t++) {
            double *src = g[t & 1], *dst = g[(t + 1) & 1];
            for (int i = lo; i < hi; i++) {
                tmp = (i > 0 ? src[i - 1] : 0) + (i < N - 1 ? src[i + 1] : 0);
                dst[i] = src[i] * (1 - 2 * w) + tmp * w;
            }
#pragma omp barrier
        }
        for (int i = lo; i < hi; i++) {
            s += g[steps & 1][i];
            if (g[steps & 1][i] > m)
                m = g[steps & 1][i];
        }
    }
    *sum = s;
    *top = m;
}

static double pipeline(int np)
{
    double last = 0;
#pragma omp parallel num_threads(np) shared(last)
    {
        int me = THREAD_NUM();
        int lo = me * N / np, hi = (me + 1) * N / np;
        double run = 0;
        for (int i = lo; i < hi; i++) {
            run += (i % 7) + 1;
            prefix[i] = run;
        }
        /* wait for the thread before to publish its block's total */
        if (me > 0) {
            while (!ready[me - 1]) {
#pragma omp flush
            }
#pragma omp flush
            double before = prefix[lo - 1];
            for (int i = lo; i < hi; i++)
                prefix[i] += before;
        }
#pragma omp flush
        ready[me] = 1;
#pragma omp flush
        if (me == np - 1)
            last = prefix[N - 1];
    }
    return last;
}

static void tasks_then_read(int np, double *total, int *seen)
{
    double out[N];
    int hits = 0;
    double t = 0;
#pragma omp parallel num_threads(np) shared(out, hits, t)
    {
        int id = THREAD_NUM();
        for (int i = id; i < N; i += np) {
#pragma omp task firstprivate(i) shared(out)
            out[i] = i % 13;
        }
#pragma omp barrier
        double mine = 0;
        for (int i = 0; i < N; i++)     /* every element, every thread's tasks' */
            mine += out[i];
#pragma omp atomic
        hits++;
#pragma omp critical
        {
            if (id == 0)
                t = mine;
        }
    }
    *total = t;
    *seen = hits;
}

/* a phase helper of the file with barriers of its own (streamcluster's pkmedian shape) */
static double helper_total;

static void scale_then_mirror(double *x, double *y, int id, int np)
{
#pragma omp barrier
    for (int i = id; i < N; i += np)
        x[i] *= 2;
#pragma omp barrier
    double s = 0;
    for (int i = id; i < N; i += np) {
        y[i] = x[N - 1 - i];
        s += y[i];
    }
#pragma omp critical
    helper_total += s;
}

static double helper_phases(int np)
{
    helper_total = 0;
#pragma omp parallel num_threads(np)
    {
        int id = THREAD_NUM();
        for (int i = id; i < N; i += np)
            a[i] = i;
        scale_then_mirror(a, b, id, np);
    }
    return helper_total;
}

static long singles(int np, long *claims)
{
    static long v[N];
    long scale = 0, total = 0;
    int once = 0;
#pragma omp parallel num_threads(np) shared(scale, once) reduction(+: total)
    {
        int id = THREAD_NUM();
        for (int i = id; i < N; i += np)
            v[i] = i % 10;
#pragma omp barrier
#pragma omp single
        {
            for (int i = 0; i < N; i++)     /* every thread's elements, after the barrier */
                scale += v[i];
            once++;
        }
        for (int i = id; i < N; i += np)   /* after the single's barrier: its scale */
            total += v[i] * scale;
#pragma omp single nowait
        {
            /* (atomic: the next single may run on another thread at the same time) */
#pragma omp atomic
            once += 10;
        }
#pragma omp single
        {
#pragma omp atomic
            once += 100;
        }
    }
    *claims = once;
    return total;
}

int main(void)
{
    double check = mirror(NP);
    printf("mirror: %.1f b[0] %.1f b[N-1] %.1f\n", check, b[0], b[N - 1]);

    for (int i = 0; i < N; i++)
        grid[0][i] = (i * 37 % 101) / 4.0;
    double sum, top;
    sweep(grid, 10, NP, &sum, &top);
    printf("sweep: sum %.6f top %.6f\n", sum, top);

    double last = pipeline(NP);
    printf("pipeline: %.1f prefix[N/2] %.1f\n", last, prefix[N / 2]);

    double total;
    int seen;
    tasks_then_read(NP, &total, &seen);
    printf("tasks: %.1f threads %d\n", total, seen == NP);

    double helper = helper_phases(NP);
    printf("helper: %.1f b[1] %.1f\n", helper, b[1]);

    long claims;
    long scaled = singles(NP, &claims);
    printf("singles: %ld claims %ld\n", scaled, claims);
    return 0;
}
