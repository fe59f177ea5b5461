#!/usr/bin/env bash
# mcc builds a shared library (-shared -fPIC, its own code translated and linked against
# nanort) that a program built by mcc then links and loads through an rpath.
. "$(dirname "$0")/lib.sh"
write_app
mkdir -p lib
ok "$MCC" -shared -fPIC helper.c -o lib/libhelper.so
readelf -h lib/libhelper.so | grep -q 'Type: *DYN' || fail "lib/libhelper.so is not a shared library"
ok "$MCC" app.c -Llib -lhelper -Wl,-rpath,"$work/lib" -o prog
runs ./prog "r=42"
no_temps
