#!/usr/bin/env bash
# A parallel region of region.c whose threads wait for each other (a barrier; the body asks
# omp_get_thread_num()) runs on a team of threads and calls log.c's emit(), an orphaned
# `for ordered schedule(static, 1)` whose ordered region appends to a log, and chain(), a
# doacross `for ordered(1)` (depend(sink: i - 1), depend(source)); a `parallel for ordered
# schedule(dynamic)` of region.c calls log.c's step(), an orphaned ordered region; each unit
# built alone: the ordered regions run in the loops' order, as with gcc -fopenmp (4
# threads) and plain gcc.  Before, the team's program stopped ("the team cannot share it
# there (a loop whose iterations run in order ...)").
. "$(dirname "$0")/lib.sh"
cat > region.c <<'C'
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_max_threads(void) { return 1; }
#endif
#define N 60
void emit(int n, int scale);
void chain(int n);
extern double a[];
void step(int i);
extern int out[3 * N], nout;
static int owned[N];
int main(void)
{
    int nth = omp_get_max_threads();
    for (int rep = 0; rep < 2; rep++) {
#pragma omp parallel
        {
            int me = omp_get_thread_num();
            for (int i = me; i < N; i += nth)
                owned[i]++;
#pragma omp barrier
            emit(N, rep + 2);
            chain(N);
        }
    }
#pragma omp parallel for ordered schedule(dynamic)
    for (int i = 0; i < N; i++)
        step(i);
    long h = 0;
    for (int i = 0; i < nout; i++)
        h = h * 7 % 1000003 + out[i];
    int once = 0;
    for (int i = 0; i < N; i++)
        once += owned[i] == 2;
    printf("entries %d hash %ld last %d once %d a %.6f\n", nout, h, out[nout - 1], once, a[N]);
    return 0;
}
C
cat > log.c <<'C'
int out[180], nout;
double a[61];
void emit(int n, int scale)
{
#pragma omp for ordered schedule(static, 1)
    for (int i = 0; i < n; i++) {
        int v = i * scale;
#pragma omp ordered
        out[nout++] = v;
    }
}
void chain(int n)
{
#pragma omp for ordered(1) schedule(static, 3)
    for (int i = 1; i <= n; i++) {
#pragma omp ordered depend(sink: i - 1)
        a[i] = a[i - 1] * 0.5 + i;
#pragma omp ordered depend(source)
    }
}
void step(int i)
{
#pragma omp ordered
    out[nout++] = -i;
}
C
oracle region.c log.c
mcc_agrees region.c log.c
built_together region.c log.c
