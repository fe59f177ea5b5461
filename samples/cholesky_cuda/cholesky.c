/*
 * cholesky.c - tiled Cholesky factorisation A = L * L^T whose trsm, syrk and gemm tasks
 * also have CUDA implementations (cholesky.cu, plain kernels), tied by `implements`;
 * potrf stays on the cores.  The algorithm, the tiles and the check are those of
 * samples/cholesky (its kernels.h).
 *
 *   usage: cholesky [N [TS]] [--inject-error]   (defaults 2048 256; N a multiple of TS)
 *   mcc --ompss -O2 cholesky.c cholesky.cu -o cholesky -lm
 *   -DONLY_CUDA: trsm, syrk and gemm are the CUDA kernels themselves (no smp version), so
 *   every update runs on the GPU and every potrf on the cores: the tiles go back and
 *   forth between host and GPU through the runtime's cache.
 *
 * Exit status 0 and "result: OK" when L * L^T matches A, 1 when not.
 */
#include "../cholesky/kernels.h"
#include <omp.h>

#ifndef _OMPSS /* plain C (pragmas ignored) does not know the CUDA qualifiers */
#define __global__
#endif

static int not_spd, smp_updates;

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
    __atomic_fetch_add(&smp_updates, 1, __ATOMIC_RELAXED);
}

#pragma omp task in([ts][ts]a) inout([ts][ts]c)
void syrk(const double *a, double *c, int ts)
{
    syrk_tile(a, c, ts);
    __atomic_fetch_add(&smp_updates, 1, __ATOMIC_RELAXED);
}

#pragma omp task in([ts][ts]a, [ts][ts]b) inout([ts][ts]c)
void gemm(const double *a, const double *b, double *c, int ts)
{
    gemm_tile(a, b, c, ts);
    __atomic_fetch_add(&smp_updates, 1, __ATOMIC_RELAXED);
}

#ifdef ONLY_CUDA
#define IMPLEMENTS(f)
#define TRSM trsm_cuda
#define SYRK syrk_cuda
#define GEMM gemm_cuda
#else
#define IMPLEMENTS(f) implements(f)
#define TRSM trsm
#define SYRK syrk
#define GEMM gemm
#endif

/* One thread per row of b (the rows are independent solves). */
#pragma omp target device(cuda) ndrange(1, ts, 64) copy_deps IMPLEMENTS(trsm)
#pragma omp task in([ts][ts]a) inout([ts][ts]b)
__global__ void trsm_cuda(const double *a, double *b, int ts);

/* One thread per element of c, blocks of 16 x 16. */
#pragma omp target device(cuda) ndrange(2, ts, ts, 16, 16) copy_deps IMPLEMENTS(syrk)
#pragma omp task in([ts][ts]a) inout([ts][ts]c)
__global__ void syrk_cuda(const double *a, double *c, int ts);

#pragma omp target device(cuda) ndrange(2, ts, ts, 16, 16) copy_deps IMPLEMENTS(gemm)
#pragma omp task in([ts][ts]a, [ts][ts]b) inout([ts][ts]c)
__global__ void gemm_cuda(const double *a, const double *b, double *c, int ts);

static void cholesky(double **t, int nt, int ts)
{
    for (int k = 0; k < nt; k++) {
        potrf(t[k * nt + k], ts);
        for (int i = k + 1; i < nt; i++)
            TRSM(t[k * nt + k], t[i * nt + k], ts);
        for (int i = k + 1; i < nt; i++) {
            for (int j = k + 1; j < i; j++)
                GEMM(t[i * nt + k], t[j * nt + k], t[i * nt + j], ts);
            SYRK(t[i * nt + k], t[i * nt + i], ts);
        }
    }
#pragma omp taskwait
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    int inject = argc > 1 && strcmp(argv[argc - 1], "--inject-error") == 0;
    argc -= inject;
    int n = argc > 1 ? atoi(argv[1]) : 2048, ts = argc > 2 ? atoi(argv[2]) : 256;
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
    int updates = nt * (nt + 1) * (nt + 2) / 6 - nt;
    printf("cholesky: n %d, tile %d, %d tasks, %d of the %d updates on smp\n", n, ts,
           nt * (nt + 1) * (nt + 2) / 6, smp_updates, updates);
    printf("time: %.6f s (%.2f GFLOP/s)\n", secs, (double)n * n * n / 3.0 / secs * 1e-9);

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
