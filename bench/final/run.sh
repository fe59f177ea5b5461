#!/usr/bin/env bash
# bench/final/run.sh BINDIR OUT.md - recursive programs with a final cut-off (README.md).
#
# Builds fib.c and nqueens.c as the sequential program (gcc -O2, pragmas ignored), with mcc
# (-O2) and with gcc -fopenmp (libgomp), then runs them side by side (seq mcc libgomp seq
# mcc libgomp ..., so that machine noise hits them alike) with 1 and WORKERS workers,
# takes the median of ROUNDS rounds and writes a markdown table to OUT.md (and stdout):
# seconds, and each variant's time over the sequential program's.
#
# Knobs: ROUNDS (7), WORKERS (2), FIB ("40 20": N CUTOFF), NQUEENS ("12 3"), MCC
# (build/bin/mcc), MCC_BASE (another mcc, e.g. a build without the serial path: one more
# column, "mcc (base)"), PIN (a taskset core list: every run pinned there).
set -u
bindir=$1 out=$2
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
ROUNDS=${ROUNDS:-7}
WORKERS=${WORKERS:-2}
declare -A ARGS=([fib]=${FIB:-40 20} [nqueens]=${NQUEENS:-12 3})
apps="fib nqueens"
lib=$(readlink -f "$BUILD")/lib
mkdir -p "$bindir"
variants="seq mcc libgomp"
[ -n "${MCC_BASE:-}" ] && variants="$variants base"
declare -A label=([seq]="sequential" [mcc]="mcc + nanort" [libgomp]="gcc/libgomp"
                  [base]="mcc (base)")
declare -A times

for app in $apps; do
  src=bench/final/$app.c
  gcc -O2 -Wno-unknown-pragmas -Imcc/include "$src" -o "$bindir/$app-seq" -L"$lib" -lnanort \
    -Wl,-rpath,"$lib" -lpthread -ldl -lm || exit 1
  "$MCC" -O2 "$src" -o "$bindir/$app-mcc" || exit 1
  gcc -O2 -fopenmp "$src" -o "$bindir/$app-libgomp" || exit 1
  if [ -n "${MCC_BASE:-}" ]; then "$MCC_BASE" -O2 "$src" -o "$bindir/$app-base" || exit 1; fi
done

pin=()
[ -n "${PIN:-}" ] && pin=(taskset -c "$PIN")
run() {  # app variant workers: seconds, or "fail"
  local o
  o=$(NX_ARGS="--smp-workers=$3" OMP_NUM_THREADS=$3 "${pin[@]}" "$bindir/$1-$2" ${ARGS[$1]} 2>&1)
  echo "$o" | grep -q "result: OK" || { echo fail; return; }
  echo "$o" | sed -n 's/^time: \([0-9.]*\) s$/\1/p'
}
. "$(dirname "$0")/../lib.sh"     # median

for r in $(seq 1 "$ROUNDS"); do
  for app in $apps; do
    for w in 1 "$WORKERS"; do
      for v in $variants; do
        [ "$v" = seq ] && [ "$w" != 1 ] && continue
        times[$app/$v/$w]="${times[$app/$v/$w]:-} $(run "$app" "$v" "$w")"
      done
    done
  done
done

{
  echo "# Recursive programs with a final cut-off"
  echo
  echo "Median of $ROUNDS rounds (variants alternating within each round), seconds; in"
  echo "parentheses the time over the sequential program's (below 1.00: faster)."
  echo "$(uname -n), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%Y-%m-%d %H:%M UTC')."
  echo
  printf '| program | workers |'
  for v in $variants; do printf ' %s |' "${label[$v]}"; done
  echo
  printf '|---|---|'
  for v in $variants; do printf -- '---|'; done
  echo
  for app in $apps; do
    seq=$(echo "${times[$app/seq/1]}" | median)
    for w in 1 "$WORKERS"; do
      printf '| %s %s | %s |' "$app" "${ARGS[$app]}" "$w"
      for v in $variants; do
        if [ "$v" = seq ]; then
          [ "$w" = 1 ] && printf ' %.4f |' "$seq" || printf ' |'
          continue
        fi
        if echo "${times[$app/$v/$w]}" | grep -q fail; then printf ' failed |'; continue; fi
        t=$(echo "${times[$app/$v/$w]}" | median)
        [ -n "$t" ] && [ -n "$seq" ] || { printf ' missing |'; continue; }
        printf ' %.4f (%.2f) |' "$t" "$(echo "$t $seq" | awk '{print $1 / $2}')"
      done
      echo
    done
  done
} | tee "$out"
! grep -q "failed" "$out" && check_table "$out" "$(( $(echo $apps | wc -w) * 2 ))" 3
