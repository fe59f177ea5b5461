#!/usr/bin/env bash
# An mcc away from its tree (copied alone) still compiles with -c, but a link stops with a
# clear `mcc: error:` naming where it looked for nanort, and leaves no temporary behind.
. "$(dirname "$0")/lib.sh"
write_app
mkdir -p lone/bin
cp "$MCC" lone/bin/mcc
ok lone/bin/mcc -c helper.c
exists helper.o
fails 1 lone/bin/mcc app.c helper.o -o prog
has err.txt "^mcc: error: the nanort library is not in $work/lone/lib"
absent prog
no_temps
