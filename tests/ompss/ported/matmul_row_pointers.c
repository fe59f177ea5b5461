/* ported: ompss
   ported-werror
   OmpSs matmul as the OmpSs examples write it: tiles as pointers to rows `double (*A)[BS]`,
   a device(smp) target with copy_deps before the task, shaped dependences `[BS]A` (BS rows
   of BS doubles), tiles in a global array of pointers, inout on the C tile */
#include <stdio.h>
#include <stdlib.h>

#define BS 16
#define NB 4

typedef double tile[BS][BS];

#pragma omp target device(smp) copy_deps
#pragma omp task in([BS]A, [BS]B) inout([BS]C)
static void matmul_tile(double (*A)[BS], double (*B)[BS], double (*C)[BS])
{
    for (int i = 0; i < BS; i++)
        for (int k = 0; k < BS; k++)
            for (int j = 0; j < BS; j++)
                C[i][j] += A[i][k] * B[k][j];
}

#pragma omp task out([BS]T)
static void fill(double (*T)[BS], int seed)
{
    for (int i = 0; i < BS; i++)
        for (int j = 0; j < BS; j++)
            T[i][j] = (double)((i * 7 + j * 3 + seed) % 11) - 5;
}

static tile *A[NB][NB], *B[NB][NB], *C[NB][NB];

int main(void)
{
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++) {
            A[i][j] = malloc(sizeof(tile));
            B[i][j] = malloc(sizeof(tile));
            C[i][j] = calloc(1, sizeof(tile));
            fill(*A[i][j], i * NB + j);
            fill(*B[i][j], i - j + 40);
        }
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++)
            for (int k = 0; k < NB; k++)
                matmul_tile(*A[i][k], *B[k][j], *C[i][j]);
    #pragma omp taskwait
    double s = 0, w = 0;
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++)
            for (int r = 0; r < BS; r++)
                for (int c = 0; c < BS; c++) {
                    s += (*C[i][j])[r][c];
                    w += (*C[i][j])[r][c] * ((r + c + i) % 5);
                }
    printf("sum %.1f weighted %.1f\n", s, w);
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++) {
            free(A[i][j]);
            free(B[i][j]);
            free(C[i][j]);
        }
    return 0;
}
