#!/usr/bin/env bash
# One command with C and .cu inputs (`mcc --ompss app.c kern.cu`, as docs/devices.md shows)
# builds a CUDA program: the C units see what the header they share with the .cu uses
# (float2, size_t, __restrict__, make_float2) as with --cuda; before, gcc stopped at the
# header's `const float2 *`.  Without a GPU the program starts and runs its smp parts.
. "$(dirname "$0")/lib.sh"
nvcc_path=$(command -v nvcc || { [ -n "${CUDA_HOME:-}" ] && echo "$CUDA_HOME/bin/nvcc"; } || echo /usr/local/cuda/bin/nvcc)
[ -x "$nvcc_path" ] || skip "nvcc not installed"
cat > kern.h <<'SRC'
#ifdef __cplusplus
extern "C" {
#endif
#pragma omp target device(cuda) ndrange(1, (int)n, 256) copy_deps
#pragma omp task in([n]x) inout([n]y)
__global__ void rot(const float2 *__restrict__ x, float2 *__restrict__ y, size_t n, float2 w);
#ifdef __cplusplus
}
#endif
SRC
cat > kern.cu <<'SRC'
#include "kern.h"
extern "C" __global__ void rot(const float2 *__restrict__ x, float2 *__restrict__ y, size_t n, float2 w)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n)
        y[i].x += x[i].x * w.x - x[i].y * w.y;
}
SRC
cat > app.c <<'SRC'
#include <stdio.h>
#include "kern.h"
static float2 x[64], y[64];
int main(int argc, char **argv)
{
    float2 w = make_float2(0.5f, 1.0f);
    (void)argv;
    if (argc > 100)
        rot(x, y, 64, w);
#pragma omp taskwait
    printf("started %g\n", (double)w.y);
    return 0;
}
SRC
ok "$MCC" --ompss -O2 -Wall -I. app.c kern.cu -o prog
runs ./prog "started 1"
# the C unit alone still needs --cuda for CUDA's types, as with Mercurium
fails 1 "$MCC" --ompss -I. -c app.c
ok "$MCC" --ompss --cuda -I. -c app.c
no_temps
