#!/usr/bin/env bash
# OpenCL C's qualifiers written without underscores in a kernel's declaration (`kernel void
# k(global float *a, constant float *c, local float *t, int n)`, as OpenCL C and Mercurium
# accept) are taken as the underscored ones: the host compiler does not see them (it
# stopped at `global float *a`), constant becomes const, columns stay (a later error is
# at its column).  Only in the function declared under the `device(opencl)` pragma, and
# only as qualifiers: a parameter named local, the words as C names elsewhere, a variable
# under such a pragma, and the body of a device(smp, opencl) definition stay as written.
. "$(dirname "$0")/lib.sh"
cat > k.cl <<'SRC'
kernel void k(global float *a, constant float *c, local float *t, int local_n) { a[0] = c[0] + t[0] + local_n; }
kernel void twice(global int *a, int n) { a[get_global_id(0)] *= 2; }
SRC
cat > app.c <<'SRC'
#include <stdio.h>
static int local = 1;
static int kernel(int global) { return global + local; }
#pragma omp target device(opencl) ndrange(1, 1, 1) shmem(4) file(k.cl) copy_deps
#pragma omp task inout([1]a) in([1]c)
kernel void k(global float *a,
              constant float *c, local float *t, int local_n);
#pragma omp target device(smp, opencl) ndrange(1, n, 1) file(k.cl) copy_deps
#pragma omp task inout([n]a)
kernel void twice(global int *a, int n)
{
    int global = 2;
    for (int i = 0; i < n; i++)
        a[i] *= global;
}
int main(void)
{
    static float a[1] = {1}, c[1] = {2};
    static int v[4] = {1, 2, 3, 4};
    k(a, c, NULL, kernel(local));
    twice(v, 4);
#pragma omp taskwait
    printf("%g %d\n", a[0], v[3]);
    return 0;
}
SRC
ok "$MCC" --ompss -Wall -Werror -k app.c -o app
grep -v '^"' app.mcc.c > host.c       # (not the embedded OpenCL source)
lacks host.c '(global|local|constant) (float|int)|^kernel'
has app.mcc.c 'static int local = 1;'
has app.mcc.c 'int global = 2;'
has app.mcc.c 'const    float \*c'
# a mistake after a blanked word is reported at its own column
cat > bad.c <<'SRC'
#pragma omp target device(opencl) ndrange(1, n, 16) file(k.cl) copy_deps
#pragma omp task inout([n]a)
kernel void twice(global int *a, int n, undeclared_t x);
SRC
fails 1 "$MCC" --ompss -c bad.c
has err.txt "^bad\.c:3:41: error"
no_temps
