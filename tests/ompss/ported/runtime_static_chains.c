/* ported: openmp
 * ported-werror
 * Loops chained by nowait whose schedule is decided at run time: `for schedule(runtime)
 * nowait` writing an array that the next `for schedule(runtime)` of as many iterations
 * reads at the same index, after omp_set_schedule(omp_sched_static, 0) (also what
 * OMP_SCHEDULE=static gives), and the same with schedule(auto), which gcc runs as static:
 * both loops give each thread the same iterations (OpenMP 4.5, 2.7.1), so each element is
 * read after it is written.  Some iterations are slow, so a reader that runs first reads
 * the old value.  mcc ordered only schedule(static) chains (static_nowait_chains.c), and the
 * second loop's tasks ran before the first's.  Prints the mismatches and sums. */
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define N 4000
static double a[N], b[N], c[N];

static void slow(int i)
{
    if (i % 64 == 0)
        for (volatile int k = 0; k < 4000; k++)
            ;
}

int main(void)
{
#ifdef _OPENMP
    omp_set_schedule(omp_sched_static, 0);
#endif
    int bad = 0;
    double sum = 0;
    for (int step = 1; step <= 6; step++) {
#pragma omp parallel
        {
#pragma omp for schedule(runtime) nowait
            for (int i = 0; i < N; i++) {
                slow(i);
                a[i] = i * 0.5 + step;
            }
#pragma omp for schedule(runtime) nowait
            for (int i = 0; i < N; i++)
                b[i] = 2 * a[i];
#pragma omp for schedule(auto) nowait
            for (int i = 0; i < N; i++) {
                slow(N - i);
                a[i] = b[i] + 1;
            }
#pragma omp for schedule(auto)
            for (int i = 0; i < N; i++)
                c[i] = a[i];
        }
        for (int i = 0; i < N; i++) {
            bad += b[i] != i + 2.0 * step || c[i] != i + 2.0 * step + 1;
            sum += c[i];
        }
    }
    printf("mismatches %d sum %.1f\n", bad, sum);
    return 0;
}
