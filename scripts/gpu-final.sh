#!/usr/bin/env bash
# scripts/gpu-final.sh - bench/final on the 16-core GPU host (issue 22): fib and nqueens with
# a final cut-off, the sequential program against mcc + nanort and gcc/libgomp with 1 and 16
# workers, 5 rounds side by side (about a minute).  Needs build/ carried (mcc, libnanort); gcc there builds
# the variants.  Writes $OUT/final-w16.md (or ./out).
#   run (device tool): bash scripts/gpu-final.sh      carry: build
set -u
cd "$(dirname "$0")/.."
out=${OUT:-$PWD/out}
mkdir -p "$out"
nproc
ROUNDS=${ROUNDS:-5} WORKERS=${WORKERS:-16} FIB=${FIB:-"40 20"} NQUEENS=${NQUEENS:-"13 3"} \
  bench/final/run.sh build/bench/final-gpu "$out/final-w16.md"
