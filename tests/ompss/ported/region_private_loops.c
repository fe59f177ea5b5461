/* ported: openmp
 * Worksharing loops that write a variable each thread of the region has a copy of, in
 * ways that are no reduction: the loop then runs as one task at once on the thread that
 * runs the region (mcc warns), as a team of one thread would.  With nowait the code after
 * the loop reads the thread's copy: mcc ran that task later, and the code read the copy
 * before the loop had updated it (a silently wrong result).  Also `t = t + 1` (not a `+=`)
 * and a copy the loop both reads and writes.  And a table each thread builds in the region
 * that a dynamic,1 loop only reads (shared by the loop's tasks, not copied into each),
 * and one the region changes after a nowait loop that reads it (each task keeps the
 * values of the loop's start). */
#include <stdio.h>

#define N 100000

int main(void)
{
    long c2 = 0, odd = 0, peak = 0;
#pragma omp parallel reduction(+ : c2)
    {
        long mine = 10;
#pragma omp for nowait
        for (int i = 0; i < N; i++)
            mine -= i % 3;
        c2 += mine - 10;
    }
#pragma omp parallel
    {
        long t = 0;
#pragma omp for
        for (int i = 0; i < 1000; i++)
            if (i % 2)
                t = t + 1;
#pragma omp atomic
        odd += t;
    }
#pragma omp parallel reduction(max : peak)
    {
        long best = 0;
#pragma omp for nowait schedule(dynamic, 100)
        for (int i = 0; i < N; i++)
            if ((i * 7919L) % 10007 > best)
                best = (i * 7919L) % 10007;
        if (best > peak)
            peak = best;
    }
    static int looked[N], later[64];
#pragma omp parallel
    {
        int table[512];
        for (int k = 0; k < 512; k++)
            table[k] = (k * 37) % 101;
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < N; i++)
            looked[i] = table[(i * 31) % 512];
#pragma omp for nowait
        for (int i = 0; i < 64; i++) {
            for (volatile int w = 0; w < 1000; w++)
                ;
            later[i] = table[i];
        }
#pragma omp single
        for (int k = 0; k < 512; k++)
            table[k] = -1;
    }
    /* a nowait loop inside a loop of the region that changes the table before each
     * instance: each instance's tasks keep the values of its start */
    static int rounds[4][64];
#pragma omp parallel
    {
        int table[64];
        for (int k = 0; k < 64; k++)
            table[k] = k;
        for (int r = 0; r < 4; r++) {
            table[r] = 1000 * (r + 1);
#pragma omp for nowait
            for (int i = 0; i < 64; i++) {
                for (volatile int w = 0; w < 200; w++)
                    ;
                rounds[r][i] = table[i];
            }
        }
    }
    long sr = 0;
    for (int r = 0; r < 4; r++)
        for (int i = 0; i < 64; i++)
            sr += rounds[r][i] * (r + 1);
    long via_local = 0, via_private = 0;
#pragma omp parallel reduction(+ : via_local)
    {
        long work[4] = {0, 0, 0, 0};
#pragma omp for
        for (int i = 0; i < 2000; i++) {
            long *q = work;
            q[i % 4] += i % 7;
        }
        via_local += work[0] + work[1] + work[2] + work[3];
    }
#pragma omp parallel reduction(+ : via_private)
    {
        long work[4] = {0, 0, 0, 0};
        long *q;
#pragma omp for
        for (int i = 0; i < 2000; i++) {
            q = work;
            q[i % 4] += i % 5;
        }
        via_private += work[0] + work[1] + work[2] + work[3];
    }
    long sl = 0, sa = 0;
    for (int i = 0; i < N; i++)
        sl += looked[i];
    for (int i = 0; i < 64; i++)
        sa += later[i];
    printf("%ld %ld %ld\n", c2, odd, peak);
    printf("%ld %ld %ld %ld %ld\n", sl, sa, sr, via_local, via_private);
    return 0;
}
