#!/usr/bin/env bash
# nanos_get_cublas_handle(), the Nanos++ call of CUDA task bodies that use cuBLAS (the
# OmpSs matmul and Cholesky with cuBLAS), compiles in .cu files with cublas_v2.h before
# nanos.h (no cast, cublasHandle_t) and after omp.h (cast), and links with -lcublas: mcc
# said "identifier nanos_get_cublas_handle is undefined", also of a body in the C file.  Outside a CUDA task it is NULL,
# as the stream is (here: no GPU is needed).  A CUDA program that does not call it links
# without cuBLAS, as before (its own member of libnanort-cuda.a).  The product on the GPU:
# tests/ompss/devices/layouts/cublas (scripts/gpu-devices21.sh).
. "$(dirname "$0")/lib.sh"
nvcc_path=$(command -v nvcc || { [ -n "${CUDA_HOME:-}" ] && echo "$CUDA_HOME/bin/nvcc"; } || echo /usr/local/cuda/bin/nvcc)
[ -x "$nvcc_path" ] || skip "nvcc not installed"
[ -f "$(dirname "$(dirname "$nvcc_path")")/include/cublas_v2.h" ] || skip "no cuBLAS"
export MCC_NVCC=$nvcc_path
cat > first.cu <<'SRC'
#include <cublas_v2.h>
#include <nanos.h>
extern "C" int handle_first(void)
{
    cublasHandle_t h = nanos_get_cublas_handle();
    return h == NULL;
}
SRC
cat > second.cu <<'SRC'
#include <omp.h>
#include <cublas_v2.h>
extern "C" int handle_second(void)
{
    cublasHandle_t h = (cublasHandle_t)nanos_get_cublas_handle();
    return h == NULL && nanos_get_kernel_execution_stream() == NULL;
}
SRC
cat > app.c <<'SRC'
#include <stdio.h>
int handle_first(void);
int handle_second(void);
int main(void)
{
    printf("%d %d\n", handle_first(), handle_second());
    return 0;
}
SRC
ok "$MCC" --ompss -Wall -Werror -c first.cu
ok "$MCC" --ompss -Wall -Werror -c second.cu
ok "$MCC" --ompss -Wall -Werror app.c first.o second.o -lcublas -o prog
runs ./prog "1 1"
# a CUDA task body in the C file (moved to the generated .cu), no #include of nanos.h or
# omp.h: the .cu declares the call as it declares nanos_get_kernel_execution_stream()
cat > inline.c <<'SRC'
#include <stdio.h>
#include <cublas_v2.h>
#pragma omp target device(cuda) copy_deps
#pragma omp task in([n]x) inout([n]y)
void axpy_tile(const float *x, float *y, int n)
{
    const float two = 2.0f;
    cublasHandle_t handle = nanos_get_cublas_handle();
    cublasSetStream(handle, nanos_get_kernel_execution_stream());
    cublasSaxpy(handle, n, &two, x, 1, y, 1);
}
int main(int argc, char **argv)
{
    float x[4] = {1, 2, 3, 4}, y[4] = {0};
    (void)argv;
    if (argc > 100)     /* links the task; no GPU is needed to run this far */
        axpy_tile(x, y, 4);
#pragma omp taskwait
    printf("%g\n", y[3]);
    return 0;
}
SRC
ok "$MCC" --ompss --cuda -Wall -Werror inline.c -lcublas -o inline
runs ./inline 0
# without the call: no cuBLAS in the link
printf 'extern "C" int handle_first(void) { return 1; }\nextern "C" int handle_second(void) { return 1; }\n' > plain.cu
ok "$MCC" --ompss app.c plain.cu -o plain
runs ./plain "1 1"
! nm plain | grep -q nanos_get_cublas_handle || fail "plain links nanos_get_cublas_handle"
no_temps
