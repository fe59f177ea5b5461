/*
 * matmul_omp.c - the tiled matrix multiplication of samples/matmul/matmul.c written with
 * OpenMP tasks and `depend` clauses, for the gcc/libgomp and clang/libomp columns of
 * bench/ompss.  Same tiles, same task graph, same kernel (kernels.c), same output lines.
 *
 *   usage: matmul_omp [N [BS]]       OMP_NUM_THREADS=2 ./matmul-libgomp 1024 128
 */
#include "kernels.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void matmul(double **a, double **b, double **c, int nt, int bs)
{
    int sz = bs * bs;
#pragma omp parallel
#pragma omp single
    {
        for (int i = 0; i < nt; i++)
            for (int j = 0; j < nt; j++)
                for (int k = 0; k < nt; k++) {
                    double *aik = a[i * nt + k], *bkj = b[k * nt + j], *cij = c[i * nt + j];
#pragma omp task depend(in: aik[0:sz], bkj[0:sz]) depend(inout: cij[0:sz])
                    bench_matmul(aik, bkj, cij, bs);
                }
#pragma omp taskwait
    }
}

int main(int argc, char **argv)
{
    int n, bs;
    if (bench_args(argc, argv, 1024, 128, &n, &bs) != 0)
        return 2;
    int nt = n / bs;
    double **a = bench_mm_setup(nt, bs, 0), **b = bench_mm_setup(nt, bs, 1),
           **c = bench_mm_setup(nt, bs, -1);
    double t0 = omp_get_wtime();
    matmul(a, b, c, nt, bs);
    double secs = omp_get_wtime() - t0;
    printf("matmul (OpenMP depend): n %d, tile %d, %d threads\n", n, bs, omp_get_max_threads());
    printf("time: %.6f s (%.2f GFLOP/s)\n", secs, 2.0 * n * n * n / secs * 1e-9);
    int wrong = bench_mm_wrong_rows(c, nt, bs);
    bench_mm_free(a, nt);
    bench_mm_free(b, nt);
    bench_mm_free(c, nt);
    if (wrong) {
        printf("result: WRONG (%d rows)\n", wrong);
        return 1;
    }
    printf("result: OK\n");
    return 0;
}
