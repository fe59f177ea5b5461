/* ported: openmp
 * ported-werror
 * NPB's random streams: a seed private to each thread of a region (and a local of an
 * orphaned loop's function) set first in each iteration and handed by address to
 * randlc() inside the loop's body (`x = seed0 + i; r = randlc(&x, a);`): the address is
 * the task's own copy's, so the loop stays split; mcc ran such loops as one task with a
 * warning after 4254d2c (an error under -Werror), which the address taken outside a loop
 * (address_taken_locals) still asks. */
#include <stdio.h>

#define N 400

static double out[N], out2[N];

static double randlc(double *x, double a)
{
    double t = *x * a;
    *x = t - (double)(long)t;
    return *x;
}

static void orphaned_streams(int n)
{
    double x;
#pragma omp for
    for (int i = 0; i < n; i++) {
        x = 0.25 + i * 1e-3;
        out2[i] = randlc(&x, 5.3) * 2.0;
    }
}

int main(void)
{
    double total = 0.0;
#pragma omp parallel reduction(+: total)
    {
        double x;
#pragma omp for
        for (int i = 0; i < N; i++) {
            x = 0.1 + i * 1e-3;
            out[i] = randlc(&x, 3.7) + randlc(&x, 3.7);
            total += (double)(long)(out[i] * 1000.0);
        }
        orphaned_streams(N);
    }
    double s = 0.0;
    for (int i = 0; i < N; i++)
        s += (double)(long)(out2[i] * 1000.0);
    printf("streams %.0f %.0f\n", total, s);
    return 0;
}
