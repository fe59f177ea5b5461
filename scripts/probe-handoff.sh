#!/usr/bin/env bash
# One-off probe (session 4): the in-place hand-over rule, side by side with the OpenMP peers.
# The mcc binaries link libnanort.so; each variant runs them on its own copy of the library:
#   base  hand over always (session 3)     new  only while the own queue is empty
#   mid   while the own queue is empty or holds >= 16 tasks
b=build/bench/ompss
one() { # cores workers variant app n tile
  local bin=$b/$4-$3 pre=()
  case $3 in base|new|mid) bin=$b/$4-mcc; pre=(env LD_LIBRARY_PATH=$PWD/build/lib$3:$LD_LIBRARY_PATH) ;; esac
  NX_ARGS="--smp-workers=$2" OMP_NUM_THREADS=$2 "${pre[@]}" taskset -c "$1" $bin $5 $6 2>&1 | awk '/^time/{print $2}'; }
for r in $(seq ${ROUNDS:-9}); do
  for spec in "0-15 16 matmul 1024 128" "0-15 16 cholesky 2048 128" "2,3 2 matmul 1024 64" "2,3 2 matmul 1024 128" "2,3 2 cholesky 2048 64" "2,3 2 cholesky 2048 128"; do
    set -- $spec
    for v in base new mid libgomp libomp; do echo "$2w $3-$5 $v $(one $1 $2 $v $3 $4 $5)"; done
  done
done
