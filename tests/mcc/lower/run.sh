#!/usr/bin/env bash
# Tests of mcc's OmpSs lowering (mcc/lower*.c), run from the repository root:
#
#   tests/mcc/lower/run.sh run CASE.c    build CASE.c with `mcc --ompss` (-O1, or the flags of
#                                        a line "/* mcc-flags: ... */"), run it under
#                                        NX_ARGS --smp-workers=1, 2 and 4: exit 0 when both
#                                        runs exit 0 (each program checks itself)
#   tests/mcc/lower/run.sh diag CASE.c   `mcc --ompss -y` on diag/CASE.c: an error case must
#                                        exit 1, a warning case 0, and the first diagnostic
#                                        of that severity must equal the first line of
#                                        CASE.err exactly
# Exit 77 (skipped) when mcc has not been built.  Environment: BUILD, MCC.
set -u
mode=$1 src=$2
. tests/mcc/lib.sh
mcc_require
mcc=$(readlink -f "$MCC")
name=$(basename "$src" .c)
work=$(readlink -f "$BUILD")/tests/mcc/lower
mkdir -p "$work"
case $mode in
run)
  bin=$work/$name
  rm -f "$bin"
  # A case may ask for other flags in a line "/* mcc-flags: ... */" (default -O1).
  flags=$(sed -n 's|^/\* mcc-flags: \(.*\) \*/$|\1|p' "$src" | head -n 1)
  # -k keeps the translation for a failure's reader, in the build tree (mcc writes it to
  # the current directory), not in the checkout
  root=$PWD
  (cd "$work" && "$mcc" --ompss ${flags:--O1} -k -I"$root/tests/ompss" "$root/$src" -o "$bin") ||
    { echo "build failed"; exit 1; }
  for w in 1 2 4; do
    echo "== --smp-workers=$w"
    NX_ARGS="--smp-workers=$w" timeout 120 "$bin" || { echo "failed with $w workers (124: timed out)"; exit 1; }
  done
  exit 0 ;;
diag)
  dir=$(dirname "$src")
  want=$(head -n 1 "$dir/$name.err")
  case "$want" in *": warning: "*) sev=warning; want_st=0 ;; *) sev=error; want_st=1 ;; esac
  (cd "$dir" && "$mcc" --ompss -y "$name.c" -o "$work/$name.mcc.c") > "$work/$name.log" 2>&1
  st=$?
  got=$(grep -m1 -E "^[^ :]+:[0-9]+:[0-9]+: $sev: " "$work/$name.log")
  cat "$work/$name.log"
  if [ "$st" != "$want_st" ]; then echo "exit status $st, expected $want_st"; exit 1; fi
  if [ "$sev" = warning ] && grep -q ": error: " "$work/$name.log"; then echo "an error was reported"; exit 1; fi
  if [ "$got" != "$want" ]; then printf 'got:      %s\nexpected: %s\n' "$got" "$want"; exit 1; fi
  exit 0 ;;
*) echo "usage: $0 run|diag CASE.c" >&2; exit 2 ;;
esac
