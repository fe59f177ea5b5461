/*
 * matmul.c - tiled matrix multiplication C = A * B in OmpSs.
 *
 *   usage: matmul [N [BS]] [--inject-error]     (defaults 1024 128; N a multiple of BS)
 *   mcc --ompss -O2 matmul.c -o matmul && NX_ARGS="--smp-workers=2" ./matmul
 *
 * The matrices are stored by tiles; one function task per (i, j, k) updates tile C(i, j)
 * with A(i, k) * B(k, j).  Its dependences are whole tiles given by shaping, so the
 * updates of one C tile are chained (inout) while different C tiles run in parallel.
 * The result is checked exactly through a vector; exit status 0 and "result: OK" when
 * right, 1 when wrong (--inject-error corrupts one element to show the check works).
 */
#include "kernels.h"
#include <omp.h>

#pragma omp task in([bs][bs]a, [bs][bs]b) inout([bs][bs]c)
void matmul_task(const double *a, const double *b, double *c, int bs)
{
    matmul_tile(a, b, c, bs);
}

static void matmul(double **a, double **b, double **c, int nt, int bs)
{
    for (int i = 0; i < nt; i++)
        for (int j = 0; j < nt; j++)
            for (int k = 0; k < nt; k++)
                matmul_task(a[i * nt + k], b[k * nt + j], c[i * nt + j], bs);
#pragma omp taskwait
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    int inject = argc > 1 && strcmp(argv[argc - 1], "--inject-error") == 0;
    argc -= inject;
    int n = argc > 1 ? atoi(argv[1]) : 1024, bs = argc > 2 ? atoi(argv[2]) : 128;
    if (n <= 0 || bs <= 0 || n % bs != 0) {
        fprintf(stderr, "usage: %s [N [BS]]  (N a multiple of BS)\n", argv[0]);
        return 2;
    }
    int nt = n / bs;
    double **a = mm_alloc(nt, bs), **b = mm_alloc(nt, bs), **c = mm_alloc(nt, bs);
    mm_fill(a, nt, bs, 0);
    mm_fill(b, nt, bs, 1);
    mm_fill(c, nt, bs, -1);

    double t0 = omp_get_wtime();
    matmul(a, b, c, nt, bs);
    double secs = omp_get_wtime() - t0;
    printf("matmul: n %d, tile %d, %d tasks\n", n, bs, nt * nt * nt);
    printf("time: %.6f s (%.2f GFLOP/s)\n", secs, 2.0 * n * n * n / secs * 1e-9);

    if (inject)
        c[0][0] += 1;
    int wrong = matmul_wrong_rows(c, nt, bs);
    mm_free(a, nt);
    mm_free(b, nt);
    mm_free(c, nt);
    if (wrong) {
        printf("result: WRONG (%d rows of C differ from A * B)\n", wrong);
        return 1;
    }
    printf("result: OK\n");
    return 0;
}
