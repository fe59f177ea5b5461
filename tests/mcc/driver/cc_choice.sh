#!/usr/bin/env bash
# --cc=<compiler> and MCC_CC pick the native compiler for every stage (--cc wins); the
# default is gcc.
. "$(dirname "$0")/lib.sh"
cat > which.c <<'SRC'
#include <stdio.h>
int main(void)
{
#ifdef __clang__
    puts("clang");
#else
    puts("gcc");
#endif
    return 0;
}
SRC
ok "$MCC" -v --cc=gcc which.c -o p1
runs ./p1 gcc
lacks err.txt '^clang'
command -v clang > /dev/null || skip "clang not installed"
MCC_CC=clang ok "$MCC" -v which.c -o p2
runs ./p2 clang
has err.txt '^clang .*-E'
has err.txt '^clang .*-c'
lacks err.txt '^gcc '
MCC_CC=clang ok "$MCC" --cc=gcc which.c -o p3
runs ./p3 gcc
fails 1 "$MCC" --cc=no-such-compiler-here which.c -o p4
has err.txt "no-such-compiler-here"
no_temps
