/* ported: openmp
 * Stream compaction and running sums in orphaned `for` loops of functions main calls with
 * no region (a team of one, which runs the iterations in order): `out[cnt++] = a[i]` for
 * the kept elements, `idx[i] = (int)(s += a[i])`, `pos[i] = --left`.  The counter's value
 * before each update is read, so each loop runs as one task (mcc warns).  mcc took the
 * updates for a sum's and reduced copies that started at 0 in each task: the kept elements
 * overwrote each other at the front of `out`.  A region's per-thread count updated by
 * `mine++;` statements alone stays a sum its loop's tasks reduce. */
#include <stdio.h>

#define N 1000

static double a[N], out[N];
static int idx[N], pos[N];

static int compact(int n)
{
    int cnt = 0;
#pragma omp for
    for (int i = 0; i < n; i++)
        if (a[i] > 1.0)
            out[cnt++] = a[i];
    return cnt;
}

static double running(int n)
{
    double s = 0.0;
#pragma omp for
    for (int i = 0; i < n; i++)
        idx[i] = (int)(s += a[i]);
    return s;
}

static void countdown(int n)
{
    int left = n;
#pragma omp for
    for (int i = 0; i < n; i++)
        pos[i] = --left;
}

int main(void)
{
    for (int i = 0; i < N; i++)
        a[i] = (double)((i * 7) % 5);
    int kept = compact(N);
    double total = running(N);
    countdown(N);
    double s = 0.0;
    for (int i = 0; i < kept; i++)
        s += out[i] * (i % 7 + 1);
    long t = 0, p = 0;
    for (int i = 0; i < N; i++) {
        t += idx[i];
        p += (long)pos[i] * (i % 3);
    }
    long big = 0;
#pragma omp parallel
    {
        long mine = 0;
#pragma omp for
        for (int i = 0; i < N; i++)
            if (a[i] > 2.0)
                mine++;
#pragma omp atomic
        big += mine;
    }
    printf("kept %d weighted %.1f total %.1f prefixes %ld countdown %ld big %ld\n", kept, s,
           total, t, p, big);
    return 0;
}
