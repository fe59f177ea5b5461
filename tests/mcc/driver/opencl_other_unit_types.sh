#!/usr/bin/env bash
# A kernel of a source that ANOTHER unit embeds with file(...): a task of util.c without
# file(...) runs kernel 'shift' of the kernels.cl that app.c names.  Its prototype's
# parameter types are compared with that source's at the link, as with a .cl input: only
# the kernels' names reached the link, and an int for the kernel's float ran with wrong
# values.  Agreeing types build and run.
. "$(dirname "$0")/lib.sh"
write_ocl_app scale "ndrange(1, n, BS) file(kernels.cl) copy_deps"
cat >> kernels.cl <<'SRC'
__kernel void shift(int n, __global float *x, float d)
{
    int i = get_global_id(0);
    if (i < n) x[i] += d;
}
SRC
cat > util.c <<'SRC'
#include "kernels.h"
#pragma omp target device(opencl) ndrange(1, n, BS) copy_deps
#pragma omp task inout([n]x)
__kernel void shift(int n, __global float *x, int d);
void shift_all(float *x, int n)
{
    shift(n, x, 1);
#pragma omp taskwait
}
SRC
sed -i 's/^#pragma omp taskwait$/    shift_all(x, 16);\n#pragma omp taskwait/; s/^int main(void)/void shift_all(float *x, int n);\nint main(void)/' app.c
fails 2 make_app OBJS=util.o
has err.txt "^util\.c:2:20: error: parameter 3 'd' of task 'shift' is 'int' but kernel 'shift' in kernels\.cl takes 'float' there: the argument would reach the kernel unconverted"
absent app
sed -i 's/int d);/float d);/' util.c
ok make_app OBJS=util.o
runs ./app "x[15]=32"
no_temps
