#!/usr/bin/env bash
# mcc --ompss -static links a program that names its own globals as the runtime's OpenCL
# device names its own (`ocl`, `ocl_fail`, `ocl_error_name`): libnanort.a keeps those
# names local, as libnanort.so does (nanort/libnanort.map, nanort_add_group in
# nanort/module.mk), where the archive's opencl.o defined them too ("multiple definition
# of `ocl'").  Linked statically, the program cannot load libOpenCL (it crashed in
# clGetPlatformIDs): its kernel runs translated to C (--opencl-cpu) and --verbose says why.
. "$(dirname "$0")/lib.sh"
lib=$BUILD/lib/libnanort.a
[ -f "$lib" ] || skip "skipped: no $lib"
printf 'int main(void) { return 0; }\n' > plain.c
gcc -static plain.c -o plain 2> /dev/null || skip "skipped: gcc cannot link statically (no libc.a)"
leaked=$(nm --defined-only "$lib" 2> /dev/null | awk 'NF == 3 && $2 ~ /[A-Z]/ {print $3}' |
         grep -E '^ocl(_|$)' | sort -u | tr '\n' ' ')
[ -z "$leaked" ] || fail "$lib defines global $leaked"
write_ocl_names_app
ok "$MCC" --ompss -static app.c twice.cl -o prog
lacks err.txt 'multiple definition'
runs ./prog "2 16 1 mine 7 fine"
NX_ARGS=--verbose ./prog > out.txt 2> err.txt || fail "./prog --verbose exited with $?"
has err.txt 'OpenCL: not used: the program is linked statically'
no_temps
