/* ported: openmp
   ported-werror
   sparselu in the shape of KASTORS sparselu-task-dep: a matrix of block pointers
   (`double *M[NB][NB]` global, passed as `double *A[][NB]`), lu0/fwd/bdiv/bmod as inline
   tasks with depend on the block pointers as tokens, fill-in blocks allocated inside the
   bmod task (the creating thread keeps its own map of the blocks), one taskwait at the end */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NB 12
#define BS 16

static double *M[NB][NB];

static void genmat(double *A[][NB])
{
    unsigned s = 1325;
    for (int ii = 0; ii < NB; ii++)
        for (int jj = 0; jj < NB; jj++) {
            int null_entry = (ii < jj && ii % 3 != 0) || (ii > jj && jj % 3 != 0) ||
                             (ii % 2 == 1) ^ (jj % 2 == 1);
            if (ii == jj || (ii == jj - 1) || (ii == jj + 1))
                null_entry = 0;
            A[ii][jj] = NULL;
            if (null_entry)
                continue;
            A[ii][jj] = malloc(BS * BS * sizeof(double));
            for (int k = 0; k < BS * BS; k++) {
                s = 3125 * s % 65536;
                A[ii][jj][k] = (double)((int)s - 32768) / 16384.0;
            }
            if (ii == jj)
                for (int k = 0; k < BS; k++)
                    A[ii][jj][k * BS + k] += 4.0 * BS;
        }
}

static void lu0(double *diag)
{
    for (int k = 0; k < BS; k++)
        for (int i = k + 1; i < BS; i++) {
            diag[i * BS + k] /= diag[k * BS + k];
            for (int j = k + 1; j < BS; j++)
                diag[i * BS + j] -= diag[i * BS + k] * diag[k * BS + j];
        }
}

static void bdiv(const double *diag, double *row)
{
    for (int i = 0; i < BS; i++)
        for (int k = 0; k < BS; k++) {
            row[i * BS + k] /= diag[k * BS + k];
            for (int j = k + 1; j < BS; j++)
                row[i * BS + j] -= row[i * BS + k] * diag[k * BS + j];
        }
}

static void bmod(const double *row, const double *col, double *inner)
{
    for (int i = 0; i < BS; i++)
        for (int j = 0; j < BS; j++)
            for (int k = 0; k < BS; k++)
                inner[i * BS + j] -= row[i * BS + k] * col[k * BS + j];
}

static void fwd(const double *diag, double *col)
{
    for (int j = 0; j < BS; j++)
        for (int k = 0; k < BS; k++)
            for (int i = k + 1; i < BS; i++)
                col[i * BS + j] -= diag[i * BS + k] * col[k * BS + j];
}

static void sparselu(double *A[][NB])
{
    /* which blocks exist, as the creating thread decides: the tasks write A */
    char present[NB][NB];
    for (int ii = 0; ii < NB; ii++)
        for (int jj = 0; jj < NB; jj++)
            present[ii][jj] = A[ii][jj] != NULL;
    for (int kk = 0; kk < NB; kk++) {
        #pragma omp task depend(inout: A[kk][kk])
        lu0(A[kk][kk]);
        for (int jj = kk + 1; jj < NB; jj++)
            if (present[kk][jj]) {
                #pragma omp task depend(in: A[kk][kk]) depend(inout: A[kk][jj])
                fwd(A[kk][kk], A[kk][jj]);
            }
        for (int ii = kk + 1; ii < NB; ii++)
            if (present[ii][kk]) {
                #pragma omp task depend(in: A[kk][kk]) depend(inout: A[ii][kk])
                bdiv(A[kk][kk], A[ii][kk]);
            }
        for (int ii = kk + 1; ii < NB; ii++) {
            if (!present[ii][kk])
                continue;
            for (int jj = kk + 1; jj < NB; jj++) {
                if (!present[kk][jj])
                    continue;
                /* the creating thread decides the fill-in; the task allocates it */
                int fill = !present[ii][jj];
                present[ii][jj] = 1;
                #pragma omp task depend(in: A[ii][kk], A[kk][jj]) depend(inout: A[ii][jj]) \
                    firstprivate(fill)
                {
                    if (fill)
                        A[ii][jj] = calloc(BS * BS, sizeof(double));
                    bmod(A[ii][kk], A[kk][jj], A[ii][jj]);
                }
            }
        }
    }
    #pragma omp taskwait
}

int main(void)
{
    genmat(M);
    #pragma omp parallel
    #pragma omp single
    sparselu(M);
    double sum = 0;
    int blocks = 0;
    for (int ii = 0; ii < NB; ii++)
        for (int jj = 0; jj < NB; jj++)
            if (M[ii][jj]) {
                blocks++;
                for (int k = 0; k < BS * BS; k++)
                    sum += M[ii][jj][k];
                free(M[ii][jj]);
            }
    printf("blocks %d checksum %.9e\n", blocks, sum);
    return 0;
}
