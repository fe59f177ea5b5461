#!/usr/bin/env bash
# A .c and a .cl compiled apart (-c, as a Makefile does) and linked later: the object made
# from the .cl holds its text, which the link-time check of the kernels sees (the kernel
# of main.o has a source), and the program runs with it.  A kernel
# that the .cl object lacks is still an error at the link.
. "$(dirname "$0")/lib.sh"
cat > main.c <<'SRC'
#include <stdio.h>
#pragma omp target device(opencl) ndrange(1, n, 8) copy_deps
#pragma omp task inout([n]x)
__kernel void twice(int n, __global float *x);
int main(void)
{
    float x[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    twice(8, x);
#pragma omp taskwait
    printf("x[7]=%g\n", x[7]);
    return 0;
}
SRC
printf '__kernel void twice(int n, __global float *x)\n{ int i = get_global_id(0); if (i < n) x[i] *= 2; }\n' > twice.cl
cat > Makefile <<MK
CC = $MCC
CFLAGS = --ompss
prog: main.o twice.o
	\$(CC) \$(CFLAGS) main.o twice.o -o prog
%.o: %.cl
	\$(CC) \$(CFLAGS) -c \$< -o \$@
MK
ok env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make
exists main.o twice.o prog
runs ./prog "x[7]=16"
sed 's/twice/thrice/' twice.cl > thrice.cl
ok "$MCC" --ompss -c thrice.cl
fails 1 "$MCC" --ompss main.o thrice.o -o prog3
has err.txt "^main\.c:2:20: error: OpenCL kernel 'twice' \(task 'twice'\) has no source in the program"
absent prog3
no_temps
