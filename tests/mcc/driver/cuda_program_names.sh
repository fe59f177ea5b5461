#!/usr/bin/env bash
# A program with CUDA tasks may name its own globals as the CUDA plugin names its own
# (`cuda_fail`, `cuda_use`): libnanort-cuda.a, which every such program links, is one
# object in which those names are local (devices/cuda/module.mk), as libnanort keeps its
# OpenCL device's.  The link said "multiple definition of `cuda_fail'".  Needs nvcc; no
# GPU (the kernel is linked, not launched).
. "$(dirname "$0")/lib.sh"
nvcc_path=$(command -v nvcc || { [ -n "${CUDA_HOME:-}" ] && echo "$CUDA_HOME/bin/nvcc"; } || echo /usr/local/cuda/bin/nvcc)
[ -x "$nvcc_path" ] || skip "nvcc not installed"
lib=$BUILD/lib/libnanort-cuda.a
[ -f "$lib" ] || skip "skipped: no $lib"
leaked=$(nm --defined-only "$lib" 2> /dev/null | awk 'NF == 3 && $2 ~ /[A-Z]/ {print $3}' |
         grep -E '^cuda_' | sort -u | tr '\n' ' ')
[ -z "$leaked" ] || fail "$lib defines global $leaked"
cat > app.c <<'SRC'
#include <stdio.h>
int cuda_use = 3;
int cuda_fail(int code);
int cuda_fail(int code) { return code + cuda_use; }
#pragma omp target device(cuda) ndrange(1, n, 128) copy_deps
#pragma omp task inout([n]x)
__global__ void twice(float *x, int n);
int main(int argc, char **argv)
{
    float x[4] = {1, 2, 3, 4};
    (void)argv;
    if (argc > 100)     /* links the launch; no GPU is needed to run this far */
        twice(x, 4);
#pragma omp taskwait
    printf("%d\n", cuda_fail(4));
    return 0;
}
SRC
printf '__global__ void twice(float *x, int n)\n{ int i = threadIdx.x; if (i < n) x[i] *= 2; }\n' > kern.cu
MCC_NVCC=$nvcc_path ok "$MCC" --ompss app.c kern.cu -o prog
lacks err.txt 'multiple definition'
runs ./prog 7
no_temps
