#!/usr/bin/env bash
# One-off probe (session 4): nanort with the in-place hand-over limited to an empty own queue
# (build/lib) against the previous library (build/libbase) and the OpenMP peers, side by side.
b=build/bench/ompss
one() { # cores workers variant app n tile
  local bin=$b/$4-$3 pre=()
  case $3 in mccbase) bin=$b/$4-mcc; pre=(env LD_LIBRARY_PATH=$PWD/build/libbase:$LD_LIBRARY_PATH) ;; esac
  NX_ARGS="--smp-workers=$2" OMP_NUM_THREADS=$2 "${pre[@]}" taskset -c "$1" $bin $5 $6 2>&1 | awk '/^time/{print $2}'; }
for r in 1 2 3 4 5 6 7; do
  for spec in "0-15 16 matmul 1024 128" "0-15 16 cholesky 2048 128" "2,3 2 matmul 1024 128" "2,3 2 matmul 1024 256" "2,3 2 cholesky 2048 128" "2,3 2 cholesky 2048 256"; do
    set -- $spec
    for v in mcc mccbase libgomp libomp; do echo "$2w $3-$5 $v $(one $1 $2 $v $3 $4 $5)"; done
  done
done
