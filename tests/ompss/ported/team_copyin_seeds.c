/* ported: openmp
 * ported-werror
 * `copyin` of threadprivate generator state and parameters on parallel regions whose
 * threads wait for each other (split by omp_get_thread_num() over a count of the program's
 * own, barriers between the phases), as Monte Carlo codes seed per-thread generators:
 * - each thread starts from the primary thread's seed (copied in), reseeds its copy per
 *   sample from it and draws through a helper that advances the copy, then, after a
 *   barrier, counts its share of a histogram's bins over every thread's samples;
 * - a struct of parameters copied in and read by a helper the threads call;
 * - a second region after the primary thread changed its seed and parameters: every copy
 *   starts from the new values;
 * - a region without barriers whose threads reseed their copies, then a `for` that reads
 *   the copy of the thread running each iteration.
 * mcc ran such a body once, as thread 0 of a team of one (with a warning), because of the
 * copyin and because the threads write their copies: only thread 0's samples were drawn.
 */
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void)
{
    return 0;
}

static int omp_get_max_threads(void)
{
    return 1;
}
#endif

#define SAMPLES 6000
#define BINS 24
#define MAXP 16

struct range {
    double lo, hi;
    int bins;
};

static unsigned long long state = 1;            /* each thread's generator */
static struct range range = {0, 1, BINS};
#pragma omp threadprivate(state, range)

static double sample[SAMPLES];
static long count[BINS];
static double part[MAXP];

static double uniform(void)
{
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(state >> 11) * (1.0 / 9007199254740992.0);
}

static int bin_of(double x)
{
    int b = (int)((x - range.lo) / (range.hi - range.lo) * range.bins);
    return b < 0 ? 0 : b >= range.bins ? range.bins - 1 : b;
}

static long histogram(int np)
{
    long most = 0;
#pragma omp parallel num_threads(np) copyin(state, range)
    {
        int me = omp_get_thread_num();
        unsigned long long seed = state;        /* the primary thread's, copied in */
        double s = 0;
        for (int i = me * SAMPLES / np; i < (me + 1) * SAMPLES / np; i++) {
            state = seed + 0x9E3779B97F4A7C15ULL * (unsigned long long)i;
            uniform();
            double x = range.lo + (range.hi - range.lo) * uniform();
            sample[i] = x;
            s += x;
        }
        part[me] = s;
#pragma omp barrier
        for (int b = me * BINS / np; b < (me + 1) * BINS / np; b++) {
            long c = 0;
            for (int i = 0; i < SAMPLES; i++)
                c += bin_of(sample[i]) == b;
            count[b] = c;
        }
#pragma omp barrier
#pragma omp master
        {
            for (int b = 0; b < BINS; b++)
                if (count[b] > most)
                    most = count[b];
        }
    }
    return most;
}

/* No barrier: each thread reseeds its own copy per sample, then a `for` reads the copy
 * each thread set (its own, as in OpenMP: the loop's chunks run on the team's threads). */
static double reseeded(int np, double *agree)
{
    double t = 0, same = 0;
#pragma omp parallel num_threads(np) reduction(+: same)
    {
        int me = omp_get_thread_num();
        for (int i = me * SAMPLES / np; i < (me + 1) * SAMPLES / np; i++) {
            state = 1000 + (unsigned long long)i;
            sample[i] = uniform();
        }
        state = 77 + (unsigned long long)me;
        unsigned long long mine = state;
#pragma omp for schedule(static)
        for (int i = 0; i < SAMPLES; i++)
            same += state == mine;
    }
    for (int i = 0; i < SAMPLES; i++)
        t += sample[i];
    *agree = same;
    return t;
}

static void report(const char *what, int np, long most)
{
    double total = 0;
    for (int k = 0; k < np; k++)
        total += part[k];
    long n = 0;
    for (int b = 0; b < BINS; b++)
        n += count[b];
    printf("%s: mean %.6f samples %ld fullest bin %ld bins", what, total / SAMPLES, n, most);
    for (int b = 0; b < BINS; b += 6)
        printf(" %ld", count[b]);
    printf("\n");
}

int main(void)
{
    int np = omp_get_max_threads() < MAXP ? omp_get_max_threads() : MAXP;
    state = 12345;
    range = (struct range){-2, 3, BINS};
    report("first", np, histogram(np));
    state = 987654321;
    range = (struct range){10, 20, BINS};
    report("second", np, histogram(np));
    double agree;
    double t = reseeded(np, &agree);
    printf("reseeded: sum %.6f, loop saw its thread's copy %.0f times\n", t, agree);
    return 0;
}
