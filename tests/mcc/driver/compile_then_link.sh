#!/usr/bin/env bash
# -c compiles each input to ./<name>.o; a second mcc call links the objects into a program
# that runs without LD_LIBRARY_PATH; without -o the program is a.out.
. "$(dirname "$0")/lib.sh"
write_app
ok "$MCC" -c app.c helper.c
exists app.o helper.o
absent a.out app.mcc.c helper.mcc.c
ok "$MCC" app.o helper.o -o prog
runs ./prog "r=42"
ok "$MCC" app.o helper.o
runs ./a.out "r=42"
no_temps
