#!/usr/bin/env bash
# A kernel named like an OpenCL C built-in function (`mix`, `step`, `dot`...): OpenCL
# compilers take the name for the built-in (PoCL builds the source, then finds no kernel
# of that name), so the program could only stop at its first launch.  mcc reports it when
# the task's unit is compiled, at the device clause, naming the kernel and what to do;
# name(...) with another kernel name builds.
. "$(dirname "$0")/lib.sh"
cat > kernels.h <<'SRC'
#define BS 8
SRC
cat > kernels.cl <<'SRC'
#include "kernels.h"
__kernel void mix(int n, __global float *x, float a)
{
    int i = get_global_id(0);
    if (i < n) x[i] = x[i] * a + 1.0f;
}
SRC
cat > app.c <<'SRC'
#include <stdio.h>
#include "kernels.h"
#pragma omp target device(opencl) ndrange(1, n, BS) file(kernels.cl) copy_deps
#pragma omp task inout([n]x)
__kernel void mix(int n, __global float *x, float a);
int main(void)
{
    float x[16] = {0};
    mix(16, x, 2);
#pragma omp taskwait
    printf("x[0]=%g\n", x[0]);
    return 0;
}
SRC
printf 'CC = %s\nCFLAGS = --ompss\napp: app.o\n\t$(CC) $(CFLAGS) app.o -o app\n' "$MCC" > Makefile
fails 2 env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make
has err.txt "^app\.c:3:20: error: OpenCL kernel 'mix' \(task 'mix'\) has the name of an OpenCL C built-in function, which OpenCL compilers take for the built-in: rename the kernel in its \.cl file"
absent app.o app
# the same without file(...): the .cl given at the link
sed -i 's/ file(kernels.cl)//' app.c
fails 1 "$MCC" --ompss -c app.c
has err.txt "^app\.c:3:20: error: OpenCL kernel 'mix' \(task 'mix'\)"
# renamed in the .cl, the task keeps its name through name(...)
sed -i 's/void mix(/void mix_k(/' kernels.cl
sed -i 's/copy_deps$/copy_deps file(kernels.cl) name(mix_k)/' app.c
ok env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make
runs ./app "x[0]=1"
no_temps
