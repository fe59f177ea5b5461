#!/usr/bin/env bash
# A program linked by mcc from C and objects that nvcc made (plain nvcc -c, or mcc -c of a
# .cu), without --cuda and without a device(cuda) task in its C: mcc links the CUDA runtime
# and plugin for them as for a .cu input.  The link said "undefined reference to
# `__cudaRegisterFatBinary'".  An object of plain C still links without them.  Needs nvcc,
# no GPU (nothing is launched).
. "$(dirname "$0")/lib.sh"
nvcc_path=$(command -v nvcc || { [ -n "${CUDA_HOME:-}" ] && echo "$CUDA_HOME/bin/nvcc"; } || echo /usr/local/cuda/bin/nvcc)
[ -x "$nvcc_path" ] || skip "nvcc not installed"
export MCC_NVCC=$nvcc_path
cat > kern.cu <<'SRC'
__global__ void k(int *a) { a[threadIdx.x] = 1; }
extern "C" int launch(int *a, int n) { if (n > 100) k<<<1, 1>>>(a); return n + 1; }
SRC
cat > main.c <<'SRC'
#include <stdio.h>
int launch(int *, int);
int main(void)
{
    printf("%d\n", launch(0, 41));
    return 0;
}
SRC
ok "$MCC" --ompss -c kern.cu
ok "$MCC" --ompss main.c kern.o -o prog
runs ./prog 42
ok "$nvcc_path" -c kern.cu -o kern_nvcc.o
ok "$MCC" --ompss -c main.c
ok "$MCC" --ompss main.o kern_nvcc.o -o prog2
runs ./prog2 42
ar rcs libk.a kern_nvcc.o
ok "$MCC" --ompss main.o libk.a -o prog3
runs ./prog3 42
# plain C: no CUDA runtime in the link
printf 'int launch(int *a, int n) { (void)a; return n + 1; }\n' > plain.c
ok "$MCC" --ompss -v main.c plain.c -o prog4
lacks err.txt "cudart|libnanort-cuda"
runs ./prog4 42
no_temps
