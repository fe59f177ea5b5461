#!/usr/bin/env bash
# Compile-time benchmark of mcc's front end (bench/mcc/README.md).
#
#   bench/mcc/run.sh [ROUNDS]       (from the repository root; default 11 rounds)
#
# On each input (libc_headers.c: most of glibc's headers; a generated 20k-line program; a
# generated 20k-line OmpSs program with ~6500 tasks, gen_program.py --tasks) it
# times, alternating within every round (A B C D E, A B C D E, ...):
#   A  mcc -y            preprocess + parse + rewrite (the driver, as users run it)
#   B  gcc -fsyntax-only
#   C  gcc -O0 -c
#   D  gcc -E with the driver's flags (the preprocessing inside A)
#   E  mcc_translate() alone on D's output, timed inside the process (translate_time)
# and reports medians (wall clock and CPU time) and ratios.  Goal (issue 3): mcc's own work (E) adds at most 25% on
# top of gcc -O0 -c, i.e. E / C <= 0.25, judged on CPU time (user + system), which a loaded
# machine disturbs far less than wall-clock time (both are reported).
# Results go to stdout and bench/results/mcc.md.
set -u
. tests/mcc/lib.sh
rounds=${1:-11}
timer=$BUILD/bench/mcc/translate_time
work=$BUILD/bench/mcc
mkdir -p "$work" bench/results
[ -x "$MCC" ] || { echo "bench-mcc: $MCC has not been built"; exit 1; }
[ -x "$timer" ] || { echo "bench-mcc: $timer has not been built"; exit 1; }
python3 bench/mcc/gen_program.py 20000 > "$work/gen20k.c"
python3 bench/mcc/gen_program.py 20000 --tasks > "$work/gen20k_tasks.c"

# measure CMD...: run CMD; print "WALL_MS CPU_MS" (CPU = user + system of CMD and its children)
measure() {
  local t
  t=$( { TIMEFORMAT='%3R %3U %3S'; time "$@" > /dev/null 2> "$work/last.err"; } 2>&1 ) ||
    { echo "bench-mcc: failed: $*" >&2; cat "$work/last.err" >&2; exit 1; }
  echo "$t" | awk '{printf "%.1f %.1f", $1 * 1000, ($2 + $3) * 1000}'
}
median() { grep . | sort -g | awk '{v[NR] = $1} END {printf "%.1f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

report=$work/mcc.md
{
  echo "# mcc compile time (bench/mcc/run.sh, $rounds rounds, medians in ms)"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)," \
       "$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(gcc --version | head -n 1)"
  echo
  echo "A = mcc -y, B = gcc -fsyntax-only, C = gcc -O0 -c, D = gcc -E as the driver runs it,"
  echo "E = mcc_translate() alone.  Goal: E / C <= 0.25.  CPU = user + system time."
  echo
  echo "| input | lines (preprocessed) | time | A mcc -y | B syntax-only | C -O0 -c | D gcc -E | E translate | A / B | A / C | (A - D) / C | E / C | goal |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
} > "$report"

verdict=0
for src in bench/mcc/libc_headers.c "$work/gen20k.c" "$work/gen20k_tasks.c"; do
  name=$(basename "$src" .c)
  : > "$work/$name.times"
  for ((r = 0; r < rounds; r++)); do
    {
      echo "A $(measure "$MCC" -y "$src" -o "$work/$name.mcc.c")"
      echo "B $(measure gcc -fsyntax-only "$src")"
      echo "C $(measure gcc -O0 -c "$src" -o "$work/$name.o")"
      echo "D $(measure mcc_preprocess "$src" "$work/$name.i")"
      echo "E $("$timer" "$work/$name.i" "$work/$name.t.mcc.c")"
    } >> "$work/$name.times"
  done
  lines=$(wc -l < "$work/$name.i")
  for col in 2 3; do                    # 2: wall clock, 3: CPU
    kind=wall; [ $col = 3 ] && kind=CPU
    for k in A B C D E; do
      eval "$k=\$(awk -v k=$k -v c=$col '\$1 == k {print \$c}' \"\$work/\$name.times\" | median)"
    done
    row=$(awk -v a="$A" -v b="$B" -v c="$C" -v d="$D" -v e="$E" 'BEGIN {
      g = (e / c <= 0.25) ? "met" : "NOT met";
      printf "%.2f | %.2f | %.2f | %.3f | %s", a / b, a / c, (a - d) / c, e / c, g }')
    echo "| $name | $lines | $kind | $A | $B | $C | $D | $E | $row |" >> "$report"
    case "$row" in *"NOT met"*) [ $kind = CPU ] && verdict=1 ;; esac
  done
done
cp "$report" bench/results/mcc.md
cat "$report"
[ $verdict = 0 ] || echo "bench-mcc: the 25% goal (CPU time) is not met on at least one input"
exit 0
