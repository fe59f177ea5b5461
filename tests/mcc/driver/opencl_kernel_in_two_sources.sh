#!/usr/bin/env bash
# Two .cl inputs (or objects made from them by -c) that define one kernel: a task without
# file(...) cannot choose, an mcc error at its clause that names both files (before: gcc's
# "redefinition of '__nrt_clk_scale'" on mcc's generated C, or with objects a silent
# choice); with file(...) naming one, the program builds and runs that one (before: the
# same gcc error).
. "$(dirname "$0")/lib.sh"
write_ocl_app scale "ndrange(1, n, BS) copy_deps"
mkdir -p other
cp kernels.h other/
sed 's/+ 1.0f/+ 2.0f/' kernels.cl > other/kernels.cl
fails 1 "$MCC" --ompss app.c kernels.cl other/kernels.cl -o app
has err.txt "^app.c:3:20: error: OpenCL kernel 'scale' \(task 'scale'\) is defined in both kernels.cl and other/kernels.cl: name the one it runs with file\(...\)"
lacks err.txt "redefinition"
ok "$MCC" --ompss -c kernels.cl -o k1.o
ok "$MCC" --ompss -c other/kernels.cl -o k2.o
fails 1 "$MCC" --ompss app.c k1.o k2.o -o app
has err.txt "is defined in both kernels.cl and other/kernels.cl"
sed -i 's|copy_deps|file(other/kernels.cl) copy_deps|' app.c
ok "$MCC" --ompss app.c kernels.cl other/kernels.cl -o app
lacks err.txt "redefinition"
runs ./app "x[15]=32"
no_temps
