/* ported: ompss
 * The sparse LU factorisation of the BOTS/OmpSs suites over a matrix of blocks held as
 * `float *M[]` (NULL: an empty block): function tasks whose parameters are declared as
 * arrays (`float diag[BS][BS]`, `float *M[]`), blocks allocated by inline tasks that write
 * into the array of pointers, dependences on whole blocks through shaping.  Prints a
 * checksum of the factors and how many blocks were filled in. */
#include <stdio.h>
#include <stdlib.h>

#define NB 8
#define BS 16

#pragma omp task inout([BS][BS]diag)
static void lu0(float diag[BS][BS])
{
    for (int k = 0; k < BS; k++)
        for (int i = k + 1; i < BS; i++) {
            diag[i][k] /= diag[k][k];
            for (int j = k + 1; j < BS; j++)
                diag[i][j] -= diag[i][k] * diag[k][j];
        }
}

#pragma omp task in([BS][BS]diag) inout([BS][BS]row)
static void fwd(float diag[BS][BS], float row[BS][BS])
{
    for (int k = 0; k < BS; k++)
        for (int i = k + 1; i < BS; i++)
            for (int j = 0; j < BS; j++)
                row[i][j] -= diag[i][k] * row[k][j];
}

#pragma omp task in([BS][BS]diag) inout([BS][BS]col)
static void bdiv(float diag[BS][BS], float col[BS][BS])
{
    for (int i = 0; i < BS; i++)
        for (int k = 0; k < BS; k++) {
            col[i][k] /= diag[k][k];
            for (int j = k + 1; j < BS; j++)
                col[i][j] -= col[i][k] * diag[k][j];
        }
}

#pragma omp task in([BS][BS]row, [BS][BS]col) inout([BS][BS]inner)
static void bmod(float row[BS][BS], float col[BS][BS], float inner[BS][BS])
{
    for (int i = 0; i < BS; i++)
        for (int j = 0; j < BS; j++)
            for (int k = 0; k < BS; k++)
                inner[i][j] -= col[i][k] * row[k][j];
}

static float *new_block(void)
{
    float *b = calloc(BS * BS, sizeof *b);
    if (!b)
        abort();
    return b;
}

static void genmat(float *M[])
{
    unsigned seed = 1325;
    for (int ii = 0; ii < NB; ii++)
        for (int jj = 0; jj < NB; jj++) {
            int null = (ii < jj && ii % 3 != 0) || (ii > jj && jj % 3 != 0) ||
                       (ii % 2 == 1 && jj % 2 == 1 && ii != jj);
            M[ii * NB + jj] = null ? NULL : new_block();
            for (int k = 0; !null && k < BS * BS; k++) {
                seed = (seed * 3125) % 65536;
                M[ii * NB + jj][k] = (seed - 32768.0f) / 16384.0f + (k % (BS + 1) == 0 ? 8 : 0);
            }
        }
}

/* The factorisation: M is an array parameter (a pointer to the block pointers). */
static int sparselu(float *M[])
{
    int filled = 0;
    for (int kk = 0; kk < NB; kk++) {
        lu0((float (*)[BS])M[kk * NB + kk]);
        for (int jj = kk + 1; jj < NB; jj++)
            if (M[kk * NB + jj])
                fwd((float (*)[BS])M[kk * NB + kk], (float (*)[BS])M[kk * NB + jj]);
        for (int ii = kk + 1; ii < NB; ii++)
            if (M[ii * NB + kk])
                bdiv((float (*)[BS])M[kk * NB + kk], (float (*)[BS])M[ii * NB + kk]);
        for (int ii = kk + 1; ii < NB; ii++) {
            if (!M[ii * NB + kk])
                continue;
            for (int jj = kk + 1; jj < NB; jj++) {
                if (!M[kk * NB + jj])
                    continue;
                if (!M[ii * NB + jj]) {
                    /* fill-in: allocated by a task that writes the array of pointers */
#pragma omp task firstprivate(ii, jj) out(M[ii * NB + jj])
                    M[ii * NB + jj] = new_block();
#pragma omp taskwait on(M[ii * NB + jj])
                    filled++;
                }
                bmod((float (*)[BS])M[kk * NB + jj], (float (*)[BS])M[ii * NB + kk],
                     (float (*)[BS])M[ii * NB + jj]);
            }
        }
    }
#pragma omp taskwait
    return filled;
}

int main(void)
{
    float *M[NB * NB];
    genmat(M);
    int filled = sparselu(M);
    double sum = 0;
    for (int b = 0; b < NB * NB; b++)
        for (int k = 0; M[b] && k < BS * BS; k++)
            sum += M[b][k] * (1 + (b + k) % 7);
    printf("filled %d blocks, checksum %.8e\n", filled, sum);
    for (int b = 0; b < NB * NB; b++)
        free(M[b]);
    return 0;
}
