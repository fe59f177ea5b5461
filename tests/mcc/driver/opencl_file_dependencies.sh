#!/usr/bin/env bash
# -MD/-MMD of a unit whose OpenCL task names its kernels with file(...): the dependency file
# lists the .cl and the headers it includes (mcc embeds them into the object), with -MP a
# phony rule each.  cpp listed only the C headers, so a Makefile (or CMake, Meson) that
# reads the dependency files did not rebuild the object when the .cl changed: the program
# ran the old kernel.  A .cl compiled to an object of its own (-c) gets its dependency file
# too (it had none).
. "$(dirname "$0")/lib.sh"
mkdir -p kern
printf '#define FACTOR 2\n' > kern/factor.h
cat > kern/scale.cl <<'SRC'
#include "factor.h"
__kernel void scale(__global int *v, int n)
{
    int i = get_global_id(0);
    if (i < n)
        v[i] *= FACTOR;
}
SRC
cat > app.c <<'SRC'
#include <stdio.h>
#pragma omp target device(opencl) ndrange(1, n, 8) file(kern/scale.cl) copy_deps
#pragma omp task inout([n]v)
__kernel void scale(__global int *v, int n);
int main(void)
{
    int v[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    scale(v, 8);
#pragma omp taskwait
    printf("%d\n", v[7]);
    return 0;
}
SRC
ok "$MCC" --ompss -MMD -MP -c app.c
has app.d '^app\.o: app\.c'
has app.d '^ kern/scale\.cl'
has app.d '^ kern/factor\.h'
has app.d '^kern/scale\.cl:$'
has app.d '^kern/factor\.h:$'
ok "$MCC" --ompss -MD -MF deps.txt -MT obj.o -c app.c -o obj.o
has deps.txt '^obj\.o: app\.c'
has deps.txt 'kern/scale\.cl'
lacks deps.txt '^kern/scale\.cl:'
ok "$MCC" --ompss -MMD -MP -c kern/scale.cl -o scale.o
has scale.d '^scale\.o:'
has scale.d '^ kern/scale\.cl'
has scale.d '^ kern/factor\.h'
has scale.d '^kern/factor\.h:$'
# a Makefile that reads them rebuilds the object when the kernel's header changes
printf 'CC = %s\napp: app.o\n\t$(CC) --ompss app.o -o app\napp.o: app.c\n\t$(CC) --ompss -MMD -MP -c app.c\n-include app.d\n' \
    "$MCC" > Makefile
rm -f app.o app.d
ok make_app
runs ./app 16
sleep 1
printf '#define FACTOR 3\n' > kern/factor.h
ok make_app
runs ./app 24
no_temps
