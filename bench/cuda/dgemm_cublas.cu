/*
 * dgemm_cublas.cu - the reference for the matmul benchmark: cuBLAS dgemm on the whole
 * N x N matrices (the same values as the sample), C = A * B + C.
 *
 *   usage: dgemm_cublas [N]   (default 8192)
 * Prints two lines: "time: S s (G GFLOP/s)" end to end (pinned host copies of A, B, C in,
 * the dgemm, C out, in one stream) and "dgemm only: S s (G GFLOP/s)" (data resident).
 * Checks 64 elements of C exactly against the host ("result: OK").
 */
#include "common.h"
#include "host_checks.h"
#include <cublas_v2.h>

#define CKB(call)                                                                         \
    do {                                                                                  \
        cublasStatus_t ckb_st = (call);                                                   \
        if (ckb_st != CUBLAS_STATUS_SUCCESS) {                                            \
            fprintf(stderr, "%s:%d: %s failed: status %d\n", __FILE__, __LINE__, #call,   \
                    (int)ckb_st);                                                         \
            exit(2);                                                                      \
        }                                                                                 \
    } while (0)

/* Row-major C = A B is column-major C^T = B^T A^T: swap the operands. */
static void dgemm(cublasHandle_t h, int n, const double *a, const double *b, double *c)
{
    const double one = 1.0;
    CKB(cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, b, n, a, n, &one, c, n));
}

static int wrong_elements(const double *c, int n)
{
    int wrong = 0;
    for (int t = 0; t < 64; t++) {
        int r = (int)((t * 2654435761u) % n), col = (int)((t * 40503u + 17) % n);
        double s = 0;
        for (int k = 0; k < n; k++)
            s += hc_mm_value(0, r, k) * hc_mm_value(1, k, col);
        wrong += c[(size_t)r * n + col] != s;
    }
    return wrong;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 8192;
    size_t bytes = (size_t)n * n * sizeof(double);
    double *a = (double *)host_alloc(bytes, true), *b = (double *)host_alloc(bytes, true);
    double *c = (double *)host_alloc(bytes, true);
    for (int r = 0; r < n; r++)
        for (int k = 0; k < n; k++) {
            a[(size_t)r * n + k] = hc_mm_value(0, r, k);
            b[(size_t)r * n + k] = hc_mm_value(1, r, k);
            c[(size_t)r * n + k] = 0;
        }
    double *da, *db, *dc;
    CK(cudaMalloc(&da, bytes));
    CK(cudaMalloc(&db, bytes));
    CK(cudaMalloc(&dc, bytes));
    cublasHandle_t h;
    cudaStream_t s;
    CK(cudaStreamCreate(&s));
    CKB(cublasCreate(&h));
    CKB(cublasSetStream(h, s));
    CK(cudaMemsetAsync(dc, 0, bytes, s));
    dgemm(h, n, da, db, dc);            /* warm-up: cuBLAS loads its kernels */
    CK(cudaStreamSynchronize(s));

    double t0 = wall_seconds();
    CK(cudaMemcpyAsync(da, a, bytes, cudaMemcpyHostToDevice, s));
    CK(cudaMemcpyAsync(db, b, bytes, cudaMemcpyHostToDevice, s));
    CK(cudaMemcpyAsync(dc, c, bytes, cudaMemcpyHostToDevice, s));
    dgemm(h, n, da, db, dc);
    CK(cudaMemcpyAsync(c, dc, bytes, cudaMemcpyDeviceToHost, s));
    CK(cudaStreamSynchronize(s));
    double secs = wall_seconds() - t0;

    double t1 = wall_seconds();
    dgemm(h, n, da, db, dc);            /* C += A B once more: timing only */
    CK(cudaStreamSynchronize(s));
    double only = wall_seconds() - t1;

    double flop = 2.0 * n * n * (double)n;
    printf("dgemm_cublas: n %d\n", n);
    printf("time: %.6f s (%.2f GFLOP/s)\n", secs, flop / secs * 1e-9);
    printf("dgemm only: %.6f s (%.2f GFLOP/s)\n", only, flop / only * 1e-9);
    int wrong = wrong_elements(c, n);
    printf(wrong ? "result: WRONG (%d of 64 elements)\n" : "result: OK\n", wrong);
    CKB(cublasDestroy(h));
    return wrong != 0;
}
