/*
 * cholesky.c - tiled Cholesky factorisation A = L * L^T in OmpSs.
 *
 *   usage: cholesky [N [TS]] [--inject-error]   (defaults 2048 128; N a multiple of TS)
 *   mcc --ompss -O2 cholesky.c -o cholesky -lm && NX_ARGS="--smp-workers=2" ./cholesky
 *
 * The matrix is stored by tiles (tile (i, j) is one contiguous TS x TS block), and
 * each kernel is a function task whose dependences are whole tiles given by shaping,
 * inout([ts][ts]c): the runtime builds the task graph of the right-looking algorithm
 * from them.  The result is checked through a random vector (L * L^T x against A x).
 * Exit status 0 and "result: OK" when right, 1 when wrong (--inject-error corrupts one
 * element after the factorisation, to show that the check notices).
 */
#include "kernels.h"
#include <omp.h>

static int not_spd;

#pragma omp task inout([ts][ts]a)
void potrf(double *a, int ts)
{
    if (potrf_tile(a, ts) != 0)
        __atomic_store_n(&not_spd, 1, __ATOMIC_RELAXED);
}

#pragma omp task in([ts][ts]a) inout([ts][ts]b)
void trsm(const double *a, double *b, int ts)
{
    trsm_tile(a, b, ts);
}

#pragma omp task in([ts][ts]a) inout([ts][ts]c)
void syrk(const double *a, double *c, int ts)
{
    syrk_tile(a, c, ts);
}

#pragma omp task in([ts][ts]a, [ts][ts]b) inout([ts][ts]c)
void gemm(const double *a, const double *b, double *c, int ts)
{
    gemm_tile(a, b, c, ts);
}

static void cholesky(double **t, int nt, int ts)
{
    for (int k = 0; k < nt; k++) {
        potrf(t[k * nt + k], ts);
        for (int i = k + 1; i < nt; i++)
            trsm(t[k * nt + k], t[i * nt + k], ts);
        for (int i = k + 1; i < nt; i++) {
            for (int j = k + 1; j < i; j++)
                gemm(t[i * nt + k], t[j * nt + k], t[i * nt + j], ts);
            syrk(t[i * nt + k], t[i * nt + i], ts);
        }
    }
#pragma omp taskwait
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    int inject = argc > 1 && strcmp(argv[argc - 1], "--inject-error") == 0;
    argc -= inject;
    int n = argc > 1 ? atoi(argv[1]) : 2048, ts = argc > 2 ? atoi(argv[2]) : 128;
    if (n <= 0 || ts <= 0 || n % ts != 0) {
        fprintf(stderr, "usage: %s [N [TS]]  (N a multiple of TS)\n", argv[0]);
        return 2;
    }
    int nt = n / ts;
    double **t = tiles_alloc(nt, ts);
    spd_fill(t, nt, ts);

    double t0 = omp_get_wtime();
    cholesky(t, nt, ts);
    double secs = omp_get_wtime() - t0;
    double gflops = (double)n * n * n / 3.0 / secs * 1e-9;
    printf("cholesky: n %d, tile %d, %d tasks\n", n, ts, nt * (nt + 1) * (nt + 2) / 6);
    printf("time: %.6f s (%.2f GFLOP/s)\n", secs, gflops);

    if (inject)
        t[nt * nt - 1][ts * ts - 1] += 1e-3;
    double err = cholesky_error(t, nt, ts);
    tiles_free(t, nt);
    if (not_spd || !(err < 1e-12)) {
        printf("result: WRONG (relative error %.3g%s)\n", err, not_spd ? ", not SPD" : "");
        return 1;
    }
    printf("result: OK (relative error %.3g)\n", err);
    return 0;
}
