#!/usr/bin/env bash
# mcc and gcc -fopenmp agree on which pragmas are errors (tests/mcc/fuzz/README.md).
#
#   tests/mcc/fuzz/gcc_agreement.sh CASES [NAME...]
#
# CASES holds small C files, each after a line `//== NAME` (or `//== NAME known: WHY`, a
# disagreement kept on purpose or not fixed yet).  Each is compiled by gcc -fopenmp -c (the
# oracle: errors of the data-sharing rules come from its gimplifier, which -fsyntax-only
# skips) and by mcc -y.  A case fails when one rejects it and the other does not, or when mcc
# accepts it and gcc rejects mcc's output; a `known` case fails when they agree (drop the
# mark).  Exit 0 when every case passes, 1 otherwise, 77 without mcc or gcc -fopenmp.
set -u
. tests/mcc/lib.sh
mcc_require
mcc=$(readlink -f "$MCC")
cases=$1
shift
work=$(readlink -f "${BUILD:-build}")/tests/mcc/fuzz/gcc_agreement
rm -rf "$work" && mkdir -p "$work"
echo 'int main(void) { return 0; }' > "$work/probe.c"
gcc -fopenmp -c -o /dev/null "$work/probe.c" 2>/dev/null || { echo "skipped: no gcc -fopenmp"; exit 77; }
awk -v d="$work" '/^\/\/== /{ f = d "/" $2 ".c"; k = d "/" $2 ".known"; printf "" > f;
                                if ($3 == "known:") print > k; next }
                  f { print >> f }' "$cases"
failed=0 n=0
for c in "$work"/*.c; do
  name=$(basename "$c" .c)
  [ "$name" = probe ] && continue
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
  n=$((n + 1))
  gcc -fopenmp -c -o /dev/null "$c" > "$work/$name.gcc" 2>&1; g=$?
  (cd "$work" && "$mcc" -fopenmp -y "$name.c" -o "$name.mcc.c") > "$work/$name.mcc" 2>&1; m=$?
  out=0
  [ $m = 0 ] && { gcc -fsyntax-only -w "$work/$name.mcc.c" > "$work/$name.out" 2>&1; out=$?; }
  why=
  if [ $g != 0 ] && [ $m = 0 ]; then why="gcc -fopenmp rejects it, mcc accepts it"
  elif [ $g = 0 ] && [ $m != 0 ]; then why="gcc -fopenmp accepts it, mcc rejects it"
  elif [ $out != 0 ]; then why="mcc accepts it, gcc rejects mcc's output"
  fi
  if [ -f "$work/$name.known" ]; then
    if [ -z "$why" ]; then why="they agree now: drop the 'known' mark"; else why=; fi
  fi
  if [ -n "$why" ]; then
    echo "FAIL $name: $why"
    grep -m1 -E 'error' "$work/$name.gcc" | sed 's/^/    gcc: /'
    grep -m1 -E 'error' "$work/$name.mcc" | sed 's/^/    mcc: /'
    failed=1
  fi
done
echo "$n cases"
exit $failed
