#!/usr/bin/env bash
# -o names the product of -c, -S and the link, also in another directory and in the joined
# form -ofile; products without -o go to the current directory even for a source elsewhere;
# -o with -c and several C inputs is an error, as with gcc.
. "$(dirname "$0")/lib.sh"
write_app
mkdir -p src out
cp helper.c src/
ok "$MCC" -c src/helper.c
exists helper.o
absent src/helper.o
ok "$MCC" -c src/helper.c -o out/h.o
exists out/h.o
ok "$MCC" -c app.c -oout/a.o
exists out/a.o
ok "$MCC" out/a.o out/h.o -o out/prog
runs out/prog "r=42"
ok "$MCC" -S helper.c -o out/h.s
exists out/h.s
fails 1 "$MCC" -c app.c helper.c -o both.o
has err.txt "^mcc: error: cannot specify '-o'"
absent both.o
no_temps
