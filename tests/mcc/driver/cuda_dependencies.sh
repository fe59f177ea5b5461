#!/usr/bin/env bash
# -MD/-MMD with a .cu input: its dependency file as a C input gets (nvcc's options of the
# same names: the object named as target, -MF, -MT, -MQ as -MT, -MP), so that a Makefile
# reading them rebuilds the object when a header of the .cu changes.  mcc wrote none for
# it.  Needs nvcc, no GPU (the .cu's host function is called, nothing launched).
. "$(dirname "$0")/lib.sh"
nvcc_path=$(command -v nvcc || { [ -n "${CUDA_HOME:-}" ] && echo "$CUDA_HOME/bin/nvcc"; } || echo /usr/local/cuda/bin/nvcc)
[ -x "$nvcc_path" ] || skip "nvcc not installed"
export MCC_NVCC=$nvcc_path
printf '#define VALUE 16\n' > k.h
cat > k.cu <<'SRC'
#include "k.h"
__global__ void twice(int *a) { a[threadIdx.x] *= 2; }
extern "C" int value(void) { return VALUE; }
SRC
printf '#include <stdio.h>\nint value(void);\nint main(void)\n{\n    printf("%%d\\n", value());\n    return 0;\n}\n' > main.c
ok "$MCC" --ompss -MMD -MP -c k.cu
has k.d '^k\.o ?: k\.cu'
has k.d 'k\.h'
has k.d '^k\.h:'
ok "$MCC" --ompss -MD -MF deps.txt -MQ obj.o -c k.cu -o obj.o
has deps.txt '^obj\.o ?: k\.cu'
rm -f k.o k.d
printf 'CC = %s\napp: main.o k.o\n\t$(CC) --ompss main.o k.o -o app\n%%.o: %%.c\n\t$(CC) --ompss -MMD -MP -c $<\n%%.o: %%.cu\n\t$(CC) --ompss -MMD -MP -c $<\n-include main.d k.d\n' \
    "$MCC" > Makefile
ok make_app
runs ./app 16
sleep 1
printf '#define VALUE 24\n' > k.h
ok make_app
runs ./app 24
no_temps
