/*
 * cholesky_omp.c - the tiled Cholesky of samples/cholesky/cholesky.c written with OpenMP
 * tasks and `depend` clauses (one parallel region, one producer thread), for the
 * gcc/libgomp and clang/libomp columns of bench/ompss.  Same tiles, same task graph,
 * same kernels (kernels.c); same output lines ("time:", "result: OK").
 *
 *   usage: cholesky_omp [N [TS]]      OMP_NUM_THREADS=2 ./cholesky-libgomp 2048 128
 */
#include "kernels.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int not_spd;

static void cholesky(double **t, int nt, int ts)
{
    int sz = ts * ts;
#pragma omp parallel
#pragma omp single
    {
        for (int k = 0; k < nt; k++) {
            double *akk = t[k * nt + k];
#pragma omp task depend(inout: akk[0:sz])
            if (bench_potrf(akk, ts) != 0)
                not_spd = 1;
            for (int i = k + 1; i < nt; i++) {
                double *aik = t[i * nt + k];
#pragma omp task depend(in: akk[0:sz]) depend(inout: aik[0:sz])
                bench_trsm(akk, aik, ts);
            }
            for (int i = k + 1; i < nt; i++) {
                double *aik = t[i * nt + k];
                for (int j = k + 1; j < i; j++) {
                    double *ajk = t[j * nt + k], *aij = t[i * nt + j];
#pragma omp task depend(in: aik[0:sz], ajk[0:sz]) depend(inout: aij[0:sz])
                    bench_gemm(aik, ajk, aij, ts);
                }
                double *aii = t[i * nt + i];
#pragma omp task depend(in: aik[0:sz]) depend(inout: aii[0:sz])
                bench_syrk(aik, aii, ts);
            }
        }
#pragma omp taskwait
    }
}

int main(int argc, char **argv)
{
    int n, ts;
    if (bench_args(argc, argv, 2048, 128, &n, &ts) != 0)
        return 2;
    int nt = n / ts;
    double **t = bench_chol_setup(nt, ts);
    double t0 = omp_get_wtime();
    cholesky(t, nt, ts);
    double secs = omp_get_wtime() - t0;
    printf("cholesky (OpenMP depend): n %d, tile %d, %d threads\n", n, ts, omp_get_max_threads());
    printf("time: %.6f s (%.2f GFLOP/s)\n", secs, (double)n * n * n / 3.0 / secs * 1e-9);
    double err = bench_chol_error(t, nt, ts);
    if (not_spd || !(err < 1e-12)) {
        printf("result: WRONG (relative error %.3g)\n", err);
        return 1;
    }
    printf("result: OK (relative error %.3g)\n", err);
    return 0;
}
