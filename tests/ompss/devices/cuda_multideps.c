/* CUDA ndrange tasks whose data only multidependences (`inout({x[i*BS;BS], i=0;nb})`,
 * shaped blocks `{[BS](y + i*BS), i=0;nb}`) or a depend object (`depend(depobj: o)`) name:
 * each kernel indexes its whole array from the one pointer it gets, so the device must
 * hold all the blocks in one buffer, copied in before the launch and back after (the
 * CUDA side of ocl_multideps and ocl_depobj).  Host tasks read the results between the
 * kernels; checked against the same computation done sequentially.  Exit 77 without a
 * GPU. */
#include "ompss_check.h"
#include <omp.h>

#define BS 64
#define NB 5
#define N (BS * NB)
#define ROUNDS 3

static omp_depend_t dy;

#pragma omp target device(cuda) ndrange(1, nb * BS, 32) copy_deps
#pragma omp task inout({x[i * BS; BS], i = 0;nb})
__global__ void scale_blocks(float *x, int nb, float k);

#pragma omp target device(cuda) ndrange(1, n, 32) copy_deps
#pragma omp task in({[BS](x + i * BS), i = 0;n / BS}) depend(depobj: dy)
__global__ void add_into(const float *x, float *y, int n);

#pragma omp task in(y[0;N]) out(*total)
static void host_total(const float y[N], double *total)
{
    double s = 0;
    for (int i = 0; i < N; i++)
        s += y[i];
    *total = s;
}

static float x[N], y[N];
static double totals[ROUNDS];

int main(void)
{
    float rx[N], ry[N];
    double rt[ROUNDS];
    for (int i = 0; i < N; i++) {
        x[i] = rx[i] = (float)(i % 11);
        y[i] = ry[i] = 1.0f;
    }
    for (int r = 0; r < ROUNDS; r++) {
        for (int i = 0; i < N; i++)
            rx[i] = rx[i] * 0.5f + 1.0f;
        for (int i = 0; i < N; i++)
            ry[i] += rx[i];
        rt[r] = 0;
        for (int i = 0; i < N; i++)
            rt[r] += ry[i];
    }
#pragma omp depobj(dy) depend(inout: y[0:N])
    for (int r = 0; r < ROUNDS; r++) {
        scale_blocks(x, NB, 0.5f);
        add_into(x, y, N);
        host_total(y, &totals[r]);
    }
#pragma omp taskwait
#pragma omp depobj(dy) destroy
    for (int i = 0; i < N; i++) {
        CHECK(x[i] == rx[i], "x[%d] = %g, expected %g", i, x[i], rx[i]);
        CHECK(y[i] == ry[i], "y[%d] = %g, expected %g", i, y[i], ry[i]);
    }
    for (int r = 0; r < ROUNDS; r++)
        CHECK(totals[r] == rt[r], "round %d: total %g, expected %g", r, totals[r], rt[r]);
    return result_ok();
}
