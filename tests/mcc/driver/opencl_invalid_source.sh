#!/usr/bin/env bash
# A .cl that does not preprocess (a missing #include) or parse (a syntax error) fails the
# build at its line, with no program or object: no OpenCL device could build it either.
# So for a .cl input at the link, with -c and -y, and for a file(...) source; an #include
# in a branch the preprocessor does not take is no error; --opencl-cpu=no, which does not
# read the .cl, leaves it to the OpenCL compiler at run time (docs/opencl-cpu.md).
. "$(dirname "$0")/lib.sh"
cat > main.c <<'SRC'
#pragma omp target device(opencl) ndrange(1, n, 8) copy_deps
#pragma omp task inout([n]x)
__kernel void vinc(int n, __global float *x);
int main(void)
{
    float x[8] = {0};
    vinc(8, x);
#pragma omp taskwait
    return x[7] != 1;
}
SRC
printf '#include "nohdr.h"\n__kernel void vinc(int n, __global float *x)\n{ int i = get_global_id(0); if (i < n) x[i] += 1; }\n' > inc.cl
printf '__kernel void vinc(int n, __global float *x)\n{\n    int i = get_global_id(0)\n    if (i < n) x[i] += 1;\n}\n' > syn.cl
fails 1 "$MCC" --ompss main.c inc.cl -o p1
has err.txt "^inc\.cl:1:10: fatal error: nohdr\.h: No such file"
has err.txt "^mcc: error: inc\.cl: not valid OpenCL C \(see above\)"
absent p1
fails 1 "$MCC" --ompss main.c syn.cl -o p2
[ "$(grep -m1 ': error: ' err.txt)" = "syn.cl:4:5: error: expected ',' or ';' before 'if'" ] ||
    { cat err.txt; fail "wrong diagnostic for a syntax error in a .cl input"; }
lacks err.txt "warning"
absent p2
fails 1 "$MCC" --ompss -c syn.cl
has err.txt "^syn\.cl:4:5: error: "
absent syn.o
fails 1 "$MCC" --ompss -y syn.cl
absent syn.cl.c
fails 1 "$MCC" --ompss --opencl-cpu=require main.c inc.cl -o p3
absent p3
# a file(...) source: when its unit is compiled
sed 's/copy_deps$/copy_deps file(syn.cl)/' main.c > filed.c
fails 1 "$MCC" --ompss -c filed.c
has err.txt "^syn\.cl:4:5: error: "
absent filed.o
# an include the preprocessor does not take
printf '#ifdef NOT_DEFINED\n#include "nohdr.h"\n#endif\n' > guarded.cl
sed 1,1d inc.cl >> guarded.cl
ok "$MCC" --ompss main.c guarded.cl -o p4
runs ./p4 ""
# not read with --opencl-cpu=no: the OpenCL compiler finds the error when the program runs
ok "$MCC" --ompss --opencl-cpu=no main.c syn.cl -o p5
no_temps
