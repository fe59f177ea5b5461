/* app.c - saxpy on blocks of a vector, ITER passes, one CUDA task per block and pass; the
 * result is checked against the same loop run sequentially on the host.  Every value is a
 * multiple of 1/64, so float arithmetic gives the same result in any order.
 * Exit 0 and "result: OK" when right; exit 77 when no GPU is usable. */
#include <stdio.h>
#include <stdlib.h>
#include <kernel.h>

#define N 100000
#define BS 8192
#define ITER 4

int main(void)
{
    float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y), *ref = malloc(N * sizeof *ref);
    for (int i = 0; i < N; i++) {
        x[i] = (float)(i % 64) / 64;
        y[i] = ref[i] = (float)(i % 77);
    }
    for (int p = 0; p < ITER; p++)
        for (int i = 0; i < N; i += BS)
            saxpy(N - i < BS ? N - i : BS, 0.5f, &x[i], &y[i]);
#pragma omp taskwait
    for (int p = 0; p < ITER; p++)
        for (int i = 0; i < N; i++)
            ref[i] = 0.5f * x[i] + ref[i];
    int wrong = 0;
    for (int i = 0; i < N; i++)
        wrong += y[i] != ref[i];
    printf(wrong ? "result: WRONG (%d elements)\n" : "result: OK\n", wrong);
    free(x);
    free(y);
    free(ref);
    return wrong != 0;
}
