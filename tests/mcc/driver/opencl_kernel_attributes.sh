#!/usr/bin/env bash
# A kernel's declaration copied from its .cl with OpenCL C's kernel attributes
# (`__kernel __attribute__((reqd_work_group_size(8, 1, 1))) void k(...)`,
# vec_type_hint, work_group_size_hint, the __name__ spelling) builds with -Werror and runs:
# the host's text leaves them out (gcc warned "'reqd_work_group_size' attribute directive
# ignored" on the user's line).  An attribute list that also names one of gcc's stays.
. "$(dirname "$0")/lib.sh"
cat > k.cl <<'SRC'
__kernel __attribute__((reqd_work_group_size(8, 1, 1)))
void fill(int n, __global int *a, const int v)
{
    int i = get_global_id(0);
    if (i < n)
        a[i] = v + i;
}
__kernel __attribute__((vec_type_hint(float4), __work_group_size_hint__(8, 1, 1)))
void twice(int n, __global int *a)
{
    int i = get_global_id(0);
    if (i < n)
        a[i] *= 2;
}
SRC
cat > app.c <<'SRC'
#include <stdio.h>
#pragma omp target device(opencl) ndrange(1, n, 8) file(k.cl) copy_deps
#pragma omp task out([n]a)
__kernel __attribute__((reqd_work_group_size(8, 1, 1))) void fill(int n, __global int *a,
                                                                  const int v);
#pragma omp target device(opencl) ndrange(1, n, 8) file(k.cl) copy_deps
#pragma omp task inout([n]a)
__kernel __attribute__((vec_type_hint(float4), __work_group_size_hint__(8, 1, 1)))
void twice(int n, __global int *a);
int main(void)
{
    int a[20];
    fill(20, a, 5);
    twice(20, a);
#pragma omp taskwait
    printf("a[0]=%d a[19]=%d\n", a[0], a[19]);
    return 0;
}
SRC
ok "$MCC" --ompss -Wall -Werror app.c -o prog
lacks err.txt 'attribute|warning'
NX_ARGS=--disable-opencl runs ./prog "a[0]=10 a[19]=48"
# gcc's own attribute beside an OpenCL one: the list is the user's, as written
sed -i 's/reqd_work_group_size(8, 1, 1)))/reqd_work_group_size(8, 1, 1), cold))/' app.c
ok "$MCC" --ompss -Wall app.c -o prog2
has err.txt 'reqd_work_group_size.{0,3} attribute directive ignored'
no_temps
