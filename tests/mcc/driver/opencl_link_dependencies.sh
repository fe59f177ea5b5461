#!/usr/bin/env bash
# -MD/-MMD of a one-step build whose kernels come as a .cl input (`mcc -MMD -MP app.c
# kern/scale.cl -o app`): the link's dependency file (app.d, rule `app:`, as gcc names
# it) lists the .cl and the headers it includes, which the program embeds.  Nothing
# listed them, so a Makefile rule `app: app.c kern/scale.cl` with `-include app.d` did not
# relink when a header only the kernel includes changed: the program ran the old kernel.
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
#pragma omp target device(opencl) ndrange(1, n, 8) copy_deps
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
ok "$MCC" --ompss -MMD -MP app.c kern/scale.cl -o app
has app.d '^app: app\.c'
has app.d '^ kern/scale\.cl'
has app.d '^ kern/factor\.h'
has app.d '^kern/factor\.h:$'
runs ./app 16
cat > Makefile <<MK
app: app.c kern/scale.cl
	$MCC --ompss -MMD -MP app.c kern/scale.cl -o app
-include app.d
MK
ok make_app
has out.txt 'is up to date'
sleep 1
printf '#define FACTOR 3\n' > kern/factor.h
ok make_app
runs ./app 24
no_temps
