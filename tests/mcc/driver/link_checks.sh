#!/usr/bin/env bash
# What only the whole program tells, checked when mcc links (the notes objects carry,
# link_check.c): a device(undefined) task that no unit implements, and an OpenCL kernel
# (without file(...)) that no source of the program has, are errors at their device
# clause, with no program written; units compiled apart (-c) and linked later are checked
# at that link; an implementation or a .cl input in another unit satisfies them.  A kernel
# that its own file(...) source lacks is an error when its unit is compiled.
. "$(dirname "$0")/lib.sh"
cat > task.h <<'SRC'
#pragma omp target device(undefined) copy_deps
#pragma omp task inout([n]x)
void scale(float *x, int n);
SRC
cat > main.c <<'SRC'
#include "task.h"
int main(void)
{
    float x[4] = {1, 2, 3, 4};
    scale(x, 4);
#pragma omp taskwait
    return x[3] != 8;
}
SRC
cat > impl.c <<'SRC'
#include "task.h"
#pragma omp target device(smp) implements(scale)
void scale_smp(float *x, int n);
void scale_smp(float *x, int n)
{
    for (int i = 0; i < n; i++)
        x[i] *= 2;
}
SRC
fails 1 "$MCC" --ompss main.c -o prog
[ "$(grep -m1 ': error: ' err.txt)" = "task.h:1:20: error: task 'scale' is 'device(undefined)' and nothing in the program implements it: give it an implementation, '#pragma omp target device(...) implements(scale)', in a unit of the program" ] ||
    { cat err.txt; fail "wrong diagnostic for an unimplemented device(undefined) task"; }
absent prog
ok "$MCC" --ompss -c main.c
fails 1 "$MCC" --ompss main.o -o prog               # separate compilation: at the link
has err.txt "^task.h:1:20: error: task 'scale' is 'device\(undefined\)'"
absent prog
ok "$MCC" --ompss main.c impl.c -o prog
runs ./prog ""
ok "$MCC" --ompss -c impl.c
ok "$MCC" --ompss main.o impl.o -o prog2
runs ./prog2 ""
# a shared library is not the whole program: its tasks may be implemented by the program
ok "$MCC" --ompss -shared -fPIC main.c -o libpart.so
# an OpenCL kernel with no source anywhere: named at its clause
cat > ocl.c <<'SRC'
#pragma omp target device(opencl) ndrange(1, n, 8) copy_deps
#pragma omp task inout([n]x)
__kernel void twice(__global float *x, int n);
int main(void)
{
    float x[8] = {0};
    twice(x, 8);
#pragma omp taskwait
    return 0;
}
SRC
fails 1 "$MCC" --ompss ocl.c -o oprog
[ "$(grep -m1 ': error: ' err.txt)" = "ocl.c:1:20: error: OpenCL kernel 'twice' (task 'twice') has no source in the program: give the .cl file that defines it to mcc with the other inputs, or name it with file(...)" ] ||
    { cat err.txt; fail "wrong diagnostic for an OpenCL kernel without source"; }
absent oprog
printf '__kernel void twice(__global float *x, int n)\n{ int i = get_global_id(0); if (i < n) x[i] *= 2; }\n' > twice.cl
ok "$MCC" --ompss ocl.c twice.cl -o oprog           # the .cl input of the link has it
ok "$MCC" --ompss -c ocl.c
ok "$MCC" --ompss ocl.o twice.cl -o oprog2
fails 1 "$MCC" --ompss ocl.o -o oprog3
has err.txt "OpenCL kernel 'twice' \(task 'twice'\) has no source"
# a kernel that its file(...) source lacks: at the clause when the unit is compiled (the
# runtime looks for it in that source only), with name(...) too
sed 's/ndrange(1, n, 8) copy_deps$/ndrange(1, n, 8) copy_deps file(twice.cl)/' ocl.c > ocl_file.c
ok "$MCC" --ompss ocl_file.c -o fprog
sed 's/twice(/twice_typo(/' ocl_file.c > typo.c
fails 1 "$MCC" --ompss -c typo.c
[ "$(grep -m1 ': error: ' err.txt)" = "typo.c:1:67: error: OpenCL kernel 'twice_typo' (task 'twice_typo') is not defined in twice.cl: a __kernel function of that name is needed there; name(...) gives it when it differs from the task's" ] ||
    { cat err.txt; fail "wrong diagnostic for a kernel its file(...) lacks"; }
absent typo.o
sed 's/file(twice.cl)/file(twice.cl) name(twice2)/' ocl_file.c > named.c
fails 1 "$MCC" --ompss named.c -o nprog
has err.txt "^named.c:1:67: error: OpenCL kernel 'twice2' \(task 'twice'\) is not defined in twice.cl"
absent nprog
no_temps
