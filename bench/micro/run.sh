#!/usr/bin/env bash
# Per-task cost of nanort against its peers (bench/README.md).
#
#   bench/micro/run.sh BINDIR [OUT.md]
#
# BINDIR holds one binary per runtime (nanort libgomp libomp starpu; a missing one is
# reported as "n/a").  For every round, pattern and body, the runtimes run one after
# the other (A B C D A B C D ...) so that machine noise hits them alike; the table
# gives the median per-task cost over the rounds and nanort's ratio to each peer
# (below 1: nanort is cheaper), then the same for the overhead: per-task cost minus the
# body's share, which each binary measures itself (micro.h: the same bodies run
# sequentially without a runtime just before, spread over the workers as the graph
# allows).  A negative overhead is noise and is printed as it is, its ratio as n/a.
# Environment: ROUNDS (5), NTASKS (102400, a multiple of 64), SPIN_US (5, the body of
# the "spin" rows), BENCH_NX_ARGS (--smp-workers=2).
# RUN_TIMEOUT (20 s): a run still going then is stopped and counts as ">" that many ns per
# task (a lower bound; libgomp's stencil and fan can take minutes on a loaded machine);
# its overhead is then ">" that bound minus the body's share the binary printed first.
# Every run also goes to OUT.tsv (OUT.md's name with .tsv) for bench/report.py.
set -u
bindir=$1; out=${2:-/dev/null}
rounds=${ROUNDS:-5}; ntasks=${NTASKS:-102400}; spin_us=${SPIN_US:-5}
run_timeout=${RUN_TIMEOUT:-20}
peers="nanort libgomp libomp starpu"
patterns="indep chain stencil fan"

export NX_ARGS=${BENCH_NX_ARGS:---smp-workers=2}
export OMP_NUM_THREADS=2
export STARPU_NCPU=2 STARPU_NOPENCL=0 STARPU_NCUDA=0 STARPU_SILENT=1

