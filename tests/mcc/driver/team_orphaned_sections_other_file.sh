#!/usr/bin/env bash
# A parallel region of region.c whose threads wait for each other (a barrier; the body asks
# omp_get_thread_num()) runs on a team of threads and calls stats.c's moments(), an
# orphaned `sections reduction(+: runs)` (sum, minimum, maximum: one section each), and
# tally(), an orphaned `sections nowait` whose sections count into globals, each unit built
# alone: the team shares the sections of the other file, each run once per call by one
# thread, as with gcc -fopenmp (4 threads) and plain gcc.  Before, every thread of the
# team ran every section (runs 4 times the calls at 4 workers, hits counted per thread).
. "$(dirname "$0")/lib.sh"
cat > region.c <<'C'
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_max_threads(void) { return 1; }
#endif
#define N 700
void moments(const double *u, int n);
void tally(void);
extern double sum, lo, hi;
extern int runs, hits[2];
static double u[N], seen[64];
static int owned[N];
int main(void)
{
    int nth = omp_get_max_threads();
    for (int i = 0; i < N; i++)
        u[i] = (i * 31) % 23 - 7;
    for (int step = 0; step < 3; step++) {
        u[step] += 50;
#pragma omp parallel
        {
            int me = omp_get_thread_num();
            for (int i = me; i < N; i += nth)
                owned[i]++;
#pragma omp barrier
            moments(u, N);
            tally();
            seen[me] = sum + lo + hi;
        }
    }
    int once = 0;
    for (int i = 0; i < N; i++)
        once += owned[i] == 3;
    printf("%.1f %.1f %.1f %.1f runs %d hits %d %d once %d\n", sum, lo, hi, seen[0], runs,
           hits[0], hits[1], once);
    return 0;
}
C
cat > stats.c <<'C'
double sum, lo, hi;
int runs, hits[2];
void moments(const double *u, int n)
{
#pragma omp sections reduction(+: runs)
    {
#pragma omp section
        {
            double s = 0;
            for (int i = 0; i < n; i++)
                s += u[i];
            sum = s;
            runs++;
        }
#pragma omp section
        {
            double m = u[0];
            for (int i = 1; i < n; i++)
                m = u[i] < m ? u[i] : m;
            lo = m;
            runs++;
        }
#pragma omp section
        {
            double m = u[0];
            for (int i = 1; i < n; i++)
                m = u[i] > m ? u[i] : m;
            hi = m;
            runs++;
        }
    }
}
void tally(void)
{
#pragma omp sections nowait
    {
#pragma omp section
        hits[0]++;
#pragma omp section
        hits[1] += 2;
    }
}
C
oracle region.c stats.c
mcc_agrees region.c stats.c
