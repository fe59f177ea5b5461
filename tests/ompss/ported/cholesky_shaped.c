/* ported: ompss
   ported-werror
   tiled Cholesky in the shape of the OmpSs examples: function tasks with shaped dependences on
   tiles (`inout([BS][BS]a)`), tiles held in `double *A[NT][NT]` and through a typedef'd
   2-D tile type, `label`, `priority` on the critical path, taskwait on a tile */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define NT 6
#define BS 24

typedef double tile_t[BS][BS];

#pragma omp task inout([BS][BS]a) label(potrf) priority(3)
static void potrf(double *a)
{
    tile_t *t = (tile_t *)a;
    for (int k = 0; k < BS; k++) {
        (*t)[k][k] = sqrt((*t)[k][k]);
        for (int i = k + 1; i < BS; i++)
            (*t)[i][k] /= (*t)[k][k];
        for (int j = k + 1; j < BS; j++)
            for (int i = j; i < BS; i++)
                (*t)[i][j] -= (*t)[i][k] * (*t)[j][k];
    }
}

#pragma omp task in([BS][BS]d) inout([BS][BS]b) label(trsm) priority(2)
static void trsm(const double *d, double *b)
{
    const tile_t *L = (const tile_t *)d;
    tile_t *B = (tile_t *)b;
    for (int i = 0; i < BS; i++)
        for (int k = 0; k < BS; k++) {
            double s = (*B)[i][k];
            for (int j = 0; j < k; j++)
                s -= (*B)[i][j] * (*L)[k][j];
            (*B)[i][k] = s / (*L)[k][k];
        }
}

#pragma omp task in([BS][BS]a) inout([BS][BS]c) label(syrk)
static void syrk(const double *a, double *c)
{
    for (int i = 0; i < BS; i++)
        for (int j = 0; j <= i; j++) {
            double s = 0;
            for (int k = 0; k < BS; k++)
                s += a[i * BS + k] * a[j * BS + k];
            c[i * BS + j] -= s;
        }
}

#pragma omp task in([BS][BS]a, [BS][BS]b) inout([BS][BS]c) label(gemm)
static void gemm(const double *a, const double *b, double *c)
{
    for (int i = 0; i < BS; i++)
        for (int j = 0; j < BS; j++) {
            double s = 0;
            for (int k = 0; k < BS; k++)
                s += a[i * BS + k] * b[j * BS + k];
            c[i * BS + j] -= s;
        }
}

static double *A[NT][NT];

int main(void)
{
    const int n = NT * BS;
    for (int bi = 0; bi < NT; bi++)
        for (int bj = 0; bj < NT; bj++)
            A[bi][bj] = malloc(sizeof(tile_t));
    /* a symmetric positive definite matrix */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double v = 1.0 / (1.0 + abs(i - j)) + (i == j ? n : 0);
            A[i / BS][j / BS][(i % BS) * BS + j % BS] = v;
        }
    for (int k = 0; k < NT; k++) {
        potrf(A[k][k]);
        for (int i = k + 1; i < NT; i++)
            trsm(A[k][k], A[i][k]);
        for (int i = k + 1; i < NT; i++) {
            for (int j = k + 1; j < i; j++)
                gemm(A[i][k], A[j][k], A[i][j]);
            syrk(A[i][k], A[i][i]);
        }
    }
    #pragma omp taskwait on([BS][BS]A[NT - 1][NT - 1])
    double last = A[NT - 1][NT - 1][BS * BS - 1];
    #pragma omp taskwait
    double s = 0;
    for (int bi = 0; bi < NT; bi++)
        for (int bj = 0; bj <= bi; bj++)
            for (int i = 0; i < BS; i++)
                for (int j = 0; j < BS; j++)
                    if (bi > bj || j <= i)
                        s += A[bi][bj][i * BS + j];
    printf("L sum %.10e last %.12f\n", s, last);
    for (int bi = 0; bi < NT; bi++)
        for (int bj = 0; bj < NT; bj++)
            free(A[bi][bj]);
    return 0;
}
