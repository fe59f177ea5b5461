#!/usr/bin/env bash
# The ported-programs suite (README.md in this folder): every program is built three ways
# and must print the same output each way.
#
#   tests/ompss/ported/run.sh RESULTS SRC...
#
# For each SRC (tests/ompss/ported/NAME.c):
#   seq      plain gcc, pragmas ignored: the sequential program, whose output is the oracle
#            (it must exit 0)
#   openmp   gcc -fopenmp (only for a program whose first lines say "ported: openmp"),
#            run with OMP_NUM_THREADS=4: the same output (the OpenMP semantics agree)
#   mcc      mcc --ompss -O2, run under NX_ARGS="--smp-workers=W --schedule=S" for W in
#            1 2 4 and S in bf wf dbf: the same output each time
# A program may need something this machine or this build lacks: a line
# "ported-needs: omp-locks" skips it (exit 77) when mcc's omp.h has no omp_init_lock.
# In a program's first lines, "ported-werror" builds it with -Werror each way (mcc's
# translation must add no warning) and "ported-workers: W..." replaces PORTED_WORKERS;
# "ported-env: VAR=VALUE" runs the openmp and mcc builds once more each with VAR=VALUE in
# the environment (kinds openmp-env, wW-S-env): the same output (OMP_CANCELLATION=true).
# Environment: BUILD, MCC, HARNESS, PORTED_WORKERS, PORTED_SCHEDULES, HARNESS_TIMEOUT (60).
set -u
results=$1
shift
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
HARNESS=${HARNESS:-tests/harness.sh}
export HARNESS_TIMEOUT=${HARNESS_TIMEOUT:-60}
workers=${PORTED_WORKERS:-1 2 4}
schedules=${PORTED_SCHEDULES:-bf wf dbf}
out=$(readlink -f "$BUILD")/tests/ompss/ported
mkdir -p "$out"
WARN="-Wall -Wextra -Wno-unknown-pragmas -Wno-unused-parameter"

# A program's first three lines may say: "ported: openmp" (also built by gcc -fopenmp),
# "ported-werror", "ported-workers: 2 4", "ported-seq-libs: -lgomp", "ported-env: V=X".
# same NAME KIND BIN: BIN's output must equal NAME's sequential output.
same() {
  local name=$1 kind=$2 bin=$3
  "$HARNESS" run "$results" "ported/$name/$kind" -- \
    sh -c '"$1" > "$2.out" && diff -u "$3" "$2.out"' sh "$bin" "$bin.$kind" "$out/$name.expected"
}

for src in "$@"; do
  name=$(basename "$src" .c)
  needs=$(sed -n 's/.*ported-needs: \([a-z-]*\).*/\1/p' "$src" | head -n 1)
  if [ "$needs" = omp-locks ] && ! grep -q omp_init_lock "$BUILD/lib/mcc/include/omp.h" 2>/dev/null; then
    "$HARNESS" run "$results" "ported/$name" -- \
      sh -c 'echo "skipped: needs the omp lock API in mcc/include/omp.h and nanort"; exit 77'
    continue
  fi
  head=$(head -n 3 "$src")
  werror=
  case "$head" in *ported-werror*) werror=-Werror ;; esac
  ws=$(echo "$head" | sed -n 's/.*ported-workers: \([0-9 ]*[0-9]\).*/\1/p')
  # ported-seq-libs: the sequential program calls OpenMP routines: libgomp's (the pragmas
  # stay ignored)
  seqlibs=$(echo "$head" | sed -n 's/.*ported-seq-libs: \(-l[a-z]*\).*/\1/p')
  also=$(echo "$head" | sed -n 's/.*ported-env: \([A-Z_][A-Z0-9_]*=[^ ]*\).*/\1/p')
  seq=$out/$name.seq
  rm -f "$seq" "$out/$name.expected"
  "$HARNESS" run "$results" "ported/$name/build-seq" -- \
    gcc -std=gnu11 -O2 $WARN $werror "$src" -o "$seq" $seqlibs -lm
  "$HARNESS" run "$results" "ported/$name/seq" -- sh -c '"$1" > "$2"' sh "$seq" "$out/$name.expected"
  [ -s "$out/$name.expected" ] || continue
  if head -n 3 "$src" | grep -q 'ported: openmp'; then
    omp=$out/$name.omp
    rm -f "$omp"
    "$HARNESS" run "$results" "ported/$name/build-openmp" -- \
      gcc -std=gnu11 -O2 -fopenmp $WARN $werror "$src" -o "$omp" -lm
    [ -x "$omp" ] && OMP_NUM_THREADS=4 same "$name" openmp "$omp"
    [ -x "$omp" ] && [ -n "$also" ] && (export "$also"; OMP_NUM_THREADS=4 same "$name" openmp-env "$omp")
  fi
  bin=$out/$name.mcc
  rm -f "$bin"
  "$HARNESS" run "$results" "ported/$name/build-mcc" -- "$MCC" --ompss -O2 $WARN $werror "$src" -o "$bin" -lm
  [ -x "$bin" ] || continue
  for w in ${ws:-$workers}; do
    for s in $schedules; do
      NX_ARGS="--smp-workers=$w --schedule=$s" same "$name" "w$w-$s" "$bin"
      [ -n "$also" ] && (export "$also"; NX_ARGS="--smp-workers=$w --schedule=$s" same "$name" "w$w-$s-env" "$bin")
    done
  done
done
exit 0
