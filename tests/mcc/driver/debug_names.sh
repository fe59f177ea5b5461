#!/usr/bin/env bash
# Objects name the user's source, not mcc's temporaries: the debug information of
# `mcc -g -c sub/helper.c` says sub/helper.c, lines point into it, no temporary path
# appears in the object, and compiling twice gives the same bytes.
. "$(dirname "$0")/lib.sh"
write_app
mkdir -p sub && mv helper.c sub/
ok "$MCC" -g -c sub/helper.c -o one.o
ok "$MCC" -g -c sub/helper.c -o two.o
cmp -s one.o two.o || fail "two compiles of the same source differ"
readelf --debug-dump=info one.o > info.txt 2>&1
has info.txt 'DW_AT_name +:.* sub/helper\.c$'
readelf --debug-dump=decodedline one.o > lines.txt 2>&1
has lines.txt 'helper\.c +1 '
strings one.o > strings.txt
lacks strings.txt "$TMPDIR|/mcc-[A-Za-z0-9]{6}/"
no_temps
