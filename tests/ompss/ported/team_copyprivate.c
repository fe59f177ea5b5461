/* ported: openmp
 * ported-werror
 * `single copyprivate` in the bodies of parallel regions whose threads wait for each other
 * (split by omp_get_thread_num() over a count of the program's own, barriers between the
 * phases), as SPMD solvers hand one thread's reading to the team:
 * - the parameters one thread parses from the input (a struct), a private of the region
 *   (`private(tol)`) and a work buffer it allocates (a pointer), then a relaxation sweep
 *   over each thread's block with a barrier after every sweep;
 * - a convergence test each sweep: one thread combines the threads' changes and hands the
 *   verdict (and the sweep's norm, an array) to all, which leave the time loop together;
 * - a scale factor in a static local threadprivate variable, handed to every thread's copy,
 *   and a weight a helper the threads call hands to each caller's local (orphaned);
 * - a threadprivate level handed on in a region that does not split its work by thread
 *   number (a team of one for mcc, whose workers run its loop's iterations: their copies
 *   stayed old).
 * mcc ran such a body once, as thread 0 of a team of one (with a warning): only thread 0's
 * block was relaxed; now every thread of the team gets the single's values.
 */
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#define THREAD_NUM() omp_get_thread_num()
#define MAX_THREADS() omp_get_max_threads()
#else
#define THREAD_NUM() 0
#define MAX_THREADS() 1
#endif

#define N 1200
#define MAXP 16

static const char *input = "omega 0.75 sweeps 400 shift 3 tol 1e-7";
static double u[2][N + 2], rhs[N + 2];
static double part[MAXP], change[MAXP];

struct params {
    double omega;
    int sweeps, shift;
};

/* What the thread that runs the single reads (a file, in the codes this comes from). */
static struct params read_params(const char *text, double *tol)
{
    struct params p = {0, 0, 0};
    if (sscanf(text, "omega %lf sweeps %d shift %d tol %lf", &p.omega, &p.sweeps, &p.shift,
               tol) != 4)
        abort();
    return p;
}

static double block_sum(const double *v, int lo, int hi)
{
    double s = 0;
    for (int i = lo; i < hi; i++)
        s += v[i];
    return s;
}

static int relax(int np, double *checksum)
{
    int used = 0;
    double tol;
#pragma omp parallel num_threads(np) private(tol)
    {
        int me = THREAD_NUM();
        int lo = 1 + me * N / np, hi = 1 + (me + 1) * N / np;
        struct params p;
        double *work;
#pragma omp single copyprivate(p, tol, work)
        {
            p = read_params(input, &tol);
            work = malloc((N + 2) * sizeof *work);
        }
        for (int i = lo; i < hi; i++) {
            u[0][i] = 0;
            rhs[i] = ((i * 37 + p.shift) % 19) / 19.0;
        }
#pragma omp barrier
        int s = 0;
        for (; s < p.sweeps; s++) {
            const double *from = u[s % 2];
            double *to = u[(s + 1) % 2];
            double most = 0;
            for (int i = lo; i < hi; i++) {
                to[i] = (1 - p.omega) * from[i] +
                        p.omega * (rhs[i] + 0.25 * (from[i - 1] + from[i + 1]));
                double d = to[i] > from[i] ? to[i] - from[i] : from[i] - to[i];
                if (d > most)
                    most = d;
            }
            change[me] = most;
#pragma omp barrier
            int done;
            double norm[2];
#pragma omp single copyprivate(done, norm)
            {
                norm[0] = 0;
                for (int k = 0; k < np; k++)
                    if (change[k] > norm[0])
                        norm[0] = change[k];
                norm[1] = s + 1;
                done = norm[0] < tol;
            }
            if (done) {
                s = (int)norm[1];
                break;
            }
        }
        /* every thread's block of the result, copied into the buffer the single made */
        const double *v = u[s % 2];
        for (int i = lo; i < hi; i++)
            work[i] = v[i] * 2;
        part[me] = block_sum(work, lo, hi);
#pragma omp barrier
#pragma omp master
        {
            double t = 0;
            for (int k = 0; k < np; k++)
                t += part[k];
            *checksum = t;
            used = s;
            free(work);
        }
    }
    return used;
}

/* A helper every thread of the team calls: one of them works out the weight, every
 * caller's local gets it (an orphaned single copyprivate). */
static double weight(void)
{
    double w;
#pragma omp single copyprivate(w)
    w = 0.5 + rhs[7];
    return w;
}

/* The factor one thread works out, kept in a static threadprivate variable: every thread's
 * copy gets it. */
static double scaled(int np)
{
    double total = 0;
    static double factor;
#pragma omp threadprivate(factor)
#pragma omp parallel num_threads(np)
    {
        int me = THREAD_NUM();
#pragma omp single copyprivate(factor)
        factor = 1.0 + block_sum(rhs, 1, 11) / 10;
        double s = 0, w = weight();
        for (int i = 1 + me * N / np; i < 1 + (me + 1) * N / np; i++)
            s += rhs[i] * factor * w;
        part[me] = s;
#pragma omp barrier
        double t;                   /* the total, every thread's */
#pragma omp single copyprivate(t)
        t = block_sum(part, 0, np);
        change[me] = t;
    }
    for (int k = 0; k < np; k++)
        total += change[k] == change[0];
    return change[0] * total / np;
}

/* A region whose body does not split its work by thread number: one thread reads the
 * level into its threadprivate copy and hands it to every thread's, which the loop's
 * iterations read through a helper on whatever thread runs them. */
static int level = 1;
#pragma omp threadprivate(level)

static int current_level(void)
{
    return level;
}

static long levelled(void)
{
    long s = 0;
#pragma omp parallel reduction(+: s)
    {
#pragma omp single copyprivate(level)
        level = 5;
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < 1000; i++)
            s += current_level() * (i % 3);
    }
    return s;
}

int main(void)
{
    int np = MAX_THREADS() < MAXP ? MAX_THREADS() : MAXP;
    double checksum = 0;
    int sweeps = relax(np, &checksum);
    printf("sweeps %d checksum %.6f\n", sweeps, checksum);
    printf("scaled %.6f\n", scaled(np));
    printf("levelled %ld\n", levelled());
    return 0;
}
