#!/usr/bin/env bash
# How long mcc takes to answer a malformed pragma, against gcc (bench/mcc/README.md,
# "Diagnostics").  Inputs, generated: one pragma line with 4000 malformed clauses
# (`in(x y)` x 4000, a 32 KB line), and 2000 pragma lines with one malformed clause each.
# For each, alternating within every round (A B, A B, ...):
#   A  mcc --ompss -y          (preprocess, parse, check: the error is mcc's)
#   B  gcc -fopenmp -fsyntax-only
# and reports medians (wall clock and CPU time), the ratio A / B, and the bytes each wrote
# to stderr.  Results go to stdout and bench/results/mcc-diag.md.
#
#   bench/mcc/diag.sh [ROUNDS]       (from the repository root; default 11)
set -u
. tests/mcc/lib.sh
rounds=${1:-11}
work=$BUILD/bench/mcc-diag
mkdir -p "$work" bench/results
[ -x "$MCC" ] || { echo "bench-mcc-diag: $MCC has not been built"; exit 1; }
mcc=$(readlink -f "$MCC")

{
  echo "int main(void) {"
  echo "    int x = 0;"
  printf '#pragma omp task'; for ((i = 0; i < 4000; i++)); do printf ' in(x y)'; done; echo
  echo "    x++;"
  echo "    return x;"
  echo "}"
} > "$work/one_line.c"
{
  echo "int main(void) {"
  echo "    int x = 0;"
  for ((i = 0; i < 2000; i++)); do echo "#pragma omp task in(x y)"; echo "    x++;"; done
  echo "    return x;"
  echo "}"
} > "$work/many_lines.c"

# measure OUT CMD...: run CMD (its stderr to OUT); print "WALL_MS CPU_MS" (CPU = user +
# system of CMD and its children).  The compilers fail on purpose.
measure() {
  local out=$1 t; shift
  t=$( { TIMEFORMAT='%3R %3U %3S'; time "$@" > /dev/null 2> "$out"; } 2>&1 )
  echo "$t" | awk '{printf "%.1f %.1f", $1 * 1000, ($2 + $3) * 1000}'
}
median() { grep . | sort -g | awk '{v[NR] = $1} END {printf "%.1f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

report=$work/mcc-diag.md
{
  echo "# mcc diagnostics time (bench/mcc/diag.sh, $rounds rounds, medians in ms)"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)," \
       "$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(gcc --version | head -n 1)"
  echo
  echo "A = mcc --ompss -y, B = gcc -fopenmp -fsyntax-only.  CPU = user + system time."
  echo
  echo "| input | time | A mcc | B gcc | A / B | A stderr bytes | B stderr bytes | A errors | B errors |"
  echo "|---|---|---|---|---|---|---|---|---|"
} > "$report"
for name in one_line many_lines; do
  src=$work/$name.c
  : > "$work/$name.times"
  for ((r = 0; r < rounds; r++)); do
    echo "A $(measure "$work/$name.A.err" "$mcc" --ompss -y "$src" -o "$work/$name.mcc.c")" >> "$work/$name.times"
    echo "B $(measure "$work/$name.B.err" gcc -fopenmp -fsyntax-only "$src")" >> "$work/$name.times"
  done
  for col in 2 3; do
    kind=wall; [ $col = 3 ] && kind=CPU
    A=$(awk -v c=$col '$1 == "A" {print $c}' "$work/$name.times" | median)
    B=$(awk -v c=$col '$1 == "B" {print $c}' "$work/$name.times" | median)
    echo "| $name | $kind | $A | $B | $(awk -v a="$A" -v b="$B" 'BEGIN {printf "%.2f", (b > 0) ? a / b : 0}') |" \
         "$(wc -c < "$work/$name.A.err") | $(wc -c < "$work/$name.B.err") |" \
         "$(grep -c ': error: ' "$work/$name.A.err") | $(grep -c ': error: ' "$work/$name.B.err") |" >> "$report"
  done
done
cp "$report" bench/results/mcc-diag.md
cat "$report"
