/* ported: openmp
 * ported-werror
 * Loops of one parallel region chained by nowait, as NPB-style solvers write their time
 * steps: `for schedule(static) nowait` writing an array that the next `for
 * schedule(static)` of as many iterations reads at the same index, with no barrier
 * between them.  OpenMP gives the two loops the same iterations on each thread (static
 * schedule, same count, same chunk: 4.5, 2.7.1), so each element is read after it is
 * written.  Also with a chunk (`schedule(static, 16)`), with no schedule (static in gcc),
 * through an orphaned loop in a function the region calls, and over several time steps.
 * Some iterations are slow, so a reader that runs before its writer reads the old value.
 * mcc's tasks of the second loop ran before those of the first.  Prints the sums. */
#include <stdio.h>
#include <unistd.h>

#define N 4000
#define STEPS 3

static double a[N], b[N], c[N], d[N];

static double slow(int i)
{
    if (i % 500 == 0)
        usleep(2000);
    return i * 0.5;
}

/* an orphaned loop: binds to the region of its caller */
static void relax(double *x, const double *y, int n)
{
    #pragma omp for schedule(static) nowait
    for (int i = 0; i < n; i++)
        x[i] = 0.5 * (x[i] + y[i]) + slow(i);
}

int main(void)
{
    #pragma omp parallel
    {
        for (int step = 0; step < STEPS; step++) {
            #pragma omp for schedule(static) nowait
            for (int i = 0; i < N; i++)
                a[i] = slow(i) + step;
            #pragma omp for schedule(static) nowait
            for (int i = 0; i < N; i++)
                b[i] = a[i] * 2;
            relax(b, a, N);
            #pragma omp for schedule(static, 16) nowait
            for (int i = 0; i < N; i++)
                c[i] = slow(i) + i;
            #pragma omp for schedule(static, 16) nowait
            for (int i = 0; i < N; i++)
                c[i] = c[i] * 2 + 1;
            #pragma omp for nowait
            for (int i = 0; i < N; i++)
                d[i] = slow(i) + step;
            #pragma omp for
            for (int i = 0; i < N; i++)
                d[i] += b[i];
        }
    }
    double sum[3] = {0};
    for (int i = 0; i < 3 * N; i++)
        sum[i / N] += (i < N ? b : i < 2 * N ? c : d)[i % N];
    printf("b=%.2f c=%.2f d=%.2f\n", sum[0], sum[1], sum[2]);
    return 0;
}
