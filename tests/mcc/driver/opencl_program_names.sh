#!/usr/bin/env bash
# A program with OpenCL tasks may name its own globals and helpers as OpenCL codes do
# (`ocl`, `ocl_fail`, `ocl_error_name`): libnanort.so keeps its OpenCL device's names of
# that spelling to itself (nanort/libnanort.map).  Exported, the library's references
# took the program's objects: `ocl`, the program's struct, received the OpenCL entry
# points and the program crashed wherever libOpenCL was there.
. "$(dirname "$0")/lib.sh"
lib=$BUILD/lib/libnanort.so
[ -f "$lib" ] || skip "skipped: no $lib"
for so in "$lib" "$BUILD/lib/libnanort-debug.so"; do
    [ -f "$so" ] || continue
    leaked=$(nm -D --defined-only "$so" | awk '{print $3}' | grep -E '^ocl(_|$)' | tr '\n' ' ')
    [ -z "$leaked" ] || fail "$so exports $leaked"
done
write_ocl_names_app
ok "$MCC" --ompss app.c twice.cl -o prog
runs ./prog "2 16 1 mine 7 fine"
ok "$MCC" --ompss --debug app.c twice.cl -o prog_debug
runs ./prog_debug "2 16 1 mine 7 fine"
no_temps
