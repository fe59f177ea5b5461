#!/usr/bin/env bash
# What build systems ask a compiler, answered in gcc's form: `mcc -v` prints mcc's version,
# then gcc's configuration; `mcc --version` mcc's, then gcc's text (Meson tells a GNU
# compiler by its "Free Software Foundation": it said "Unknown compiler"); `mcc
# -Wl,--version` is a link, which shows the linker's version (Meson's linker detection:
# "no input files"); `mcc -v` on a build shows gcc's own search directories and its link
# line (collect2, with -lnanort and -L to nanort: CMake reads the libraries a C compiler
# links from it, and adds them when c++ links C objects); -dumpversion, -dumpmachine,
# -print-prog-name, -print-file-name (nanort's libraries too: the directory for an rpath),
# -E -dM, and -Q --help=target (scripts that look for what -march=native means) answer
# without an input file.
. "$(dirname "$0")/lib.sh"
prefix=$(cd "$(dirname "$MCC")/.." && pwd -P)
ok "$MCC" -v
has err.txt '^mcc '
has err.txt '^gcc version '
ok "$MCC" --version
has out.txt '^mcc .*nanort ABI'
has out.txt 'Free Software Foundation'
ok "$MCC" -Wl,--version
has out.txt '^GNU ld'
printf 'int main(void) { return 0; }\n' > probe.c
ok "$MCC" -v probe.c -o probe
has err.txt '^#include <\.\.\.> search starts here:'
has err.txt "^ $prefix/lib/mcc/include\$"
has err.txt "collect2.* -L$prefix/lib .*-lnanort "
ok "$MCC" -dumpversion
has out.txt '^[0-9]+'
ok "$MCC" -dumpmachine
has out.txt '-linux'
ok "$MCC" -print-prog-name=ld
has out.txt 'ld'
ok "$MCC" -print-file-name=libnanort.so
has out.txt "^$prefix/lib/libnanort\.so\$"
ok "$MCC" -print-file-name=libgcc.a
has out.txt '^/.*/libgcc\.a$'
: > empty.c
ok "$MCC" -E -dM empty.c
has out.txt '^#define __GNUC__ [0-9]+'
has out.txt '^#define _OPENMP '
ok "$MCC" -Q --help=target -march=native
has out.txt '^ +-march='
no_temps
