#!/usr/bin/env bash
# Minimal parser reproducers that must round-trip through mcc.
#
#   tests/mcc/roundtrip/run.sh CASE.c      (from the repository root)
#
# `mcc -y CASE.c` must succeed, its output must be byte-identical to the preprocessed input
# (tests/mcc/lib.sh), and the output must compile again (gcc -fsyntax-only).  Each case is a
# construct gcc accepts that a parser can get wrong (several once failed); its first comment
# says which.
# Exit 0 pass, 1 fail, 77 when mcc has not been built.
set -u
. tests/mcc/lib.sh
mcc_require
src=$1
name=$(basename "$src" .c)
work=$BUILD/tests/mcc/roundtrip/$name
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL $name: $*"; exit 1; }
gcc -fsyntax-only "$src" || fail "gcc rejects the case itself"
"$MCC" -y "$src" -o "$work/out.mcc.c" || fail "mcc -y failed (exit $?)"
mcc_preprocess "$src" "$work/pp.i"
if ! cmp -s "$work/pp.i" "$work/out.mcc.c"; then
  diff -u "$work/pp.i" "$work/out.mcc.c" | head -n 20
  fail "mcc -y output differs from the preprocessed input"
fi
gcc -fsyntax-only -x c "$work/out.mcc.c" || fail "the output does not compile"
echo "PASS $name"
