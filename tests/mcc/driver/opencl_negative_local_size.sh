#!/usr/bin/env bash
# A negative local size in ndrange(...) stops the run with a message that names it and the
# task wherever the kernel runs: translated to C on the CPU cores (--opencl-cpu=on) as on
# an OpenCL device, not as a range too large for the translation.
. "$(dirname "$0")/lib.sh"
cat > kernels.h <<'SRC'
#define LOCAL (-4)
SRC
cat > kernels.cl <<'SRC'
#include "kernels.h"
__kernel void scale(int n, __global float *x, float a)
{
    int i = get_global_id(0);
    if (i < n) x[i] *= a;
}
SRC
cat > app.c <<'SRC'
#include <stdio.h>
#include "kernels.h"
#pragma omp target device(opencl) ndrange(1, n, LOCAL) file(kernels.cl) copy_deps
#pragma omp task inout([n]x)
__kernel void scale(int n, __global float *x, float a);
int main(void)
{
    float x[16] = {0};
    scale(16, x, 2);
#pragma omp taskwait
    printf("x[0]=%g\n", x[0]);
    return 0;
}
SRC
printf 'CC = %s\nCFLAGS = --ompss\napp: app.o\n\t$(CC) $(CFLAGS) app.o -o app\n' "$MCC" > Makefile
ok env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make
fails 1 env NX_ARGS=--opencl-cpu=on ./app
has err.txt "task 'scale', kernel 'scale\(C\)' on the CPU cores: ndrange\(1, 16, -4\): the local size of dimension 1 is negative \(-4\); fix the ndrange clause"
lacks err.txt "2\^31"
no_temps
