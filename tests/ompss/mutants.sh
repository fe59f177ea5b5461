#!/usr/bin/env bash
# Mutation check of the OmpSs test programs (a manual tool, not part of make check: it is
# timing-dependent).  Builds every mutant of mutants.txt with mcc, runs each RUNS times under
# each of WORKERS, and prints how often the program noticed; also runs the unmutated
# programs as the control (they must never fail).
#
#   tests/ompss/mutants.sh build          build into $BUILD/tests/ompss/mutants/
#   tests/ompss/mutants.sh run            run what was built (RUNS=10, WORKERS="2 4")
set -u
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
dir=$BUILD/tests/ompss/mutants
list=tests/ompss/mutants.txt
case ${1:-} in
build)
  mkdir -p "$dir"
  rm -f "$dir"/*
  n=0
  grep -v '^#' "$list" | while IFS='|' read -r prog from to; do
    n=$((n + 1))
    src=$dir/m$n-$prog.c
    FROM=$from TO=$to python3 -c '
import os, sys
s = open(sys.argv[1]).read()
f, t = os.environ["FROM"], os.environ["TO"]
if f not in s:
    sys.exit("mutation text not found: " + f)
open(sys.argv[2], "w").write(s.replace(f, t, 1))' "tests/ompss/$prog.c" "$src" || continue
    cp tests/ompss/ompss_check.h "$dir/"
    printf '%s\n' "$prog: '$from' -> '$to'" > "$dir/m$n-$prog.what"
    "$MCC" --ompss -O2 "$src" -o "$dir/m$n-$prog" -lm || echo "mutant m$n-$prog did not compile"
    [ -x "$dir/control-$prog" ] || "$MCC" --ompss -O2 "tests/ompss/$prog.c" -o "$dir/control-$prog" -lm
  done ;;
run)
  runs=${RUNS:-10}
  for bin in "$dir"/control-* "$dir"/m*; do
    [ -x "$bin" ] && [ -f "$bin" ] || continue
    case $bin in *.c|*.what|*.h) continue ;; esac
    line="$(basename "$bin"):"
    for w in ${WORKERS:-2 4}; do
      bad=0
      for _ in $(seq "$runs"); do
        NX_ARGS=--smp-workers=$w timeout 60 "$bin" > /dev/null 2>&1 || bad=$((bad + 1))
      done
      line="$line w$w failed $bad/$runs"
    done
    [ -f "$bin.what" ] && line="$line  ($(cat "$bin.what"))"
    echo "$line"
  done ;;
*) echo "usage: $0 build|run" >&2; exit 2 ;;
esac
