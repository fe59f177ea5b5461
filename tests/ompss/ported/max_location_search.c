/* ported: openmp
 * The max-location search of student and benchmark codes: a region whose threads each
 * keep a running maximum and where it is (`if (a[i] > lmax) { lmax = a[i]; li = i; }` in
 * a `for`, schedule(dynamic) or none, collapse(2) with a row and a column), combined under
 * `critical` after the loop.  The location is set only in a branch and never read in the
 * loop, but the region reads it after: mcc gave each task a copy of its own, so the thread's
 * li stayed -1 (a silently wrong location).  Also a "last match" index set in a branch
 * and read after a nowait loop, and a temporary set first and read only in the loop (still
 * private to each task). */
#include <stdio.h>

#define N 300
#define M 40

static double a[N], g[N][M];

int main(void)
{
    for (int i = 0; i < N; i++) {
        a[i] = (double)((i * 37) % 101) - (i % 7) * 0.25;
        for (int j = 0; j < M; j++)
            g[i][j] = (double)((i * 13 + j * 29) % 97) + (j % 3) * 0.5;
    }
    double maxv = -1e300;
    int maxi = -1, i, j;
#pragma omp parallel
    {
        double lmax = -1e300;
        int li = -1;
#pragma omp for schedule(dynamic)
        for (i = 0; i < N; i++)
            if (a[i] > lmax) {
                lmax = a[i];
                li = i;
            }
#pragma omp critical
        {
            if (lmax > maxv || (lmax == maxv && li < maxi)) {
                maxv = lmax;
                maxi = li;
            }
        }
    }
    printf("max %.2f at %d\n", maxv, maxi);

    double gmax = -1e300;
    int gi = -1, gj = -1;
#pragma omp parallel private(i, j)
    {
        double lmax = -1e300;
        int li = -1, lj = -1;
#pragma omp for collapse(2)
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                if (g[i][j] > lmax) {
                    lmax = g[i][j];
                    li = i;
                    lj = j;
                }
#pragma omp critical
        if (lmax > gmax || (lmax == gmax && (li < gi || (li == gi && lj < gj)))) {
            gmax = lmax;
            gi = li;
            gj = lj;
        }
    }
    printf("grid max %.2f at %d %d\n", gmax, gi, gj);

    int found = N;
    long sq = 0;
#pragma omp parallel reduction(+ : sq)
    {
        int last = N;
        double t;
#pragma omp for nowait
        for (i = 0; i < N; i++) {
            t = a[i] * 2.0;
            sq += (long)(t * t);
            if (a[i] < 0.0)
                last = i;
        }
        /* the smallest index some thread found negative last: the first negative in the
           team's last chunk is at most that thread's last, so take the least over all */
#pragma omp critical
        if (last < found)
            found = last;
    }
    printf("sq %ld, a negative at %s\n", sq, found < N && a[found] < 0.0 ? "yes" : "no");
    return 0;
}
