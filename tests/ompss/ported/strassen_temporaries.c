/* ported: openmp
   ported-werror
   strassen in the shape of BOTS strassen: matrices with a row stride, seven recursive
   products in tasks into temporaries, sums after a taskwait, a cut-off to the plain product */
#include <stdio.h>
#include <stdlib.h>

typedef double REAL;
#define ELEM(A, ld, i, j) ((A)[(i) * (ld) + (j)])

static void add(int n, const REAL *restrict A, int lda, const REAL *restrict B, int ldb,
                REAL *restrict C, int ldc)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            ELEM(C, ldc, i, j) = ELEM(A, lda, i, j) + ELEM(B, ldb, i, j);
}

static void sub(int n, const REAL *restrict A, int lda, const REAL *restrict B, int ldb,
                REAL *restrict C, int ldc)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            ELEM(C, ldc, i, j) = ELEM(A, lda, i, j) - ELEM(B, ldb, i, j);
}

static void mul_plain(int n, const REAL *A, int lda, const REAL *B, int ldb, REAL *C, int ldc)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            REAL s = 0;
            for (int k = 0; k < n; k++)
                s += ELEM(A, lda, i, k) * ELEM(B, ldb, k, j);
            ELEM(C, ldc, i, j) = s;
        }
}

static void strassen(int n, const REAL *A, int lda, const REAL *B, int ldb, REAL *C, int ldc,
                     int cutoff)
{
    if (n <= cutoff) {
        mul_plain(n, A, lda, B, ldb, C, ldc);
        return;
    }
    int h = n / 2;
    const REAL *A11 = A, *A12 = A + h, *A21 = A + h * lda, *A22 = A + h * lda + h;
    const REAL *B11 = B, *B12 = B + h, *B21 = B + h * ldb, *B22 = B + h * ldb + h;
    REAL *C11 = C, *C12 = C + h, *C21 = C + h * ldc, *C22 = C + h * ldc + h;
    size_t sz = (size_t)h * h;
    REAL *M[7], *T1[7], *T2[7];
    for (int k = 0; k < 7; k++) {
        M[k] = malloc(sz * sizeof(REAL));
        T1[k] = malloc(sz * sizeof(REAL));
        T2[k] = malloc(sz * sizeof(REAL));
    }
    #pragma omp task
    { add(h, A11, lda, A22, lda, T1[0], h); add(h, B11, ldb, B22, ldb, T2[0], h);
      strassen(h, T1[0], h, T2[0], h, M[0], h, cutoff); }
    #pragma omp task
    { add(h, A21, lda, A22, lda, T1[1], h);
      strassen(h, T1[1], h, B11, ldb, M[1], h, cutoff); }
    #pragma omp task
    { sub(h, B12, ldb, B22, ldb, T2[2], h);
      strassen(h, A11, lda, T2[2], h, M[2], h, cutoff); }
    #pragma omp task
    { sub(h, B21, ldb, B11, ldb, T2[3], h);
      strassen(h, A22, lda, T2[3], h, M[3], h, cutoff); }
    #pragma omp task
    { add(h, A11, lda, A12, lda, T1[4], h);
      strassen(h, T1[4], h, B22, ldb, M[4], h, cutoff); }
    #pragma omp task
    { sub(h, A21, lda, A11, lda, T1[5], h); add(h, B11, ldb, B12, ldb, T2[5], h);
      strassen(h, T1[5], h, T2[5], h, M[5], h, cutoff); }
    #pragma omp task
    { sub(h, A12, lda, A22, lda, T1[6], h); add(h, B21, ldb, B22, ldb, T2[6], h);
      strassen(h, T1[6], h, T2[6], h, M[6], h, cutoff); }
    #pragma omp taskwait
    for (int i = 0; i < h; i++)
        for (int j = 0; j < h; j++) {
            REAL m1 = M[0][i * h + j], m2 = M[1][i * h + j], m3 = M[2][i * h + j];
            REAL m4 = M[3][i * h + j], m5 = M[4][i * h + j], m6 = M[5][i * h + j];
            REAL m7 = M[6][i * h + j];
            ELEM(C11, ldc, i, j) = m1 + m4 - m5 + m7;
            ELEM(C12, ldc, i, j) = m3 + m5;
            ELEM(C21, ldc, i, j) = m2 + m4;
            ELEM(C22, ldc, i, j) = m1 - m2 + m3 + m6;
        }
    for (int k = 0; k < 7; k++) {
        free(M[k]);
        free(T1[k]);
        free(T2[k]);
    }
}

int main(void)
{
    const int n = 128;
    REAL *A = malloc(sizeof(REAL) * n * n), *B = malloc(sizeof(REAL) * n * n);
    REAL *C = malloc(sizeof(REAL) * n * n), *D = malloc(sizeof(REAL) * n * n);
    for (int i = 0; i < n * n; i++) {
        A[i] = (REAL)((i * 7) % 11) - 5;
        B[i] = (REAL)((i * 13) % 7) - 3;
    }
    #pragma omp parallel
    #pragma omp single
    strassen(n, A, n, B, n, C, n, 16);
    mul_plain(n, A, n, B, n, D, n);
    long diff = 0;
    double sum = 0;
    for (int i = 0; i < n * n; i++) {
        if (C[i] != D[i])
            diff++;
        sum += C[i];
    }
    printf("strassen n=%d diff=%ld sum=%.1f c[5]=%.1f\n", n, diff, sum, C[5]);
    free(A); free(B); free(C); free(D);
    return 0;
}
