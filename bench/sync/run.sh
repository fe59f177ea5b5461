#!/usr/bin/env bash
# bench/sync/run.sh BINDIR OUT.md - tasks contending for one critical section, atomic or
# lock (README.md), mcc + nanort against gcc/libgomp and clang/libomp side by side; then
# the same calls alone on one thread (calls.c), into OUT-calls.md.
#
# Builds sync.c and calls.c with mcc (-O2), gcc -O2 -fopenmp and, when clang's libomp is
# installed, clang -O2 -fopenmp=libomp; runs every mode with the variants alternating
# within each round (mcc libgomp libomp mcc ...), WORKERS threads each, and writes the
# medians of ROUNDS rounds and mcc's ratio to each peer (below 1.00: mcc is faster) to
# OUT.md; calls.c's nanoseconds per pair, the same way, to OUT-calls.md.
#
# Knobs: ROUNDS (9), WORKERS (2), TASKS (64), OPS (40000), MODES ("critical named atomic
# lock nest long"), CALL_MODES ("lock nest test critical named"; empty: no calls table),
# CALLS (10000000 pairs), TEAM_MODES ("barrier regions kmeans"), TEAM_ROUNDS, KMEANS_STEPS
# (20), MCC (build/bin/mcc), BASE_LIB (a directory holding another
# libnanort.so: one more column, "base", the same mcc binary run on that runtime; ratio
# mcc / base), PIN (a taskset core list).
set -u
bindir=$1 out=$2
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
ROUNDS=${ROUNDS:-9}
WORKERS=${WORKERS:-2}
MODES=${MODES:-critical named atomic lock nest long}
CALL_MODES=${CALL_MODES-lock nest test critical named}
TEAM_MODES=${TEAM_MODES-barrier regions kmeans}
mkdir -p "$bindir"
libomp=libomp
for p in sync calls teams; do
  "$MCC" -O2 bench/sync/$p.c -o "$bindir/$p-mcc" || exit 1
  gcc -O2 -fopenmp bench/sync/$p.c -o "$bindir/$p-libgomp" || exit 1
  clang -O2 -fopenmp=libomp bench/sync/$p.c -o "$bindir/$p-libomp" 2>/dev/null || libomp=
done
variants="mcc libgomp${libomp:+ libomp}"
[ -n "${BASE_LIB:-}" ] && variants="$variants base"
pin=()
[ -n "${PIN:-}" ] && pin=(taskset -c "$PIN")
run() {  # program mode variant: seconds (sync) or nanoseconds (calls), or "fail"
  local o bin=$bindir/$1-$3 env=()
  [ "$3" = base ] && bin=$bindir/$1-mcc env=(LD_LIBRARY_PATH="$BASE_LIB")
  if [ "$1" = teams ]; then
    local rounds=${TEAM_ROUNDS:-}
    [ "$2" = kmeans ] && rounds=${KMEANS_STEPS:-}
    o=$(env "${env[@]}" NX_ARGS="--smp-workers=$WORKERS" OMP_NUM_THREADS=$WORKERS \
          "${pin[@]}" "$bin" "$2" ${rounds:+"$rounds"} 2>&1)
  elif [ "$1" = sync ]; then
    o=$(env "${env[@]}" NX_ARGS="--smp-workers=$WORKERS" OMP_NUM_THREADS=$WORKERS \
          "${pin[@]}" "$bin" "$2" "${TASKS:-64}" "${OPS:-40000}" 2>&1)
  else
    o=$(env "${env[@]}" NX_ARGS="--smp-workers=1" OMP_NUM_THREADS=1 \
          "${pin[@]}" "$bin" "$2" "${CALLS:-10000000}" 2>&1)
  fi
  echo "$o" | grep -q "result: OK" || { echo fail; return; }
  echo "$o" | sed -n 's/^\(time\|ns\): \([0-9.]*\)\( s\)*$/\2/p'
}
. "$(dirname "$0")/../lib.sh"     # median
declare -A times
for r in $(seq 1 "$ROUNDS"); do
  for m in $MODES; do
    for v in $variants; do
      times[sync/$m/$v]="${times[sync/$m/$v]:-} $(run sync "$m" "$v")"
    done
  done
  for m in $CALL_MODES; do
    for v in $variants; do
      times[calls/$m/$v]="${times[calls/$m/$v]:-} $(run calls "$m" "$v")"
    done
  done
  for m in $TEAM_MODES; do
    for v in $variants; do
      times[teams/$m/$v]="${times[teams/$m/$v]:-} $(run teams "$m" "$v")"
    done
  done
done
table() {  # program modes: the markdown rows, medians and ratios
  local p=$1 m v
  printf '| mode |'
  for v in $variants; do printf ' %s |' "$v"; done
  for v in $variants; do [ "$v" != mcc ] && printf ' mcc / %s |' "$v"; done
  echo
  printf '|---|'
  for v in $variants; do printf -- '---|'; [ "$v" != mcc ] && printf -- '---|'; done
  echo
  for m in $2; do
    printf '| %s |' "$m"
    declare -A med=()
    for v in $variants; do
      if echo "${times[$p/$m/$v]}" | grep -q fail; then med[$v]=failed; printf ' failed |'; continue; fi
      med[$v]=$(echo "${times[$p/$m/$v]}" | median)
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
}
where="$(uname -n), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%Y-%m-%d %H:%M UTC')."
{
  echo "# Contended synchronisation in tasks"
  echo
  echo "Median of $ROUNDS rounds (variants alternating within each round), seconds for"
  echo "${TASKS:-64} tasks x ${OPS:-40000} updates on $WORKERS threads; mcc's ratio to each (below 1.00: faster)."
  echo "$where"
  echo
  table sync "$MODES"
} | tee "$out"
! grep -q "failed" "$out" && check_table "$out" "$(echo $MODES | wc -w)" 2 || exit 1
if [ -n "$TEAM_MODES" ]; then
  teams_out=${out%.md}-teams.md
  {
    echo "# SPMD regions whose threads wait at barriers"
    echo
    echo "Median of $ROUNDS rounds, seconds (teams.c: \`barrier\` one region of 2 threads passing"
    echo "${TEAM_ROUNDS:-20000} barriers, \`regions\` ${TEAM_ROUNDS:-2000} regions of 2 threads with one barrier each,"
    echo "\`kmeans\` ${KMEANS_STEPS:-20} steps of Rodinia's kmeans on WORKERS ($WORKERS) threads: a \`for\` adding to"
    echo "per-thread partial sums indexed by the thread's number);"
    echo "mcc's ratio to each (below 1.00: faster).  mcc runs such a body on a team of threads"
    echo "(nanort_team_run: a thread of its own per other member, kept in a pool between regions)."
    echo "$where"
    echo
    table teams "$TEAM_MODES"
  } | tee "$teams_out"
  ! grep -q "failed" "$teams_out" && check_table "$teams_out" "$(echo $TEAM_MODES | wc -w)" 2 || exit 1
fi
[ -n "$CALL_MODES" ] || exit 0
calls_out=${out%.md}-calls.md
{
  echo "# The calls alone"
  echo
  echo "Median of $ROUNDS rounds, nanoseconds per pair (take and release) on one thread, no task"
  echo "(calls.c, ${CALLS:-10000000} pairs); mcc's ratio to each (below 1.00: faster)."
  echo "$where"
  echo
  table calls "$CALL_MODES"
} | tee "$calls_out"
! grep -q "failed" "$calls_out" && check_table "$calls_out" "$(echo $CALL_MODES | wc -w)" 2
