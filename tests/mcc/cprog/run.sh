#!/usr/bin/env bash
# Compile one C program with mcc and with gcc and require the same behaviour.
#
#   tests/mcc/cprog/run.sh PROG.c      (from the repository root)
#
# Checks, in order:
#   1. `mcc -y` output is byte-identical to the preprocessed input (no OmpSs pragmas in
#      the program, so the rewriter must not change a byte);
#   2. `mcc -c` compiles it; the object links with gcc;
#   3. the mcc-built and the gcc-built programs print the same stdout and exit with
#      the same status.
# Exit 0 pass, 1 fail, 77 when mcc has not been built.
set -u
. tests/mcc/lib.sh
mcc_require
src=$1
name=$(basename "$src" .c)
work=$BUILD/tests/mcc/cprog/$name
rm -rf "$work" && mkdir -p "$work"
cflags="-std=gnu11 -O1"
fail() { echo "FAIL $name: $*"; exit 1; }

mcc_preprocess "$src" "$work/pp.i" $cflags || fail "gcc -E rejects the program"
"$MCC" $cflags -y "$src" -o "$work/out.mcc.c" || fail "mcc -y failed (exit $?)"
if ! cmp -s "$work/pp.i" "$work/out.mcc.c"; then
  diff -u "$work/pp.i" "$work/out.mcc.c" | head -n 20
  fail "mcc -y output differs from the preprocessed input"
fi

gcc $cflags -w -o "$work/ref" "$src" -lm || fail "gcc cannot build the reference"
"$MCC" $cflags -w -c "$src" -o "$work/prog.o" || fail "mcc -c failed (exit $?)"
gcc -o "$work/prog" "$work/prog.o" -lm || fail "the object mcc built does not link"

(cd "$work" && timeout 20 ./ref > ref.out); ref_st=$?
(cd "$work" && timeout 20 ./prog > prog.out); prog_st=$?
if ! cmp -s "$work/ref.out" "$work/prog.out"; then
  diff -u "$work/ref.out" "$work/prog.out" | head -n 20
  fail "output differs from gcc's build"
fi
[ "$ref_st" = "$prog_st" ] || fail "exit status $prog_st, gcc's build exits $ref_st"
echo "PASS $name: $(wc -l < "$work/ref.out") lines of output, exit status $ref_st"
