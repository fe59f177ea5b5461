/*
 * nqueens.c - the number of ways to place N queens on an N x N board, one task per
 * candidate position, with a final cut-off on the depth (bench/final; after the BOTS
 * nqueens kernel).
 *
 *   usage: nqueens N CUTOFF    prints "time: S s" and "result: OK" (the known count)
 *
 * Each task copies its parent's partial board, places a queen on row j and recurses;
 * tasks at depth CUTOFF or more are final.  The same file is the sequential, the OpenMP
 * (gcc -fopenmp) and the OmpSs (mcc) program.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAXN = 16 };
static int cutoff;

/* May queens in rows 0..n-1 at columns a[0..n-1] stay (the last one against the rest)? */
static int ok(int n, const char *a)
{
    for (int i = 0; i < n - 1; i++) {
        int d = a[i] - a[n - 1];
        if (d == 0 || d == n - 1 - i || -d == n - 1 - i)
            return 0;
    }
    return 1;
}

static void nqueens(int n, int j, const char *a, int *solutions, int depth)
{
    if (n == j) {
        *solutions = 1;
        return;
    }
    int csols[MAXN] = {0};
    for (int i = 0; i < n; i++) {
        #pragma omp task firstprivate(i) shared(csols) final(depth >= cutoff)
        {
            char b[MAXN];
            memcpy(b, a, (size_t)j);
            b[j] = (char)i;
            if (ok(j + 1, b))
                nqueens(n, j + 1, b, &csols[i], depth + 1);
        }
    }
    #pragma omp taskwait
    for (int i = 0; i < n; i++)
        *solutions += csols[i];
}

int main(int argc, char **argv)
{
    static const int known[MAXN + 1] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200,
                                        73712, 365596, 2279184, 14772512};
    int n = argc > 1 ? atoi(argv[1]) : 12;
    cutoff = argc > 2 ? atoi(argv[2]) : 3;
    if (n < 1 || n > MAXN) {
        fprintf(stderr, "usage: %s N CUTOFF (1 <= N <= %d)\n", argv[0], MAXN);
        return 2;
    }
    int total = 0;
    char board[MAXN];
    double t0 = omp_get_wtime();
    #pragma omp parallel
    #pragma omp single
    nqueens(n, 0, board, &total, 0);
    double t = omp_get_wtime() - t0;
    printf("nqueens(%d) = %d, cutoff %d\ntime: %.6f s\nresult: %s\n", n, total, cutoff, t,
           total == known[n] ? "OK" : "WRONG");
    return total != known[n];
}
