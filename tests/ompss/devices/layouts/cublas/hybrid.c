/* hybrid.c - the shape of the OmpSs Cholesky with cuBLAS (cholesky_hyb): the CUDA task
 * bodies in the C file call cuBLAS through nanos_get_cublas_handle(), tiles come from
 * nanos_malloc_pinned_cuda(), the program asks nanos_get_num_sockets() and gives
 * nanos_current_socket() hints, and includes neither omp.h nor nanos.h (Mercurium gave
 * every unit nanos.h).  c -= a b^T over NT x NT tiles of NB x NB doubles (column-major), the
 * tile products on the GPU (gemm_tile) or, for every third one, on the host (gemm_host, an
 * smp task of the same dependences); a `taskwait noflush` between two rounds.  Small
 * integers: exact.  Checked against the product on the host; exit 0 and "result: OK". */
#include <stdio.h>
#include <stdlib.h>
#include <cublas_v2.h>

#define NT 3
#define NB 64

#pragma omp target device(cuda) copy_deps
#pragma omp task in([nb * nb]a, [nb * nb]b) inout([nb * nb]c)
void gemm_tile(const double *a, const double *b, double *c, int nb)
{
    const double one = 1.0, mone = -1.0;
    cudaStream_t stream = nanos_get_kernel_execution_stream();
    cublasHandle_t handle = nanos_get_cublas_handle();
    cublasSetStream(handle, stream);
    cublasDgemm(handle, CUBLAS_OP_N, CUBLAS_OP_T, nb, nb, nb, &mone, a, nb, b, nb, &one, c, nb);
}

#pragma omp task in([nb * nb]a, [nb * nb]b) inout([nb * nb]c)
void gemm_host(const double *a, const double *b, double *c, int nb)
{
    for (int j = 0; j < nb; j++)
        for (int k = 0; k < nb; k++)
            for (int i = 0; i < nb; i++)
                c[j * nb + i] -= a[k * nb + i] * b[k * nb + j];
}

static double *tiles[3][NT][NT];

/* element (r, col) of matrix m */
static double *at(int m, int r, int col)
{
    return tiles[m][r / NB][col / NB] + (col % NB) * NB + r % NB;
}

static void round_of_products(int sockets)
{
    int n = 0;
    for (int i = 0; i < NT; i++)
        for (int j = 0; j < NT; j++)
            for (int k = 0; k < NT; k++, n++) {
                nanos_current_socket(j % sockets);
                if (n % 3 == 2)
                    gemm_host(tiles[0][i][k], tiles[1][j][k], tiles[2][i][j], NB);
                else
                    gemm_tile(tiles[0][i][k], tiles[1][j][k], tiles[2][i][j], NB);
            }
}

int main(void)
{
    int sockets = 0;
    nanos_get_num_sockets(&sockets);
    for (int m = 0; m < 3; m++)
        for (int i = 0; i < NT; i++)
            for (int j = 0; j < NT; j++)
                tiles[m][i][j] = nanos_malloc_pinned_cuda(NB * NB * sizeof(double));
    const int n = NT * NB;
    double *ref = malloc(sizeof(double) * n * n);
    for (int r = 0; r < n; r++)
        for (int col = 0; col < n; col++) {
            *at(0, r, col) = (r * 3 + col) % 7 - 3;
            *at(1, r, col) = (r + 2 * col) % 5 - 2;
            *at(2, r, col) = ref[r * n + col] = (r + col) % 4;
        }
    printf("sockets: %d\n", sockets);
    round_of_products(sockets);
#pragma omp taskwait noflush
    round_of_products(sockets);
#pragma omp taskwait
    int wrong = 0;
    for (int r = 0; r < n; r++)
        for (int col = 0; col < n; col++) {
            double s = 0;
            for (int k = 0; k < n; k++)
                s += *at(0, r, k) * *at(1, col, k);
            wrong += *at(2, r, col) != ref[r * n + col] - 2 * s;
        }
    for (int m = 0; m < 3; m++)
        for (int i = 0; i < NT; i++)
            for (int j = 0; j < NT; j++)
                nanos_free_pinned_cuda(tiles[m][i][j]);
    free(ref);
    printf(wrong ? "result: WRONG (%d)\n" : "result: OK\n", wrong);
    return wrong != 0;
}