present=""
for p in $peers; do [ -x "$bindir/$p" ] && present="$present $p"; done
if [ -z "$present" ]; then echo "bench-micro: no binaries in $bindir" >&2; exit 1; fi
first=${present# }; first=${first%% *}
iters=$("$bindir/$first" --calibrate "$spin_us") || exit 1
if [ -x "$bindir/libomp" ] && ! ldd "$bindir/libomp" | grep -q 'libomp\.so'; then
  echo "bench-micro: warning: $bindir/libomp is not linked to libomp.so" >&2
fi

raw=$(mktemp); trap 'rm -f "$raw"' EXIT
load=$(cut -d' ' -f1-3 /proc/loadavg)
echo "bench-micro: $rounds rounds, $ntasks tasks, spin body $spin_us us = $iters iterations," \
     "runtimes:$present" >&2
for r in $(seq "$rounds"); do
  for pat in $patterns; do
    for body in empty spin; do
      n=0; [ $body = spin ] && n=$iters
      for p in $present; do
        res=$(timeout -k 5 "$run_timeout" "$bindir/$p" "$pat" "$n" "$ntasks" 2>/dev/null)
        st=$?
        # "body_ns_per_task B" comes before the run, "ns_per_task X overhead_ns O" after.
        b=$(awk '/^body_ns_per_task/ {print $2}' <<< "$res")
        v=$(awk '/^ns_per_task/ {print $2}' <<< "$res")
        o=$(awk '/^ns_per_task/ && $3 == "overhead_ns" {print $4}' <<< "$res")
        if [ "$st" = 124 ] || [ "$st" = 137 ]; then
          v=">$(awk -v t="$run_timeout" -v n="$ntasks" 'BEGIN {printf "%.1f", t * 1e9 / n}')"
          o=n/a
          [ -n "$b" ] && o=">$(awk -v v="${v#>}" -v b="$b" 'BEGIN {printf "%.1f", v - b}')"
        fi
        echo "$pat $body $p ${v:-fail} ${o:-fail}" >> "$raw"
      done
    done
  done
  echo "bench-micro: round $r/$rounds done" >&2
done

# Median of the numeric values of one (pattern, body, peer) in column $4 of $raw
# (4: ns per task, 5: overhead).
# A timed-out run (">BOUND") sorts as its bound; a median that falls on one prints ">BOUND".
median() {
  awk -v k="$1 $2 $3" -v c="$4" '$1" "$2" "$3 == k && $c != "fail" && $c != "n/a" {v = $c; sub(/^>/, "", v); print v, $c}' "$raw" |
    sort -g | awk '{v[NR] = $2} END {if (NR == 0) print "fail"; else if (NR % 2 || v[NR / 2 + 1] ~ /^>/) print v[int(NR / 2) + 1];
                           else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}
# nanort / peer; a bound on either side makes the ratio a bound ("<" or ">"); n/a when
# either is not positive (a negative overhead is noise: no ratio).
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN {
    pa = sub(/^>/, "", a); pb = sub(/^>/, "", b)
    if (a + 0 <= 0 || b + 0 <= 0 || (pa && pb)) { print "n/a"; exit }
    r = a / b; printf (r >= 0.01 ? "%s%.2f" : "%s%.1g"), pb ? "<" : (pa ? ">" : ""), r }'
}

{
  echo "Per-task cost in ns (wall time / tasks, median of $rounds alternating runs), 2 workers,"
  echo "$ntasks tasks per run; body \"spin\" = ${spin_us} us of calibrated spin."
  echo "Overhead (\"ovh\") = per-task cost minus the body's share, median of the runs: the body's"
  echo "share is the wall time a runtime costing nothing would take / tasks, from the same bodies"
  echo "run sequentially without a runtime in the same process just before (spread over the 2"
  echo "workers as the graph allows: chain is serial, a fan round is 1 + 31 + 1 body lengths;"
  echo "StarPU: over its 2 CPU workers, the submitting thread runs no body).  Empty bodies: the"
  echo "share is about 1 ns, overhead ~ cost.  A negative overhead is noise, printed as it is."
  echo "Ratios are nanort / peer: below 1.00 nanort is cheaper (n/a for a negative overhead)."
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo
  echo "| pattern | body | nanort | libgomp | libomp | StarPU | /libgomp | /libomp | /StarPU |" \
       "ovh nanort | ovh libgomp | ovh libomp | ovh StarPU | ovh /libgomp | ovh /libomp | ovh /StarPU |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  for pat in $patterns; do
    for body in empty spin; do
      declare -A m=() o=()
      for p in $peers; do
        case " $present " in
          *" $p "*) m[$p]=$(median "$pat" "$body" "$p" 4); o[$p]=$(median "$pat" "$body" "$p" 5) ;;
          *) m[$p]=n/a; o[$p]=n/a ;;
        esac
      done
      echo "| $pat | $body | ${m[nanort]} | ${m[libgomp]} | ${m[libomp]} | ${m[starpu]} |" \
           "$(ratio "${m[nanort]}" "${m[libgomp]}") | $(ratio "${m[nanort]}" "${m[libomp]}") |" \
           "$(ratio "${m[nanort]}" "${m[starpu]}") |" \
           "${o[nanort]} | ${o[libgomp]} | ${o[libomp]} | ${o[starpu]} |" \
           "$(ratio "${o[nanort]}" "${o[libgomp]}") | $(ratio "${o[nanort]}" "${o[libomp]}") |" \
           "$(ratio "${o[nanort]}" "${o[starpu]}") |"
    done
  done
} | tee "$out"

if [ "$out" != /dev/null ]; then
  {
    echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average at the start $load," \
         "$rounds rounds, $ntasks tasks per run, spin body $spin_us us, NX_ARGS=$NX_ARGS"
    printf 'pattern\tbody\tpeer\tns_per_task\toverhead_ns\n'
    tr ' ' '\t' < "$raw"
  } > "${out%.md}.tsv"
fi
