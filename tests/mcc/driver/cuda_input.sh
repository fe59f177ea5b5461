#!/usr/bin/env bash
# A .cu input goes to nvcc (-c gives ./<name>.o); a program mixing C and CUDA objects links
# (cudart and the C++ runtime added) and starts without a GPU when it launches nothing; when
# no nvcc can be found mcc stops with a clear `mcc: error:` naming the input.
. "$(dirname "$0")/lib.sh"
printf '__global__ void k(int *a) { a[threadIdx.x] = 1; }\nextern "C" void launch(int *a) { k<<<1, 1>>>(a); }\n' > kern.cu
MCC_NVCC="$work/no/nvcc" fails 1 "$MCC" -c kern.cu
has err.txt "^mcc: error: kern\.cu: .*nvcc"
absent kern.o
nvcc_path=$(command -v nvcc || { [ -n "${CUDA_HOME:-}" ] && echo "$CUDA_HOME/bin/nvcc"; } || echo /usr/local/cuda/bin/nvcc)
[ -x "$nvcc_path" ] || skip "nvcc not installed"
ok "$MCC" -v -c kern.cu -DKVAL=3 -O2
exists kern.o
has err.txt "nvcc -c .*-O2 .*-DKVAL=3 .*kern\.cu -o kern\.o"
nm kern.o | grep -q launch || fail "kern.o lacks launch()"
cat > main.c <<'SRC'
#include <stdio.h>
void launch(int *);
int main(int argc, char **argv)
{
    (void)argv;
    if (argc > 100)
        launch(0);
    puts("started");
    return 0;
}
SRC
ok "$MCC" main.c kern.cu -o prog
runs ./prog started
no_temps
