/*
 * heat.c - heat diffusion on a square plate by blocked Gauss-Seidel sweeps: a wavefront
 * of tasks driven by dependences alone.
 *
 *   usage: heat [N [BS [ITERS]]]     (defaults 2048 128 20)
 *   mcc --ompss -O2 heat.c -o heat && NX_ARGS="--smp-workers=2" ./heat
 *
 * The grid is (N+2) x (N+2) with a fixed hot boundary on the top edge.  One task per
 * BS x BS block and iteration updates the block in place (inout), reading the facing
 * row or column of its four neighbours (in).  In program order, a block sees its top
 * and left neighbours already updated in this iteration and its bottom and right ones
 * from the previous iteration; the dependences impose exactly that, so blocks of
 * different iterations overlap in a diagonal wavefront and the result is bit-for-bit
 * that of the sequential sweep, which the program checks.  Exit 0 and "result: OK"
 * when right, 1 when wrong.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Gauss-Seidel on the block of rows r..r+bs-1, columns c..c+bs-1 of a grid of width w. */
static void gs_block(double *u, long w, long r, long c, long bs)
{
    for (long i = r; i < r + bs; i++)
        for (long j = c; j < c + bs; j++)
            u[i * w + j] = 0.25 * (u[(i - 1) * w + j] + u[(i + 1) * w + j] + u[i * w + j - 1]
                                   + u[i * w + j + 1]);
}

static void sweep_tasks(double *u, long n, long bs, int iters)
{
    long w = n + 2;
    for (int it = 0; it < iters; it++)
        for (long r = 1; r <= n; r += bs)
            for (long c = 1; c <= n; c += bs) {
#pragma omp task inout(([w][w]u)[r;bs][c;bs]) \
                 in(([w][w]u)[r-1][c;bs], ([w][w]u)[r+bs][c;bs]) \
                 in(([w][w]u)[r;bs][c-1], ([w][w]u)[r;bs][c+bs]) \
                 label(gs_block)
                gs_block(u, w, r, c, bs);
            }
#pragma omp taskwait
}

static void sweep_sequential(double *u, long n, long bs, int iters)
{
    for (int it = 0; it < iters; it++)
        for (long r = 1; r <= n; r += bs)
            for (long c = 1; c <= n; c += bs)
                gs_block(u, n + 2, r, c, bs);
}

static double *grid_new(long n)
{
    long w = n + 2;
    double *u = calloc((size_t)w * w, sizeof *u);
    for (long j = 0; j < w; j++)
        u[j] = 100.0 * (double)(j < w / 2 ? j : w - 1 - j) / (double)w;
    return u;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 2048, bs = argc > 2 ? atol(argv[2]) : 128;
    int iters = argc > 3 ? atoi(argv[3]) : 20;
    if (n <= 0 || bs <= 0 || n % bs != 0 || iters < 1) {
        fprintf(stderr, "usage: %s [N [BS [ITERS]]]  (N a multiple of BS)\n", argv[0]);
        return 2;
    }
    double *u = grid_new(n), *ref = grid_new(n);
    double t0 = omp_get_wtime();
    sweep_tasks(u, n, bs, iters);
    double secs = omp_get_wtime() - t0;
    printf("heat: n %ld, block %ld, %d iterations, %ld tasks\n", n, bs, iters,
           (long)iters * (n / bs) * (n / bs));
    printf("time: %.6f s\n", secs);

    sweep_sequential(ref, n, bs, iters);
    long w = n + 2;
    double heat = 0;
    for (long i = 1; i <= n; i++)
        for (long j = 1; j <= n; j++)
            heat += u[i * w + j];
    int same = memcmp(u, ref, (size_t)w * w * sizeof *u) == 0;
    free(u);
    free(ref);
    printf("heat in the plate: %.6f\n", heat);
    if (!same || !(heat > 0)) {
        printf("result: WRONG (differs from the sequential sweep)\n");
        return 1;
    }
    printf("result: OK\n");
    return 0;
}
