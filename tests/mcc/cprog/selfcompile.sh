#!/usr/bin/env bash
# Compile one of the project's own C sources through mcc.
#
#   tests/mcc/cprog/selfcompile.sh SRC.c [CFLAGS...]     (from the repository root)
#
# 1. `mcc -y` must reproduce the preprocessed source byte for byte when it holds no
#    `#pragma omp` (the project's sources are plain C);
# 2. `mcc -c` with the project's own flags must compile it.
# Exit 0 pass, 1 fail, 77 when mcc has not been built.
set -u
. tests/mcc/lib.sh
mcc_require
src=$1; shift
work=$BUILD/tests/mcc/cprog/self/$(echo "$src" | tr '/' '_')
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL $src: $*"; exit 1; }

mcc_preprocess "$src" "$work/pp.i" "$@" || fail "gcc -E rejects it with these flags"
"$MCC" "$@" -y "$src" -o "$work/out.mcc.c" || fail "mcc -y failed (exit $?)"
if ! grep -q '^[[:space:]]*#[[:space:]]*pragma[[:space:]]\+omp' "$work/pp.i"; then
  if ! cmp -s "$work/pp.i" "$work/out.mcc.c"; then
    diff -u "$work/pp.i" "$work/out.mcc.c" | head -n 20
    fail "mcc -y output differs from the preprocessed input"
  fi
fi
"$MCC" "$@" -c "$src" -o "$work/obj.o" || fail "mcc -c failed (exit $?)"
echo "PASS $src ($(wc -l < "$work/pp.i") preprocessed lines)"
