#!/usr/bin/env bash
# The serial path of code under final (mcc/lower_final.c), run from the repository root:
#
#   run.sh semantics SRC   SRC (an OpenMP program) built by gcc -fopenmp, run with
#                          OMP_NUM_THREADS=2, prints the oracle; built by mcc -O2 and run
#                          under NX_ARGS --smp-workers=1, 2, 4 it must print the same
#   run.sh counts          under final no task reaches the runtime: --summary of
#                          serial_counts.c lists the final task alone, and samples/fib's
#                          tasks are created only above the cut-off (their number is that
#                          of the calls of fib(n) whose callers are not final)
# Exit 77 (skipped) when mcc has not been built.  Environment: BUILD, MCC.
set -u
mode=$1
. tests/mcc/lib.sh
mcc_require
mcc=$(readlink -f "$MCC")
dir=tests/mcc/final
work=$(readlink -f "$BUILD")/tests/mcc/final
mkdir -p "$work"

case $mode in
semantics)
  src=$2 name=$(basename "$2" .c)
  rm -f "$work/$name.omp" "$work/$name.mcc"
  gcc -std=gnu11 -O2 -fopenmp -Wall -Wextra "$src" -o "$work/$name.omp" || { echo "gcc -fopenmp failed"; exit 1; }
  OMP_NUM_THREADS=2 "$work/$name.omp" > "$work/$name.expected" || { echo "the oracle failed"; exit 1; }
  "$mcc" -O2 -Wall -Wextra "$src" -o "$work/$name.mcc" || { echo "mcc failed"; exit 1; }
  cat "$work/$name.expected"
  for w in 1 2 4; do
    NX_ARGS="--smp-workers=$w" timeout 60 "$work/$name.mcc" > "$work/$name.$w.out" ||
      { echo "failed with $w workers"; exit 1; }
    diff -u "$work/$name.expected" "$work/$name.$w.out" || { echo "($w workers)"; exit 1; }
  done ;;
counts)
  st=0
  "$mcc" -O2 $dir/serial_counts.c -o "$work/serial_counts" || { echo "mcc failed"; exit 1; }
  NX_ARGS="--smp-workers=2 --summary" "$work/serial_counts" > "$work/counts.out" 2> "$work/counts.summary" ||
    { echo "serial_counts failed"; cat "$work/counts.out"; exit 1; }
  cat "$work/counts.summary"
  rows=$(awk '/^  task label/ {on = 1; next} on && /^  [^ (]/ {print $1 " " $4} /^$/ {on = 0}' "$work/counts.summary")
  [ "$rows" = "outer 1" ] || { printf 'tasks in the summary:\n%s\nexpected only: outer 1\n' "$rows"; st=1; }
  # samples/fib 20 8: each of its two task types is created once per call of fib(n >= 2)
  # that is not under final: C(n) = 1 + (n > cut ? C(n-1) + C(n-2) : 0) for n >= 2
  "$mcc" -O2 samples/fib/fib.c -o "$work/fib" || { echo "mcc failed on fib.c"; exit 1; }
  NX_ARGS="--smp-workers=2 --summary" "$work/fib" 20 8 > "$work/fib.out" 2> "$work/fib.summary" ||
    { echo "fib failed"; exit 1; }
  cat "$work/fib.out" "$work/fib.summary"
  want=$(awk 'function c(n) { return n < 2 ? 0 : 1 + (n > 8 ? c(n - 1) + c(n - 2) : 0) }
              BEGIN { print c(20) }')
  got=$(awk '$1 ~ /^fib\.c:[0-9]+$/ {print $4}' "$work/fib.summary" | sort -u)
  [ "$got" = "$want" ] || { echo "fib: tasks created per type: $got, expected $want"; st=1; }
  exit $st ;;
*) echo "usage: $0 semantics SRC | counts" >&2; exit 2 ;;
esac
