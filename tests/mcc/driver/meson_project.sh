#!/usr/bin/env bash
# A Meson project with mcc as CC: Meson identifies it as gcc (by `mcc --version`) with GNU
# ld (by `mcc -Wl,--version`), dependency('openmp') is found, and a static library of
# OpenMP tasks linked into a program builds and runs.  Meson stopped at "Unknown
# compiler(s)" before.
. "$(dirname "$0")/lib.sh"
command -v meson > /dev/null || skip "skipped: no meson"
command -v ninja > /dev/null || skip "skipped: no ninja"
mkdir src
cat > src/meson.build <<'SRC'
project('blocks', 'c')
omp = dependency('openmp')
cc = meson.get_compiler('c')
message('compiler: ' + cc.get_id() + ' ' + cc.get_linker_id())
blocks = static_library('blocks', 'blocks.c', dependencies: omp)
executable('app', 'main.c', link_with: blocks, dependencies: omp)
SRC
write_blocks src
CC="$MCC" ok env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL meson setup b src
has out.txt '^Message: compiler: gcc ld\.bfd'
has out.txt 'Run-time dependency OpenMP found: YES'
ok env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL meson compile -C b
runs b/app "sum=4950"
no_temps
