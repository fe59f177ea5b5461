#!/usr/bin/env bash
# -### prints the commands mcc would run (its own translation as mcc-translate lines), runs
# none and makes no file, as gcc -### does; the same line without -### builds the program.
. "$(dirname "$0")/lib.sh"
write_app
ok "$MCC" -### app.c helper.c -o prog
absent prog app.o helper.o
has err.txt '^gcc .*-E .*app\.c'
has err.txt '^mcc-translate .*app\.i -o '
has err.txt '^mcc-translate .*helper\.i -o '
has err.txt '^gcc .*-o prog$'
lacks out.txt .
ok "$MCC" -### -c -k app.c
absent app.o app.mcc.c
has err.txt '^gcc -c .* -o app\.o$'
ok "$MCC" -### -y app.c -o -
lacks out.txt .
has err.txt '^mcc-translate '
no_temps
ok "$MCC" app.c helper.c -o prog
runs ./prog "r=42"
# OpenCL kernels: their translation to C printed, nothing written
mkdir ocl && cd ocl
write_ocl_app scale 'ndrange(1, n, 8)'
ok "$MCC" -### app.c kernels.cl -o vprog
absent vprog
has err.txt '^mcc-translate-opencl .*kernels\.cl\.i -o '
no_temps
