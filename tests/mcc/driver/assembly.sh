#!/usr/bin/env bash
# -S translates and compiles to ./<name>.s (assembly holding the functions), nothing more.
. "$(dirname "$0")/lib.sh"
write_app
ok "$MCC" -S helper.c app.c
exists helper.s app.s
has helper.s 'helper'
has app.s 'main'
absent helper.o app.o a.out helper.mcc.c
# the assembly is usable: assemble and link it
ok gcc -c helper.s -o helper.o
ok "$MCC" app.c helper.o -o prog
runs ./prog "r=42"
no_temps
