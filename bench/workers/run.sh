#!/usr/bin/env bash
# bench/workers/run.sh - many more workers than cores: a 20-task program (few_tasks.c)
# under nanort (built by mcc, --smp-workers=N) and libgomp (gcc -fopenmp,
# OMP_NUM_THREADS=N), side by side (A B A B ...), the median wall time of ROUNDS runs
# each and nanort's ratio.  BUILD (build), ROUNDS (5), WORKERS ("256 1024 4096").
set -u
BUILD=${BUILD:-build}
rounds=${ROUNDS:-5}
workers=${WORKERS:-256 1024 4096}
out=$BUILD/bench/workers
mkdir -p "$out"
"$BUILD/bin/mcc" --ompss -O2 -w bench/workers/few_tasks.c -o "$out/nanort" || exit 1
gcc -fopenmp -O2 bench/workers/few_tasks.c -o "$out/libgomp" || exit 1
secs() { local t0 t1; t0=$(date +%s.%N); "$@" > /dev/null 2>&1 || echo "FAILED: $*" >&2; t1=$(date +%s.%N); echo "$t1 - $t0" | bc; }
median() { sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
echo "# $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds"
printf "%-8s %12s %12s %8s\n" workers "nanort (s)" "libgomp (s)" ratio
for n in $workers; do
  a=""; b=""
  for r in $(seq "$rounds"); do
    a="$a $(NX_ARGS=--smp-workers=$n secs "$out/nanort")"
    b="$b $(OMP_NUM_THREADS=$n secs "$out/libgomp")"
  done
  ma=$(printf "%s\n" $a | median); mb=$(printf "%s\n" $b | median)
  printf "%-8s %12.3f %12.3f %8.2f\n" "$n" "$ma" "$mb" "$(echo "$ma / $mb" | bc -l)"
done
