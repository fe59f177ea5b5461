#!/usr/bin/env bash
# Temporary files go to $TMPDIR and are all removed: after success, after a failing
# native compile, after a failing link, and when mcc is killed by SIGTERM or SIGINT while
# a compiler runs (the compiler is stopped too).
. "$(dirname "$0")/lib.sh"
write_app
ok "$MCC" app.c helper.c -o prog
no_temps
echo 'int broken(void) { return nope; }' > bad.c
fails 1 "$MCC" app.c bad.c -o prog2
no_temps
fails 1 "$MCC" app.c -o prog3
no_temps
# a compiler that hangs in the compile stage; mcc is killed while it waits
printf '#!/bin/sh\nfor a; do [ "$a" = -c ] && { echo $$ > "%s/slow.pid"; exec sleep 60; }; done\nexec gcc "$@"\n' \
    "$work" > slowcc
chmod +x slowcc
set -m  # job control: a background job must not start with SIGINT ignored
for sig in TERM INT; do
    rm -f slow.pid
    "$MCC" --cc="$work/slowcc" app.c helper.c -o prog4 2> err.txt &
    pid=$!
    for _ in $(seq 100); do [ -s slow.pid ] && break; sleep 0.1; done
    [ -s slow.pid ] || fail "the slow compiler never started"
    [ -n "$(ls -A "$TMPDIR")" ] || fail "no temporary file while compiling (not in TMPDIR?)"
    kill -s $sig $pid
    # mcc must stop its compiler and exit at once, not wait for the compiler to finish
    for _ in $(seq 50); do kill -0 $pid 2> /dev/null || break; sleep 0.1; done
    if kill -0 $pid 2> /dev/null; then
        kill -9 $pid "$(cat slow.pid)"
        fail "mcc still runs 5 s after SIG$sig (its compiler was not stopped)"
    fi
    wait $pid
    st=$?
    [ $st -ge 128 ] || fail "mcc exited with $st after SIG$sig"
    kill -0 "$(cat slow.pid)" 2> /dev/null && fail "the compiler survived SIG$sig to mcc"
    no_temps
done
absent prog4
