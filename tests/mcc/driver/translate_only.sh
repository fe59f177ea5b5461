#!/usr/bin/env bash
# -y stops after writing <name>.mcc.c (or the -o file): no object, no program; the file
# keeps linemarkers into the source and compiles with the native compiler.
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
no_temps
