#!/usr/bin/env bash
# Per-task cost of taskgraph replays against ordinary task creation (bench/README.md,
# "taskgraph"): bench/micro's four graphs built by nanort.c (every task created, its
# dependences analysed) and by nanort_tg.c (the same tasks recorded once per graph of
# TG_UNITS units and replayed), side by side.
#
#   bench/micro/taskgraph.sh BINDIR [OUT.md]
#
# For every round, pattern and body the two binaries run one after the other (A B A B ...);
# the table gives the median per-task cost and overhead (cost minus the body's share,
# micro.h) of each and replay / creation (below 1: the replay is cheaper).
# Environment: ROUNDS (7), NTASKS (102400), SPIN_US (5), BENCH_NX_ARGS (--smp-workers=2),
# TG_UNITS (the graph size per pattern: nanort_tg.c's defaults, about 512 tasks), BODIES
# ("empty spin").
set -u
bindir=$1; out=${2:-/dev/null}
rounds=${ROUNDS:-7}; ntasks=${NTASKS:-102400}; spin_us=${SPIN_US:-5}; bodies=${BODIES:-empty spin}
export NX_ARGS=${BENCH_NX_ARGS:---smp-workers=2}
for b in nanort nanort-taskgraph; do
  [ -x "$bindir/$b" ] || { echo "bench-taskgraph: $bindir/$b is missing" >&2; exit 1; }
done
iters=$("$bindir/nanort" --calibrate "$spin_us") || exit 1
raw=$(mktemp); trap 'rm -f "$raw"' EXIT
load=$(cut -d' ' -f1-3 /proc/loadavg)
echo "bench-taskgraph: $rounds rounds, $ntasks tasks, $NX_ARGS, spin $spin_us us = $iters iterations" >&2
for r in $(seq "$rounds"); do
  for pat in indep chain stencil fan; do
    for body in $bodies; do
      n=0; [ $body = spin ] && n=$iters
      for b in nanort nanort-taskgraph; do
        res=$(timeout -k 5 60 "$bindir/$b" "$pat" "$n" "$ntasks" 2>/dev/null)
        v=$(awk '/^ns_per_task/ {print $2}' <<< "$res")
        o=$(awk '/^ns_per_task/ {print $4}' <<< "$res")
        echo "$pat $body $b ${v:-fail} ${o:-fail}" >> "$raw"
      done
    done
  done
  echo "bench-taskgraph: round $r/$rounds done" >&2
done

median() {  # median PATTERN BODY BINARY COLUMN
  awk -v k="$1 $2 $3" -v c="$4" '$1" "$2" "$3 == k && $c != "fail" {print $c}' "$raw" | sort -g |
    awk '{v[NR] = $1} END {if (NR == 0) print "fail"; else if (NR % 2) print v[(NR + 1) / 2];
                           else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN {if (a + 0 <= 0 || b + 0 <= 0) print "n/a"; else printf "%.2f\n", a / b}'
}
{
  echo "Per-task cost (ns), taskgraph replays against ordinary creation: $rounds alternating rounds,"
  echo "$ntasks tasks, \`$NX_ARGS\`, spin body $spin_us us; $(date -u '+%Y-%m-%d %H:%M UTC'),"
  echo "load average at start $load, $(nproc) cores ($(uname -n))."
  echo
  echo "| pattern | body | created | replayed | replayed / created | ovh created | ovh replayed | ovh replayed / created |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|"
  for pat in indep chain stencil fan; do
    for body in $bodies; do
      c=$(median $pat $body nanort 4); t=$(median $pat $body nanort-taskgraph 4)
      oc=$(median $pat $body nanort 5); ot=$(median $pat $body nanort-taskgraph 5)
      echo "| $pat | $body | $c | $t | $(ratio "$t" "$c") | $oc | $ot | $(ratio "$ot" "$oc") |"
    done
  done
} | tee "$out"
