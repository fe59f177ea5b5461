#!/usr/bin/env bash
# Golden tests for mcc's parser diagnostics (README.md in this folder gives the rule).
#
#   tests/mcc/diag/run.sh CASE.c...      (from the repository root)
#
# For each CASE.c: `mcc -y CASE.c` must exit with status 1, and its first
# `file:line:col: error: message` line must match the first line of CASE.err.
# Exit 0 when every case passes, 1 otherwise, 77 when mcc has not been built.
set -u
. tests/mcc/lib.sh
mcc_require
mcc=$(readlink -f "$MCC")
dir=tests/mcc/diag
work=$(readlink -f "$BUILD")/tests/mcc/diag
mkdir -p "$work"
failed=0
for c in "$@"; do
  name=$(basename "$c" .c)
  want=$(head -n 1 "$dir/$name.err")
  want_loc=${want%%: error: *}
  want_key=${want#*: error: }
  (cd "$dir" && "$mcc" -y "$name.c" -o "$work/$name.mcc.c") > "$work/$name.log" 2>&1; st=$?
  got=$(grep -m1 -E '^[^ :]+:[0-9]+:[0-9]+: error: ' "$work/$name.log")
  got_loc=${got%%: error: *}
  got_msg=${got#*: error: }
  why=
  if [ "$st" != 1 ]; then why="exit status $st, expected 1"
  elif [ -z "$got" ]; then why="no 'file:line:col: error:' line"
  elif [ "$got_loc" != "$want_loc" ]; then why="reported at $got_loc, expected $want_loc"
  elif ! printf '%s\n' "$got_msg" | grep -qiE -- "$want_key"; then
    why="message '$got_msg' does not match /$want_key/"
  fi
  if [ -n "$why" ]; then
    echo "FAIL $name: $why"; sed 's/^/    | /' "$work/$name.log" | head -n 8
    failed=1
  else
    echo "PASS $name: $got"
  fi
done
exit $failed
