#!/usr/bin/env bash
# -k / --keep-files keeps <name>.mcc.c in the current directory (where the .o of -c goes),
# whatever -o says; without it no .mcc.c is left anywhere.
. "$(dirname "$0")/lib.sh"
write_app
mkdir -p sub out && cp helper.c sub/
ok "$MCC" app.c sub/helper.c -o prog
absent app.mcc.c helper.mcc.c sub/helper.mcc.c
ok "$MCC" -k -c sub/helper.c -o out/helper.o
exists helper.mcc.c out/helper.o
absent sub/helper.mcc.c out/helper.mcc.c
ok "$MCC" --keep-files app.c out/helper.o -o prog
exists app.mcc.c
has app.mcc.c 'helper\(21\)'
runs ./prog "r=42"
no_temps
