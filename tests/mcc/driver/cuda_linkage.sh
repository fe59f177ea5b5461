#!/usr/bin/env bash
# The usual OmpSs CUDA layout: the kernel's task declaration in kernel.h, included by the C
# file and by kernel.cu, and built as an OmpSs Makefile builds it (nvcc -I. -c kernel.cu;
# mcc --ompss --cuda -I. -c app.c; link with mcc).  The kernel links whichever linkage the
# user gave it: C (kernel.h wraps the declaration in extern "C" for C++) or C++ (no wrap),
# and the program's launch stub finds its address (the binary defines exactly one of the
# two symbols).  The stub never needs the user's .cu compiled by mcc.  Needs nvcc.
. "$(dirname "$0")/lib.sh"
nvcc_path=$(command -v nvcc || { [ -n "${CUDA_HOME:-}" ] && echo "$CUDA_HOME/bin/nvcc"; } || echo /usr/local/cuda/bin/nvcc)
[ -x "$nvcc_path" ] || skip "nvcc not installed"
write_layout() {   # write_layout DIR WRAP: kernel.h (extern "C" when WRAP=1), kernel.cu, app.c
    mkdir -p "$1"
    {
        [ "$2" = 1 ] && printf '#ifdef __cplusplus\nextern "C" {\n#endif\n'
        cat <<'SRC'
#pragma omp target device(cuda) copy_deps ndrange(1, n, 128)
#pragma omp task in([n]x) inout([n]y)
__global__ void saxpy(int n, float a, float *x, float *y);
SRC
        [ "$2" = 1 ] && printf '#ifdef __cplusplus\n}\n#endif\n'
    } > "$1/kernel.h"
    cat > "$1/kernel.cu" <<'SRC'
#include <kernel.h>
__global__ void saxpy(int n, float a, float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}
SRC
    cat > "$1/app.c" <<'SRC'
#include <stdio.h>
#include <kernel.h>
int main(int argc, char **argv)
{
    float x[256], y[256];
    (void)argv;
    for (int i = 0; i < 256; i++)
        x[i] = (float)i, y[i] = 1.0f;
    if (argc > 100)     /* links the launch; no GPU is needed to run this far */
        saxpy(256, 2.0f, x, y);
#pragma omp taskwait
    puts("linked");
    return 0;
}
SRC
}
for layout in c_linkage:1 cxx_linkage:0; do
    dir=${layout%%:*}
    write_layout "$dir" "${layout##*:}"
    (cd "$dir" && "$nvcc_path" -I. -c kernel.cu) || fail "$dir: nvcc -c kernel.cu"
    (cd "$dir" && ok "$MCC" --ompss --cuda -I. -c app.c)
    (cd "$dir" && ok "$MCC" --ompss --cuda app.o kernel.o -o app)
    exists "$dir/app"
    runs "$dir/app" linked
done
nm c_linkage/app | grep -Eq ' T saxpy$' || fail "the C-linkage kernel is not the program's saxpy"
nm cxx_linkage/app | grep -Eq ' T _Z5saxpyifPfS_$' || fail "the C++-linkage kernel is missing"
no_temps
