#!/usr/bin/env bash
# Compile-time benchmark of mcc's front end (bench/mcc/README.md).
#
#   bench/mcc/run.sh [ROUNDS]       (from the repository root; default 11 rounds)
#
# On each input (libc_headers.c: most of glibc's headers; a generated 20k-line program) it
# times, alternating within every round (A B C D E, A B C D E, ...):
#   A  mcc -y            preprocess + parse + rewrite (the driver, as users run it)
#   B  gcc -fsyntax-only
#   C  gcc -O0 -c
#   D  gcc -E with the driver's flags (the preprocessing inside A)
#   E  mcc_translate() alone on D's output, timed inside the process (translate_time)
# and reports medians and ratios.  Goal (issue 3): mcc's own work (E) adds at most 25% on
# top of gcc -O0 -c, i.e. E / C <= 0.25.  Results go to stdout and bench/results/mcc.md.
set -u
. tests/mcc/lib.sh
rounds=${1:-11}
timer=$BUILD/bench/mcc/translate_time
work=$BUILD/bench/mcc
mkdir -p "$work" bench/results
[ -x "$MCC" ] || { echo "bench-mcc: $MCC has not been built"; exit 1; }
[ -x "$timer" ] || { echo "bench-mcc: $timer has not been built"; exit 1; }
python3 bench/mcc/gen_program.py 20000 > "$work/gen20k.c"

now_ms() { date +%s%N; }
# time_ms CMD...: run CMD, print its wall time in milliseconds (fails the bench if CMD fails)
time_ms() {
  local t0 t1
  t0=$(now_ms)
  "$@" > /dev/null 2> "$work/last.err" || { echo "bench-mcc: failed: $*" >&2; cat "$work/last.err" >&2; exit 1; }
  t1=$(now_ms)
  awk -v ns=$((t1 - t0)) 'BEGIN {printf "%.3f", ns / 1e6}' 
}
median() { tr ' ' '\n' | grep . | sort -g | awk '{v[NR] = $1} END {printf "%.1f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

report=$work/mcc.md
{
  echo "# mcc compile time (bench/mcc/run.sh, $rounds rounds, medians in ms)"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(gcc --version | head -n 1)"
  echo
  echo "| input | lines (preprocessed) | mcc -y | gcc -fsyntax-only | gcc -O0 -c | gcc -E | translate alone | mcc -y / syntax-only | mcc -y / -O0 -c | (mcc -y - gcc -E) / -O0 -c | translate / -O0 -c | goal <= 0.25 |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
} > "$report"

verdict=0
for src in bench/mcc/libc_headers.c "$work/gen20k.c"; do
  name=$(basename "$src" .c)
  A=; B=; C=; D=; E=
  for ((r = 0; r < rounds; r++)); do
    A="$A $(time_ms "$MCC" -y "$src" -o "$work/$name.mcc.c")"
    B="$B $(time_ms gcc -fsyntax-only "$src")"
    C="$C $(time_ms gcc -O0 -c "$src" -o "$work/$name.o")"
    D="$D $(time_ms mcc_preprocess "$src" "$work/$name.i")"
    E="$E $(awk '{printf "%.3f", $1 * 1000}' < <("$timer" "$work/$name.i" "$work/$name.t.mcc.c"))"
  done
  a=$(echo "$A" | median)
  b=$(echo "$B" | median)
  c=$(echo "$C" | median)
  d=$(echo "$D" | median)
  e=$(echo "$E" | median)
  lines=$(wc -l < "$work/$name.i")
  row=$(awk -v a="$a" -v b="$b" -v c="$c" -v d="$d" -v e="$e" 'BEGIN {
    g = (e / c <= 0.25) ? "met" : "NOT met";
    printf "%.2f | %.2f | %.2f | %.2f | %s", a / b, a / c, (a - d) / c, e / c, g }')
  echo "| $name | $lines | $a | $b | $c | $d | $e | $row |" >> "$report"
  case "$row" in *"NOT met"*) verdict=1 ;; esac
done
cp "$report" bench/results/mcc.md
cat "$report"
[ $verdict = 0 ] || echo "bench-mcc: the 25% goal is not met on at least one input"
exit 0
