#!/usr/bin/env bash
# bench/sync/run.sh BINDIR OUT.md - tasks contending for one critical section, atomic or
# lock (README.md), mcc + nanort against gcc/libgomp and clang/libomp side by side.
#
# Builds sync.c with mcc (-O2), gcc -O2 -fopenmp and, when clang's libomp is installed,
# clang -O2 -fopenmp=libomp; runs every mode with the variants alternating within each
# round (mcc libgomp libomp mcc ...), WORKERS threads each, and writes the medians of
# ROUNDS rounds and mcc's ratio to each peer (below 1.00: mcc is faster) to OUT.md.
#
# Knobs: ROUNDS (9), WORKERS (2), TASKS (64), OPS (40000), MODES ("critical named atomic
# lock long"), MCC (build/bin/mcc), BASE_LIB (a directory holding another libnanort.so:
# one more column, "base", the same mcc binary run on that runtime; ratio mcc / base),
# PIN (a taskset core list).
set -u
bindir=$1 out=$2
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
ROUNDS=${ROUNDS:-9}
WORKERS=${WORKERS:-2}
MODES=${MODES:-critical named atomic lock long}
mkdir -p "$bindir"
"$MCC" -O2 bench/sync/sync.c -o "$bindir/sync-mcc" || exit 1
gcc -O2 -fopenmp bench/sync/sync.c -o "$bindir/sync-libgomp" || exit 1
variants="mcc libgomp"
if clang -O2 -fopenmp=libomp bench/sync/sync.c -o "$bindir/sync-libomp" 2>/dev/null; then
  variants="$variants libomp"
fi
[ -n "${BASE_LIB:-}" ] && variants="$variants base"
pin=()
[ -n "${PIN:-}" ] && pin=(taskset -c "$PIN")
run() {  # mode variant: seconds, or "fail"
  local o bin=$bindir/sync-$2 env=()
  [ "$2" = base ] && bin=$bindir/sync-mcc env=(LD_LIBRARY_PATH="$BASE_LIB")
  o=$(env "${env[@]}" NX_ARGS="--smp-workers=$WORKERS" OMP_NUM_THREADS=$WORKERS \
        "${pin[@]}" "$bin" "$1" "${TASKS:-64}" "${OPS:-40000}" 2>&1)
  echo "$o" | grep -q "result: OK" || { echo fail; return; }
  echo "$o" | sed -n 's/^time: \([0-9.]*\) s$/\1/p'
}
. "$(dirname "$0")/../lib.sh"     # median
declare -A times
for r in $(seq 1 "$ROUNDS"); do
  for m in $MODES; do
    for v in $variants; do
      times[$m/$v]="${times[$m/$v]:-} $(run "$m" "$v")"
    done
  done
done
{
  echo "# Contended synchronisation in tasks"
  echo
  echo "Median of $ROUNDS rounds (variants alternating within each round), seconds for"
  echo "${TASKS:-64} tasks x ${OPS:-40000} updates on $WORKERS threads; mcc's ratio to each (below 1.00: faster)."
  echo "$(uname -n), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%Y-%m-%d %H:%M UTC')."
  echo
  printf '| mode |'
  for v in $variants; do printf ' %s |' "$v"; done
  for v in $variants; do [ "$v" != mcc ] && printf ' mcc / %s |' "$v"; done
  echo
  printf '|---|'
  for v in $variants; do printf -- '---|'; [ "$v" != mcc ] && printf -- '---|'; done
  echo
  for m in $MODES; do
    printf '| %s |' "$m"
    declare -A med=()
    for v in $variants; do
      if echo "${times[$m/$v]}" | grep -q fail; then med[$v]=failed; printf ' failed |'; continue; fi
      med[$v]=$(echo "${times[$m/$v]}" | median)
      [ -n "${med[$v]}" ] || { med[$v]=failed; printf ' missing |'; continue; }
      printf ' %.4f |' "${med[$v]}"
    done
    for v in $variants; do
      [ "$v" = mcc ] && continue
      if [ "${med[mcc]}" = failed ] || [ "${med[$v]}" = failed ]; then printf ' n/a |'; continue; fi
      printf ' %.2f |' "$(echo "${med[mcc]} ${med[$v]}" | awk '{print $1 / $2}')"
    done
    echo
  done
} | tee "$out"
! grep -q "failed" "$out" && check_table "$out" "$(echo $MODES | wc -w)" 2
