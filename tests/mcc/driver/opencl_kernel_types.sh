#!/usr/bin/env bash
# A task's prototype and its OpenCL kernel must agree on each parameter's type: the argument's
# bytes reach the kernel unconverted, so `int a` for the kernel's `float a` would run with
# wrong values.  mcc compares the built-in types where it
# sees both: the file(...) source when the unit is compiled, the .cl inputs and .cl objects
# at the link; an error at the device clause naming the parameter and both types (a warning
# for buffers whose scalar element types differ).  Types it
# cannot tell (typedefs, macros under #if, #if variants) are not compared, object-like
# macros under #ifdef are expanded as --opencl-build-opts decides; spellings of one type
# (`unsigned int` and `uint`, address spaces, const) agree, and so do integers that differ
# in sign only.
. "$(dirname "$0")/lib.sh"
printf '__kernel void k(int n, __global float *x, float a)\n{ int i = get_global_id(0); if (i < n) x[i] += a; }\n' > k.cl
write_main() {      # write_main FILE PARAMS [FILE-CLAUSE [THIRD-ARGUMENT]]
    cat > "$1" <<SRC
#include <stdio.h>
typedef float real;
#pragma omp target device(opencl) ndrange(1, n, 8) copy_deps ${3:-}
#pragma omp task inout([n]x)
__kernel void k($2);
int main(void)
{
    float x[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    k(8, (void *)x, ${4:-1});
#pragma omp taskwait
    printf("x[0]=%g\n", x[0]);
    return 0;
}
SRC
}
write_main int.c "int n, __global float *x, int a"
fails 1 "$MCC" --ompss int.c k.cl -o prog
[ "$(grep -m1 ': error: ' err.txt)" = "int.c:3:20: error: parameter 3 'a' of task 'k' is 'int' but kernel 'k' in k.cl takes 'float' there: the argument would reach the kernel unconverted; declare the parameter as the kernel does" ] ||
    { cat err.txt; fail "wrong diagnostic for an int parameter of a float kernel parameter"; }
absent prog
# a buffer read as other elements is a warning (a float * is often read as float4 *)
write_main dbl.c "int n, __global double *x, float a"
ok "$MCC" --ompss dbl.c k.cl -o dprog
[ "$(grep -m1 ': warning: ' err.txt)" = "dbl.c:3:20: warning: parameter 2 'x' of task 'k' is 'double *' but kernel 'k' in k.cl takes 'float *' there: the kernel reads the buffer's elements as its own type; declare the parameter as the kernel does" ] ||
    { cat err.txt; fail "wrong diagnostic for a double * parameter of a float * kernel parameter"; }
fails 1 "$MCC" --ompss -Werror dbl.c k.cl -o prog2
absent prog2
printf '__kernel void k(int n, __global float4 *x, float a)\n{ }\n' > k4.cl
write_main v4.c "int n, __global float *x, float a"
ok "$MCC" --ompss v4.c k4.cl -o prog4
lacks err.txt "parameter 2"
write_main ptr.c "int n, __global float *x, float *a" "" x
fails 1 "$MCC" --ompss ptr.c k.cl -o prog
has err.txt "^ptr\.c:3:20: error: parameter 3 'a' of task 'k' is 'float \*' but kernel 'k' in k.cl takes 'float' there: the argument would reach"
# separate compilation: at the link, from the .cl's object
ok "$MCC" --ompss -c int.c
ok "$MCC" --ompss -c k.cl
fails 1 "$MCC" --ompss int.o k.o -o prog
has err.txt "^int\.c:3:20: error: parameter 3 'a' of task 'k' is 'int' but kernel 'k' in k.cl takes 'float'"
absent prog
# file(...): when the unit is compiled
write_main filed.c "int n, __global float *x, int a" "file(k.cl)"
fails 1 "$MCC" --ompss -c filed.c
has err.txt "^filed\.c:3:20: error: parameter 3 'a' of task 'k' is 'int' but kernel 'k' in k.cl takes 'float'"
absent filed.o
# agreeing types, in other spellings, and types mcc cannot tell: built and run
write_main good.c "int n, __global float *restrict x, const float a"
ok "$MCC" --ompss good.c k.o -o good
runs ./good "x[0]=2"
write_main real.c "int n, __global real *x, real a"
ok "$MCC" --ompss real.c k.cl -o real
runs ./real "x[0]=2"
printf '__kernel void k(unsigned int n, __global float *x, float a)\n{ int i = get_global_id(0); if (i < n) x[i] += a; }\n' > ku.cl
write_main uint.c "uint n, __global float *x, float a"
sed -i 's/^typedef float real;/typedef unsigned int uint;/' uint.c
ok "$MCC" --ompss uint.c ku.cl -o uprog
runs ./uprog "x[0]=2"
# integers that differ in sign only have the same bytes, as C converts them: an `int n` for
# the kernel's `uint n`, an `int *` buffer it reads as `uint *` (Mercurium's programs do)
printf '__kernel void k(uint n, __global uint *x, uint a)\n{ uint i = get_global_id(0); if (i < n) x[i] += a; }\n' > ks.cl
write_main sign.c "int n, __global int *x, int a" "" 1
ok "$MCC" --ompss -Werror sign.c ks.cl -o sprog
lacks err.txt "parameter"
# a host's size_t is the kernel's ulong (mcc builds for LP64 hosts), not its uint
printf '__kernel void k(ulong n, __global float *x, float a)\n{ size_t i = get_global_id(0); if (i < n) x[i] += a; }\n' > kz.cl
write_main size.c "size_t n, __global float *x, float a"
sed -i 's/^typedef float real;/#include <stddef.h>/' size.c
ok "$MCC" --ompss -Werror size.c kz.cl -o zprog
lacks err.txt "parameter"
runs ./zprog "x[0]=2"
printf '__kernel void k(uint n, __global float *x, float a)\n{ }\n' > kz4.cl
fails 1 "$MCC" --ompss size.c kz4.cl -o zprog4
has err.txt "^size\.c:3:20: error: parameter 1 'n' of task 'k' is 'size_t' but kernel 'k' in kz4\.cl takes 'uint'"
printf '__kernel void k(int n, __global float *x, long a)\n{ }\n' > kl.cl
fails 1 "$MCC" --ompss int.c kl.cl -o lprog
has err.txt "^int\.c:3:20: error: parameter 3 'a' of task 'k' is 'int' but kernel 'k' in kl\.cl takes 'long'"
# the text's object-like macros are what the OpenCL compiler makes of them: REAL under
# #ifdef DP is float unless --opencl-build-opts defines DP (the command's -DDP reaches the
# host C only, which then passes doubles)
printf '#ifdef DP\n#define REAL double\n#else\n#define REAL float /* single */\n#endif\n__kernel void k(int n, __global REAL *x, REAL a)\n{ int i = get_global_id(0); if (i < n) x[i] += a; }\n' > kr.cl
write_main dp.c "int n, __global double *x, double a" "" 1
fails 1 "$MCC" --ompss -DDP dp.c kr.cl -o dprog
has err.txt "^dp\.c:3:20: error: parameter 3 'a' of task 'k' is 'double' but kernel 'k' in kr\.cl takes 'float' there"
ok "$MCC" --ompss -DDP --opencl-build-opts=-DDP dp.c kr.cl -o dprog
lacks err.txt "parameter"
# a header shared with the host, its OpenCL side under __OPENCL_VERSION__ (which OpenCL C
# defines): the kernel's REAL is float, the host's double
printf '#ifdef __OPENCL_VERSION__\n#define GLOBAL __global\n#define REAL float\n#else\n#define GLOBAL\n#define REAL double\n#endif\n' > common.h
printf '#include "common.h"\n__kernel void k(int n, GLOBAL REAL *x, REAL a)\n{ }\n' > kh.cl
write_main hd.c "int n, __global double *x, double a" "" 1
fails 1 "$MCC" --ompss hd.c kh.cl -o hprog
has err.txt "^hd\.c:3:20: error: parameter 3 'a' of task 'k' is 'double' but kernel 'k' in kh\.cl takes 'float' there"
printf '#ifdef USE_INT\n__kernel void k(int n, __global float *x, int a)\n#else\n__kernel void k(int n, __global float *x, float a)\n#endif\n{ int i = get_global_id(0); if (i < n) x[i] += a; }\n' > kv.cl
ok "$MCC" --ompss int.c kv.cl -o vprog
no_temps
