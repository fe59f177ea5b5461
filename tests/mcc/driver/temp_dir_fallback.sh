#!/usr/bin/env bash
# mcc finds a place for its temporary files as gcc does: when $TMPDIR is not a directory
# it may write in (gone, a file), the next of $TMP, $TEMP and /tmp; it made
# $TMPDIR/mcc-XXXXXX and stopped ("cannot create a temporary directory"), where gcc
# compiles.  Nothing is left behind in the directory it used.
. "$(dirname "$0")/lib.sh"
write_app
mkdir other
export TMP="$work/other"
TMPDIR="$work/gone" ok "$MCC" -v app.c helper.c -o prog
has err.txt " $work/other/mcc-"
runs ./prog "r=42"
: > afile
TMPDIR="$work/afile" ok "$MCC" -c app.c
exists app.o
[ -z "$(ls -A other)" ] || fail "temporary files left in \$TMP: $(ls -A other)"
no_temps
