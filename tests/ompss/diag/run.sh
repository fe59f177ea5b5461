#!/usr/bin/env bash
# Golden diagnostic cases of the OmpSs lowering (README.md in this folder gives the rule).
#
#   tests/ompss/diag/run.sh CASE.c...                 mcc --ompss -y on each case
#   tests/ompss/diag/run.sh --lint LINT CASE.c...     only mcc's pragma parser (pragma_lint)
#
# mode mcc: an `error:` case must exit 1 and its first `file:line:col: error:` line must be
# the first line of CASE.err exactly; a `warning:` case must exit 0, report no error, and its
# first warning line must be that line.  Exit 0 when all pass, 1 otherwise, 77 without mcc.
# mode --lint: the cases whose diagnostic comes from the pragma parser must produce exactly
# their line; a case the parser accepts (the lowering reports it) is listed as "later".
set -u
lint=
if [ "${1:-}" = --lint ]; then lint=$(readlink -f "$2"); shift 2; fi
BUILD=${BUILD:-build}
dir=tests/ompss/diag
work=$(readlink -f "$BUILD")/tests/ompss/diag
mkdir -p "$work"
if [ -z "$lint" ]; then
  . tests/mcc/lib.sh
  mcc_require
  mcc=$(readlink -f "$MCC")
fi
failed=0
for c in "$@"; do
  name=$(basename "$c" .c)
  want=$(head -n 1 "$dir/$name.err")
  case "$want" in *": warning: "*) sev=warning ;; *) sev=error ;; esac
  log=$work/$name.log
  if [ -n "$lint" ]; then
    (cd "$dir" && gcc -E -fopenmp -D_OMPSS=1 "$name.c" -o "$work/$name.i" && "$lint" "$work/$name.i") \
      > "$log" 2>&1
    got=$(grep -m1 -E '^[^ :]+:[0-9]+:[0-9]+: (error|warning): ' "$log")
    if [ -z "$got" ]; then echo "later $name: left to the lowering"; continue; fi
    st=$([ "$sev" = error ] && echo 1 || echo 0)
  else
    (cd "$dir" && "$mcc" --ompss -y "$name.c" -o "$work/$name.mcc.c") > "$log" 2>&1
  fi
  st=${st:-$?}
  got=$(grep -m1 -E "^[^ :]+:[0-9]+:[0-9]+: $sev: " "$log")
  why=
  if [ "$sev" = error ] && [ "$st" != 1 ]; then why="exit status $st, expected 1"
  elif [ "$sev" = warning ] && [ "$st" != 0 ]; then why="exit status $st, expected 0 (only a warning)"
  elif [ "$sev" = warning ] && grep -qE '^[^ :]+:[0-9]+:[0-9]+: error: ' "$log"; then
    why="an error was reported"
  elif [ "$got" != "$want" ]; then why="got '${got:-nothing}', expected '$want'"
  fi
  unset st
  if [ -n "$why" ]; then
    echo "FAIL $name: $why"; sed 's/^/    | /' "$log" | head -n 8
    failed=1
  else
    echo "PASS $name: $got"
  fi
done
exit $failed
