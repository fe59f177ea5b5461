#!/usr/bin/env bash
# An orphaned `for` in a.c whose function a parallel region of b.c calls (each unit built
# alone with `mcc --ompss -c`): the function's local scratch array and local partial sum
# are each calling thread's own in OpenMP, so the scratch loop, which fills tmp before it
# reads it, gives each task its own tmp (no warning), and the sum is reduced by the
# loop's tasks; the program prints what gcc -fopenmp (4 threads) and plain gcc print.
# mcc applied those rules only when a region of the same file called the function: the
# loop's tasks filled one tmp at once.
. "$(dirname "$0")/lib.sh"
cat > a.c <<'SRC'
#define W 64

static double slow(double x)
{
    for (int r = 0; r < 40000; r++)
        x = x * 0.999999 + 1e-7;
    return x;
}

void smooth(double *out, const double *in, int n)
{
    double tmp[W];
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < W; k++)
            tmp[k] = in[(i + k) % n] * (k + 1);
        double w = slow(i), s = 0;
        for (int k = 0; k < W; k++)
            s += tmp[k];
        out[i] = s + (w > 1e9);
    }
}

double total(const double *x, int n)
{
    double s = 0;
#pragma omp for
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}
SRC
cat > b.c <<'SRC'
#include <stdio.h>

void smooth(double *out, const double *in, int n);
double total(const double *x, int n);

#define N 96
static double in[N], out[N];

int main(void)
{
    for (int i = 0; i < N; i++)
        in[i] = i % 7;
    double t = 0;
#pragma omp parallel reduction(+ : t)
    {
        smooth(out, in, N);
        t += total(out, N);
    }
    double c = 0;
    for (int i = 0; i < N; i++)
        c += out[i] * (i % 3 + 1);
    printf("%.1f %.1f\n", c, t);
    return 0;
}
SRC
oracle a.c b.c
ok "$MCC" --ompss -O2 -c a.c
lacks err.txt "'tmp' is private"
lacks err.txt "'s' is private"
ok "$MCC" --ompss -O2 -c b.c
ok "$MCC" --ompss a.o b.o -o app
for w in 1 2 4; do
    NX_ARGS=--smp-workers=$w runs ./app "$want"
done
no_temps
