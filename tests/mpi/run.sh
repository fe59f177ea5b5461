#!/usr/bin/env bash
# Build and run the tests of tests/mpi through the harness (module.mk).
#
#   tests/mpi/run.sh detach RESULTS    detach programs: mcc under 1/2/4 workers, and the
#                                      same sources under gcc -fopenmp (libgomp) as oracle
#
# Environment: BUILD, MCC, HARNESS, HARNESS_TIMEOUT (60 here).
set -u
mode=$1 results=$2
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
HARNESS=${HARNESS:-tests/harness.sh}
export HARNESS_TIMEOUT=${HARNESS_TIMEOUT:-60}
out=$BUILD/tests/mpi
mkdir -p "$out"

run_detach() {
  for src in tests/mpi/detach_*.c; do
    local name; name=$(basename "$src" .c)
    "$HARNESS" run "$results" "mpi/detach/$name/build-mcc" -- \
      "$MCC" --ompss -O2 "$src" -o "$out/$name" -lpthread
    "$HARNESS" run "$results" "mpi/detach/$name/build-gomp" -- \
      gcc -std=gnu11 -O2 -Wall -fopenmp "$src" -o "$out/$name-gomp" -lpthread
    for w in 1 2 4; do
      [ -x "$out/$name" ] && NX_ARGS="--smp-workers=$w" \
        "$HARNESS" run "$results" "mpi/detach/$name/mcc-w$w" -- "$out/$name"
      [ -x "$out/$name-gomp" ] && OMP_NUM_THREADS=$w \
        "$HARNESS" run "$results" "mpi/detach/$name/gomp-w$w" -- "$out/$name-gomp"
    done
  done
}

case $mode in
  detach) run_detach ;;
  *) echo "usage: $0 detach RESULTS" >&2; exit 2 ;;
esac
