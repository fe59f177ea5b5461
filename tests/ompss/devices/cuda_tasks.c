/* CUDA tasks: a __global__ kernel launched over a 1-D and a 2-D ndrange (sizes not
 * multiples of the block: grid = ceil(g / l)), an smp function task with a CUDA ndrange
 * implementation, and a CUDA task without ndrange whose C function launches by hand on
 * nanos_get_kernel_execution_stream(); checked on the host.  Exit 77 without a GPU. */
#include "ompss_check.h"

#define N 1000
#define ROWS 30
#define COLS 50

#pragma omp target device(cuda) ndrange(1, n, 128) copy_deps
#pragma omp task inout([n]x)
__global__ void axpb(float *x, int n, float a, float b);

#pragma omp target device(cuda) copy_deps
#pragma omp task inout([n]x)
void negate(float *x, int n);

#pragma omp target device(smp) copy_deps
#pragma omp task inout([rows * cols]m)
void tile_add_smp(double *m, int rows, int cols, double v);

#pragma omp target device(cuda) ndrange(2, cols, rows, 16, 8) copy_deps implements(tile_add_smp)
#pragma omp task inout([rows * cols]m)
__global__ void tile_add(double *m, int rows, int cols, double v);

void tile_add_smp(double *m, int rows, int cols, double v)
{
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            m[r * cols + c] += v + r;
}

static float x[N];
static double m[ROWS * COLS];

int main(void)
{
    for (int i = 0; i < N; i++)
        x[i] = (float)i;
    axpb(x, N, 2.0f, 1.0f);     /* 2i + 1 */
    negate(x, N);               /* -(2i + 1) */
    axpb(x, N, 1.0f, 3.0f);     /* 2 - 2i */
    for (int s = 0; s < 6; s++)
        tile_add_smp(m, ROWS, COLS, 0.5);
#pragma omp taskwait
    for (int i = 0; i < N; i++)
        CHECK(x[i] == 2.0f - 2.0f * i, "x[%d] = %g, expected %g", i, x[i], 2.0 - 2.0 * i);
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++)
            CHECK(m[r * COLS + c] == 6 * (0.5 + r), "m[%d][%d] = %g", r, c, m[r * COLS + c]);
    return result_ok();
}
