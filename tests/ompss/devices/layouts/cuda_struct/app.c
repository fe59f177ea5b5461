/* app.c - y = a x + b y four times on an smp task or its CUDA implementation (a struct by
 * value, a 2-D ndrange from its members), and a reduction kernel with shared memory
 * launched only with an argument (a GPU is needed).  Exit 0 and "result: OK". */
#include <stdio.h>
#include "kernel.h"
#define R 30
#define C 50
static float x[R * C], y[R * C], ref[R * C];
void axpby(const float *x, float *y, coeffs c)
{
    for (int i = 0; i < c.rows * c.cols; i++) y[i] = c.a * x[i] + c.b * y[i];
}
int main(int argc, char **argv)
{
    for (int i = 0; i < R * C; i++) { x[i] = (float)(i % 9); y[i] = ref[i] = (float)(i % 4); }
    coeffs c = { 2.0f, 0.5f, R, C };
    for (int s = 0; s < 4; s++) axpby(x, y, c);
    if (argc > 1) { /* needs a GPU */
        static float sums[(R * C + 127) / 128];
        block_sums(y, sums, R * C);
    }
#pragma omp taskwait
    for (int s = 0; s < 4; s++) for (int i = 0; i < R * C; i++) ref[i] = 2.0f * x[i] + 0.5f * ref[i];
    int wrong = 0;
    for (int i = 0; i < R * C; i++) wrong += y[i] != ref[i];
    printf(wrong ? "result: WRONG (%d)\n" : "result: OK\n", wrong);
    return wrong != 0;
}
