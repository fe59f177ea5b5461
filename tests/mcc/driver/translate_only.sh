#!/usr/bin/env bash
# -y stops after writing <name>.mcc.c (or the -o file): no object, no program; the file
# keeps linemarkers into the source and compiles with the native compiler.  -y -o - writes
# the translation on stdout (as gcc -E -o -), for a C unit and an OpenCL file alike, and no
# file named '-'.
. "$(dirname "$0")/lib.sh"
write_app
mkdir -p sub && cp helper.c sub/
ok "$MCC" -y app.c sub/helper.c
exists app.mcc.c helper.mcc.c
absent app.o helper.o a.out sub/helper.mcc.c
has app.mcc.c '^# [0-9]+ "app.c"'
has app.mcc.c 'printf\("r=%d\\n", omp_get_num_procs\(\) >= 1 \? helper\(21\) : -1\);'
ok "$MCC" -y app.c -o custom.c
exists custom.c
cmp -s custom.c app.mcc.c || fail "-y -o wrote something else than -y"
ok gcc -c -I"$TOP/include" -x c app.mcc.c -o app.o
fails 1 "$MCC" -y app.c sub/helper.c -o two.c
ok "$MCC" -y app.c -o -
absent ./-
cmp -s out.txt app.mcc.c || fail "-y -o - printed something else than -y wrote"
printf '__kernel void twice(__global float *x) { x[get_global_id(0)] *= 2; }\n' > k.cl
ok "$MCC" -y k.cl
exists k.cl.c
ok "$MCC" -y k.cl -o -
absent ./-
cmp -s out.txt k.cl.c || fail "-y k.cl -o - printed something else than -y k.cl wrote"
no_temps
