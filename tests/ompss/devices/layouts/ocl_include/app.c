/* app.c - block matrix product c += a b with an OpenCL task per block product, whose
 * kernel (kernel.cl) includes kernel.h and tile.h; run from any directory.  Checked
 * against the sequential product (small integers: exact).  Exit 0 and "result: OK". */
#include <stdio.h>
#include <stdlib.h>
#include <kernel.h>

#define NB 40           /* not a multiple of BLOCK_SIZE: the range is rounded up */
#define NT 3            /* blocks per dimension */

static REAL a[NT][NT][NB * NB], b[NT][NT][NB * NB], c[NT][NT][NB * NB];

int main(void)
{
    for (int i = 0; i < NT; i++)
        for (int j = 0; j < NT; j++)
            for (int e = 0; e < NB * NB; e++) {
                a[i][j][e] = (REAL)((i + e) % 5);
                b[i][j][e] = (REAL)((j * e) % 3);
                c[i][j][e] = 0;
            }
    for (int i = 0; i < NT; i++)
        for (int j = 0; j < NT; j++)
            for (int k = 0; k < NT; k++)
                muladd(a[i][k], b[k][j], c[i][j], NB);
#pragma omp taskwait
    int wrong = 0;
    for (int i = 0; i < NT; i++)
        for (int j = 0; j < NT; j++)
            for (int r = 0; r < NB; r++)
                for (int col = 0; col < NB; col++) {
                    REAL s = 0;
                    for (int k = 0; k < NT; k++)
                        for (int x = 0; x < NB; x++)
                            s += a[i][k][r * NB + x] * b[k][j][x * NB + col];
                    wrong += c[i][j][r * NB + col] != s;
                }
    printf(wrong ? "result: WRONG (%d elements)\n" : "result: OK\n", wrong);
    return wrong != 0;
}
