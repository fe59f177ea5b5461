#!/usr/bin/env bash
# A CUDA task body that copies on the task's stream (cudaMemsetAsync(...,
# nanos_get_kernel_execution_stream())) in a unit that includes omp.h before the CUDA
# runtime's header: nanos.h declared the call only after cuda_runtime_api.h, so gcc
# declared it implicitly and cut the stream to an int (a wrong stream on the GPU).  It is
# declared whatever the order, with cudaStream_t's type, as the cuBLAS handle's call is with
# cublasHandle_t's; with and without --cuda (the body compiled as host C or by nvcc), and
# in a .cu compiled by mcc.  Needs nvcc, no GPU (nothing is launched).
. "$(dirname "$0")/lib.sh"
nvcc_path=$(command -v nvcc || { [ -n "${CUDA_HOME:-}" ] && echo "$CUDA_HOME/bin/nvcc"; } || echo /usr/local/cuda/bin/nvcc)
[ -x "$nvcc_path" ] || skip "nvcc not installed"
export MCC_NVCC=$nvcc_path
cat > app.c <<'SRC'
#include <stdio.h>
#include <omp.h>
#include <cuda_runtime.h>
#pragma omp target device(cuda) copy_deps
#pragma omp task out([n]x)
void zero(float *x, int n)
{
    cudaStream_t s = nanos_get_kernel_execution_stream();
    cudaMemsetAsync(x, 0, n * sizeof(float), s);
}
int main(int argc, char **argv)
{
    float x[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    (void)argv;
    if (argc > 100)     /* links the task; no GPU is needed to run this far */
        zero(x, 8);
#pragma omp taskwait
    printf("%g %d\n", x[3], nanos_get_kernel_execution_stream() == NULL);
    return 0;
}
SRC
ok "$MCC" --ompss -Wall -Werror app.c -o host_body
runs ./host_body "4 1"
ok "$MCC" --ompss --cuda -Wall -Werror app.c -o moved_body
runs ./moved_body "4 1"
cat > k.cu <<'SRC'
#include <omp.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>
extern "C" cudaStream_t nanos_get_kernel_execution_stream(void);  /* as Nanos++ users wrote */
extern "C" int outside(void)
{
    cublasHandle_t h = nanos_get_cublas_handle();
    return nanos_get_kernel_execution_stream() == NULL && h == NULL;
}
SRC
if [ -f "$(dirname "$(dirname "$nvcc_path")")/include/cublas_v2.h" ]; then
    ok "$MCC" --ompss -Wall -Werror -c k.cu
fi
no_temps
