#!/usr/bin/env bash
# A parallel region of region.c whose threads wait for each other (a barrier; the body asks
# omp_get_thread_num()) runs on a team of threads, and calls solver.c's relax() and norm(),
# an orphaned `for` and an orphaned `for reduction` with a `single` before it, each unit
# built alone: the team shares the loops of the other file (each thread its iterations,
# the team's barrier after each), and its own split by thread number covers every element
# once, as with gcc -fopenmp (4 threads) and plain gcc.  Before, the program stopped at
# the other file's loop with a message (mcc could not share its work among the team).
. "$(dirname "$0")/lib.sh"
cat > region.c <<'C'
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_max_threads(void) { return 1; }
#endif
#define N 900
void relax(double *u, double *v, int n);
double norm(const double *u, int n);
static double u[N], v[N], norms[64];
static int owned[N];
int main(void)
{
    int nth = omp_get_max_threads();
    for (int i = 0; i < N; i++)
        u[i] = i % 17;
    for (int step = 0; step < 3; step++) {
#pragma omp parallel
        {
            int me = omp_get_thread_num();
            for (int i = me; i < N; i += nth)
                owned[i]++;
#pragma omp barrier
            relax(u, v, N);
            relax(v, u, N);
            norms[me] = norm(u, N);
        }
    }
    int once = 0;
    for (int i = 0; i < N; i++)
        once += owned[i] == 3;
    double s = 0;
    for (int i = 0; i < N; i++)
        s += u[i] * (i % 5 + 1);
    printf("%.6f %.6f %d\n", s, norms[0], once);
    return 0;
}
C
cat > solver.c <<'C'
static double sum2;
void relax(double *u, double *v, int n)
{
#pragma omp for
    for (int i = 1; i < n - 1; i++)
        v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
}
double norm(const double *u, int n)
{
#pragma omp single
    sum2 = 0;
#pragma omp for reduction(+: sum2)
    for (int i = 0; i < n; i++)
        sum2 += u[i] * u[i];
    return sum2;
}
C
oracle region.c solver.c
mcc_agrees region.c solver.c
